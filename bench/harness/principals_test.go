package harness

import (
	"slices"
	"testing"
	"unsafe"

	"github.com/destgen/destgen/runtime"
)

// TestPrincipalsShareOneArray: each caller gets its principals in order,
// capped at its own length, and every caller's slice follows the one
// before in a single array, for gen and live alike (LivePrincipals).
func TestPrincipalsShareOneArray(t *testing.T) {
	callers := [][]string{{"a", "b"}, {}, {"c"}, {"a", "c", "b"}}
	var asked []string
	lookup := func(name string) runtime.Principal {
		asked = append(asked, name)
		return runtime.Principal{}
	}
	out := principals(callers, lookup)
	if want := slices.Concat(callers...); !slices.Equal(asked, want) {
		t.Errorf("looked up %q, want %q (callers in order)", asked, want)
	}
	if len(out) != len(callers) {
		t.Fatalf("%d callers out, want %d", len(out), len(callers))
	}
	var prevEnd uintptr
	for i, c := range callers {
		if len(out[i]) != len(c) || cap(out[i]) != len(c) {
			t.Errorf("caller %d: len %d cap %d, want %d", i, len(out[i]), cap(out[i]), len(c))
		}
		if len(c) == 0 {
			continue
		}
		start := uintptr(unsafe.Pointer(unsafe.SliceData(out[i])))
		if prevEnd != 0 && start != prevEnd {
			t.Errorf("caller %d's principals start at %#x, not right after the previous caller's (%#x)", i, start, prevEnd)
		}
		prevEnd = start + uintptr(len(c))*unsafe.Sizeof(runtime.Principal{})
	}
}
