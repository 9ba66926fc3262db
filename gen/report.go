package gen

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"github.com/destgen/destgen/gen/diag"
	"github.com/destgen/destgen/gen/diff"
)

// DefaultLimit is how many warnings (and diff changes of one kind) are
// printed by default: a screenful, as compilers stop after a few errors.
// A 100k-destination config had 22,410 ambiguity warnings, one per line,
// in its go generate output; the rest are counted by kind, and -warnings=all
// (diff: -all) or -json lists them.
const DefaultLimit = 20

func (o Options) limit() int {
	if o.Limit == 0 {
		return DefaultLimit
	}
	return o.Limit
}

// report prints diagnostics sorted by position, then a count. Config
// errors are all listed; lint's diagnostics (warnings, or errors under
// -strict) up to limit (all when negative), the others summarised by
// kind. It buffers: a large config can have thousands of warnings, and a
// write each to an unbuffered stderr was a system call each.
func report(w io.Writer, diags diag.List, limit int) {
	if len(diags) == 0 {
		return
	}
	diags.Sort()
	b := bufio.NewWriter(w)
	shown := 0
	var kinds []string
	more := map[string]int{}
	for _, d := range diags {
		if d.Kind != "" && limit >= 0 && shown >= limit {
			k := d.Kind + " " + d.Severity.String()
			if more[k] == 0 {
				kinds = append(kinds, k)
			}
			more[k]++
			continue
		}
		if d.Kind != "" {
			shown++
		}
		fmt.Fprintln(b, d)
	}
	for _, k := range kinds {
		fmt.Fprintf(b, "… and %s more %ss; -warnings=all lists them\n", diff.Thousands(more[k]), k)
	}
	fmt.Fprintf(b, "%d error(s), %d warning(s)\n", diags.Errors(), diags.Warnings())
	b.Flush()
}

// ParseLimit reads a -warnings value: "all" or a count.
func ParseLimit(s string) (int, error) {
	if strings.EqualFold(s, "all") {
		return -1, nil
	}
	var n int
	if _, err := fmt.Sscanf(s, "%d", &n); err != nil || n <= 0 || fmt.Sprint(n) != s {
		return 0, fmt.Errorf("want all or a positive count, not %q", s)
	}
	return n, nil
}
