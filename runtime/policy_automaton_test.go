package runtime

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// tinyAutomaton accepts "ab" for policy 0 on both operations: states 0
// (dead), 1 (start), 2 (after a), 3 (after ab); classes 0 (other), 1 (a),
// 2 (b).
func tinyAutomaton() PolicyAutomaton {
	ascii := []byte(strings.Repeat("\x00", 128))
	ascii['a'], ascii['b'] = 1, 2
	return PolicyAutomaton{
		Policies: []uint32{0}, ASCII: string(ascii), RuneStarts: []uint32{0x80}, RuneClasses: "\x00",
		Classes: 3, Start: 1,
		Next:   []uint16{0, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0},
		Accept: []uint32{noPolicy, noPolicy, noPolicy, noPolicy, noPolicy, noPolicy, 0, 0},
	}
}

func TestPolicyAutomatonValidate(t *testing.T) {
	good := tinyAutomaton()
	if err := good.Validate(); err != nil {
		t.Fatalf("valid automaton: %v", err)
	}
	for _, c := range []struct {
		name string
		edit func(a *PolicyAutomaton)
		want string
	}{
		{"no classes", func(a *PolicyAutomaton) { a.Classes = 0 }, "automaton: 0 classes, want 1 to 256"},
		{"too many classes", func(a *PolicyAutomaton) { a.Classes = 257 }, "automaton: 257 classes, want 1 to 256"},
		{"short ASCII", func(a *PolicyAutomaton) { a.ASCII = a.ASCII[:127] }, "automaton: ASCII has 127 classes, want 128"},
		{"rune starts", func(a *PolicyAutomaton) { a.RuneStarts = []uint32{0x7F} }, "automaton: RuneStarts must start at 0x80 and match RuneClasses"},
		{"rune classes", func(a *PolicyAutomaton) { a.RuneClasses = "" }, "automaton: RuneStarts must start at 0x80 and match RuneClasses"},
		{"descending", func(a *PolicyAutomaton) { a.RuneStarts, a.RuneClasses = []uint32{0x80, 0x80}, "\x00\x00" }, "automaton: RuneStarts do not ascend"},
		{"ragged", func(a *PolicyAutomaton) { a.Next = a.Next[:11] }, "automaton: 11 transitions for 3 classes"},
		{"start", func(a *PolicyAutomaton) { a.Start = 4 }, "automaton: start state 4 of 4"},
		{"accept", func(a *PolicyAutomaton) { a.Accept = a.Accept[:7] }, "automaton: 7 accept entries for 4 states"},
		{"class", func(a *PolicyAutomaton) { a.ASCII = "\x03" + a.ASCII[1:] }, "automaton: class 3 of 3"},
		{"target", func(a *PolicyAutomaton) { a.Next[4] = 4 }, "automaton: transition to state 4 of 4"},
		{"policy", func(a *PolicyAutomaton) { a.Accept[6] = 1 }, "automaton: accepts policy 1, not one of its own"},
	} {
		a := tinyAutomaton()
		a.Next, a.Accept = append([]uint16(nil), a.Next...), append([]uint32(nil), a.Accept...)
		c.edit(&a)
		if err := a.Validate(); err == nil || err.Error() != c.want {
			t.Errorf("%s: %v, want %q", c.name, err, c.want)
		}
	}
}

// TestPolicyAutomatonMalformed: an automaton that fails Validate, with
// every field cut or out of range, never makes Find panic or read out of
// bounds.
func TestPolicyAutomatonMalformed(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	names := []string{"", "ab", "a", "abab", "é", "\xff", strings.Repeat("ab", 40), strings.Repeat("x", 100)}
	for range 2000 {
		a := tinyAutomaton()
		a.Classes = uint32(rng.IntN(300))
		a.Start = uint32(rng.IntN(10))
		a.ASCII = a.ASCII[:rng.IntN(129)]
		next := make([]uint16, rng.IntN(40))
		for i := range next {
			next[i] = uint16(rng.IntN(12))
		}
		a.Next = next
		a.Accept = a.Accept[:rng.IntN(len(a.Accept)+1)]
		if rng.IntN(2) == 0 {
			a.RuneStarts, a.RuneClasses = nil, "\x09"
		}
		for _, check := range []uint8{CheckAutomaton, CheckMatch} {
			x := NewPolicyIndex(&CompactPolicies{Flags: []uint8{3 | check}, Automata: []PolicyAutomaton{a},
				LiteralEnds: []uint32{0}, EntryPolicy: []uint32{0}, AtEnd: []bool{false}})
			for _, n := range names {
				x.Find(n, Publish, func(int, string) bool { return false })
			}
		}
	}
}

// TestPolicyAutomatonTiny runs the hand-made automaton through both of
// Find's ways to an automaton.
func TestPolicyAutomatonTiny(t *testing.T) {
	for _, check := range []uint8{CheckAutomaton, CheckMatch} {
		x := NewPolicyIndex(&CompactPolicies{Flags: []uint8{3 | check}, Automata: []PolicyAutomaton{tinyAutomaton()},
			LiteralEnds: []uint32{0}, EntryPolicy: []uint32{0}, AtEnd: []bool{false}})
		for name, want := range map[string]bool{"ab": true, "a": false, "abb": false, "": false, "a\xffb": false, "xab": false} {
			_, got := x.Find(name, Consume, func(int, string) bool { t.Fatal("match called"); return false })
			if got != want {
				t.Errorf("check %d, %q: %v, want %v", check, name, got, want)
			}
		}
	}
}
