package main

import (
	"os"
	"path/filepath"
)

// compileSrc is the pipeline probe, written into the scratch module: with
// "check+plan" it runs what `destgen check` runs plus planning (decode,
// validate, lint, plan.Build: BenchmarkCompile's impl=check+plan), with
// "live" what a running broker runs to accept the config (live.Compile).
// Each runs as its own process, so that its peak memory is its own.
const compileSrc = `package main

import (
	"fmt"
	"os"

	"github.com/destgen/destgen/gen/config"
	"github.com/destgen/destgen/gen/lint"
	"github.com/destgen/destgen/gen/model"
	"github.com/destgen/destgen/gen/plan"
	"github.com/destgen/destgen/live"
)

func main() {
	data, err := os.ReadFile("realm.json")
	if err != nil {
		panic(err)
	}
	switch os.Args[1] {
	case "check+plan":
		cfg, diags := config.DecodeAll([]config.Source{{File: "realm.json", Data: data}}, config.Auto)
		m, diags := model.LoadConfig(cfg, diags)
		if diags.Errors() > 0 {
			panic(diags.Err())
		}
		lint.Check(m)
		fmt.Println(len(plan.Build(m).Compact.Nodes))
	case "live":
		r, _, err := live.Compile(live.Source{Name: "realm.json", Data: data})
		if err != nil {
			panic(err)
		}
		fmt.Println(len(r.Destinations()))
	}
}
`

// runCompile builds the pipeline probe in mod and times check plus
// planning, then live.Compile, each in its own process.
func runCompile(mod string) (checkPlan, compile step, err error) {
	dir := filepath.Join(mod, "compileprobe")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return checkPlan, compile, err
	}
	if err := os.WriteFile(filepath.Join(dir, "main.go"), []byte(compileSrc), 0o644); err != nil {
		return checkPlan, compile, err
	}
	bin := filepath.Join(mod, "compileprobe.bin")
	if _, err := run(mod, "go", "build", "-o", bin, "./compileprobe"); err != nil {
		return checkPlan, compile, err
	}
	if checkPlan, err = run(mod, bin, "check+plan"); err != nil {
		return checkPlan, compile, err
	}
	compile, err = run(mod, bin, "live")
	return checkPlan, compile, err
}
