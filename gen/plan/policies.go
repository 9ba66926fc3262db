package plan

import (
	"strings"
	"unicode/utf8"

	"github.com/destgen/destgen/gen/javaregex"
	"github.com/destgen/destgen/gen/model"
	"github.com/destgen/destgen/runtime"
)

// Policy is an auto-creation policy with the shape of its regex, which
// decides whether generated code can match it without regexp, and its
// index entries (see runtime.PolicyIndex): every name it matches holds
// one of Keys as Anchor says, and then passes Check.
type Policy struct {
	*model.Policy
	Shape  javaregex.Shape
	Anchor Anchor
	Check  Check
	// Keys are the literals of the policy's index entries: its literals
	// (Literals), its literal part (Prefix, Suffix), or for a General
	// policy at most one chosen required literal ("" with AnchorNone).
	Keys []string
	// Prefix and Suffix are literals every name a General policy matches
	// starts (ends) with, and Required further literals it contains (less
	// those Prefix and Suffix imply): policyMatch tests them, a compare or
	// a substring search each, before the regexp, which costs a hundred
	// times more and would mostly fail on the names the key lets through.
	Prefix, Suffix string
	Required       []string
	// Automaton: a deterministic automaton decides the policy (see
	// policydfa.go), in place of its regexp; with CheckAutomaton the one
	// of the whole list, run on every name, else its own, reached through
	// its index entry.
	Automaton bool
}

// Anchor is where a name a policy matches holds one of its keys.
type Anchor uint8

const (
	AnchorPrefix Anchor = iota // at the start
	AnchorSuffix               // at the end
	AnchorExact                // the whole name
	AnchorFold                 // at the start, ignoring ASCII case (the key is lower-case)
	AnchorInfix                // anywhere
	AnchorNone                 // no key: every name is a candidate
)

// Check is what a name must pass once it holds a key.
type Check uint8

const (
	CheckNone             Check = iota // nothing: the key decides
	CheckNoLineTerminator              // the rest of the name has no Java line terminator
	CheckMatch                         // policyMatch: the policy's regexp, or its automaton
	CheckAutomaton                     // the list's automaton, on every name; no key
)

func (a Anchor) String() string {
	return [...]string{"prefix", "suffix", "exact", "fold", "infix", "none"}[a]
}

func (c Check) String() string {
	return [...]string{"none", "no-line-terminator", "match", "automaton"}[c]
}

// buildPolicies analyses each policy's regex, chooses its index entries
// and writes the index in its compact form.
func (p *Plan) buildPolicies() {
	var keys []string
	c := &p.PolicyIndex
	for _, pol := range p.Model.Policies {
		p.Policies = append(p.Policies, planPolicy(pol))
	}
	c.Automata = buildPolicyAutomata(p.Policies)
	for _, pp := range p.Policies {
		pol := pp.Policy
		for _, k := range pp.Keys {
			keys = append(keys, k)
			c.EntryPolicy = append(c.EntryPolicy, uint32(pol.Index))
			c.AtEnd = append(c.AtEnd, pp.Anchor == AnchorSuffix)
		}
		c.Flags = append(c.Flags, opBits(pol)|pp.runtimeFlags())
	}
	c.Literals, c.LiteralEnds = Blob(keys)
}

// planPolicy classifies one policy. Literal, prefix and suffix shapes are
// decided by their entries; anything else, including a literal holding
// U+FFFD (see hasReplacementChar), is General and keyed by generalKey.
func planPolicy(pol *model.Policy) Policy {
	shape, err := javaregex.Analyze(pol.Pattern)
	if err != nil || hasReplacementChar(shape.Literals) {
		shape = javaregex.Shape{Kind: javaregex.General}
	}
	pp := Policy{Policy: pol, Shape: shape, Check: CheckNoLineTerminator}
	if shape.DotAll {
		pp.Check = CheckNone
	}
	switch shape.Kind {
	case javaregex.Literals:
		pp.Anchor, pp.Check, pp.Keys = AnchorExact, CheckNone, shape.Literals
	case javaregex.Prefix:
		pp.Anchor, pp.Keys = AnchorPrefix, shape.Literals[:1]
	case javaregex.Suffix:
		pp.Anchor, pp.Keys = AnchorSuffix, shape.Literals[:1]
	default:
		g := analyzeGeneral(pol.GoRegexp)
		var key string
		pp.Anchor, key = g.key()
		pp.Keys, pp.Check = []string{key}, CheckMatch
		pp.Prefix, pp.Suffix = g.prefix, g.suffix
		for _, lit := range g.required {
			if !strings.Contains(g.prefix, lit) && !strings.Contains(g.suffix, lit) {
				pp.Required = append(pp.Required, lit)
			}
		}
	}
	return pp
}

// runtimeFlags are the policy's anchor and check as
// runtime.CompactPolicies.Flags carries them.
func (pp *Policy) runtimeFlags() uint8 {
	anchor := [...]uint8{
		AnchorPrefix: runtime.AnchorAffix, AnchorSuffix: runtime.AnchorAffix, AnchorExact: runtime.AnchorExact,
		AnchorFold: runtime.AnchorFold, AnchorInfix: runtime.AnchorInfix, AnchorNone: runtime.AnchorAffix,
	}[pp.Anchor]
	check := [...]uint8{
		CheckNone: runtime.CheckNone, CheckNoLineTerminator: runtime.CheckNoLineTerminator, CheckMatch: runtime.CheckMatch,
		CheckAutomaton: runtime.CheckAutomaton,
	}[pp.Check]
	return anchor | check
}

// hasReplacementChar reports whether a literal holds U+FFFD. Go's regexp
// reads every invalid UTF-8 byte of a name as U+FFFD, so such a literal
// matches more than its own bytes: only the regexp can decide it, and a
// required prefix must stop before it.
func hasReplacementChar(lits []string) bool {
	for _, l := range lits {
		if strings.ContainsRune(l, utf8.RuneError) {
			return true
		}
	}
	return false
}

func opBits(pol *model.Policy) uint8 {
	var b uint8
	if pol.CreatedOnPublish {
		b |= 1 << runtime.Publish
	}
	if pol.CreatedOnConsume {
		b |= 1 << runtime.Consume
	}
	return b
}
