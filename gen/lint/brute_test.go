package lint

import (
	"regexp"
	"strings"
	"testing"

	"github.com/destgen/destgen/gen/javaregex"
	"github.com/destgen/destgen/gen/model"
	"github.com/destgen/destgen/gen/subject"
	"github.com/destgen/destgen/internal/smallscope"
)

// The exhaustive tests range over patterns of up to maxPat elements over
// the literals a and b, and names of up to maxName elements over a, b and
// x. No pattern uses x, so x stands for every fresh element, which makes
// brute force over these names exact for the rules (see dead.go).
const (
	maxPat  = 3
	maxName = 4
)

var small = nameLimits{elems: maxName, bytes: 249}

func allPatterns() []subject.Pattern {
	var out []subject.Pattern
	for _, s := range smallscope.Names([]string{"a", "b", "*", ">"}, maxPat) {
		if p, err := subject.Parse(s); err == nil {
			out = append(out, p)
		}
	}
	return out
}

func allNames() [][]string {
	var out [][]string
	for _, s := range smallscope.Names([]string{"a", "b", "x"}, maxName) {
		out = append(out, strings.Split(s, "."))
	}
	return out
}

// bruteAmbiguous is the definition of ambiguity, by enumeration.
func bruteAmbiguous(a, b subject.Pattern, names [][]string) bool {
	if a.Class() != b.Class() || a.Class() == subject.ExactClass || a.HasTail() && len(a.Elems) != len(b.Elems) {
		return false
	}
	common, aOnly, bOnly := false, false, false
	for _, n := range names {
		ma, mb := a.Match(n), b.Match(n)
		common = common || ma && mb
		aOnly = aOnly || ma && !mb
		bOnly = bOnly || mb && !ma
	}
	return common && aOnly && bOnly
}

// TestAmbiguityExhaustive runs the trie search on every sequence of three
// distinct patterns and checks it reports, for each, the earliest
// ambiguous predecessor that the definition gives.
func TestAmbiguityExhaustive(t *testing.T) {
	pats, names := allPatterns(), allNames()
	amb := make([][]bool, len(pats))
	for i := range pats {
		amb[i] = make([]bool, len(pats))
		for j := range pats {
			amb[i][j] = i != j && bruteAmbiguous(pats[i], pats[j], names)
		}
	}
	found := 0
	defer func() { t.Logf("%d ambiguities found", found) }()
	for i := range pats {
		for j := range pats {
			for k := range pats {
				if i == j || j == k || i == k {
					continue
				}
				idx := []int{i, j, k}
				var want []ambiguity
				for later := 1; later < 3; later++ {
					for earlier := 0; earlier < later; earlier++ {
						if amb[idx[later]][idx[earlier]] {
							want = append(want, ambiguity{later: later, earlier: earlier})
							break
						}
					}
				}
				got := ambiguities([]subject.Pattern{pats[i], pats[j], pats[k]})
				found += len(got)
				if !sameAmbiguities(got, want) {
					t.Fatalf("%q %q %q: got %v, want %v", pats[i].Text, pats[j].Text, pats[k].Text, got, want)
				}
				for _, a := range got {
					w, err := subject.ParseName(a.witness)
					if err != nil || !pats[idx[a.later]].Match(w) || !pats[idx[a.earlier]].Match(w) {
						t.Fatalf("witness %q does not match both", a.witness)
					}
				}
			}
		}
	}
}

func sameAmbiguities(got, want []ambiguity) bool {
	if len(got) != len(want) {
		return false
	}
	for i := range got {
		if got[i].later != want[i].later || got[i].earlier != want[i].earlier {
			return false
		}
	}
	return true
}

// bruteDead reports whether pats[d] wins no name, by enumeration.
func bruteDead(pats []subject.Pattern, d int, names [][]string) bool {
	for _, n := range names {
		if !pats[d].Match(n) {
			continue
		}
		won := true
		for e, p := range pats {
			if e != d && p.Match(n) && subject.Compare(p, pats[d]) < 0 {
				won = false
				break
			}
		}
		if won {
			return false
		}
	}
	return true
}

// TestDeadExhaustive checks the dead-properties rule against brute force
// on every set of up to three patterns, and of four wildcard patterns
// (literal ones cover single names, and the sets of three cover them).
func TestDeadExhaustive(t *testing.T) {
	pats, names := allPatterns(), allNames()
	var wild []subject.Pattern
	for _, p := range pats {
		if !p.IsLiteral() {
			wild = append(wild, p)
		}
	}
	found := 0
	for _, set := range multisets(pats, 3) {
		found += checkDead(t, uniq(set...), names)
	}
	for _, set := range multisets(wild, 4) {
		found += checkDead(t, uniq(set...), names)
	}
	t.Logf("%d dead destinations found", found)
}

// multisets returns every multiset of k patterns from ps.
func multisets(ps []subject.Pattern, k int) [][]subject.Pattern {
	if k == 0 {
		return [][]subject.Pattern{nil}
	}
	var out [][]subject.Pattern
	for i, p := range ps {
		for _, rest := range multisets(ps[i:], k-1) {
			out = append(out, append([]subject.Pattern{p}, rest...))
		}
	}
	return out
}

func checkDead(t *testing.T, set []subject.Pattern, names [][]string) int {
	dead := map[int]bool{}
	for _, dd := range deadDestinations(set, small) {
		dead[dd.index] = true
	}
	for d := range set {
		if want := bruteDead(set, d, names); dead[d] != want {
			t.Fatalf("%v: destination %q dead = %v, brute force says %v", texts(set), set[d].Text, dead[d], want)
		}
	}
	return len(dead)
}

func uniq(ps ...subject.Pattern) []subject.Pattern {
	var out []subject.Pattern
	seen := map[string]bool{}
	for _, p := range ps {
		if !seen[p.Text] {
			seen[p.Text] = true
			out = append(out, p)
		}
	}
	return out
}

func texts(ps []subject.Pattern) []string {
	var out []string
	for _, p := range ps {
		out = append(out, p.Text)
	}
	return out
}

// policyPatterns covers each shape Analyze reports, DOTALL and not, and
// general patterns, over an alphabet with a line terminator.
var policyPatterns = []string{
	`a`, `ab`, `a|b`, `a\n`, `a.*`, `(?s)a.*`, `ab.*`, `a\n.*`, `.*`, `(?s).*`,
	`.*b`, `(?s).*b`, `.*ab`, `[ab]`, `[ab].*`, `a+`, `[ab]+`,
}

// policyNames are every string of up to four characters over a, b and \n.
func policyNames() []string {
	out := []string{""}
	for _, s := range smallscope.Names([]string{"a", "b", "\n"}, 4) {
		out = append(out, strings.ReplaceAll(s, ".", ""))
	}
	return out
}

// TestDeadPoliciesExhaustive checks every sequence of two policies (each
// enabled for publish, consume or both) and of three policies enabled for
// both: a policy reported dead never fires on any name (soundness), and one
// that never fires is reported when it is a literal set, or when there are
// two policies and neither is general (exactness where the rules claim it).
func TestDeadPoliciesExhaustive(t *testing.T) {
	names := policyNames()
	var all, both []*model.Policy
	matches := map[string][]bool{} // pattern -> matches names[i]
	for _, p := range policyPatterns {
		re, err := javaregex.Translate(p)
		if err != nil {
			t.Fatal(err)
		}
		rx := regexp.MustCompile(re)
		for _, n := range names {
			matches[p] = append(matches[p], rx.MatchString(n))
		}
		for _, ops := range [][2]bool{{true, false}, {false, true}, {true, true}} {
			all = append(all, &model.Policy{Pattern: p, GoRegexp: re, CreatedOnPublish: ops[0], CreatedOnConsume: ops[1]})
		}
		both = append(both, all[len(all)-1])
	}
	dead := 0
	for _, a := range all {
		for _, b := range all {
			if checkPolicies(t, []*model.Policy{a, b}, matches) {
				dead++
			}
		}
	}
	for _, a := range both {
		for _, b := range both {
			for _, c := range both {
				if checkPolicies(t, []*model.Policy{a, b, c}, matches) {
					dead++
				}
			}
		}
	}
	t.Logf("%d dead policies reported", dead)
}

// checkPolicies checks the last of ps and says whether it was reported.
func checkPolicies(t *testing.T, ps []*model.Policy, matches map[string][]bool) bool {
	reported := map[int]bool{}
	for _, dp := range deadPolicies(ps) {
		reported[dp.index] = true
	}
	last := len(ps) - 1
	fires := false
	for n := range matches[ps[0].Pattern] {
		for _, op := range []bool{true, false} {
			for i, p := range ps {
				if (op && p.CreatedOnPublish || !op && p.CreatedOnConsume) && matches[p.Pattern][n] {
					fires = fires || i == last
					break
				}
			}
		}
	}
	shape, _ := javaregex.Analyze(ps[last].Pattern)
	exact := shape.Kind == javaregex.Literals
	if len(ps) == 2 && shape.Kind != javaregex.General {
		s0, _ := javaregex.Analyze(ps[0].Pattern)
		exact = exact || s0.Kind != javaregex.General
	}
	switch {
	case reported[last] && fires:
		t.Fatalf("%v: policy %d reported dead but fires", describe(ps), last)
	case exact && !reported[last] && !fires:
		t.Fatalf("%v: policy %d never fires but is not reported", describe(ps), last)
	}
	return reported[last]
}

func describe(ps []*model.Policy) []string {
	var out []string
	for _, p := range ps {
		out = append(out, p.Pattern+"/"+map[bool]string{true: "p"}[p.CreatedOnPublish]+map[bool]string{true: "c"}[p.CreatedOnConsume])
	}
	return out
}
