package emit

import (
	"github.com/dave/jennifer/jen"

	"github.com/destgen/destgen/gen/model"
)

// zipfNames is the length of the generated benchmarks' Zipf stream: long
// enough that its most frequent names repeat many times, short enough to
// stay in cache as a traffic sample would.
const zipfNames = 4096

// benchNameSets are the values of the generated benchmarks' names= part,
// in the order they run; the README's CI recipe and benchstat -col /names
// read them.
var benchNameSets = []string{"exact", "wild", "miss", "invalid", "zipf"}

// testBench emits the benchmarks of the generated test file: Resolve,
// Allowed and AutoCreate over name sets derived from the package's own
// destinations at run time, so that the file stays small for a large
// config, each as sub-benchmarks names=SET.
func testBench(f *jen.File, m *model.Model) {
	id := jen.Id
	f.Comment("destgenBenchPrincipal is the principal BenchmarkDestgenAllowed's caller holds:")
	f.Comment("the first one the config grants, or one it does not if it grants none.")
	f.Const().Id("destgenBenchPrincipal").Op("=").Lit(benchPrincipal(m))
	f.Comment("destgenZipfNames is the length of the Zipf stream of names.")
	f.Const().Id("destgenZipfNames").Op("=").Lit(zipfNames)
	f.Comment("destgenNameSet is one set of names the benchmarks look up, in turn.")
	f.Type().Id("destgenNameSet").Struct(
		id("label").String().Comment("the sub-benchmark's names= value"),
		id("names").Index().String(),
	)
	f.Comment("destgenBenchSets are the name sets, built once per test binary.")
	f.Var().Id("destgenBenchSets").Op("=").Qual("sync", "OnceValue").Call(id("destgenBenchNames"))
	testBenchNames(f)
	testBenchCandidates(f)
	testBenchZipf(f)
	testBenchStart(f)
	call := func(fn string, args ...jen.Code) jen.Code { return id(fn).Call(args...) }
	name := id("names").Index(id("i"))
	benchmark(f, "Resolve", jen.Null(), call("Resolve", name))
	ps := id("ps").Op(":=").Index().Id("Principal").Values(id("LookupPrincipal").Call(id("destgenBenchPrincipal")))
	benchmark(f, "Allowed", ps, call("Allowed", jen.Qual(runtimePath, "Publish"), name, id("ps").Op("...")))
	benchmark(f, "AutoCreate", jen.Null(), call("AutoCreate", name, jen.Qual(runtimePath, "Publish")))
}

// benchPrincipal returns the first principal the config grants, in config
// order, or a name none of its ACLs mentions.
func benchPrincipal(m *model.Model) string {
	for _, d := range m.Destinations {
		for _, acl := range d.ACL {
			if len(acl) > 0 {
				return acl[0]
			}
		}
	}
	return "destgen-nobody"
}

// testBenchNames emits
//
//	func destgenBenchNames() []destgenNameSet {
//		exact, wild, miss, invalid := destgenBenchCandidates()
//		return []destgenNameSet{{"exact", exact}, ..., {"zipf", destgenZipf(slices.Concat(exact, wild, miss))}}
//	}
func testBenchNames(f *jen.File) {
	id := jen.Id
	sets := []jen.Code{}
	for _, s := range benchNameSets[:4] {
		sets = append(sets, jen.Values(jen.Lit(s), id(s)))
	}
	sets = append(sets, jen.Values(jen.Lit(benchNameSets[4]),
		id("destgenZipf").Call(jen.Qual("slices", "Concat").Call(id("exact"), id("wild"), id("miss")))))
	f.Comment("destgenBenchNames returns the name sets: every exact name; each wildcard")
	f.Comment("pattern with its wildcards replaced by an element no pattern has, so that")
	f.Comment("only wildcards match it; near misses that match nothing; invalid names; and")
	f.Comment("a Zipf stream over the first three, a few names taking most lookups as in")
	f.Comment("real traffic. They follow the config's order: one config, one set of names.")
	f.Func().Id("destgenBenchNames").Params().Index().Id("destgenNameSet").Block(
		jen.List(id("exact"), id("wild"), id("miss"), id("invalid")).Op(":=").Id("destgenBenchCandidates").Call(),
		jen.Return(jen.Index().Id("destgenNameSet").Values(sets...)),
	)
}

// testBenchCandidates emits destgenBenchCandidates:
//
//	func destgenBenchCandidates() (exact, wild, miss, invalid []string) {
//		filler := destgenVocabulary[len(destgenVocabulary)-1]
//		instance := strings.NewReplacer("*", filler, ">", filler)
//		seen := map[string]bool{}
//		for _, d := range Destinations {
//			p, q := d.Pattern(), instance.Replace(d.Pattern())
//			if p != q {
//				wild = append(wild, q)
//			} else {
//				exact = append(exact, p)
//			}
//			for _, name := range []string{q[:strings.LastIndexByte(q, '.')+1] + filler, filler + "." + q, p, q + ".", "." + q} {
//				if seen[name] {
//					continue
//				}
//				seen[name] = true
//				switch m, err := Matches(name, nil); {
//				case err != nil:
//					invalid = append(invalid, name)
//				case len(m) == 0:
//					miss = append(miss, name)
//				}
//			}
//		}
//		return exact, wild, miss, invalid
//	}
func testBenchCandidates(f *jen.File) {
	id := jen.Id
	p, q := id("p"), id("q")
	candidates := []jen.Code{
		q.Clone().Index(jen.Empty(), jen.Qual("strings", "LastIndexByte").Call(q, jen.LitRune('.')).Op("+").Lit(1)).Op("+").Id("filler"),
		id("filler").Op("+").Lit(".").Op("+").Add(q), p, q.Clone().Op("+").Lit("."), jen.Lit(".").Op("+").Add(q),
	}
	f.Comment("destgenBenchCandidates derives the names of destgenBenchNames from the")
	f.Comment("destinations. q is pattern p with the filler, the vocabulary's element that")
	f.Comment("no pattern has, for each wildcard; the near misses and invalid names are q")
	f.Comment("with its last element replaced, with an element or an empty one added, and p.")
	f.Func().Id("destgenBenchCandidates").Params().Params(jen.List(id("exact"), id("wild"), id("miss"), id("invalid")).Index().String()).Block(
		id("filler").Op(":=").Id("destgenVocabulary").Index(jen.Len(id("destgenVocabulary")).Op("-").Lit(1)),
		id("instance").Op(":=").Qual("strings", "NewReplacer").Call(jen.Lit("*"), id("filler"), jen.Lit(">"), id("filler")),
		id("seen").Op(":=").Map(jen.String()).Bool().Values(),
		jen.For(jen.List(id("_"), id("d")).Op(":=").Range().Id("Destinations")).Block(
			jen.List(p, q).Op(":=").List(id("d").Dot("Pattern").Call(), id("instance").Dot("Replace").Call(id("d").Dot("Pattern").Call())),
			jen.If(p.Clone().Op("!=").Add(q)).Block(
				id("wild").Op("=").Append(id("wild"), q),
			).Else().Block(
				id("exact").Op("=").Append(id("exact"), p),
			),
			jen.For(jen.List(id("_"), id("name")).Op(":=").Range().Index().String().Values(candidates...)).Block(
				jen.If(id("seen").Index(id("name"))).Block(jen.Continue()),
				id("seen").Index(id("name")).Op("=").True(),
				jen.Switch(jen.List(id("m"), jen.Err()).Op(":=").Id("Matches").Call(id("name"), jen.Nil()), jen.Empty()).Block(
					jen.Case(jen.Err().Op("!=").Nil()).Block(id("invalid").Op("=").Append(id("invalid"), id("name"))),
					jen.Case(jen.Len(id("m")).Op("==").Lit(0)).Block(id("miss").Op("=").Append(id("miss"), id("name"))),
				),
			),
		),
		jen.Return(id("exact"), id("wild"), id("miss"), id("invalid")),
	)
}

// testBenchZipf emits
//
//	func destgenZipf(pool []string) []string {
//		if len(pool) == 0 {
//			return nil
//		}
//		r := rand.New(rand.NewPCG(1, 2))
//		r.Shuffle(len(pool), func(i, j int) { pool[i], pool[j] = pool[j], pool[i] })
//		z := rand.NewZipf(r, 1.1, 1, uint64(len(pool)-1))
//		out := make([]string, destgenZipfNames)
//		for i := range out {
//			out[i] = pool[z.Uint64()]
//		}
//		return out
//	}
func testBenchZipf(f *jen.File) {
	id := jen.Id
	rnd := "math/rand/v2"
	f.Comment("destgenZipf draws destgenZipfNames names from pool with Zipf exponent 1.1 (about")
	f.Comment("a third of the draws on ten names of 4096), shuffling pool with a fixed seed")
	f.Comment("first so that the most drawn names are not simply the config's first ones.")
	f.Func().Id("destgenZipf").Params(id("pool").Index().String()).Index().String().Block(
		jen.If(jen.Len(id("pool")).Op("==").Lit(0)).Block(jen.Return(jen.Nil())),
		id("r").Op(":=").Qual(rnd, "New").Call(jen.Qual(rnd, "NewPCG").Call(jen.Lit(1), jen.Lit(2))),
		id("r").Dot("Shuffle").Call(jen.Len(id("pool")), jen.Func().Params(id("i"), id("j").Int()).Block(
			jen.List(id("pool").Index(id("i")), id("pool").Index(id("j"))).Op("=").List(id("pool").Index(id("j")), id("pool").Index(id("i"))),
		)),
		id("z").Op(":=").Qual(rnd, "NewZipf").Call(id("r"), jen.Lit(1.1), jen.Lit(1), jen.Uint64().Call(jen.Len(id("pool")).Op("-").Lit(1))),
		id("out").Op(":=").Make(jen.Index().String(), id("destgenZipfNames")),
		jen.For(id("i").Op(":=").Range().Id("out")).Block(
			id("out").Index(id("i")).Op("=").Id("pool").Index(id("z").Dot("Uint64").Call()),
		),
		jen.Return(id("out")),
	)
}

// testBenchStart emits destgenBenchStart, which each sub-benchmark calls
// before its loop:
//
//	func destgenBenchStart(b *testing.B, set destgenNameSet) []string {
//		if len(set.names) == 0 {
//			b.Skipf("the config gives no %s names", set.label)
//		}
//		b.ReportAllocs()
//		return set.names
//	}
func testBenchStart(f *jen.File) {
	id := jen.Id
	f.Comment("destgenBenchStart skips a sub-benchmark whose set is empty (a config with no")
	f.Comment("wildcard has no wild names), so that no result claims to measure it.")
	f.Func().Id("destgenBenchStart").Params(id("b").Op("*").Qual("testing", "B"), id("set").Id("destgenNameSet")).Index().String().Block(
		jen.If(jen.Len(id("set").Dot("names")).Op("==").Lit(0)).Block(
			id("b").Dot("Skipf").Call(jen.Lit("the config gives no %s names"), id("set").Dot("label")),
		),
		id("b").Dot("ReportAllocs").Call(),
		jen.Return(id("set").Dot("names")),
	)
}

// benchmark emits BenchmarkDestgenFN, one sub-benchmark per name set,
// cycling through the set with an index rather than a modulo, whose
// division would cost as much as an exact lookup:
//
//	func BenchmarkDestgenResolve(b *testing.B) {
//		<setup>
//		for _, set := range destgenBenchSets() {
//			b.Run("names="+set.label, func(b *testing.B) {
//				names, i := destgenBenchStart(b, set), 0
//				for b.Loop() {
//					<call>
//					if i++; i == len(names) {
//						i = 0
//					}
//				}
//			})
//		}
//	}
func benchmark(f *jen.File, fn string, setup, call jen.Code) {
	id := jen.Id
	f.Comment("BenchmarkDestgen" + fn + " measures " + fn + " on each name set, allocations")
	f.Comment("included: go test -bench Destgen -count 10 | benchstat -col /names -")
	f.Func().Id("BenchmarkDestgen"+fn).Params(id("b").Op("*").Qual("testing", "B")).Block(
		setup,
		jen.For(jen.List(id("_"), id("set")).Op(":=").Range().Id("destgenBenchSets").Call()).Block(
			id("b").Dot("Run").Call(jen.Lit("names=").Op("+").Id("set").Dot("label"), jen.Func().Params(id("b").Op("*").Qual("testing", "B")).Block(
				jen.List(id("names"), id("i")).Op(":=").List(id("destgenBenchStart").Call(id("b"), id("set")), jen.Lit(0)),
				jen.For(id("b").Dot("Loop").Call()).Block(
					call,
					jen.If(id("i").Op("++"), id("i").Op("==").Len(id("names"))).Block(id("i").Op("=").Lit(0)),
				),
			)),
		),
	)
}
