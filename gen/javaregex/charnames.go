package javaregex

import (
	"bytes"
	"compress/zlib"
	_ "embed" // charnames.z
	"io"
	"strconv"
	"strings"
	"sync"
)

// Java 17's character names, for \N{NAME}: Pattern looks the name up with
// Character.codePointOf, which trims it (Java's String.trim: code points up
// to U+0020 at either end), upper-cases it (Locale.ROOT) and returns the
// code point whose Character.getName is the result. charnames.z, written by
// testdata/unicode/Names.java from Java 17 itself (gen.sh), holds the
// 33,762 names of the JDK's table front-coded, the 18 ranges named by block
// and hex value ("CJK UNIFIED IDEOGRAPHS 4E00"), and the non-ASCII letters
// whose upper case is ASCII (ß is "SS"): 104 kB, zlib-compressed, decoded
// on the first \N. Its format is described in Names.java.
//
//go:embed charnames.z
var charNamesZ []byte

type nameRange struct {
	lo, hi rune
	prefix string
}

var charNames = sync.OnceValue(decodeCharNames)

type charNameTable struct {
	byName map[string]rune
	ranges []nameRange
	upper  map[rune]string
}

// decodeCharNames reads charnames.z; it panics on a corrupt file, which a
// test (TestCharNames) would catch first.
func decodeCharNames() *charNameTable {
	zr, err := zlib.NewReader(bytes.NewReader(charNamesZ))
	if err != nil {
		panic("javaregex: charnames.z: " + err.Error())
	}
	text, err := io.ReadAll(zr)
	if err != nil {
		panic("javaregex: charnames.z: " + err.Error())
	}
	sections := strings.Split(string(text), "\n\n")
	t := &charNameTable{byName: make(map[string]rune, 34000), upper: map[rune]string{}}
	for _, line := range strings.Split(sections[0], "\n") {
		f := strings.SplitN(line, " ", 3)
		t.ranges = append(t.ranges, nameRange{hexRune(f[0]), hexRune(f[1]), f[2]})
	}
	var cp rune
	prev := ""
	for _, line := range strings.Split(sections[1], "\n") {
		delta, rest, _ := strings.Cut(line, ";")
		if cp++; delta != "" {
			cp += hexRune(delta) - 1
		}
		k := int(rest[0]) - 32
		prev = prev[:k] + rest[1:]
		t.byName[prev] = cp
	}
	for _, line := range strings.Split(strings.TrimSuffix(sections[2], "\n"), "\n") {
		c, up, _ := strings.Cut(line, " ")
		t.upper[hexRune(c)] = up
	}
	return t
}

func hexRune(s string) rune {
	v, err := strconv.ParseUint(s, 16, 32)
	if err != nil {
		panic("javaregex: charnames.z: " + err.Error())
	}
	return rune(v)
}

// codePointOf is Java 17's Character.codePointOf, without the exception.
func codePointOf(name string) (rune, bool) {
	t := charNames()
	name = strings.TrimFunc(name, func(r rune) bool { return r <= ' ' })
	var b strings.Builder
	for _, r := range name {
		switch up, ok := t.upper[r]; {
		case r >= 'a' && r <= 'z':
			b.WriteRune(r - 'a' + 'A')
		case r < 0x80:
			b.WriteRune(r)
		case ok:
			b.WriteString(up)
		default:
			return 0, false // its upper case is not ASCII: no name has it
		}
	}
	name = b.String()
	if cp, ok := t.byName[name]; ok {
		return cp, true
	}
	i := strings.LastIndexByte(name, ' ')
	if i < 0 {
		return 0, false
	}
	cp, err := strconv.ParseUint(name[i+1:], 16, 32)
	if err != nil || strings.ToUpper(strconv.FormatUint(cp, 16)) != name[i+1:] {
		return 0, false // getName writes the hex value without sign or leading zeros
	}
	for _, r := range t.ranges {
		if rune(cp) >= r.lo && rune(cp) <= r.hi && r.prefix == name[:i] {
			return rune(cp), true
		}
	}
	return 0, false
}

// named ports Pattern.N, with the cursor after the N of \N: a name in
// braces, read as Java does (under (?x) a "}" in a comment does not close
// it, and the name keeps the comment).
func (p *parser) named(start int) rune {
	if p.read() != '{' {
		p.syntax(start, "illegal character name escape sequence")
	}
	i := p.cur
	for p.read() != '}' {
		if p.cur >= p.n {
			p.syntax(start, "unclosed character name escape sequence")
		}
	}
	var b strings.Builder
	for _, c := range p.cps[i : p.cur-1] {
		b.WriteRune(c)
	}
	cp, ok := codePointOf(b.String())
	if !ok {
		p.syntax(start, "unknown character name ["+b.String()+"]")
	}
	return cp
}
