package proptest

import (
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/leanovate/gopter"
)

// Checker compiles batches of configs into one temporary module each and
// compares them with the reference. Dir is a scratch directory; every
// batch gets a fresh module under it.
type Checker struct {
	Root    string // this module's root
	Dir     string
	Depth   int // names of up to Depth elements are enumerated per config
	batches int

	// BuildTime and RunTime accumulate, for the report.
	BuildTime, RunTime time.Duration
}

// Check compiles configs in one module and returns, per config, its first
// mismatch with the reference, or nil. A config that does not load is a
// mismatch too: the generators must only produce valid configs.
func (ck *Checker) Check(configs []Config) ([]*Mismatch, error) {
	dir, err := os.MkdirTemp(ck.Dir, fmt.Sprintf("batch%d-", ck.batches))
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	ck.batches++
	mod, err := NewModule(dir, ck.Root)
	if err != nil {
		return nil, err
	}
	out := make([]*Mismatch, len(configs))
	var cases []Case
	var caseOf []int // config index of each case
	for i, c := range configs {
		m, err := c.Model()
		if err != nil {
			out[i] = &Mismatch{What: "config", Got: err.Error()}
			continue
		}
		pkg, err := mod.Add(m)
		if err != nil {
			out[i] = &Mismatch{What: "generation", Got: err.Error()}
			continue
		}
		cases = append(cases, Case{Pkg: pkg, Model: m, Names: c.AllNames(ck.Depth)})
		caseOf = append(caseOf, i)
	}
	start := time.Now()
	bin, err := mod.Build()
	ck.BuildTime += time.Since(start)
	if err != nil {
		return nil, err
	}
	start = time.Now()
	mis, err := Run(bin, cases)
	ck.RunTime += time.Since(start)
	if err != nil {
		return nil, err
	}
	for k, m := range mis {
		out[caseOf[k]] = m
	}
	return out, nil
}

// Shrink minimises a failing config. gopter's shrinker proposes smaller
// configs; since checking one means compiling generated code, candidates
// are checked several at a time in one build, and the search continues
// from the first candidate that still fails (a greedy descent, as gopter's
// own shrinking does one candidate at a time). A batch starts at 4
// candidates, since the first ones (dropping half the config) often still
// fail, and doubles up to maxBatch while none does. Candidates that denote
// the same config file and names as one already tried are skipped.
func (ck *Checker) Shrink(c Config, mis *Mismatch, r *gopter.GenResult, maxBatch int) (Config, *Mismatch, error) {
	tried := map[string]bool{key(c): true}
	for {
		stream := r.Shrinker(c).Filter(r.Sieve)
		progressed := false
		for size := 4; !progressed; size = min(2*size, maxBatch) {
			var cands []Config
			for len(cands) < size {
				v, ok := stream()
				if !ok {
					break
				}
				if cand := v.(Config); !tried[key(cand)] {
					tried[key(cand)] = true
					cands = append(cands, cand)
				}
			}
			if len(cands) == 0 {
				return c, mis, nil
			}
			res, err := ck.Check(cands)
			if err != nil {
				return c, mis, err
			}
			for i, m := range res {
				if m != nil {
					c, mis, progressed = cands[i], m, true
					break
				}
			}
		}
	}
}

// key identifies what a raw config means: its file and its names.
func key(c Config) string {
	return string(c.JSON()) + "\x00" + strings.Join(c.AllNames(1), "\x00")
}
