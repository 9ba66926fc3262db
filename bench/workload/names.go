package workload

import (
	"fmt"
	"math/rand/v2"
	"strings"
)

// Category is a kind of sample name.
type Category string

const (
	Hits     Category = "hits"    // exactly configured (literal) names
	WildHits Category = "wild"    // valid names matched only by wildcard patterns
	Misses   Category = "miss"    // valid names matching no destination
	Invalid  Category = "invalid" // not valid destination names
	// MixedNames is MixWeights of the four above.
	MixedNames Category = "mixed"
	// NodeHits are node names some auto-creation policy's pattern matches
	// (the winner for an operation may be an earlier policy, or none when
	// the matching policies are not enabled for it). With the General
	// mix, only its general policies' names.
	NodeHits Category = "node-hits"
	// NodeMisses match no policy; a tenth of them are near misses that
	// only a line terminator keeps from matching (rob.durable.x\ny).
	NodeMisses Category = "node-miss"
	// NodeMixedNames is half NodeHits, half NodeMisses.
	NodeMixedNames Category = "node-mixed"
)

// MixWeights are the shares, in percent, of the MixedNames category: what a
// broker's lookups plausibly are once exact names are configured.
var MixWeights = []struct {
	Cat     Category
	Percent int
}{{Hits, 40}, {WildHits, 40}, {Misses, 15}, {Invalid, 5}}

// Dist is how names are drawn from a category's pool.
type Dist string

const (
	Uniform Dist = "uniform"
	// Zipf draws with ZipfS: a few names take most lookups, as in real
	// traffic.
	Zipf Dist = "zipf"
)

// Sampling constants.
const (
	// PoolSize bounds the distinct names of a generated category (hits use
	// every literal name instead).
	PoolSize = 4096
	// ZipfS is the Zipf exponent; 1.1 puts about a third of draws on the
	// ten most frequent names of a 4096-name pool.
	ZipfS = 1.1
)

// Names draws n names of category c. The result depends only on the
// workload, c, d and n. It is empty when the category has no names (a
// config without wildcards has no wildcard-only hits).
func (w *Workload) Names(c Category, d Dist, n int) ([]string, error) {
	seed := w.Spec.Seed ^ hashString(string(c)+"/"+string(d))
	r := rand.New(rand.NewPCG(seed, uint64(n)))
	switch c {
	case MixedNames:
		return w.mixed(r, d, n, MixWeights)
	case NodeMixedNames:
		return w.mixed(r, d, n, []struct {
			Cat     Category
			Percent int
		}{{NodeHits, 50}, {NodeMisses, 50}})
	}
	pool, err := w.pool(c)
	if err != nil || len(pool) == 0 {
		return nil, err
	}
	pick := picker(r, d, len(pool))
	out := make([]string, n)
	for i := range out {
		out[i] = pool[pick()]
	}
	return out, nil
}

func (w *Workload) mixed(r *rand.Rand, d Dist, n int, weights []struct {
	Cat     Category
	Percent int
}) ([]string, error) {
	var picks []func() string
	for _, cw := range weights {
		pool, err := w.pool(cw.Cat)
		if err != nil {
			return nil, err
		}
		if len(pool) == 0 {
			continue // redistribute an empty category's share
		}
		pick := picker(r, d, len(pool))
		for range cw.Percent {
			picks = append(picks, func() string { return pool[pick()] })
		}
	}
	out := make([]string, n)
	for i := range out {
		out[i] = picks[r.IntN(len(picks))]()
	}
	return out, nil
}

// picker returns a function drawing pool indices.
func picker(r *rand.Rand, d Dist, n int) func() int {
	if d == Zipf && n > 1 {
		z := rand.NewZipf(r, ZipfS, 1, uint64(n-1))
		return func() int { return int(z.Uint64()) }
	}
	return func() int { return r.IntN(n) }
}

// pool returns the distinct names of category c, built once.
func (w *Workload) pool(c Category) ([]string, error) {
	if p, ok := w.pools[c]; ok {
		return p, nil
	}
	r := rand.New(rand.NewPCG(w.Spec.Seed, hashString(string(c))))
	var p []string
	var err error
	switch c {
	case Hits:
		p = w.Literals
	case WildHits:
		p, err = w.draw(r, len(w.Wildcards) > 0, func() (string, bool) { return w.wildHit(r) })
	case Misses:
		p, err = w.draw(r, true, func() (string, bool) { return w.miss(r) },
			func() (string, bool) { return w.missOutside(r) })
	case Invalid:
		p = w.invalid(r)
	case NodeHits:
		pols := w.hitPolicies()
		p, err = w.draw(r, len(pols) > 0, func() (string, bool) {
			return pols[r.IntN(len(pols))].instance(r), true
		})
	case NodeMisses:
		p, err = w.draw(r, true, func() (string, bool) { return w.nodeMiss(r) })
	default:
		return nil, fmt.Errorf("workload: unknown name category %q", c)
	}
	if w.pools == nil {
		w.pools = map[Category][]string{}
	}
	w.pools[c] = p
	return p, err
}

// draw collects PoolSize accepted names (duplicates allowed: they are
// drawn as traffic is) from the first generator, and from the next ones
// only when a generator's names are accepted less than once in
// maxAttempts/100 draws: the pools a first generator fills are what they
// were before a fallback existed.
func (w *Workload) draw(r *rand.Rand, possible bool, gens ...func() (string, bool)) ([]string, error) {
	if !possible {
		return nil, nil
	}
	var out []string
	for _, next := range gens {
		for attempts := 0; len(out) < PoolSize && attempts < maxAttempts*PoolSize/100; attempts++ {
			if s, ok := next(); ok {
				out = append(out, s)
			}
		}
	}
	if len(out) < PoolSize {
		return nil, fmt.Errorf("workload: %v: too few names accepted (%d)", w.Spec, len(out))
	}
	return out, nil
}

// wildHit instantiates a wildcard pattern; it is rejected when it is also
// a configured literal name.
func (w *Workload) wildHit(r *rand.Rand) (string, bool) {
	pat := w.Wildcards[r.IntN(len(w.Wildcards))]
	var out []string
	for i, e := range pat {
		switch e {
		case "*":
			out = append(out, w.element(r, i))
		case ">":
			for j := range 1 + r.IntN(3) {
				out = append(out, w.element(r, i+j))
			}
		default:
			out = append(out, e)
		}
	}
	name := strings.Join(out, ".")
	return name, !w.literal[name] && validName(name)
}

// miss replaces one element of a plausible name by a token no pattern
// uses, and keeps it if no wildcard matches it either. Starting from
// configured names keeps misses sharing long prefixes with patterns, which
// is what makes a trie walk work.
func (w *Workload) miss(r *rand.Rand) (string, bool) {
	var elems []string
	if len(w.Literals) > 0 && r.IntN(4) != 0 {
		elems = strings.Split(w.Literals[r.IntN(len(w.Literals))], ".")
	} else {
		elems = w.randomName(r, w.depth(r))
	}
	elems[r.IntN(len(elems))] = fmt.Sprintf("%s%d", missTokens[r.IntN(len(missTokens))], r.IntN(1000))
	return strings.Join(elems, "."), !w.index.match(elems)
}

// missOutside is a miss for configs whose wildcards cover every name
// miss can make: at 100k wildcard-heavy destinations of a family with a
// small vocabulary (market, events), patterns such as "*.*.EQ.*" and
// "md.XNYS.>" match every name of the family's depths, whatever element
// is replaced. What such a config still misses is a name above or beside
// its trees, so this draws, from a configured name, either a parent
// topic under an unknown node (its first k elements, the last replaced
// by a miss token: md.XNYS.zq12) or the name under an unknown root, one
// level deeper (zq12.XNYS.EQ.AAPL.QUOTE.BBO): no '>' pattern starts with
// a wildcard, and the '*' patterns that do are as deep as the family's
// names, so at its deepest level such a name has none. The trie still
// decides.
func (w *Workload) missOutside(r *rand.Rand) (string, bool) {
	var elems []string
	if len(w.Literals) > 0 {
		elems = strings.Split(w.Literals[r.IntN(len(w.Literals))], ".")
	} else {
		elems = w.randomName(r, w.depth(r))
	}
	token := fmt.Sprintf("%s%d", missTokens[r.IntN(len(missTokens))], r.IntN(1000))
	if len(elems) > 1 && r.IntN(2) == 0 {
		elems = elems[:1+r.IntN(len(elems)-1)]
		elems[len(elems)-1] = token
	} else {
		elems[0] = token
		elems = append(elems, w.element(r, len(elems)))
	}
	name := strings.Join(elems, ".")
	return name, validName(name) && !w.index.match(elems)
}

// hitPolicies are the policies NodeHits draws from: all of them, but for
// the General mix only its general ones, so that the names measure the
// general policies' path.
func (w *Workload) hitPolicies() []Policy {
	if w.Spec.Mix != General {
		return w.Policies
	}
	var ps []Policy
	for _, p := range w.Policies {
		if p.Kind == PolicyGeneral {
			ps = append(ps, p)
		}
	}
	return ps
}

// nodeMiss is a node name that no policy matches: a tenant with an
// unknown kind, or a prefix policy's name with a line terminator in the
// rest (Java's '.' does not match it).
func (w *Workload) nodeMiss(r *rand.Rand) (string, bool) {
	var name string
	if r.IntN(10) == 0 && len(w.Policies) > 0 {
		p := w.Policies[r.IntN(len(w.Policies))]
		if p.Kind != PolicyPrefix {
			return "", false
		}
		name = p.alts[0] + "x\ny"
	} else {
		name = tenant(r, w.Spec.Policies) + "." + missTokens[r.IntN(len(missTokens))] + "." + randomRest(r)
	}
	for _, p := range w.Policies {
		if p.re.MatchString(name) {
			return "", false
		}
	}
	return name, true
}

func hashString(s string) uint64 {
	h := uint64(14695981039346656037) // FNV-1a
	for i := 0; i < len(s); i++ {
		h = (h ^ uint64(s[i])) * 1099511628211
	}
	return h
}

// Callers draws n principal lists of k principals each, as the ACLs draw
// them (roles favoured), so that some callers are granted and some not.
func (w *Workload) Callers(n, k int) [][]string {
	r := rand.New(rand.NewPCG(w.Spec.Seed, uint64(n*MaxPolicies+k)))
	out := make([][]string, n)
	for i := range out {
		ps := make([]string, 0, k)
		for len(ps) < k {
			p := w.Principals[r.IntN(len(w.Principals))]
			if r.IntN(10) < 6 {
				p = roles[r.IntN(len(roles))]
			}
			if !contains(ps, p) {
				ps = append(ps, p)
			}
		}
		out[i] = ps
	}
	return out
}
