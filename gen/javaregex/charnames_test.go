package javaregex

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestCharNames checks the decoded name table and codePointOf at the edges
// of what Java 17 accepts (cases.txt records Java's verdicts on the same
// kinds of names through Pattern).
func TestCharNames(t *testing.T) {
	tab := charNames()
	if len(tab.byName) != 33762 || len(tab.ranges) != 18 || len(tab.upper) != 10 {
		t.Fatalf("%d names, %d ranges, %d upper-case mappings; want Java 17's 33762, 18, 10",
			len(tab.byName), len(tab.ranges), len(tab.upper))
	}
	for name, want := range map[string]rune{
		"LATIN SMALL LETTER A": 'a', "latin small letter a": 'a', "\x00\t LaTiN sMaLl LeTtEr A  \x1f": 'a',
		"LATIN SMALL LETTER \u017fHARP S": 0xdf, "LATIN SMALL LETTER SHARP S": 0xdf, "NULL": 0,
		"CJK UNIFIED IDEOGRAPHS 4E00": 0x4e00, "cjk unified ideographs 9ffc": 0x9ffc, "TANGUT 17000": 0x17000,
		"TANGUT 187F7": 0x187f7, "LATIN 1 SUPPLEMENT 84": 0x84, "SUPPLEMENTARY PRIVATE USE AREA B 10FFFD": 0x10fffd,
		"GRINNING FACE": 0x1f600, "CJK COMPATIBILITY IDEOGRAPH-F900": 0xf900,
	} {
		if got, ok := codePointOf(name); !ok || got != want {
			t.Errorf("codePointOf(%q) = %U, %v; want %U", name, got, ok, want)
		}
	}
	for _, name := range []string{"", " ", "LATIN  SMALL LETTER A", "LATIN SMALL LETTER A\u00a0", "CJK UNIFIED IDEOGRAPHS 9FFD",
		"CJK UNIFIED IDEOGRAPHS 04E00", "CJK UNIFIED IDEOGRAPHS +4E00", "CJK UNIFIED IDEOGRAPH-4E00",
		"TANGUT 187F8", "LATIN 1 SUPPLEMENT 85", "LATIN SMALL LETTER SHARP \u00df", "\u212aELVIN SIGN",
		"ARABIC LETTER ALEF WITH ATTACHED FATHA", "HANGUL SYLLABLE GA", "4E00", "CJK UNIFIED IDEOGRAPHS 110000"} {
		if got, ok := codePointOf(name); ok {
			t.Errorf("codePointOf(%q) = %U; want unknown", name, got)
		}
	}
}

// TestJavaCharNames compares codePointOf with every name Java 17's
// Character.getName gives (and its lower case), and the number of names.
// It needs a Java 17 JDK, so it only runs when asked:
//
//	JAVAREGEX_JAVA_NAMES=1 go test -run TestJavaCharNames ./gen/javaregex/
func TestJavaCharNames(t *testing.T) {
	if os.Getenv("JAVAREGEX_JAVA_NAMES") == "" {
		t.Skip("set JAVAREGEX_JAVA_NAMES=1 to compare with Java 17 (needs javac and java)")
	}
	dir := t.TempDir()
	out := filepath.Join(dir, "names.txt")
	for _, cmd := range [][]string{
		{"javac", "-d", dir, "testdata/unicode/Names.java"},
		{"java", "-cp", dir, "Names", "--list", out},
	} {
		if msg, err := exec.Command(cmd[0], cmd[1:]...).CombinedOutput(); err != nil {
			t.Fatalf("%v: %v\n%s", cmd, err, msg)
		}
	}
	text, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(string(text), "\n"), "\n")
	tab := charNames()
	ours := len(tab.byName)
	for _, r := range tab.ranges {
		ours += int(r.hi - r.lo + 1)
	}
	if ours != len(lines) {
		t.Errorf("the table names %d code points, Java 17 %d", ours, len(lines))
	}
	for _, line := range lines {
		hex, name, _ := strings.Cut(line, ";")
		want, _ := strconv.ParseUint(hex, 16, 32)
		for _, n := range []string{name, strings.ToLower(name)} {
			if got, ok := codePointOf(n); !ok || got != rune(want) {
				t.Fatalf("codePointOf(%q) = %U, %v; Java 17 names U+%s so", n, got, ok, hex)
			}
		}
	}
	t.Logf("%d names checked against Java 17", len(lines))
}
