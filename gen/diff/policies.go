package diff

import (
	"encoding/json"
	"regexp"
	"slices"
	"strconv"

	"github.com/destgen/destgen/gen/javaregex"
	"github.com/destgen/destgen/gen/model"
	"github.com/destgen/destgen/gen/reference"
	"github.com/destgen/destgen/runtime"
)

// Policies are aligned by pattern (the k-th policy with a pattern in one
// list against the k-th in the other). A name's AutoCreate answer (the
// first enabled policy matching it, compared by pattern, node type and
// attributes) can change only if the policy answering on one side is
// added, removed, changed or moved: a policy in both lists whose
// predecessors all kept their order answers the same on both sides. Moved
// policies are those outside a longest run of common policies in the same
// relative order, so of any two common policies that swapped, one is
// moved.
//
// Witnesses are tried where the languages are literal-ish
// (javaregex.Analyze): the literals of literal sets, prefixes and
// suffixes with a fresh or line-terminator rest, and their combinations
// with every other policy's. A literal set's names are all tried, so its
// changes are decided exactly; for any other affected policy with no
// witness, the diff says it may affect names matching it, and no more.

// maxPolicyCandidates bounds the names tried against both policy lists,
// each costing a pass over every policy's regexp (about 100 ns each): at
// 1,000 policies about 0.4 s, at the 10,000-policy limit several seconds.
const maxPolicyCandidates = 1024

// maxPolicyPairs bounds the (affected policy, policy) pairs whose
// combinations are generated: reordering a thousand policies would
// otherwise try a million pairs. Own instances come first and are not
// bounded by it.
const maxPolicyPairs = 1 << 18

// policyOps are the operations of auto-creation, as explain names them.
var policyOps = [2]struct {
	op   runtime.Op
	name string
}{{runtime.Publish, "publish"}, {runtime.Consume, "consume"}}

type polDiff struct {
	ms       [2]*model.Model
	out      []Change
	affected []polRef
}

// polRef is one affected policy, on the side it comes from (both for a
// changed or moved one, which then has two refs).
type polRef struct {
	side int
	p    *model.Policy
}

func policies(old, new *model.Model) []Change {
	x := &polDiff{ms: [2]*model.Model{old, new}}
	x.align()
	if len(x.affected) == 0 {
		return x.out
	}
	x.witness()
	return x.out
}

func policyKey(p *model.Policy, n map[string]int) string {
	k := p.Pattern + "\x00" + strconv.Itoa(n[p.Pattern])
	n[p.Pattern]++
	return k
}

// align reports added, removed, changed and moved policies and collects
// the affected ones.
func (x *polDiff) align() {
	olds, news := x.ms[oldSide].Policies, x.ms[newSide].Policies
	byKey, seen := map[string]*model.Policy{}, map[string]int{}
	for _, p := range olds {
		byKey[policyKey(p, seen)] = p
	}
	matched := map[*model.Policy]bool{}
	var common [][2]*model.Policy // old order is restored below
	seen = map[string]int{}
	for _, p := range news {
		o := byKey[policyKey(p, seen)]
		switch {
		case o == nil:
			x.structural(PolicyAdded, nil, p)
		case !samePolicy(o, p):
			x.structural(PolicyChanged, o, p)
		default:
			common = append(common, [2]*model.Policy{o, p})
		}
		if o != nil {
			matched[o] = true
		}
	}
	for _, p := range olds {
		if !matched[p] {
			x.structural(PolicyRemoved, p, nil)
		}
	}
	for _, pair := range moved(common) {
		x.structural(PolicyMoved, pair[0], pair[1])
	}
}

func samePolicy(a, b *model.Policy) bool {
	return a.NodeType == b.NodeType && a.CreatedOnPublish == b.CreatedOnPublish &&
		a.CreatedOnConsume == b.CreatedOnConsume && a.Attributes == b.Attributes
}

func (x *polDiff) structural(k Kind, o, n *model.Policy) {
	c := Change{Kind: k, Old: PolicyAnswer(o), New: PolicyAnswer(n)}
	for s, p := range [2]*model.Policy{o, n} {
		if p != nil {
			c.Pattern = p.Pattern
			x.affected = append(x.affected, polRef{s, p})
		}
	}
	x.out = append(x.out, c)
}

// moved returns the common pairs outside a longest subsequence whose new
// indices increase in old order (patience sorting, n log n).
func moved(common [][2]*model.Policy) [][2]*model.Policy {
	byOld := make([][2]*model.Policy, len(common))
	copy(byOld, common)
	sortByOld(byOld)
	var tails []int // tails[k]: index in byOld ending the best run of length k+1
	prev := make([]int, len(byOld))
	for i, pr := range byOld {
		lo, hi := 0, len(tails)
		for lo < hi {
			mid := (lo + hi) / 2
			if byOld[tails[mid]][1].Index < pr[1].Index {
				lo = mid + 1
			} else {
				hi = mid
			}
		}
		prev[i] = -1
		if lo > 0 {
			prev[i] = tails[lo-1]
		}
		if lo == len(tails) {
			tails = append(tails, i)
		} else {
			tails[lo] = i
		}
	}
	keep := make([]bool, len(byOld))
	if len(tails) > 0 {
		for i := tails[len(tails)-1]; i >= 0; i = prev[i] {
			keep[i] = true
		}
	}
	var out [][2]*model.Policy
	for i, pr := range byOld {
		if !keep[i] {
			out = append(out, pr)
		}
	}
	return out
}

func sortByOld(ps [][2]*model.Policy) {
	slices.SortFunc(ps, func(a, b [2]*model.Policy) int { return a[0].Index - b[0].Index })
}

// PolicyAnswer is p as a change shows it; the empty answer for nil.
func PolicyAnswer(p *model.Policy) Answer {
	if p == nil {
		return Answer{}
	}
	return Answer{Policy: &Policy{Index: p.Index, Pattern: p.Pattern, NodeType: p.NodeType.String(),
		Publish: p.CreatedOnPublish, Consume: p.CreatedOnConsume, Attributes: json.RawMessage(p.Attributes)}}
}

// sameAnswer compares what a created node gets: the policy's pattern,
// node type and attributes, not its index.
func sameAnswer(a, b *model.Policy) bool {
	if a == nil || b == nil {
		return a == b
	}
	return a.Pattern == b.Pattern && a.NodeType == b.NodeType && a.Attributes == b.Attributes
}

// witness tries candidate names on both lists and reports, per affected
// policy matching a name whose answer differs, one witness for each pair
// of answers; then a "may affect" change for each affected policy that is
// not a literal set and got none.
func (x *polDiff) witness() {
	interp := [2]*reference.Interp{reference.New(x.ms[oldSide]), reference.New(x.ms[newSide])}
	res := make([]*regexp.Regexp, len(x.affected))
	for i, a := range x.affected {
		res[i] = regexp.MustCompile(a.p.GoRegexp) // the model compiled it already
	}
	names, tried := x.candidates(res)
	witnessed := make([]bool, len(x.affected))
	keys := map[string]bool{}
	for _, name := range names {
		for _, op := range policyOps {
			var ans [2]*model.Policy
			for s := range ans {
				if i, ok := interp[s].AutoCreate(name, op.op); ok {
					ans[s] = x.ms[s].Policies[i]
				}
			}
			if sameAnswer(ans[oldSide], ans[newSide]) {
				continue
			}
			for i, a := range x.affected {
				if !res[i].MatchString(name) {
					continue
				}
				witnessed[i] = true
				key := op.name + "\x00" + a.p.Pattern + "\x00" + answerKey(ans[oldSide]) + "\x00" + answerKey(ans[newSide])
				if keys[key] {
					continue
				}
				keys[key] = true
				x.out = append(x.out, Change{Kind: AutoCreate, Witness: ptr(name), Pattern: a.p.Pattern, Op: op.name,
					Old: PolicyAnswer(ans[oldSide]), New: PolicyAnswer(ans[newSide])})
			}
		}
	}
	x.mayAffect(witnessed, tried)
}

func answerKey(p *model.Policy) string {
	if p == nil {
		return "none"
	}
	return strconv.Itoa(p.Index)
}

// mayAffect reports the affected policies whose pattern no witness
// covers and whose names were not all tried.
func (x *polDiff) mayAffect(witnessed []bool, tried map[string]bool) {
	done := map[string]bool{}
	for i, a := range x.affected {
		if witnessed[i] {
			done[a.p.Pattern] = true
		}
	}
	for _, a := range x.affected {
		shape, err := javaregex.Analyze(a.p.Pattern)
		exhaustive := err == nil && shape.Kind == javaregex.Literals
		for _, l := range shape.Literals {
			exhaustive = exhaustive && tried[l]
		}
		if exhaustive || done[a.p.Pattern] {
			continue
		}
		done[a.p.Pattern] = true
		x.out = append(x.out, Change{Kind: AutoCreate, Pattern: a.p.Pattern,
			Note: "may change which policy creates names matching this pattern; not decided for its shape"})
	}
}

// candidates returns the names to try, and them as a set: each affected
// policy's own instances, then its combinations with every policy of
// both lists, keeping those the affected policy matches, within the
// bounds above.
func (x *polDiff) candidates(res []*regexp.Regexp) ([]string, map[string]bool) {
	shapes := map[string]javaregex.Shape{}
	shape := func(p *model.Policy) javaregex.Shape {
		sh, ok := shapes[p.Pattern]
		if !ok {
			sh, _ = javaregex.Analyze(p.Pattern) // an error (impossible here) reads as General
			shapes[p.Pattern] = sh
		}
		return sh
	}
	tried := map[string]bool{}
	var names []string
	add := func(i int, ss ...string) {
		for _, s := range ss {
			if len(names) < maxPolicyCandidates && !tried[s] && res[i].MatchString(s) {
				tried[s] = true
				names = append(names, s)
			}
		}
	}
	for i, a := range x.affected {
		add(i, instances(shape(a.p))...)
	}
	pairs := 0
	for i, a := range x.affected {
		for _, m := range x.ms {
			for _, p := range m.Policies {
				if pairs++; pairs > maxPolicyPairs || len(names) == maxPolicyCandidates {
					return names, tried
				}
				add(i, instances(shape(p))...)
				add(i, combinations(shape(a.p), shape(p))...)
			}
		}
	}
	return names, tried
}

// Rests of prefix and suffix instances: an ordinary character and a Java
// line terminator, which only a DOTALL '.' matches.
var rests = []string{"x", "\n"}

// instances returns names of a literal-ish language: every literal, or
// the affix alone and with each rest.
func instances(s javaregex.Shape) []string {
	switch s.Kind {
	case javaregex.Literals:
		return s.Literals
	case javaregex.Prefix:
		return []string{s.Literals[0] + rests[0], s.Literals[0], s.Literals[0] + rests[1]}
	case javaregex.Suffix:
		return []string{rests[0] + s.Literals[0], s.Literals[0], rests[1] + s.Literals[0]}
	}
	return nil
}

// combinations returns names with a's prefix and b's suffix or the other
// way round, adjacent or with a rest between them.
func combinations(a, b javaregex.Shape) []string {
	if a.Kind == javaregex.Suffix && b.Kind == javaregex.Prefix {
		a, b = b, a
	}
	if a.Kind != javaregex.Prefix || b.Kind != javaregex.Suffix {
		return nil
	}
	p, s := a.Literals[0], b.Literals[0]
	return []string{p + s, p + rests[0] + s}
}
