package javaregex

import (
	"fmt"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

// allTableKeys lists every set of unicode_tables.go by a key uniSet reads.
func allTableKeys() []string {
	var keys []string
	for k := range uniSets {
		keys = append(keys, k)
	}
	for _, s := range javaScripts {
		keys = append(keys, "sc:"+strconv.Itoa(s.off))
	}
	for _, b := range javaBlocks {
		keys = append(keys, "blk:"+strconv.Itoa(b.off))
	}
	slices.Sort(keys)
	return keys
}

// TestTablesWellFormed decodes every set: ranges sorted, disjoint, not
// adjacent, within U+0000..U+10FFFF; general categories, scripts and
// blocks are each disjoint, and categories and scripts cover every code
// point.
func TestTablesWellFormed(t *testing.T) {
	for _, k := range allTableKeys() {
		s := uniSet(k)
		if len(s) == 0 && k != blockKey("SURROGATES_AREA") { // a name Java keeps, for no characters
			t.Errorf("%s: empty", k)
		}
		for i, r := range s {
			if r.lo > r.hi || r.hi > utf8.MaxRune || i > 0 && r.lo <= s[i-1].hi+1 {
				t.Errorf("%s: bad range %d %x-%x", k, i, r.lo, r.hi)
			}
		}
	}
	var gcs []string
	for _, n := range []string{"Cn", "Lu", "Ll", "Lt", "Lm", "Lo", "Mn", "Me", "Mc", "Nd", "Nl", "No", "Zs", "Zl", "Zp",
		"Cc", "Cf", "Co", "Cs", "Pd", "Ps", "Pe", "Pc", "Po", "Sm", "Sc", "Sk", "So", "Pi", "Pf"} {
		gcs = append(gcs, "p:"+n)
	}
	var scripts, blocks []string
	for _, s := range javaScripts {
		scripts = append(scripts, "sc:"+strconv.Itoa(s.off))
	}
	for _, b := range javaBlocks {
		blocks = append(blocks, "blk:"+strconv.Itoa(b.off))
	}
	checkPartition(t, "general categories", gcs, true)
	checkPartition(t, "scripts", scripts, true)
	checkPartition(t, "blocks", blocks, false)
}

func checkPartition(t *testing.T, what string, keys []string, covers bool) {
	var all runeSet
	total := 0
	for _, k := range keys {
		s := uniSet(k)
		all = all.union(s)
		for _, r := range s {
			total += int(r.hi-r.lo) + 1
		}
	}
	n := 0
	for _, r := range all {
		n += int(r.hi-r.lo) + 1
	}
	if n != total {
		t.Errorf("%s overlap: %d code points in the union, %d counted", what, n, total)
	}
	if covers && !all.equal(allRunes) {
		t.Errorf("%s do not cover every code point", what)
	}
}

// TestTablesAreUnicode13 pins the tables to Java 17's Unicode 13 where Go's
// newer tables differ: characters assigned in Unicode 14 or 15 are
// unassigned (Cn, script Unknown) here, and have no case mapping.
func TestTablesAreUnicode13(t *testing.T) {
	for _, c := range []struct {
		r   rune
		goT *unicode.RangeTable // its category in Go's Unicode 15
	}{
		{0x0870, unicode.Lo}, {0x20C0, unicode.Sc}, {0xA7C0, unicode.Lu}, {0xA7C1, unicode.Ll},
		{0x10570, unicode.Lu}, {0x1E290, unicode.Lo}, {0x11F00, unicode.Mn}, {0x31350, unicode.Lo},
		{0x2B739, unicode.Lo},
	} {
		if !unicode.Is(c.goT, c.r) {
			t.Fatalf("U+%04X: Go's unicode package changed; pick another example", c.r)
		}
		if !uniSet("p:Cn").contains(c.r) || uniSet("p:L").contains(c.r) {
			t.Errorf("U+%04X is assigned in Java 17's tables", c.r)
		}
		if s := uniSet(scriptKey("Unknown")); !s.contains(c.r) {
			t.Errorf("U+%04X has a script in Java 17's tables", c.r)
		}
		if m := javaCaseMaps(); m.toUpper(c.r) != c.r || m.toLower(c.r) != c.r {
			t.Errorf("U+%04X has a case mapping in Java 17's tables", c.r)
		}
	}
	// Unicode 13 itself: its last unified ideograph (U+9FFC; U+9FFD came in
	// 14), a capital letter it added, and Java's own case pairs that Go folds
	// differently.
	if id := uniSet("u:IDEOGRAPHIC"); !id.contains(0x9FFC) || id.contains(0x9FFD) || !uniSet("p:Lu").contains(0xA7F5) {
		t.Error("Unicode 13 characters missing")
	}
	if m := javaCaseMaps(); m.toUpper(0x131) != 'I' || m.toLower(0x130) != 'i' || m.toLower(0x212A) != 'k' {
		t.Error("Java's dotless i, dotted I or Kelvin sign mapping is wrong")
	}
}

// TestJavaTables compares every set of unicode_tables.go with Java 17 at
// the edges of each of its ranges (first, last, and the code points just
// outside), skipping surrogates, which no input string can hold. It needs
// a Java 17 JDK, so it only runs when asked:
//
//	JAVAREGEX_JAVA_TABLES=1 go test -run TestJavaTables ./gen/javaregex/
func TestJavaTables(t *testing.T) {
	if os.Getenv("JAVAREGEX_JAVA_TABLES") == "" {
		t.Skip("set JAVAREGEX_JAVA_TABLES=1 to compare the tables with Java 17 (needs javac and java)")
	}
	var b strings.Builder
	patterns := 0
	for _, k := range allTableKeys() {
		pat := tablePattern(k)
		fmt.Fprintf(&b, "p %s\n", escapeCaseLine(pat))
		patterns++
		for _, r := range uniSet(k) {
			for _, c := range []rune{r.lo - 1, r.lo, r.hi, r.hi + 1} {
				if c >= 0 && c <= utf8.MaxRune && (c < 0xd800 || c > 0xdfff) {
					fmt.Fprintf(&b, "i %s\n", escapeCaseLine(string(c)))
				}
			}
		}
	}
	pairs := 0
	for _, c := range runJava(t, b.String()) {
		if c.rejected != "" {
			t.Errorf("Java rejects %q: %s", escapeCase(c.pattern), c.rejected)
			continue
		}
		re, err := Translate(c.pattern)
		if err != nil {
			t.Errorf("Translate(%q): %v", escapeCase(c.pattern), err)
			continue
		}
		rx := regexp.MustCompile(re)
		for i, in := range c.inputs {
			pairs++
			if got, want := rx.MatchString(in), c.answers[i] == '1'; got != want {
				t.Errorf("%q on U+%04X: Java %v, Go %v", escapeCase(c.pattern), []rune(in)[0], want, got)
			}
		}
	}
	t.Logf("%d sets, %d code points compared with Java 17", patterns, pairs)
}

// tablePattern is a Java pattern whose set is the table under key.
func tablePattern(key string) string {
	kind, name, _ := strings.Cut(key, ":")
	flags := ""
	if n, ok := strings.CutSuffix(name, "/i"); ok {
		name, flags = n, "(?i)"
	}
	switch kind {
	case "p":
		return flags + `\p{` + name + `}`
	case "u":
		return flags + `\p{Is` + name + `}`
	}
	off, _ := strconv.Atoi(name)
	list, prefix := javaScripts, `\p{sc=`
	if kind == "blk" {
		list, prefix = javaBlocks, `\p{blk=`
	}
	for _, e := range list {
		if e.off == off {
			id, _, _ := strings.Cut(e.names, "|")
			return prefix + id + `}`
		}
	}
	panic("no table " + key)
}

// TestJavaCaseFolding compares (?iu) with Java 17 for every code point that
// has a case mapping: as a one-character literal (Java's single), inside a
// longer literal (Slice), in a class (BitClass or single) and as a class
// range, on every character related to it by the case tables. Opt-in, as
// TestJavaTables.
func TestJavaCaseFolding(t *testing.T) {
	if os.Getenv("JAVAREGEX_JAVA_TABLES") == "" {
		t.Skip("set JAVAREGEX_JAVA_TABLES=1 to compare case folding with Java 17 (needs javac and java)")
	}
	m := javaCaseMaps()
	var b strings.Builder
	for _, c := range m.changed() {
		if c >= 0xd800 && c <= 0xdfff {
			continue
		}
		related := runeSetOf([]rune{c, c + 1, m.toUpper(c), m.toLower(c), m.fold(c), m.toUpper(m.fold(c))}).
			union(foldSet(m.fold(c)))
		lit := string(c)
		for _, pat := range []string{"(?iu)" + lit, "(?iu)" + lit + "a", "(?iu)[" + lit + "]",
			"(?iu)[" + lit + "-" + string(c+1) + "]", "(?i)" + lit + "a", "(?iU)[^" + lit + "]"} {
			fmt.Fprintf(&b, "p %s\n", escapeCaseLine(pat))
			for _, r := range related.runes() {
				in := string(r)
				if strings.HasSuffix(pat, "a") {
					in += "A"
				}
				fmt.Fprintf(&b, "i %s\n", escapeCaseLine(in))
			}
		}
	}
	pairs := 0
	for _, c := range runJava(t, b.String()) {
		re, err := Translate(c.pattern)
		if (err != nil) != (c.rejected != "") {
			t.Errorf("%q: Translate error %v, Java %q", escapeCase(c.pattern), err, c.rejected)
		}
		if err != nil || c.rejected != "" { // both reject [Z-[]: no answers
			continue
		}
		rx := regexp.MustCompile(re)
		for i, in := range c.inputs {
			pairs++
			if got, want := rx.MatchString(in), c.answers[i] == '1'; got != want {
				t.Errorf("%q on %q: Java %v, Go %v", escapeCase(c.pattern), escapeCase(in), want, got)
			}
		}
	}
	t.Logf("%d (pattern, input) pairs of case folding compared with Java 17", pairs)
}
