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

// splitLong is split for a name of 65 to MaxNameBytes bytes.
func (p *path) splitLong() bool {
	name := p.name
	n := len(name)
	var wild uint64
	i := 0
	for ; i+8 <= n; i += 8 {
		wl, d := classify(loadAt(name, i))
		wild |= wl
		p.dots[i>>6] |= d << (i & 63)
	}
	if i < n {
		wl, d := classify(loadAt(name, n-8) >> (8 * (8 - (n - i)))) // n > 64: 8 bytes exist
		wild |= wl
		p.dots[i>>6] |= d << (i & 63)
	}
	count, adjacent := 0, uint64(0)
	for k := 0; k<<6 < n; k++ { // words past the name's end are zero
		d, next := p.dots[k], uint64(0)
		if k+1 < pathWords {
			next = p.dots[k+1]
		}
		count += bits.OnesCount64(d)
		adjacent |= d & (d>>1 | next<<63)
	}
	last := p.dots[(n-1)>>6] >> ((n - 1) & 63)
	if wild|adjacent|p.dots[0]&1|last&1 != 0 || count >= MaxElements {
		return false
	}
	p.n = count + 1
	return n <= MaxElementBytes || p.elementsFit()
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
