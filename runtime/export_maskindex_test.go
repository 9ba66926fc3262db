package runtime

// WordsInPlace and MaskIndexOf let the external tests see whether a
// Matcher reads a plan's mask index in place (planmaskindex_test.go).
const WordsInPlace = wordsInPlace

func MaskIndexOf(m *Matcher) []uint64 { return m.maskIdx.words }
