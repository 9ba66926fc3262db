package proptest

import (
	"encoding/json"
	"errors"
	"fmt"
	"go/parser"
	"go/token"
	"regexp"
	"strings"
	"testing"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/prop"

	destgen "github.com/destgen/destgen/gen"
	"github.com/destgen/destgen/gen/javaregex"
	"github.com/destgen/destgen/gen/model"
)

// TestGrammarAccepted: every policy pattern of the grammar (constructs on
// which Java and Go agree) is accepted, its translation compiles, the
// sampler's strings match it, and a config holding it generates Go that
// parses. If the translator starts rejecting a safe construct, or
// translates one wrongly, this fails with the pattern.
func TestGrammarAccepted(t *testing.T) {
	props := gopter.NewProperties(testParams(t))
	props.Property("accepted and compiles", prop.ForAll(func(p Policy, picks []int) string {
		pat := p.Pattern()
		re, err := javaregex.Translate(pat)
		if err != nil {
			return fmt.Sprintf("grammar pattern %q rejected: %v", pat, err)
		}
		rx, err := regexp.Compile(re)
		if err != nil {
			return fmt.Sprintf("translation %q of %q does not compile: %v", re, pat, err)
		}
		if s := p.Sample(&picker{picks: picks}); !rx.MatchString(s) {
			return fmt.Sprintf("%q (Go %q) does not match its sample %q", pat, re, s)
		}
		return generates(Config{Policies: []Policy{p}})
	}, GenPolicy(), upTo(maxPicks, small(8))))
	props.TestingRun(t)
}

// generates checks that a config generates Go source that parses.
func generates(c Config) string {
	m, err := c.Model()
	if err != nil {
		return err.Error()
	}
	src, err := destgen.Source(m, "routes")
	if err != nil {
		return err.Error()
	}
	if _, err := parser.ParseFile(token.NewFileSet(), "routes_gen.go", src, 0); err != nil {
		return fmt.Sprintf("generated source does not parse: %v", err)
	}
	return ""
}

// TestUnsupportedRejected: a pattern holding a construct the translator
// cannot keep exact is rejected, never silently accepted, with an error
// at the construct; and through a config, the diagnostic points at the
// construct's byte in the JSON file, escapes and all.
func TestUnsupportedRejected(t *testing.T) {
	props := gopter.NewProperties(testParams(t))
	props.Property("rejected at the construct", prop.ForAll(func(before, after Policy, which int) *gopter.PropResult {
		pre, post := before.Pattern(), after.Pattern()
		if _, err := javaregex.Translate(pre); err != nil {
			return discard
		}
		if _, err := javaregex.Translate(post); err != nil {
			return discard
		}
		bad := Unsupported[wrap(which, len(Unsupported))]
		return failure(rejectedAt(pre, bad, "(?:"+post+")"))
	}, GenPolicy(), GenPolicy(), small(len(Unsupported))))
	props.TestingRun(t)
}

// rejectedAt checks pre+bad+post is rejected inside bad, by Translate and
// through model.Load.
func rejectedAt(pre, bad, post string) string {
	pat := pre + bad + post
	_, err := javaregex.Translate(pat)
	var e *javaregex.Error
	switch {
	case err == nil:
		return fmt.Sprintf("%q accepted despite %q", pat, bad)
	case !errors.As(err, &e):
		return fmt.Sprintf("%q: error %T is not *javaregex.Error", pat, err)
	case e.Offset < len(pre) || e.Offset >= len(pre)+len(bad):
		return fmt.Sprintf("%q: error at offset %d (%v), outside %q at %d", pat, e.Offset, e, bad, len(pre))
	}
	var b strings.Builder
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.Encode(map[string]any{"nodeAutoCreationPolicies": []any{map[string]any{
		"createdOnPublish": true, "nodeType": "queue", "pattern": pat}}})
	data := b.String()
	_, diags := model.Load("p.json", []byte(data))
	if len(diags) != 1 {
		return fmt.Sprintf("%q: want one diagnostic, got %v", pat, diags)
	}
	// The diagnostic's byte offset must be where the JSON encoding of the
	// pattern's first e.Offset bytes ends inside the string literal.
	quoted, _ := json.Marshal(pat[:e.Offset])
	start := strings.Index(data, `"pattern":"`) + len(`"pattern":"`)
	want := start + len(encodeNoHTML(pat[:e.Offset]))
	if got := diags[0].Pos.Offset; got != want {
		return fmt.Sprintf("%q: diagnostic %v at byte %d, want %d (after %s)", pat, diags[0], got, want, quoted)
	}
	return ""
}

// encodeNoHTML is the JSON string body (no quotes) encoding/json writes
// with HTML escaping off.
func encodeNoHTML(s string) string {
	var b strings.Builder
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.Encode(s)
	out := strings.TrimSuffix(b.String(), "\n")
	return out[1 : len(out)-1]
}
