package emit

import (
	"fmt"

	"github.com/dave/jennifer/jen"

	"github.com/destgen/destgen/gen/plan"
	"github.com/destgen/destgen/runtime"
)

// matcher emits the plan's tables:
//
//	var matcher = runtime.Matcher{
//		Permissions: true,
//		Exact: runtime.Table{3: {Hash: 0x..., Key: "foo.bar", Value: 0}, 7: {}},
//		...
//	}
func matcher(f *jen.File, p *plan.Plan) {
	m := &p.Matcher
	f.Comment("matcher is the lookup plan as data; see runtime.Matcher.")
	f.Var().Id("matcher").Op("=").Qual(runtimePath, "Matcher").Values(jen.Dict{
		jen.Id("Permissions"): jen.Lit(m.Permissions),
		jen.Id("Exact"):       table(m.Exact),
		jen.Id("Infos"):       infos(m.Infos),
		jen.Id("Lists"):       numbers("uint32", m.Lists),
		jen.Id("Nodes"):       nodes(m.Nodes),
		jen.Id("Edges"):       table(m.Edges),
		jen.Id("Rank"):        numbers("uint32", m.Rank),
		jen.Id("DestACL"):     destACL(m.DestACL),
		jen.Id("Sets"):        hexes(m.Sets),
		jen.Id("SetWords"):    jen.Lit(m.SetWords),
		jen.Id("Principals"):  table(m.Principals),
	})
}

// table emits a runtime.Table, keyed by slot so empty slots cost nothing:
//
//	runtime.Table{3: {Hash: 0x1d5..., Key: "foo", Node: 2, Value: 5}, 7: {}}
func table(t runtime.Table) jen.Code {
	if len(t) == 0 {
		return jen.Nil()
	}
	var slots []jen.Code
	for i, s := range t {
		if s.Hash == 0 {
			continue
		}
		d := jen.Dict{jen.Id("Hash"): hex(s.Hash), jen.Id("Key"): jen.Lit(s.Key), jen.Id("Value"): jen.Lit(int(s.Value))}
		if s.Node != 0 {
			d[jen.Id("Node")] = jen.Lit(int(s.Node))
		}
		slots = append(slots, jen.Line().Lit(i).Op(":").Values(d))
	}
	if t[len(t)-1].Hash == 0 {
		slots = append(slots, jen.Line().Lit(len(t)-1).Op(":").Values()) // fixes the length
	}
	return jen.Qual(runtimePath, "Table").Values(append(slots, jen.Line())...)
}

// infos emits
//
//	[]runtime.Info{{Best: 0, List: 0, Len: 3, ACL: [2]uint32{1, 2}}}
func infos(is []runtime.Info) jen.Code {
	var elems []jen.Code
	for _, in := range is {
		elems = append(elems, jen.Line().Values(jen.Dict{
			jen.Id("Best"): jen.Lit(int(in.Best)), jen.Id("List"): jen.Lit(int(in.List)),
			jen.Id("Len"): jen.Lit(int(in.Len)), jen.Id("ACL"): opSets(in.ACL),
		}))
	}
	return jen.Index().Qual(runtimePath, "Info").Values(append(elems, jen.Line())...)
}

// nodes emits
//
//	[]runtime.Node{{Star: 1, Term: -1, Tail: 4}}
func nodes(ns []runtime.Node) jen.Code {
	var elems []jen.Code
	for _, n := range ns {
		elems = append(elems, jen.Line().Values(jen.Dict{
			jen.Id("Star"): jen.Lit(int(n.Star)), jen.Id("Term"): jen.Lit(int(n.Term)), jen.Id("Tail"): jen.Lit(int(n.Tail)),
		}))
	}
	return jen.Index().Qual(runtimePath, "Node").Values(append(elems, jen.Line())...)
}

// destACL emits
//
//	[][runtime.NumOps]uint32{{1, 0}, {2, 3}}
func destACL(acl [][runtime.NumOps]uint32) jen.Code {
	var elems []jen.Code
	for i, a := range acl {
		e := jen.Values(jen.Lit(int(a[0])), jen.Lit(int(a[1])))
		if i%8 == 0 {
			e = jen.Line().Add(e)
		}
		elems = append(elems, e)
	}
	return jen.Index().Index(jen.Qual(runtimePath, "NumOps")).Uint32().Values(append(elems, jen.Line())...)
}

func opSets(a [runtime.NumOps]uint32) jen.Code {
	return jen.Index(jen.Qual(runtimePath, "NumOps")).Uint32().Values(jen.Lit(int(a[0])), jen.Lit(int(a[1])))
}

// numbers emits []T{1, 2, 3}, sixteen to a line.
func numbers[N ~uint32 | ~int32](typ string, ns []N) jen.Code {
	var elems []jen.Code
	for i, n := range ns {
		e := jen.Lit(int(n))
		if i%16 == 0 {
			e = jen.Line().Add(e)
		}
		elems = append(elems, e)
	}
	return jen.Index().Id(typ).Values(append(elems, jen.Line())...)
}

// hexes emits []uint64{0x..., ...}, four to a line.
func hexes(ws []uint64) jen.Code {
	var elems []jen.Code
	for i, w := range ws {
		e := hex(w)
		if i%4 == 0 {
			e = jen.Line().Add(e)
		}
		elems = append(elems, e)
	}
	return jen.Index().Uint64().Values(append(elems, jen.Line())...)
}

func hex(w uint64) jen.Code {
	return jen.Op(fmt.Sprintf("0x%016x", w))
}
