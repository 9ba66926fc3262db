package lint

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/destgen/destgen/gen/javaregex"
	"github.com/destgen/destgen/gen/model"
)

// A policy is dead when, for every operation it is enabled for, earlier
// policies enabled for that operation match every name it matches: Broker-J
// tries policies in order and the first enabled match wins, so it never
// fires. Lint decides this only where the languages are known exactly
// (javaregex.Analyze) and never guesses:
//
//   - A literal set is dead when each literal is matched by an earlier
//     policy (of any shape: General ones by their exact RE2 translation,
//     which is exact on valid UTF-8, and literals are valid UTF-8). Each
//     literal is a single name, so this is exact, unions included.
//   - A prefix p.* is covered by an earlier prefix q.* when q is a prefix
//     of p and the earlier rest admits what p's does: a DOTALL rest admits
//     anything; a non-DOTALL rest admits no Java line terminator, so it
//     covers only a non-DOTALL p whose own remainder after q has none.
//     Likewise suffixes. `.*` is both the prefix and the suffix "".
//   - Otherwise (General shapes, or covers that would need a General
//     earlier pattern or a union of infinite languages), only an earlier
//     policy with the identical translation, or an earlier (?s).* that
//     matches everything, counts as proof.

// Java's line terminators, which a non-DOTALL '.' does not match.
const lineTerminators = "\n\r\u0085\u2028\u2029"

// ops a policy can be enabled for, indexing deadPolicy.by.
const (
	onPublish = iota
	onConsume
	numOps
)

var opNames = [numOps]string{"publish", "consume"}

type deadPolicy struct {
	index int
	// by lists, per enabled operation, the earlier policies that take its
	// names, in index order; nil for an operation it is not enabled for.
	by [numOps][]int
}

type affix struct {
	lit    string
	dotAll bool
}

// policyIndex holds the earlier policies enabled for one operation,
// keeping the first policy for each key.
type policyIndex struct {
	lits     map[string]int
	prefixes map[affix]int
	suffixes map[affix]int
	regexps  map[string]int // by exact translation
	general  []general      // in index order
}

// general is an earlier policy of no simpler shape, matched by its
// translation; prefix (regexp.LiteralPrefix, which every match starts
// with, the translation being anchored) rules most names out cheaply.
type general struct {
	index  int
	re     *regexp.Regexp
	prefix string
}

func newPolicyIndex() *policyIndex {
	return &policyIndex{lits: map[string]int{}, prefixes: map[affix]int{}, suffixes: map[affix]int{},
		regexps: map[string]int{}}
}

func deadPolicies(ps []*model.Policy) []deadPolicy {
	var idx [numOps]*policyIndex
	for op := range idx {
		idx[op] = newPolicyIndex()
	}
	var out []deadPolicy
	for i, p := range ps {
		shape, err := javaregex.Analyze(p.Pattern)
		if err != nil {
			shape = javaregex.Shape{} // cannot happen in a valid model; treat as General
		}
		ops := enabled(p)
		dp, dead := deadPolicy{index: i}, len(ops) > 0
		for _, op := range ops {
			by, ok := idx[op].covered(shape, p)
			dead = dead && ok
			dp.by[op] = by
		}
		if dead {
			out = append(out, dp)
		}
		for _, op := range ops {
			idx[op].add(i, shape, p)
		}
	}
	return out
}

func enabled(p *model.Policy) []int {
	var ops []int
	if p.CreatedOnPublish {
		ops = append(ops, onPublish)
	}
	if p.CreatedOnConsume {
		ops = append(ops, onConsume)
	}
	return ops
}

func (x *policyIndex) add(i int, s javaregex.Shape, p *model.Policy) {
	first(x.regexps, p.GoRegexp, i)
	switch s.Kind {
	case javaregex.Literals:
		for _, l := range s.Literals {
			first(x.lits, l, i)
		}
	case javaregex.Prefix:
		first(x.prefixes, affix{s.Literals[0], s.DotAll}, i)
		if s.Literals[0] == "" {
			first(x.suffixes, affix{"", s.DotAll}, i)
		}
	case javaregex.Suffix:
		first(x.suffixes, affix{s.Literals[0], s.DotAll}, i)
	default:
		re := regexp.MustCompile(p.GoRegexp) // the model compiled it already
		prefix, _ := re.LiteralPrefix()
		x.general = append(x.general, general{i, re, prefix})
	}
}

func first[K comparable](m map[K]int, k K, i int) {
	if _, ok := m[k]; !ok {
		m[k] = i
	}
}

// covered returns the earlier policies that take every name of a policy
// of shape s, or false when that is not proven.
func (x *policyIndex) covered(s javaregex.Shape, p *model.Policy) ([]int, bool) {
	if s.Kind == javaregex.Literals {
		var by []int
		for _, l := range s.Literals {
			j := x.firstMatch(l)
			if j < 0 {
				return nil, false
			}
			if !slices.Contains(by, j) {
				by = append(by, j)
			}
		}
		slices.Sort(by)
		return by, true
	}
	best := lookup(x.regexps, p.GoRegexp, -1)
	switch s.Kind {
	case javaregex.Prefix:
		best = x.affixCover(x.prefixes, s.Literals[0], s.DotAll, true, best)
	case javaregex.Suffix:
		best = x.affixCover(x.suffixes, s.Literals[0], s.DotAll, false, best)
	default:
		best = minIndex(best, lookup(x.prefixes, affix{"", true}, -1))
	}
	if best < 0 {
		return nil, false
	}
	return []int{best}, true
}

// affixCover returns the first earlier prefix (or suffix) policy whose
// language contains lit followed (preceded) by any rest, DOTALL or not as
// dotAll says; best is the best found so far (-1 for none).
func (x *policyIndex) affixCover(m map[affix]int, lit string, dotAll, prefix bool, best int) int {
	for k := 0; k <= len(lit); k++ {
		short, rest := lit[:k], lit[k:]
		if !prefix {
			short, rest = lit[len(lit)-k:], lit[:len(lit)-k]
		}
		best = minIndex(best, lookup(m, affix{short, true}, -1))
		if !dotAll && !strings.ContainsAny(rest, lineTerminators) {
			best = minIndex(best, lookup(m, affix{short, false}, -1))
		}
	}
	return best
}

// firstMatch returns the first earlier policy matching the name s, or -1.
func (x *policyIndex) firstMatch(s string) int {
	best := lookup(x.lits, s, -1)
	best = x.affixCover(x.prefixes, s, false, true, best)
	best = x.affixCover(x.suffixes, s, false, false, best)
	for _, g := range x.general {
		if best >= 0 && g.index > best {
			break
		}
		if strings.HasPrefix(s, g.prefix) && g.re.MatchString(s) {
			return g.index
		}
	}
	return best
}

func lookup[K comparable](m map[K]int, k K, none int) int {
	if v, ok := m[k]; ok {
		return v
	}
	return none
}

// minIndex is min over policy indices where -1 means none.
func minIndex(a, b int) int {
	if a < 0 || b >= 0 && b < a {
		return b
	}
	return a
}

func (dp deadPolicy) message(m *model.Model) string {
	p := m.Policies[dp.index]
	var clauses []string
	if pub, con := dp.by[onPublish], dp.by[onConsume]; pub != nil && slices.Equal(pub, con) {
		clauses = append(clauses, "on publish and consume: "+policyList(m, pub))
	} else {
		for op, by := range dp.by {
			if by != nil {
				clauses = append(clauses, "on "+opNames[op]+": "+policyList(m, by))
			}
		}
	}
	subject := "earlier policies take"
	if all := slices.Compact(slices.Sorted(slices.Values(slices.Concat(dp.by[:]...)))); len(all) == 1 {
		subject = "an earlier policy takes"
	}
	return fmt.Sprintf("policy %d %q never creates a node: %s every name it matches (%s)",
		dp.index, p.Pattern, subject, strings.Join(clauses, "; "))
}

func policyList(m *model.Model, by []int) string {
	var parts []string
	for i, j := range by {
		if i == maxCovers-1 && len(by) > maxCovers {
			parts = append(parts, fmt.Sprintf("and %d more", len(by)-i))
			break
		}
		parts = append(parts, fmt.Sprintf("%d %q at %s", j, m.Policies[j].Pattern, m.Policies[j].Pos))
	}
	if len(by) == 1 {
		return "policy " + parts[0]
	}
	return "policies " + strings.Join(parts, ", ")
}
