package gen

import "github.com/destgen/destgen/gen/plan"

// writePlan writes the plan artifact of p to path (-plan), atomically: a
// running broker may be loading the previous one.
func writePlan(path string, p *plan.Plan) error {
	return writeFileAtomic(path, p.Encode())
}
