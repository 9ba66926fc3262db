package runtime

import (
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"
)

// randomAutomaton is a well-formed automaton of n states over the classes
// of "x", "y", "z", ".", "\n", "0" and the rest of ASCII, and one class
// for every rune of 0x80 or more, which accepts policy 0 (op 0) or 1 (op
// 1) in random states. State 2, where "x" goes from the start, is a
// `.*` (a skip state): it stays on every byte but "\n" and leaves for
// state 3 on a rune; the rest is random, a fifth of it dead.
func randomAutomaton(rng *rand.Rand, n int) PolicyAutomaton {
	ascii := []byte(strings.Repeat("\x06", 128))
	for k, b := range []byte("xyz.\n0") {
		ascii[b] = byte(k)
	}
	const classes = 8 // the 7 above, then runes
	a := PolicyAutomaton{Policies: []uint32{0, 1}, ASCII: string(ascii), RuneStarts: []uint32{0x80}, RuneClasses: "\x07",
		Classes: classes, Start: 1, Next: make([]uint16, n*classes), Accept: make([]uint32, n*numOps)}
	for s := 1; s < n; s++ {
		for k := range classes {
			if rng.IntN(5) != 0 {
				a.Next[s*classes+k] = uint16(1 + rng.IntN(n-1))
			}
		}
	}
	for k := range classes {
		a.Next[2*classes+k] = 2
	}
	a.Next[2*classes+4], a.Next[2*classes+7], a.Next[1*classes] = 0, 3, 2
	for i := range a.Accept {
		a.Accept[i] = noPolicy
		if op := i % numOps; op < 2 && i >= numOps && rng.IntN(3) == 0 {
			a.Accept[i] = uint32(op)
		}
	}
	return a
}

// refRun is the automaton's meaning: one rune a step through Next, as
// regexp reads a name (an invalid byte is U+FFFD of width one).
func refRun(a *PolicyAutomaton, name string) uint32 {
	s := a.Start
	for _, r := range name {
		k := uint32(a.ASCII[r&0x7F])
		if r >= utf8.RuneSelf {
			k = uint32(a.RuneClasses[0])
		}
		if s = uint32(a.Next[s*a.Classes+k]); s == 0 {
			break
		}
	}
	return s
}

// TestWordsByColumn runs random automata without quad tables (as a list
// automaton too large for them is: 100 general policies) through
// runWords' column steps and compares every answer with refRun: names
// of 0 to 41 bytes, around every multiple of the 8-byte word, and names
// that reach the skip state and hold a line terminator, a byte of 0x0D,
// 0x0E or 0x80 or more at each position, the last included (the skip
// state's part word is passed by one test of the name's last 8 bytes).
func TestWordsByColumn(t *testing.T) {
	rng := rand.New(rand.NewPCG(22, 14))
	fill := "xyz.0abyx.zz0.xyzq.yz0x.ab.xyzzy.0.yx.zzyx0"
	specials := []string{"\n", "\r", "\x0e", "\x0d", "\x7f", "é", "\xff", "\u2028", "0"}
	rounds := 8
	if testing.Short() {
		rounds = 2
	}
	for _, n := range []int{4, 40, 300} {
		for round := range rounds {
			pa := randomAutomaton(rng, n)
			a := newAutomaton(&pa, nil)
			a.quad, a.quadClass = nil, nil              // as compose leaves them when they do not fit
			room := newTableRoom(roomMin * (round % 2)) // every other one's tables from a room
			a.words(room)
			if a.cols == nil || a.quadRows != nil {
				t.Fatal("no column table")
			}
			if room != nil && len(room.free) != hugePage/8-1<<16/4 {
				t.Fatalf("the room holds %d words after chunk, want %d", len(room.free), hugePage/8-1<<16/4)
			}
			x := &PolicyIndex{whole: a}
			check := func(name string) {
				for op := range NumOps {
					want := pa.Accept[int(refRun(&pa, name))*numOps+int(op)]
					if got := a.find(name, op); got != want {
						t.Fatalf("%d states, op %d, %q: policy %d, want %d", n, op, name, int32(got), int32(want))
					}
					if got, _ := x.Find(name, op, nil); want != noPolicy && got != int(want) {
						t.Fatalf("Find: %d states, op %d, %q: policy %d, want %d", n, op, name, got, want)
					}
				}
			}
			for l := 0; l <= 41; l++ {
				start := rng.IntN(len(fill) - l + 1)
				name := fill[start : start+l]
				check(name)
				check("x" + name)
				for i := 0; i < l; i++ {
					for _, sp := range specials {
						check(name[:i] + sp + name[i+1:])
						check("x" + name[:i] + sp + name[i+1:])
					}
				}
			}
		}
	}
}
