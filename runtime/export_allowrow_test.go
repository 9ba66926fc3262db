package runtime

// RowWords lets the external tests see where a name's union stops
// fitting a way of Allowed's caches (allowrow_test.go).
func (m *Matcher) RowWords(n int) int { return m.rowWords(n) }
