package plan

import (
	"fmt"
	"testing"

	"github.com/destgen/destgen/gen/javaregex"
)

// TestGeneralKeys pins what analyzeGeneral finds in translated patterns
// and which key the index gets.
func TestGeneralKeys(t *testing.T) {
	for _, tc := range []struct {
		java string
		want string // prefix suffix fold required -> anchor key
	}{
		{`[a-z]+\.v[0-9]+\.rob\..*`, `"" "" "" [".v" ".rob."] -> infix ".rob."`},
		{`abc[0-9]+def`, `"abc" "def" "abc" ["abc" "def"] -> suffix "def"`},
		{`rob\.[0-9]+\.durable`, `"rob." ".durable" "rob." ["rob." ".durable"] -> suffix ".durable"`},
		{`rob\.durable\.q[0-9]{2,4}`, `"rob.durable.q" "" "rob.durable.q" ["rob.durable.q"] -> prefix "rob.durable.q"`},
		{`(?i)rob\.durable\.[a-z0-9]+`, `"" "" "rob.durable." [] -> fold "rob.durable."`},
		{`(?i)ab[0-9]`, `"" "" "ab" [] -> fold "ab"`},
		// k folds to the Kelvin sign in Go; Java's (?i) does not, and the
		// translation's [Kk] class keeps it out.
		{`(?i)kask[0-9]`, `"" "" "kask" [] -> fold "kask"`},
		{`(?iu)kas[0-9]`, `"" "" "" [] -> none ""`},
		{`Ab(?i)cd[0-9]`, `"Ab" "" "abcd" ["Ab"] -> fold "abcd"`},
		{`a|bc[0-9]`, `"" "" "" [] -> none ""`},
		{`x[0-9]y`, `"x" "y" "x" [] -> suffix "y"`},
		{`\x{FFFD}ab[0-9]`, `"" "" "" [] -> none ""`},
		{`ab\x{FFFD}cd[0-9]+ef\x{FFFD}gh`, `"ab" "gh" "ab" [] -> suffix "gh"`},
		{`(ab)+`, `"ab" "" "" [] -> prefix "ab"`},
		{`(abc)[0-9]`, `"abc" "" "abc" ["abc"] -> prefix "abc"`},
		{`[0-9]abc[0-9]`, `"" "" "" ["abc"] -> none ""`},
		{`[0-9]abcd[0-9]`, `"" "" "" ["abcd"] -> infix "abcd"`},
	} {
		re, err := javaregex.Translate(tc.java)
		if err != nil {
			t.Fatal(err)
		}
		g := analyzeGeneral(re)
		a, k := g.key()
		req := fmt.Sprintf("%q", g.required)
		if g.required == nil {
			req = "[]"
		}
		got := fmt.Sprintf("%q %q %q %s -> %v %q", g.prefix, g.suffix, g.fold, req, a, k)
		if got != tc.want {
			t.Errorf("%s:\n got %s\nwant %s", tc.java, got, tc.want)
		}
	}
}
