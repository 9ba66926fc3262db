package gate

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
)

// A run's manifest says which benchmarks the run was meant to hold, so
// that a check whose benchmark is absent reads as a failure only when
// the run should have had it. The bench test binary prints it as two
// benchfmt configuration lines before its benchmarks (bench's TestMain):
//
//	destgen-workloads: shape=exact/N=10,100 shape=wild-market/N=100 shape=fast/P=10
//	destgen-bench: ^Benchmark(Resolve|AutoCreate)$/^shape=
//
// the workloads of the generated packages it imports (benchgen's last
// run: every function but Compile runs on exactly these) and its
// -test.bench filter. Compile builds its own configs, so its rows are
// expected wherever the filter selects it.
const (
	WorkloadsKey = "destgen-workloads"
	FilterKey    = "destgen-bench"
)

// Manifest is what one run was meant to hold.
type Manifest struct {
	Workloads map[string]bool // "shape=exact/N=100", "shape=fast/P=10"
	Filter    string          // -test.bench
	match     [][]*regexp.Regexp
	raw       string // the two values as read, to keep each run's once
}

// FormatManifest returns the two configuration lines of a run over the
// workloads (label, size and size key N or P) and a -test.bench filter.
func FormatManifest(workloads []Workload, filter string) string {
	var groups []string
	for i := 0; i < len(workloads); {
		j := i
		var sizes []string
		for ; j < len(workloads) && workloads[j].Label == workloads[i].Label && workloads[j].SizeKey == workloads[i].SizeKey; j++ {
			sizes = append(sizes, fmt.Sprint(workloads[j].Size))
		}
		groups = append(groups, fmt.Sprintf("shape=%s/%s=%s", workloads[i].Label, workloads[i].SizeKey, strings.Join(sizes, ",")))
		i = j
	}
	return fmt.Sprintf("%s: %s\n%s: %s\n", WorkloadsKey, strings.Join(groups, " "), FilterKey, filter)
}

// Workload is one generated package as the manifest lists it.
type Workload struct {
	Label   string // shape and family, or policy mix
	SizeKey string // N or P
	Size    int
}

// parseManifest reads the two configuration values back.
func parseManifest(workloads, filter string) (*Manifest, error) {
	m := &Manifest{Workloads: map[string]bool{}, Filter: filter}
	for _, g := range strings.Fields(workloads) {
		i := strings.LastIndexByte(g, '=')
		if i < 0 || !strings.HasPrefix(g, "shape=") {
			return nil, fmt.Errorf("%s: bad workload group %q", WorkloadsKey, g)
		}
		for _, size := range strings.Split(g[i+1:], ",") {
			m.Workloads[g[:i+1]+size] = true
		}
	}
	var err error
	m.match, err = splitFilter(filter)
	return m, err
}

// Expects reports whether the run was meant to hold the benchmark
// fn/config/impl=impl, and if not, why.
func (m *Manifest) Expects(s Side) (bool, string) {
	if wl := workloadOf(s.Key.Config); s.Key.Func != "Compile" && !m.Workloads[wl] {
		return false, wl + " not generated for this run"
	}
	name := strings.Split("Benchmark"+s.String(), "/")
	for _, alt := range m.match {
		if matchLevels(alt, name) {
			return true, ""
		}
	}
	return false, "-test.bench " + m.Filter + " leaves it out"
}

// workloadOf is a config's shape and size: its first two elements.
func workloadOf(config string) string {
	parts := strings.SplitN(config, "/", 3)
	return strings.Join(parts[:min(2, len(parts))], "/")
}

// matchLevels is testing's rule: each level of a benchmark's name must
// match the filter's element at that level; levels past the filter's
// elements match anything.
func matchLevels(filter []*regexp.Regexp, name []string) bool {
	for i, elem := range name {
		if i >= len(filter) {
			break
		}
		if !filter[i].MatchString(elem) {
			return false
		}
	}
	return true
}

// splitFilter splits a -test.bench expression as the testing package
// does (testing/match.go's splitRegexp): into alternatives at a '|' and
// levels at a '/', neither inside brackets or parentheses.
func splitFilter(s string) ([][]*regexp.Regexp, error) {
	var alts [][]*regexp.Regexp
	var level []*regexp.Regexp
	depth, class, start := 0, false, 0
	cut := func(end int, newAlt bool) error {
		re, err := regexp.Compile(s[start:end])
		if err != nil {
			return fmt.Errorf("%s: %v", FilterKey, err)
		}
		level, start = append(level, re), end+1
		if newAlt {
			alts, level = append(alts, level), nil
		}
		return nil
	}
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '\\':
			i++
		case c == '[':
			class = true
		case c == ']':
			class = false
		case class:
		case c == '(':
			depth++
		case c == ')':
			depth--
		case depth == 0 && (c == '/' || c == '|'):
			if err := cut(i, c == '|'); err != nil {
				return nil, err
			}
		}
	}
	if err := cut(len(s), true); err != nil {
		return nil, err
	}
	return alts, nil
}

// addManifest records a run's manifest once: every result of a run
// carries its configuration, and passes of one binary repeat it.
func (r *Results) addManifest(workloads, filter string) error {
	raw := workloads + "\n" + filter
	if slices.ContainsFunc(r.runs, func(m *Manifest) bool { return m.raw == raw }) {
		return nil
	}
	m, err := parseManifest(workloads, filter)
	if err != nil {
		return err
	}
	m.raw = raw
	r.runs = append(r.runs, m)
	return nil
}

// HasManifest reports whether the results carry a run manifest.
func (r *Results) HasManifest() bool { return len(r.runs) > 0 }

// Expects reports whether the runs read were meant to hold the benchmark
// of s, and if not, why. Without a manifest (output of a binary older
// than manifests) a benchmark is expected when its function ran at its
// shape and size.
func (r *Results) Expects(s Side) (bool, string) {
	if len(r.runs) == 0 {
		wl := workloadOf(s.Key.Config)
		for k := range r.ns {
			if k.Func == s.Key.Func && workloadOf(k.Config) == wl {
				return true, ""
			}
		}
		return false, fmt.Sprintf("no %s benchmark at %s in this run (it has no manifest)", s.Key.Func, wl)
	}
	why := ""
	for _, m := range r.runs {
		ok, w := m.Expects(s)
		if ok {
			return true, ""
		}
		why = w
	}
	return false, why
}

// ExpectsCount reports whether the results were meant to hold the count
// of s (cmd/instrparity's, read from its -o file): wherever a run's
// manifest lists s's workload, whatever its -test.bench, since counts do
// not come from that run; without a manifest, wherever anything was
// counted at s's workload.
func (r *Results) ExpectsCount(s Side) (bool, string) {
	wl := workloadOf(s.Key.Config)
	if len(r.runs) == 0 {
		for k := range r.instr {
			if workloadOf(k.Config) == wl {
				return true, ""
			}
		}
		return false, "nothing counted at " + wl + " (cmd/instrparity -o) and no manifest"
	}
	for _, m := range r.runs {
		if m.Workloads[wl] {
			return true, ""
		}
	}
	return false, wl + " not generated for this run"
}
