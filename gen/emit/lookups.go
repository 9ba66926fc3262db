package emit

import "github.com/dave/jennifer/jen"

// lookups emits the three destination lookups as thin typed wrappers over
// the matcher:
//
//	func Resolve(name string) (*Destination, error)
//	func Matches(name string, buf []int) ([]int, error)
//	func Allowed(op runtime.Op, name string, principals ...Principal) bool
func lookups(f *jen.File) {
	f.Comment("Resolve returns the destination whose properties apply to name: an exact")
	f.Comment("match, else the best '*' pattern, else the '>' pattern with the most")
	f.Comment("elements (ties go to the pattern with a literal where the other has a")
	f.Comment("wildcard first). It returns nil, nil when nothing matches and")
	f.Comment("runtime.ErrInvalidName for an invalid name. It never allocates.")
	f.Func().Id("Resolve").Params(jen.Id("name").String()).Params(jen.Op("*").Id("Destination"), jen.Error()).Block(
		jen.List(jen.Id("i"), jen.Err()).Op(":=").Id("matcher").Dot("Resolve").Call(jen.Id("name")),
		jen.If(jen.Id("i").Op("<").Lit(0)).Block(jen.Return(jen.Nil(), jen.Err())),
		jen.Return(jen.Op("&").Id("Destinations").Index(jen.Id("i")), jen.Nil()),
	)
	f.Comment("Matches appends to buf the index of every destination matching name, in")
	f.Comment("config order. It allocates only if buf must grow.")
	f.Func().Id("Matches").Params(jen.Id("name").String(), jen.Id("buf").Index().Int()).Params(jen.Index().Int(), jen.Error()).Block(
		jen.Return(jen.Id("matcher").Dot("Matches").Call(jen.Id("name"), jen.Id("buf"))),
	)
	principal(f)
	f.Comment("Allowed reports whether a caller holding principals may perform op on")
	f.Comment("name: the union of the ACLs of every matching destination grants it. A")
	f.Comment("name that matches nothing is denied when permissions are on; an invalid")
	f.Comment("name always is.")
	f.Func().Id("Allowed").Params(jen.Id("op").Qual(runtimePath, "Op"), jen.Id("name").String(), jen.Id("principals").Op("...").Id("Principal")).Bool().Block(
		jen.Return(jen.Id("matcher").Dot("Allowed").Call(jen.Id("op"), jen.Id("name"), jen.Id("principals"))),
	)
}

// principal emits the principal type Allowed takes and its lookup:
//
//	type Principal = runtime.Principal
//	func LookupPrincipal(name string) Principal
func principal(f *jen.File) {
	f.Comment("Principal is a principal as Allowed takes it: look a caller's principals")
	f.Comment("up once, when it authenticates, and pass them to every Allowed.")
	f.Type().Id("Principal").Op("=").Qual(runtimePath, "Principal")
	f.Comment("LookupPrincipal returns the principal named name. A name no ACL of the")
	f.Comment("config mentions gets the zero Principal, which grants nothing.")
	f.Func().Id("LookupPrincipal").Params(jen.Id("name").String()).Id("Principal").Block(
		jen.Return(jen.Id("matcher").Dot("Principal").Call(jen.Id("name"))),
	)
}
