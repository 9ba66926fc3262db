package proptest

import (
	"fmt"
	"testing"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/prop"

	destgen "github.com/destgen/destgen/gen"
	"github.com/destgen/destgen/gen/diff"
	"github.com/destgen/destgen/gen/reference"
)

// pairOf returns the old and new configs a draw of three stands for: a
// shared part and each side's own destinations and policies, so that the
// two overlap as a config and its edit do. The new side takes its
// permissions switch from its own part: one pair in four flips it.
func pairOf(shared, old, new Config) [2]Config {
	join := func(own Config) Config {
		return Config{
			PermOff: own.PermOff, StoreMode: shared.StoreMode,
			Dests:    append(append([]Dest(nil), shared.Dests...), own.Dests...),
			Policies: append(append([]Policy(nil), own.Policies...), shared.Policies...),
		}
	}
	return [2]Config{join(old), join(new)}
}

// TestDiffSound: for every change destgen diff reports on a random pair
// of configs, explain on the old and the new config gives exactly the
// answers the change reports for its witness, and they differ.
func TestDiffSound(t *testing.T) {
	props := gopter.NewProperties(testParams(t))
	witnessed := 0
	props.Property("every witness is sound", prop.ForAll(func(shared, old, new Config) string {
		var rs [2]*reference.Interp
		for s, c := range pairOf(shared, old, new) {
			m, err := c.Model()
			if err != nil {
				return err.Error()
			}
			rs[s] = reference.New(m)
		}
		for _, c := range diff.Diff(rs[0].Model, rs[1].Model) {
			if err := destgen.VerifyChange(rs[0], rs[1], c); err != nil {
				return fmt.Sprintf("%v\nold:\n%s\nnew:\n%s", err, pairOf(shared, old, new)[0].JSON(), pairOf(shared, old, new)[1].JSON())
			}
			if c.Witness != nil {
				witnessed++
			}
		}
		return ""
	}, GenConfig(), GenConfig(), GenConfig()))
	props.TestingRun(t)
	t.Logf("%d witnesses checked", witnessed)
	if witnessed == 0 {
		t.Error("no change had a witness: the generator no longer draws overlapping edits")
	}
}
