package emit

import (
	"strconv"
	"strings"

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

// destinations emits the Destination type, the Destinations table, the
// init function that numbers it, and Policies, from the plan:
//
//	type Destination struct{ index int32 }
//	var Destinations [2]Destination
//
//	func init() {
//		if destgenPlan.NumDestinations() != len(Destinations) || ... {
//			panic(...)
//		}
//		for i := range Destinations {
//			Destinations[i].index = int32(i)
//		}
//		for i := range Policies {
//			...
//		}
//	}
//
// A Destination is a handle whose methods read the plan's columns in
// place (destinationMethods): a table of structs holding the pattern,
// store, cluster and typed properties was 120 bytes of fresh memory per
// destination that init wrote and every garbage collection scanned, 12
// MB and about a third of initialisation at 100,000 destinations; the
// handles are 4 bytes and hold no pointers.
func destinations(f *jen.File, p *plan.Plan) {
	f.Comment("Destination is one configured destination, a handle whose methods read")
	f.Comment("the embedded plan. Lookups return pointers into Destinations, which")
	f.Comment("callers must not modify.")
	f.Type().Id("Destination").Struct(jen.Id("index").Int32())
	f.Comment("Destinations are the configured destinations, in config order.")
	f.Var().Id("Destinations").Index(jen.Lit(len(p.Model.Destinations))).Id("Destination")
	destinationMethods(f, p)
	f.Comment("init numbers Destinations and fills Policies from the plan, which the")
	f.Comment("checksum in MustLoadPlan's call proved was generated with this code;")
	f.Comment("the test of its shape is a second guard.")
	f.Func().Id("init").Params().Block(
		jen.If(jen.Id("destgenPlan").Dot("NumDestinations").Call().Op("!=").Len(jen.Id("Destinations")).Op("||").
			Len(jen.Id("destgenPlan").Dot("PropertyKeys")).Op("!=").Len(jen.Id("Properties").Values().Dot("Has")).Op("||").
			Len(jen.Id("destgenPlan").Dot("Policies")).Op("!=").Len(jen.Id("Policies"))).Block(
			jen.Panic(jen.Lit("destgen: the embedded plan does not fit this code: run go generate")),
		),
		jen.For(jen.Id("i").Op(":=").Range().Id("Destinations")).Block(
			jen.Id("Destinations").Index(jen.Id("i")).Dot("index").Op("=").Int32().Call(jen.Id("i")),
		),
		jen.For(jen.Id("i").Op(":=").Range().Id("Policies")).Block(
			jen.Id("p").Op(":=").Op("&").Id("destgenPlan").Dot("Policies").Index(jen.Id("i")),
			jen.Id("Policies").Index(jen.Id("i")).Op("=").Id("Policy").Values(jen.Dict{
				jen.Id("Index"): jen.Id("i"), jen.Id("Pattern"): jen.Id("p").Dot("Pattern"),
				jen.Id("NodeType"): jen.Id("p").Dot("NodeType"), jen.Id("Attributes"): jen.Id("p").Dot("Attributes"),
			}),
		),
	)
}

// destinationMethods emits Destination's accessors, each reading the
// plan (runtime.Plan's Pattern, Store, Cluster and Property):
//
//	func (d Destination) Index() int { return int(d.index) }
//	func (d Destination) Pattern() string { return destgenPlan.Pattern(int(d.index)) }
//	func (d Destination) Store() string { s, _ := destgenPlan.Store(int(d.index)); return s }
//	func (d Destination) HasStore() bool { _, ok := destgenPlan.Store(int(d.index)); return ok }
//	... Cluster, HasCluster
//	func (d Destination) Properties() (p Properties) { ... }
func destinationMethods(f *jen.File, p *plan.Plan) {
	recv := func() *jen.Statement { return f.Func().Params(jen.Id("d").Id("Destination")) }
	i := func() *jen.Statement { return jen.Int().Call(jen.Id("d").Dot("index")) }
	f.Comment("Index is d's position in the config.")
	recv().Id("Index").Params().Int().Block(jen.Return(i()))
	f.Comment("Pattern is d's name or wildcard pattern, as configured.")
	recv().Id("Pattern").Params().String().Block(jen.Return(jen.Id("destgenPlan").Dot("Pattern").Call(i())))
	for _, col := range []string{"Store", "Cluster"} {
		f.Comment(col + " is d's " + strings.ToLower(col) + ", empty when it sets none (Has" + col + ").")
		recv().Id(col).Params().String().Block(
			jen.List(jen.Id("s"), jen.Id("_")).Op(":=").Id("destgenPlan").Dot(col).Call(i()),
			jen.Return(jen.Id("s")),
		)
		f.Comment("Has" + col + " reports whether d sets a " + strings.ToLower(col) + ".")
		recv().Id("Has"+col).Params().Bool().Block(
			jen.List(jen.Id("_"), jen.Id("ok")).Op(":=").Id("destgenPlan").Dot(col).Call(i()),
			jen.Return(jen.Id("ok")),
		)
	}
	var body []jen.Code
	if len(p.Model.Schema) > 0 {
		body = append(body, jen.Id("i").Op(":=").Add(i()))
	}
	for _, fl := range p.Model.Schema {
		body = append(body, propertyRead(fl))
	}
	body = append(body, jen.Return())
	f.Comment("Properties are d's typed property values, read from the plan; it never")
	f.Comment("allocates.")
	recv().Id("Properties").Params().Params(jen.Id("p").Id("Properties")).Block(body...)
}

// propertyMember is the PropertyValue member holding a value of each type.
var propertyMember = map[config.ScalarType]string{
	config.TypeString: "Str", config.TypeInt: "Int", config.TypeFloat: "Float", config.TypeBool: "Bool",
}

// propertyRead emits, for field Durable,
//
//	if v := destgenPlan.Property(i, PropDurable); v.Set {
//		p.Durable = v.Str
//		p.Has[PropDurable] = true
//	}
func propertyRead(fl model.Field) jen.Code {
	prop := "Prop" + fl.GoName
	return jen.If(jen.Id("v").Op(":=").Id("destgenPlan").Dot("Property").Call(jen.Id("i"), jen.Id(prop)), jen.Id("v").Dot("Set")).Block(
		jen.Id("p").Dot(fl.GoName).Op("=").Id("v").Dot(propertyMember[fl.Type]),
		jen.Id("p").Dot("Has").Index(jen.Id(prop)).Op("=").True(),
	)
}

func quote(s string) string {
	return strconv.Quote(s)
}
