// Package harness holds what the benchmarks share: the registry that
// generated benchmark packages add themselves to, the peer implementations
// they are measured against, and the cached environment (workload, model,
// peers, name samples) of each workload.
package harness

import (
	"cmp"
	"fmt"
	"slices"
	"testing"

	"github.com/destgen/destgen/bench/workload"
	"github.com/destgen/destgen/runtime"
)

// Kind says which benchmarks a generated package is for.
type Kind string

const (
	// Destinations packages are measured on Resolve, Matches and Allowed.
	Destinations Kind = "destinations"
	// Policies packages are measured on AutoCreate.
	Policies Kind = "policies"
)

// Generated is one generated package as its loops.go registers it. The
// Loop functions call the package's functions directly (not through the
// func values above them), so that a benchmark measures what a broker
// calling the generated package pays.
type Generated struct {
	Package      string
	Kind         Kind
	Spec         workload.Spec
	ConfigSHA256 string // of the config it was generated from

	Resolve         func(name string) (int, error) // -1 for no match
	Matches         func(name string, buf []int) ([]int, error)
	Allowed         func(op runtime.Op, name string, principals ...runtime.Principal) bool
	LookupPrincipal func(name string) runtime.Principal
	AutoCreate      func(name string, op runtime.Op) (int, bool)

	ResolveLoop func(b *testing.B, names []string)
	MatchesLoop func(b *testing.B, names []string)
	// AllowedLoop's callers hold principals looked up beforehand, as a
	// broker does when a caller authenticates.
	AllowedLoop    func(b *testing.B, op runtime.Op, names []string, callers [][]runtime.Principal)
	AutoCreateLoop func(b *testing.B, op runtime.Op, names []string)
}

// Principals looks up each caller's principals in g. They share one
// array, in caller order, as a broker keeps a caller's principals with its
// connection, so that a benchmark walking the callers measures Allowed and
// not the allocator's scattering of small slices.
func (g *Generated) Principals(callers [][]string) [][]runtime.Principal {
	return principals(callers, g.LookupPrincipal)
}

// principals is each caller's principals as lookup finds them, sharing
// one array in caller order.
func principals(callers [][]string, lookup func(string) runtime.Principal) [][]runtime.Principal {
	var all []runtime.Principal
	for _, c := range callers {
		for _, p := range c {
			all = append(all, lookup(p))
		}
	}
	out := make([][]runtime.Principal, len(callers))
	for i, c := range callers {
		out[i], all = all[:len(c):len(c)], all[len(c):]
	}
	return out
}

var registry []*Generated

// Register adds a generated package; loops.go calls it from init.
func Register(g *Generated) { registry = append(registry, g) }

// Registered returns the registered packages of kind k, ordered by shape
// or policy mix, then by size.
func Registered(k Kind) []*Generated {
	var out []*Generated
	for _, g := range registry {
		if g.Kind == k {
			out = append(out, g)
		}
	}
	slices.SortFunc(out, func(a, b *Generated) int {
		return cmp.Or(cmp.Compare(a.Label(), b.Label()), cmp.Compare(a.Size(), b.Size()))
	})
	return out
}

// Label is the workload's shape and family (workload.Spec.Label), or its
// policy mix for a policy package.
func (g *Generated) Label() string {
	if g.Kind == Policies {
		return string(g.Spec.Mix)
	}
	return g.Spec.Label()
}

// Size is N, or the number of policies for a policy package.
func (g *Generated) Size() int {
	if g.Kind == Policies {
		return g.Spec.Policies
	}
	return g.Spec.N
}

// Workload is the package's shape and size as benchmark names carry them:
// shape=exact/N=100, or shape=fast/P=10 for a policy package.
func (g *Generated) Workload() string {
	size := "N"
	if g.Kind == Policies {
		size = "P"
	}
	return fmt.Sprintf("shape=%s/%s=%d", g.Label(), size, g.Size())
}
