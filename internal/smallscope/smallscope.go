// Package smallscope enumerates the small-scope inputs of destgen's
// exhaustive tests, as Go's regexp does in exhaustive_test.go: every dotted
// name of a few elements over a small alphabet. Patterns are the same
// strings with "*" and ">" in the alphabet; callers keep those that parse.
package smallscope

// Names returns every name of 1..maxLen elements over elems, shortest
// first, in alphabet order within a length.
func Names(elems []string, maxLen int) []string {
	var out []string
	level := []string{""}
	for n := 1; n <= maxLen; n++ {
		var next []string
		for _, prefix := range level {
			for _, e := range elems {
				if prefix == "" {
					next = append(next, e)
				} else {
					next = append(next, prefix+"."+e)
				}
			}
		}
		out = append(out, next...)
		level = next
	}
	return out
}
