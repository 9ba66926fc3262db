package live

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/destgen/destgen/runtime"
)

// TestZeroAllocs: a Realm's lookups, on every path (exact, wildcard,
// invalid and unmatched names; a policy the index decides and one that
// needs its regexp), and a Holder's Current allocate nothing, whether the
// Realm was compiled or loaded.
func TestZeroAllocs(t *testing.T) {
	compiled := mustCompile(t, source(t, filepath.Join("testdata", "general.json"), Native))
	loaded, err := Load(runtime.EncodePlan(compiled.Plan()))
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range []*Realm{compiled, loaded} {
		zeroAllocs(t, r)
	}
}

func zeroAllocs(t *testing.T, r *Realm) {
	h := NewHolder(r, Options{})
	alice, ops := r.LookupPrincipal("alice"), r.LookupPrincipal("ops")
	buf := make([]int, 0, 8)
	names := []string{"acme.orders", "acme.x", "acme.x.y.z", "other", "a..b", "acme.abc.work", "acme.ABC.work", "tmp.x",
		strings.Repeat("a", 21) + ".work", strings.Repeat("ab", 11) + ".work"}
	for _, name := range names {
		n := testing.AllocsPerRun(100, func() {
			rr := h.Current()
			d, _ := rr.Resolve(name)
			if d != nil {
				d.Property("prefetch")
			}
			rr.Allowed(runtime.Publish, name, alice, ops)
			rr.Allowed(runtime.Subscribe, name, ops)
			rr.LookupPrincipal("bob")
			buf, _ = rr.Matches(name, buf[:0])
		})
		if n != 0 {
			t.Errorf("%q: %v allocations per request", name, n)
		}
		n = testing.AllocsPerRun(100, func() {
			rr := h.Current()
			rr.AutoCreate(name, runtime.Publish)
			rr.AutoCreate(name, runtime.Consume)
		})
		// Under -race only the lookups above are held to zero (see
		// raceDetector); go test without it checks AutoCreate too.
		if n != 0 && !raceDetector {
			t.Errorf("%q: AutoCreate: %v allocations per request", name, n)
		}
	}
}

// TestHolderUpdate: an accepted config replaces the served Realm; a
// rejected one (errors, or warnings under Strict) returns its diagnostics
// and leaves the served Realm as it was.
func TestHolderUpdate(t *testing.T) {
	realm := source(t, filepath.Join("..", "examples", "realm.json"), Auto)
	general := source(t, filepath.Join("testdata", "general.json"), Auto)
	h := NewHolder(nil, Options{})
	if h.Current() != nil {
		t.Fatal("an empty Holder serves a Realm")
	}
	if _, err := h.Update(realm); err != nil {
		t.Fatal(err)
	}
	first := h.Current()
	if d, _ := first.Resolve("foo.bar"); d == nil {
		t.Fatal("realm.json not served")
	}
	for _, bad := range []string{"bad-regex.json", "conflict.json"} {
		_, err := h.Update(source(t, filepath.Join("testdata", bad), Auto))
		var e *Error
		if !errors.As(err, &e) || len(e.Diagnostics) == 0 {
			t.Fatalf("%s: %v", bad, err)
		}
		if h.Current() != first {
			t.Fatalf("%s replaced the served realm", bad)
		}
	}
	for _, garbage := range [][]byte{nil, []byte("{"), []byte("\x00\xff"), make([]byte, 1<<20)} {
		if _, err := h.Update(Source{Name: "x.json", Data: garbage}); err == nil || h.Current() != first {
			t.Fatalf("%q accepted", garbage[:min(len(garbage), 8)])
		}
	}
	if _, err := h.Update(general); err != nil {
		t.Fatal(err)
	}
	if h.Current() == first {
		t.Fatal("an accepted config was not served")
	}
	h.Store(nil)
	if h.Current() == nil {
		t.Fatal("Store(nil) emptied the Holder")
	}

	strict := NewHolder(first, Options{Strict: true})
	if _, err := strict.Update(source(t, filepath.Join("..", "gen", "lint", "testdata", "one-of-each.json"), Auto)); err == nil || strict.Current() != first {
		t.Fatalf("strict Holder accepted warnings: %v", err)
	}
}

// TestStalePrincipal: a Principal of a replaced Realm grants nothing in
// the new one, even for the same name: principals are looked up in the
// snapshot a request reads.
func TestStalePrincipal(t *testing.T) {
	src := source(t, filepath.Join("..", "examples", "realm.json"), Auto)
	a, b := mustCompile(t, src), mustCompile(t, src)
	alice := a.LookupPrincipal("alice")
	if !a.Allowed(runtime.Publish, "foo.bar", alice) {
		t.Fatal("alice may publish on foo.bar")
	}
	if b.Allowed(runtime.Publish, "foo.bar", alice) {
		t.Error("a Principal of another Realm grants")
	}
}
