package harness

import (
	"regexp"
	"testing"

	"github.com/destgen/destgen/gen/reference"
	"github.com/destgen/destgen/runtime"
)

// The peers' benchmark loops, written as the generated ones are (see
// benchgen's loops.go template): a direct call per name, names indexed
// with a mask.

// sink receives what the map loop finds: a map index is not a call, so
// b.Loop's guarantee that calls are kept does not cover it, and the count
// keeps the lookup live.
var sink int

// MapResolveLoop looks names up in a Go map, as a broker author would
// write it first. Like the generated Resolve, which returns a pointer
// without reading through it, it keeps the pointer found and does not
// dereference it (at 100k that would add a cache miss the gen side does
// not pay).
func MapResolveLoop(b *testing.B, m map[string]*Dest, names []string) {
	mask := len(names) - 1
	found := 0
	for i := 0; b.Loop(); i++ {
		if d, ok := m[names[i&mask]]; ok && d != nil {
			found++
		}
	}
	sink = found
}

func (g *GSL) ResolveLoop(b *testing.B, names []string) {
	mask := len(names) - 1
	for i := 0; b.Loop(); i++ {
		g.Resolve(names[i&mask])
	}
}

func (g *GSL) MatchesLoop(b *testing.B, names []string) {
	mask := len(names) - 1
	buf := make([]int, 0, MatchesBuf)
	for i := 0; b.Loop(); i++ {
		buf, _ = g.Matches(names[i&mask], buf[:0])
	}
}

func (g *GSL) AllowedLoop(b *testing.B, op runtime.Op, names []string, callers [][]string) {
	mask := len(names) - 1
	for i := 0; b.Loop(); i++ {
		g.Allowed(op, names[i&mask], callers[i&mask]...)
	}
}

func RefResolveLoop(b *testing.B, r *reference.Interp, names []string) {
	mask := len(names) - 1
	for i := 0; b.Loop(); i++ {
		r.Resolve(names[i&mask])
	}
}

func RefMatchesLoop(b *testing.B, r *reference.Interp, names []string) {
	mask := len(names) - 1
	for i := 0; b.Loop(); i++ {
		r.Matches(names[i&mask])
	}
}

func RefAllowedLoop(b *testing.B, r *reference.Interp, op runtime.Op, names []string, callers [][]string) {
	mask := len(names) - 1
	for i := 0; b.Loop(); i++ {
		r.Allowed(op, names[i&mask], callers[i&mask]...)
	}
}

func RefAutoCreateLoop(b *testing.B, r *reference.Interp, op runtime.Op, names []string) {
	mask := len(names) - 1
	for i := 0; b.Loop(); i++ {
		r.AutoCreate(names[i&mask], op)
	}
}

func (r *Regexps) AutoCreateLoop(b *testing.B, op runtime.Op, names []string) {
	mask := len(names) - 1
	for i := 0; b.Loop(); i++ {
		r.AutoCreate(names[i&mask], op)
	}
}

// WinnerRegexps returns, for each name, the compiled regexp of the policy
// that decides it: the first enabled policy that matches, else the first
// that matches at all, else nil. One MatchString with it is the least any
// regexp-based AutoCreate can pay for the name.
func (r *Regexps) WinnerRegexps(op runtime.Op, names []string) []*regexp.Regexp {
	out := make([]*regexp.Regexp, len(names))
	for i, n := range names {
		if w, ok := r.AutoCreate(n, op); ok {
			out[i] = r.res[w]
			continue
		}
		for _, re := range r.res {
			if re.MatchString(n) {
				out[i] = re
				break
			}
		}
	}
	return out
}

// OneRegexpLoop runs one MatchString per name: res[i] on names[i].
func OneRegexpLoop(b *testing.B, res []*regexp.Regexp, names []string) {
	mask := len(names) - 1
	for i := 0; b.Loop(); i++ {
		res[i&mask].MatchString(names[i&mask])
	}
}
