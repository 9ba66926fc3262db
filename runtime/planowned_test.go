package runtime_test

import (
	"bytes"
	"reflect"
	"testing"
	"unsafe"

	"github.com/destgen/destgen/runtime"
)

// TestDecodePlanOwned: a plan decoded from bytes handed over reads them
// in place (a destination's pattern points into them), decodes to the
// same plan as DecodePlan (both encode back to the bytes), which copies (its strings do not point into
// the caller's bytes), and fails the same way on bad bytes.
func TestDecodePlanOwned(t *testing.T) {
	b := richPlan(t)
	copied, err := runtime.DecodePlan(b)
	if err != nil {
		t.Fatal(err)
	}
	owned, err := runtime.DecodePlanOwned(bytes.Clone(b))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(runtime.EncodePlan(copied), runtime.EncodePlan(owned)) || !bytes.Equal(runtime.EncodePlan(copied), b) || !reflect.DeepEqual(copied.Policies, owned.Policies) {
		t.Error("DecodePlanOwned and DecodePlan decode different plans")
	}
	mine := bytes.Clone(b)
	p, err := runtime.DecodePlanOwned(mine)
	if err != nil {
		t.Fatal(err)
	}
	if !within(p.Pattern(0), mine) {
		t.Error("DecodePlanOwned copied the bytes it was handed")
	}
	if within(copied.Pattern(0), b) {
		t.Error("DecodePlan reads the caller's bytes in place")
	}
	for _, bad := range [][]byte{nil, b[:len(b)-1], b[:24]} {
		_, e1 := runtime.DecodePlan(bad)
		_, e2 := runtime.DecodePlanOwned(bytes.Clone(bad))
		if e1 == nil || e2 == nil || e1.Error() != e2.Error() {
			t.Errorf("%d bytes: DecodePlan %v, DecodePlanOwned %v", len(bad), e1, e2)
		}
	}
}

// within reports whether s's bytes lie inside b.
func within(s string, b []byte) bool {
	p, lo := uintptr(unsafe.Pointer(unsafe.StringData(s))), uintptr(unsafe.Pointer(unsafe.SliceData(b)))
	return len(s) > 0 && p >= lo && p+uintptr(len(s)) <= lo+uintptr(len(b))
}
