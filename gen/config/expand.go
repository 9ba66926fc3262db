package config

import (
	"slices"
	"sort"
	"strconv"
	"strings"
)

// Broker-J's context variables, as org.apache.qpid.server.util.Strings
// expands them (every release from 6.1 to 10.x reads them the same way):
//
//   - The text is scanned once, left to right, for the Java regex
//     \$\{([^}]*)}|\$(\$). "${NAME}" is a reference; NAME is everything up
//     to the first '}', '$' and '{' included, so "${a${b}}" names "a${b"
//     and keeps the last '}' as text. "$$" is one literal '$'. A '$'
//     matching neither ("x$", "${abc" with no '}') is text.
//   - A reference is replaced by its value expanded in turn, with the
//     names being expanded on a stack: a name met again is a cycle.
//   - There are no defaults: "${a:-b}" names "a:-b".
//   - "${json:NAME}" is NAME's value with '\' and '"' escaped for JSON
//     (Broker-J's StringSubstitutionResolver).
//
// Broker-J looks a name up in the object's attributes ("this:" and
// "ancestor:" names), the context maps of the virtual host and its
// parents, system properties, the environment and its context defaults.
// destgen reads the virtual host's context from the file; the rest comes
// from Vars.

// Vars are the values of context variables that a virtual host file does
// not define itself.
type Vars struct {
	// Flags are -context NAME=VALUE: variables a broker defines in the
	// virtual host's parents or as system properties. Each value is read
	// as a system property's is, expanded where it is used.
	Flags map[string]string
	// Env looks a name up in the environment (-context-env); nil: not read.
	Env func(name string) (string, bool)
}

// ParseVars reads -context flags, each NAME=VALUE (NAME is up to the first
// '='), and -context-env, which env supplies when set.
func ParseVars(flags []string, env func(string) (string, bool)) (*Vars, error) {
	v := &Vars{Flags: map[string]string{}, Env: env}
	for _, f := range flags {
		name, value, ok := strings.Cut(f, "=")
		if !ok {
			return nil, &flagError{f}
		}
		v.Flags[name] = value
	}
	return v, nil
}

type flagError struct{ flag string }

func (e *flagError) Error() string {
	return "-context " + strconv.Quote(e.flag) + " is not NAME=VALUE"
}

// Limits on one string's expansion. Broker-J has none; a context whose
// variables double each other (a = ${b}${b}, b = ${c}${c}, ...) would make
// a few hundred bytes of config take exponential time and memory.
const (
	// maxExpandedBytes bounds a string's expansion: a pattern, node type
	// or attribute value of a megabyte is a mistake already.
	maxExpandedBytes = 1 << 20
	// maxExpandWork bounds the bytes scanned and references resolved
	// while expanding one string (each reference costs its value's
	// length, and one for itself): sixteen times the expansion limit.
	maxExpandWork = 16 << 20
	// maxExpandDepth bounds references within references. Broker-J
	// recurses on Java's stack, which overflows some thousands deep; a
	// chain this long is already no configuration a person wrote.
	maxExpandDepth = 1000
)

// span maps a piece of an expanded text back to the text it came from:
// text copied byte for byte (lit), or a reference or "$$", all of whose
// bytes map to where it starts.
type span struct {
	out, in int
	lit     bool
}

// srcOffset maps offset off of an expanded text back to its source: into
// copied text exactly, into a substitution at its start.
func srcOffset(spans []span, off int) int {
	if spans == nil {
		return off
	}
	i := sort.Search(len(spans), func(i int) bool { return spans[i].out > off }) - 1
	if i < 0 {
		return 0
	}
	if s := spans[i]; s.lit {
		return s.in + off - s.out
	}
	return spans[i].in
}

// expandError is a failed expansion: at is the offset, in the text being
// expanded, of the reference that failed.
type expandError struct {
	at  int
	msg string
}

// scope is where a virtual host's references are looked up.
type scope struct {
	own  map[string]string // the virtual host's context, its values converted
	vars *Vars
}

// lookup is Broker-J's resolver chain, short of its prefixes: a "this:" or
// "ancestor:" name is an attribute, which Broker-J reads before any
// context and destgen can only be told with -context.
func (sc *scope) lookup(name string) (string, bool) {
	var flags map[string]string
	if sc.vars != nil {
		flags = sc.vars.Flags
	}
	if strings.HasPrefix(name, "this:") || strings.HasPrefix(name, "ancestor:") {
		if v, ok := flags[name]; ok {
			return v, true
		}
	}
	if v, ok := sc.own[name]; ok {
		return v, true
	}
	if v, ok := flags[name]; ok {
		return v, true
	}
	if sc.vars != nil && sc.vars.Env != nil {
		return sc.vars.Env(name)
	}
	return "", false
}

// unresolved is a reference left as it was in a lenient expansion.
type unresolved struct {
	at   int // of the outermost reference, in the expanded string's source
	name string
}

// expander expands one string.
type expander struct {
	sc *scope
	// strict makes an unknown name an error; otherwise it is left as
	// "${NAME}", as Broker-J's AbstractConfiguredObject.interpolate does.
	strict  bool
	stack   []string        // names being expanded, outermost first
	onStack map[string]bool // the names of stack, once there is one
	json    []string        // "json:" names being resolved
	work    int
	at      int // the outermost reference being expanded
	missed  []unresolved
	err     *expandError
}

// expand expands s in scope sc, returning the text and its spans (nil when
// s has nothing to expand, and the text is s).
func (sc *scope) expand(s string, strict bool) (string, []span, *expander) {
	e := &expander{sc: sc, strict: strict}
	if strings.IndexByte(s, '$') < 0 {
		return s, nil, e
	}
	var b strings.Builder
	var spans []span
	e.scan(&b, s, &spans)
	if e.err != nil {
		return s, nil, e
	}
	spans = append(spans, span{b.Len(), len(s), true})
	return b.String(), spans, e
}

// scan expands s into b; at the top level it records spans.
func (e *expander) scan(b *strings.Builder, s string, spans *[]span) {
	lit := 0 // start of the text not yet copied
	for i := 0; i < len(s) && e.err == nil; i++ {
		if s[i] != '$' || i+1 == len(s) {
			continue
		}
		end, ref := 0, false
		switch s[i+1] {
		case '{':
			if j := strings.IndexByte(s[i+2:], '}'); j >= 0 {
				end, ref = i+2+j+1, true
			}
		case '$':
			end = i + 2
		}
		if end == 0 {
			continue // a '$' that is text
		}
		e.copyText(b, s, lit, i, spans)
		if spans != nil {
			*spans = append(*spans, span{b.Len(), i, false})
			e.at = i
		}
		if ref {
			e.resolve(b, s[i+2:end-1])
		} else {
			b.WriteByte('$')
		}
		lit, i = end, end-1
	}
	e.copyText(b, s, lit, len(s), spans)
	if b.Len() > maxExpandedBytes && e.err == nil {
		e.fail("expands to over " + strconv.Itoa(maxExpandedBytes) + " bytes")
	}
}

func (e *expander) copyText(b *strings.Builder, s string, from, to int, spans *[]span) {
	if from == to {
		return
	}
	if spans != nil {
		*spans = append(*spans, span{b.Len(), from, true})
	}
	b.WriteString(s[from:to])
}

// resolve writes the expansion of a reference to name to b.
func (e *expander) resolve(b *strings.Builder, name string) {
	if e.onStack[name] {
		e.fail("recursively defined variable: " + name + e.path(name))
		return
	}
	v, ok := e.value(name)
	if e.err != nil {
		return
	}
	if !ok {
		if e.strict {
			e.fail("no such variable: " + name + e.path(name))
			return
		}
		e.missed = append(e.missed, unresolved{e.at, name})
		b.WriteString("${" + name + "}")
		return
	}
	if e.work += 1 + len(v); e.work > maxExpandWork {
		e.fail("takes over " + strconv.Itoa(maxExpandWork) + " steps to expand")
		return
	}
	if len(e.stack) == maxExpandDepth {
		e.fail("nests references over " + strconv.Itoa(maxExpandDepth) + " deep")
		return
	}
	if e.onStack == nil {
		e.onStack = map[string]bool{}
	}
	e.stack, e.onStack[name] = append(e.stack, name), true
	e.scan(b, v, nil)
	e.stack, e.onStack[name] = e.stack[:len(e.stack)-1], false
}

// value looks name up; a "json:" name is its rest's value, expanded
// leniently on a stack of its own and escaped, as Broker-J's
// StringSubstitutionResolver has it.
func (e *expander) value(name string) (string, bool) {
	rest, ok := strings.CutPrefix(name, "json:")
	if !ok {
		return e.sc.lookup(name)
	}
	if slices.Contains(e.json, name) {
		e.fail("recursively defined variable: " + name + e.path(name))
		return "", false
	}
	inner := &expander{sc: e.sc, stack: []string{name}, onStack: map[string]bool{name: true},
		json: append(slices.Clone(e.json), name), work: e.work, at: e.at}
	var b strings.Builder
	inner.resolve(&b, rest)
	e.work, e.missed = inner.work, append(e.missed, inner.missed...)
	if inner.err != nil {
		e.err = inner.err
		return "", false
	}
	return strings.ReplaceAll(strings.ReplaceAll(b.String(), `\`, `\\`), `"`, `\"`), true
}

// path names the references that led to name, if any.
func (e *expander) path(name string) string {
	if len(e.stack) == 0 {
		return ""
	}
	return " (" + strings.Join(append(slices.Clone(e.stack), name), " -> ") + ")"
}

func (e *expander) fail(msg string) {
	if e.err == nil {
		e.err = &expandError{e.at, msg}
	}
}
