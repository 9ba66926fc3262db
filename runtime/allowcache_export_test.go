package runtime

// ForceACLCaches gives m Allowed's caches whatever its mask tables, so
// that tests cover the unions of automata and trie walks, which a Matcher
// caches only beside mask tables (setACLCaches).
func ForceACLCaches(m *Matcher) {
	for op := range m.aclCache {
		m.aclCache[op] = newResultCache(m)
	}
}
