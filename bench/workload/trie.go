package workload

// trie classifies sample names while they are drawn: whether a name
// matches any configured pattern. It is a plain map-per-node trie, written
// for obviousness (the reference interpreter would do, but loops over every
// destination per name, which is too slow to draw samples at N = 100k); the
// tests check it against the reference interpreter.
type trie struct {
	kids map[string]*trie
	star *trie
	term bool // a pattern ends here
	tail bool // a pattern is this node's path followed by '>'
}

func (t *trie) insert(elems []string) {
	for _, e := range elems {
		switch e {
		case ">":
			t.tail = true
			return
		case "*":
			if t.star == nil {
				t.star = &trie{}
			}
			t = t.star
		default:
			if t.kids == nil {
				t.kids = map[string]*trie{}
			}
			k := t.kids[e]
			if k == nil {
				k = &trie{}
				t.kids[e] = k
			}
			t = k
		}
	}
	t.term = true
}

// match reports whether some pattern matches the valid name elems.
func (t *trie) match(elems []string) bool {
	if len(elems) == 0 {
		return t.term
	}
	if t.tail {
		return true // '>' takes the one or more elements left
	}
	if k := t.kids[elems[0]]; k != nil && k.match(elems[1:]) {
		return true
	}
	return t.star != nil && t.star.match(elems[1:])
}
