package fuzz

import (
	"encoding/binary"
	"hash/crc32"
	"iter"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/destgen/destgen/gen/model"
	"github.com/destgen/destgen/gen/plan"
	"github.com/destgen/destgen/internal/seedcorpus"
	"github.com/destgen/destgen/runtime"
)

// automatonSeeds are configs whose General policies get automata: one
// policy's own (CheckMatch), a list's (CheckAutomaton), and one beside a
// policy past the automaton bound, which keeps its regexp.
var automatonSeeds = []string{
	`{"nodeAutoCreationPolicies": [{"pattern": "svc\\.[a-z]+\\.v[0-9]+\\..*", "nodeType": "queue", "createdOnPublish": true}]}`,
	`{"nodeAutoCreationPolicies": [{"pattern": "svc\\.[a-z]+\\.v[0-9]+\\..*", "nodeType": "queue", "createdOnPublish": true},
		{"pattern": "(?i)reply\\.[a-z0-9]{8}", "nodeType": "exchange", "createdOnConsume": true},
		{"pattern": "tenant\\.t5\\.tmp\\..*", "nodeType": "queue", "createdOnPublish": true}]}`,
	`{"nodeAutoCreationPolicies": [{"pattern": "svc\\.[a-z]+\\.v[0-9]+\\..*", "nodeType": "queue", "createdOnPublish": true},
		{"pattern": "(a|b)*a(a|b){20}", "nodeType": "queue", "createdOnPublish": true}]}`,
}

// manyMasksSeed has ten '*' masks of names of four elements and two '>'
// tables, so that MasksAll's plan probes twelve tables for that length:
// more than one of the filter's words and the old batch of 8.
const manyMasksSeed = `{"permissions": true, "destinations": [
	{"name": "a.*.*.*", "acl": {"publish": ["p0"], "subscribe": []}}, {"name": "a.b.*.*", "acl": {"publish": ["p1"], "subscribe": []}},
	{"name": "*.b.*.*", "acl": {"publish": [], "subscribe": ["p0"]}}, {"name": "*.*.c.*", "acl": {"publish": ["p2"], "subscribe": []}},
	{"name": "a.*.c.*", "acl": {"publish": [], "subscribe": []}}, {"name": "*.b.c.*", "acl": {"publish": ["p0"], "subscribe": []}},
	{"name": "a.b.c.*", "acl": {"publish": [], "subscribe": []}}, {"name": "*.*.*.d", "acl": {"publish": ["p1"], "subscribe": []}},
	{"name": "a.*.*.d", "acl": {"publish": [], "subscribe": []}}, {"name": "*.b.*.d", "acl": {"publish": [], "subscribe": []}},
	{"name": "a.>", "acl": {"publish": [], "subscribe": []}}, {"name": "*.b.>", "acl": {"publish": [], "subscribe": []}}]}`

// indexedSeed has 3 patterns of 8 elements for each of 70 masks, so that
// MasksAll's plan probes 70 tables for that length, over maskIndexMin:
// its list has a mask index, which the plan carries (MaskIndex).
func indexedSeed() []byte {
	var ds []string
	for m := 1; len(ds) < 3*70; m++ {
		for k := range 3 {
			var name strings.Builder
			for i := range 8 {
				if i > 0 {
					name.WriteByte('.')
				}
				if m>>i&1 == 0 {
					name.WriteByte('*')
				} else {
					name.WriteString("m" + strconv.Itoa(k))
				}
			}
			ds = append(ds, `{"name": "`+name.String()+`"}`)
		}
	}
	return []byte(`{"destinations": [` + strings.Join(ds, ", ") + `]}`)
}

// planSeeds are the encoded artifacts of the fuzz configs (the examples,
// the generator's test configs), gen/plan's rich config, which has
// every property kind and policy shape, automatonSeeds and manyMasksSeed.
func planSeeds(f *testing.F) [][]byte {
	var out [][]byte
	configs := append(configSeeds(f), readFile(f, "../gen/plan/testdata/rich.json"))
	for _, s := range automatonSeeds {
		configs = append(configs, []byte(s))
	}
	configs = append(configs, []byte(manyMasksSeed), indexedSeed())
	for _, data := range configs {
		m, diags := model.Load("seed.json", data)
		if diags.Err() != nil {
			continue
		}
		out = append(out, runtime.EncodePlan(plan.Build(m).Artifact()))
		// Each structure for every name length: the mask tables' sections
		// full, and empty.
		for _, mode := range []plan.MaskMode{plan.MasksAll, plan.MasksOff} {
			out = append(out, runtime.EncodePlan(plan.BuildWith(m, plan.Options{Masks: mode}).Artifact()))
		}
	}
	return out
}

func readFile(f *testing.F, path string) []byte {
	data, err := os.ReadFile(path)
	if err != nil {
		f.Fatal(err)
	}
	return data
}

// sealPlan rewrites a plan's length and checksum, so that a mutation
// reaches the validation behind them rather than stopping at the
// checksum.
func sealPlan(b []byte) []byte {
	if len(b) < 24 {
		return b
	}
	b = append([]byte(nil), b...)
	binary.LittleEndian.PutUint32(b[16:], uint32(len(b)-24))
	binary.LittleEndian.PutUint32(b[12:], crc32.ChecksumIEEE(b[24:]))
	return b
}

// FuzzDecodePlan feeds the loader arbitrary bytes, as they are and
// sealed (see sealPlan). It must never panic; a plan it accepts must
// build the runtime's tables and answer every lookup on any name without
// panicking, and answer Matches with destinations in range, in order.
// Seeds: real plans, and each with bytes flipped and cut.
func FuzzDecodePlan(f *testing.F) {
	r := rand.New(rand.NewPCG(19, 1))
	for _, b := range planSeeds(f) {
		seedcorpus.Add(f, b, "foo.bar")
		for range 4 {
			m := append([]byte(nil), b...)
			m[24+r.IntN(len(m)-24)] ^= byte(1 << r.IntN(8))
			seedcorpus.Add(f, sealPlan(m), "a.b.c")
		}
		seedcorpus.Add(f, sealPlan(b[:24+r.IntN(len(b)-24)]), "x")
		for _, m := range widthSeeds(f, b) {
			seedcorpus.Add(f, m, "a.b")
		}
		for _, m := range stepSeeds(f, b, r) {
			seedcorpus.Add(f, m, "svc.ab.v1.x")
		}
		var carried [][]byte
		for _, name := range []string{"ACLSigs", "MaskIndex", "MaskSlots", "MaskFilter", "NameIndex", "NameRecs", "Sigs", "DestInfos", "DestSig2"} {
			carried = append(carried, sectionSeeds(f, b, name)...)
		}
		carried = append(carried, edgeSlotSeeds(f, b)...)
		for _, m := range carried {
			seedcorpus.Add(f, m, "m0.x.m1.x.x.m0.x.x")
		}
	}
	f.Fuzz(func(t *testing.T, b []byte, name string) {
		for _, in := range [][]byte{b, sealPlan(b)} {
			p, err := runtime.DecodePlan(in)
			if err != nil {
				if _, ok := err.(*runtime.PlanError); !ok || p != nil {
					t.Fatalf("DecodePlan = %v, %T %v", p != nil, err, err)
				}
				continue
			}
			lookUp(t, p, name)
		}
	})
}

// widthSeeds are b with the width byte of each narrowed column (plan
// format 6: DestStore, DestCluster, PropIndex) set to each other width and
// to one that is none, sealed: its elements then overrun the section or
// read across each other.
func widthSeeds(f *testing.F, b []byte) [][]byte {
	var out [][]byte
	for name, at := range sectionsOf(f, b) {
		if name == "DestStore" || name == "DestCluster" || name == "PropIndex" {
			for _, w := range []byte{1, 2, 3, 4} {
				if m := append([]byte(nil), b...); m[at[0]+8] != w {
					m[at[0]+8] = w
					out = append(out, sealPlan(m))
				}
			}
		}
	}
	return out
}

// stepSeeds are b with its policy automata's step tables (plan format 7:
// AutoStepMeta, AutoSteps) damaged, sealed: an entry of AutoSteps set
// past every state and symbol, or to a random value, and each word of
// AutoStepMeta (the symbol counts, the ends) moved by one either way.
func stepSeeds(f *testing.F, b []byte, r *rand.Rand) [][]byte {
	var out [][]byte
	for name, at := range sectionsOf(f, b) {
		count := int(binary.LittleEndian.Uint32(b[at[0]+4:]))
		switch {
		case name == "AutoSteps" && count > 0:
			for _, v := range []uint16{0xFFFF, uint16(r.IntN(64))} {
				m := append([]byte(nil), b...)
				binary.LittleEndian.PutUint16(m[at[0]+8+2*r.IntN(count):], v)
				out = append(out, sealPlan(m))
			}
		case name == "AutoStepMeta":
			for j := range count {
				for _, d := range []uint32{1, ^uint32(0)} {
					m := append([]byte(nil), b...)
					w := m[at[0]+8+4*j:]
					binary.LittleEndian.PutUint32(w, binary.LittleEndian.Uint32(w)+d)
					out = append(out, sealPlan(m))
				}
			}
		}
	}
	return out
}

// sectionsOf yields each section of plan b: its name, and where its head
// starts and where it ends.
func sectionsOf(f *testing.F, b []byte) iter.Seq2[string, [2]int] {
	secs, err := runtime.PlanSections(b)
	if err != nil {
		f.Fatal(err)
	}
	return func(yield func(string, [2]int) bool) {
		at := 24
		for _, s := range secs {
			if !yield(s.Name, [2]int{at, at + s.Bytes}) {
				return
			}
			at += s.Bytes
		}
	}
}

// sectionSeeds are b with each of the first 32-bit words of the section
// named name (plan format 8's carried words: heads, principals' bits and
// set signatures; the mask index; the mask slots' hashes, keys and
// destinations, and filter; the exact names' hash kind and first
// index entries, and their first record's header and bytes, which
// DecodePlan keeps since s16) set to 0, 1, 2, 3, 29 and all ones,
// sealed.
func sectionSeeds(f *testing.F, b []byte, name string) [][]byte {
	var out [][]byte
	for n, at := range sectionsOf(f, b) {
		for j := at[0] + 8; n == name && j+4 <= at[1] && j < at[0]+8+4*6; j += 4 {
			for _, x := range []uint32{0, 1, 2, 3, 29, ^uint32(0)} {
				m := append([]byte(nil), b...)
				binary.LittleEndian.PutUint32(m[j:], x)
				out = append(out, sealPlan(m))
			}
		}
	}
	return out
}

// edgeSlotSeeds are b with each of the first slots of its carried edge
// table changed in ways its range-only check accepts (a key's bit, the
// copied hotNode's bits, another child, another length), sealed: walks
// must then answer without a panic, whatever they answer.
func edgeSlotSeeds(f *testing.F, b []byte) [][]byte {
	var out [][]byte
	le := binary.LittleEndian
	var at [2]int
	for n, a := range sectionsOf(f, b) {
		if n == "EdgeSlots" {
			at = a
		}
	}
	for j := at[0] + 8; j+32 <= at[1] && j < at[0]+8+32*16; j += 32 {
		if le.Uint32(b[j+12:]) == 0 {
			continue // empty
		}
		for _, edit := range []func(m []byte){
			func(m []byte) { m[j] ^= 1 },
			func(m []byte) { m[j+8] ^= 7 },
			func(m []byte) { le.PutUint32(m[j+12:], 1) },
			func(m []byte) { le.PutUint32(m[j+12:], 3) },
			func(m []byte) { m[j+16] ^= 1 },
			func(m []byte) { m[j+24] ^= 1 },
		} {
			m := append([]byte(nil), b...)
			edit(m)
			out = append(out, sealPlan(m))
		}
	}
	return out
}

// lookUp builds p's tables and asks every lookup about name and names
// made of p's own strings; Allowed answers as with the automata's
// signatures built instead of adopted.
func lookUp(t *testing.T, p *runtime.Plan, name string) {
	mt := runtime.NewMatcher(&p.Matcher)
	ix := runtime.NewPolicyIndex(&p.PolicyIndex)
	pm, err := runtime.CompilePolicyMatchers(p.Policies)
	if err != nil {
		t.Fatalf("CompilePolicyMatchers on a decoded plan: %v", err)
	}
	names := []string{name, "", "a", "a.b", name + "." + name, strings.Repeat("a.", 40) + "a", strings.Repeat("x", 300),
		"svc.ab.v1." + name, "reply." + name, "tenant.t5.tmp." + name}
	dests := p.NumDestinations()
	for i := range dests {
		// The accessors read the validated columns in place.
		d := p.Pattern(i)
		names = append(names, d, strings.ReplaceAll(strings.ReplaceAll(d, "*", name), ">", name+".z"))
		p.Store(i)
		p.Cluster(i)
		for k := range p.PropertyKeys {
			p.Property(i, k)
		}
	}
	var principals []runtime.Principal
	for _, s := range []string{name, "alice", "ops"} {
		principals = append(principals, mt.Principal(s))
	}
	// The automata's signatures DecodePlan kept (checked) answer as those
	// built from the sets.
	var built *runtime.Matcher
	var builtPs []runtime.Principal
	if len(p.Matcher.Sigs) > 0 {
		c := p.Matcher
		c.Sigs = nil
		built = runtime.NewMatcher(&c)
		for _, s := range []string{name, "alice", "ops"} {
			builtPs = append(builtPs, built.Principal(s))
		}
	}
	var buf []int
	for _, n := range names {
		if d, err := mt.Resolve(n); d >= dests || d < 0 && d != -1 || d >= 0 && err != nil {
			t.Fatalf("Resolve(%q) = %d, %v of %d destinations", n, d, err, dests)
		}
		buf, _ = mt.Matches(n, buf[:0])
		for i, d := range buf {
			if d < 0 || d >= dests || i > 0 && d <= buf[i-1] {
				t.Fatalf("Matches(%q) = %v of %d destinations", n, buf, dests)
			}
		}
		for op := range runtime.NumOps + 1 {
			if a := mt.Allowed(op, n, principals); built != nil && a != built.Allowed(op, n, builtPs) {
				t.Fatalf("Allowed(%v, %q): %v with the plan's signatures, %v with signatures built", op, n, a, !a)
			}
			if i, ok := ix.Find(n, op, pm.Match); ok && (i < 0 || i >= len(p.Policies)) {
				t.Fatalf("Find(%q, %v) = %d of %d policies", n, op, i, len(p.Policies))
			}
		}
	}
}
