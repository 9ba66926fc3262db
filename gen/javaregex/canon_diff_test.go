package javaregex

import (
	"fmt"
	"math/rand/v2"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestJavaDifferentialCanon compares Translate with Java 17 on random
// patterns under (?c), built from classes and characters around canonical
// composition and grapheme boundaries. Like TestJavaDifferential it needs a
// Java 17 JDK and only runs when asked:
//
//	JAVAREGEX_JAVA_CANON_DIFF=2000 go test -run TestJavaDifferentialCanon ./gen/javaregex/
func TestJavaDifferentialCanon(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("JAVAREGEX_JAVA_CANON_DIFF"))
	if n <= 0 {
		t.Skip("set JAVAREGEX_JAVA_CANON_DIFF=<patterns> to compare with Java 17 (needs javac and java)")
	}
	seed, _ := strconv.ParseUint(os.Getenv("JAVAREGEX_JAVA_SEED"), 10, 64)
	rng := rand.New(rand.NewPCG(seed, 2))
	var b strings.Builder
	for range n {
		pat := "(?c)" + genCanonPattern(rng, 2)
		fmt.Fprintf(&b, "p %s\n", escapeCaseLine(pat))
		for _, in := range genCanonInputs(rng, pat) {
			fmt.Fprintf(&b, "i %s\n", escapeCaseLine(in))
		}
	}
	compareWithJava(t, runJava(t, b.String()))
}

// The pieces: base letters and their precomposed forms, combining marks
// of several classes, Hangul jamo and syllables, regional indicators,
// emoji and ZWJ, CR LF, prepend and spacing marks, supplementary
// characters with decompositions.
var (
	canonChars = []string{"a", "e", "s", "A", "x", "é", "\u00c5", "\u212b", "\u1ea1", "\u1ead", "\u1e63",
		"\u1e69", "\u0301", "\u0302", "\u0307", "\u0323", "\u030a", "\u0341", "\u1100", "\u1161", "\u11a8",
		"\uac00", "\uac01", "\U0001F1E6", "\U0001F1E8", "\U0001F468", "\u200d", "\U0001F469", "\U0001F3FB",
		"\r", "\n", "\u0600", "\u0915", "\u093f", "\U0001D15E", "\U0001D157", "\U0001D165", "\u3099", "\u304b"}
	canonClasses = []string{"[a]", "[é]", "[e]", "[a-z]", "[^a]", "[\\x{300}-\\x{36f}]", "[\\x{1EA1}\\x{1EAD}]",
		"[\\x{1E69}]", "[\\x{C5}\\x{212B}]", "[\\x{AC00}-\\x{AC02}]", "[\\x{1100}-\\x{1112}]", "[\\x{1161}]",
		"[\\x{1F1E6}-\\x{1F1FF}]", "[\\x{1F468}\\x{1F469}]", "[\\x{200D}]", "[\\r\\n]", "[\\r]", "[\\x{600}]",
		"[\\x{915}\\x{93F}]", "[\\x{1D15E}]", "\\pL", "\\pM", "\\P{M}", "\\p{IsHangul}", "[\\x{304C}]", "[^\\x{301}]"}
	canonQuants = []string{"*", "+", "?", "{2}", "*?", "{0,2}"}
)

func genCanonPattern(rng *rand.Rand, depth int) string {
	var b strings.Builder
	for range rng.IntN(3) + 1 {
		switch r := rng.IntN(10); {
		case r < 5:
			b.WriteString(pick(rng, canonClasses))
		case r < 8:
			b.WriteString(regexp.QuoteMeta(pick(rng, canonChars)))
		case depth > 0:
			b.WriteString("(?:" + genCanonPattern(rng, depth-1))
			if rng.IntN(2) == 0 {
				b.WriteString("|" + genCanonPattern(rng, depth-1))
			}
			b.WriteString(")")
		default:
			b.WriteString(pick(rng, canonClasses))
		}
		if rng.IntN(4) == 0 {
			b.WriteString(pick(rng, canonQuants))
		}
	}
	return b.String()
}

// genCanonInputs are random strings of canonChars and members of the
// translation's language with a character added or dropped.
func genCanonInputs(rng *rand.Rand, pattern string) []string {
	ins := []string{""}
	for range 6 {
		var b strings.Builder
		for range rng.IntN(5) + 1 {
			b.WriteString(pick(rng, canonChars))
		}
		ins = append(ins, b.String())
	}
	_, tree, err := translate(pattern)
	if err != nil {
		return ins
	}
	for range 8 {
		var b strings.Builder
		sample(rng, tree, &b)
		s := b.String()
		ins = append(ins, s, s+pick(rng, canonChars))
		if r := []rune(s); len(r) > 1 {
			ins = append(ins, string(r[1:]), string(r[:len(r)-1]))
		}
	}
	return ins
}
