// Package difftest compares a compiled plan, run in-process, with the
// reference interpreter: every answer of Resolve, Matches, Allowed (every
// operation, an invalid one included, for each caller given) and
// AutoCreate (the policy index, with each policy's regexp as the match
// function generated code would call) on one name.
//
// It takes the plan's matcher and policy index rather than building them,
// so that the plan package's own tests can use it without an import
// cycle; it assumes both were built from the model the interpreter holds.
package difftest

import (
	"fmt"
	"regexp"
	"slices"

	"github.com/destgen/destgen/gen/reference"
	"github.com/destgen/destgen/runtime"
)

// Checker holds one config's two implementations.
type Checker struct {
	ref *reference.Interp
	mt  *runtime.Matcher
	idx *runtime.PolicyIndex
	res []*regexp.Regexp // per policy, as generated policyMatch decides it
	buf []int
}

// New returns a Checker of mt and idx against ref.
func New(ref *reference.Interp, mt *runtime.Matcher, idx *runtime.PolicyIndex) *Checker {
	c := &Checker{ref: ref, mt: mt, idx: idx}
	for _, p := range ref.Model.Policies {
		c.res = append(c.res, regexp.MustCompile(p.GoRegexp))
	}
	return c
}

// Check compares every answer on name, Allowed for each caller (a list of
// principal names); the error says which answer differed and how.
func (c *Checker) Check(name string, callers [][]string) error {
	want, wantErr := c.ref.Matches(name)
	got, gotErr := c.mt.Matches(name, c.buf[:0])
	c.buf = got
	if (wantErr != nil) != (gotErr != nil) || !slices.Equal(want, got) {
		return fmt.Errorf("Matches(%q) = %v, %v; reference %v, %v", name, got, gotErr, want, wantErr)
	}
	wantBest, _, _ := c.ref.Resolve(name)
	if gotBest, err := c.mt.Resolve(name); gotBest != wantBest || (err != nil) != (wantErr != nil) {
		return fmt.Errorf("Resolve(%q) = %d, %v; reference %d, %v", name, gotBest, err, wantBest, wantErr)
	}
	for _, ps := range callers {
		principals := make([]runtime.Principal, len(ps))
		for i, p := range ps {
			principals[i] = c.mt.Principal(p)
		}
		for op := range runtime.NumOps + 1 {
			if got, want := c.mt.Allowed(op, name, principals), c.ref.Allowed(op, name, ps...); got != want {
				return fmt.Errorf("Allowed(%v, %q, %q) = %v; reference %v", op, name, ps, got, want)
			}
		}
	}
	for op := range runtime.NumOps + 1 {
		if err := c.checkAutoCreate(name, op); err != nil {
			return err
		}
	}
	return nil
}

// checkAutoCreate compares the policy index with the reference, and checks
// that it runs match in ascending policy order and never on a policy
// numbered above its answer.
func (c *Checker) checkAutoCreate(name string, op runtime.Op) error {
	var calls []int
	got, gotOK := c.idx.Find(name, op, func(i int, s string) bool {
		calls = append(calls, i)
		return c.res[i].MatchString(s)
	})
	want, wantOK := c.ref.AutoCreate(name, op)
	if got != want || gotOK != wantOK {
		return fmt.Errorf("AutoCreate(%q, %v) = %d, %v; reference %d, %v", name, op, got, gotOK, want, wantOK)
	}
	for i, p := range calls {
		if gotOK && p > got || i > 0 && p <= calls[i-1] {
			return fmt.Errorf("AutoCreate(%q, %v) = %d ran match on policies %v", name, op, got, calls)
		}
	}
	return nil
}
