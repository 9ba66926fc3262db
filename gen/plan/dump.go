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
//	automaton 0 deterministic
//	node 2 root.foo star=4 term=- tail=2 tails=[2] terms=[]
//	mask 0 L*L patterns=[3 5]
//	lengths 1-2 automata
//	length 3 masks=[0 2]
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
		d, _ := m.Exact.Lookup(k)
		info := m.Infos[d]
		fmt.Fprintf(&b, "exact %q best=%d matches=%v publish=%s subscribe=%s\n", k, d,
			m.Lists[info.List:info.List+info.Len], p.setString(info.ACL[runtime.Publish]), p.setString(info.ACL[runtime.Subscribe]))
	}
	p.dumpAutomata(&b)
	p.dumpMasks(&b)
	for _, pol := range p.Policies {
		fmt.Fprintf(&b, "policy %d %s index=%v%q check=%v", pol.Index, shapeString(pol.Shape), pol.Anchor, pol.Keys, pol.Check)
		if pol.Prefix != "" || pol.Suffix != "" {
			fmt.Fprintf(&b, " prefix=%q suffix=%q", pol.Prefix, pol.Suffix)
		}
		if len(pol.Required) > 0 {
			fmt.Fprintf(&b, " required=%q", pol.Required)
		}
		if pol.Automaton && pol.Check == CheckMatch {
			b.WriteString(" own-automaton")
		}
		b.WriteByte('\n')
	}
	for i, a := range p.PolicyIndex.Automata {
		fmt.Fprintf(&b, "policy-automaton %d policies=%v states=%d classes=%d\n", i, a.Policies, len(a.Next)/int(a.Classes), a.Classes)
	}
	return b.String()
}

// dumpAutomata writes each automaton and its nodes, labelled with the
// first path from the automaton's start that reaches them.
func (p *Plan) dumpAutomata(b *strings.Builder) {
	m := &p.Matcher
	type edge struct {
		elem string
		to   uint32
	}
	edges := map[uint32][]edge{}
	m.Edges.All(func(from uint32, elem string, to uint32) bool {
		edges[from] = append(edges[from], edge{elem, to})
		return true
	})
	for _, es := range edges {
		sort.Slice(es, func(i, j int) bool { return es[i].elem < es[j].elem })
	}
	for k, a := range m.Automata {
		end := len(m.Nodes)
		if k+1 < len(m.Automata) {
			end = int(m.Automata[k+1].Start)
		}
		kind := "deterministic" // every automaton is (plan.writeMerged)
		if a.Elements != 0 {
			kind += fmt.Sprintf(" elements=%d", a.Elements)
		}
		fmt.Fprintf(b, "automaton %d %s\n", k, kind)
		// Nodes are numbered after the nodes leading to them, so one pass
		// in node order labels each.
		labels := map[uint32]string{uint32(a.Start): "root"}
		label := func(n uint32, l string) {
			if _, ok := labels[n]; !ok {
				labels[n] = l
			}
		}
		for i := int(a.Start); i < end; i++ {
			for _, e := range edges[uint32(i)] {
				label(e.to, labels[uint32(i)]+"."+e.elem)
			}
			if s := m.Nodes[i].Star; s >= 0 {
				label(uint32(s), labels[uint32(i)]+".*")
			}
		}
		for i := int(a.Start); i < end; i++ {
			n := m.Nodes[i]
			st := m.States[i]
			fmt.Fprintf(b, "node %d %s star=%s term=%s tail=%s tails=%v terms=%v\n", i, labels[uint32(i)], opt(n.Star), opt(n.Term), opt(n.Tail),
				m.Lists[st.Tails.Start:st.Tails.Start+st.Tails.Len], m.Lists[st.Terms.Start:st.Terms.Start+st.Terms.Len])
		}
	}
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

// dumpMasks writes each mask table (L a literal position, * a '*', >
// when its patterns end in '>') and, per run of name lengths with the
// same choice, the cost model's choice: the tables probed, in order,
// "indexed" where the runtime narrows them by its index
// (runtime/maskindex.go), or the automata.
func (p *Plan) dumpMasks(b *strings.Builder) {
	c := &p.Compact
	if len(c.MaskDepths) == 0 {
		return
	}
	start := uint32(0)
	for i := 0; i < len(c.Masks)/runtime.MaskStride; i++ {
		f := c.Masks[i*runtime.MaskStride:]
		lits := uint64(f[0]) | uint64(f[1])<<32
		var m strings.Builder
		for j := range int(f[2]) {
			m.WriteByte("*L"[lits>>j&1])
		}
		if f[3] == 1 {
			m.WriteByte('>')
		}
		fmt.Fprintf(b, "mask %d %s patterns=%v\n", i, m.String(), c.MaskDests[start:c.MaskEnds[i]])
		start = c.MaskEnds[i]
	}
	choice := func(d int) string {
		f := c.MaskDepths[d*runtime.MaskDepthStride:]
		if f[0] == 0 {
			return "automata"
		}
		from := uint32(0)
		if d > 0 {
			from = c.MaskDepths[(d-1)*runtime.MaskDepthStride+1]
		}
		if p.Matcher.MaskIndexed(d) {
			return fmt.Sprintf("masks=%v indexed", c.MaskProbes[from:f[1]])
		}
		return fmt.Sprintf("masks=%v", c.MaskProbes[from:f[1]])
	}
	for d := 1; d <= runtime.MaxElements; {
		e := d
		for e < runtime.MaxElements && choice(e+1) == choice(d) {
			e++
		}
		if e > d {
			fmt.Fprintf(b, "lengths %d-%d %s\n", d, e, choice(d))
		} else {
			fmt.Fprintf(b, "length %d %s\n", d, choice(d))
		}
		d = e + 1
	}
}
