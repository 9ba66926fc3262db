package model

import (
	"fmt"
	"strconv"

	"github.com/destgen/destgen/gen/config"
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
	ids := map[[4]string]int32{}
	placement := make([]int32, len(ds))
	for i, d := range ds {
		k := [4]string{strconv.FormatBool(d.Store.Set), d.Store.Value, strconv.FormatBool(d.Cluster.Set), d.Cluster.Value}
		if _, ok := ids[k]; !ok {
			ids[k] = int32(len(ids))
		}
		placement[i] = ids[k]
	}
	t := newOverlapTrie(ds, placement)
	for _, d := range ds {
		if e, w, ok := t.conflict(d, placement); ok {
			b.diags.Errorf(d.Pos, "destination %d %q (%s) overlaps destination %d %q (%s) at %s: both match %q; overlapping destinations must use the same store and cluster",
				d.Index, d.Pattern.Text, placementText(d), e.Index, e.Pattern.Text, placementText(e), e.Pos, w)
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

func placementText(d *Destination) string {
	return fmt.Sprintf("store %s, cluster %s", optional(d.Store), optional(d.Cluster))
}

func optional(o config.Optional) string {
	if !o.Set {
		return "unset"
	}
	return strconv.Quote(o.Value)
}
