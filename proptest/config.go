package proptest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/destgen/destgen/gen/model"
	"github.com/destgen/destgen/gen/subject"
)

// Config is a generated config in the raw form gopter draws and shrinks:
// small integers that index fixed alphabets. Any value is meaningful (out
// of range integers wrap), so every shrink step is a config too; JSON turns
// it into a valid config file.
type Config struct {
	PermOff   int // 1: "permissions": false; any other value: true
	StoreMode int // see placements
	Dests     []Dest
	Policies  []Policy
	Names     []NameRecipe // names to ask about besides the enumerated ones
}

// Dest is one destination.
type Dest struct {
	Elems []int // indices into patternElems; '>' before the end reads as '*'
	Props []int // see propKeys
	Pub   []int // principal numbers, p0..p3
	Sub   []int
}

// Policy is one auto-creation policy.
type Policy struct {
	Form int // see policyForms
	Lit  int // the literal(s) of the simple forms, indices into policyLits
	Lit2 int
	Rx   Rx  // the pattern of the general form
	Ops  int // see policyOps
	Flag int // 1: a leading (?s)
}

// patternElems is the destination alphabet: few literals, so overlaps and
// ties between patterns are frequent.
var patternElems = []string{"a", "b", "*", ">", "c", "*", ">"}

// nameElems adds "d", which no pattern has: a near miss of every literal.
var nameElems = []string{"a", "b", "c", "d"}

// propKeys are the property keys, each with one type, so a config never
// has a type conflict; a Props value v picks key v%4 and value v/4%2.
var propKeys = []struct {
	key  string
	vals [2]any
}{
	{"prefetch", [2]any{1, 64}},
	{"durable", [2]any{"shared", "a b"}},
	{"ratio", [2]any{0.5, 2.5}},
	{"ha", [2]any{true, false}},
}

// policyOps are the (nodeType, createdOnPublish, createdOnConsume) choices
// Broker-J accepts: an exchange cannot be consumed from.
var policyOps = []struct {
	nodeType         string
	publish, consume bool
}{
	{"queue", true, true}, {"exchange", true, false}, {"queue", true, false}, {"queue", false, true},
}

// wrap maps any integer onto 0..n-1, so that shrinking (which also tries
// negative values) and hand-written values never index out of range.
func wrap(v, n int) int {
	v %= n
	if v < 0 {
		v += n
	}
	return v
}

// Pattern returns the destination's pattern, or "" for no elements.
func (d Dest) Pattern() string {
	elems := make([]string, len(d.Elems))
	for i, e := range d.Elems {
		elems[i] = patternElems[wrap(e, len(patternElems))]
		if elems[i] == ">" && i < len(d.Elems)-1 {
			elems[i] = "*"
		}
	}
	return strings.Join(elems, ".")
}

// File is the JSON form of a config, in the key order of the README.
type File struct {
	Permissions  bool         `json:"permissions"`
	Destinations []FileDest   `json:"destinations"`
	Policies     []FilePolicy `json:"nodeAutoCreationPolicies"`
}

// FileDest is a destination of File.
type FileDest struct {
	Name       string         `json:"name"`
	Store      *string        `json:"store,omitempty"`
	Cluster    *string        `json:"cluster,omitempty"`
	Properties map[string]any `json:"properties,omitempty"`
	ACL        FileACL        `json:"acl"`
}

// FileACL is an ACL of File.
type FileACL struct {
	Publish   []string `json:"publish,omitempty"`
	Subscribe []string `json:"subscribe,omitempty"`
}

// FilePolicy is a policy of File.
type FilePolicy struct {
	Pattern          string `json:"pattern"`
	NodeType         string `json:"nodeType"`
	CreatedOnPublish bool   `json:"createdOnPublish"`
	CreatedOnConsume bool   `json:"createdOnConsume"`
}

// File returns the valid config c stands for: destinations without
// elements or repeating an earlier pattern are dropped, principals are
// deduplicated, stores are made consistent where patterns overlap, and
// policies whose pattern the translator rejects are dropped (the grammar
// aims at accepted patterns; TestGrammarAccepted checks how often).
func (c Config) File() File {
	f := File{Permissions: wrap(c.PermOff, 4) != 1, Destinations: []FileDest{}, Policies: []FilePolicy{}}
	seen := map[string]bool{}
	var pats []subject.Pattern
	for _, d := range c.Dests {
		name := d.Pattern()
		if name == "" || seen[name] {
			continue
		}
		seen[name] = true
		p, _ := subject.Parse(name)
		pats = append(pats, p)
		f.Destinations = append(f.Destinations, FileDest{
			Name: name, Properties: props(d.Props),
			ACL: FileACL{Publish: principals(d.Pub), Subscribe: principals(d.Sub)},
		})
	}
	placements(wrap(c.StoreMode, 3), pats, f.Destinations)
	for _, p := range c.acceptedPolicies() {
		ops := policyOps[wrap(p.Ops, len(policyOps))]
		f.Policies = append(f.Policies, FilePolicy{p.Pattern(), ops.nodeType, ops.publish, ops.consume})
	}
	return f
}

func props(vs []int) map[string]any {
	if len(vs) == 0 {
		return nil
	}
	m := map[string]any{}
	for _, v := range vs {
		k := propKeys[wrap(v, len(propKeys))]
		m[k.key] = k.vals[wrap(v/len(propKeys), 2)]
	}
	return m
}

func principals(vs []int) []string {
	var out []string
	seen := map[int]bool{}
	for _, v := range vs {
		v = wrap(v, 4)
		if !seen[v] {
			seen[v] = true
			out = append(out, fmt.Sprintf("p%d", v))
		}
	}
	return out
}

// placements sets store and cluster. Mode 0 leaves them unset; mode 1 puts
// everything in one store; mode 2 gives each top-level literal its own
// store, then merges the stores of destinations that overlap (union-find
// over subject.Overlap, config order deciding the name), so the config is
// valid yet has several stores.
func placements(mode int, pats []subject.Pattern, ds []FileDest) {
	if mode == 0 {
		return
	}
	parent := make([]int, len(ds))
	for i := range parent {
		parent[i] = i
	}
	var root func(int) int
	root = func(i int) int {
		for parent[i] != i {
			i = parent[i]
		}
		return i
	}
	for i := range ds {
		for j := range i {
			if _, ok := subject.Overlap(pats[i], pats[j]); ok && mode == 2 {
				parent[root(i)] = root(j)
			}
		}
	}
	cluster := "c1"
	for i := range ds {
		store := "s1"
		if mode == 2 {
			store = "s-" + strings.Split(ds[root(i)].Name, ".")[0]
		}
		ds[i].Store, ds[i].Cluster = &store, &cluster
	}
}

// JSON returns the config file's bytes, one destination or policy per
// line so that a failure report is readable, and without HTML escaping
// (which would print '>' as \u003e).
func (c Config) JSON() []byte {
	f := c.File()
	var b bytes.Buffer
	fmt.Fprintf(&b, "{\"permissions\": %v,\n \"destinations\": [", f.Permissions)
	for i, d := range f.Destinations {
		writeItem(&b, i, d)
	}
	b.WriteString("],\n \"nodeAutoCreationPolicies\": [")
	for i, p := range f.Policies {
		writeItem(&b, i, p)
	}
	b.WriteString("]}\n")
	return b.Bytes()
}

func writeItem(b *bytes.Buffer, i int, v any) {
	if i > 0 {
		b.WriteString(",")
	}
	b.WriteString("\n  ")
	enc := json.NewEncoder(b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		panic(err) // only plain types: cannot happen
	}
	b.Truncate(b.Len() - 1) // Encode's newline
}

// Model loads the config; an error means the generator produced an
// invalid config, a bug in the generator or in validation.
func (c Config) Model() (*model.Model, error) {
	data := c.JSON()
	m, diags := model.Load("proptest.json", data)
	if err := diags.Err(); err != nil {
		return nil, fmt.Errorf("generated config is invalid: %v\n%s", err, data)
	}
	return m, nil
}
