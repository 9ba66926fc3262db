package runtime

// FrontCached lets the external tests count the cached names in m's
// front index (frontindex_test.go's frontCached).
func FrontCached(m *Matcher) int { return frontCached(&m.front) }
