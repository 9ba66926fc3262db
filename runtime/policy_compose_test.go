package runtime

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// composeByMap is compose as it was before session 24: every pair's
// whole column, numbered by a map of columns. compose must give exactly
// its tables, which plans carry (step tables are part of the artifact's
// bytes).
func composeByMap(t stepTable, states int) (stepTable, bool) {
	if states*t.symbols*t.symbols > maxPairWork {
		return stepTable{}, false
	}
	ids := map[string]uint16{}
	var cols [][]uint16
	class := make([]uint16, t.symbols<<t.shift)
	col := make([]uint16, states)
	var key []byte
	for x := range t.symbols {
		for y := range t.symbols {
			for s := range states {
				col[s] = t.next[int(t.next[s<<t.shift|x])<<t.shift|y]
			}
			key = bytes16(key[:0], col)
			id, ok := ids[string(key)] // no allocation but on insertion
			if !ok {
				id = uint16(len(cols))
				ids[string(key)] = id
				cols = append(cols, slices.Clone(col))
			}
			class[x<<t.shift|y] = id
		}
		if len(cols)*states > maxPairEntries {
			return stepTable{}, false
		}
	}
	c := stepTable{class: class, shift: uint8(log2(pow2AtLeast(len(cols)))), symbols: len(cols)}
	c.next = make([]uint16, states<<c.shift)
	for id, col := range cols {
		for s, to := range col {
			c.next[s<<c.shift|id] = to
		}
	}
	return c, true
}

// bytes16 appends a column's bytes to b, for a map key.
func bytes16(b []byte, col []uint16) []byte {
	for _, v := range col {
		b = append(b, byte(v), byte(v>>8))
	}
	return b
}

// randomStepTable is a table of states states and symbols symbols whose
// successors are drawn from targets of them (few targets: small images
// and repeated columns, as a real automaton's; many: few repeats).
func randomStepTable(r *rand.Rand, states, symbols, targets int) stepTable {
	shift := uint8(log2(pow2AtLeast(symbols)))
	t := stepTable{next: make([]uint16, states<<shift), shift: shift, symbols: symbols}
	pick := make([]uint16, targets)
	for i := range pick {
		pick[i] = uint16(r.IntN(states))
	}
	for s := range states {
		for x := range symbols {
			t.next[s<<shift|x] = pick[r.IntN(targets)]
		}
	}
	return t
}

func sameComposed(t *testing.T, what string, got stepTable, gotOK bool, want stepTable, wantOK bool) {
	t.Helper()
	if gotOK != wantOK || got.shift != want.shift || got.symbols != want.symbols ||
		!slices.Equal(got.class, want.class) || !slices.Equal(got.next, want.next) {
		t.Fatalf("%s: compose gave %d symbols (ok %v, shift %d), the map of columns %d (ok %v, shift %d); classes equal %v, steps equal %v",
			what, got.symbols, gotOK, got.shift, want.symbols, wantOK, want.shift,
			slices.Equal(got.class, want.class), slices.Equal(got.next, want.next))
	}
}

// TestComposeAsByMap: on random tables of every density, composed once
// and twice (pair and quad tables), compose gives the map's tables.
func TestComposeAsByMap(t *testing.T) {
	r := rand.New(rand.NewPCG(24, 1))
	for range 400 {
		states, symbols := 1+r.IntN(40), 1+r.IntN(10)
		one := randomStepTable(r, states, symbols, 1+r.IntN(states))
		two, ok := compose(one, states)
		wantTwo, wantOK := composeByMap(one, states)
		sameComposed(t, "pair", two, ok, wantTwo, wantOK)
		if !ok {
			continue
		}
		four, ok := compose(two, states)
		wantFour, wantOK := composeByMap(wantTwo, states)
		sameComposed(t, "quad", four, ok, wantFour, wantOK)
	}
}

// shiftTable is a table of states states whose symbol x moves every
// state d[x] on, cyclically: pair (x, y) moves d[x]+d[y], so the pair
// table has as many symbols as there are distinct sums.
func shiftTable(states int, d []int) stepTable {
	shift := uint8(log2(pow2AtLeast(len(d))))
	t := stepTable{next: make([]uint16, states<<shift), shift: shift, symbols: len(d)}
	for s := range states {
		for x, dx := range d {
			t.next[s<<shift|x] = uint16((s + dx) % states)
		}
	}
	return t
}

// TestComposeEntriesBound: at 65,536 states maxPairEntries holds 8
// columns; 7 and 8 compose, 9 do not.
func TestComposeEntriesBound(t *testing.T) {
	const states = 1 << 16
	if maxPairEntries/states != 8 {
		t.Fatalf("maxPairEntries/states = %d, the cases below assume 8", maxPairEntries/states)
	}
	for _, tc := range []struct {
		d       []int
		columns int
		ok      bool
	}{
		{[]int{0, 1, 2, 3}, 7, true},  // sums 0 to 6
		{[]int{0, 1, 2, 4}, 8, true},  // 0 to 6 and 8
		{[]int{0, 1, 2, 5}, 9, false}, // 0 to 7 and 10
	} {
		one := shiftTable(states, tc.d)
		got, ok := compose(one, states)
		want, wantOK := composeByMap(one, states)
		sameComposed(t, "shifts", got, ok, want, wantOK)
		if ok != tc.ok || (ok && got.symbols != tc.columns) {
			t.Errorf("shifts %v: %d symbols, ok %v; want %d, ok %v", tc.d, got.symbols, ok, tc.columns, tc.ok)
		}
	}
}

// TestComposeWorkBound: states × symbols² at maxPairWork composes, past
// it does not.
func TestComposeWorkBound(t *testing.T) {
	const symbols = 128
	at := maxPairWork / (symbols * symbols)
	for _, tc := range []struct {
		states int
		ok     bool
	}{{at - 1, true}, {at, true}, {at + 1, false}} {
		one := randomStepTable(rand.New(rand.NewPCG(24, 2)), tc.states, symbols, 1) // one successor: one column
		if _, ok := compose(one, tc.states); ok != tc.ok {
			t.Errorf("%d states × %d symbols²: ok %v, want %v", tc.states, symbols, ok, tc.ok)
		}
	}
}

// TestColumnSetCollisions: columns added under one hash stay apart.
func TestColumnSetCollisions(t *testing.T) {
	c := newColumnSet(3, 1)
	cols := [][]uint16{{1, 2, 3}, {3, 2, 1}, {1, 2, 4}}
	for i, col := range cols[:2] {
		if got := c.find(7, col); got != -1 {
			t.Fatalf("column %d found as %d before it was added", i, got)
		}
		if got := c.add(7, col); got != i {
			t.Fatalf("column %d numbered %d", i, got)
		}
	}
	for i, col := range cols[:2] {
		if got := c.find(7, col); got != i {
			t.Errorf("column %d found as %d", i, got)
		}
	}
	if got := c.find(7, cols[2]); got != -1 {
		t.Errorf("a third column under the same hash found as %d", got)
	}
	if got := c.find(8, cols[0]); got != -1 {
		t.Errorf("column 0 found under another hash as %d", got)
	}
}
