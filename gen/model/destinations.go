package model

import (
	"github.com/destgen/destgen/gen/config"
	"github.com/destgen/destgen/gen/subject"
)

// MaxDestinations bounds a config so that generation and the Go build of
// its output stay within seconds and a few hundred MB; see the scale notes
// in the README.
const MaxDestinations = 200_000

func (b *builder) destinations(ds []config.Destination) {
	if len(ds) > MaxDestinations {
		b.diags.Errorf(b.cfg.Position(ds[MaxDestinations].Pos), "config has %d destinations, over the limit of %d", len(ds), MaxDestinations)
		return
	}
	// One allocation for all the destinations and one for all their
	// principals: a 100k destination config made 100k of each.
	all := make([]Destination, len(ds))
	b.m.Destinations = make([]*Destination, len(ds))
	principals := 0
	for i := range ds {
		principals += len(ds[i].Publish) + len(ds[i].Subscribe)
	}
	names := make([]string, 0, principals)
	first := make(map[string]int, len(ds))
	for i := range ds {
		d, dst := &ds[i], &all[i]
		*dst = Destination{Index: i, Pos: b.cfg.Position(d.Pos), Store: d.Store, Cluster: d.Cluster}
		b.m.Destinations[i] = dst
		if d.NameVal == nil {
			continue // missing or mistyped, already reported
		}
		p, err := subject.Parse(d.Name)
		if err != nil {
			b.diags.Errorf(d.NameVal.PosAt(err.Offset), "destination %d: invalid pattern %q: %s", i, d.Name, err.Msg)
			continue
		}
		dst.Pattern = p
		if j, dup := first[d.Name]; dup {
			b.diags.Errorf(d.NameVal.Pos, "destination %d: duplicate destination %q (first at %s)", i, d.Name, ds[j].NameVal.Pos)
			continue
		}
		first[d.Name] = i
		dst.ACL, names = acl(d.Publish, d.Subscribe, names)
	}
}

// acl returns the principals of each operation, indexed by runtime.Op and
// appended to names, and names grown by them; an operation nobody is
// granted has a nil list.
func acl(pub, sub []config.Principal, names []string) (out [2][]string, _ []string) {
	for op, ps := range [2][]config.Principal{pub, sub} {
		if len(ps) == 0 {
			continue
		}
		start := len(names)
		for _, p := range ps {
			names = append(names, p.Name)
		}
		out[op] = names[start:len(names):len(names)]
	}
	return out, names
}
