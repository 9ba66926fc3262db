package emit

import (
	"strconv"

	"github.com/dave/jennifer/jen"

	"github.com/destgen/destgen/gen/config"
	"github.com/destgen/destgen/gen/plan"
)

var goTypes = map[config.ScalarType]string{
	config.TypeString: "string", config.TypeInt: "int64", config.TypeFloat: "float64", config.TypeBool: "bool",
}

// properties emits the typed property struct and one index constant per
// field:
//
//	type Properties struct {
//		Durable  string // "durable"
//		Prefetch int64  // "prefetch"
//		Has [2]bool // which fields the destination sets, by Prop index
//	}
//	const (
//		PropDurable  = 0
//		PropPrefetch = 1
//	)
func properties(f *jen.File, p *plan.Plan) {
	schema := p.Model.Schema
	var fields []jen.Code
	for _, fl := range schema {
		fields = append(fields, jen.Id(fl.GoName).Id(goTypes[fl.Type]).Comment(quote(fl.Key)))
	}
	fields = append(fields, jen.Line().Comment("Has says which fields the destination sets, indexed by the Prop constants."),
		jen.Id("Has").Index(jen.Lit(len(schema))).Bool())
	f.Comment("Properties are the destination properties of this config, typed by")
	f.Comment("inference across all its destinations. A field not in Has is zero.")
	f.Type().Id("Properties").Struct(fields...)
	if len(schema) == 0 {
		return
	}
	var consts []jen.Code
	for i, fl := range schema {
		consts = append(consts, jen.Id("Prop"+fl.GoName).Op("=").Lit(i))
	}
	f.Comment("Indices into Properties.Has.")
	f.Const().Defs(consts...)
}

// destinations emits the Destination type, the Destinations table and the
// init function that fills it from the dest* data at the end of the file:
//
//	var Destinations [2]Destination
//
//	func init() {
//		start := uint32(0)
//		for i := range Destinations {
//			d := &Destinations[i]
//			...
//		}
//	}
func destinations(f *jen.File, p *plan.Plan) {
	f.Comment("Destination is one configured destination. Lookups return pointers into")
	f.Comment("Destinations, which callers must not modify.")
	f.Type().Id("Destination").Struct(
		jen.Id("Index").Int().Comment("position in the config"),
		jen.Id("Pattern").String(),
		jen.Id("Store").String(),
		jen.Id("HasStore").Bool(),
		jen.Id("Cluster").String(),
		jen.Id("HasCluster").Bool(),
		jen.Id("Properties").Id("Properties"),
	)
	f.Comment("Destinations are the configured destinations, in config order.")
	f.Var().Id("Destinations").Index(jen.Lit(len(p.Model.Destinations))).Id("Destination")
	body := []jen.Code{
		jen.Id("d").Op(":=").Op("&").Id("Destinations").Index(jen.Id("i")),
		jen.Id("end").Op(":=").Id("destPatternEnds").Index(jen.Id("i")),
		jen.List(jen.Id("d").Dot("Index"), jen.Id("d").Dot("Pattern")).Op("=").List(jen.Id("i"), jen.Id("destPatterns").Index(jen.Id("start"), jen.Id("end"))),
		jen.Id("start").Op("=").Id("end"),
		jen.List(jen.Id("d").Dot("Store"), jen.Id("d").Dot("HasStore")).Op("=").List(
			jen.Id("destStrings").Index(jen.Id("destStore").Index(jen.Id("i"))), jen.Id("destStore").Index(jen.Id("i")).Op("!=").Lit(0)),
		jen.List(jen.Id("d").Dot("Cluster"), jen.Id("d").Dot("HasCluster")).Op("=").List(
			jen.Id("destStrings").Index(jen.Id("destCluster").Index(jen.Id("i"))), jen.Id("destCluster").Index(jen.Id("i")).Op("!=").Lit(0)),
	}
	for _, fl := range p.Model.Schema {
		body = append(body, propertyInit(fl.GoName))
	}
	f.Func().Id("init").Params().Block(
		jen.Id("start").Op(":=").Uint32().Call(jen.Lit(0)),
		jen.For(jen.Id("i").Op(":=").Range().Id("Destinations")).Block(body...),
	)
}

// propertyInit emits, for field Durable,
//
//	if v := propDurable[i]; v != 0 {
//		d.Properties.Durable = propDurableValues[v]
//		d.Properties.Has[PropDurable] = true
//	}
func propertyInit(goName string) jen.Code {
	return jen.If(jen.Id("v").Op(":=").Id("prop"+goName).Index(jen.Id("i")), jen.Id("v").Op("!=").Lit(0)).Block(
		jen.Id("d").Dot("Properties").Dot(goName).Op("=").Id("prop"+goName+"Values").Index(jen.Id("v")),
		jen.Id("d").Dot("Properties").Dot("Has").Index(jen.Id("Prop"+goName)).Op("=").True(),
	)
}

// destinationData writes the dest* and prop* tables destinations' init
// reads: patterns as one blob, stores, clusters and property values as
// indices into small tables of distinct values (0: unset).
func destinationData(w *dataWriter, p *plan.Plan) {
	ds := p.Model.Destinations
	strs := newInterner(strconv.Quote(""))
	var patterns []string
	var store, cluster []uint64
	for _, d := range ds {
		patterns = append(patterns, d.Pattern.Text)
		store = append(store, optionalIndex(strs, d.Store))
		cluster = append(cluster, optionalIndex(strs, d.Cluster))
	}
	w.b.WriteString("\n// The destinations' fields, read by init.\n")
	blob, ends := plan.Blob(patterns)
	w.str("destPatterns", blob)
	w.uints("destPatternEnds", "uint32", widen(ends))
	w.uints("destStore", "uint32", store)
	w.uints("destCluster", "uint32", cluster)
	w.values("destStrings", "string", strs.lits)
	for j, fl := range p.Model.Schema {
		vals := newInterner(zeroLits[fl.Type])
		idx := make([]uint64, len(ds))
		for i, d := range ds {
			if d.Has[j] {
				idx[i] = vals.index(scalarLit(d.Props[j]))
			}
		}
		w.uints("prop"+fl.GoName, "uint32", idx)
		w.values("prop"+fl.GoName+"Values", goTypes[fl.Type], vals.lits)
	}
}

var zeroLits = map[config.ScalarType]string{
	config.TypeString: `""`, config.TypeInt: "0", config.TypeFloat: "0", config.TypeBool: "false",
}

func optionalIndex(strs *interner, o config.Optional) uint64 {
	if !o.Set {
		return 0
	}
	return strs.index(strconv.Quote(o.Value))
}

// scalarLit formats a property value as a Go literal of its field's type.
func scalarLit(s config.Scalar) string {
	switch s.Type {
	case config.TypeInt:
		return strconv.FormatInt(s.Int, 10)
	case config.TypeFloat:
		return strconv.FormatFloat(s.Float, 'g', -1, 64)
	case config.TypeBool:
		return strconv.FormatBool(s.Bool)
	}
	return strconv.Quote(s.Str)
}

// interner numbers distinct literals in order of first use; number 0 is
// reserved for "unset" and holds the zero literal.
type interner struct {
	lits []string
	ids  map[string]uint64
}

func newInterner(zero string) *interner {
	return &interner{lits: []string{zero}, ids: map[string]uint64{}}
}

func (in *interner) index(lit string) uint64 {
	if id, ok := in.ids[lit]; ok {
		return id
	}
	in.ids[lit] = uint64(len(in.lits))
	in.lits = append(in.lits, lit)
	return in.ids[lit]
}

func quote(s string) string {
	return strconv.Quote(s)
}
