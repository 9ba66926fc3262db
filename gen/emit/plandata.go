package emit

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/destgen/destgen/runtime"
)

// The plan's tables travel as the plan artifact (runtime.EncodePlan), in a
// file beside the generated Go file that it embeds. Measured on 2 shared
// cores (load average 27), go build of the package holding only the
// plan: wild 10k, //go:embed 0.95 s and 21 MB peak, one string constant
// (strconv.Quote of the bytes, 11.6 MB of source) 3.8 s and 108 MB; wild
// 100k, embed 3.6 s and 24 MB, the constant 52.7 s and 773 MB. The
// compiler copies an embedded file and parses a constant, so embed it is;
// the tables written as slice literals, before, built in 10 s and 2.3 GB.

// PlanPath is where the plan of the Go file at goPath goes: beside it,
// named after it (routes_gen.go: routes_gen.plan).
func PlanPath(goPath string) string {
	return strings.TrimSuffix(goPath, ".go") + ".plan"
}

// planVars emits
//
//	//go:embed routes_gen.plan
//	var destgenPlanFile string
//
//	var destgenPlan = runtime.MustLoadPlan(destgenPlanFile, 0x1a2b3c4d)
//
//	var matcher = runtime.NewMatcher(&destgenPlan.Matcher)
//
// The checksum ties the Go file to the plan generated with it: the
// Destinations and Properties code relies on its shape.
func planVars(f *jen.File, planFile string, encoded []byte) {
	f.Comment("destgenPlanFile is the lookup plan, destgen's plan artifact (see runtime.Plan),")
	f.Comment("generated with this file.")
	f.Comment("")
	f.Comment("//go:embed " + planFile)
	f.Var().Id("destgenPlanFile").String()
	f.Comment("destgenPlan is destgenPlanFile decoded and checked, once, at initialisation.")
	f.Var().Id("destgenPlan").Op("=").Qual(runtimePath, "MustLoadPlan").Call(jen.Id("destgenPlanFile"), jen.Id(fmt.Sprintf("0x%08x", runtime.PlanChecksum(encoded))))
	f.Comment("matcher answers the destination lookups from the plan's tables.")
	f.Var().Id("matcher").Op("=").Qual(runtimePath, "NewMatcher").Call(jen.Op("&").Id("destgenPlan").Dot("Matcher"))
}

// planFileName is the base name of the plan of o's Go file.
func planFileName(o Options) string {
	if o.PlanFile != "" {
		return filepath.Base(o.PlanFile)
	}
	return "routes_gen.plan"
}
