package live

import (
	"github.com/destgen/destgen/gen/diff"
	"github.com/destgen/destgen/gen/model"
)

// Change is one difference in behaviour between the config a Holder
// served and the one an Update replaced it with: gen/diff's, the object
// `destgen diff -json` prints (kind, a witness name, the affected
// pattern, the old and new answers).
type Change = diff.Change

// Changes is what an Update changes, as `destgen diff OLD NEW` finds it.
type Changes struct {
	// Complete is true when the changes are the whole semantic diff:
	// every destination and policy added, removed, changed or moved,
	// and the names whose chosen destination, access or auto-creation
	// changes, each with a witness. It is false when the update changed
	// more than maxDiffed destinations and policies: then only those
	// structural changes are reported, unexamined (diff.Bounded).
	Complete bool `json:"complete"`
	// Counts counts the changes by kind, all of them.
	Counts map[diff.Kind]int `json:"counts"`
	// List is the first maxListed changes, grouped by kind in the order
	// of diff.Kinds; Omitted says how many more there are.
	List    []Change `json:"list"`
	Omitted int      `json:"omitted"`
}

// maxDiffed bounds the destinations (by pattern) and policies an update
// may add, remove or change for its report to hold the whole semantic
// diff. The diff examines each changed destination against every pattern
// overlapping it: on the iot 100k config (make scale), 130 changed
// destinations took 3.4 s and 1,250 took 24 s, on 2 cores at load
// average 16 to 18, where compiling the config took about 15 s; a whole
// new config did not finish in 24 minutes. Past the bound the report
// lists the structural changes alone, which took 0.3 s.
const maxDiffed = 100

// maxListed bounds Changes.List: a report is read by a person or logged,
// and a new 100k-destination config would otherwise list 200k changes.
const maxListed = 1000

// changes compares the served config's model with the new one's.
func changes(old, new *model.Model) *Changes {
	cs, complete := diff.Bounded(old, new, maxDiffed)
	c := &Changes{Complete: complete, Counts: diff.Count(cs), List: cs[:min(len(cs), maxListed):min(len(cs), maxListed)], Omitted: max(len(cs)-maxListed, 0)}
	if c.List == nil {
		c.List = []Change{}
	}
	return c
}
