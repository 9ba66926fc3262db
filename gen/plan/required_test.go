package plan

import (
	"fmt"
	"testing"

	"github.com/destgen/destgen/gen/javaregex"
)

func TestRequiredLiterals(t *testing.T) {
	for _, tc := range []struct {
		java string
		want string
	}{
		{`[a-z]+\.v[0-9]+\..*`, `[".v"]`},
		{`abc[0-9]+def`, `["abc" "def"]`},
		{`(?i)abc[0-9]`, `[]`},
		{`a|bc`, `[]`},
		{`x[0-9]y`, `[]`},
		{`\x{FFFD}ab[0-9]`, `[]`},
		{`(ab)+`, `[]`},
		{`(abc)[0-9]`, `["abc"]`},
	} {
		re, err := javaregex.Translate(tc.java)
		if err != nil {
			t.Fatal(err)
		}
		if got := fmt.Sprintf("%q", requiredLiterals(re)); got != tc.want && !(got == "[]" && tc.want == "[]") {
			t.Errorf("requiredLiterals(%s) = %s, want %s", tc.java, got, tc.want)
		}
	}
}
