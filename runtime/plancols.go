package runtime

import (
	"math/bits"
	"strconv"
)

// Plan format 6 narrows the per-destination columns nothing reads on a
// lookup's path and stores each exact name once.
//
// uints: DestStore, DestCluster and PropIndex hold small numbers (a
// string reference, a value's number among its key's few) in 4 bytes
// each: 2.4 MB of the 26 MB plan at 100,000 IoT-style destinations. Each
// is now the narrowest of 1, 2 or 4 bytes that holds its largest value,
// chosen per plan: the section's elements are one byte holding the width,
// then count elements of that width, little endian. Only initialisation
// and Plan.Destination read them, byte by byte (no unsafe load).
//
// DestPatterns holds only the patterns of destinations that are not
// exact names: an exact name's pattern is the name, which ExactKeys
// holds, and the exact names' destinations ascend (validate checks it),
// so destination d is exact name rank(d) (destKinds). At 100,000
// destinations that were 3.3 MB (exact-heavy) and 1.1 MB (IoT-style)
// held twice.

// uints is a column of unsigned integers of w bytes each.
type uints struct {
	w int    // 1, 2 or 4; 0 for the zero column
	b string // the elements, w bytes each, little endian
}

// uintsOf is v in the narrowest width that holds its largest element.
func uintsOf(v []uint32) uints {
	top := uint32(0)
	for _, x := range v {
		top = max(top, x)
	}
	w := 4
	switch {
	case top < 1<<8:
		w = 1
	case top < 1<<16:
		w = 2
	}
	b := make([]byte, 0, w*len(v))
	for _, x := range v {
		for i := range w {
			b = append(b, byte(x>>(8*i)))
		}
	}
	return uints{w: w, b: string(b)}
}

// len is the number of elements.
func (u uints) len() int {
	if u.w == 0 {
		return 0
	}
	return len(u.b) / u.w
}

// at is element i, 0 <= i < len().
func (u uints) at(i int) uint32 {
	switch u.w {
	case 1:
		return uint32(u.b[i])
	case 2:
		return uint32(u.b[2*i]) | uint32(u.b[2*i+1])<<8
	}
	return le32(u.b, 4*i)
}

// uintsSection reads a uints column of count elements whose width byte
// is at at; it returns where its elements end.
func (d *planDecoder) uintsSection(name string, u *uints, at, count int) (int, error) {
	s := d.src
	if at >= len(s) {
		return 0, d.errorf(at, "section "+name+": truncated: no width byte")
	}
	w := int(s[at])
	if w != 1 && w != 2 && w != 4 {
		return 0, d.errorf(at, "section "+name+": width "+strconv.Itoa(w)+" is not 1, 2 or 4")
	}
	need := uint64(count) * uint64(w)
	if need > uint64(len(s)-at-1) {
		return 0, d.errorf(at, "section "+name+": "+strconv.Itoa(count)+" elements of "+strconv.Itoa(w)+" bytes need "+strconv.FormatUint(need, 10)+" bytes, "+strconv.Itoa(len(s)-at-1)+" remain")
	}
	end := at + 1 + int(need)
	*u = uints{w: w, b: s[at+1 : end]}
	return end, nil
}

// destKinds says which destinations are exact names, and which exact name
// or which of DestPatterns each is, in constant time: a bit per
// destination and, per 64 of them, the exact names before. Built from
// DestInfos (an exact name's Info has a list, plandestinfos.go), in two
// allocations whatever the plan's size.
type destKinds struct {
	exact  []uint64 // bit d: destination d is an exact name
	before []uint32 // per word of exact: the bits set in the words before it
}

// newDestKinds marks the destinations whose Info in infos has a list
// among dests destinations.
func newDestKinds(infos []uint32, dests int) destKinds {
	k := destKinds{exact: make([]uint64, (dests+63)/64), before: make([]uint32, (dests+63)/64)}
	for d := 0; d < dests && (d+1)*InfoStride <= len(infos); d++ {
		if infos[d*InfoStride+1] != 0 {
			k.exact[d/64] |= 1 << (d % 64)
		}
	}
	n := uint32(0)
	for w, x := range k.exact {
		k.before[w] = n
		n += uint32(bits.OnesCount64(x))
	}
	return k
}

// of returns, for destination d, whether it is an exact name and its
// number among the exact names, or else among the other destinations.
func (k *destKinds) of(d int) (exact bool, i int) {
	w, bit := d/64, uint(d%64)
	r := int(k.before[w]) + bits.OnesCount64(k.exact[w]&(1<<bit-1))
	if k.exact[w]>>bit&1 == 1 {
		return true, r
	}
	return false, d - r
}

// stringList is a string list section read in place: its ends (in the
// plan's bytes where wordsInPlace holds) and the bytes they cut. A
// []string of the destinations' patterns was 16 bytes of fresh, scanned
// memory per destination at every load.
type stringList struct {
	ends []uint32
	blob string
}

// stringListOf joins ss.
func stringListOf(ss []string) stringList {
	blob, ends := joinStrings(ss)
	return stringList{ends: ends, blob: blob}
}

func joinStrings(ss []string) (string, []uint32) {
	n := 0
	for _, s := range ss {
		n += len(s)
	}
	b := make([]byte, 0, n)
	ends := make([]uint32, len(ss))
	for i, s := range ss {
		b = append(b, s...)
		ends[i] = uint32(len(b))
	}
	return string(b), ends
}

func (l stringList) len() int { return len(l.ends) }

// at is string j, 0 <= j < len(); the list's ends ascend to the blob's
// length (listSection checks it).
func (l stringList) at(j int) string {
	start := uint32(0)
	if j > 0 {
		start = l.ends[j-1]
	}
	return l.blob[start:l.ends[j]]
}

// listSection reads a stringList of count strings whose ends start at at
// (the bytes for the ends are there): the ends must ascend and the bytes
// they cut be there. It returns where the list ends.
func (d *planDecoder) listSection(name string, l *stringList, at, count int) (int, error) {
	s := d.src
	ends := wordsOf[uint32](s[at:at+4*count], count)
	prev := uint32(0)
	for j, e := range ends {
		if e < prev {
			return 0, d.errorf(at+4*j, name+"["+strconv.Itoa(j)+"]: end "+strconv.FormatUint(uint64(e), 10)+" before the previous end "+strconv.FormatUint(uint64(prev), 10))
		}
		prev = e
	}
	blob := at + 4*count
	if uint64(prev) > uint64(len(s)-blob) {
		return 0, d.errorf(blob, name+": strings need "+strconv.FormatUint(uint64(prev), 10)+" bytes, "+strconv.Itoa(len(s)-blob)+" remain")
	}
	*l = stringList{ends: ends, blob: s[blob : blob+int(prev)]}
	return blob + int(prev), nil
}
