package plan

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/destgen/destgen/gen/reference"
	"github.com/destgen/destgen/internal/difftest"
	"github.com/destgen/destgen/runtime"
)

// Boundary tests through whole plans: configs whose elements, exact names
// and policy literals sit at, below and above each length the runtime
// branches on, built with each automaton strategy (one deterministic
// automaton, split ones walked in pairs, the backtracking trie), and
// compared with the reference interpreter on every answer
// (internal/difftest). runtime's boundary_test.go checks the tables
// themselves.

// Lengths around the runtime's thresholds, from its constants (those not
// exported are restated: the 8-byte word, shortElem = 16, spareKey = 40,
// inlineKey = 48, Hash's size classes 32 and 64).
const (
	word      = 8
	shortElem = 2 * word
	spareKey  = 5 * word
	inlineKey = 6 * word
)

// around returns n-1, n and n+1.
func around(ns ...int) []int {
	var out []int
	for _, n := range ns {
		out = append(out, n-1, n, n+1)
	}
	return out
}

// elemLens are element lengths at and either side of every threshold an
// element's length meets.
var elemLens = append(around(word, shortElem, 4*word, 8*word), 1, 2, runtime.MaxElementBytes-1, runtime.MaxElementBytes)

// strategies builds with each automaton strategy in turn.
func strategies(t *testing.T, run func(t *testing.T)) {
	for _, s := range []struct {
		name         string
		split, masks bool
	}{{"dfa", false, false}, {"split", true, false}, {"mask split", false, true}} {
		t.Run(s.name, func(t *testing.T) {
			forceSplit, forceMaskSplit = s.split, s.masks
			defer func() { forceSplit, forceMaskSplit = false, false }()
			run(t)
		})
	}
}

// boundaryCallers are the principal lists Allowed is asked with.
func boundaryCallers(principals []string) [][]string {
	callers := [][]string{nil, {"nobody"}}
	for _, p := range principals {
		callers = append(callers, []string{p})
	}
	return callers
}

// checkAll builds the config and compares every answer on every name.
func checkAll(t *testing.T, data []byte, names []string, callers [][]string) *Plan {
	t.Helper()
	m := load(t, data)
	p := Build(m)
	ck := difftest.New(reference.New(m), &p.Matcher, runtime.NewPolicyIndex(&p.PolicyIndex))
	for _, n := range names {
		if err := ck.Check(n, callers); err != nil {
			t.Fatalf("%v\nconfig: %.2000s", err, data)
		}
	}
	return p
}

// elem is an element of n bytes starting with prefix, then bytes cycling
// through letters and NUL.
func elem(prefix string, n int) string {
	b := []byte(prefix)
	for i := len(b); i < n; i++ {
		b = append(b, "klmno\x00pqrstuvw"[i%14])
	}
	return string(b[:n])
}

// neighbours are elements a lookup must tell apart from e: the last byte
// changed or NUL, one byte more or less, a byte of the second word
// changed.
func neighbours(e string) []string {
	n := len(e)
	out := []string{e[:n-1] + string(e[n-1]^1), e[:n-1] + "\x00", e + "\x00", e[:n-1] + "\xff"}
	if n > 1 {
		out = append(out, e[:n-1])
	}
	if n > word {
		out = append(out, e[:word]+string(e[word]^0x20)+e[word+1:])
	}
	return out
}

// TestBoundaryElements puts elements of every boundary length, with
// elements that share their first word, differ only in length or end in
// NUL, in every position of wildcard patterns; names use each element and
// its neighbours.
func TestBoundaryElements(t *testing.T) {
	var pats, elems []string
	for _, l := range elemLens {
		e := elem("abcdefgh", l) // every element of 8+ bytes shares its first word
		elems = append(elems, e)
		pats = append(pats, e+".*", "*."+e, e+".>", "*."+e+".*")
		if 2*l+3 <= runtime.MaxNameBytes {
			pats = append(pats, e+"."+e+".x")
		}
	}
	var names []string
	for _, e := range elems {
		for _, v := range append(neighbours(e), e) {
			names = append(names, v, v+".x", "x."+v, "x."+v+".y", v+"."+v+".x", v+".x.y")
		}
	}
	principals := []string{"p0", "p1", "p2", "p3"}
	strategies(t, func(t *testing.T) {
		checkAll(t, configJSON(true, pats...), names, boundaryCallers(principals))
	})
}

// TestBoundaryNULElement is a start state whose edge's filter bit is that
// of the one-byte element NUL ("ae" shares it): a probe for NUL must not
// take an empty slot of the edge table for an edge of node 0.
func TestBoundaryNULElement(t *testing.T) {
	names := []string{"\x00.ae.z", "\x00.ae", "ae.\x00", "\x00", "\x00.\x00.ae.z", "ae.z"}
	strategies(t, func(t *testing.T) {
		checkAll(t, configJSON(true, "ae.>", "ae.*.q", "*.zz"), names, boundaryCallers([]string{"p0", "p1"}))
	})
}

// aclPrincipals are more principals than a signature has bits (32), so
// that some are decided by the signatures' Bloom bits and the set rows.
func aclPrincipals() []string {
	var ps []string
	for i := range 40 {
		ps = append(ps, fmt.Sprintf("u%02d", i))
	}
	return ps
}

// exactConfig is one literal destination per name, each granting publish
// to a random third of the principals and subscribe to another, with the
// wildcard patterns pats after them.
func exactConfig(names, ps, pats []string) []byte {
	r := rand.New(rand.NewPCG(23, uint64(len(names))))
	var dests []difftest.Dest
	for _, n := range append(append([]string{}, names...), pats...) {
		d := difftest.Dest{Pattern: n}
		for _, p := range ps {
			switch r.IntN(3) {
			case 0:
				d.Publish = append(d.Publish, p)
			case 1:
				d.Subscribe = append(d.Subscribe, p)
			}
		}
		dests = append(dests, d)
	}
	return difftest.ConfigJSON(true, dests, nil)
}

// TestExactEveryLength configures exact names of every length from 1 to
// MaxNameBytes (one element, then several, over bytes with NUL) and asks
// every answer for each, for every principal alone, inside and outside
// its ACL sets, and for names one byte longer, shorter or different.
func TestExactEveryLength(t *testing.T) {
	var exact []string
	for n := 1; n <= runtime.MaxNameBytes; n++ {
		e := elem(fmt.Sprintf("%c", 'A'+n%26), n)
		if n > runtime.MaxElementBytes {
			e = e[:n/2] + "." + e[n/2+1:]
		}
		exact = append(exact, e)
	}
	var names []string
	for _, e := range exact {
		names = append(names, e, e[:len(e)-1]+string(e[len(e)-1]^1), e+"x", e[1:], string(e[0]^0x80)+e[1:])
		if len(e) > 2 {
			names = append(names, e[:len(e)/2]+string(e[len(e)/2]^4)+e[len(e)/2+1:])
		}
	}
	ps := aclPrincipals()
	strategies(t, func(t *testing.T) {
		p := checkAll(t, exactConfig(exact, ps, []string{"A.>", "*.*"}), names, boundaryCallers(ps))
		if len(p.Compact.ExactEnds) != len(exact) {
			t.Fatalf("%d exact names in the plan; want %d", len(p.Compact.ExactEnds), len(exact))
		}
	})
}

// TestBoundaryLargeTables configures thousands of exact names (the exact
// table's filter: more than runtime's filterSlots/2 keys) of lengths
// around spareKey and inlineKey, numbered at the front (the sampled hash)
// or in the middle (keys sharing a sampled hash: whole-name hashing), and
// hundreds of wildcard patterns over elements around the word lengths.
func TestBoundaryLargeTables(t *testing.T) {
	ps := aclPrincipals()
	for _, middle := range []bool{false, true} {
		var exact, pats, names []string
		for i := range 2100 {
			l := around(spareKey, inlineKey, word, shortElem)[i%12]
			num := fmt.Sprint(i)
			e := num + elem("-", l)[len(num):]
			if middle {
				e = elem("abcdefgh", l/2) + num + elem("-", l-l/2)[:max(0, l-l/2-len(num))]
				e += strings.Repeat("z", max(0, l-len(e)))
			}
			exact = append(exact, e)
			if i%7 == 0 {
				names = append(names, e, e[:len(e)-1]+string(e[len(e)-1]^1), e+"x")
			}
			if i%10 == 0 {
				pats = append(pats, e+".*", "*."+e+".>")
				names = append(names, e+".x", "y."+e+".z", "y."+e)
			}
		}
		m := load(t, exactConfig(exact, ps, pats))
		p := Build(m)
		ck := difftest.New(reference.New(m), &p.Matcher, runtime.NewPolicyIndex(&p.PolicyIndex))
		callers := [][]string{nil, {"u03"}, {"u17", "u39"}}
		for _, n := range names {
			if err := ck.Check(n, callers); err != nil {
				t.Fatalf("middle %v: %v", middle, err)
			}
		}
	}
}

// policyLens are literal lengths at and either side of the keys the
// policy index loads (1, 2, 4 and 8 bytes), of its two- and three-word
// literals and of the 4-byte grams of inner literals.
var policyLens = append(around(2, 4, word, 2*word, 3*word), 1)

// policyForms are the shapes the policy index decides apart (see
// runtime.PolicyIndex), around a quoted literal L.
var policyForms = []string{"L", `L\..*`, `.*\.L`, `(?i)L.*`, `.*L.*`, `L[0-9]+`, `(?:L)+`, `L|zz`}

// TestBoundaryPolicyLiterals configures policies of every form whose
// literals have each boundary length, three literals per length sharing
// their first bytes, and asks AutoCreate (with Resolve and the rest) on
// each literal, its neighbours and names around it.
func TestBoundaryPolicyLiterals(t *testing.T) {
	for _, form := range policyForms {
		var pols []difftest.Policy
		var names []string
		for _, l := range policyLens {
			for k, lit := range []string{elem("ab", l), elem("ab", l)[:l-1] + "z", elem("AB", l)} {
				q := strings.ReplaceAll(lit, "\x00", `\x00`)
				pols = append(pols, difftest.Policy{Pattern: strings.ReplaceAll(form, "L", q), OnPublish: k != 1, OnConsume: k != 2})
				for _, v := range append(neighbours(lit), lit, strings.ToUpper(lit)) {
					names = append(names, v, v+".x", "x."+v, v+"7", "y"+v+"y", v+v)
				}
			}
		}
		data := difftest.ConfigJSON(false, []difftest.Dest{{Pattern: "ab.>"}}, pols)
		checkAll(t, data, names, [][]string{nil})
	}
}

// TestBoundaryPolicyWordLiterals: an index of literals of 8 bytes or more
// only, none folded, is decided on a path of its own (a slot's brief of
// its bucket's first entry, compared word by word up to 24 bytes); each
// form here gets such an index, with literals of each length around one,
// two and three words, alone and all together.
func TestBoundaryPolicyWordLiterals(t *testing.T) {
	var lens []int
	for _, l := range around(word, 2*word, 3*word) {
		if l >= word {
			lens = append(lens, l)
		}
	}
	for _, form := range []string{"L", `L\..*`, `.*\.L`, `L\.x|L\.y`} {
		var all []difftest.Policy
		var names []string
		for _, l := range lens {
			lit := elem("tenant0", l)
			q := strings.ReplaceAll(lit, "\x00", `\x00`)
			pol := difftest.Policy{Pattern: strings.ReplaceAll(form, "L", q), OnPublish: true, OnConsume: l%2 == 0}
			all = append(all, pol)
			var own []string
			for _, v := range append(neighbours(lit), lit) {
				own = append(own, v, v+".x", v+".y", "x."+v, "x.y."+v, v+"\n")
			}
			names = append(names, own...)
			checkAll(t, difftest.ConfigJSON(false, []difftest.Dest{{Pattern: "a"}}, []difftest.Policy{pol}), own, nil)
		}
		checkAll(t, difftest.ConfigJSON(false, []difftest.Dest{{Pattern: "a"}}, all), names, nil)
	}
}

// TestBoundaryNames asks every answer on names of every length from 1 to
// MaxNameBytes+1 made of elements of one size each (1 to 3, and the
// boundary element lengths), so that names of MaxElements-1 to
// MaxElements+1 elements and names split across every dot-bitmap word
// are looked up in a config whose patterns accept any length.
func TestBoundaryNames(t *testing.T) {
	var names []string
	for _, size := range append([]int{1, 2, 3}, elemLens...) {
		e := elem("x", size)
		for n := 1; n <= runtime.MaxNameBytes+1; n++ {
			name := strings.Repeat(e+".", n/(size+1)+1)[:n]
			names = append(names, name, strings.TrimSuffix(name, "."))
		}
	}
	for n := runtime.MaxElements - 1; n <= runtime.MaxElements+1; n++ {
		names = append(names, strings.Repeat("a.", n-1)+"a", strings.Repeat("x.", n-1)+"a")
	}
	pats := []string{">", "x.>", "*.*.>", "*", strings.Repeat("*.", runtime.MaxElements-1) + "*", strings.Repeat("x.", runtime.MaxElements-2) + ">"}
	strategies(t, func(t *testing.T) {
		checkAll(t, configJSON(true, pats...), names, [][]string{{"p0"}, {"p3"}})
	})
}
