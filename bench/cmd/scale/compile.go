package main

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

// defaultCompileRuns is how many times runCompile alternates the two
// processes by default. One run each is not enough to compare them: at
// 100k a fresh process's CPU time for the same work moved by 20-30%
// between runs here (1.8-2.9 s at exact 100k, load 1-8), mostly when its
// collections happen and how much fresh memory it faults in, against a
// difference between the two of a few percent. Three pairs were not
// enough either: at exact 30k (live.Compile's own work over check+plan
// about 15 ms of 300, 5%: building the artifact and the policy index),
// the least of each read 1.17-1.23 in session 24's runs while the pairs'
// medians read 1.09-1.12. Five pairs cost about 25 s at exact 100k and
// 100 s at iot 100k.
const defaultCompileRuns = 5

// Past its least count of pairs, runCompile goes on while the pairs so
// far took under a budget of CPU time (compileBudgetSeconds unless
// -compile-budget says otherwise), to at most maxCompileRuns:
// where a pair is cheap its ratios are no less noisy (exact 10k: five
// pairs read 1.27 1.22 0.92 1.07 1.34 in session 25, a median of 1.22,
// where two pipelines alternated in one process read 1.00-1.07), and
// fifteen cost 8 s there; at 100k five already cost more.
const (
	compileBudgetSeconds = 10
	maxCompileRuns       = 15
)

// morePairs reports whether runCompile runs another pair after done
// pairs that took spent CPU seconds, least being the count asked for:
// always below it, never from maxCompileRuns on (nor past least when
// that is larger), else while spent is under budget.
func morePairs(done, least int, spent, budget float64) bool {
	switch {
	case done < least:
		return true
	case done >= maxCompileRuns:
		return false
	}
	return spent < budget
}

// compileRuns is check plus planning and live.Compile, each run several
// times, alternated: the run with the least CPU time of each, and the
// ratio Compile / check+plan of CPU time of each pair in order.
type compileRuns struct {
	CheckPlan, Compile step
	Ratios             []float64
}

// MinRatio is Compile / check+plan of the least CPU time of each,
// printed beside the target's figure (MedianRatio). It was the target's
// figure until session 25: another process, or a collection landing on a
// larger heap, only adds time to a run, but the least of each takes its
// two runs from different moments, and one check+plan run luckier than
// the rest sets it: at exact 30k it read 1.38 while four of the five
// pairs read 1.05-1.15 (the fifth 1.51), and the same two pipelines run
// in one process, alternated, read 1.00-1.07.
func (c compileRuns) MinRatio() float64 {
	return c.Compile.CPUSeconds / max(c.CheckPlan.CPUSeconds, 1e-9)
}

// MedianRatio is the median of the pairs' ratios (the lower middle one of
// an even count), 0 without pairs: the figure make scale's target reads.
// A pair's two processes run one after the other, so its ratio cancels
// what the machine does for longer than both (another process's memory,
// the VM's); the median leaves out a pair one side of which met more.
func (c compileRuns) MedianRatio() float64 { return median(c.Ratios) }

// runCompile builds the pipeline probe in mod and times check plus
// planning, then live.Compile, each in its own process, alternated: at
// least runs times, more while they took under budget CPU seconds
// (morePairs).
func runCompile(mod string, runs int, budget float64) (compileRuns, error) {
	var c compileRuns
	bin, err := buildProgram(mod, "compileprobe", compileSrc)
	if err != nil {
		return c, err
	}
	spent := 0.0
	for morePairs(len(c.Ratios), max(runs, 1), spent, budget) {
		cp, err := run(mod, bin, "check+plan")
		if err != nil {
			return c, err
		}
		lv, err := run(mod, bin, "live")
		if err != nil {
			return c, err
		}
		c.add(cp, lv)
		spent += cp.CPUSeconds + lv.CPUSeconds
	}
	return c, nil
}

// add records one pair: its ratio, and each side's run if it took the
// least CPU time so far.
func (c *compileRuns) add(checkPlan, compile step) {
	if len(c.Ratios) == 0 || checkPlan.CPUSeconds < c.CheckPlan.CPUSeconds {
		c.CheckPlan = checkPlan
	}
	if len(c.Ratios) == 0 || compile.CPUSeconds < c.Compile.CPUSeconds {
		c.Compile = compile
	}
	c.Ratios = append(c.Ratios, compile.CPUSeconds/max(checkPlan.CPUSeconds, 1e-9))
}
