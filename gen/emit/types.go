package emit

import (
	"strconv"

	"github.com/dave/jennifer/jen"

	"github.com/destgen/destgen/gen/config"
	"github.com/destgen/destgen/gen/model"
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
// init function that fills it, and Policies, from the plan:
//
//	var Destinations [2]Destination
//
//	func init() {
//		if destgenPlan.NumDestinations() != len(Destinations) || ... {
//			panic(...)
//		}
//		for i := range Destinations {
//			p, d := destgenPlan.Destination(i), &Destinations[i]
//			...
//		}
//		for i := range Policies {
//			...
//		}
//		destgenPlan = nil
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
		jen.List(jen.Id("p"), jen.Id("d")).Op(":=").List(jen.Id("destgenPlan").Dot("Destination").Call(jen.Id("i")), jen.Op("&").Id("Destinations").Index(jen.Id("i"))),
		jen.List(jen.Id("d").Dot("Index"), jen.Id("d").Dot("Pattern")).Op("=").List(jen.Id("i"), jen.Id("p").Dot("Pattern")),
		jen.List(jen.Id("d").Dot("Store"), jen.Id("d").Dot("HasStore")).Op("=").List(jen.Id("p").Dot("Store"), jen.Id("p").Dot("HasStore")),
		jen.List(jen.Id("d").Dot("Cluster"), jen.Id("d").Dot("HasCluster")).Op("=").List(jen.Id("p").Dot("Cluster"), jen.Id("p").Dot("HasCluster")),
	}
	for _, fl := range p.Model.Schema {
		body = append(body, propertyInit(fl))
	}
	f.Comment("init fills Destinations and Policies from the plan, which the checksum")
	f.Comment("in MustLoadPlan's call proved was generated with this code; the test")
	f.Comment("of its shape is a second guard.")
	f.Func().Id("init").Params().Block(
		jen.If(jen.Id("destgenPlan").Dot("NumDestinations").Call().Op("!=").Len(jen.Id("Destinations")).Op("||").
			Len(jen.Id("destgenPlan").Dot("PropertyKeys")).Op("!=").Len(jen.Id("Properties").Values().Dot("Has")).Op("||").
			Len(jen.Id("destgenPlan").Dot("Policies")).Op("!=").Len(jen.Id("Policies"))).Block(
			jen.Panic(jen.Lit("destgen: the embedded plan does not fit this code: run go generate")),
		),
		jen.For(jen.Id("i").Op(":=").Range().Id("Destinations")).Block(body...),
		jen.For(jen.Id("i").Op(":=").Range().Id("Policies")).Block(
			jen.Id("p").Op(":=").Op("&").Id("destgenPlan").Dot("Policies").Index(jen.Id("i")),
			jen.Id("Policies").Index(jen.Id("i")).Op("=").Id("Policy").Values(jen.Dict{
				jen.Id("Index"): jen.Id("i"), jen.Id("Pattern"): jen.Id("p").Dot("Pattern"),
				jen.Id("NodeType"): jen.Id("p").Dot("NodeType"), jen.Id("Attributes"): jen.Id("p").Dot("Attributes"),
			}),
		),
		jen.Comment("The tables keep what lookups read; the plan's other columns can go."),
		jen.Id("destgenPlan").Op("=").Nil(),
	)
}

// propertyMember is the PropertyValue member holding a value of each type.
var propertyMember = map[config.ScalarType]string{
	config.TypeString: "Str", config.TypeInt: "Int", config.TypeFloat: "Float", config.TypeBool: "Bool",
}

// propertyInit emits, for field Durable,
//
//	if v := destgenPlan.Property(i, PropDurable); v.Set {
//		d.Properties.Durable = v.Str
//		d.Properties.Has[PropDurable] = true
//	}
func propertyInit(fl model.Field) jen.Code {
	prop := "Prop" + fl.GoName
	return jen.If(jen.Id("v").Op(":=").Id("destgenPlan").Dot("Property").Call(jen.Id("i"), jen.Id(prop)), jen.Id("v").Dot("Set")).Block(
		jen.Id("d").Dot("Properties").Dot(fl.GoName).Op("=").Id("v").Dot(propertyMember[fl.Type]),
		jen.Id("d").Dot("Properties").Dot("Has").Index(jen.Id(prop)).Op("=").True(),
	)
}

func quote(s string) string {
	return strconv.Quote(s)
}
