package runtime

import (
	"encoding/binary"
	"errors"
	"hash/crc32"
	"testing"
	"unsafe"
)

// twoAutomataPlan is an encoded plan of two CheckMatch policies, "ab"
// and "b+", each decided by an automaton of its own.
func twoAutomataPlan(t *testing.T) []byte {
	t.Helper()
	p := &Plan{
		Matcher:  Compact{SetWords: 1, Sets: []uint64{0}},
		Policies: []PlanPolicy{{Pattern: "ab", NodeType: "queue", Attributes: "{}"}, {Pattern: "b+", NodeType: "queue", Attributes: "{}"}},
		PolicyIndex: CompactPolicies{
			Flags: []uint8{3 | CheckMatch, 3 | CheckMatch}, LiteralEnds: []uint32{0, 0}, EntryPolicy: []uint32{0, 1}, AtEnd: []bool{false, false},
			Automata: []PolicyAutomaton{tinyAutomaton(), bPlus(1)},
		},
	}
	b := EncodePlan(p)
	if _, err := DecodePlan(b); err != nil {
		t.Fatal(err)
	}
	return b
}

// withSteps is plan b, whose last sections are AutoStepMeta and
// AutoSteps, with those holding meta and steps, sealed.
func withSteps(t *testing.T, b []byte, meta []uint32, steps []uint16) []byte {
	t.Helper()
	secs, err := PlanSections(b)
	i := stepSection(secs)
	if err != nil || i < 0 || i+1 >= len(secs) || secs[i+1].Name != "AutoSteps" {
		t.Fatalf("sections of the plan: %v, %v", secs, err)
	}
	off := sectionHead(secs, i)
	out := append([]byte(nil), b[:off]...)
	out = appendSection(out, uint32(i), &meta)
	for len(out)%sectionAlign != 0 {
		out = append(out, 0)
	}
	out = appendSection(out, uint32(i+1), &steps)
	for len(out)%sectionAlign != 0 {
		out = append(out, 0)
	}
	out = append(out, b[sectionHead(secs, i+2):]...) // the sections after them
	binary.LittleEndian.PutUint32(out[16:], uint32(len(out)-planHeaderBytes))
	binary.LittleEndian.PutUint32(out[12:], crc32.Checksum(out[planHeaderBytes:], planCRC))
	return out
}

// stepSection is the number of the AutoStepMeta section, or -1.
func stepSection(secs []PlanSection) int {
	for i, s := range secs {
		if s.Name == "AutoStepMeta" {
			return i
		}
	}
	return -1
}

// sectionHead is the offset of section i's head (past the last section
// for i = len(secs)).
func sectionHead(secs []PlanSection, i int) int {
	off := planHeaderBytes
	for _, s := range secs[:i] {
		off += s.Bytes
	}
	return off
}

// TestPlanStepsAdopted: a decoded plan's automata carry their step
// tables in the plan's bytes (where words are read in place), and
// NewPolicyIndex's automata read them there.
func TestPlanStepsAdopted(t *testing.T) {
	b := twoAutomataPlan(t)
	p, err := DecodePlanOwned(b)
	if err != nil {
		t.Fatal(err)
	}
	x := NewPolicyIndex(&p.PolicyIndex)
	for i, a := range p.PolicyIndex.Automata {
		if a.PairSymbols == 0 || a.PairSymbols == NoPairTables || len(a.Steps) == 0 {
			t.Fatalf("automaton %d carries %d pair symbols, %d steps", i, a.PairSymbols, len(a.Steps))
		}
		at := uintptr(unsafe.Pointer(unsafe.SliceData(a.Steps))) - uintptr(unsafe.Pointer(&b[0]))
		if inPlace := at < uintptr(len(b)); inPlace != wordsInPlace {
			t.Errorf("automaton %d's steps in the plan's bytes: %v, want %v", i, inPlace, wordsInPlace)
		}
		if got := unsafe.SliceData(x.byPolicy[a.Policies[0]].pairClass); got != unsafe.SliceData(a.Steps) {
			t.Errorf("automaton %d: the index's pair classes are not the plan's steps", i)
		}
	}
}

// TestDecodePlanSteps: each rule of policySteps, with its message and
// offset.
func TestDecodePlanSteps(t *testing.T) {
	b := twoAutomataPlan(t)
	p, err := DecodePlan(b)
	if err != nil {
		t.Fatal(err)
	}
	a0, a1 := p.PolicyIndex.Automata[0], p.PolicyIndex.Automata[1]
	meta := []uint32{a0.PairSymbols, a0.QuadSymbols, uint32(len(a0.Steps)), a1.PairSymbols, a1.QuadSymbols, uint32(len(a0.Steps) + len(a1.Steps))}
	steps := append(append([]uint16(nil), a0.Steps...), a1.Steps...)
	if _, err := DecodePlan(withSteps(t, b, meta, steps)); err != nil {
		t.Fatalf("the plan rewritten as it was: %v", err)
	}
	secs, _ := PlanSections(b)
	metaAt := sectionHead(secs, stepSection(secs)) + sectionHeadBytes
	stepsAt := metaAt + (4*len(meta)+sectionAlign-1)&^(sectionAlign-1) + sectionHeadBytes
	edit := func(f func(m []uint32, s []uint16) ([]uint32, []uint16)) []byte {
		m, s := f(append([]uint32(nil), meta...), append([]uint16(nil), steps...))
		return withSteps(t, b, m, s)
	}
	n0 := len(a0.Steps)
	for _, c := range []struct {
		name string
		plan []byte
		at   int
		msg  string
	}{
		{"short meta", edit(func(m []uint32, s []uint16) ([]uint32, []uint16) { return m[:3], s }), metaAt - 4, "AutoStepMeta: 3 elements, want 6 (3 per automaton)"},
		{"long meta", edit(func(m []uint32, s []uint16) ([]uint32, []uint16) { return append(m, 0, 0, uint32(len(s))), s }), metaAt - 4, "AutoStepMeta: 9 elements, want 6 (3 per automaton)"},
		{"descending", edit(func(m []uint32, s []uint16) ([]uint32, []uint16) { m[2] = m[5] + 1; return m, s }), metaAt + 4*5,
			"AutoStepMeta[5]: end " + itoa(len(steps)) + " of AutoSteps before the previous end " + itoa(len(steps)+1)},
		{"last end short", edit(func(m []uint32, s []uint16) ([]uint32, []uint16) { m[5]--; return m, s }), metaAt + 4*5,
			"AutoStepMeta: last end of AutoSteps " + itoa(len(steps)-1) + ", want " + itoa(len(steps))},
		{"last end long", edit(func(m []uint32, s []uint16) ([]uint32, []uint16) { return m, s[:len(s)-1] }), metaAt + 4*5,
			"AutoStepMeta: last end of AutoSteps " + itoa(len(steps)) + ", want " + itoa(len(steps)-1)},
		{"moved end", edit(func(m []uint32, s []uint16) ([]uint32, []uint16) { m[2]--; return m, s }), metaAt,
			"AutoStepMeta[0]: automaton 0: " + itoa(n0-1) + " step entries, want " + itoa(n0) + " (pair classes, pair, quad classes, quad)"},
		{"symbols", edit(func(m []uint32, s []uint16) ([]uint32, []uint16) { m[3] = maxStepSymbols + 1; return m, s }), metaAt + 4*3,
			"AutoStepMeta[3]: automaton 1: pair symbols 65537 for 3 states, want 1 to 65536 and at most 524288 entries"},
		{"uncarried", edit(func(m []uint32, s []uint16) ([]uint32, []uint16) { m[3] = 0; return m, s }), metaAt + 4*3,
			"AutoStepMeta[3]: automaton 1: no pair tables, but " + itoa(len(a1.Steps)) + " step entries and " + itoa(int(a1.QuadSymbols)) + " quad symbols"},
		{"entry", edit(func(m []uint32, s []uint16) ([]uint32, []uint16) { s[len(s)-1] = 3; return m, s }), stepsAt + 2*(len(steps)-1),
			"AutoSteps[" + itoa(len(steps)-1) + "]: automaton 1: step entry 3 out of range (3)"},
	} {
		_, err := DecodePlan(c.plan)
		var pe *PlanError
		if !errors.As(err, &pe) || pe.Offset != c.at || pe.Msg != c.msg {
			t.Errorf("%s: %v, want offset %d: %s", c.name, err, c.at, c.msg)
		}
	}
	// Neither automaton carrying tables is a plan NewPolicyIndex
	// composes them for.
	if _, err := DecodePlan(withSteps(t, b, []uint32{0, 0, 0, 0, 0, 0}, nil)); err != nil {
		t.Errorf("a plan carrying no step tables: %v", err)
	}
}
