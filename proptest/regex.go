package proptest

import (
	"strings"
)

// Rx is a Java regular expression from a small grammar of constructs that
// Java and Go's regexp agree on (so gen/javaregex should accept them), with
// a sampler that produces matching strings, so that auto-creation hits are
// common. Op picks the construct (see String); Arg its variant.
type Rx struct {
	Op   int
	Arg  int
	Kids []Rx
}

const (
	rxLit = iota
	rxDotStar
	rxClass
	rxConcat
	rxAlt
	rxRepeat
	rxFlags
	numRxOps
)

// rxLits are literals as Java source and as the text they match.
var rxLits = []struct{ java, text string }{
	{"a", "a"}, {"b", "b"}, {`\.`, "."}, {"rob", "rob"}, {"x1", "x1"}, {"é", "é"}, {"-", "-"}, {`\$`, "$"},
	{"\x00", "\x00"}, // a raw NUL is a literal, as in Java
}

// rxClasses are character classes with one member each.
var rxClasses = []struct{ java, text string }{
	{"[a-c]", "b"}, {"[^.]", "q"}, {`\d`, "7"}, {`\w`, "_"}, {"[.x]", "."}, {`\s`, " "}, {".", "a"}, {`[^\s.]`, "k"},
	{`[\uD800a]`, "a"}, // a lone surrogate matches nothing a name holds
}

// rxQuants are quantifiers and the repeat counts they allow, as (min, max).
var rxQuants = []struct {
	java     string
	min, max int
}{
	{"*", 0, 2}, {"+", 1, 2}, {"?", 0, 1}, {"{2}", 2, 2}, {"{1,3}", 1, 3}, {"*?", 0, 2},
}

// String returns the Java source of the expression.
func (r Rx) String() string {
	switch wrap(r.Op, numRxOps) {
	case rxLit:
		return rxLits[wrap(r.Arg, len(rxLits))].java
	case rxDotStar:
		return ".*"
	case rxClass:
		return rxClasses[wrap(r.Arg, len(rxClasses))].java
	case rxConcat:
		var b strings.Builder
		for _, k := range r.Kids {
			b.WriteString(k.group(wrap(k.Op, numRxOps) == rxAlt))
		}
		return b.String()
	case rxAlt:
		alts := make([]string, len(r.Kids))
		for i, k := range r.Kids {
			alts[i] = k.String()
		}
		if len(alts) == 0 {
			return "a"
		}
		if wrap(r.Arg, 2) == 1 {
			return "(" + strings.Join(alts, "|") + ")" // a capturing group
		}
		return strings.Join(alts, "|")
	case rxRepeat:
		return r.kid().group(true) + rxQuants[wrap(r.Arg, len(rxQuants))].java
	}
	flag := "s"
	if wrap(r.Arg, 2) == 1 {
		flag = "i"
	}
	return "(?" + flag + ":" + r.kid().String() + ")"
}

// kid returns the operand of a unary construct; "a" if there is none.
func (r Rx) kid() Rx {
	if len(r.Kids) == 0 {
		return Rx{Op: rxLit}
	}
	return r.Kids[0]
}

// group returns the expression, in a (?:...) group when it has more than
// one atom and must be one (an operand, or an alternation inside a
// concatenation).
func (r Rx) group(must bool) string {
	s := r.String()
	op := wrap(r.Op, numRxOps)
	atomic := op == rxClass || op == rxFlags || (op == rxLit && len([]rune(strings.TrimPrefix(s, `\`))) == 1) ||
		(op == rxAlt && wrap(r.Arg, 2) == 1 && len(r.Kids) > 0)
	if !must || atomic {
		return s
	}
	return "(?:" + s + ")"
}

// picker hands out the choices a sample makes, cycling through the name
// recipe's picks so a shrunk recipe still makes choices.
type picker struct {
	picks []int
	i     int
}

func (p *picker) next(n int) int {
	if len(p.picks) == 0 || n <= 0 {
		return 0
	}
	v := p.picks[p.i%len(p.picks)]
	p.i++
	return wrap(v, n)
}

// Sample returns a string the expression is meant to match. It need not:
// the tests compare the generated code with the reference, not with the
// sampler, which only makes hits frequent.
func (r Rx) Sample(p *picker, dotAll bool) string {
	switch wrap(r.Op, numRxOps) {
	case rxLit:
		return rxLits[wrap(r.Arg, len(rxLits))].text
	case rxDotStar:
		return dotStarSample(p, dotAll)
	case rxClass:
		return rxClasses[wrap(r.Arg, len(rxClasses))].text
	case rxConcat:
		var b strings.Builder
		for _, k := range r.Kids {
			b.WriteString(k.Sample(p, dotAll))
		}
		return b.String()
	case rxAlt:
		if len(r.Kids) == 0 {
			return "a"
		}
		return r.Kids[p.next(len(r.Kids))].Sample(p, dotAll)
	case rxRepeat:
		q := rxQuants[wrap(r.Arg, len(rxQuants))]
		var b strings.Builder
		for range q.min + p.next(q.max-q.min+1) {
			b.WriteString(r.kid().Sample(p, dotAll))
		}
		return b.String()
	}
	if wrap(r.Arg, 2) == 0 {
		return r.kid().Sample(p, true)
	}
	s := r.kid().Sample(p, dotAll)
	if p.next(2) == 1 {
		s = asciiUpper(s) // (?i) matches either case
	}
	return s
}

// dotStarSample is what `.*` matches: any characters but Java's line
// terminators, which only (?s) lets through.
func dotStarSample(p *picker, dotAll bool) string {
	chars := []string{"a", ".", "é", "Z", "\t", "\n", "\u2028"}
	if !dotAll {
		chars = chars[:5]
	}
	var b strings.Builder
	for range p.next(4) {
		b.WriteString(chars[p.next(len(chars))])
	}
	return b.String()
}

func asciiUpper(s string) string {
	return strings.Map(func(r rune) rune {
		if 'a' <= r && r <= 'z' {
			return r - 'a' + 'A'
		}
		return r
	}, s)
}

// policyLits are the literals of the simple policy forms, chosen to meet
// the destination names (a., a.b) as well as Qpid-style names.
var policyLits = []struct{ java, text string }{
	{`a\.`, "a."}, {`a\.b`, "a.b"}, {`rob\.durable\.`, "rob.durable."}, {`\.dlq`, ".dlq"}, {"b", "b"}, {`a\.\*`, "a.*"},
}

// Policy forms: the shapes gen/javaregex.Analyze recognises, which the
// emitter matches without regexp, are drawn as often as the general form.
const (
	formGeneral = iota
	formPrefix  // lit.*
	formSuffix  // .*lit
	formLits    // lit|lit2
	formLit     // lit
	numForms
)

// Pattern returns the policy's Java pattern.
func (p Policy) Pattern() string {
	a, b := policyLits[wrap(p.Lit, len(policyLits))], policyLits[wrap(p.Lit2, len(policyLits))]
	var s string
	switch wrap(p.Form, numForms) {
	case formGeneral:
		s = p.Rx.String()
	case formPrefix:
		s = a.java + ".*"
	case formSuffix:
		s = ".*" + a.java
	case formLits:
		s = a.java + "|" + b.java
	case formLit:
		s = a.java
	}
	if wrap(p.Flag, 2) == 1 {
		s = "(?s)" + s
	}
	return s
}

// Sample returns a name the policy's pattern is meant to match.
func (p Policy) Sample(pk *picker) string {
	dotAll := wrap(p.Flag, 2) == 1
	a, b := policyLits[wrap(p.Lit, len(policyLits))], policyLits[wrap(p.Lit2, len(policyLits))]
	switch wrap(p.Form, numForms) {
	case formGeneral:
		return p.Rx.Sample(pk, dotAll)
	case formPrefix:
		return a.text + dotStarSample(pk, dotAll)
	case formSuffix:
		return dotStarSample(pk, dotAll) + a.text
	case formLits:
		if pk.next(2) == 1 {
			return b.text
		}
	}
	return a.text
}

// Unsupported are constructs Java accepts but the translator must reject
// in any context (no RE2 pattern expresses them, or Java's backtracking
// gives them a meaning the translator does not model), each at the
// construct.
var Unsupported = []string{
	`(?=a)`, `(?!a)`, `(?<=a)`, `(?<!a)`, `(?>a)`, `(a)\1`, `a*+a`, `a++a`, `a?+a`,
	`\b`, `\B`, `\G`, `\R{2}`, `\X`, `(?m)^a`, `(?#c)`,
}
