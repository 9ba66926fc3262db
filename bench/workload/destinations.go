package workload

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/destgen/destgen/runtime"
)

// shapeMix is the share, in percent, of '*'-class and '>'-class patterns;
// the rest are literal names.
type shapeMix struct{ star, tail int }

var mixes = map[Shape]shapeMix{
	Exact: {star: 6, tail: 4},
	Wild:  {star: 35, tail: 35},
	IoT:   {star: 40, tail: 30},
}

// destinations generates N unique patterns: the literal ones first (so
// wildcard patterns can be derived from them), then shuffled into config
// order.
func (w *Workload) destinations(r *rand.Rand) error {
	n := w.Spec.N
	m := mixes[w.Spec.Shape]
	nStar, nTail := max(1, n*m.star/100), max(1, n*m.tail/100)
	if n < 3 {
		nStar, nTail = 0, 0
	}
	nLit := n - nStar - nTail
	seen := map[string]bool{}
	var lits, pats []string
	for len(lits) < nLit {
		p, err := w.unique(r, seen, func() []string { return w.randomName(r, w.depth(r)) })
		if err != nil {
			return err
		}
		lits = append(lits, p)
	}
	pats = append(pats, lits...)
	for range nStar {
		p, err := w.unique(r, seen, func() []string { return w.starPattern(r, lits) })
		if err != nil {
			return err
		}
		pats = append(pats, p)
	}
	for range nTail {
		p, err := w.unique(r, seen, func() []string { return w.tailPattern(r, lits) })
		if err != nil {
			return err
		}
		pats = append(pats, p)
	}
	r.Shuffle(len(pats), func(i, j int) { pats[i], pats[j] = pats[j], pats[i] })
	for _, p := range pats {
		w.add(r, p)
	}
	return nil
}

// unique draws patterns until one is new.
func (w *Workload) unique(r *rand.Rand, seen map[string]bool, draw func() []string) (string, error) {
	for range maxAttempts {
		p := strings.Join(draw(), ".")
		if !seen[p] && len(p) <= runtime.MaxNameBytes {
			seen[p] = true
			return p, nil
		}
	}
	return "", fmt.Errorf("workload: %v: no new pattern after %d attempts", w.Spec, maxAttempts)
}

// add appends a destination with its ACL and properties.
func (w *Workload) add(r *rand.Rand, pattern string) {
	elems := strings.Split(pattern, ".")
	w.index.insert(elems)
	if isLiteral(elems) {
		w.literal[pattern] = true
		w.Literals = append(w.Literals, pattern)
	} else {
		w.Wildcards = append(w.Wildcards, elems)
	}
	w.Destinations = append(w.Destinations, Destination{
		Pattern:   pattern,
		Publish:   w.acl(r, 3),
		Subscribe: w.acl(r, 5),
		Props:     properties(r),
	})
}

func isLiteral(elems []string) bool {
	for _, e := range elems {
		if e == "*" || e == ">" {
			return false
		}
	}
	return true
}

// depth draws a name's number of elements: the family's depths, or 5 to
// 7 for the IoT shape (make scale's).
func (w *Workload) depth(r *rand.Rand) int {
	if w.Spec.Shape == IoT {
		return 5 + r.IntN(3)
	}
	return w.family.randomDepth(r)
}

// randomName draws a name of depth elements, level by level.
func (w *Workload) randomName(r *rand.Rand, depth int) []string {
	out := make([]string, depth)
	for i := range out {
		out[i] = w.element(r, i)
	}
	return out
}

// element draws the element at level i of the family's names.
func (w *Workload) element(r *rand.Rand, level int) string {
	return w.family.element(r, level, w.Spec.N)
}

// starPattern puts '*' into a name: half the time one already configured,
// so that wildcards overlap literals as they do in real configs.
func (w *Workload) starPattern(r *rand.Rand, lits []string) []string {
	elems := w.baseName(r, lits, 2)
	if w.Spec.Shape == Exact {
		i := len(elems) - 1 // mostly the last element, as FTL's example
		if r.IntN(10) < 3 {
			i = 1 + r.IntN(len(elems)-1)
		}
		elems[i] = "*"
		return elems
	}
	for range 1 + r.IntN(3) {
		elems[1+r.IntN(len(elems)-1)] = "*"
	}
	if r.IntN(20) == 0 && !allWild(elems[1:]) {
		elems[0] = "*" // never all wildcards: "*.*" would match every pair
	}
	return elems
}

func allWild(elems []string) bool {
	for _, e := range elems {
		if e != "*" {
			return false
		}
	}
	return true
}

// tailPattern is a prefix followed by '>': short in the exact shape, deep
// (and sometimes with '*' inside) in the wild one.
func (w *Workload) tailPattern(r *rand.Rand, lits []string) []string {
	lo, hi := 1+w.family.prefix, 4+w.family.prefix
	switch w.Spec.Shape {
	case Wild:
		lo, hi = 2+w.family.prefix, w.family.maxDepth()-1
	case IoT:
		lo, hi = 2, 6 // a '>' pattern is as long as a name at most
	}
	elems := w.baseName(r, lits, hi)
	n := min(len(elems), lo+r.IntN(hi-lo+1))
	elems = append(elems[:n:n], ">")
	if w.Spec.Shape != Exact && n > 1 && r.IntN(10) < 3 {
		elems[1+r.IntN(n-1)] = "*"
	}
	return elems
}

// baseName returns a configured literal or a fresh name, of at least
// minDepth elements.
func (w *Workload) baseName(r *rand.Rand, lits []string, minDepth int) []string {
	if len(lits) > 0 && r.IntN(2) == 0 {
		e := strings.Split(lits[r.IntN(len(lits))], ".")
		if len(e) >= minDepth {
			return e
		}
	}
	return w.randomName(r, max(minDepth, w.depth(r)))
}

// acl draws up to maxLen distinct principals, favouring roles.
func (w *Workload) acl(r *rand.Rand, maxLen int) []string {
	n := r.IntN(maxLen + 1)
	var out []string
	for len(out) < n {
		var p string
		if r.IntN(10) < 6 {
			p = roles[r.IntN(len(roles))]
		} else {
			p = w.Principals[r.IntN(len(w.Principals))]
		}
		if !contains(out, p) {
			out = append(out, p)
		}
	}
	return out
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// properties draws a sparse property set of consistent types.
func properties(r *rand.Rand) map[string]any {
	p := map[string]any{}
	if r.IntN(10) < 8 {
		p["prefetch"] = 1 << r.IntN(11)
	}
	if r.IntN(2) == 0 {
		p["durable"] = []string{"none", "standard", "shared"}[r.IntN(3)]
	}
	if r.IntN(10) < 3 {
		p["ttlSeconds"] = 60 * (1 + r.IntN(1440))
	}
	if r.IntN(10) < 2 {
		p["replicated"] = r.IntN(2) == 0
	}
	return p
}
