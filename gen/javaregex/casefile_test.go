package javaregex

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
)

// Readers for testdata/cases.txt and testdata/expected.txt; the format is
// described in testdata/JavaMatches.java.

// javaCase is one pattern with Java's verdict on it and on each input.
type javaCase struct {
	line     int
	pattern  string
	rejected string // Java's PatternSyntaxException description, if any
	inputs   []string
	answers  []byte // parallel to inputs, only in expected.txt: '1', '0', or 'T'/'S'/'E' for no answer
}

// readCases parses either file: cases.txt has "p"/"i" lines,
// expected.txt "p", "r" and "m 0|1" lines.
func readCases(t testing.TB, path string) []*javaCase {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var cases []*javaCase
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<24) // random inputs for counts such as {1001,} make long lines
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if line == "" || line[0] == '#' {
			continue
		}
		c, err := addLine(cases, line)
		if err != nil {
			t.Fatalf("%s:%d: %v", path, n, err)
		}
		if c != nil {
			c.line = n
			cases = append(cases, c)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return cases
}

// addLine applies one line; it returns a new case for a "p" line.
func addLine(cases []*javaCase, line string) (*javaCase, error) {
	if len(line) > 1 && line[1] != ' ' {
		return nil, fmt.Errorf("want a one-letter tag and a space: %q", line)
	}
	text := ""
	if len(line) > 2 {
		text = line[2:]
	}
	if line[0] == 'p' {
		pattern, err := unescapeCase(text)
		return &javaCase{pattern: pattern}, err
	}
	if len(cases) == 0 {
		return nil, fmt.Errorf("%q before any pattern", line)
	}
	last := cases[len(cases)-1]
	switch line[0] {
	case 'r':
		last.rejected = text
	case 'i':
		in, err := unescapeCase(text)
		last.inputs = append(last.inputs, in)
		return nil, err
	case 'm':
		m, rest, _ := strings.Cut(text, " ")
		if len(m) != 1 || !strings.Contains("01TSE", m) {
			return nil, fmt.Errorf("bad result line %q", line)
		}
		in, err := unescapeCase(rest)
		last.inputs = append(last.inputs, in)
		last.answers = append(last.answers, m[0])
		return nil, err
	default:
		return nil, fmt.Errorf("unknown tag in %q", line)
	}
	return nil, nil
}

// unescapeCase decodes %{HEX} and %%.
func unescapeCase(s string) (string, error) {
	var b strings.Builder
	for {
		i := strings.IndexByte(s, '%')
		if i < 0 {
			b.WriteString(s)
			return b.String(), nil
		}
		b.WriteString(s[:i])
		s = s[i+1:]
		if strings.HasPrefix(s, "%") {
			b.WriteByte('%')
			s = s[1:]
			continue
		}
		end := strings.IndexByte(s, '}')
		if !strings.HasPrefix(s, "{") || end < 0 {
			return "", fmt.Errorf("bad %% escape before %q", s)
		}
		cp, err := strconv.ParseUint(s[1:end], 16, 32)
		if err != nil {
			return "", err
		}
		b.WriteRune(rune(cp))
		s = s[end+1:]
	}
}

// escapeCase is the inverse, for messages: printable ASCII stays.
func escapeCase(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r == '%':
			b.WriteString("%%")
		case r >= ' ' && r < 0x7f:
			b.WriteRune(r)
		default:
			fmt.Fprintf(&b, "%%{%X}", r)
		}
	}
	return b.String()
}
