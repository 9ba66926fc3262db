package model

import (
	"sort"

	"github.com/destgen/destgen/gen/config"
	"github.com/destgen/destgen/gen/subject"
)

// MaxDestinations bounds a config so that generation and the Go build of
// its output stay within seconds and a few hundred MB; see the scale notes
// in the README.
const MaxDestinations = 200_000

func (b *builder) destinations(ds []config.Destination) {
	if len(ds) > MaxDestinations {
		b.diags.Errorf(ds[MaxDestinations].Pos, "config has %d destinations, over the limit of %d", len(ds), MaxDestinations)
		return
	}
	first := make(map[string]int, len(ds))
	for i := range ds {
		d := &ds[i]
		dst := &Destination{Index: i, Pos: d.Pos, Store: d.Store, Cluster: d.Cluster}
		b.m.Destinations = append(b.m.Destinations, dst)
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
		for _, pr := range d.Publish {
			dst.ACL[0] = append(dst.ACL[0], pr.Name)
		}
		for _, pr := range d.Subscribe {
			dst.ACL[1] = append(dst.ACL[1], pr.Name)
		}
	}
}

// rank sorts destinations by precedence (subject.Compare), most preferred
// first, and records each one's rank.
func (b *builder) rank() {
	m := b.m
	m.ByRank = make([]int, len(m.Destinations))
	for i := range m.ByRank {
		m.ByRank[i] = i
	}
	sort.Slice(m.ByRank, func(i, j int) bool {
		return subject.Compare(m.Destinations[m.ByRank[i]].Pattern, m.Destinations[m.ByRank[j]].Pattern) < 0
	})
	for r, i := range m.ByRank {
		m.Destinations[i].Rank = r
	}
}
