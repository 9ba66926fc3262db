package fuzz

import (
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/destgen/destgen/gen/model"
	"github.com/destgen/destgen/gen/reference"
	"github.com/destgen/destgen/internal/seedcorpus"
	"github.com/destgen/destgen/live"
	"github.com/destgen/destgen/proptest"
	"github.com/destgen/destgen/proptest/wire"
	"github.com/destgen/destgen/runtime"
)

// liveConfigs are the configs FuzzLive asks: the example realm, and one
// whose policy needs its regexp (the index cannot decide it alone).
var liveConfigs = []string{realm, "../live/testdata/general.json"}

// FuzzLive compares live.Realm, compiled and loaded back from its plan
// artifact, with the reference interpreter on arbitrary names, callers and
// operations, as FuzzExample does the generated package: every answer of
// the four functions.
func FuzzLive(f *testing.F) {
	type pair struct {
		r   *live.Realm
		ref *reference.Interp
	}
	var pairs []pair
	for _, path := range liveConfigs {
		data, err := os.ReadFile(path)
		if err != nil {
			f.Fatal(err)
		}
		r, _, err := live.Compile(live.Source{Name: path, Data: data})
		if err != nil {
			f.Fatal(err)
		}
		ref, err := reference.LoadBytes(path, data)
		if err != nil {
			f.Fatal(err)
		}
		loaded, err := live.Load(runtime.EncodePlan(r.Plan()))
		if err != nil {
			f.Fatal(err)
		}
		pairs = append(pairs, pair{r, ref}, pair{loaded, ref})
		for _, n := range seedNames(f, ref.Model) {
			seedcorpus.Add(f, n, "alice,ops", byte(runtime.Publish))
			seedcorpus.Add(f, n, "bob", byte(runtime.Subscribe))
		}
	}
	f.Fuzz(func(t *testing.T, name, principals string, op byte) {
		for _, p := range pairs {
			if got, want := wire.Line(proptest.Realm(p.r), name), wire.Line(proptest.Reference(p.ref), name); got != want {
				t.Fatalf("%q:\nlive      %s\nreference %s", name, got, want)
			}
			callers := [][]string{strings.Split(principals, ","), append(strings.Split(principals, ","), realmPrincipals...)}
			o := runtime.Op(op)
			for _, ps := range callers {
				if got, want := proptest.Realm(p.r).Allowed(o, name, ps), p.ref.Allowed(o, name, ps...); got != want {
					t.Fatalf("Allowed(%v, %q, %q) = %v, reference %v", o, name, ps, got, want)
				}
			}
		}
	})
}

// FuzzLiveConfig runs live.Compile and Holder.Update on arbitrary bytes:
// never a panic; a config is rejected exactly when destgen rejects it,
// with every diagnostic positioned inside it, and the Holder then keeps
// serving its Realm; an accepted config's Realm answers as the reference
// on the seed names.
func FuzzLiveConfig(f *testing.F) {
	for _, data := range configSeeds(f) {
		seedcorpus.Add(f, data)
	}
	data, err := os.ReadFile(realm)
	if err != nil {
		f.Fatal(err)
	}
	serving, _, err := live.Compile(live.Source{Name: realm, Data: data})
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		h := live.NewHolder(serving, live.Options{})
		_, err := h.Update(live.Source{Name: "fuzz.json", Data: data})
		m, diags := model.Load("fuzz.json", data)
		var e *live.Error
		switch {
		case diags.Err() != nil && !errors.As(err, &e):
			t.Fatalf("destgen rejects the config, live says %v", err)
		case diags.Err() == nil && err != nil:
			t.Fatalf("destgen accepts the config, live rejects it: %v", err)
		case err != nil:
			for _, d := range e.Diagnostics {
				if !positioned.MatchString(d.String()) {
					t.Fatalf("diagnostic without a position: %q", d)
				}
			}
			if h.Current() != serving {
				t.Fatal("a rejected config replaced the served realm")
			}
			return
		}
		r, ref := h.Current(), reference.New(m)
		if r == serving {
			t.Fatal("an accepted config was not served")
		}
		for _, n := range seedNames(t, m) {
			if got, want := wire.Line(proptest.Realm(r), n), wire.Line(proptest.Reference(ref), n); got != want {
				t.Fatalf("%q:\nlive      %s\nreference %s", n, got, want)
			}
		}
	})
}
