package javaregex

// A quantifier directly on a class or \p{...} under (?c) (Java's Curly or
// Ques on an NFCCharProperty) calls it with nothing after it, so each
// iteration keeps the first prefix of the grapheme cluster that matches,
// the longest (see canon.go): from position p it takes the longest sequence
// w of W(S) that the input starts with, or, when none, a single code point
// of S that nothing joins. The iterations then only backtrack over their
// count. A sequence w is the longest exactly when the next code point is
// not one of ext(w), the code points x with w x in W(S): in Java 17's
// tables (TestCanonLongest) every longer sequence of W(S) that starts with
// w has such a w x as a prefix, so one code point of lookahead decides.
// So the iteration is
//
//	the union over the sets E of  W_E (?!E)  |  S_plain | S_g (?!J_g) ...
//
// where W_E are the sequences w whose ext(w), restricted to what can follow
// the iteration, is E: the same one-code-point conditions that canonElim
// already eliminates, one state per distinct E (a few dozen at most,
// whatever the class: most sequences extend into none or the same few).

// longestSeqs returns the sequences of W(k.set) grouped by ext(w) ∩
// follow, as W_E (?!E) nodes in the order the groups first appear in the
// sorted trie (deterministic); the conditions get their states from e.
func (e *canonElim) longestSeqs(k *node, follow runeSet) *node {
	type group struct {
		ext  runeSet
		seqs *seqTrie
	}
	var groups []*group
	var walk func(t *seqTrie, prefix []rune)
	walk = func(t *seqTrie, prefix []rune) {
		if t.end {
			ext := t.extOne(k.off).intersect(follow)
			i := 0
			for i < len(groups) && !groups[i].ext.equal(ext) {
				i++
			}
			if i == len(groups) {
				groups = append(groups, &group{ext, &seqTrie{}})
			}
			groups[i].seqs.add(prefix...)
		}
		for _, c := range t.sortedRunes() {
			walk(t.next[c], append(prefix[:len(prefix):len(prefix)], c))
		}
	}
	walk(canonSequences(k.set), nil)
	var out *node
	for _, g := range groups {
		w := g.seqs.node()
		if len(g.ext) > 0 {
			st := e.state(g.ext)
			e.small[st] = true
			w = catNodes(w, &node{kind: kNotNext, set: g.ext, min: st})
		}
		out = altNodes(out, w)
	}
	return out
}

// extOne is ext(w) for the sequence w that ends at t: its children that
// end a sequence. A child that ends none but leads to one would need more
// than one code point of lookahead: rejected (Java 17's tables have none).
func (t *seqTrie) extOne(off int) runeSet {
	var out runeSet
	for c, n := range t.next {
		switch {
		case n.end:
			out = out.union(single(c))
		case n.hasEnd():
			panic(&Error{Offset: off, Construct: ConstructFlagCanonEq,
				Msg: "a quantifier directly on a class or \\p{...} under (?c) whose composing sequences need more than one code point of lookahead is not supported"})
		}
	}
	return out
}
