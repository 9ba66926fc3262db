package live

import "github.com/destgen/destgen/runtime"

// Load builds a Realm from a plan artifact, as destgen -plan writes it
// (or runtime.EncodePlan of a Realm's Plan). runtime.DecodePlan validates
// every invariant the lookups rely on, so a truncated, corrupted or
// hostile artifact gives an error (a *runtime.PlanError with the offset of
// what is wrong), never a Realm that could panic or read out of bounds.
// The Realm answers exactly as one compiled from the artifact's config.
func Load(artifact []byte) (*Realm, error) {
	p, err := runtime.DecodePlan(artifact)
	if err != nil {
		return nil, err
	}
	return newRealm(p)
}
