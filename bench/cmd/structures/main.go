// Command structures counts, per benchmark family, shape and size (-n),
// and for each config file named, which of runtime's lookup structures
// the generator's default plan uses: deterministic automata, tries (kind
// 0 in Compact.Automata, which plans of runtime.Version 11 and before
// could hold) and their nodes, short and long edges, the most automata a
// name length walks (two or more: paired where both are large,
// runtime.minPairNodes), the mask tables, the
// most a length probes (64 or more: the mask index) and the lengths that
// probe them; and a hash of the plan's bytes, to compare two builds'
// plans (bench/README.md, "What each structure earns"). With -policies
// it lists instead, for the policy workloads (each mix at 10, 100 and
// 1,000 policies), the scale configs' 1,000 policies and each config
// file named, the structures AutoCreate's index uses
// (runtime.PolicyIndex.Parts).
//
//	go run ./cmd/structures -n 100,10000 ../examples/realm.json
//	go run ./cmd/structures -policies ../examples/realm.json
package main

import (
	"crypto/sha256"
	"flag"
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/destgen/destgen/bench/workload"
	"github.com/destgen/destgen/gen/model"
	"github.com/destgen/destgen/gen/plan"
	"github.com/destgen/destgen/runtime"
)

func main() {
	sizes := flag.String("n", "100,10000", "comma-separated sizes")
	policies := flag.Bool("policies", false, "list AutoCreate's structures instead")
	depths := flag.Bool("depths", false, "print, per family, shape and size, the structure each name length walks (a Markdown table)")
	flag.Parse()
	if *policies {
		policyParts(flag.Args())
		return
	}
	if *depths {
		depthTable(parseSizes(*sizes))
		return
	}
	fmt.Println("config\tplan-sha256\tdfa\ttries\ttrie-nodes\tnodes\tshort-edges\tlong-edges\tmax-automata/length\tmask-tables\tmax-tables/length\ttable-lengths")
	for _, n := range parseSizes(*sizes) {
		for _, f := range workload.Families {
			for _, shape := range []workload.Shape{workload.Exact, workload.Wild} {
				spec := workload.Spec{Shape: shape, Family: f, N: n, Mix: workload.Mixed, Policies: 10, Seed: workload.DefaultSeed}
				fmt.Printf("%s/%d\t%s\n", spec.Label(), n, count(plan.Build(loadSpec(spec))))
			}
		}
	}
	for _, path := range flag.Args() {
		fmt.Printf("%s\t%s\n", path, count(plan.Build(loadFile(path))))
	}
}

// parseSizes reads -n.
func parseSizes(list string) []int {
	var out []int
	for _, s := range strings.Split(list, ",") {
		n, err := strconv.Atoi(s)
		if err != nil {
			fail(err)
		}
		out = append(out, n)
	}
	return out
}

// loadFile loads the config file at path.
func loadFile(path string) *model.Model {
	src, err := os.ReadFile(path)
	if err != nil {
		fail(err)
	}
	m, diags := model.Load(path, src)
	if err := diags.Err(); err != nil {
		fail(err)
	}
	return m
}

// loadSpec generates spec's workload and loads its config.
func loadSpec(spec workload.Spec) *model.Model {
	w, err := workload.Generate(spec)
	if err != nil {
		fail(err)
	}
	m, diags := model.Load("x.json", w.Config())
	if err := diags.Err(); err != nil {
		fail(err)
	}
	return m
}

// policyParts prints the structures of each policy config's index.
func policyParts(paths []string) {
	fmt.Println("config\tpolicies\tstructures")
	print := func(label string, m *model.Model) {
		c := plan.Build(m).Artifact().PolicyIndex
		parts := runtime.NewPolicyIndex(&c).Parts()
		fmt.Printf("%s\t%d\t%s\n", label, len(c.Flags), strings.Join(parts, ","))
	}
	for _, mix := range []workload.PolicyMix{workload.Fast, workload.Mixed, workload.General} {
		for _, p := range []int{10, 100, 1000} {
			spec := workload.Spec{Shape: workload.Exact, N: 10, Mix: mix, Policies: p, Seed: workload.DefaultSeed}
			print(fmt.Sprintf("pol%s%d", mix, p), loadSpec(spec))
		}
	}
	for _, shape := range []workload.Shape{workload.Exact, workload.Wild} {
		spec := workload.Spec{Shape: shape, N: 10_000, Mix: workload.Mixed, Policies: 1000, Seed: workload.DefaultSeed}
		print(fmt.Sprintf("scale-%s-10k", shape), loadSpec(spec))
	}
	for _, path := range paths {
		print(path, loadFile(path))
	}
}

func count(p *plan.Plan) string {
	m, c := &p.Matcher, &p.Compact
	nodes := len(c.Nodes) / runtime.NodeStride
	dfa, tries, trieNodes := 0, 0, 0
	for i := 0; i < len(c.Automata); i += runtime.AutomatonStride {
		if c.Automata[i+1] == 1 {
			dfa++
			continue
		}
		tries++
		end := nodes
		if i+runtime.AutomatonStride < len(c.Automata) {
			end = int(c.Automata[i+runtime.AutomatonStride])
		}
		trieNodes += end - int(c.Automata[i])
	}
	short, long := 0, 0
	m.Edges.All(func(_ uint32, e string, _ uint32) bool {
		if len(e) > 16 {
			long++
		} else {
			short++
		}
		return true
	})
	// Per name length: the tables its names probe when they decide, and
	// the automata that admit it otherwise (two or more: walked in
	// lockstep where both have runtime's minPairNodes states).
	var lengths []string
	maxTables, maxAutomata := 0, 0
	prev := uint32(0)
	for d := 0; d+1 < len(c.MaskDepths); d += runtime.MaskDepthStride {
		if k := int(c.MaskDepths[d+1] - prev); c.MaskDepths[d] == 1 && k > 0 {
			lengths = append(lengths, strconv.Itoa(d/runtime.MaskDepthStride))
			maxTables = max(maxTables, k)
		} else {
			n := 0
			for i := 0; i < len(c.Automata); i += runtime.AutomatonStride {
				if e := int(c.Automata[i+2]); e == 0 || e == d/runtime.MaskDepthStride {
					n++
				}
			}
			maxAutomata = max(maxAutomata, n)
		}
		prev = c.MaskDepths[d+1]
	}
	h := sha256.Sum256(p.Encode())
	return fmt.Sprintf("%x\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t%s", h[:6], dfa, tries, trieNodes, nodes, short, long,
		maxAutomata, len(c.Masks)/runtime.MaskStride, maxTables, strings.Join(lengths, ","))
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, err)
	os.Exit(1)
}
