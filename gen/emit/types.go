package emit

import (
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

// destinations emits the Destination type and the table of configured
// destinations, in config order:
//
//	var Destinations = [...]Destination{
//		{Index: 0, Pattern: "foo.bar", Store: "s1", HasStore: true, Properties: Properties{...}},
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
	var elems []jen.Code
	for _, d := range p.Model.Destinations {
		elems = append(elems, destination(p, d.Index))
	}
	f.Comment("Destinations are the configured destinations, in config order.")
	f.Var().Id("Destinations").Op("=").Index(jen.Op("...")).Id("Destination").Values(elems...)
}

// destination emits one element of Destinations, omitting zero fields.
func destination(p *plan.Plan, i int) jen.Code {
	d := p.Model.Destinations[i]
	dict := jen.Dict{jen.Id("Index"): jen.Lit(i), jen.Id("Pattern"): jen.Lit(d.Pattern.Text)}
	if d.Store.Set {
		dict[jen.Id("Store")], dict[jen.Id("HasStore")] = jen.Lit(d.Store.Value), jen.True()
	}
	if d.Cluster.Set {
		dict[jen.Id("Cluster")], dict[jen.Id("HasCluster")] = jen.Lit(d.Cluster.Value), jen.True()
	}
	props := jen.Dict{}
	var has []jen.Code
	for j, fl := range p.Model.Schema {
		if d.Has[j] {
			props[jen.Id(fl.GoName)] = scalar(d.Props[j])
			has = append(has, jen.Id("Prop"+fl.GoName).Op(":").True())
		}
	}
	if len(has) > 0 {
		props[jen.Id("Has")] = jen.Index(jen.Lit(len(p.Model.Schema))).Bool().Values(has...)
		dict[jen.Id("Properties")] = jen.Id("Properties").Values(props)
	}
	return jen.Values(dict)
}

func scalar(s config.Scalar) jen.Code {
	switch s.Type {
	case config.TypeInt:
		return jen.Lit(s.Int)
	case config.TypeFloat:
		return jen.Lit(s.Float)
	case config.TypeBool:
		return jen.Lit(s.Bool)
	}
	return jen.Lit(s.Str)
}

func quote(s string) string {
	return jen.Lit(s).GoString()
}
