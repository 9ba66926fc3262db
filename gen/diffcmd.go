package gen

import (
	"fmt"

	"github.com/destgen/destgen/gen/config"
	"github.com/destgen/destgen/gen/diff"
	"github.com/destgen/destgen/gen/model"
)

// runDiff is `destgen diff [-json] [-all] OLD NEW`. Its exit status is
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
	cs := diff.Diff(ms[0], ms[1])
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
