package diff_test

import (
	"flag"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/destgen/destgen/gen"
	"github.com/destgen/destgen/gen/diff"
	"github.com/destgen/destgen/gen/javaregex"
	"github.com/destgen/destgen/gen/model"
	"github.com/destgen/destgen/gen/reference"
	"github.com/destgen/destgen/gen/subject"
	"github.com/destgen/destgen/internal/smallscope"
	"github.com/destgen/destgen/runtime"
)

// The exhaustive tests diff every pair of small configs and check, for
// every name of up to four elements over {a, b, x}, that each answer that
// differs is covered by a reported change of its kind, that every witness
// is sound (gen.VerifyChange: explain on both sides says what the change
// says) and that every change claiming to be exact is, on these names.
// No pattern uses x, which stands for every fresh element.
//
// CI's size: configs of up to two patterns of up to three elements, and
// of three patterns of up to two elements, each pattern in the old config
// only, the new only, both alike or both with other properties and ACL.
// -diff.full (make diff-exhaustive) runs three patterns of three elements.
var full = flag.Bool("diff.full", false, "exhaustive diff test over every pair of configs of three patterns of three elements")

const maxName = 4

var principals = []string{"p", "q"}

// names are the names every pair is checked on, with their elements and
// indices; useNames sets them.
var (
	names     []string
	elems     [][]string
	nameIndex map[string]int
)

func init() { useNames(maxName) }

// useNames checks names of up to n elements from now on. Patterns of k
// elements treat every name longer than k+1 as they treat one of k+1
// elements, so n = k+1 is exhaustive for them.
func useNames(n int) {
	names = smallscope.Names([]string{"a", "b", "x"}, n)
	elems = make([][]string, len(names))
	nameIndex = map[string]int{}
	for i, n := range names {
		elems[i] = strings.Split(n, ".")
		nameIndex[n] = i
	}
	clear(oracles)
}

// pairState is what a pattern is in a pair of configs: its variant (see
// destJSON) in the old and the new config, -1 where absent.
var pairStates = [][2]int{{0, -1}, {-1, 1}, {0, 0}, {0, 1}}

func destJSON(pattern string, variant int) string {
	return [...]string{
		fmt.Sprintf(`{"name": %q, "properties": {"n": 1}, "acl": {"publish": ["p"]}}`, pattern),
		fmt.Sprintf(`{"name": %q, "properties": {"n": 2}, "acl": {"publish": ["q"]}}`, pattern),
	}[variant]
}

// oracle is a config with the reference answers for every name, worked
// out once: a config appears in many pairs.
type oracle struct {
	r   *reference.Interp
	ans []answers // per name
}

type answers struct {
	e       gen.Explanation
	allowed [runtime.NumOps][]bool // per principal
	policy  [2]string              // on publish, on consume
}

// oracles memoizes configs by source; reset it between independent sets.
var oracles = map[string]*oracle{}

func load(t *testing.T, perm bool, dests, policies []string) *oracle {
	t.Helper()
	src := fmt.Sprintf(`{"permissions": %v, "destinations": [%s], "nodeAutoCreationPolicies": [%s]}`,
		perm, strings.Join(dests, ","), strings.Join(policies, ","))
	if o, ok := oracles[src]; ok {
		return o
	}
	m, diags := model.Load("x.json", []byte(src))
	if err := diags.Err(); err != nil {
		t.Fatalf("%v\n%s", err, src)
	}
	o := &oracle{r: reference.New(m), ans: make([]answers, len(names))}
	for i, n := range names {
		a := &o.ans[i]
		a.e = gen.Explain(o.r, n, nil)
		for op := range runtime.NumOps {
			for _, p := range principals {
				a.allowed[op] = append(a.allowed[op], o.r.Allowed(op, n, p))
			}
		}
		a.policy = [2]string{policyOf(o.r, n, runtime.Publish), policyOf(o.r, n, runtime.Consume)}
	}
	oracles[src] = o
	return o
}

func patternsUpTo(elems int) []string {
	var out []string
	for _, s := range smallscope.Names([]string{"a", "b", "*", ">"}, elems) {
		if _, err := subject.Parse(s); err == nil {
			out = append(out, s)
		}
	}
	return out
}

// subsets returns every set of exactly k of ps.
func subsets(ps []string, k int) [][]string {
	if k == 0 {
		return [][]string{nil}
	}
	var out [][]string
	for i := range ps {
		for _, rest := range subsets(ps[i+1:], k-1) {
			out = append(out, append([]string{ps[i]}, rest...))
		}
	}
	return out
}

// forEachState calls f with the old and new destination lists of every
// assignment of pairStates to set.
func forEachState(set []string, f func(old, new []string)) {
	n := 1
	for range set {
		n *= len(pairStates)
	}
	for code := range n {
		var old, new []string
		for _, p := range set {
			st := pairStates[code%len(pairStates)]
			code /= len(pairStates)
			if st[0] >= 0 {
				old = append(old, destJSON(p, st[0]))
			}
			if st[1] >= 0 {
				new = append(new, destJSON(p, st[1]))
			}
		}
		f(old, new)
	}
}

func TestDestinationsExhaustive(t *testing.T) {
	defer useNames(maxName)
	var sets [][]string
	for k := 0; k <= 2; k++ {
		sets = append(sets, subsets(patternsUpTo(3), k)...)
	}
	pairs, changes := checkSets(t, sets)
	three := 2
	if *full {
		three = 3
	}
	useNames(three + 1)
	p, c := checkSets(t, subsets(patternsUpTo(three), 3))
	pairs, changes = pairs+p, changes+c
	// The permissions switch, on a config of one pattern.
	for _, p := range patternsUpTo(2) {
		d := []string{destJSON(p, 0)}
		changes += checkPair(t, load(t, true, d, nil), load(t, false, d, nil))
		changes += checkPair(t, load(t, false, d, nil), load(t, true, d, nil))
		pairs += 2
	}
	t.Logf("%d config pairs, %d changes", pairs, changes)
}

// checkSets checks every pair of configs the states of each set give.
func checkSets(t *testing.T, sets [][]string) (pairs, changes int) {
	for _, set := range sets {
		clear(oracles) // a set's configs are not another's
		forEachState(set, func(old, new []string) {
			pairs++
			changes += checkPair(t, load(t, true, old, nil), load(t, true, new, nil))
		})
	}
	return pairs, changes
}

// policyPool is every policy the policy test draws from: each
// literal-ish shape javaregex.Analyze knows, DOTALL, and a general one.
var policyPool = func() []string {
	var out []string
	for _, p := range []string{`a`, `a\.b|b`, `a\..*`, `.*\.b`, `(?s).*`, `[ab]\.a`} {
		out = append(out,
			fmt.Sprintf(`{"pattern": %q, "nodeType": "queue", "createdOnPublish": true, "createdOnConsume": true}`, p),
			fmt.Sprintf(`{"pattern": %q, "nodeType": "exchange", "createdOnPublish": true}`, p))
	}
	return out
}()

func TestPoliciesExhaustive(t *testing.T) {
	var lists [][]string
	lists = append(lists, nil)
	for _, a := range policyPool {
		lists = append(lists, []string{a})
		for _, b := range policyPool {
			lists = append(lists, []string{a, b})
		}
	}
	interps := make([]*oracle, len(lists))
	for i, l := range lists {
		interps[i] = load(t, true, nil, l)
	}
	changes := 0
	for _, old := range interps {
		for _, new := range interps {
			changes += checkPair(t, old, new)
		}
	}
	t.Logf("%d policy list pairs, %d changes", len(lists)*len(lists), changes)
}

// checkPair diffs two configs and checks every change and every name.
func checkPair(t *testing.T, old, new *oracle) int {
	t.Helper()
	cs := diff.Diff(old.r.Model, new.r.Model)
	for _, c := range cs {
		if err := gen.VerifyChange(old.r, new.r, c); err != nil {
			t.Fatalf("%v\n%s", err, describePair(old.r, new.r, cs))
		}
	}
	for i, n := range names {
		if err := covered(old, new, cs, i); err != nil {
			t.Fatalf("name %q: %v\n%s", n, err, describePair(old.r, new.r, cs))
		}
	}
	return len(cs)
}

func describePair(old, new *reference.Interp, cs []diff.Change) string {
	var b strings.Builder
	for s, r := range []*reference.Interp{old, new} {
		fmt.Fprintf(&b, "%s (permissions %v):", [2]string{"old", "new"}[s], r.Model.Permissions)
		for _, d := range r.Model.Destinations {
			fmt.Fprintf(&b, " %s%v%v", d.Pattern.Text, d.Props, d.ACL)
		}
		for _, p := range r.Model.Policies {
			fmt.Fprintf(&b, " /%s/%s,%v,%v", p.Pattern, p.NodeType, p.CreatedOnPublish, p.CreatedOnConsume)
		}
		b.WriteString("\n")
	}
	diff.WriteText(&b, cs, -1)
	return b.String()
}

// covered checks that every answer of name that differs is covered by a
// change of its kind, and that every exact change holds on name.
func covered(old, new *oracle, cs []diff.Change, i int) error {
	name := names[i]
	e := [2]gen.Explanation{old.ans[i].e, new.ans[i].e}
	if !slices.Equal(sorted(e[0].Matches), sorted(e[1].Matches)) && !has(cs, name, func(c diff.Change) bool {
		return c.Kind == diff.DestAdded || c.Kind == diff.DestRemoved
	}) {
		return fmt.Errorf("matches %v -> %v: no destination added or removed covers it", e[0].Matches, e[1].Matches)
	}
	if err := coveredChoice(e, cs, name); err != nil {
		return err
	}
	for op := range runtime.NumOps {
		if err := coveredAccess(old, new, cs, i, op); err != nil {
			return err
		}
	}
	return coveredAutoCreate(old, new, cs, i)
}

func coveredChoice(e [2]gen.Explanation, cs []diff.Change, name string) error {
	o, n := chosen(e[0]), chosen(e[1])
	for _, c := range cs {
		if c.Kind == diff.Precedence && c.Exact && matches(c.Pattern, name) && (chosenOf(c.Old) != o || chosenOf(c.New) != n) {
			return fmt.Errorf("exact precedence change %s -> %s on %s, but %s -> %s here", chosenOf(c.Old), chosenOf(c.New), c.Pattern, o, n)
		}
	}
	switch {
	case o != n:
		if !has(cs, name, func(c diff.Change) bool {
			return c.Kind == diff.Precedence && chosenOf(c.Old) == o && chosenOf(c.New) == n
		}) {
			return fmt.Errorf("chosen %s -> %s: no precedence change covers it", o, n)
		}
	case o != "" && fmt.Sprint(e[0].Store, e[0].Cluster, e[0].Properties) != fmt.Sprint(e[1].Store, e[1].Cluster, e[1].Properties):
		if !slices.ContainsFunc(cs, func(c diff.Change) bool {
			return c.Kind == diff.DestChanged && c.Pattern == o && c.Witness != nil
		}) {
			return fmt.Errorf("chosen %s changed properties: no destination change with a witness", o)
		}
	}
	return nil
}

func coveredAccess(old, new *oracle, cs []diff.Change, i int, op runtime.Op) error {
	name := names[i]
	opName := [2]string{"publish", "subscribe"}[op]
	for j, p := range principals {
		was, is := old.ans[i].allowed[op][j], new.ans[i].allowed[op][j]
		for _, c := range cs {
			if c.Kind == diff.Access && c.Exact && c.Op == opName && c.Principal == p && matches(c.Pattern, name) &&
				(was != *c.Old.Allowed || is != *c.New.Allowed) {
				return fmt.Errorf("exact access change %s %s on %s, but %v -> %v here", p, opName, c.Pattern, was, is)
			}
		}
		if was == is {
			continue
		}
		if old.r.Model.Permissions != new.r.Model.Permissions {
			if !has(cs, name, func(c diff.Change) bool { return c.Kind == diff.Permissions }) {
				return fmt.Errorf("permissions flipped: no change says so")
			}
			continue
		}
		if !has(cs, name, func(c diff.Change) bool {
			return c.Kind == diff.Access && c.Op == opName && c.Principal == p && *c.New.Allowed == is
		}) {
			return fmt.Errorf("%s %s %v -> %v: no access change covers it", p, opName, was, is)
		}
	}
	return nil
}

func coveredAutoCreate(old, new *oracle, cs []diff.Change, i int) error {
	for k, op := range []string{"publish", "consume"} {
		o, n := old.ans[i].policy[k], new.ans[i].policy[k]
		if o == n {
			continue
		}
		if !slices.ContainsFunc(cs, func(c diff.Change) bool {
			return c.Kind == diff.AutoCreate && (c.Op == op || c.Witness == nil) && policyMatches(c.Pattern, names[i])
		}) {
			return fmt.Errorf("autocreate %s %s -> %s: no change covers it", op, o, n)
		}
	}
	return nil
}

func policyOf(r *reference.Interp, name string, op runtime.Op) string {
	i, ok := r.AutoCreate(name, op)
	if !ok {
		return "none"
	}
	p := r.Model.Policies[i]
	return fmt.Sprintf("%s %s %s", p.Pattern, p.NodeType, p.Attributes)
}

// has reports whether some change of the kind f accepts has an affected
// pattern matching name.
func has(cs []diff.Change, name string, f func(diff.Change) bool) bool {
	return slices.ContainsFunc(cs, func(c diff.Change) bool { return f(c) && matches(c.Pattern, name) })
}

// The tests are single-goroutine; these caches keep parsing and
// compiling out of the loops over names.
var (
	parsed   = map[string]*subject.Pattern{}
	compiled = map[string]*regexp.Regexp{}
)

func matches(pattern, name string) bool {
	p, ok := parsed[pattern]
	if !ok {
		if q, err := subject.Parse(pattern); err == nil {
			p = &q
		}
		parsed[pattern] = p
	}
	return p != nil && p.Match(elems[nameIndex[name]])
}

func policyMatches(pattern, name string) bool {
	re, ok := compiled[pattern]
	if !ok {
		if tr, err := javaregex.Translate(pattern); err == nil {
			re = regexp.MustCompile(tr)
		}
		compiled[pattern] = re
	}
	return re != nil && re.MatchString(name)
}

func chosen(e gen.Explanation) string {
	if e.Chosen == nil {
		return ""
	}
	return *e.Chosen
}

func chosenOf(a diff.Answer) string {
	if a.Destination == nil {
		return ""
	}
	return a.Destination.Pattern
}

func sorted(s []string) []string {
	s = slices.Clone(s)
	slices.Sort(s)
	return s
}
