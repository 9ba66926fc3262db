package runtime_test

import (
	"fmt"
	"testing"

	"github.com/destgen/destgen/runtime"
)

// TestDecodePlanWidths: a narrowed column's width byte must be 1, 2 or 4,
// and its elements at that width must be there.
func TestDecodePlanWidths(t *testing.T) {
	b := richPlan(t)
	l := layoutOf(t, b)
	for _, name := range []string{"PropIndex", "DestStore", "DestCluster"} {
		at := l.data[name]
		if b[at] != 1 {
			t.Fatalf("%s: width %d, want 1 (rich.json's numbers are small)", name, b[at])
		}
		for _, w := range []byte{0, 3, 8, 255} {
			m := append([]byte(nil), b...)
			m[at] = w
			checkErr(t, fmt.Sprintf("%s width %d", name, w), seal(m), fmt.Sprintf("plan: offset %d: section %s: width %d is not 1, 2 or 4", at, name, w))
		}
		m := append([]byte(nil), b...)
		m[at] = 4 // four times the bytes: past the section, into the next
		if _, err := runtime.DecodePlan(seal(m)); err == nil {
			t.Errorf("%s at width 4: decoded", name)
		}
	}
}
