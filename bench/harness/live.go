package harness

import (
	"testing"

	"github.com/destgen/destgen/live"
	"github.com/destgen/destgen/runtime"
)

// The loops of impl=live: a live.Realm compiled in-process from the
// workload's config, asked as the generated package is (a direct method
// call per name, names indexed with a mask), so that the two differ only
// in how they reach the runtime.

// NewLive compiles a workload's config into a Realm.
func NewLive(config []byte) (*live.Realm, error) {
	r, _, err := live.Compile(live.Source{Name: "workload.json", Data: config})
	return r, err
}

// LivePrincipals looks up each caller's principals in r, laid out as
// Generated's Principals lays them out (one array): with a slice of its
// own per caller, the live rows of Allowed measured the allocator's
// scattering too.
func LivePrincipals(r *live.Realm, callers [][]string) [][]runtime.Principal {
	return principals(callers, r.LookupPrincipal)
}

func LiveResolveLoop(b *testing.B, r *live.Realm, names []string) {
	mask := len(names) - 1
	for i := 0; b.Loop(); i++ {
		r.Resolve(names[i&mask])
	}
}

func LiveMatchesLoop(b *testing.B, r *live.Realm, names []string) {
	mask := len(names) - 1
	buf := make([]int, 0, MatchesBuf)
	for i := 0; b.Loop(); i++ {
		buf, _ = r.Matches(names[i&mask], buf[:0])
	}
}

func LiveAllowedLoop(b *testing.B, r *live.Realm, op runtime.Op, names []string, callers [][]runtime.Principal) {
	mask := len(names) - 1
	for i := 0; b.Loop(); i++ {
		r.Allowed(op, names[i&mask], callers[i&mask]...)
	}
}

func LiveAutoCreateLoop(b *testing.B, r *live.Realm, op runtime.Op, names []string) {
	mask := len(names) - 1
	for i := 0; b.Loop(); i++ {
		r.AutoCreate(names[i&mask], op)
	}
}

func LiveLookupPrincipalLoop(b *testing.B, r *live.Realm, names []string) {
	mask := len(names) - 1
	for i := 0; b.Loop(); i++ {
		r.LookupPrincipal(names[i&mask])
	}
}
