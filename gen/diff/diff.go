// Package diff says what changing a config does to clients: which
// destination names get a different answer from the four questions of the
// semantics (matching destinations, chosen destination, access, node
// auto-creation), each change with a concrete witness name where one is
// known and the set of affected names as a pattern.
//
// It assumes two model.Models built without errors. Every witness is
// checked by evaluating it on both configs with the semantics' own
// definitions (subject.Pattern.Match, subject.Compare, the ACL union and
// reference.Interp.AutoCreate), so a reported witness is sound by
// construction; which names are tried is what makes the diff complete.
//
// Destinations are keyed by pattern text: only destinations added,
// removed or changed between the two configs can change a name's answers,
// since a name matching none of them matches the same destinations on
// both sides. Candidate witnesses are generic instances of those patterns
// and of their meets with every pattern overlapping them (witness.go); the
// overlapping patterns are found by one pass over both configs against a
// trie of the changed patterns (partners.go), so the cost is linear in the
// configs' size plus the work per changed pattern.
package diff

import (
	"encoding/json"
	"slices"
	"strconv"

	"github.com/destgen/destgen/gen/model"
)

// Kind is what a change is about.
type Kind string

// The change kinds, in the order Diff reports them.
const (
	DestAdded     Kind = "destination-added"   // Pattern is new; Witness matches it
	DestRemoved   Kind = "destination-removed" // Pattern is gone; Witness matched it
	DestChanged   Kind = "destination-changed" // same pattern, other store, cluster, properties or ACL
	Precedence    Kind = "precedence"          // Witness's chosen destination is another pattern
	Access        Kind = "access"              // Principal newly allowed or denied Op on Witness
	Permissions   Kind = "permissions"         // the permissions switch flipped
	PolicyAdded   Kind = "policy-added"
	PolicyRemoved Kind = "policy-removed"
	PolicyChanged Kind = "policy-changed" // same pattern, other node type, operations or attributes
	PolicyMoved   Kind = "policy-moved"   // same policy, other place in the order
	AutoCreate    Kind = "autocreate"     // Witness's AutoCreate answer for Op differs
)

// Kinds lists every kind in report order.
var Kinds = []Kind{DestAdded, DestRemoved, DestChanged, Precedence, Access, Permissions,
	PolicyAdded, PolicyRemoved, PolicyChanged, PolicyMoved, AutoCreate}

// Change is one difference in behaviour between two configs. Its JSON
// form is one object of `destgen diff -json`.
type Change struct {
	Kind Kind `json:"kind"`
	// Witness is a name whose answers differ as Old and New say, or nil
	// when none is known (Note says why).
	Witness *string `json:"witness"`
	// Pattern is the affected set: a destination pattern for destination
	// kinds, a policy's Java regex for policy kinds. The names it matches
	// include Witness.
	Pattern string `json:"pattern"`
	// Exact is true when every valid name matching Pattern changes as Old
	// and New say (Precedence, Access, Permissions); otherwise some do.
	Exact bool `json:"exact"`
	// Op is the operation of Access ("publish", "subscribe") and
	// AutoCreate ("publish", "consume") changes.
	Op string `json:"op,omitempty"`
	// Principal is the caller's principal of an Access change.
	Principal string `json:"principal,omitempty"`
	Old       Answer `json:"old"`
	New       Answer `json:"new"`
	Note      string `json:"note,omitempty"`
}

// Answer is one side of a change; an empty Answer means "none" (no
// destination chosen, no policy creates the node, the destination or
// policy is absent).
type Answer struct {
	Destination *Dest   `json:"destination,omitempty"` // destination kinds, Precedence (the chosen one)
	Allowed     *bool   `json:"allowed,omitempty"`     // Access
	Permissions *bool   `json:"permissions,omitempty"` // Permissions
	Policy      *Policy `json:"policy,omitempty"`      // policy kinds, AutoCreate (the creating one)
}

// Dest is a configured destination as a change shows it.
type Dest struct {
	Pattern    string              `json:"pattern"`
	Store      *string             `json:"store,omitempty"`
	Cluster    *string             `json:"cluster,omitempty"`
	Properties map[string]any      `json:"properties,omitempty"`
	ACL        map[string][]string `json:"acl,omitempty"`
}

// Policy is an auto-creation policy as a change shows it.
type Policy struct {
	Index      int             `json:"index"`
	Pattern    string          `json:"pattern"`
	NodeType   string          `json:"nodeType"`
	Publish    bool            `json:"createdOnPublish"`
	Consume    bool            `json:"createdOnConsume"`
	Attributes json.RawMessage `json:"attributes,omitempty"`
}

// Diff returns every change in behaviour from old to new, grouped by kind
// in the order of Kinds and deterministic for given configs.
func Diff(old, new *model.Model) []Change {
	var out []Change
	out = append(out, destinations(old, new)...)
	out = append(out, policies(old, new)...)
	slices.SortStableFunc(out, func(a, b Change) int {
		return slices.Index(Kinds, a.Kind) - slices.Index(Kinds, b.Kind)
	})
	return out
}

func ptr[T any](v T) *T { return &v }

// opNames name runtime.Op values as explain does for destinations.
var opNames = [2]string{"publish", "subscribe"}

// Count returns how many changes there are of each kind.
func Count(cs []Change) map[Kind]int {
	n := map[Kind]int{}
	for _, c := range cs {
		n[c.Kind]++
	}
	return n
}

func boolText(b bool) string {
	if b {
		return "true"
	}
	return "false"
}

func itoa(n int) string { return strconv.Itoa(n) }

func joinNote(a, b string) string {
	if a == "" {
		return b
	}
	return a + "; " + b
}
