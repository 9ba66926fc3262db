package subject

import (
	"strings"
	"testing"

	"github.com/destgen/destgen/runtime"
)

// TestOverlapAtNameLimit: two patterns, each within the limits, whose
// shortest common name is MaxNameBytes-1, MaxNameBytes and MaxNameBytes+1
// bytes long (a literal of MaxElementBytes from one, the rest from the
// other, '*' or '>' between). Only a name within MaxNameBytes is a
// witness: at MaxNameBytes+1 no valid name matches both.
func TestOverlapAtNameLimit(t *testing.T) {
	x := strings.Repeat("x", runtime.MaxElementBytes)
	for size := runtime.MaxNameBytes - 1; size <= runtime.MaxNameBytes+1; size++ {
		y := strings.Repeat("y", size-len(x)-1)
		for _, pair := range [][2]string{{x + ".*", "*." + y}, {x + ".>", "*." + y}, {x + ".*", ">"}} {
			a, b := mustParse(t, pair[0]), mustParse(t, pair[1])
			want := x + "." + y
			if pair[1] == ">" {
				want = x + "." + Filler
			}
			for _, pq := range [][2]Pattern{{a, b}, {b, a}} {
				w, ok := Overlap(pq[0], pq[1])
				if fits := len(want) <= runtime.MaxNameBytes; ok != fits || ok && w != want {
					t.Errorf("Overlap(%.12q... (%d bytes), %.12q... (%d bytes)) = %d bytes, %v; want %d bytes, %v",
						pq[0].Text, len(pq[0].Text), pq[1].Text, len(pq[1].Text), len(w), ok, len(want), fits)
				}
			}
		}
	}
}
