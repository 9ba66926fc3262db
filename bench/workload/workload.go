// Package workload generates seeded synthetic destgen configs and name
// samples for benchmarks: destination sets of any size in two shapes,
// ACLs over a few hundred principals, auto-creation policy lists, and
// names of every category (exact hits, wildcard-only hits, misses,
// invalid names) drawn uniformly or Zipf-skewed.
//
// Everything is a pure function of the Spec: the same Spec gives the same
// config bytes and the same samples, so a generated package built from a
// config and a benchmark that regenerates the workload in memory agree (the
// config's SHA-256 is the check).
package workload

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"math/rand/v2"
)

// Shape is the kind of destination set.
type Shape string

const (
	// Exact is mostly literal names, with some '*' (mostly last) and '>'.
	Exact Shape = "exact"
	// Wild is wildcard-heavy: mid-pattern '*', several per pattern, deep
	// '>' patterns, a few patterns starting with '*'.
	Wild Shape = "wild"
	// IoT is wildcard-heavy with IoT-style topics: every name has 5 to 7
	// elements (site, building, device class, device, metric, ...), and
	// 70% of the patterns have '*' or '>', as Wild's do.
	IoT Shape = "iot"
)

// PolicyMix is the kind of auto-creation policy list.
type PolicyMix string

const (
	// Fast policies are literals, literal prefixes and suffixes and
	// alternations of literals: shapes that need no regexp engine.
	Fast PolicyMix = "fast"
	// Mixed is Fast with GeneralPercent of general regexes.
	Mixed PolicyMix = "mixed"
	// General is Fast with GeneralListPercent of general regexes, drawn
	// from the Mixed ones and two more that Broker-J users write
	// (`(?i)acme\.reply\.[a-z0-9]{8}`, `svc\.[a-z]+\.v[0-9]+\.acme\..*`):
	// the list of issue 22, whose node hits are all decided by a general
	// policy.
	General PolicyMix = "general"
)

// Limits and defaults of the generator.
const (
	MaxDepth = 8 // names and patterns of the classic family have 1 to MaxDepth elements
	// MaxN bounds Spec.N: the benchmarks go up to 100k, and model.Load
	// accepts 200k.
	MaxN = 200_000
	// MaxPolicies is model.MaxPolicies.
	MaxPolicies = 10_000
	// GeneralPercent of a Mixed policy list are general regexes: the issue
	// allows at most 10%.
	GeneralPercent = 8
	// GeneralListPercent of a General policy list are general regexes.
	GeneralListPercent = 50
	// NumPrincipals is the size of the principal population ACLs draw from:
	// "a few hundred".
	NumPrincipals = 300
	// DefaultSeed is what the benchmarks use.
	DefaultSeed = 1
	// maxAttempts bounds rejection sampling of a unique or well-classified
	// name; running out means the vocabulary is too small for the Spec.
	maxAttempts = 10_000
)

// Spec determines a workload.
type Spec struct {
	Shape    Shape
	Family   Family // the topic family names are drawn from
	N        int    // destinations
	Mix      PolicyMix
	Policies int // auto-creation policies
	Seed     uint64
}

func (s Spec) String() string {
	return fmt.Sprintf("%s%d-%s%d-seed%d", s.Label(), s.N, s.Mix, s.Policies, s.Seed)
}

// Label names the shape and family: "wild", or "wild-iot" for a family
// other than the classic one (whose names predate families).
func (s Spec) Label() string {
	if s.Family == Classic {
		return string(s.Shape)
	}
	return string(s.Shape) + "-" + string(s.Family)
}

// Destination is one generated destination.
type Destination struct {
	Pattern   string
	Publish   []string
	Subscribe []string
	Props     map[string]any
}

// Workload is a generated config with what sampling needs.
type Workload struct {
	Spec         Spec
	Destinations []Destination // config order
	Policies     []Policy      // config order
	Principals   []string      // roles first, so that Zipf favours them
	Literals     []string      // literal patterns, in config order
	Wildcards    [][]string    // wildcard patterns, split, in config order
	literal      map[string]bool
	index        *trie
	family       *family
	config       []byte
	pools        map[Category][]string
}

// Generate builds the workload of s.
func Generate(s Spec) (*Workload, error) {
	if err := s.validate(); err != nil {
		return nil, err
	}
	w := &Workload{Spec: s, literal: map[string]bool{}, index: &trie{}, family: families[s.Family]}
	w.Principals = principals()
	r := rand.New(rand.NewPCG(s.Seed, 0x64657374)) // "dest"
	if err := w.destinations(r); err != nil {
		return nil, err
	}
	pr := rand.New(rand.NewPCG(s.Seed, 0x706f6c)) // "pol": independent of N
	if err := w.policies(pr); err != nil {
		return nil, err
	}
	w.config = w.encode()
	return w, nil
}

func (s Spec) validate() error {
	switch {
	case s.Shape != Exact && s.Shape != Wild && s.Shape != IoT:
		return fmt.Errorf("workload: unknown shape %q", s.Shape)
	case families[s.Family] == nil:
		return fmt.Errorf("workload: unknown family %q", s.Family)
	case s.Mix != Fast && s.Mix != Mixed && s.Mix != General:
		return fmt.Errorf("workload: unknown policy mix %q", s.Mix)
	case s.N < 1 || s.N > MaxN:
		return fmt.Errorf("workload: N = %d, want 1 to %d", s.N, MaxN)
	case s.Policies < 0 || s.Policies > MaxPolicies:
		return fmt.Errorf("workload: %d policies, want 0 to %d", s.Policies, MaxPolicies)
	}
	return nil
}

// Config returns the config as destgen JSON.
func (w *Workload) Config() []byte { return w.config }

// ConfigSHA256 identifies the config bytes, so that a package generated
// from an older generator is detected as stale.
func (w *Workload) ConfigSHA256() string {
	sum := sha256.Sum256(w.config)
	return hex.EncodeToString(sum[:])
}

func principals() []string {
	ps := append([]string(nil), roles...)
	for i := 0; len(ps) < NumPrincipals; i++ {
		ps = append(ps, fmt.Sprintf("u%03d", i))
	}
	return ps
}
