package runtime

import "math/bits"

// path is a validated name and where its elements end. Splitting records
// the dots as a bitmap, with no branch per dot (names have several, at
// unpredictable offsets, and a branch per dot cost more than the rest of
// the split); a walk then finds each element's end from the bitmap as it
// goes.
type path struct {
	name string
	n    int               // elements
	dots [pathWords]uint64 // bit i: name[i] is '.'
}

// pathWords is the words of a dot bitmap: one bit per byte of the longest
// name.
const pathWords = (MaxNameBytes + 63) / 64

// Byte-parallel ("SWAR") constants: split reads a name 8 bytes at a time.
const (
	lo7   = 0x7f7f7f7f7f7f7f7f
	dots  = '.' * lowBits
	stars = '*' * lowBits
	tails = '>' * lowBits
	// gather moves bit 8k of a word to bit 56+k: multiplied by it, a
	// word with a bit per byte at the bytes' low bits becomes a byte mask.
	gather = 0x0102040810204080
)

// zeroBytes has the high bit set in exactly the bytes of x that are zero
// (exact, unlike the shorter haszero trick, which can flag a byte above a
// zero one).
func zeroBytes(x uint64) uint64 {
	return ^((x&lo7 + lo7) | x | lo7)
}

// byteMask turns zeroBytes' result into one bit per byte.
func byteMask(z uint64) uint64 {
	return (z >> 7) * gather >> 56
}

// classify reads 8 bytes of a name (fewer at its end, zero-filled: a zero
// byte is none of '.', '*', '>'): wild is non-zero if one is '*' or '>',
// dots has bit k set if byte k is '.'.
func classify(w uint64) (wild, dots8 uint64) {
	return zeroBytes(w^stars) | zeroBytes(w^tails), byteMask(zeroBytes(w ^ dots))
}

// split validates name and records its dots. It reads 8 or 16 bytes at a
// time and decides validity at the end, from the bitmap: no '*' or '>', no
// empty element (a dot first, last, or next to another), at most
// MaxElements elements of at most MaxElementBytes.
func (p *path) split(name string) bool {
	n := len(name)
	if n == 0 || n > MaxNameBytes {
		return false
	}
	p.name = name
	if n > 64 {
		return p.splitLong()
	}
	// Most names: one bitmap word, kept in a register.
	var d, wild uint64
	if n >= 16 {
		d, wild = scan16to64(name)
	} else {
		d, wild = scanWords(name)
	}
	// A name of at most 64 bytes has fewer than MaxElements elements,
	// none over MaxElementBytes.
	p.dots[0] = d
	p.n = bits.OnesCount64(d) + 1
	return wild|d&(d>>1)|d&1|d>>((n-1)&63)&1 == 0
}

// splitLong is split for a name of 65 to MaxNameBytes bytes: a word of
// the bitmap per 64 bytes, each from scan16to64 (SSE2 on amd64), the
// last partial one from the 16 bytes that end the name, shifted past
// those the word before it holds. A '*' or '>' among those is one of the
// name's either way, so the wild word needs no shift. Word by word in Go
// (classify, 8 bytes a step) this cost 40-57 ns on the events and long
// families' names, as much as their exact hit or more.
func (p *path) splitLong() bool {
	name := p.name
	n := len(name)
	var wild, adjacent, prev uint64
	count, undotted := 0, false
	for off := 0; off < n; off += 64 {
		var d, wl uint64
		if r := n - off; r >= 16 {
			d, wl = scan16to64(name[off:min(n, off+64)])
			undotted = undotted || r >= 64 && d == 0
		} else {
			d, wl = scan16to64(name[n-16:]) // n > 64
			d >>= (16 - r) & 63
		}
		p.dots[off>>6] = d
		wild |= wl
		count += bits.OnesCount64(d)
		adjacent |= d&(d>>1) | d&(prev>>63) // a dot at bit 0 after one at bit 63
		prev = d
	}
	last := prev >> ((n - 1) & 63) // prev is the name's last word
	if wild|adjacent|p.dots[0]&1|last&1 != 0 || count >= MaxElements {
		return false
	}
	p.n = count + 1
	// An element of more than MaxElementBytes (127) bytes covers a whole
	// 64-byte word of the name, which then has no dot: where every whole
	// word has one, no element is too long, and the walk over the
	// elements (20-30 ns on names of 130-250 bytes) is spared.
	return n <= MaxElementBytes || !undotted || p.elementsFit()
}

// scanWords returns, for a name of 1 to 64 bytes, its dots as a bitmap
// (bit i: name[i] is '.') and a word that is non-zero if it has a '*' or
// a '>', as scan16to64 does, reading 8 bytes at a time. Its shifts are
// masked to their known range (i < 64), which spares the compiler's code
// for shifts of 64 or more.
func scanWords(name string) (d, wild uint64) {
	n := len(name)
	i := 0
	for ; i+8 <= n; i += 8 {
		wl, dw := classify(loadAt(name, i))
		wild, d = wild|wl, d|dw<<(i&63)
	}
	if i < n {
		var w uint64
		if n >= 8 { // the last 8 bytes, shifted so that byte i comes first
			w = loadAt(name, n-8) >> (8 * (8 - (n - i)) & 63)
		} else {
			w = loadShort(name, 0, n)
		}
		wl, dw := classify(w)
		wild, d = wild|wl, d|dw<<(i&63)
	}
	return d, wild
}

// elementsFit reports whether no element is longer than MaxElementBytes:
// only a name longer than that can have one.
func (p *path) elementsFit() bool {
	start := 0
	for range p.n {
		end := p.endFrom(start)
		if end-start > MaxElementBytes {
			return false
		}
		start = end + 1
	}
	return true
}

// endFrom returns the end of the element starting at start: the next dot,
// or the end of the name.
func (p *path) endFrom(start int) int {
	k := start >> 6
	if d := p.dots[k] &^ (1<<(start&63) - 1); d != 0 {
		return k<<6 + bits.TrailingZeros64(d)
	}
	for k++; k<<6 < len(p.name); k++ {
		if d := p.dots[k]; d != 0 {
			return k<<6 + bits.TrailingZeros64(d)
		}
	}
	return len(p.name)
}

// first returns the first word of the name's first element, as the walks
// read it (elemWords), and its length.
func (p *path) first() (w uint64, l int) {
	end := p.endFrom(0)
	return firstWord(p.name, 0, end), end
}
