package javaregex

import (
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestJavaDifferential compares Translate with Java 17 on random patterns
// and inputs. It needs a Java 17 JDK, so it only runs when asked:
//
//	JAVAREGEX_JAVA_DIFF=3000 go test -run TestJavaDifferential ./gen/javaregex/
//
// (the number of patterns; JAVAREGEX_JAVA_SEED picks the sequence;
// JAVAREGEX_JAVA_FOCUS=mdollar keeps only patterns whose (?m) $ reaches
// dollar_multiline.go's product, some 1 in 200 otherwise). Java
// rejecting a pattern Translate accepts, or any differing answer on an
// accepted one, fails the test; a case worth keeping belongs in
// testdata/cases.txt.
func TestJavaDifferential(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("JAVAREGEX_JAVA_DIFF"))
	if n <= 0 {
		t.Skip("set JAVAREGEX_JAVA_DIFF=<patterns> to compare with Java 17 (needs javac and java)")
	}
	seed, _ := strconv.ParseUint(os.Getenv("JAVAREGEX_JAVA_SEED"), 10, 64)
	rng := rand.New(rand.NewPCG(seed, 1))
	expected := runJava(t, genCases(rng, n, os.Getenv("JAVAREGEX_JAVA_FOCUS") == "mdollar"))
	compareWithJava(t, expected)
}

// compareWithJava checks Translate against Java's answers on each case:
// Java rejecting a pattern Translate accepts, or a differing answer on an
// accepted one, is an error. It logs what it compared.
func compareWithJava(t *testing.T, expected []*javaCase) {
	t.Helper()
	accepted, pairs, failures, noAnswer := 0, 0, 0, 0
	for _, c := range expected {
		re, err := Translate(c.pattern)
		switch {
		case err != nil:
			continue
		case c.rejected != "":
			failures++
			t.Errorf("Java rejects %q (%s) but Translate accepts it as %q", escapeCase(c.pattern), c.rejected, re)
			continue
		}
		accepted++
		rx := regexp.MustCompile(re)
		for i, in := range c.inputs {
			if a := c.answers[i]; a != '0' && a != '1' {
				noAnswer++ // Java backtracked too long or overflowed its stack
				t.Logf("no Java answer (%c) for %q on %q", a, escapeCase(c.pattern), escapeCase(in))
				continue
			}
			pairs++
			if got, want := rx.MatchString(in), c.answers[i] == '1'; got != want {
				failures++
				t.Errorf("%q on %q: Java %v, Go %v (%q)", escapeCase(c.pattern), escapeCase(in), want, got, re)
			}
		}
		if failures > 20 {
			t.Fatal("too many failures")
		}
	}
	t.Logf("%d patterns, %d accepted by Translate, %d (pattern, input) pairs compared, %d without a Java answer",
		len(expected), accepted, pairs, noAnswer)
}

// genCases writes n random patterns, each with its inputs, in the format
// of cases.txt; focus keeps only those that reachMultilineProduct.
func genCases(rng *rand.Rand, n int, focus bool) string {
	var b strings.Builder
	for i := 0; i < n; {
		pat := genPattern(rng, 3)
		switch {
		case focus:
			if rng.IntN(2) == 0 {
				pat = "(?m)" + pat
			}
			if !reachesMultilineProduct(pat) {
				continue
			}
		case i%4 == 3:
			pat = genSoup(rng) // mostly invalid: checks Java-rejects-so-do-we
		}
		i++
		fmt.Fprintf(&b, "p %s\n", escapeCaseLine(pat))
		for _, in := range genInputs(rng, pat) {
			fmt.Fprintf(&b, "i %s\n", escapeCaseLine(in))
		}
	}
	return b.String()
}

func escapeCaseLine(s string) string {
	e := escapeCase(s)
	if strings.HasSuffix(e, " ") {
		e = e[:len(e)-1] + "%{20}"
	}
	return e
}

// runJava compiles and runs testdata/JavaMatches.java on the cases.
func runJava(t *testing.T, cases string) []*javaCase {
	dir := t.TempDir()
	in, out := filepath.Join(dir, "cases.txt"), filepath.Join(dir, "expected.txt")
	if err := os.WriteFile(in, []byte(cases), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, cmd := range [][]string{
		{"javac", "-d", dir, "testdata/JavaMatches.java"},
		{"java", "-cp", dir, "JavaMatches", in, out},
	} {
		if msg, err := exec.Command(cmd[0], cmd[1:]...).CombinedOutput(); err != nil {
			t.Fatalf("%v: %v\n%s", cmd, err, msg)
		}
	}
	return readCases(t, out)
}

// Pieces the generator draws from: mostly constructs Translate accepts,
// some it rejects and some Java rejects, with the characters where Java
// and Go tend to differ.
var (
	genChars = []string{"a", "b", "k", "K", "s", "S", "i", "I", "-", "_", "1", " ", "é", "É",
		"\u212a", "\u017f", "\u0130", "\u0131", "\n", "\r", "\u0085", "\u2028", "\u2029",
		"\t", "\x0b", "\x0c", "\u00a0", "%", "😀", "#", "σ", "ς", "Σ", "ß", "\u1e9e", "ǅ", "µ", "Μ",
		"\ua7c0", "\ua7c1", "\u0870", "\u3000", "α", "٠", "\u00aa", "\u01c6"}
	genEscapes = []string{`\.`, `\s`, `\S`, `\d`, `\D`, `\w`, `\W`, `\n`, `\r`, `\t`, `\x0B`,
		`\x{212A}`, `\u017F`, `\-`, `\\`, `\Qa-\E`, `\Q\E`, `\p{Lower}`, `\P{Alpha}`,
		`\p{Space}`, `\p{Punct}`, `\ca`, `\Q.*`, `\h`, `\V`, `\R`, `\Z`, `\07`, `\0101`, `\p{L}`,
		`\p{IsLatin}`, `\p{InGreek}`, `\p{javaLowerCase}`, `\P{Lu}`, `\p{sc=Grek}`, `\p{IsAlphabetic}`,
		`\p{Lt}`, `\p{IsLowercase}`, `\p{Nd}`, `\pL`, `\1`, `\2`, `\p{Cn}`, `\p{InArabic}`,
		`\N{LATIN SMALL LETTER K}`, `\N{kelvin sign}`, `\N{LINE FEED (LF)}`, `\N{CJK UNIFIED IDEOGRAPHS 4E00}`, `\N{NO SUCH}`}
	genClassItems = []string{"a", "b", "k", "-", "a-c", "A-Z", "Z-a", "^", "]", "&", "\\]", "\\-",
		"\\s", "\\d", "\\W", "é", "\u212a", "\\p{Upper}", "0-9", "\\x00-\\x1f", "\\Q-\\E", "\n",
		"&&", "&&[^b]", "[b-d]", "[^a]", "\\p{Lu}", "\\h", "\\V", "σ", "ß", "α-ω", "ǅ", " ", "#", "\\p{L}", "\ua7c0"}
	genFlags = []string{"(?i)", "(?s)", "(?d)", "(?u)", "(?iu)", "(?-i)", "(?m)", "(?-s)", "(?i-u)", "(?sd)",
		"(?x)", "(?U)", "(?iU)", "(?-x)", "(?-U)", "(?iu)", "(?iu)", "(?c)", "(?-c)"}
	genQuants = []string{"*", "+", "?", "{2}", "{0,1}", "{1,3}", "{2,}", "*?", "+?", "??", "{0}", "*+", "{1,2}?",
		"++", "?+", "{2}+", "{1001,}"}
	genEndings = []string{"\n", "\r", "\r\n", "\u0085", "\u2028", "\u2029", "\n\n", "\r\r"}
	genJunk    = []string{"(", ")", "[", "]", "{", "}", "{1", "|", "^", "$", "\\", "&&", "(?", "\\b", "\\Z", "\\1"}
)

func genPattern(rng *rand.Rand, depth int) string {
	var b strings.Builder
	for range rng.IntN(4) + 1 {
		b.WriteString(genAtom(rng, depth))
		if rng.IntN(3) == 0 {
			b.WriteString(pick(rng, genQuants))
		}
	}
	if rng.IntN(6) == 0 {
		b.WriteString("|" + genPattern(rng, depth-1))
	}
	return b.String()
}

// genSoup strings together syntax fragments with no structure.
func genSoup(rng *rand.Rand) string {
	const soup = `()[]{}|*+?^$.\\-&,:=!<>019aAbBQEpPxXuUckKzZ#iusdmx{}_ `
	var b strings.Builder
	for range rng.IntN(10) + 1 {
		if rng.IntN(4) == 0 {
			b.WriteString(pick(rng, genEscapes))
		} else {
			b.WriteByte(soup[rng.IntN(len(soup))])
		}
	}
	return b.String()
}

func genAtom(rng *rand.Rand, depth int) string {
	switch r := rng.IntN(20); {
	case r < 6:
		return pick(rng, genChars)
	case r < 9:
		return pick(rng, genEscapes)
	case r < 11:
		return "."
	case r < 13:
		return genClass(rng)
	case r < 14:
		return pick(rng, genFlags)
	case r < 15:
		return pick(rng, []string{"^", "$", `\A`, `\z`, `\Z`, "(?:$|\r)", "(?:a|^)", "(?m:$)", "(?d:$)",
			"(?m:$)\r?\n", "(?md:$)", "(?m:\r$|a)", "(?m:$)[\n\r]"})
	case r < 18 && depth > 0:
		open := pick(rng, []string{"(", "(?:", "(?i:", "(?s:", "(?-i:", "(?<g>"})
		if open == "(?<g>" && rng.IntN(2) == 0 {
			open = "(?<h" + strconv.Itoa(rng.IntN(1000)) + ">"
		}
		return open + genPattern(rng, depth-1) + ")"
	case r < 19:
		return pick(rng, genJunk)
	}
	return pick(rng, genChars)
}

func genClass(rng *rand.Rand) string {
	var b strings.Builder
	b.WriteString("[")
	if rng.IntN(3) == 0 {
		b.WriteString("^")
	}
	for range rng.IntN(3) + 1 {
		b.WriteString(pick(rng, genClassItems))
	}
	b.WriteString("]")
	return b.String()
}

// genInputs samples strings from the pattern's language (when Translate
// accepts it) and mutates them, so that matches are frequent enough.
func genInputs(rng *rand.Rand, pattern string) []string {
	ins := []string{""}
	for range 4 {
		ins = append(ins, randomString(rng))
	}
	_, tree, err := translate(pattern)
	if err != nil {
		return ins
	}
	for range 6 {
		var b strings.Builder
		sample(rng, tree, &b)
		s := b.String()
		ins = append(ins, s)
		if rng.IntN(2) == 0 {
			ins = append(ins, s+pick(rng, genChars))
		}
		if rng.IntN(2) == 0 { // where $ and \Z may hold before the end
			ins = append(ins, s+pick(rng, genEndings))
		}
	}
	return ins
}

func randomString(rng *rand.Rand) string {
	var b strings.Builder
	for range rng.IntN(5) {
		b.WriteString(pick(rng, genChars))
	}
	return b.String()
}

// sample writes a random member of n's language (ignoring anchors).
func sample(rng *rand.Rand, n *node, b *strings.Builder) {
	switch n.kind {
	case kChar:
		if len(n.set) > 0 {
			b.WriteRune(sampleRune(rng, n.set))
		}
	case kConcat:
		for _, s := range n.subs {
			sample(rng, s, b)
		}
	case kAlt:
		sample(rng, n.subs[rng.IntN(len(n.subs))], b)
	case kRepeat:
		hi := n.max
		if hi < 0 || hi > n.min+3 {
			hi = n.min + 3
		}
		for range n.min + rng.IntN(hi-n.min+1) {
			sample(rng, n.subs[0], b)
		}
	}
}

// sampleRune prefers the small, interesting characters of genChars.
func sampleRune(rng *rand.Rand, set runeSet) rune {
	for range 8 {
		for _, r := range pick(rng, genChars) {
			if set.contains(r) {
				return r
			}
		}
	}
	for {
		rr := set[rng.IntN(len(set))]
		c := rr.lo + rune(rng.IntN(int(min(rr.hi-rr.lo, 300))+1))
		if c < 0xd800 || c > 0xdfff {
			return c
		}
	}
}

func pick(rng *rand.Rand, xs []string) string { return xs[rng.IntN(len(xs))] }
