package harness

import (
	"regexp"

	"github.com/nats-io/nats-server/v2/server/gsl"

	"github.com/destgen/destgen/gen/model"
	"github.com/destgen/destgen/runtime"
)

// Dest is what the Go map peer stores per configured name: what a broker
// author would write first.
type Dest struct {
	Index   int
	Pattern string
}

// NewMap indexes the literal destinations of m by name. It answers Resolve
// for exactly configured names only; it is the floor for that case.
func NewMap(m *model.Model) map[string]*Dest {
	out := map[string]*Dest{}
	for _, d := range m.Destinations {
		if d.Pattern.IsLiteral() {
			out[d.Pattern.Text] = &Dest{Index: d.Index, Pattern: d.Pattern.Text}
		}
	}
	return out
}

// GSL is the NATS server's subject trie with the precedence pick on top:
// Insert every pattern, Match, keep the best-ranked match. The callbacks
// are bound once, so that a lookup allocates no closure.
type GSL struct {
	sl   *gsl.GenericSublist[int32]
	rank []int32 // destination -> position in precedence order
	acl  [][runtime.NumOps]map[string]bool

	// per-call state of the callbacks
	best     int32
	matches  []int
	op       runtime.Op
	callers  []string
	granted  bool
	pickCB   func(int32)
	appendCB func(int32)
	grantCB  func(int32)
}

// NewGSL inserts every destination of m.
func NewGSL(m *model.Model) (*GSL, error) {
	g := &GSL{sl: gsl.NewSublist[int32](), rank: make([]int32, len(m.Destinations))}
	for _, d := range m.Destinations {
		if err := g.sl.Insert(d.Pattern.Text, int32(d.Index)); err != nil {
			return nil, err
		}
		g.rank[d.Index] = int32(d.Rank)
		var acl [runtime.NumOps]map[string]bool
		for op := range runtime.NumOps {
			acl[op] = map[string]bool{}
			for _, p := range d.ACL[op] {
				acl[op][p] = true
			}
		}
		g.acl = append(g.acl, acl)
	}
	g.pickCB = func(d int32) {
		if g.best < 0 || g.rank[d] < g.rank[g.best] {
			g.best = d
		}
	}
	g.appendCB = func(d int32) { g.matches = append(g.matches, int(d)) }
	g.grantCB = func(d int32) {
		if g.granted {
			return // gsl has no early exit; skip the work at least
		}
		for _, p := range g.callers {
			if g.acl[d][g.op][p] {
				g.granted = true
				return
			}
		}
	}
	return g, nil
}

// Resolve returns the best-ranked matching destination, or -1. gsl only
// rejects empty tokens, so names are validated first, as a broker must.
func (g *GSL) Resolve(name string) (int, error) {
	if !runtime.Valid(name) {
		return -1, runtime.ErrInvalidName
	}
	g.best = -1
	g.sl.Match(name, g.pickCB)
	return int(g.best), nil
}

// Matches appends every matching destination to buf in config order
// (gsl reports them in trie order).
func (g *GSL) Matches(name string, buf []int) ([]int, error) {
	if !runtime.Valid(name) {
		return buf, runtime.ErrInvalidName
	}
	g.matches = buf
	g.sl.Match(name, g.appendCB)
	sortInts(g.matches[len(buf):])
	return g.matches, nil
}

// Allowed is the union of the ACLs of every matching destination.
func (g *GSL) Allowed(op runtime.Op, name string, principals ...string) bool {
	if op >= runtime.NumOps || !runtime.Valid(name) {
		return false
	}
	g.op, g.callers, g.granted = op, principals, false
	g.sl.Match(name, g.grantCB)
	g.callers = nil
	return g.granted
}

// sortInts is an insertion sort: match lists are short.
func sortInts(a []int) {
	for i := 1; i < len(a); i++ {
		for j := i; j > 0 && a[j] < a[j-1]; j-- {
			a[j], a[j-1] = a[j-1], a[j]
		}
	}
}

// Regexps is Broker-J's algorithm with the standard library: every policy
// compiled (from destgen's exact translation of its Java regex) and tried
// in config order.
type Regexps struct {
	res     []*regexp.Regexp
	enabled [][runtime.NumOps]bool
}

// NewRegexps compiles every policy of m.
func NewRegexps(m *model.Model) *Regexps {
	r := &Regexps{}
	for _, p := range m.Policies {
		r.res = append(r.res, regexp.MustCompile(p.GoRegexp))
		r.enabled = append(r.enabled, [runtime.NumOps]bool{p.CreatedOnPublish, p.CreatedOnConsume})
	}
	return r
}

// AutoCreate returns the first enabled policy whose pattern matches name.
func (r *Regexps) AutoCreate(name string, op runtime.Op) (int, bool) {
	if op >= runtime.NumOps {
		return -1, false
	}
	for i, re := range r.res {
		if r.enabled[i][op] && re.MatchString(name) {
			return i, true
		}
	}
	return -1, false
}

// Regexp returns policy i's compiled regexp.
func (r *Regexps) Regexp(i int) *regexp.Regexp { return r.res[i] }
