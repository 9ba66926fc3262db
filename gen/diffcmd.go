package gen

import (
	"fmt"
	"math"

	"github.com/destgen/destgen/gen/config"
	"github.com/destgen/destgen/gen/diff"
	"github.com/destgen/destgen/gen/model"
)

// DefaultExamine is how many changed destinations and policies diff
// searches for witnesses unless -examine says otherwise: the search grows
// faster than the change (each changed pattern against every pattern
// overlapping it), and two unrelated wildcard-heavy telemetry configs
// took 7 s for 5,000 changed destinations, 14 s for 10,000 and 79 s for
// 20,000 (2026-12-01, 2 cores at load 8); above the bound the listing of
// what changed, one pass over both configs, is still exact.
const DefaultExamine = 5000

func (o Options) examine() int {
	if o.Examine == 0 {
		return DefaultExamine
	}
	if o.Examine < 0 {
		return math.MaxInt
	}
	return o.Examine
}

// runDiff is `destgen diff [-json] [-all] [-examine N] OLD NEW`. Its exit status is
// diff(1)'s: 0 when no answer changes, 1 when some do, 2 on an error
// (usage, I/O, or either config invalid, its errors printed with
// positions; a new store/cluster conflict is such an error, as in check).
func runDiff(o Options) int {
	if len(o.Names) != 2 {
		fmt.Fprintln(o.Stderr, "destgen diff: want two config files, OLD and NEW")
		return 2
	}
	format, err := config.ParseFormat(o.Format)
	if err != nil {
		fmt.Fprintf(o.Stderr, "destgen: -format: %v\n", err)
		return 2
	}
	var ms [2]*model.Model
	for i, file := range o.Names {
		m, diags, err := LoadFiles([]string{file}, format)
		if err != nil {
			fmt.Fprintf(o.Stderr, "destgen: %v\n", err)
			return 2
		}
		if diags.Errors() > 0 {
			report(o.Stderr, diags, -1)
			return 2
		}
		ms[i] = m
	}
	cs, complete := diff.Bounded(ms[0], ms[1], o.examine())
	if !complete {
		fmt.Fprintf(o.Stderr, "destgen diff: over %s destinations and policies changed: only they are listed, not the names they affect (-examine all searches them all)\n", diff.Thousands(o.examine()))
	}
	if o.JSON {
		err = diff.WriteJSON(o.Stdout, cs)
	} else {
		err = diff.WriteText(o.Stdout, cs, o.limit())
	}
	if err != nil {
		fmt.Fprintf(o.Stderr, "destgen: %v\n", err)
		return 2
	}
	if len(cs) > 0 {
		return 1
	}
	return 0
}
