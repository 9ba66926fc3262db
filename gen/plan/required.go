package plan

import (
	"regexp/syntax"
	"strings"
)

// requiredLiterals returns literal strings that every name a translated
// (anchored, RE2) pattern matches must contain: the case-sensitive
// literals of its top-level concatenation. Generated code tests them with
// strings.Contains before running the regexp, which rejects most names at
// the cost of a substring search. A literal holding U+FFFD is left out
// (Go's regexp reads any invalid UTF-8 byte as U+FFFD, so such a literal
// can match other bytes), as are single bytes, which filter little.
func requiredLiterals(goRegexp string) []string {
	re, err := syntax.Parse(goRegexp, syntax.Perl)
	if err != nil {
		return nil
	}
	re = re.Simplify()
	for re.Op == syntax.OpCapture {
		re = re.Sub[0]
	}
	var subs []*syntax.Regexp
	switch re.Op {
	case syntax.OpConcat:
		subs = re.Sub
	case syntax.OpLiteral:
		subs = []*syntax.Regexp{re}
	}
	var lits []string
	for _, s := range subs {
		for s.Op == syntax.OpCapture {
			s = s.Sub[0]
		}
		if s.Op != syntax.OpLiteral || s.Flags&syntax.FoldCase != 0 {
			continue
		}
		lit := string(s.Rune)
		if len(lit) > 1 && !strings.ContainsRune(lit, '\uFFFD') {
			lits = append(lits, lit)
		}
	}
	return lits
}
