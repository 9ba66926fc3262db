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
	// Numbers are appended to one scratch buffer, not formatted into a
	// string each: a 100k-destination plan has millions of them, and the
	// per-number strings and the builder's regrowth were a fifth of
	// generation time.
	w.b.Grow(8 * len(ns))
	var buf []byte
	for i, n := range ns {
		if i%perLine == 0 {
			buf = append(buf, "\n\t"...)
		} else {
			buf = append(buf, ' ')
		}
		if typ == "uint64" {
			buf = strconv.AppendUint(append(buf, "0x"...), n, 16)
		} else {
			buf = strconv.AppendInt(buf, int64(n), 10)
		}
		buf = append(buf, ',')
		if len(buf) > 4096 {
			w.b.Write(buf)
			buf = buf[:0]
		}
	}
	w.b.Write(buf)
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
