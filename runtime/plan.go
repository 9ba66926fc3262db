package runtime

import (
	"regexp"
	"strconv"
	"strings"
)

// Plan is everything a lookup needs: what generated code embeds and what
// a running broker loads. DecodePlan validates every invariant the
// runtime relies on; a Plan built by hand is trusted like a Compact.
type Plan struct {
	Permissions  bool
	Matcher      Compact           // the destination matcher
	PolicyIndex  CompactPolicies   // the auto-creation index
	PropertyKeys []PropertyKey     // property keys, in Properties field order
	Destinations []PlanDestination // nil in a decoded plan: see Destination
	Policies     []PlanPolicy

	cols *planColumns // a decoded plan's: where Destination reads (plandest.go)
}

// PropertyKind is the type inferred for a property key across all
// destinations; every value of the key has it.
type PropertyKind uint8

const (
	PropString PropertyKind = iota
	PropInt
	PropFloat
	PropBool
	numPropertyKinds
)

func (k PropertyKind) String() string {
	switch k {
	case PropString:
		return "string"
	case PropInt:
		return "int"
	case PropFloat:
		return "float"
	case PropBool:
		return "bool"
	}
	return "invalid kind"
}

// PropertyKey is one property of the generated Properties struct.
type PropertyKey struct {
	Name  string // the config's key, e.g. "max-msgs"
	Field string // the generated Go field name, e.g. "MaxMsgs"
	Kind  PropertyKind
}

// PropertyValue is a property value; Set is false when the destination
// does not set it. Only the member of the key's Kind is meaningful; the
// others are zero.
type PropertyValue struct {
	Set   bool
	Str   string
	Int   int64
	Float float64
	Bool  bool
}

// PlanDestination is one configured destination, in config order: its
// index in Plan.Destinations is the destination number the matcher
// answers.
type PlanDestination struct {
	Pattern    string
	Store      string
	HasStore   bool
	Cluster    string
	HasCluster bool
	Properties []PropertyValue // len(PropertyKeys), in that order (may be a sub-slice of one flat array)
}

// PlanPolicy is one auto-creation policy, in config order: its index in
// Plan.Policies is the policy number the policy index answers.
type PlanPolicy struct {
	Pattern    string // the Java regex, as configured
	NodeType   string // "queue" or "exchange"
	Attributes string // JSON object without "id"
	// The policy's whole condition when the index cannot decide it alone
	// (runtime.CheckMatch): the translated RE2 source (full match, as
	// regexp.MustCompile takes it) plus the literal pre-checks emit uses
	// today. Empty for policies the index or an automaton
	// (CompactPolicies.Automata) decides.
	GoRegexp       string
	Prefix, Suffix string
	Required       []string
}

// PolicyMatchers answers the condition of the policies the index cannot
// decide alone (CheckMatch), from a plan's PlanPolicy list: the literal
// pre-checks first, each a compare or a substring search that rejects
// most names the index lets through, then the regexp, compiled once. Both
// generated code and a broker loading a plan answer through it, so the
// two read one plan the same way. It is read-only once built and safe for
// concurrent use.
type PolicyMatchers struct {
	policies []PlanPolicy
	re       []*regexp.Regexp // by policy; nil where GoRegexp is empty
}

// CompilePolicyMatchers compiles the GoRegexp of every policy that has
// one. An error names the policy; DecodePlan has already compiled each
// regexp, so on a decoded plan it does not fail.
func CompilePolicyMatchers(ps []PlanPolicy) (*PolicyMatchers, error) {
	m := &PolicyMatchers{policies: ps, re: make([]*regexp.Regexp, len(ps))}
	for i := range ps {
		if ps[i].GoRegexp == "" {
			continue
		}
		re, err := regexp.Compile(ps[i].GoRegexp)
		if err != nil {
			return nil, &PlanError{Offset: -1, Msg: "policy " + strconv.Itoa(i) + ": " + err.Error()}
		}
		m.re[i] = re
	}
	return m, nil
}

// Match reports whether policy i's whole condition accepts name. A policy
// without a regexp, or a number out of range, matches nothing: the index
// only asks for CheckMatch policies, and fails closed otherwise. It never
// allocates.
func (m *PolicyMatchers) Match(i int, name string) bool {
	if i < 0 || i >= len(m.re) || m.re[i] == nil {
		return false
	}
	p := &m.policies[i]
	if !strings.HasPrefix(name, p.Prefix) || !strings.HasSuffix(name, p.Suffix) {
		return false
	}
	for _, lit := range p.Required {
		if !strings.Contains(name, lit) {
			return false
		}
	}
	return m.re[i].MatchString(name)
}

// PlanError is an error decoding or checking a plan: what is wrong and
// the byte offset in the encoded plan where it was found (-1 when the
// error is not about a position in the bytes).
type PlanError struct {
	Offset int
	Msg    string
}

func (e *PlanError) Error() string {
	if e.Offset < 0 {
		return "plan: " + e.Msg
	}
	return "plan: offset " + strconv.Itoa(e.Offset) + ": " + e.Msg
}

// PlanChecksum is the checksum an encoded plan's header holds (the
// CRC-32 of its sections), or 0 for bytes too short to be a plan.
// Generated code records its plan's, to know the file it embeds is the
// one generated with it.
func PlanChecksum(b []byte) uint32 {
	if len(b) < planHeaderBytes {
		return 0
	}
	return le32(string(b[12:16]), 0)
}

// MustLoadPlan decodes the plan generated code embeds, data, whose
// checksum the generator recorded beside it. It panics, at package
// initialisation, when data is another plan (a plan file regenerated
// without its Go file, or the reverse) or does not decode: the package
// cannot answer for a config it was not generated from.
//
// The plan keeps its destinations as the columns they were encoded in:
// Destinations is nil, and generated code reads each destination with
// Destination and Property.
//
// Past that it trusts the plan, as NewMatcher trusts a Compact: the
// generator wrote both files in one run and recorded, in the Go file, the
// checksum of the bytes it wrote, which must be the plan header's. It
// does not compute the CRC over the plan's bytes (DecodePlan does, for
// plans from elsewhere): the embedded file is compiled into the binary
// with the code that reads it, as much a build input as the Go source,
// and reading every byte to checksum it was 9% of initialisation at
// 100,000 IoT-style destinations and 14% at exact-heavy ones (perf, the
// probe of make scale), first-touching pages nothing else reads.
// Validation (DecodePlan) would add about a quarter to initialisation
// (measured at 100k exact destinations: 207-220 ms against 161-182 ms
// per load, load average 24 on 2 cores, so the ratio only).
func MustLoadPlan(data string, checksum uint32) *Plan {
	if len(data) >= planHeaderBytes && le32(data, 12) != checksum {
		panic("runtime: the embedded plan is not the one this code was generated with: run go generate")
	}
	p, err := decodePlan(data, false)
	if err != nil {
		panic("runtime: embedded " + err.Error())
	}
	return p
}

// MustCompilePolicyMatchers is CompilePolicyMatchers for a plan that
// DecodePlan has validated: it panics on an error, which cannot happen.
func MustCompilePolicyMatchers(ps []PlanPolicy) *PolicyMatchers {
	m, err := CompilePolicyMatchers(ps)
	if err != nil {
		panic("runtime: " + err.Error())
	}
	return m
}
