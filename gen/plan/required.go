package plan

import (
	"regexp"
	"regexp/syntax"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/destgen/destgen/runtime"
)

// generalKeys are literals every name a General policy's translated
// (anchored, RE2) pattern matches must hold: each a necessary condition
// only, for the index to narrow the policies whose regexp runs. A literal
// holding U+FFFD is cut before it (Go's regexp reads any invalid UTF-8
// byte as U+FFFD, so such a literal can match other bytes).
type generalKeys struct {
	prefix string // the name starts with it (the program's literal prefix)
	suffix string // the name ends with it (a trailing case-sensitive literal)
	// fold: the name, ASCII-lower-cased, starts with it (leading literals
	// and [Xx] pairs, as (?i) translates).
	fold string
	// required: the name contains each (the case-sensitive literals of
	// the top-level concatenation, of two bytes or more).
	required []string
}

// analyzeGeneral finds a General policy's key literals.
func analyzeGeneral(goRegexp string) generalKeys {
	var g generalKeys
	if re, err := regexp.Compile(goRegexp); err == nil {
		g.prefix, _ = re.LiteralPrefix()
		g.prefix, _, _ = strings.Cut(g.prefix, "\uFFFD")
	}
	items := concatItems(goRegexp)
	g.required = requiredLiterals(items)
	g.suffix = trailingLiteral(items)
	g.fold = foldPrefix(items)
	return g
}

// key chooses the policy's one index entry: the longest of its keys, as
// the likeliest to rule most names out. On a tie a suffix comes first:
// node names are paths whose leading elements (a tenant, a kind) are
// shared by many names and whose last one varies most. Then a prefix, a
// case-insensitive prefix, and last an inner literal, which costs a scan
// of the name rather than one probe (and cannot be indexed below
// runtime.MinInfixBytes). With no key at all every name is a candidate
// (AnchorNone).
func (g generalKeys) key() (Anchor, string) {
	anchor, key := AnchorNone, ""
	for _, c := range []struct {
		a   Anchor
		lit string
	}{{AnchorSuffix, g.suffix}, {AnchorPrefix, g.prefix}, {AnchorFold, g.fold}} {
		if len(c.lit) > len(key) {
			anchor, key = c.a, c.lit
		}
	}
	for _, lit := range g.required {
		if len(lit) >= runtime.MinInfixBytes && len(lit) > len(key) {
			anchor, key = AnchorInfix, lit
		}
	}
	return anchor, key
}

// concatItems is the top-level concatenation of a translated pattern,
// simplified, with captures unwrapped: \A, the items, \z.
func concatItems(goRegexp string) []*syntax.Regexp {
	re, err := syntax.Parse(goRegexp, syntax.Perl)
	if err != nil {
		return nil
	}
	re = uncapture(re.Simplify())
	if re.Op != syntax.OpConcat {
		return []*syntax.Regexp{re}
	}
	items := make([]*syntax.Regexp, len(re.Sub))
	for i, s := range re.Sub {
		items[i] = uncapture(s)
	}
	return items
}

func uncapture(re *syntax.Regexp) *syntax.Regexp {
	for re.Op == syntax.OpCapture {
		re = re.Sub[0]
	}
	return re
}

// requiredLiterals are the case-sensitive literal items of more than one
// byte without U+FFFD: single bytes filter little. Generated code tests
// them with strings.Contains before running the regexp, which rejects
// most names at the cost of a substring search.
func requiredLiterals(items []*syntax.Regexp) []string {
	var lits []string
	for _, s := range items {
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

// trailingLiteral is the case-sensitive literal the items end with, just
// before \z, after its last U+FFFD.
func trailingLiteral(items []*syntax.Regexp) string {
	n := len(items)
	if n == 0 || items[n-1].Op != syntax.OpEndText {
		return ""
	}
	lit := ""
	for i := n - 2; i >= 0 && items[i].Op == syntax.OpLiteral && items[i].Flags&syntax.FoldCase == 0; i-- {
		lit = string(items[i].Rune) + lit
	}
	if i := strings.LastIndex(lit, "\uFFFD"); i >= 0 {
		lit = lit[i+len("\uFFFD"):]
	}
	return lit
}

// foldPrefix is what every matching name starts with once ASCII-lower-
// cased: after \A, the leading literals (case-insensitive ones only while
// each letter folds to exactly its ASCII pair) and two-letter classes
// [Xx], lower-cased, up to the first U+FFFD.
func foldPrefix(items []*syntax.Regexp) string {
	if len(items) == 0 || items[0].Op != syntax.OpBeginText {
		return ""
	}
	var b strings.Builder
	for _, it := range items[1:] {
		switch it.Op {
		case syntax.OpLiteral:
			for _, r := range it.Rune {
				if r == '\uFFFD' || it.Flags&syntax.FoldCase != 0 && !foldsToASCIIPair(r) {
					return b.String()
				}
				b.WriteRune(lowerASCII(r))
			}
		case syntax.OpCharClass:
			r, ok := asciiPairClass(it.Rune)
			if !ok {
				return b.String()
			}
			b.WriteRune(r)
		default:
			return b.String()
		}
	}
	return b.String()
}

// foldsToASCIIPair reports whether a case-insensitive literal rune
// matches only what ASCII lower-casing maps to its own lower case: a rune
// without case, or an ASCII letter whose fold orbit is just its pair (not
// k, which folds to the Kelvin sign, nor s, to the long s).
func foldsToASCIIPair(r rune) bool {
	f := unicode.SimpleFold(r)
	if f == r {
		return true
	}
	return r < utf8.RuneSelf && f < utf8.RuneSelf && unicode.SimpleFold(f) == r
}

// asciiPairClass is the lower-cased rune a class matches, when it matches
// one rune or an ASCII letter in either case, as (?i) translates letters.
func asciiPairClass(ranges []rune) (rune, bool) {
	switch {
	case len(ranges) == 2 && ranges[0] == ranges[1] && ranges[0] != '\uFFFD':
		return lowerASCII(ranges[0]), true
	case len(ranges) == 4 && ranges[0] == ranges[1] && ranges[2] == ranges[3] &&
		'A' <= ranges[0] && ranges[0] <= 'Z' && ranges[2] == ranges[0]+'a'-'A':
		return ranges[2], true
	}
	return 0, false
}

// lowerASCII lower-cases an ASCII letter and leaves any other rune alone,
// as the index lower-cases names.
func lowerASCII(r rune) rune {
	if 'A' <= r && r <= 'Z' {
		return r + 'a' - 'A'
	}
	return r
}
