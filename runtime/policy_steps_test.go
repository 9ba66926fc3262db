package runtime

import (
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"
	"unsafe"
)

// randomStepAutomaton is a well-formed automaton of states states and
// classes classes with random transitions, deciding policy 0 where it
// accepts.
func randomStepAutomaton(r *rand.Rand, states, classes int) PolicyAutomaton {
	ascii := make([]byte, 128)
	for i := range ascii {
		ascii[i] = byte(r.IntN(classes))
	}
	a := PolicyAutomaton{
		Policies: []uint32{0}, ASCII: string(ascii), RuneStarts: []uint32{0x80}, RuneClasses: string(rune(r.IntN(classes))),
		Classes: uint32(classes), Start: uint32(r.IntN(states)),
		Next: make([]uint16, states*classes), Accept: make([]uint32, states*numOps),
	}
	for i := range a.Next {
		a.Next[i] = uint16(r.IntN(states))
	}
	for i := range a.Accept {
		a.Accept[i] = noPolicy
		if r.IntN(4) == 0 {
			a.Accept[i] = 0
		}
	}
	return a
}

// stepAutomata are automata of every shape the step tables take: with
// pair and quad tables, with pair tables only (quad past maxPairEntries),
// with none (past maxPairWork, and 256 classes).
func stepAutomata() map[string]PolicyAutomaton {
	r := rand.New(rand.NewPCG(7, 19))
	return map[string]PolicyAutomaton{
		"tiny": tinyAutomaton(), "b+": bPlus(0),
		"random": randomStepAutomaton(r, 40, 9), "pair only": randomStepAutomaton(r, 300, 15),
		"too large": randomStepAutomaton(r, 3000, 100), "256 classes": randomStepAutomaton(r, 3, 256),
	}
}

// TestCarryStepsAdopted: an automaton carrying the step tables
// CarrySteps gives it expands to exactly what composing them gives,
// its tables read in place from Steps.
func TestCarryStepsAdopted(t *testing.T) {
	for name, a := range stepAutomata() {
		c := a.CarrySteps()
		if c.PairSymbols == 0 {
			t.Fatalf("%s: CarrySteps carries nothing", name)
		}
		if _, msg := c.checkSteps(); msg != "" {
			t.Fatalf("%s: checkSteps of CarrySteps: %s", name, msg)
		}
		var x automaton
		if !x.adoptSteps(&c, len(c.Next)/int(c.Classes)) {
			t.Errorf("%s: the tables CarrySteps gives are not adopted", name)
		}
		built, adopted := newAutomaton(&a, nil), newAutomaton(&c, nil)
		if !reflect.DeepEqual(built, adopted) {
			t.Errorf("%s: the adopted automaton differs from the built one", name)
		}
		switch {
		case c.PairSymbols == NoPairTables:
			if built.pair != nil || len(c.Steps) != 0 {
				t.Errorf("%s: no pair tables carried, but %d built and %d steps", name, len(built.pair), len(c.Steps))
			}
		case unsafe.SliceData(adopted.pairClass) != unsafe.SliceData(c.Steps):
			t.Errorf("%s: pairClass is not Steps in place", name)
		}
		if again := c.CarrySteps(); unsafe.SliceData(again.Steps) != unsafe.SliceData(c.Steps) {
			t.Errorf("%s: CarrySteps of an automaton carrying them builds them again", name)
		}
	}
	shapes := map[string]bool{}
	for _, a := range stepAutomata() {
		c := a.CarrySteps()
		shapes[[3]string{"none", "pair", "quad"}[min(uint32(2), min(c.PairSymbols, 1)+min(c.QuadSymbols, 1))]] = true
		if c.PairSymbols == NoPairTables {
			shapes["none"] = true
		}
	}
	if len(shapes) != 3 {
		t.Errorf("the automata carry tables of shapes %v, want none, pair and quad", shapes)
	}
}

// TestCheckSteps: every rule of checkSteps, each with its message; a
// carried table that fails one is not adopted (newAutomaton composes it).
func TestCheckSteps(t *testing.T) {
	good := tinyAutomaton().CarrySteps()
	l, _ := good.layout(4)
	if good.QuadSymbols == 0 {
		t.Fatal("the tiny automaton has no quad table")
	}
	at := func(j int, v uint16) func(a *PolicyAutomaton) {
		return func(a *PolicyAutomaton) { a.Steps[j] = v }
	}
	for _, c := range []struct {
		name string
		edit func(a *PolicyAutomaton)
		j    int
		want string
	}{
		{"steps without tables", func(a *PolicyAutomaton) { a.PairSymbols = NoPairTables }, -1, "no pair tables, but " + itoa(len(good.Steps)) + " step entries and " + itoa(int(good.QuadSymbols)) + " quad symbols"},
		{"quad without pair", func(a *PolicyAutomaton) { a.PairSymbols, a.QuadSymbols, a.Steps = NoPairTables, 1, nil }, -1, "no pair tables, but 0 step entries and 1 quad symbols"},
		{"uncarried with steps", func(a *PolicyAutomaton) { a.PairSymbols = 0 }, -1, "no pair tables, but " + itoa(len(good.Steps)) + " step entries and " + itoa(int(good.QuadSymbols)) + " quad symbols"},
		{"ragged next", func(a *PolicyAutomaton) { a.Next = a.Next[:11] }, -1, "pair tables for a malformed automaton"},
		{"no next", func(a *PolicyAutomaton) { a.Next = nil }, -1, "pair tables for a malformed automaton"},
		{"255 classes", func(a *PolicyAutomaton) { a.Classes = 255; a.Next = make([]uint16, 255) }, -1, itoa(len(good.Steps)) + " step entries, want "},
		{"256 classes", func(a *PolicyAutomaton) { a.Classes = 256; a.Next = make([]uint16, 256) }, -1, "pair tables for 256 classes, want 1 to 255"},
		{"pair symbols above 2^16", func(a *PolicyAutomaton) { a.PairSymbols = maxStepSymbols + 1 }, -1, "pair symbols 65537 for 4 states, want 1 to 65536 and at most 524288 entries"},
		{"pair entries", func(a *PolicyAutomaton) { a.PairSymbols = maxPairEntries/4 + 1 }, -1, "pair symbols 131073 for 4 states, want 1 to 65536 and at most 524288 entries"},
		{"quad symbols above 2^16", func(a *PolicyAutomaton) { a.QuadSymbols = maxStepSymbols + 1 }, -1, "quad symbols 65537 for 4 states, want at most 65536 and 524288 entries"},
		{"short", func(a *PolicyAutomaton) { a.Steps = a.Steps[:len(a.Steps)-1] }, -1, itoa(len(good.Steps)-1) + " step entries, want " + itoa(len(good.Steps)) + " (pair classes, pair, quad classes, quad)"},
		{"long", func(a *PolicyAutomaton) { a.Steps = append(a.Steps, 0) }, -1, itoa(len(good.Steps)+1) + " step entries, want " + itoa(len(good.Steps)) + " (pair classes, pair, quad classes, quad)"},
		{"pair class", at(1, uint16(good.PairSymbols)), 1, "step entry " + itoa(int(good.PairSymbols)) + " out of range (" + itoa(int(good.PairSymbols)) + ")"},
		{"pair state", at(int(l.pairEnd)-1, 4), int(l.pairEnd) - 1, "step entry 4 out of range (4)"},
		{"quad class", at(int(l.pairEnd), uint16(good.QuadSymbols)), int(l.pairEnd), "step entry " + itoa(int(good.QuadSymbols)) + " out of range (" + itoa(int(good.QuadSymbols)) + ")"},
		{"quad state", at(len(good.Steps)-1, 4), len(good.Steps) - 1, "step entry 4 out of range (4)"},
	} {
		a := good
		a.Steps, a.Next = append([]uint16(nil), good.Steps...), append([]uint16(nil), good.Next...)
		c.edit(&a)
		j, msg := a.checkSteps()
		if j != c.j || !strings.HasPrefix(msg, c.want) || msg == "" {
			t.Errorf("%s: checkSteps = %d, %q, want %d, %q", c.name, j, msg, c.j, c.want)
		}
		var x automaton
		if x.adoptSteps(&a, len(a.Next)/max(1, int(a.Classes))) {
			t.Errorf("%s: adopted", c.name)
		}
	}
	// The symbol counts at, below and above their bounds: 2^16 symbols,
	// and 2^19 entries (2^16 symbols of 8 states, 2^15 of 16). A count
	// within them gets as far as the count of entries.
	for _, c := range []struct {
		states, pair, quad uint32
		want               string
	}{
		{8, maxStepSymbols, maxStepSymbols, "0 step entries, want "},
		{8, maxStepSymbols - 1, maxStepSymbols - 1, "0 step entries, want "},
		{8, maxStepSymbols + 1, 1, "pair symbols 65537 for 8 states"},
		{8, 1, maxStepSymbols + 1, "quad symbols 65537 for 8 states"},
		{16, maxPairEntries / 16, maxPairEntries / 16, "0 step entries, want "},
		{16, maxPairEntries/16 - 1, maxPairEntries/16 - 1, "0 step entries, want "},
		{16, maxPairEntries/16 + 1, 1, "pair symbols 32769 for 16 states"},
		{16, 1, maxPairEntries/16 + 1, "quad symbols 32769 for 16 states"},
	} {
		a := PolicyAutomaton{Classes: 1, Next: make([]uint16, c.states), PairSymbols: c.pair, QuadSymbols: c.quad}
		if _, msg := a.checkSteps(); !strings.HasPrefix(msg, c.want) {
			t.Errorf("%d pair and %d quad symbols of %d states: %q, want %q", c.pair, c.quad, c.states, msg, c.want)
		}
	}
}

// TestAdoptStepsMalformed: carried tables with random entries and counts
// never make Find panic or read out of bounds (run it with -tags purego
// too, where colAt checks its index), and tables checkSteps rejects are
// composed instead, as if not carried.
func TestAdoptStepsMalformed(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	names := []string{"", "ab", "abababab", "ababababab", "é", strings.Repeat("ab", 40), strings.Repeat("x", 100)}
	var carried []PolicyAutomaton
	for _, a := range []PolicyAutomaton{tinyAutomaton(), bPlus(0), randomStepAutomaton(r, 12, 4)} {
		carried = append(carried, a.CarrySteps())
	}
	rejected := 0
	for range 500 {
		a := carried[r.IntN(len(carried))]
		a.Steps = append([]uint16(nil), a.Steps...)
		for range 1 + r.IntN(3) {
			switch r.IntN(4) {
			case 0:
				a.Steps[r.IntN(len(a.Steps))] = uint16(r.IntN(64))
			case 1:
				a.PairSymbols = uint32(r.IntN(64))
			case 2:
				a.QuadSymbols = uint32(r.IntN(64))
			default:
				a.Steps = a.Steps[:r.IntN(len(a.Steps)+1)]
			}
		}
		if _, msg := a.checkSteps(); msg != "" {
			rejected++
			plain := a
			plain.Steps, plain.PairSymbols, plain.QuadSymbols = nil, 0, 0
			if !reflect.DeepEqual(newAutomaton(&a, nil), newAutomaton(&plain, nil)) {
				t.Fatalf("tables rejected (%s) were not composed afresh", msg)
			}
		}
		for _, check := range []uint8{CheckAutomaton, CheckMatch} {
			x := NewPolicyIndex(&CompactPolicies{Flags: []uint8{3 | check}, Automata: []PolicyAutomaton{a},
				LiteralEnds: []uint32{0}, EntryPolicy: []uint32{0}, AtEnd: []bool{false}})
			for _, n := range names {
				x.Find(n, Publish, func(int, string) bool { return false })
			}
		}
	}
	if rejected == 0 || rejected == 500 {
		t.Errorf("%d of 500 corruptions rejected, want some and not all", rejected)
	}
}

// TestMax16: max16 is slices.Max (0 for none) at every length around its
// four lanes' step, with the largest entry in every position, so that
// each lane and the tail loop have to carry it.
func TestMax16(t *testing.T) {
	for n := 0; n <= 13; n++ {
		if got := max16(make([]uint16, n)); got != 0 {
			t.Errorf("max16 of %d zeros = %d", n, got)
		}
		for at := 0; at < n; at++ {
			s := make([]uint16, n)
			for i := range s {
				s[i] = uint16(i % 3)
			}
			s[at] = 0xfff0 + uint16(at)
			if got, want := max16(s), slices.Max(s); got != want {
				t.Errorf("max16 of %d entries, largest at %d = %d, want %d", n, at, got, want)
			}
		}
	}
}

func BenchmarkMax16(b *testing.B) {
	s := make([]uint16, 450_000)
	for i := range s {
		s[i] = uint16(i * 7919 % 865)
	}
	var sink uint16
	b.Run("max16", func(b *testing.B) {
		for b.Loop() {
			sink += max16(s)
		}
	})
	b.Run("slices.Max", func(b *testing.B) {
		for b.Loop() {
			sink += slices.Max(s)
		}
	})
	_ = sink
}
