package harness

import (
	"fmt"
	"sync"

	"github.com/destgen/destgen/bench/workload"
	"github.com/destgen/destgen/gen/model"
	"github.com/destgen/destgen/gen/reference"
	"github.com/destgen/destgen/live"
)

// NamesPerBench is the length of every name sample. A power of two, so a
// benchmark loop indexes it with a mask instead of a division; large
// enough that at N = 100k a uniform sample still misses the CPU caches.
const NamesPerBench = 4096

// MatchesBuf is the capacity of the buffer Matches appends to in a
// benchmark: more than any sampled name matches, so it never grows.
const MatchesBuf = 64

// CallerPrincipals is how many principals the caller of Allowed holds.
const CallerPrincipals = 2

// Env is everything a benchmark of one workload needs, built once.
type Env struct {
	Workload *workload.Workload
	Model    *model.Model
	Ref      *reference.Interp
	Map      map[string]*Dest
	GSL      *GSL
	Regexps  *Regexps
	Live     *live.Realm // impl=live: the config compiled in-process
	Callers  [][]string

	mu    sync.Mutex
	names map[string][]string
}

var (
	envMu sync.Mutex
	envs  = map[workload.Spec]*Env{}
)

// EnvOf returns the environment of spec, building it on first use.
func EnvOf(spec workload.Spec) (*Env, error) {
	envMu.Lock()
	defer envMu.Unlock()
	if e, ok := envs[spec]; ok {
		return e, nil
	}
	w, err := workload.Generate(spec)
	if err != nil {
		return nil, err
	}
	m, diags := model.Load(spec.String()+".json", w.Config())
	if err := diags.Err(); err != nil {
		return nil, fmt.Errorf("%v: %v", spec, err)
	}
	g, err := NewGSL(m)
	if err != nil {
		return nil, fmt.Errorf("%v: gsl: %v", spec, err)
	}
	r, err := NewLive(w.Config())
	if err != nil {
		return nil, fmt.Errorf("%v: live: %v", spec, err)
	}
	e := &Env{
		Workload: w, Model: m, Ref: reference.New(m), Map: NewMap(m), GSL: g,
		Regexps: NewRegexps(m), Live: r, Callers: w.Callers(NamesPerBench, CallerPrincipals),
		names: map[string][]string{},
	}
	envs[spec] = e
	return e, nil
}

// Check returns the environment of a generated package, and an error when
// the package was generated from a different config than the workload
// generator now produces (a stale package).
func Check(g *Generated) (*Env, error) {
	e, err := EnvOf(g.Spec)
	if err != nil {
		return nil, err
	}
	if got := e.Workload.ConfigSHA256(); got != g.ConfigSHA256 {
		return nil, fmt.Errorf("stale generated package %s: its config has changed; run make bench-gen", g.Package)
	}
	return e, nil
}

// Names returns a sample of NamesPerBench names of category c drawn with
// d, cached.
func (e *Env) Names(c workload.Category, d workload.Dist) ([]string, error) {
	key := string(c) + "/" + string(d)
	e.mu.Lock()
	defer e.mu.Unlock()
	if ns, ok := e.names[key]; ok {
		return ns, nil
	}
	ns, err := e.Workload.Names(c, d, NamesPerBench)
	if err != nil {
		return nil, err
	}
	e.names[key] = ns
	return ns, nil
}
