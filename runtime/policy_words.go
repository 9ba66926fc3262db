package runtime

// runWords runs a list automaton (one with chunk) over name, of 8 bytes
// or more, a word of 8 ASCII bytes a step: 4 chunk loads, then 2 quad
// steps or 4 pair steps, the only loads that wait on the state. The last
// 1 to 7 bytes are the name's last word shifted down, padded with
// padByte, which pair and quad read as "stay". It returns the state and
// how far it read: len(name), or the start of the first word holding a
// byte of 0x80 or more, for run to go on rune by rune.
//
// Written for a processor's branch predictor and its instruction
// throughput, which bound it rather than the loads' latency: one test of
// the state per word (dead or skip state), no branch on the name's
// length modulo 8, no bounds check on chunk.
func (a *automaton) runWords(name string) (uint16, int) {
	if a.quadRows != nil {
		return a.runQuads(name)
	}
	s, lastSkip, chunk := a.start, a.lastSkip, a.chunk
	pair, pairShift := a.pair, a.pairShift&15
	i := 0
	for i < len(name) {
		if s <= lastSkip {
			if s == 0 {
				return 0, len(name)
			}
			if i = skipWords(name, i); i == len(name) {
				return s, i
			}
		}
		w, ok := nameWord(name, i)
		if !ok {
			return s, i
		}
		s = pair[int(s)<<pairShift|int(chunk[uint16(w)])]
		s = pair[int(s)<<pairShift|int(chunk[uint16(w>>16)])]
		s = pair[int(s)<<pairShift|int(chunk[uint16(w>>32)])]
		s = pair[int(s)<<pairShift|int(chunk[uint16(w>>48)])]
		i += wordBytes
	}
	return s, len(name)
}

// runQuads is runWords with quad tables, by rows (quadRows).
func (a *automaton) runQuads(name string) (uint16, int) {
	quadShift := a.quadShift & 15
	row, lastSkip, chunk := uint32(a.start)<<quadShift, uint32(a.lastSkip)<<quadShift, a.chunk
	quad, quadClass, pairShift := a.quadRows, a.quadClass, a.pairShift&15
	i := 0
	for i < len(name) {
		if row <= lastSkip {
			if row == 0 {
				return 0, len(name)
			}
			if i = skipWords(name, i); i == len(name) {
				break
			}
		}
		w, ok := nameWord(name, i)
		if !ok {
			return uint16(row >> quadShift), i
		}
		p0, p1 := int(chunk[uint16(w)]), int(chunk[uint16(w>>16)])
		p2, p3 := int(chunk[uint16(w>>32)]), int(chunk[uint16(w>>48)])
		row = quad[int(row)|int(quadClass[p0<<pairShift|p1])]
		row = quad[int(row)|int(quadClass[p2<<pairShift|p3])]
		i += wordBytes
	}
	return uint16(row >> quadShift), len(name)
}

// skipWords returns the end of the words of name from i that a skip
// state stays on (no byte below 0x0E or above 0x7F), 8 bytes a step.
func skipWords(name string, i int) int {
	for i+wordBytes <= len(name) && suspect(loadAt(name, i)) == 0 {
		i += wordBytes
	}
	return i
}

// nameWord returns name's 8 bytes from i, or its last 1 to 7 bytes
// padded with padByte, and false when one of them is not ASCII.
func nameWord(name string, i int) (uint64, bool) {
	if i+wordBytes <= len(name) {
		w := loadAt(name, i)
		return w, w&highBits == 0
	}
	t := len(name) - i
	w := loadAt(name, len(name)-wordBytes) >> (8 * (wordBytes - t) & 63)
	return w | padWord<<(8*t&63), w&highBits == 0
}

// padWord is 8 padBytes.
const padWord = highBits
