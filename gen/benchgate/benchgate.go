// Package benchgate is the regression gate of `destgen benchgate`: it
// compares two sets of Go benchmark results, base and head, as benchstat
// does (median, 95% confidence interval, Mann-Whitney U test) and decides
// whether head regressed.
//
// It assumes its inputs are `go test -bench` output, read with
// golang.org/x/perf/benchfmt, each benchmark run several times (-count, or
// several runs of the test binary concatenated), base and head on one
// machine, their runs interleaved. Benchmarks are matched by full name,
// GOMAXPROCS suffix included, whatever package they ran in: base and head
// may be two builds of one package. Only the destgen command imports it;
// generated code and runtime/ never do.
package benchgate

import (
	"fmt"
	"io"
	"os"
	"slices"

	"golang.org/x/perf/benchfmt"
)

// Confidence is the level of the confidence intervals printed, as
// benchstat's default.
const Confidence = 0.95

// The units the gate decides on; the others (B/op, custom metrics) are
// printed only.
const (
	unitTime   = "sec/op"
	unitAllocs = "allocs/op"
)

// Results are the samples of one file: by benchmark name, then by unit, in
// the order the file first gives them.
type Results struct {
	File    string
	Names   []string
	Units   []string
	samples map[string]map[string][]float64
}

// Read parses the benchmark results in r, which is named name in errors.
// A malformed benchmark line is an error (file:line: message), as is a
// file with no results: a gate that read nothing must not pass.
func Read(r io.Reader, name string) (*Results, error) {
	res := &Results{File: name, samples: map[string]map[string][]float64{}}
	br := benchfmt.NewReader(r, name)
	for br.Scan() {
		switch rec := br.Result().(type) {
		case *benchfmt.SyntaxError:
			return nil, rec
		case *benchfmt.Result:
			res.add(rec)
		}
	}
	if err := br.Err(); err != nil {
		return nil, err
	}
	if len(res.Names) == 0 {
		return nil, fmt.Errorf("%s: no benchmark results", name)
	}
	return res, nil
}

// ReadFile reads the results in the named file.
func ReadFile(path string) (*Results, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return Read(f, path)
}

func (res *Results) add(rec *benchfmt.Result) {
	name := string(rec.Name.Full())
	byUnit, ok := res.samples[name]
	if !ok {
		byUnit = map[string][]float64{}
		res.samples[name] = byUnit
		res.Names = append(res.Names, name)
	}
	for _, v := range rec.Values {
		if !slices.Contains(res.Units, v.Unit) {
			res.Units = append(res.Units, v.Unit)
		}
		byUnit[v.Unit] = append(byUnit[v.Unit], v.Value)
	}
}

// Samples returns a copy of the values of one benchmark in one unit.
func (res *Results) Samples(name, unit string) []float64 {
	return slices.Clone(res.samples[name][unit])
}
