package live

// LoadFile loads the plan artifact at path as the package's LoadFile
// does and, when it is valid, publishes its Realm (as Store) and returns
// it; on error the served Realm is unchanged. It is how a serving
// process reloads: the Holder keeps the memory of the plan a previous
// LoadFile read, once the collector finds nothing refers to it (no
// Realm, no Destination, no string a Realm handed out), and reads the
// next plan into it when it fits (runtime.PlanMemory), where a fresh
// buffer's first touch was most of a reload's cost (bench/README,
// "Reload, session 19"). The Holder keeps at most one plan's memory
// for that. A reload sooner after the last than a collection has run
// runs one itself, when the heap to scan is small beside the plan, and
// waits up to 10 ms for that memory (runtime.PlanMemory's reclaim).
func (h *Holder) LoadFile(path string) (*Realm, error) {
	r, err := loadFile(path, &h.mem)
	if err != nil {
		return nil, err
	}
	h.Store(r)
	return r, nil
}
