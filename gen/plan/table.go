package plan

import (
	"math/bits"

	"github.com/destgen/destgen/runtime"
)

// entry is one key of a runtime.Table being built.
type entry struct {
	key   string
	node  uint32
	value uint32
	hash  uint64
}

// buildTable lays entries out by linear probing in a power-of-two table at
// most half full (see runtime.Table). Entries are inserted in the order
// given, which callers keep deterministic.
func buildTable(entries []entry) runtime.Table {
	if len(entries) == 0 {
		return nil
	}
	size := 1 << bits.Len(uint(2*len(entries)-1))
	t := make(runtime.Table, size)
	mask := uint64(size - 1)
	for _, e := range entries {
		i := e.hash & mask
		for t[i].Hash != 0 {
			i = (i + 1) & mask
		}
		t[i] = runtime.Slot{Hash: e.hash, Key: e.key, Node: e.node, Value: e.value}
	}
	return t
}
