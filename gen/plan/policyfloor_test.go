package plan

import (
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"

	"github.com/destgen/destgen/gen/reference"
	"github.com/destgen/destgen/runtime"
)

// floorForms are policies a list automaton's floors must account for (T
// a tenant, K a kind): prefixes with and without (?s), suffixes of under
// and over 8 bytes, exact literals and alternations, General policies
// the list automaton takes, and one only a regexp decides.
var floorForms = []string{
	`T\.K\..*`, `(?s)T\.K\..*`, `T.*`, `.*\.K\.T`, `(?s).*\.K\.T`, `.*T`, `.*\.T`, `T\.K\.x`, `T\.K\.start|T\.K\.stop`, `T`,
	`[a-z]+\.v[0-9]+\.T\..*`, `T\.[0-9]+\.K`, `(?i)T\.K\.[a-z0-9]+`, `T\.K\.q[0-9]{2,4}`, `.*T.*`, `[a-z.]+`, `(?s).*K`,
	`(?s)T.*[\n\r\x{2028}].*`, `(a|b)*a(a|b){20}`,
}

// floorSuffixes are the forms of a round that crowds back8: suffixes,
// enough of them sharing their last 8 bytes for a bucket to split, and
// General policies that accept the same names.
var floorSuffixes = []string{`.*\.K\.T`, `(?s).*\.K\.T`, `.*\.T`, `[a-z]+\.v[0-9]+\.T\..*`, `(?s).*K`, `.*T.*`}

// floorPieces are what floorNames joins: the tenants and kinds, the
// forms' other literals and every line terminator.
var floorPieces = []string{
	"acme", "rob", "tenant01x", "durable", "dlq", "dq", "durable.orders", "audit.trail", ".", "x", "start", "stop", "v1", "12", "q123", "Q1", "ab", "ba",
	"\n", "\r", "\u0085", "\u2028", "\u2029", "é", "\xff", "Acme", "DLQ",
}

// floorLists are lists TestLeadFloors tries first, for what random lists
// seldom draw: a prefix whose closure passes through states an earlier
// prefix's narrower one (without line terminators) saw, and a back8
// bucket crowded enough to split.
var floorLists = [][]string{
	{`acme.*`, `(?s)acme\.dlq\..*`, `(?s)acme.*[\n\r\x{2028}].*`},
	{`acme\.dlq.*`, `(?s)acme\..*`, `acme\.x`, `(?s)acme.*[\n\r\x{2028}].*`, `[a-z.]+`},
	{`.*\.durable\.tenant01x`, `.*\.audit\.trail\.tenant01x`, `.*\.durable\.orders\.tenant01x`, `.*\.dlq\.x\.tenant01x`,
		`(?s).*\.dq\.tenant01x`, `.*tenant01x.*`, `.*\.tenant01x`, `[a-z.]+`},
}

// TestLeadFloors compares the index with a list automaton run first (the
// lead, answering alone when its floors allow) with the reference
// interpreter's loop, on random lists of literal and General policies and
// names built from their parts. The lists are kept from the fold, so the
// index holds their literal, prefix and suffix policies beside the
// automaton.
func TestLeadFloors(t *testing.T) {
	forceNoFold = true
	defer func() { forceNoFold = false }()
	rng := rand.New(rand.NewPCG(22, 3))
	tenants := []string{"acme", "rob", "tenant01x"}
	kinds := []string{"durable", "dlq", "dq", `durable\.orders`, `audit\.trail`, "x", `dlq\.x`}
	rounds := 300
	if testing.Short() {
		rounds = 60
	}
	leads := 0
	for round := range rounds {
		forms, last := floorForms[:len(floorForms)-1], floorForms[len(floorForms)-1]
		if round%3 == 1 {
			forms = floorSuffixes
		}
		var pols []string
		for range 2 + rng.IntN(14) {
			f := forms[rng.IntN(len(forms))]
			if rng.IntN(20) == 0 {
				f = last
			}
			pols = append(pols, strings.NewReplacer("T", regexp.QuoteMeta(tenants[rng.IntN(len(tenants))]), "K", kinds[rng.IntN(len(kinds))]).Replace(f))
		}
		if round < len(floorLists) {
			pols = floorLists[round]
		}
		data := policyConfig(pols...)
		m := load(t, data)
		p := Build(m)
		if a := p.PolicyIndex.Automata; len(a) == 1 && len(a[0].Policies) > 1 && len(p.PolicyIndex.EntryPolicy) > 0 && 4*len(a[0].Policies) >= len(p.Policies) {
			leads++ // a list automaton beside the index, of a quarter of the list at least: the lead
		}
		ix := runtime.NewPolicyIndex(&p.PolicyIndex)
		pm, err := runtime.CompilePolicyMatchers(p.Artifact().Policies)
		if err != nil {
			t.Fatal(err)
		}
		ref := reference.New(m)
		for range 1000 {
			var b strings.Builder
			if rng.IntN(2) == 0 { // most policies start with a tenant
				b.WriteString(tenants[rng.IntN(len(tenants))])
			}
			for range rng.IntN(7) {
				b.WriteString(floorPieces[rng.IntN(len(floorPieces))])
			}
			name := b.String()
			for op := range runtime.NumOps {
				got, ok := ix.Find(name, op, pm.Match)
				want, wok := ref.AutoCreate(name, op)
				if ok != wok || ok && got != want {
					t.Fatalf("%s\nAutoCreate(%q, %v) = %d, %v; reference %d, %v", data, name, op, got, ok, want, wok)
				}
			}
		}
	}
	if leads < rounds/2 {
		t.Errorf("%d of %d lists had a lead automaton, want half at least", leads, rounds)
	}
}
