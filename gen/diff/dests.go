package diff

import (
	"slices"

	"github.com/destgen/destgen/gen/model"
	"github.com/destgen/destgen/gen/subject"
	"github.com/destgen/destgen/runtime"
)

// destDiff is the destination half of a diff: the changed patterns and
// the changes found so far, with an index per grouping key so that each
// group is reported once, with its first witness.
type destDiff struct {
	ms      [2]*model.Model
	acl     bool // both configs have permissions on: ACLs decide access
	changed []*changed
	out     []Change
	keys    map[string]int // grouping key -> index in out
	byText  map[string]*changed
	newKey  map[string]int // property key -> index in the new schema
}

func destinations(old, new *model.Model) []Change {
	x := &destDiff{ms: [2]*model.Model{old, new}, acl: old.Permissions && new.Permissions, keys: map[string]int{}, byText: map[string]*changed{}}
	x.permissions()
	x.align()
	findPartners(x.changed, x.ms)
	for _, c := range x.changed {
		x.examine(c)
	}
	return x.out
}

// permissions reports a flipped permissions switch: it changes access to
// every valid name for a caller holding no listed principal.
func (x *destDiff) permissions() {
	o, n := x.ms[oldSide].Permissions, x.ms[newSide].Permissions
	if o == n {
		return
	}
	x.out = append(x.out, Change{
		Kind: Permissions, Witness: ptr(freshElement(x.ms[oldSide].Destinations, x.ms[newSide].Destinations)),
		Pattern: ">", Exact: true,
		Old: Answer{Permissions: ptr(o)}, New: Answer{Permissions: ptr(n)},
		Note: "every operation on every valid name, for a caller holding no principal any ACL lists",
	})
}

// align keys destinations by pattern text and keeps those added, removed
// or changed: new config order, then the removed ones in old config order.
func (x *destDiff) align() {
	byText := make(map[string]*model.Destination, len(x.ms[oldSide].Destinations))
	for _, d := range x.ms[oldSide].Destinations {
		byText[d.Pattern.Text] = d
	}
	kept := make(map[string]bool, len(x.ms[newSide].Destinations))
	for _, d := range x.ms[newSide].Destinations {
		kept[d.Pattern.Text] = true
		o := byText[d.Pattern.Text]
		if o == nil || !x.sameDest(o, d) {
			x.addChanged(&changed{pat: d.Pattern, dest: [2]*model.Destination{o, d}})
		}
	}
	for _, d := range x.ms[oldSide].Destinations {
		if !kept[d.Pattern.Text] {
			x.addChanged(&changed{pat: d.Pattern, dest: [2]*model.Destination{d, nil}})
		}
	}
}

func (x *destDiff) addChanged(c *changed) {
	x.changed = append(x.changed, c)
	x.byText[c.pat.Text] = c
}

// sameDest reports whether two destinations of the same pattern behave
// the same: store, cluster, properties (by key) and ACLs (as sets).
func (x *destDiff) sameDest(a, b *model.Destination) bool {
	return samePlacement(a, b) && x.sameProps(a, b) && sameACL(a, b)
}

func samePlacement(a, b *model.Destination) bool {
	return a.Store.Set == b.Store.Set && a.Store.Value == b.Store.Value &&
		a.Cluster.Set == b.Cluster.Set && a.Cluster.Value == b.Cluster.Value
}

// sameProps compares properties by key: the two schemas may order (and
// hold) different keys. A Scalar compares its type too, so 1 and 1.0
// differ, as they do in generated code.
func (x *destDiff) sameProps(a, b *model.Destination) bool {
	if x.newKey == nil {
		x.newKey = map[string]int{}
		for j, f := range x.ms[newSide].Schema {
			x.newKey[f.Key] = j
		}
	}
	n := 0
	for i, f := range x.ms[oldSide].Schema {
		if !a.Has[i] {
			continue
		}
		j, ok := x.newKey[f.Key]
		if !ok || !b.Has[j] || a.Props[i] != b.Props[j] {
			return false
		}
		n++
	}
	for _, has := range b.Has {
		if has {
			n--
		}
	}
	return n == 0
}

func sameACL(a, b *model.Destination) bool {
	for op := range a.ACL {
		if len(a.ACL[op]) != len(b.ACL[op]) {
			return false
		}
		for _, p := range a.ACL[op] {
			if !slices.Contains(b.ACL[op], p) {
				return false
			}
		}
	}
	return true
}

// side is what one config answers for one name: the destinations
// matching it among a changed pattern's partners (which are all of them,
// the name matching that pattern) and the chosen one.
type side struct {
	matched []*model.Destination
	chosen  *model.Destination
}

func evaluate(ds []*model.Destination, elems []string) side {
	var s side
	for _, d := range ds {
		if d.Pattern.Match(elems) {
			s.matched = append(s.matched, d)
			if s.chosen == nil || subject.Compare(d.Pattern, s.chosen.Pattern) < 0 {
				s.chosen = d
			}
		}
	}
	return s
}

// allowed is reference.Interp.Allowed for a single principal, given the
// matching destinations, with permissions on.
func (s side) allowed(op runtime.Op, p string) bool {
	for _, d := range s.matched {
		if slices.Contains(d.ACL[op], p) {
			return true
		}
	}
	return false
}

// examine tries the candidate witnesses of one changed pattern and
// records what they show.
func (x *destDiff) examine(c *changed) {
	fresh := freshElement(c.partners[oldSide], c.partners[newSide])
	bps := breakpoints(c.partners[oldSide], c.partners[newSide])
	gens, truncated := generators(c)
	seen := map[string]bool{}
	first := ""
	var choosing *string // a name choosing c on both sides
	for _, g := range gens {
		m, ok := meet(c.pat, g)
		if !ok {
			continue
		}
		for _, n := range lengths(m, bps) {
			name, ok := instance(m, n, fresh)
			if !ok || seen[name] {
				continue
			}
			seen[name] = true
			if first == "" {
				first = name
			}
			elems, _ := subject.ParseName(name)
			ev := [2]side{evaluate(c.partners[oldSide], elems), evaluate(c.partners[newSide], elems)}
			if choosing == nil && ev[oldSide].chosen == c.dest[oldSide] && ev[newSide].chosen == c.dest[newSide] {
				choosing = ptr(name)
			}
			x.precedence(c, name, ev)
			x.access(c, name, ev)
		}
	}
	x.destChange(c, first, choosing, truncated)
}

// generators returns c's pattern and the distinct patterns of its
// partners, at most maxGenerators in all, and whether some were left out.
func generators(c *changed) ([]subject.Pattern, bool) {
	out := []subject.Pattern{c.pat}
	seen := map[string]bool{c.pat.Text: true}
	for _, l := range c.partners {
		for _, d := range l {
			if seen[d.Pattern.Text] {
				continue
			}
			if len(out) == maxGenerators {
				return out, true
			}
			seen[d.Pattern.Text] = true
			out = append(out, d.Pattern)
		}
	}
	return out, false
}
