package runtime_test

import (
	"testing"

	"github.com/destgen/destgen/runtime"
)

// TestPlanSections: the sections' sizes add up to the plan past its
// header, in the order the plan holds them, each at least its head; a
// damaged plan is DecodePlan's error.
func TestPlanSections(t *testing.T) {
	data := []byte(syntheticPlan(t, 100))
	secs, err := runtime.PlanSections(data)
	if err != nil {
		t.Fatal(err)
	}
	total := 24
	for i, s := range secs {
		if s.Bytes < 8 || s.Bytes%8 != 0 {
			t.Errorf("section %d %s: %d bytes, want a multiple of 8, at least 8", i, s.Name, s.Bytes)
		}
		total += s.Bytes
	}
	if total != len(data) {
		t.Errorf("sections add up to %d bytes with the header, the plan has %d", total, len(data))
	}
	if last := sectionSizes[len(sectionSizes)-1].name; secs[0].Name != "Meta" || secs[len(secs)-1].Name != last {
		t.Errorf("sections from %s to %s, want Meta to %s", secs[0].Name, secs[len(secs)-1].Name, last)
	}
	data[len(data)-1] ^= 1
	if _, err := runtime.PlanSections(data); err == nil || err.Error() != "plan: offset 12: checksum mismatch" {
		t.Errorf("PlanSections of a damaged plan: %v, want the checksum mismatch", err)
	}
}
