package runtime

import "strconv"

// policySteps checks the AutoStep* columns (format 7; policy_steps.go):
// a record of AutoStepMeta per automaton, its ends ascending and the
// last at AutoSteps' end, and each automaton's tables as checkSteps
// bounds them, so that NewPolicyIndex adopts them. It runs after
// policyAutomata, whose automata hold them.
func (v *planCheck) policySteps() error {
	c := v.c
	n := len(c.AutoMeta) / autoMetaStride
	if err := v.count("AutoStepMeta", len(c.AutoStepMeta), n*autoStepStride, itoa(autoStepStride)+" per automaton"); err != nil {
		return err
	}
	prev := uint32(0)
	for j := autoStepStride - 1; j < len(c.AutoStepMeta); j += autoStepStride {
		if e := c.AutoStepMeta[j]; e < prev {
			return v.fail("AutoStepMeta", j, "end "+strconv.FormatUint(uint64(e), 10)+" of AutoSteps before the previous end "+strconv.FormatUint(uint64(prev), 10))
		} else {
			prev = e
		}
	}
	if uint64(prev) != uint64(len(c.AutoSteps)) {
		return &PlanError{Offset: v.at("AutoStepMeta", max(len(c.AutoStepMeta)-1, 0)), Msg: "AutoStepMeta: last end of AutoSteps " + strconv.FormatUint(uint64(prev), 10) + ", want " + itoa(len(c.AutoSteps))}
	}
	start := 0
	for i := range c.Index.Automata {
		a := &c.Index.Automata[i]
		if j, msg := a.checkSteps(); msg != "" {
			if j < 0 {
				return v.fail("AutoStepMeta", i*autoStepStride, "automaton "+itoa(i)+": "+msg)
			}
			return v.fail("AutoSteps", start+j, "automaton "+itoa(i)+": "+msg)
		}
		start += len(a.Steps)
	}
	return nil
}
