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
//	node 2 root.foo star=4 term=- tail=2 tails=[2] terms=[]
//	policy 0 prefix "rob." dotall=false
func (p *Plan) Dump() string {
	var b strings.Builder
	m := &p.Matcher
	var exact []string
	for k := range m.Exact.All() {
		exact = append(exact, k)
	}
	sort.Strings(exact)
	for _, k := range exact {
		d, _ := m.Exact.Lookup(k)
		info := m.Infos[d]
		fmt.Fprintf(&b, "exact %q best=%d matches=%v publish=%s subscribe=%s\n", k, d,
			m.Lists[info.List:info.List+info.Len], p.setString(info.ACL[runtime.Publish]), p.setString(info.ACL[runtime.Subscribe]))
	}
	// Parents are created before their children, so one pass in node
	// order labels every node with its path.
	type edge struct {
		elem string
		to   uint32
	}
	edges := map[uint32][]edge{}
	m.Edges.All(func(from uint32, elem string, to uint32) bool {
		edges[from] = append(edges[from], edge{elem, to})
		return true
	})
	labels := map[uint32]string{0: "root"}
	for i, n := range m.Nodes {
		for _, e := range edges[uint32(i)] {
			if _, ok := labels[e.to]; !ok { // a state may have many paths: name the first
				labels[e.to] = labels[uint32(i)] + "." + e.elem
			}
		}
		if n.Star >= 0 {
			if _, ok := labels[uint32(n.Star)]; !ok {
				labels[uint32(n.Star)] = labels[uint32(i)] + ".*"
			}
		}
	}
	for i, n := range m.Nodes {
		fmt.Fprintf(&b, "node %d %s star=%s term=%s tail=%s", i, labels[uint32(i)], opt(n.Star), opt(n.Term), opt(n.Tail))
		if m.Deterministic {
			st := m.States[i]
			fmt.Fprintf(&b, " tails=%v terms=%v", m.Lists[st.Tails.Start:st.Tails.Start+st.Tails.Len], m.Lists[st.Terms.Start:st.Terms.Start+st.Terms.Len])
		}
		b.WriteByte('\n')
	}
	for _, pol := range p.Policies {
		fmt.Fprintf(&b, "policy %d %s\n", pol.Index, shapeString(pol.Shape))
	}
	return b.String()
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
