package example

import (
	"slices"
	"strings"
	"testing"

	"github.com/destgen/destgen/gen/reference"
	"github.com/destgen/destgen/runtime"
)

const config = "../../examples/realm.json"

// names returns every name of up to four elements over the config's
// vocabulary plus near misses, invalid names and hostile strings.
func names() []string {
	vocab := []string{"foo", "bar", "orders", "eu", "metrics", "rob", "durable", "exchange", "x"}
	var out []string
	level := []string{""}
	for depth := 1; depth <= 4; depth++ {
		var next []string
		for _, p := range level {
			for _, v := range vocab {
				next = append(next, strings.TrimPrefix(p+"."+v, "."))
			}
		}
		out = append(out, next...)
		level = next
	}
	return append(out, "", ".", "foo.", ".foo", "foo..bar", "foo.*", "foo.>", "*", ">",
		"rob.durable.a\nb", "rob.durable.a\u2028", "rob.exchange.", "foo.b\x00r", "foo.\xff\xfe",
		strings.Repeat("a", 249), strings.Repeat("a", 250), strings.Repeat("foo.", 64)+"x",
		strings.Repeat("x", 1<<20), "rob.durable."+strings.Repeat("y", 1<<20))
}

func TestAgainstReference(t *testing.T) {
	ref, err := reference.Load(config)
	if err != nil {
		t.Fatal(err)
	}
	var buf []int
	for _, name := range names() {
		want, wantErr := ref.Matches(name)
		got, gotErr := Matches(name, buf[:0])
		if (gotErr != nil) != (wantErr != nil) || !slices.Equal(got, want) {
			t.Errorf("Matches(%.40q) = %v, %v; reference %v, %v", name, got, gotErr, want, wantErr)
		}
		best, ok, _ := ref.Resolve(name)
		d, err := Resolve(name)
		if (err != nil) != (wantErr != nil) || (d != nil) != ok || ok && d.Index() != best {
			t.Errorf("Resolve(%.40q) = %v, %v; reference %d, %v", name, d, err, best, ok)
		}
		for _, ps := range [][]string{nil, {"alice"}, {"bob", "x"}, {"ops"}, {"grafana", "auditors"}, {"billing"}} {
			for _, op := range []runtime.Op{runtime.Publish, runtime.Subscribe, runtime.NumOps} {
				if got, want := Allowed(op, name, principalsOf(ps...)...), ref.Allowed(op, name, ps...); got != want {
					t.Errorf("Allowed(%v, %.40q, %q) = %v; reference %v", op, name, ps, got, want)
				}
			}
		}
		for _, op := range []runtime.Op{runtime.Publish, runtime.Consume} {
			p, ok := AutoCreate(name, op)
			wantIdx, wantOK := ref.AutoCreate(name, op)
			if ok != wantOK || ok && p.Index != wantIdx {
				t.Errorf("AutoCreate(%.40q, %v) = %v, %v; reference %d, %v", name, op, p, ok, wantIdx, wantOK)
			}
		}
	}
}

// TestSeedExamples spells out the seed documents' examples on the realm.
func TestSeedExamples(t *testing.T) {
	for name, want := range map[string]string{"foo.bar": "foo.bar", "foo.boo": "foo.*", "foo.a.b": "foo.>", "orders.x.eu": "orders.*.eu", "orders.x.us": "orders.>"} {
		if d, err := Resolve(name); err != nil || d == nil || d.Pattern() != want {
			t.Errorf("Resolve(%q) = %+v, %v; want %s", name, d, err, want)
		}
	}
	if d, _ := Resolve("foo.bar"); d.Properties().Durable != "shared" || d.Properties().Prefetch != 64 || !d.Properties().Has[PropPrefetch] || d.Properties().Has[PropSampleRate] {
		t.Errorf("foo.bar properties = %+v", d.Properties())
	}
	bob, alice := LookupPrincipal("bob"), LookupPrincipal("alice")
	if !Allowed(runtime.Publish, "foo.bar", bob) || !Allowed(runtime.Publish, "foo.boo", bob) ||
		!Allowed(runtime.Publish, "foo.bar", alice) || Allowed(runtime.Publish, "foo.boo", alice) {
		t.Error("the FTL page's Bob/Alice ACL union does not hold")
	}
	if Allowed(runtime.Subscribe, "nothing.here", LookupPrincipal("ops")) {
		t.Error("a name matching nothing was allowed")
	}
	if p, ok := AutoCreate("rob.durable.x", runtime.Consume); !ok || p.NodeType != "queue" || p.Attributes != `{"durable":true}` {
		t.Errorf("AutoCreate(rob.durable.x, consume) = %+v, %v", p, ok)
	}
	if p, ok := AutoCreate("rob.exchange.x", runtime.Publish); !ok || p.NodeType != "exchange" {
		t.Errorf("AutoCreate(rob.exchange.x, publish) = %+v, %v", p, ok)
	}
	if _, ok := AutoCreate("rob.exchange.x", runtime.Consume); ok {
		t.Error("an exchange was created on consume")
	}
}

func TestNoAllocations(t *testing.T) {
	buf := make([]int, 0, 16)
	principals := principalsOf("nobody", "ops")
	bob, alice := LookupPrincipal("bob"), LookupPrincipal("alice")
	for _, name := range []string{"foo.bar", "foo.boo", "orders.x.eu", "metrics.a.b.c", "no.match", "bad..name", "rob.durable.q"} {
		allocs := testing.AllocsPerRun(50, func() {
			if d, _ := Resolve(name); d != nil {
				// The accessors read the plan in place.
				sink += len(d.Pattern()) + len(d.Store()) + len(d.Cluster()) + len(d.Properties().Durable)
			}
			buf, _ = Matches(name, buf[:0])
			Allowed(runtime.Subscribe, name, principals...)
			Allowed(runtime.Publish, name, alice, bob)
			AutoCreate(name, runtime.Publish)
			AutoCreate(name, runtime.Consume)
		})
		if allocs != 0 {
			t.Errorf("lookups of %q allocate %v times", name, allocs)
		}
	}
}

// sink keeps the accessors' results live in TestNoAllocations.
var sink int

// principalsOf looks a caller's principals up, as its authentication would.
func principalsOf(names ...string) []Principal {
	ps := make([]Principal, len(names))
	for i, n := range names {
		ps[i] = LookupPrincipal(n)
	}
	return ps
}
