package runtime

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// autoMetaStride is AutoMeta's words per automaton: Classes, Start, and
// the ends of its policies, rune ranges, transitions and accept entries.
const autoMetaStride = 6

// automataColumns flattens the policy automata into the Auto* columns.
func (c *planColumns) automataColumns(as []PolicyAutomaton) {
	for i := range as {
		a := &as[i]
		c.AutoPolicies = append(c.AutoPolicies, a.Policies...)
		c.AutoASCII += a.ASCII
		c.AutoRuneStarts = append(c.AutoRuneStarts, a.RuneStarts...)
		c.AutoRuneClasses += a.RuneClasses
		c.AutoNext = append(c.AutoNext, a.Next...)
		c.AutoAccept = append(c.AutoAccept, a.Accept...)
		c.AutoMeta = append(c.AutoMeta, a.Classes, a.Start, uint32(len(c.AutoPolicies)),
			uint32(len(c.AutoRuneStarts)), uint32(len(c.AutoNext)), uint32(len(c.AutoAccept)))
		c.stepColumns(a)
	}
}

// automata assembles the policy automata from the Auto* columns, each
// part a capped sub-slice of its column, so that their allocations do
// not grow with the automata's size. Ends past their column are clamped:
// on an unvalidated plan a bad end gives a malformed automaton, which
// NewPolicyIndex expands without reading out of bounds, never a panic.
func (c *planColumns) automata() []PolicyAutomaton {
	n := len(c.AutoMeta) / autoMetaStride
	if n == 0 {
		return nil
	}
	out := make([]PolicyAutomaton, n)
	var prev [4]uint32 // the previous automaton's ends
	for i := range out {
		m := c.AutoMeta[i*autoMetaStride : (i+1)*autoMetaStride]
		var end [4]uint32
		for k, l := range [4]int{len(c.AutoPolicies), min(len(c.AutoRuneStarts), len(c.AutoRuneClasses)), len(c.AutoNext), len(c.AutoAccept)} {
			end[k] = min(max(m[2+k], prev[k]), uint32(l))
		}
		a := &out[i]
		a.Classes, a.Start = m[0], m[1]
		a.Policies = c.AutoPolicies[prev[0]:end[0]:end[0]]
		if (i+1)*utf8.RuneSelf <= len(c.AutoASCII) {
			a.ASCII = c.AutoASCII[i*utf8.RuneSelf : (i+1)*utf8.RuneSelf]
		}
		a.RuneStarts = c.AutoRuneStarts[prev[1]:end[1]:end[1]]
		a.RuneClasses = c.AutoRuneClasses[prev[1]:end[1]]
		a.Next = c.AutoNext[prev[2]:end[2]:end[2]]
		a.Accept = c.AutoAccept[prev[3]:end[3]:end[3]]
		prev = end
		c.steps(i, a)
	}
	return out
}

// policyAutomata checks the Auto* columns: AutoMeta whole records, its
// ends ascending and the last at each column's end; then each automaton
// well formed (PolicyAutomaton.Validate, which bounds every class,
// transition and start, so the loop in run stays in its tables); its
// policies ascending, in range, and either the whole list's
// (CheckAutomaton) or one CheckMatch policy's own, no policy listed
// twice and every CheckAutomaton policy listed; an accept entry only for
// an operation its policy is enabled for. The automata built here are
// the plan's.
func (v *planCheck) policyAutomata() error {
	c := v.c
	n := len(c.AutoMeta) / autoMetaStride
	if err := v.count("AutoMeta", len(c.AutoMeta), n*autoMetaStride, itoa(autoMetaStride)+" per automaton"); err != nil {
		return err
	}
	if err := v.count("AutoASCII", len(c.AutoASCII), n*utf8.RuneSelf, itoa(utf8.RuneSelf)+" per automaton"); err != nil {
		return err
	}
	if err := v.count("AutoRuneClasses", len(c.AutoRuneClasses), len(c.AutoRuneStarts), "one per rune range"); err != nil {
		return err
	}
	for k, col := range []struct {
		name string
		n    int
	}{{"AutoPolicies", len(c.AutoPolicies)}, {"AutoRuneStarts", len(c.AutoRuneStarts)}, {"AutoNext", len(c.AutoNext)}, {"AutoAccept", len(c.AutoAccept)}} {
		if err := v.autoEnds(2+k, col.name, col.n); err != nil {
			return err
		}
	}
	c.Index.Automata = c.automata()
	v.automated = make([]bool, v.policies)
	for i := range c.Index.Automata {
		if err := v.autoPolicies(i); err != nil {
			return err
		}
		if err := c.Index.Automata[i].Validate(); err != nil {
			return v.fail("AutoMeta", i*autoMetaStride, "automaton "+itoa(i)+": "+strings.TrimPrefix(err.Error(), "automaton: "))
		}
		if err := v.autoAccept(i); err != nil {
			return err
		}
	}
	for p, f := range c.Index.Flags {
		if f&checkMask == CheckAutomaton && !v.automated[p] {
			return v.fail("Flags", p, "no automaton decides this CheckAutomaton policy")
		}
	}
	return nil
}

// autoEnds checks word k of each AutoMeta record, the ends of column
// name of n elements.
func (v *planCheck) autoEnds(k int, name string, n int) error {
	prev := uint32(0)
	for j := k; j < len(v.c.AutoMeta); j += autoMetaStride {
		e := v.c.AutoMeta[j]
		if e < prev {
			return v.fail("AutoMeta", j, "end "+strconv.FormatUint(uint64(e), 10)+" of "+name+" before the previous end "+strconv.FormatUint(uint64(prev), 10))
		}
		prev = e
	}
	if uint64(prev) != uint64(n) {
		return &PlanError{Offset: v.at("AutoMeta", max(len(v.c.AutoMeta)-autoMetaStride+k, 0)), Msg: "AutoMeta: last end of " + name + " " + strconv.FormatUint(uint64(prev), 10) + ", want " + itoa(n)}
	}
	return nil
}

// autoPolicies checks automaton i's policies.
func (v *planCheck) autoPolicies(i int) error {
	c := v.c
	a := &c.Index.Automata[i]
	base := 0
	if i > 0 {
		base = int(c.AutoMeta[(i-1)*autoMetaStride+2])
	}
	list := false
	for j, p := range a.Policies {
		g := base + j
		if err := v.inRange("AutoPolicies", g, uint64(p), v.policies, "policies"); err != nil {
			return err
		}
		check := c.Index.Flags[p] & checkMask
		switch {
		case j > 0 && p <= a.Policies[j-1]:
			return v.fail("AutoPolicies", g, "policies do not ascend")
		case v.automated[p]:
			return v.fail("AutoPolicies", g, "policy "+itoa(int(p))+" has an automaton already")
		case check != CheckAutomaton && check != CheckMatch, j > 0 && (check == CheckMatch || !list):
			return v.fail("AutoPolicies", g, "an automaton decides the CheckAutomaton policies or one CheckMatch policy")
		}
		list = check == CheckAutomaton
		v.automated[p] = true
	}
	return nil
}

// autoAccept checks that automaton i, valid, accepts a policy only for
// the operations it is enabled for.
func (v *planCheck) autoAccept(i int) error {
	c := v.c
	a := &c.Index.Automata[i]
	accBase := 0
	if i > 0 {
		accBase = int(c.AutoMeta[(i-1)*autoMetaStride+5])
	}
	for j, p := range a.Accept {
		if op := j % numOps; p != noPolicy && c.Index.Flags[p]&(1<<op) == 0 {
			return v.fail("AutoAccept", accBase+j, "accepts policy "+itoa(int(p))+" for operation "+itoa(op)+", which it is not enabled for")
		}
	}
	return nil
}
