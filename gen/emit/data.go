package emit

import (
	"strconv"
	"strings"
)

// dataWriter writes the plan's bulk data (blobs and integer slices) as Go
// source text directly, already in gofmt's canonical form. Going through
// jennifer and go/format for a million integers would dominate generation
// time; the few shapes written here are simple enough to print exactly
// (TestGofmtStable checks the whole file is a gofmt fixed point).
type dataWriter struct {
	b strings.Builder
}

// perLine is how many integers go on one line of a slice literal.
const perLine = 16

// str writes
//
//	var name = "..."
func (w *dataWriter) str(name, value string) {
	w.b.WriteString("\nvar " + name + " = " + strconv.Quote(value) + "\n")
}

// uints writes
//
//	var name = []uint32{
//		1, 2, 3,
//	}
func (w *dataWriter) uints(name, typ string, ns []uint64) {
	w.b.WriteString("\nvar " + name + " = ")
	if len(ns) == 0 {
		w.b.WriteString("[]" + typ + "(nil)\n")
		return
	}
	w.b.WriteString("[]" + typ + "{")
	for i, n := range ns {
		if i%perLine == 0 {
			w.b.WriteString("\n\t")
		} else {
			w.b.WriteByte(' ')
		}
		if typ == "uint64" {
			w.b.WriteString("0x" + strconv.FormatUint(n, 16))
		} else {
			w.b.WriteString(strconv.FormatInt(int64(n), 10))
		}
		w.b.WriteByte(',')
	}
	w.b.WriteString("\n}\n")
}

// values writes a slice of already formatted literals, one per line:
//
//	var name = []string{
//		"a",
//		"b",
//	}
func (w *dataWriter) values(name, typ string, lits []string) {
	if len(lits) == 0 {
		w.b.WriteString("\nvar " + name + " = []" + typ + "(nil)\n")
		return
	}
	w.b.WriteString("\nvar " + name + " = []" + typ + "{\n")
	for _, l := range lits {
		w.b.WriteString("\t" + l + ",\n")
	}
	w.b.WriteString("}\n")
}

func widen[N ~uint32 | ~int32](ns []N) []uint64 {
	out := make([]uint64, len(ns))
	for i, n := range ns {
		out[i] = uint64(int64(n))
	}
	return out
}
