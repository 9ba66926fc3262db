package runtime

// runWords runs a list automaton (one with chunk and cols) over name, of
// 8 bytes or more, a word of 8 ASCII bytes a step: 4 chunk loads, then 4
// pair steps by column (colAt), the only loads that wait on the state
// (runQuads: 2 quad steps). The last 1 to 7 bytes are the name's last
// word shifted down, padded with padByte, which pair and quad read as
// "stay"; a skip state takes them with one test of the name's last 8
// bytes instead, as it takes whole words. It returns the state
// and how far it read: len(name), or the start of the first word holding
// a byte of 0x80 or more, for runFrom to go on rune by rune.
//
// Written for a processor's branch predictor and its instruction
// throughput, which bound it rather than the loads' latency: one test of
// the state per word (dead or skip state), the whole words in one loop
// and the last part word after it, no bounds check on chunk. run calls
// it directly (no setup of the rune loop's fields first): on the
// general mix at 10 policies that took the automaton from 21 to 15 ns a
// name (thread CPU time, minima of 11 interleaved runs, loaded machine).
func (a *automaton) runWords(name string) (uint16, int) {
	s, lastSkip, chunk := a.start, a.lastSkip, a.chunk
	cols, colOff := a.cols, a.colOff
	n, i := len(name), 0
	for ; i+wordBytes <= n; i += wordBytes {
		if s <= lastSkip {
			if s == 0 {
				return 0, n
			}
			if i = skipWords(name, i); i+wordBytes > n {
				break
			}
		}
		w := loadAt(name, i)
		if w&highBits != 0 {
			return s, i
		}
		s = colAt(cols, colOff[chunk[uint16(w)]], s)
		s = colAt(cols, colOff[chunk[uint16(w>>16)]], s)
		s = colAt(cols, colOff[chunk[uint16(w>>32)]], s)
		s = colAt(cols, colOff[chunk[uint16(w>>48)]], s)
	}
	if i == n || s == 0 {
		return s, n
	}
	// A skip state stays put on the last part word as on a whole one
	// (the word's bytes before i were read already, and only make the
	// test fail more often): about half the hits of the general mix end
	// in one, and the 4 pair steps cost 2.5 of 23 ns (thread CPU time).
	if s <= lastSkip && suspect(loadAt(name, n-wordBytes)) == 0 {
		return s, n
	}
	w, ok := tailWord(name, i)
	if !ok {
		return s, i
	}
	// As many pair steps as the part word holds pairs, not always 4 (the
	// padding's steps leave the state as it is, but each is a load the
	// next waits on): on the hits of 100 general policies of up to 24
	// bytes, 20.4 ns a name against 16.5 (one branch for 2 steps, 18),
	// 23.9 against 22.7 on them all (thread CPU time, minima of 25
	// interleaved passes, 3 runs, load 31-35, 2026-12-02).
	s = colAt(cols, colOff[chunk[uint16(w)]], s)
	if t := n - i; t > 2 {
		s = colAt(cols, colOff[chunk[uint16(w>>16)]], s)
		if t > 4 {
			s = colAt(cols, colOff[chunk[uint16(w>>32)]], s)
			if t > 6 {
				s = colAt(cols, colOff[chunk[uint16(w>>48)]], s)
			}
		}
	}
	return s, n
}

// runQuads is runWords with quad tables, by rows (quadRows).
func (a *automaton) runQuads(name string) (uint16, int) {
	quadShift := a.quadShift & 15
	row, lastSkip, chunk := uint32(a.start)<<quadShift, uint32(a.lastSkip)<<quadShift, a.chunk
	quad, quadClass, pairShift := a.quadRows, a.quadClass, a.pairShift&15
	n, i := len(name), 0
	for ; i+wordBytes <= n; i += wordBytes {
		if row <= lastSkip {
			if row == 0 {
				return 0, n
			}
			if i = skipWords(name, i); i+wordBytes > n {
				break
			}
		}
		w := loadAt(name, i)
		if w&highBits != 0 {
			return uint16(row >> quadShift), i
		}
		row = quad[row|uint32(quadClass[uint32(chunk[uint16(w)])<<pairShift|uint32(chunk[uint16(w>>16)])])]
		row = quad[row|uint32(quadClass[uint32(chunk[uint16(w>>32)])<<pairShift|uint32(chunk[uint16(w>>48)])])]
	}
	if i == n || row == 0 {
		return uint16(row >> quadShift), n
	}
	w, ok := tailWord(name, i)
	if !ok {
		return uint16(row >> quadShift), i
	}
	row = quad[row|uint32(quadClass[uint32(chunk[uint16(w)])<<pairShift|uint32(chunk[uint16(w>>16)])])]
	row = quad[row|uint32(quadClass[uint32(chunk[uint16(w>>32)])<<pairShift|uint32(chunk[uint16(w>>48)])])]
	return uint16(row >> quadShift), n
}

// skipWords returns the end of the words of name from i that a skip
// state stays on (no byte below 0x0E or above 0x7F), 8 bytes a step.
func skipWords(name string, i int) int {
	for i+wordBytes <= len(name) && suspect(loadAt(name, i)) == 0 {
		i += wordBytes
	}
	return i
}

// tailWord returns name's last 1 to 7 bytes from i (len(name) - 8 < i <
// len(name), len(name) >= 8) padded with padByte, and false when one of
// them is not ASCII.
func tailWord(name string, i int) (uint64, bool) {
	t := len(name) - i
	w := loadAt(name, len(name)-wordBytes) >> (8 * (wordBytes - t) & 63)
	return w | padWord<<(8*t&63), w&highBits == 0
}

// padWord is 8 padBytes.
const padWord = highBits
