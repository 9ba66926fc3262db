package model

import (
	"errors"

	"github.com/destgen/destgen/gen/config"
	"github.com/destgen/destgen/gen/javaregex"
)

// MaxPolicies bounds the policy list; Broker-J tries policies in order on
// every unknown node name, so a list this long is already a mistake.
const MaxPolicies = 10_000

func (b *builder) policies(ps []config.Policy) {
	if len(ps) > MaxPolicies {
		b.diags.Errorf(b.cfg.Position(ps[MaxPolicies].Pos), "config has %d auto-creation policies, over the limit of %d", len(ps), MaxPolicies)
		return
	}
	for i, p := range ps {
		pol := &Policy{
			Index: i, Pos: b.cfg.Position(p.Pos), Pattern: p.Pattern, NodeType: p.NodeType,
			CreatedOnPublish: p.CreatedOnPublish, CreatedOnConsume: p.CreatedOnConsume,
			Attributes: p.Attributes,
		}
		b.m.Policies = append(b.m.Policies, pol)
		if p.PatternVal == nil {
			continue
		}
		re, err := javaregex.Translate(p.Pattern)
		if err != nil {
			pos := p.PatternVal.Pos
			var e *javaregex.Error
			if errors.As(err, &e) {
				pos = p.PatternVal.PosAt(e.Offset)
			}
			b.diags.Errorf(pos, "policy %d: pattern %q: %s", i, p.Pattern, err)
			continue
		}
		pol.GoRegexp = re
	}
}
