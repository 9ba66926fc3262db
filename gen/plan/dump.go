package plan

import (
	"fmt"
	"sort"
	"strings"

	"github.com/destgen/destgen/gen/javaregex"
	"github.com/destgen/destgen/runtime"
)

// Dump renders the plan in a compact, stable text form for tests and for
// reading what the generator decided, as regexp/syntax's dumps do:
//
//	exact "foo.bar" best=0 matches=[0 1] publish={alice bob} subscribe={}
//	node 1 "foo" star=2 term=- tail=3
//	policy 0 prefix "rob." dotall=false index=prefix["rob."] check=no-line-terminator
//	policy 1 regexp index=infix[".acme."] check=match required=[".v"]
func (p *Plan) Dump() string {
	var b strings.Builder
	m := &p.Matcher
	var exact []string
	for k := range m.Exact.All() {
		exact = append(exact, k)
	}
	sort.Strings(exact)
	for _, k := range exact {
		d, _ := m.Exact.Lookup(k, runtime.Hash(k, runtime.NameSeed))
		info := m.Infos[d]
		fmt.Fprintf(&b, "exact %q best=%d matches=%v publish=%s subscribe=%s\n", k, d,
			m.Lists[info.List:info.List+info.Len], p.setString(info.ACL[runtime.Publish]), p.setString(info.ACL[runtime.Subscribe]))
	}
	// Parents are created before their children, so one pass in node
	// order labels every node with its path.
	edges := map[uint32][]runtime.Slot{}
	for _, s := range sortedSlots(m.Edges) {
		edges[s.Node] = append(edges[s.Node], s)
	}
	labels := map[uint32]string{0: "root"}
	for i, n := range m.Nodes {
		for _, e := range edges[uint32(i)] {
			labels[e.Value] = labels[uint32(i)] + "." + e.Key
		}
		if n.Star >= 0 {
			labels[uint32(n.Star)] = labels[uint32(i)] + ".*"
		}
	}
	for i, n := range m.Nodes {
		fmt.Fprintf(&b, "node %d %s star=%s term=%s tail=%s\n", i, labels[uint32(i)], opt(n.Star), opt(n.Term), opt(n.Tail))
	}
	for _, pol := range p.Policies {
		fmt.Fprintf(&b, "policy %d %s index=%v%q check=%v", pol.Index, shapeString(pol.Shape), pol.Anchor, pol.Keys, pol.Check)
		if pol.Prefix != "" || pol.Suffix != "" {
			fmt.Fprintf(&b, " prefix=%q suffix=%q", pol.Prefix, pol.Suffix)
		}
		if len(pol.Required) > 0 {
			fmt.Fprintf(&b, " required=%q", pol.Required)
		}
		b.WriteByte('\n')
	}
	return b.String()
}

func sortedSlots(t runtime.Table) []runtime.Slot {
	var out []runtime.Slot
	for _, s := range t {
		if s.Hash != 0 {
			out = append(out, s)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Key < out[j].Key })
	return out
}

func (p *Plan) setString(set uint32) string {
	m := &p.Matcher
	var names []string
	for i, pr := range p.Principals {
		if m.Sets[int(set)*m.SetWords+i/64]&(1<<(i%64)) != 0 {
			names = append(names, pr)
		}
	}
	return "{" + strings.Join(names, " ") + "}"
}

func opt(i int32) string {
	if i < 0 {
		return "-"
	}
	return fmt.Sprint(i)
}

func shapeString(s javaregex.Shape) string {
	switch s.Kind {
	case javaregex.Literals:
		return fmt.Sprintf("literals %q", s.Literals)
	case javaregex.Prefix:
		return fmt.Sprintf("prefix %q dotall=%v", s.Literals[0], s.DotAll)
	case javaregex.Suffix:
		return fmt.Sprintf("suffix %q dotall=%v", s.Literals[0], s.DotAll)
	}
	return "regexp"
}
