package plan

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/destgen/destgen/gen/model"
)

// refDeterminizer is the subset construction as first written: a map of
// slices per state for its successors and decimal string keys. The
// determinizer replaced it for speed; TestDeterminizeMatchesReference
// holds the two to the same automata.
type refDeterminizer struct {
	a      *nfa
	states []dfaState
	ids    map[string]int32
	star   []int32
	edges  [][]nfaEdge
	size   int
}

func refKey(s dfaState) string {
	var b strings.Builder
	for _, n := range s {
		b.WriteString(strconv.Itoa(int(n)))
		b.WriteByte(',')
	}
	return b.String()
}

func (d *refDeterminizer) state(s dfaState) int32 {
	k := refKey(s)
	if id, ok := d.ids[k]; ok {
		return id
	}
	id := int32(len(d.states))
	d.ids[k] = id
	d.states = append(d.states, s)
	d.star = append(d.star, -1)
	d.edges = append(d.edges, nil)
	d.size++
	return id
}

func refDeterminize(a *nfa, limit int) (*refDeterminizer, bool) {
	d := &refDeterminizer{a: a, ids: map[string]int32{}}
	d.state(dfaState{0})
	for i := 0; i < len(d.states); i++ {
		var stars dfaState
		lits := map[string]dfaState{}
		for _, n := range d.states[i] {
			if c := a.star[n]; c >= 0 {
				stars = append(stars, c)
			}
			for _, e := range a.edges[n] {
				lits[e.elem] = append(lits[e.elem], e.to)
			}
		}
		slices.Sort(stars)
		if len(stars) > 0 {
			d.star[i] = d.state(stars)
		}
		elems := make([]string, 0, len(lits))
		for e := range lits {
			elems = append(elems, e)
		}
		sort.Strings(elems)
		for _, e := range elems {
			u := append(append(dfaState{}, lits[e]...), stars...)
			slices.Sort(u)
			d.edges[i] = append(d.edges[i], nfaEdge{e, d.state(u)})
			d.size++
		}
		if d.size > limit {
			return nil, false
		}
	}
	return d, true
}

// randomWildcards returns n distinct wildcard patterns of 1 to 6 elements
// over a small alphabet, so that '*' edges and literal edges meet often
// and states hold many trie nodes; some end in '>'.
func randomWildcards(r *rand.Rand, n int) []string {
	alphabet := []string{"a", "b", "c", "dd", "*", "*"}
	set := map[string]bool{}
	var out []string
	for len(out) < n {
		elems := make([]string, 1+r.IntN(6))
		for i := range elems {
			elems[i] = alphabet[r.IntN(len(alphabet))]
		}
		if r.IntN(3) == 0 {
			elems = append(elems, ">")
		}
		p := strings.Join(elems, ".")
		if !set[p] && strings.ContainsAny(p, "*>") {
			set[p] = true
			out = append(out, p)
		}
	}
	return out
}

// TestDeterminizeMatchesReference compares determinize with
// refDeterminize on random tries, at limits that let each finish and at
// limits just below and well below what it needs: same verdict and, when
// it fits, the same states, default edges, literal edges and size.
func TestDeterminizeMatchesReference(t *testing.T) {
	r := rand.New(rand.NewPCG(19, 11))
	rounds := 400
	if testing.Short() {
		rounds = 100
	}
	widest := 0
	for round := range rounds {
		pats := randomWildcards(r, 1+r.IntN(40))
		var dests []*model.Destination
		for _, d := range load(t, configJSON(true, pats...)).Destinations {
			dests = append(dests, d)
		}
		a := buildNFA(dests)
		full, ok := refDeterminize(a, 1<<30)
		if !ok {
			t.Fatal("reference exceeded an unbounded limit")
		}
		for _, s := range full.states {
			widest = max(widest, len(s))
		}
		for _, limit := range []int{1 << 30, full.size, full.size - 1, full.size / 2, 0} {
			want, wok := refDeterminize(a, limit)
			got, gok := determinize(a, limit)
			if gok != wok {
				t.Fatalf("round %d %q limit %d: fits %v, reference %v", round, pats, limit, gok, wok)
			}
			if !gok {
				continue
			}
			g := fmt.Sprint(got.states, got.star, got.edges, got.size)
			w := fmt.Sprint(want.states, want.star, want.edges, want.size)
			if g != w {
				t.Fatalf("round %d %q limit %d:\n got %s\nwant %s", round, pats, limit, g, w)
			}
		}
	}
	// The merge of literal and '*' children is what the test is for:
	// some states must hold several trie nodes.
	if widest < 4 {
		t.Errorf("widest state %d trie nodes; want at least 4", widest)
	}
}
