package plan

import (
	"bufio"
	"math/rand/v2"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/destgen/destgen/gen/javaregex"
	"github.com/destgen/destgen/runtime"
)

// dfaCase is a policy list compiled both ways: automata, run by the
// runtime's PolicyIndex, and the regexps Broker-J's loop would try in
// order.
type dfaCase struct {
	index *runtime.PolicyIndex
	res   []*regexp.Regexp
	ops   []uint8
}

// newDFACase compiles Java patterns (policy i enabled for the operations
// ops[i%len(ops)]) into one automaton for the list, or with own into one
// automaton per policy, each standing for its CheckMatch policy's match
// function (every name a candidate, as with an empty key); ok is false
// when an automaton does not fit.
func newDFACase(t testing.TB, java []string, ops []uint8, own bool) (*dfaCase, bool) {
	t.Helper()
	c := &dfaCase{}
	var pols []dfaPolicy
	cp := &runtime.CompactPolicies{}
	for i, j := range java {
		goRe, err := javaregex.Translate(j)
		if err != nil {
			t.Fatalf("%q: %v", j, err)
		}
		prog, ok := policyProg(goRe)
		if !ok {
			t.Fatalf("%q: no program", j)
		}
		o := ops[i%len(ops)]
		pols = append(pols, dfaPolicy{index: uint32(i), ops: o, prog: prog})
		c.res, c.ops = append(c.res, regexp.MustCompile(goRe)), append(c.ops, o)
		if own {
			cp.Flags = append(cp.Flags, o|runtime.AnchorAffix|runtime.CheckMatch)
			cp.EntryPolicy, cp.LiteralEnds, cp.AtEnd = append(cp.EntryPolicy, uint32(i)), append(cp.LiteralEnds, 0), append(cp.AtEnd, false)
		} else {
			cp.Flags = append(cp.Flags, o|runtime.CheckAutomaton)
		}
	}
	groups := [][]dfaPolicy{pols}
	if own {
		groups = nil
		for _, p := range pols {
			groups = append(groups, []dfaPolicy{p})
		}
	}
	for _, g := range groups {
		a, ok := buildAutomaton(g, maxPolicyStates)
		if !ok {
			return nil, false
		}
		if err := a.Validate(); err != nil {
			t.Fatalf("%q: %v", java, err)
		}
		cp.Automata = append(cp.Automata, *a)
	}
	c.index = runtime.NewPolicyIndex(cp)
	return c, true
}

// noMatch is the match function of a case whose policies all have
// automata: the index must never call it.
func noMatch(t testing.TB) func(int, string) bool {
	return func(p int, name string) bool {
		t.Fatalf("match called for policy %d on %q", p, trunc(name))
		return false
	}
}

// check compares the automata's answer for name with the regexps'.
func (c *dfaCase) check(t testing.TB, name string) {
	t.Helper()
	for op := range runtime.NumOps {
		want := -1
		for i, re := range c.res {
			if c.ops[i]&(1<<op) != 0 && re.MatchString(name) {
				want = i
				break
			}
		}
		got, ok := c.index.Find(name, op, noMatch(t))
		if !ok {
			got = -1
		}
		if got != want {
			t.Fatalf("op %d, name %q: automaton says policy %d, regexp %d", op, trunc(name), got, want)
		}
	}
}

func trunc(s string) string {
	if len(s) > 80 {
		return s[:80] + "..." + strconv.Itoa(len(s)) + " bytes"
	}
	return s
}

// adversarial are inputs that reach every special case of the runtime's
// loop: every Java line terminator, invalid UTF-8 of every kind (stray
// continuation bytes, truncated and overlong sequences, surrogates, runes
// past U+10FFFF, bytes that never start one), U+FFFD both valid and not,
// names that end inside a pair or a quad step, and runs of `.*`.
var adversarial = []string{
	"", "a", "\n", "\r", "\x0e", "\x0d", "\u0085", "\u2028", "\u2029", "\r\n", "\x00", "\x7f",
	"\x80", "\xbf", "\xc0\x80", "\xc2", "\xc2\x85", "\xc2\x85x", "\xe2\x80", "\xe2\x80\xa8", "\xe2\x80\xa9",
	"\xe2\x80x", "\xed\xa0\x80", "\xef\xbf\xbd", "\xf0\x9f\x98", "\xf0\x9f\x98\x80", "\xf4\x90\x80\x80",
	"\xf5", "\xff", "\xfe\xff", "K", "k", "\u212a", "s", "S", "\u017f", "é", "É",
}

// namesFor draws names for a case: pieces of its patterns' matches and
// of the adversarial inputs, joined at random, so that they match now and
// then and fail at every position.
func namesFor(rng *rand.Rand, pieces []string, n int) []string {
	var out []string
	for range n {
		var b strings.Builder
		for range rng.IntN(12) {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		out = append(out, b.String())
	}
	return out
}

// realistic are the patterns of issue 22 and the benchmark's workloads.
var realistic = []string{
	`tenant\.t5\.tmp\..*`, `.*\.dlq`, `(?i)reply\.[a-z0-9]{8}`, `svc\.[a-z]+\.v[0-9]+\..*`,
	`[a-z]+\.v[0-9]+\.acme\..*`, `acme\.[0-9]+\.work`, `acme\.work\.q[0-9]{2,4}`, `(?i)acme\.work\.[a-z0-9]+`,
	`(?s)tmp\..*`, `r\x{FFFD}.*`, `[^a]*`, `.`, `(?s).`, `\w+\W`, `x[^\x0E]*`, `[\x{80}-\x{10FFFF}]+`, `(?i)k+s`,
}

// realisticPieces are the pieces names for the realistic patterns are
// made of.
var realisticPieces = append([]string{
	"tenant.", "t5.", "tmp.", ".dlq", "reply.", "REPLY.", "ab12cd34", "svc.", "orders.", "v", "12", ".", "acme.",
	"work.", "q", "123", "Work", "r", "\ufffd", "x", "K", "kks", "\u212a\u017f",
}, adversarial...)

func TestPolicyDFARealistic(t *testing.T) {
	rng := rand.New(rand.NewPCG(22, 1))
	for _, own := range []bool{false, true} {
		c, ok := newDFACase(t, realistic, []uint8{3, 1, 2, 0}, own)
		if !ok {
			t.Fatal("the realistic list does not fit")
		}
		for _, n := range append(adversarial, namesFor(rng, realisticPieces, 20000)...) {
			c.check(t, n)
		}
	}
}

// TestPolicyDFALongNames runs 1 MB names through every step of the loop:
// the skip states' words, the quad and pair tables, single runes.
func TestPolicyDFALongNames(t *testing.T) {
	c, ok := newDFACase(t, realistic, []uint8{3}, false)
	if !ok {
		t.Fatal("no automaton")
	}
	mb := 1 << 20
	for _, n := range []string{
		strings.Repeat("a", mb), "svc.orders.v1." + strings.Repeat("x.", mb/2),
		"svc.orders.v1." + strings.Repeat("x", mb) + "\n", "svc.orders.v1." + strings.Repeat("é", mb/2),
		"svc.orders.v1." + strings.Repeat("y", mb) + "\xff", "acme." + strings.Repeat("7", mb) + ".work",
		"tenant.t5.tmp." + strings.Repeat("\u2028", mb/3), strings.Repeat("\xff", mb), strings.Repeat("é", mb/2) + "\u2029",
	} {
		c.check(t, n)
	}
}

// TestPolicyDFARandom compares automata with regexp on random patterns
// and names, both as one list automaton and as one per policy.
func TestPolicyDFARandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(22, 2))
	rounds := 150
	if testing.Short() {
		rounds = 30
	}
	for range rounds {
		var java []string
		var pieces []string
		for range 1 + rng.IntN(4) {
			p := randomJava(rng, 3)
			if _, err := javaregex.Translate(p); err != nil {
				continue
			}
			java = append(java, p)
			pieces = append(pieces, strings.Split(p, `\`)...)
		}
		if len(java) == 0 {
			continue
		}
		pieces = append(pieces, adversarial...)
		for _, own := range []bool{false, true} {
			c, ok := newDFACase(t, java, []uint8{3, 1, 2}, own)
			if !ok {
				continue
			}
			for _, n := range namesFor(rng, pieces, 200) {
				c.check(t, n)
			}
		}
	}
}

// randomJava draws a Java pattern from a small grammar that reaches
// classes, folding, dot-all, repetition and alternation.
func randomJava(rng *rand.Rand, depth int) string {
	atoms := []string{"a", "b", "k", "s", `\.`, ".", "é", "\u212a", `[a-c]`, `[^a]`, `\d`, `\w`, `\s`, `[\x{80}-\x{FFFF}]`,
		`\x{FFFD}`, `\n`, `\x{2028}`, `[^\n]`}
	if depth == 0 || rng.IntN(3) == 0 {
		return atoms[rng.IntN(len(atoms))]
	}
	var b strings.Builder
	switch rng.IntN(6) {
	case 0:
		b.WriteString("(?i)")
	case 1:
		b.WriteString("(?s)")
	}
	for range 1 + rng.IntN(3) {
		sub := randomJava(rng, depth-1)
		switch rng.IntN(6) {
		case 0:
			sub = "(?:" + sub + ")*"
		case 1:
			sub = "(?:" + sub + ")+"
		case 2:
			sub = "(?:" + sub + "){1,3}"
		case 3:
			sub = "(?:" + sub + "|" + randomJava(rng, depth-1) + ")"
		}
		b.WriteString(sub)
	}
	return b.String()
}

// TestPolicyDFAJava runs every pattern of the Java-recorded cases that
// Translate accepts through an automaton of its own, against Java's
// answers.
func TestPolicyDFAJava(t *testing.T) {
	f, err := os.Open("../javaregex/testdata/expected.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	var c *dfaCase
	pattern, checked, patterns, line := "", 0, 0, 0
	for sc.Scan() {
		line++
		l := sc.Text()
		if len(l) < 1 || l[0] == '#' {
			continue
		}
		text := ""
		if len(l) > 2 {
			text = unescapeJavaCase(t, l[2:])
		}
		switch l[0] {
		case 'p':
			pattern, c = text, nil
			if _, err := javaregex.Translate(pattern); err == nil {
				if c, _ = newDFACase(t, []string{pattern}, []uint8{1}, false); c != nil {
					patterns++
				}
			}
		case 'm':
			m, in, _ := strings.Cut(text, " ")
			if c == nil || m != "0" && m != "1" {
				continue
			}
			got, _ := c.index.Find(in, runtime.Publish, noMatch(t))
			if (got == 0) != (m == "1") {
				t.Errorf("expected.txt:%d: %q on %q: automaton says %v, Java %s", line, pattern, in, got == 0, m)
			}
			checked++
		}
	}
	if patterns < 150 || checked < 350 {
		t.Errorf("only %d patterns, %d answers checked", patterns, checked)
	}
	t.Logf("%d patterns, %d Java answers", patterns, checked)
}

// unescapeJavaCase decodes the case files' %{HEX} and %%.
func unescapeJavaCase(t *testing.T, s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '%' || i+1 == len(s) {
			b.WriteByte(s[i])
			continue
		}
		if s[i+1] == '%' {
			b.WriteByte('%')
			i++
			continue
		}
		end := strings.IndexByte(s[i:], '}')
		cp, err := strconv.ParseUint(s[i+2:i+end], 16, 32)
		if err != nil || s[i+1] != '{' {
			t.Fatalf("bad escape in %q", s)
		}
		b.WriteRune(rune(cp))
		i += end
	}
	return b.String()
}

// TestPolicyDFABlowUp: a pattern whose automaton has 2^21 states stops at
// the bound quickly and keeps its regexp; the list's other General
// policies still get theirs.
func TestPolicyDFABlowUp(t *testing.T) {
	start := time.Now()
	p := Build(load(t, []byte(`{"nodeAutoCreationPolicies": [
		{"pattern": "(a|b)*a(a|b){20}", "nodeType": "queue", "createdOnPublish": true},
		{"pattern": "acme\\.[0-9]+\\.work", "nodeType": "queue", "createdOnPublish": true},
		{"pattern": "(?i)reply\\.[a-z0-9]{8}", "nodeType": "queue", "createdOnPublish": true}
	]}`)))
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("Build took %v", d)
	}
	if p.Policies[0].Automaton || p.Policies[0].Check != CheckMatch {
		t.Errorf("policy 0: automaton %v, check %v; want its regexp", p.Policies[0].Automaton, p.Policies[0].Check)
	}
	for _, pp := range p.Policies[1:] {
		if !pp.Automaton || pp.Check != CheckAutomaton {
			t.Errorf("policy %d: automaton %v, check %v; want the list's automaton", pp.Index, pp.Automaton, pp.Check)
		}
	}
	if n := len(p.PolicyIndex.Automata); n != 1 {
		t.Errorf("%d automata, want 1", n)
	}
}

// TestPolicyDFAStateBound builds a pattern whose construction makes a
// known number of states, with the bound at, below and above it.
func TestPolicyDFAStateBound(t *testing.T) {
	prog, _ := policyProg(`\A(?:abcdefgh)\z`)
	pols := []dfaPolicy{{index: 0, ops: 1, prog: prog}}
	// dead, start, one per byte read (8)
	const states = 10
	for _, c := range []struct {
		bound int
		fits  bool
	}{{states - 1, false}, {states, true}, {states + 1, true}} {
		if _, ok := buildAutomaton(pols, c.bound); ok != c.fits {
			t.Errorf("bound %d: fits = %v, want %v", c.bound, ok, c.fits)
		}
	}
}

// TestPolicyAutomataChoice pins which automata a list gets: one for the
// whole list (the fold); with forceNoFold one for its General policies,
// the others decided by their keys; with forceOwnAutomata one per
// General policy, reached through its key. Every way answers alike.
func TestPolicyAutomataChoice(t *testing.T) {
	for _, mode := range []string{"fold", "general", "own"} {
		forceNoFold, forceOwnAutomata = mode == "general", mode == "own"
		p := Build(load(t, entriesConfig))
		forceNoFold, forceOwnAutomata = false, false
		want, wantCheck, wantList := 1, CheckAutomaton, "policy-automaton 0 policies=[4 5 6 7 8 9]"
		switch mode {
		case "fold":
			wantList = "policy-automaton 0 policies=[0 1 2 3 4 5 6 7 8 9]"
		case "own":
			want, wantCheck, wantList = 6, CheckMatch, "policy-automaton 0 policies=[4]"
		}
		if n := len(p.PolicyIndex.Automata); n != want {
			t.Errorf("%s: %d automata, want %d", mode, n, want)
		}
		for _, pp := range p.Policies {
			general := pp.Index >= 4
			if mode == "fold" || general {
				if !pp.Automaton || pp.Check != wantCheck || (mode == "own") != (len(pp.Keys) == 1) {
					t.Errorf("%s: policy %d: automaton %v, check %v, keys %q", mode, pp.Index, pp.Automaton, pp.Check, pp.Keys)
				}
			} else if pp.Automaton || pp.Check == CheckAutomaton || len(pp.Keys) == 0 {
				t.Errorf("%s: policy %d: automaton %v, check %v, keys %q", mode, pp.Index, pp.Automaton, pp.Check, pp.Keys)
			}
		}
		if !strings.Contains(p.Dump(), wantList+" ") {
			t.Errorf("%s: Dump has no %q:\n%s", mode, wantList, p.Dump())
		}
		x := runtime.NewPolicyIndex(&p.PolicyIndex)
		for name, want := range map[string]int{
			"orders.v2.acme.x": 4, "acme.12.work": 5, "ACME.WORK.x1": 7, "acme.work.q12": 6, "abc": 8, "r\xff": 9, "r\xffx": 9, "R": -1,
			"rob.durable.x": 0, "rob.durable.x\ny": -1, "tmp.a\nb": -1, "x.dlq.acme": 2, "acme.ctl.stop": 3, "acme.ctl.stops": -1,
		} {
			got, ok := x.Find(name, runtime.Publish, noMatch(t))
			if !ok {
				got = -1
			}
			if got != want {
				t.Errorf("%s: %q: policy %d, want %d", mode, name, got, want)
			}
		}
		if got, ok := x.Find("tmp.a\nb", runtime.Consume, noMatch(t)); !ok || got != 1 {
			t.Errorf("%s: tmp.a\\nb on consume: policy %d, %v, want 1", mode, got, ok)
		}
	}
}

// TestFoldBound folds a list whose literal parts cost maxFoldStates
// states by foldPolicies' estimate, not one that costs one more, nor a
// list whose General policy has no automaton; a list of General policies
// only has the same shape unfolded.
func TestFoldBound(t *testing.T) {
	general := `{"pattern": "[a-z]+\\.v[0-9]+", "nodeType": "queue", "createdOnPublish": true},
		{"pattern": "acme\\.[0-9]+\\.work", "nodeType": "queue", "createdOnPublish": true}`
	cfg := func(generals string, keyBytes int) []byte {
		var pols []string
		if generals != "" {
			pols = append(pols, generals)
		}
		for i := 0; keyBytes > 0; i++ {
			n := min(keyBytes, 100)
			keyBytes -= n
			lit := strconv.Itoa(i) + strings.Repeat("k", n-len(strconv.Itoa(i))-1) + "."
			pols = append(pols, `{"pattern": "`+strings.ReplaceAll(lit, ".", `\\.`)+`.*", "nodeType": "queue", "createdOnPublish": true}`)
		}
		return []byte(`{"nodeAutoCreationPolicies": [` + strings.Join(pols, ",") + `]}`)
	}
	// The General automaton's states count against the bound too.
	g := Build(load(t, cfg(general, 0)))
	base := len(g.PolicyIndex.Automata[0].Next) / int(g.PolicyIndex.Automata[0].Classes)
	for _, c := range []struct {
		name     string
		generals string
		keyBytes int
		fold     bool
	}{
		{"below", general, maxFoldStates - base - 1, true},
		{"at", general, maxFoldStates - base, true},
		{"above", general, maxFoldStates - base + 1, false},
		{"no general", "", 10, false},
		{"general without automaton", general + `, {"pattern": "(a|b)*a(a|b){20}", "nodeType": "queue", "createdOnPublish": true}`, 10, false},
		{"generals only: their automaton is the whole list's", general, 0, true},
	} {
		p := Build(load(t, cfg(c.generals, c.keyBytes)))
		folded := len(p.PolicyIndex.Automata) == 1 && len(p.PolicyIndex.Automata[0].Policies) == len(p.Policies) && len(p.PolicyIndex.EntryPolicy) == 0
		if folded != c.fold {
			t.Errorf("%s: folded %v, want %v (%d automata, %d entries)", c.name, folded, c.fold, len(p.PolicyIndex.Automata), len(p.PolicyIndex.EntryPolicy))
		}
	}
}

// TestPolicyDFANoAllocs: Find through automata never allocates.
func TestPolicyDFANoAllocs(t *testing.T) {
	for _, own := range []bool{false, true} {
		c, _ := newDFACase(t, realistic, []uint8{3}, own)
		names := []string{"svc.orders.v12.eu.created", "REPLY.ab12cd34", "acme.work.Q\xff", strings.Repeat("é", 100)}
		if n := testing.AllocsPerRun(100, func() {
			for _, name := range names {
				c.index.Find(name, runtime.Publish, nil)
			}
		}); n != 0 {
			t.Errorf("own %v: %v allocations", own, n)
		}
	}
}

// BenchmarkPolicyDFA compares an automaton with one MatchString of the
// same pattern, interleaved by sub-benchmark.
func BenchmarkPolicyDFA(b *testing.B) {
	cases := []struct{ java, name string }{
		{`svc\.[a-z]+\.v[0-9]+\..*`, "svc.orders.v12.eu-west.created.batch"},
		{`(?i)reply\.[a-z0-9]{8}`, "REPLY.ab12cd34"},
		{`tenant\.[0-9]+\.work`, "tenant.12345.work"},
	}
	for _, c := range cases {
		d, ok := newDFACase(b, []string{c.java}, []uint8{3}, false)
		if !ok {
			b.Fatal("no automaton")
		}
		b.Run("impl=dfa/"+c.java, func(b *testing.B) {
			for b.Loop() {
				d.index.Find(c.name, runtime.Publish, nil)
			}
		})
		b.Run("impl=regexp/"+c.java, func(b *testing.B) {
			for b.Loop() {
				d.res[0].MatchString(c.name)
			}
		})
	}
}

// TestPolicyDFASkipStates puts every byte at every offset of a word in
// names a `.*`-like state reads, which the loop passes eight bytes at a
// time when they can only loop (automaton.lastSkip).
func TestPolicyDFASkipStates(t *testing.T) {
	for _, java := range []string{`x.*`, `x[^\x0E]*`, `x[^\x7F]*`, `x(?s).*`, `x[ -~]*`} {
		c, ok := newDFACase(t, []string{java}, []uint8{3}, false)
		if !ok {
			t.Fatal("no automaton")
		}
		for b := range 256 {
			for off := range 17 {
				name := []byte("x" + strings.Repeat("y", 24))
				name[1+off] = byte(b)
				c.check(t, string(name))
			}
		}
	}
}

// TestPolicyDFAWordLengths runs names of 0 to 41 bytes, around every
// multiple of runWords' 8-byte step, with each special byte or rune at
// each position (so that a word holds it first, last or not at all, and
// the padded last word holds it at every offset), through a list
// automaton, against regexp.
func TestPolicyDFAWordLengths(t *testing.T) {
	list := []string{`svc\.[a-z]+\.v[0-9]+\..*`, `(?i)reply\.[a-z0-9]{8}`, `acme\.[0-9]+\.work`, `x.*`, `x[^\x0E]*`, `[a-z.]{7,9}`, `[a-z.]{15,17}`, `y.{30}z`}
	c, ok := newDFACase(t, list, []uint8{3, 1}, false)
	if !ok {
		t.Fatal("no automaton")
	}
	fills := []string{"svc.orders.v12.eu.created.and.more.bytes", "reply.AB12cd34reply.AB12cd34xxxxxxxxxxxxxx", "acme.1234567890123456789012345678901.work", "x" + strings.Repeat("y", 40), strings.Repeat("ab.", 14), "y" + strings.Repeat(".", 30) + "z" + strings.Repeat("w", 10)}
	specials := []string{"\n", "\r", "\x0e", "\x7f", "\x80", "\xc2\x85", "\xff", "é", "\u2028", "A"}
	for _, f := range fills {
		for n := 0; n <= 41 && n <= len(f); n++ {
			name := f[:n]
			c.check(t, name)
			if n >= 1 && n <= len(f) && strings.HasPrefix(f, "acme.") && n > 9 {
				c.check(t, name[:n-5]+".work") // the fixed pattern's match at every length
			}
			for i := 0; i < n; i++ {
				for _, sp := range specials {
					c.check(t, name[:i]+sp+name[i+1:])
				}
			}
		}
	}
}
