package plan

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/destgen/destgen/gen/model"
	"github.com/destgen/destgen/gen/reference"
	"github.com/destgen/destgen/internal/difftest"
	"github.com/destgen/destgen/internal/smallscope"
	"github.com/destgen/destgen/runtime"
)

// configJSON builds a config of the given patterns; destination i grants
// publish to "p<i>" and subscribe to "p<i+1>" so that ACL unions differ.
func configJSON(perm bool, patterns ...string) []byte {
	var dests []difftest.Dest
	for i, p := range patterns {
		dests = append(dests, difftest.Dest{Pattern: p, Publish: []string{fmt.Sprint("p", i)}, Subscribe: []string{fmt.Sprint("p", i+1)}})
	}
	return difftest.ConfigJSON(perm, dests, nil)
}

func load(t *testing.T, data []byte) *model.Model {
	t.Helper()
	m, diags := model.Load("t.json", data)
	if err := diags.Err(); err != nil {
		t.Fatalf("%s: %v", data, err)
	}
	return m
}

// compare checks the plan's matcher against the reference interpreter on
// every name.
// comparePaired counts the matchers compare checked walking two automata
// in lockstep (TestSplitAutomata asserts some were).
var comparePaired int

func compare(t *testing.T, data []byte, names []string) {
	t.Helper()
	m := load(t, data)
	ref := reference.New(m)
	// The cost model's choice, then each structure alone for every length.
	for _, mode := range []MaskMode{MasksAuto, MasksOff, MasksAll} {
		compareMatcher(t, data, ref, &BuildWith(m, Options{Masks: mode}).Matcher, names)
	}
	// Where a length has two automata or more, also walked in lockstep,
	// which NewMatcher keeps for large automata (runtime.PairWalks).
	if paired := &BuildWith(m, Options{Masks: MasksOff}).Matcher; runtime.PairWalks(paired) > 0 {
		comparePaired++
		compareMatcher(t, data, ref, paired, names)
	}
}

func compareMatcher(t *testing.T, data []byte, ref *reference.Interp, mt *runtime.Matcher, names []string) {
	t.Helper()
	var buf []int
	for _, name := range names {
		want, wantErr := ref.Matches(name)
		got, gotErr := mt.Matches(name, buf[:0])
		if (wantErr != nil) != (gotErr != nil) || !slices.Equal(want, got) {
			t.Fatalf("config %s name %q: Matches = %v, %v; reference %v, %v", data, name, got, gotErr, want, wantErr)
		}
		wantBest, _, _ := ref.Resolve(name)
		if gotBest, _ := mt.Resolve(name); gotBest != wantBest {
			t.Fatalf("config %s name %q: Resolve = %d, reference %d", data, name, gotBest, wantBest)
		}
		for _, ps := range [][]string{nil, {"p0"}, {"p1"}, {"p2", "x"}, {"x", "p1"}} {
			for op := range runtime.NumOps + 1 {
				if got, want := mt.Allowed(op, name, principalsOf(mt, ps)), ref.Allowed(op, name, ps...); got != want {
					t.Fatalf("config %s name %q: Allowed(%v, %q) = %v, reference %v", data, name, op, ps, got, want)
				}
			}
		}
	}
}

// smallScopePatterns are the patterns the exhaustive tests combine: up to
// three elements over {a, b, *, >}, two under -short.
func smallScopePatterns() []string {
	if testing.Short() {
		return validPatterns(2)
	}
	return validPatterns(3)
}

// compareAllPairs compares plan and reference on the config of each
// pattern alone and of each pair, in both orders when bothOrders.
func compareAllPairs(t *testing.T, pats, names []string, bothOrders bool) {
	t.Helper()
	for i, a := range pats {
		compare(t, configJSON(true, a), names)
		for _, b := range pats[i+1:] {
			compare(t, configJSON(true, a, b), names)
			if bothOrders {
				compare(t, configJSON(true, b, a), names)
			}
		}
	}
}

func validPatterns(maxLen int) []string {
	var out []string
	for _, s := range smallscope.Names([]string{"a", "b", "*", ">"}, maxLen) {
		if i := strings.Index(s, ">"); i < 0 || i == len(s)-1 {
			out = append(out, s)
		}
	}
	return out
}

// TestExhaustiveSmallScope compares plan and reference on every config of
// up to two patterns of up to three elements over {a, b, *, >}, against
// every name of up to four elements over {a, b, c} and some invalid names.
func TestExhaustiveSmallScope(t *testing.T) {
	names := append(smallscope.Names([]string{"a", "b", "c"}, 4), "", "a..b", "a.*", ">", "a.", strings.Repeat("a.", 70)+"a")
	compareAllPairs(t, smallScopePatterns(), names, true)
	compare(t, configJSON(false, "a.*", "b.>"), names)
	compare(t, configJSON(true), names)
}

func TestDeterministic(t *testing.T) {
	data := configJSON(true, "a.b", "a.*", "*.b.>", ">", "c.*.d", "a.b.c")
	p1, p2 := Build(load(t, data)), Build(load(t, data))
	if fmt.Sprintf("%#v", p1.Compact) != fmt.Sprintf("%#v", p2.Compact) || fmt.Sprintf("%#v", p1.PolicyIndex) != fmt.Sprintf("%#v", p2.PolicyIndex) {
		t.Fatal("two builds of one config differ")
	}
}

func TestDump(t *testing.T) {
	data := []byte(`{"destinations": [
		{"name": "foo.bar", "acl": {"publish": ["alice"]}},
		{"name": "foo.*", "acl": {"publish": ["bob"], "subscribe": ["ops"]}},
		{"name": "foo.>"},
		{"name": "*.bar.>", "acl": {"subscribe": ["ops"]}}
	]}`)
	want := `exact "foo.bar" best=0 matches=[0 1 2] publish={alice bob} subscribe={ops}
automaton 0 deterministic
node 0 root star=1 term=- tail=- tails=[] terms=[]
node 1 root.* star=- term=- tail=- tails=[] terms=[]
node 2 root.foo star=4 term=- tail=2 tails=[2] terms=[]
node 3 root.*.bar star=- term=- tail=3 tails=[3] terms=[]
node 4 root.foo.* star=- term=1 tail=- tails=[] terms=[1]
node 5 root.foo.bar star=- term=1 tail=3 tails=[3] terms=[1]
`
	if got := BuildWith(load(t, data), Options{Masks: MasksOff}).Dump(); got != want {
		t.Errorf("Dump:\n%s\nwant:\n%s", got, want)
	}
	// The tables' form (MasksAll: the cost model keeps this config's one
	// deterministic automaton for every length a pattern has, see
	// chooseMasks).
	want = `exact "foo.bar" best=0 matches=[0 1 2] publish={alice bob} subscribe={ops}
mask 0 L* patterns=[1]
mask 1 *L> patterns=[3]
mask 2 L> patterns=[2]
length 1 masks=[]
length 2 masks=[0 2]
lengths 3-64 masks=[1 2]
`
	if got := BuildWith(load(t, data), Options{Masks: MasksAll}).Dump(); got != want {
		t.Errorf("Dump:\n%s\nwant:\n%s", got, want)
	}
	if got := Build(load(t, data)).Dump(); !strings.Contains(got, "automaton 0 deterministic\n") || !strings.Contains(got, "length 1 masks=[]\n") {
		t.Errorf("Build's Dump shows no automaton for lengths 2-64 and no empty table set for length 1 (no pattern):\n%s", got)
	}
}

func modelLoad(data []byte) (*model.Model, error) {
	m, diags := model.Load("t.json", data)
	return m, diags.Err()
}

// TestPolicyIndex checks that narrowing policies by prefix never changes
// Broker-J's answer: with each candidate checked by its full regexp, the
// index finds exactly what the reference interpreter finds.
func TestPolicyIndex(t *testing.T) {
	data := []byte(`{"nodeAutoCreationPolicies": [
		{"pattern": "a\\.b\\..*", "nodeType": "queue", "createdOnPublish": true},
		{"pattern": "a\\..*", "nodeType": "queue", "createdOnConsume": true},
		{"pattern": "x|a\\.b\\.c|yy", "nodeType": "queue", "createdOnPublish": true, "createdOnConsume": true},
		{"pattern": ".*\\.dlq", "nodeType": "queue", "createdOnPublish": true},
		{"pattern": "a[0-9]+\\..*", "nodeType": "queue", "createdOnPublish": true},
		{"pattern": "(?s)a\\.b.*", "nodeType": "queue", "createdOnConsume": true},
		{"pattern": "", "nodeType": "queue", "createdOnPublish": true},
		{"pattern": "a", "nodeType": "exchange", "createdOnPublish": true},
		{"pattern": "\ufffd|q\ufffd.*", "nodeType": "queue", "createdOnPublish": true},
		{"pattern": "r\ufffd.*", "nodeType": "queue", "createdOnPublish": true},
		{"pattern": "s\ufffd+", "nodeType": "queue", "createdOnPublish": true}
	]}`)
	m := load(t, data)
	ref := reference.New(m)
	p := Build(m)
	idx := runtime.NewPolicyIndex(&p.PolicyIndex)
	var res []*regexp.Regexp
	for _, pol := range m.Policies {
		res = append(res, regexp.MustCompile(pol.GoRegexp))
	}
	match := func(i int, name string) bool { return res[i].MatchString(name) }
	names := append(smallscope.Names([]string{"a", "b", "c", "x", "dlq", "a1"}, 4), "", "yy", "a.b\nc", "a\n.b", "a.b.\u2028", "x.dlq\r",
		"\xff", "\ufffd", "q\xfe", "r\x80x", "s\xff\xff", "s\ufffd")
	for _, name := range names {
		for _, op := range []runtime.Op{runtime.Publish, runtime.Consume, runtime.NumOps} {
			got, gotOK := idx.Find(name, op, match)
			want, wantOK := ref.AutoCreate(name, op)
			if gotOK != wantOK || gotOK && got != want {
				t.Errorf("Find(%q, %v) = %d, %v; reference %d, %v", name, op, got, gotOK, want, wantOK)
			}
		}
	}
}

// TestLargeACLSets covers ACL sets past the size granted compares member
// by member, so both of its paths agree with the reference.
func TestLargeACLSets(t *testing.T) {
	var many []string
	for i := range 70 { // more than one 64-bit word
		many = append(many, fmt.Sprintf("u%d", i))
	}
	acl, _ := json.Marshal(many)
	data := []byte(fmt.Sprintf(`{"destinations": [
		{"name": "a.b", "acl": {"publish": %s}},
		{"name": "a.*", "acl": {"subscribe": ["u3", "u69", "x"]}},
		{"name": "a.>", "acl": {"publish": ["y"], "subscribe": %s}}
	]}`, acl, acl))
	names := []string{"a.b", "a.c", "a.b.c", "b"}
	m := load(t, data)
	ref := reference.New(m)
	mt := &Build(m).Matcher
	for _, name := range names {
		for _, ps := range [][]string{{"u0"}, {"u63"}, {"u64"}, {"u69"}, {"x"}, {"y"}, {"zz", "u5"}, {"zz"}, nil} {
			for op := range runtime.NumOps {
				if got, want := mt.Allowed(op, name, principalsOf(mt, ps)), ref.Allowed(op, name, ps...); got != want {
					t.Errorf("Allowed(%v, %q, %q) = %v, reference %v", op, name, ps, got, want)
				}
			}
		}
	}
}

// TestPolicyIndexDeepNesting nests 40 policy prefixes in one name (a
// crowded bucket of the index, which it splits) and checks that the
// lowest-numbered one enabled for the operation still wins.
func TestPolicyIndexDeepNesting(t *testing.T) {
	var pols []string
	for k := 40; k >= 1; k-- { // longest prefix first: the lowest index wins
		op := "createdOnPublish"
		if k%3 == 0 {
			op = "createdOnConsume"
		}
		pols = append(pols, fmt.Sprintf(`{"pattern": "%s.*", "nodeType": "queue", %q: true}`, strings.Repeat("a", k), op))
	}
	m := load(t, []byte(`{"nodeAutoCreationPolicies": [`+strings.Join(pols, ",")+`]}`))
	ref := reference.New(m)
	idx := runtime.NewPolicyIndex(&Build(m).PolicyIndex)
	var res []*regexp.Regexp
	for _, pol := range m.Policies {
		res = append(res, regexp.MustCompile(pol.GoRegexp))
	}
	match := func(i int, name string) bool { return res[i].MatchString(name) }
	for n := 0; n <= 45; n++ {
		name := strings.Repeat("a", n)
		for _, op := range []runtime.Op{runtime.Publish, runtime.Consume} {
			got, gotOK := idx.Find(name, op, match)
			want, wantOK := ref.AutoCreate(name, op)
			if gotOK != wantOK || gotOK && got != want {
				t.Errorf("Find(a*%d, %v) = %d, %v; reference %d, %v", n, op, got, gotOK, want, wantOK)
			}
		}
	}
}

// TestExhaustiveSmallScopeMaskSplit repeats the pairs of
// TestExhaustiveSmallScope with every group split by wildcard mask, as
// Build splits a group past maxDFASize, so that the order of those
// automata (byMask) is held to the reference too.
func TestExhaustiveSmallScopeMaskSplit(t *testing.T) {
	forceMaskSplit = true
	defer func() { forceMaskSplit = false }()
	names := append(smallscope.Names([]string{"a", "b", "c"}, 4), "", "a..b", "a.*", strings.Repeat("a.", 70)+"a")
	compareAllPairs(t, smallScopePatterns(), names, false)
}

// TestDFABlowUpFallsBack builds k patterns of k elements, pattern i literal
// at element i and '*' elsewhere: the names' prefixes reach 2^k distinct
// sets of patterns, so determinizing exceeds maxDFASize and Build splits
// the patterns by wildcard mask, whose automata's answers must still be
// right.
func TestDFABlowUpFallsBack(t *testing.T) {
	const k = 14
	var pats []string
	for i := range k {
		elems := slices.Repeat([]string{"*"}, k)
		elems[i] = "l"
		pats = append(pats, strings.Join(elems, "."))
	}
	data := configJSON(true, pats...)
	// Pattern 0 branches first at element 1, the rest at 0: two groups,
	// the first deterministic, the second (13 patterns, 2^13 states) too
	// large, split by mask (one a pattern) and merged back into two
	// automata that fit; all for names of 14 elements, their patterns'
	// length.
	if got := fmt.Sprint(BuildWith(load(t, data), Options{Masks: MasksOff}).Compact.Automata); got != "[0 1 14 15 1 14 3082 1 14]" {
		t.Fatalf("automata (start, kind, elements) %s; want [0 1 14 15 1 14 3082 1 14]", got)
	}
	var names []string
	for mask := 0; mask < 1<<k; mask += 97 {
		elems := make([]string, k)
		for i := range elems {
			elems[i] = "o"
			if mask&(1<<i) != 0 {
				elems[i] = "l"
			}
		}
		names = append(names, strings.Join(elems, "."))
	}
	compare(t, data, names)
	// Three automata of 14 steps cost the model more than the tables.
	if c := Build(load(t, data)).Compact; len(c.Automata) != 0 || c.MaskDepths[2*k] != 1 {
		t.Errorf("cost model: automata %v, tables for length %d %d; want tables only", c.Automata, k, c.MaskDepths[2*k])
	}
	// Fewer patterns fit, and determinize.
	if got := fmt.Sprint(BuildWith(load(t, configJSON(true, pats[:6]...)), Options{Masks: MasksOff}).Compact.Automata); got != "[0 1 14]" {
		t.Errorf("6 patterns: automata %s; want one deterministic", got)
	}
	// The same patterns at 13 elements too: a group of two lengths and
	// no '>' too large alone gets automata per length first, as it did
	// before masks split anything (writeLengths), so each length's
	// automata are adjacent; split by mask first, lengths would alternate.
	both := pats[1:] // those whose first '*' is at element 0, one group
	for i := 1; i < k-1; i++ {
		elems := slices.Repeat([]string{"*"}, k-1)
		elems[i] = "l"
		both = append(both, strings.Join(elems, "."))
	}
	data = configJSON(true, both...)
	a := BuildWith(load(t, data), Options{Masks: MasksOff}).Compact.Automata
	left := map[uint32]bool{}
	for i := runtime.AutomatonStride; i < len(a); i += runtime.AutomatonStride {
		if prev := a[i+2-runtime.AutomatonStride]; a[i+2] != prev {
			left[prev] = true
		}
		if left[a[i+2]] || a[i+2] == 0 {
			t.Fatalf("13 and 14 elements: automata (start, kind, elements) %v; want each length's adjacent", a)
		}
	}
	var names13 []string
	for _, n := range names {
		names13 = append(names13, n, n[2:])
	}
	compare(t, data, names13)
}

// TestSplitAutomata gives each group of patterns by first '*' position its
// own automaton, as large configs get, then each wildcard mask its own
// (as a group too large even alone gets), and compares every lookup with
// the reference on all pairs and on random sets of up to six patterns of
// up to four elements.
func TestSplitAutomata(t *testing.T) {
	t.Run("first star", func(t *testing.T) {
		forceSplit = true
		defer func() { forceSplit = false }()
		testSplitAutomata(t)
	})
	t.Run("mask", func(t *testing.T) {
		forceMaskSplit = true
		defer func() { forceMaskSplit = false }()
		testSplitAutomata(t)
	})
}

func testSplitAutomata(t *testing.T) {
	before := comparePaired
	defer func() {
		if comparePaired == before {
			t.Error("no config walked two automata in lockstep")
		}
	}()
	names := append(smallscope.Names([]string{"a", "b", "c"}, 4), "a.b.c.a.b")
	compareAllPairs(t, validPatterns(3), names, false)
	pats := validPatterns(4)
	r := rand.New(rand.NewPCG(3, 4))
	rounds := 2000
	if testing.Short() {
		rounds = 300
	}
	for range rounds {
		set := map[string]bool{}
		for n := 2 + r.IntN(5); len(set) < n; {
			set[pats[r.IntN(len(pats))]] = true
		}
		var cfg []string
		for p := range set {
			cfg = append(cfg, p)
		}
		sort.Strings(cfg)
		r.Shuffle(len(cfg), func(i, j int) { cfg[i], cfg[j] = cfg[j], cfg[i] })
		compare(t, configJSON(true, cfg...), names)
	}
}

// TestAutomatonPerLength checks that a group of patterns none of which
// ends in '>' gets an automaton per pattern length, for names of that
// length only, and that a '>' pattern in the group keeps it whole; the
// lookups of names of every length from 1 to 5 must agree with the
// reference either way.
func TestAutomatonPerLength(t *testing.T) {
	names := append(smallscope.Names([]string{"a", "b"}, 5), "a.b.c.a.b.c")
	for _, tc := range []struct {
		patterns []string
		want     string // Compact.Automata: start, deterministic, elements
	}{
		{[]string{"*.a", "*.b.*", "*.*.a", "*.a.b.*"}, "[0 1 2 3 1 3 10 1 4]"},
		{[]string{"*.a", "*.b.*", "*.*.a", "*.a.>"}, "[0 1 0]"},
		{[]string{"*.a", "*.b"}, "[0 1 2]"},
	} {
		data := configJSON(true, tc.patterns...)
		if got := fmt.Sprint(BuildWith(load(t, data), Options{Masks: MasksOff}).Compact.Automata); got != tc.want {
			t.Errorf("%q: automata %s; want %s", tc.patterns, got, tc.want)
		}
		compare(t, data, names)
	}
}

// TestWideStates gives states more literal edges than a record lists
// (runtime.maxListed), so lookups go through a record's hash table, with
// elements of 1 to 20 bytes (one word, two words, the long table); then
// the same with an automaton per '*' position (three), which the runtime
// walks two at a time.
func TestWideStates(t *testing.T) {
	testWideStates(t)
	forceSplit = true
	defer func() { forceSplit = false }()
	if got := len(Build(load(t, configJSON(true, "a.*", "*.a.z", "a.a.>"))).Compact.Automata); got != 3*runtime.AutomatonStride {
		t.Fatalf("forceSplit: %d values of Automata; want 3 automata", got)
	}
	testWideStates(t)
}

func testWideStates(t *testing.T) {
	var pats, elems []string
	for i := range 20 {
		e := strings.Repeat(string(rune('a'+i)), i+1)
		elems = append(elems, e)
		pats = append(pats, e+".*", "*."+e+".z", e+"."+e+".>")
	}
	pats = append(pats, "*.*")
	names := smallscope.Names(append(elems, "z", "q"), 3)
	compare(t, configJSON(true, pats...), names)
}

// principalsOf looks a caller's principals up, as its authentication would.
func principalsOf(mt *runtime.Matcher, names []string) []runtime.Principal {
	ps := make([]runtime.Principal, len(names))
	for i, n := range names {
		ps[i] = mt.Principal(n)
	}
	return ps
}
