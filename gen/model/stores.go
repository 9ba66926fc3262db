package model

import (
	"fmt"
	"strconv"

	"github.com/destgen/destgen/gen/config"
	"github.com/destgen/destgen/gen/subject"
)

// checkStores enforces FTL's rule that overlapping destinations use the same
// persistence store and cluster. Each destination is reported at most once,
// against the earliest destination it conflicts with, so the report is
// linear in the config's size.
func (b *builder) checkStores() {
	ds := b.m.Destinations
	if !hasSeveralPlacements(ds) {
		return
	}
	var wild []*Destination // earlier destinations with wildcards
	for _, d := range ds {
		// Two distinct literal patterns never overlap, so a literal
		// destination need only be checked against earlier wildcards.
		earlier := wild
		if !d.Pattern.IsLiteral() {
			earlier = ds[:d.Index]
		}
		for _, e := range earlier {
			if samePlacement(e, d) {
				continue
			}
			if w, ok := subject.Overlap(e.Pattern, d.Pattern); ok {
				b.diags.Errorf(d.Pos, "destination %d %q (%s) overlaps destination %d %q (%s) at %s: both match %q; overlapping destinations must use the same store and cluster",
					d.Index, d.Pattern.Text, placement(d), e.Index, e.Pattern.Text, placement(e), e.Pos, w)
				break
			}
		}
		if !d.Pattern.IsLiteral() {
			wild = append(wild, d)
		}
	}
}

func hasSeveralPlacements(ds []*Destination) bool {
	for _, d := range ds[min(1, len(ds)):] {
		if !samePlacement(ds[0], d) {
			return true
		}
	}
	return false
}

func samePlacement(a, b *Destination) bool {
	return a.Store.Set == b.Store.Set && a.Store.Value == b.Store.Value &&
		a.Cluster.Set == b.Cluster.Set && a.Cluster.Value == b.Cluster.Value
}

func placement(d *Destination) string {
	return fmt.Sprintf("store %s, cluster %s", optional(d.Store), optional(d.Cluster))
}

func optional(o config.Optional) string {
	if !o.Set {
		return "unset"
	}
	return strconv.Quote(o.Value)
}
