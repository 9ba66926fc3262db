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
	s, lastSkip, chunk := a.start, a.lastSkip, a.chunk
	pair, pairShift := a.pair, a.pairShift&15
	quad, quadClass, quadShift := a.quad, a.quadClass, a.quadShift&15
	i := 0
	for i < len(name) {
		if s <= lastSkip {
			if s == 0 {
				return 0, len(name)
			}
			for i+wordBytes <= len(name) && suspect(loadAt(name, i)) == 0 {
				i += wordBytes
			}
			if i == len(name) {
				return s, i
			}
		}
		var w, pad uint64
		if i+wordBytes <= len(name) {
			w = loadAt(name, i)
		} else { // the last 1 to 7 bytes
			t := len(name) - i
			w = loadAt(name, len(name)-wordBytes) >> (8 * (wordBytes - t) & 63)
			pad = padWord << (8 * t & 63)
		}
		if w&highBits != 0 {
			return s, i
		}
		w |= pad
		p0, p1 := int(chunk[uint16(w)]), int(chunk[uint16(w>>16)])
		p2, p3 := int(chunk[uint16(w>>32)]), int(chunk[uint16(w>>48)])
		if quad != nil {
			s = quad[int(s)<<quadShift|int(quadClass[p0<<pairShift|p1])]
			s = quad[int(s)<<quadShift|int(quadClass[p2<<pairShift|p3])]
		} else {
			s = pair[int(s)<<pairShift|p0]
			s = pair[int(s)<<pairShift|p1]
			s = pair[int(s)<<pairShift|p2]
			s = pair[int(s)<<pairShift|p3]
		}
		i += wordBytes
	}
	return s, len(name)
}

// padWord is 8 padBytes.
const padWord = highBits
