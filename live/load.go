package live

import (
	"github.com/destgen/destgen/runtime"
)

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

// LoadOwned is Load of an artifact the caller hands over: the Realm reads
// artifact in place instead of copying it (runtime.DecodePlanOwned), so
// the caller must never change it again. It validates as Load does.
func LoadOwned(artifact []byte) (*Realm, error) {
	p, err := runtime.DecodePlanOwned(artifact)
	if err != nil {
		return nil, err
	}
	return newRealm(p)
}

// LoadFile is Load of the artifact in the file at path, read into a
// buffer the Realm then owns (as LoadOwned): no copy beyond the read,
// which runtime.LoadPlanFile makes cheap to fault in and checksums as it
// reads.
func LoadFile(path string) (*Realm, error) {
	return loadFile(path, nil)
}

// loadFile is LoadFile reading into m's memory (nil: fresh memory, as
// runtime.LoadPlanFile; see Holder.LoadFile).
func loadFile(path string, m *runtime.PlanMemory) (*Realm, error) {
	p, err := m.LoadPlanFile(path)
	if err != nil {
		return nil, err
	}
	return newRealm(p)
}
