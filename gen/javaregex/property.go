package javaregex

import (
	"encoding/base64"
	"encoding/binary"
	"fmt"
	"strconv"
	"strings"
	"sync"
)

// Java's \p{...} and \P{...}, resolved with Java 17's own name rules
// (Pattern.family and CharPredicates, ported below) into the sets of
// unicode_tables.go, which were recorded from Java 17 itself (Unicode 13),
// not taken from Go's unicode package (a newer Unicode).

// Keys of the (?U) predefined classes in uniSets.
const (
	keyDigit      = "u:DIGIT"
	keyWhiteSpace = "u:WHITESPACE"
	keyWord       = "u:WORD"
)

// posixNames are the names CharPredicates.forPOSIXName accepts (under (?U),
// \p{Alpha} and the like mean these Unicode sets; the generator checks they
// equal \p{IsALPHA} and so on).
var posixNames = map[string]bool{"ALPHA": true, "LOWER": true, "UPPER": true, "SPACE": true,
	"PUNCT": true, "XDIGIT": true, "ALNUM": true, "CNTRL": true, "DIGIT": true, "BLANK": true,
	"GRAPH": true, "PRINT": true}

// property ports the \p / \P handling and Pattern.family; the cursor is on
// 'p' or 'P' and start is the index of the backslash.
func (p *parser) property(start int) runeSet {
	comp := p.at(p.cur) == 'P'
	oneLetter := p.next() != '{'
	if oneLetter {
		p.unread()
	}
	set := p.propertySet(p.propertyName(oneLetter, start), start)
	if comp {
		return set.complement()
	}
	return set
}

// propertyName ports the name reading of Pattern.family, including its
// loop of read() calls (which skip whitespace and comments under (?x))
// over a pattern whose end is marked with '}'.
func (p *parser) propertyName(oneLetter bool, start int) string {
	p.next()
	if oneLetter {
		if p.cur >= p.n {
			p.syntax(start, "unknown character property name")
		}
		c := p.at(p.cur)
		p.read()
		return string(c)
	}
	i := p.cur
	p.cps[p.n] = '}' // Java's mark('}')
	for p.read() != '}' {
	}
	p.cps[p.n] = 0
	j := p.cur
	if j > p.n {
		p.syntax(start, "unclosed character family")
	}
	if i+1 >= j {
		p.syntax(start, "empty character family")
	}
	return string(p.cps[i : j-1])
}

// propertySet resolves a property name as Pattern.family does.
func (p *parser) propertySet(name string, start int) runeSet {
	for _, c := range name {
		if c >= 0x80 { // Java upper-cases some names; ı and ſ would become ASCII
			p.fail(start, ConstructUnicodeProperty, fmt.Sprintf("property name \\p{%s} with non-ASCII characters is not supported", name))
		}
	}
	var key string
	if i := strings.IndexByte(name, '='); i >= 0 {
		value := name[i+1:]
		switch strings.ToLower(name[:i]) {
		case "sc", "script":
			key = scriptKey(value)
		case "blk", "block":
			key = blockKey(value)
		case "gc", "general_category":
			key = propertyKey(value)
		}
		if key == "" {
			p.syntax(start, fmt.Sprintf("unknown Unicode property {name=<%s>, value=<%s>}", strings.ToLower(name[:i]), value))
		}
	} else {
		key = p.nameKey(name)
		if key == "" {
			p.syntax(start, fmt.Sprintf("unknown character property name {%s}", name))
		}
	}
	return p.uniSetFlags(key)
}

// nameKey resolves \p{name} without '=': In for blocks; Is for binary
// properties, then categories, then scripts; otherwise (?U)'s POSIX names,
// then categories and Java's own names. It returns "" for a name Java
// rejects.
func (p *parser) nameKey(name string) string {
	switch {
	case strings.HasPrefix(name, "In"):
		return blockKey(name[2:])
	case strings.HasPrefix(name, "Is"):
		short := name[2:]
		if up := strings.ToUpper(short); javaUnicodeNames[up] {
			return "u:" + up
		}
		if key := propertyKey(short); key != "" {
			return key
		}
		return scriptKey(short)
	}
	if up := strings.ToUpper(name); p.flags.has(flagUnicodeClass) && posixNames[up] {
		return "u:" + up
	}
	return propertyKey(name)
}

func propertyKey(name string) string {
	if javaPropertyNames[name] {
		return "p:" + name
	}
	return ""
}

func scriptKey(name string) string {
	if off, ok := scriptNames()[strings.ToUpper(name)]; ok {
		return "sc:" + strconv.Itoa(off)
	}
	return ""
}

func blockKey(name string) string {
	if off, ok := blockNames()[strings.ToUpper(name)]; ok {
		return "blk:" + strconv.Itoa(off)
	}
	return ""
}

// uniName is one script or block of unicode_tables.go.
type uniName struct {
	names string // '|'-separated
	off   int    // of its set in uniData
}

// scriptNames maps every name UnicodeScript.forName accepts, upper-cased
// as Java does, to its set's offset.
var scriptNames = sync.OnceValue(func() map[string]int {
	m := map[string]int{}
	for _, s := range javaScripts {
		for _, n := range strings.Split(s.names, "|") {
			m[n] = s.off
		}
	}
	return m
})

// blockNames maps every name UnicodeBlock.forName accepts, upper-cased as
// Java does, to its set's offset.
var blockNames = sync.OnceValue(func() map[string]int {
	m := map[string]int{}
	for _, b := range javaBlocks {
		names := strings.Split(b.names, "|")
		if len(names) > 1 && names[1] == "!" {
			names = names[2:]
		} else {
			id := names[0]
			names = append(names, strings.ReplaceAll(id, "_", " "), strings.ReplaceAll(id, "_", ""))
		}
		for _, n := range names {
			m[n] = b.off
		}
	}
	return m
})

var uniBytes = sync.OnceValue(func() []byte { return mustBase64(uniData) })

func mustBase64(s string) []byte {
	b, err := base64.StdEncoding.DecodeString(strings.ReplaceAll(s, "\n", ""))
	if err != nil {
		panic("javaregex: corrupt table: " + err.Error())
	}
	return b
}

// uniSetFlags is the set of key under the current flags: some properties
// (\p{Lu}, \p{javaLowerCase}, ...) mean more under CASE_INSENSITIVE.
func (p *parser) uniSetFlags(key string) runeSet {
	if p.flags.has(flagCaseInsensitive) {
		if _, ok := uniSets[key+"/i"]; ok {
			return uniSet(key + "/i")
		}
	}
	return uniSet(key)
}

// uniSet decodes the set stored under key: a uniSets key, or "sc:" or
// "blk:" and the offset itself.
func uniSet(key string) runeSet {
	off, ok := uniSets[key]
	if kind, num, found := strings.Cut(key, ":"); found && (kind == "sc" || kind == "blk") {
		var err error
		off, err = strconv.Atoi(num)
		ok = err == nil
	}
	if !ok {
		panic("javaregex: no Unicode table " + key)
	}
	b := uniBytes()[off:]
	count, n := binary.Uvarint(b)
	b = b[n:]
	set := make(runeSet, 0, count/2)
	var lo, c rune
	for i := range count {
		d, n := binary.Uvarint(b)
		b = b[n:]
		c += rune(d)
		if i%2 == 0 {
			lo = c
		} else {
			set = append(set, runeRange{lo, c - 1})
		}
	}
	return set
}
