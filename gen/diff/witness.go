package diff

import (
	"slices"
	"strconv"
	"strings"

	"github.com/destgen/destgen/gen/model"
	"github.com/destgen/destgen/gen/subject"
	"github.com/destgen/destgen/runtime"
)

// Candidate witnesses are generic names. A fresh element is one that no
// pattern overlapping the changed pattern spells out, so the name that
// has a literal wherever a pattern M has one and the fresh element
// elsewhere (at a given length) is matched exactly by the patterns that
// match every name of M of that length. Hence for any name n, the generic
// instance of the meet of any two patterns matching n, at n's length (or
// one on the same side of every length at which a pattern's matches
// change), matches a subset of n's patterns holding those two: it has the
// same chosen destination on both sides when the two are the chosen ones,
// and the same access when one of them alone grants it. That is why the
// meets of each changed pattern with its partners, at the breakpoint
// lengths, find every kind of change (see the package's exhaustive test).

// maxGenerators bounds the partners whose meets with one changed pattern
// are tried; past it (a changed '>' over a 100k config) the diff reports
// what it found and says it did not try the rest, rather than take
// quadratic time. Realistic changes overlap a handful of patterns.
const maxGenerators = 256

// meet returns the pattern matching exactly the names both a and b match
// (ignoring the byte limit), or false when no name of any length does.
func meet(a, b subject.Pattern) (subject.Pattern, bool) {
	la, lb := len(a.Elems), len(b.Elems)
	ta, tb := a.HasTail(), b.HasTail()
	switch {
	case !ta && !tb && la != lb, ta && !tb && lb < la, tb && !ta && la < lb:
		return subject.Pattern{}, false
	}
	n := max(la, lb)
	elems := make([]subject.Elem, n)
	for i := range elems {
		ea, eb := elemAt(a, i), elemAt(b, i)
		switch {
		case ea.Kind == subject.Literal && eb.Kind == subject.Literal && ea.Lit != eb.Lit:
			return subject.Pattern{}, false
		case ea.Kind == subject.Literal:
			elems[i] = ea
		case eb.Kind == subject.Literal:
			elems[i] = eb
		case i == n-1 && ea.Kind == subject.Tail && eb.Kind == subject.Tail:
			elems[i] = subject.Elem{Kind: subject.Tail}
		default:
			elems[i] = subject.Elem{Kind: subject.Star}
		}
	}
	return subject.Pattern{Text: patternText(elems), Elems: elems}, true
}

// elemAt returns the element of p covering position i: a '>' covers every
// position from its own on.
func elemAt(p subject.Pattern, i int) subject.Elem {
	if i < len(p.Elems) {
		return p.Elems[i]
	}
	return subject.Elem{Kind: subject.Tail}
}

func patternText(elems []subject.Elem) string {
	parts := make([]string, len(elems))
	for i, e := range elems {
		switch e.Kind {
		case subject.Star:
			parts[i] = "*"
		case subject.Tail:
			parts[i] = ">"
		default:
			parts[i] = e.Lit
		}
	}
	return strings.Join(parts, ".")
}

// instance returns the generic name of p with n elements, or false when
// it is not a valid name (p cannot have n elements, or the name is over a
// limit).
func instance(p subject.Pattern, n int, fresh string) (string, bool) {
	k := len(p.Elems)
	if n < k || n > k && !p.HasTail() || n > runtime.MaxElements {
		return "", false
	}
	parts := make([]string, n)
	for i := range parts {
		if i < k && p.Elems[i].Kind == subject.Literal {
			parts[i] = p.Elems[i].Lit
		} else {
			parts[i] = fresh
		}
	}
	name := strings.Join(parts, ".")
	if _, err := subject.ParseName(name); err != nil {
		return "", false
	}
	return name, true
}

// freshElement returns a short element that no destination in ds has as a
// literal: "x", "y", "z", then "x0", "x1"...
func freshElement(ds ...[]*model.Destination) string {
	used := map[string]bool{}
	for _, l := range ds {
		for _, d := range l {
			for _, e := range d.Pattern.Elems {
				if e.Kind == subject.Literal && len(e.Lit) <= 8 {
					used[e.Lit] = true
				}
			}
		}
	}
	for _, s := range []string{"x", "y", "z"} {
		if !used[s] {
			return s
		}
	}
	for i := 0; ; i++ {
		if s := "x" + strconv.Itoa(i); !used[s] {
			return s
		}
	}
}

// breakpoints returns the lengths at which some destination of ds starts
// or stops matching names of a '>' pattern: its own element count and the
// next. Between two breakpoints every destination matches the same
// generic names.
func breakpoints(ds ...[]*model.Destination) []int {
	seen := map[int]bool{}
	for _, l := range ds {
		for _, d := range l {
			seen[len(d.Pattern.Elems)] = true
			seen[len(d.Pattern.Elems)+1] = true
		}
	}
	out := make([]int, 0, len(seen))
	for n := range seen {
		out = append(out, n)
	}
	slices.Sort(out)
	return out
}

// lengths returns the element counts at which to instantiate p: its own,
// and for a '>' pattern each longer breakpoint.
func lengths(p subject.Pattern, bps []int) []int {
	out := []int{len(p.Elems)}
	if p.HasTail() {
		for _, b := range bps {
			if b > len(p.Elems) && b <= runtime.MaxElements {
				out = append(out, b)
			}
		}
	}
	return out
}

// overlaps reports whether some name of any length matches both.
func overlaps(a, b subject.Pattern) bool {
	_, ok := meet(a, b)
	return ok
}
