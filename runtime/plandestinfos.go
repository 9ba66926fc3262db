package runtime

import (
	"strconv"
	"unsafe"
)

// Plan format 9 carries what an exact hit reads beyond its record by
// destination, in the Matcher's own layout, so that a Load adopts it in
// place: DestInfos, InfoStride words per destination laid out as an Info
// (Matcher.Infos), and DestSig2, a word per destination (Matcher.
// destSig2). Format 8 carried the Infos per exact name with their
// destinations, and NewMatcher wrote them by destination into 2.4 MB of
// fresh memory at 100,000 destinations, reading each name's sets' second
// signatures: 6 to 11% of a fresh process's Load at exact 100k.
//
// A destination that is not an exact name has a zero Info (only an exact
// hit reads its entry); an exact name's Info has a list of at least one
// destination, itself, so Len != 0 tells which destinations are exact
// names, and the exact names, whose destinations ascend in ExactKeys'
// order, are the destinations with Len != 0 in order (exactDests,
// newDestKinds).
//
// DecodePlan checks DestInfos (destInfos): a zero Info for every other
// destination, and for the exact names' a list within Lists (its
// destinations ascending, as Matches returns them) and sets in range, so
// that no read of an Info is out of bounds. A wrong Info in range
// (another list, other sets) answers as a plan whose config said so: the
// kept names' records, whose signatures decide most of Allowed, are
// checked against its sets (plannames.go), or built from them. It checks
// only DestSig2's length: a wrong second signature cannot grant.
// exactGranted denies when the caller's bits miss it and otherwise asks
// the set's row, so a signature with bits to spare only sends a call to
// the row, which answers exactly, and one lacking bits denies a call the
// row would grant: a hostile plan can make Allowed deny, which it can
// anyway by its sets, never allow.

// The layout infosOf reads in place: List, Len, then the sets.
var _ = [1]struct{}{}[unsafe.Sizeof(Info{})-uintptr(InfoStride)*4]
var _ = [1]struct{}{}[unsafe.Offsetof(Info{}.ACL)-8]

// destInfos reads an Info's NumOps sets as f[2] and f[3].
var _ = [1]struct{}{}[int(NumOps)-2]

// infosOf returns the Infos of Compact.DestInfos, whole records only.
func infosOf(words []uint32) []Info {
	n := len(words) / InfoStride
	if wordsInPlace && n > 0 {
		return unsafe.Slice((*Info)(unsafe.Pointer(unsafe.SliceData(words))), n)
	}
	infos := make([]Info, n)
	for i := range infos {
		f := words[i*InfoStride:]
		infos[i] = Info{List: f[0], Len: f[1]}
		copy(infos[i].ACL[:], f[2:])
	}
	return infos
}

// exactDests returns the exact names' destinations (see above): those
// whose Info in words has a list, in order, one per name. Only a
// NewMatcher that builds the exact names' table calls it.
func exactDests(words []uint32, names int) []uint32 {
	dests, k := make([]uint32, names), 0
	for d := 0; (d+1)*InfoStride <= len(words) && k < names; d++ {
		if words[d*InfoStride+1] != 0 {
			dests[k], k = uint32(d), k+1
		}
	}
	return dests
}

// setDestSig2 adopts words as destSig2 when they are one per
// destination, and otherwise computes it from the Infos and the sets'
// second signatures setSig2.
func (m *Matcher) setDestSig2(words []uint64, setSig2 []uint32) {
	if len(words) == len(m.Infos) && len(words) > 0 {
		m.destSig2 = words
		return
	}
	m.destSig2 = make([]uint64, len(m.Infos))
	for d := range m.Infos {
		if info := &m.Infos[d]; info.Len != 0 {
			m.destSig2[d] = uint64(setSig2[info.ACL[0]]) | uint64(setSig2[info.ACL[1]])<<32
		}
	}
}

// DestSig2Words returns destSig2 as Compact.DestSig2 holds it: what
// gen/plan writes into a plan from the Matcher it built.
func (m *Matcher) DestSig2Words() []uint64 {
	return append([]uint64(nil), m.destSig2...)
}

// destInfos checks DestInfos (see above), and that as many destinations
// as there are exact names have a list. Its pass builds no error and
// calls nothing per destination; only a plan that fails it takes
// destInfoError's loop, to say where (listRef's call and its checks'
// branches per Info were most of the rule at 100,000 exact names).
func (v *planCheck) destInfos() error {
	c := &v.c.Matcher
	if err := v.count("DestInfos", len(c.DestInfos), v.dests*InfoStride, strconv.Itoa(InfoStride)+" per destination"); err != nil {
		return err
	}
	lists, sets := c.Lists, uint32(v.sets)
	exact, ok := 0, true
	for j := 0; j+InfoStride <= len(c.DestInfos) && ok; j += InfoStride {
		f := c.DestInfos[j : j+InfoStride : j+InfoStride]
		if f[1] == 0 {
			ok = f[0]|f[2]|f[3] == 0
			continue
		}
		exact++
		end := uint64(f[0]) + uint64(f[1])
		ok = end <= uint64(len(lists)) && f[2] < sets && f[3] < sets
		if ok {
			l := lists[f[0]:end]
			for i := 1; i < len(l); i++ {
				ok = ok && l[i] > l[i-1]
			}
		}
	}
	if !ok {
		return v.destInfoError()
	}
	if exact != len(c.ExactEnds) {
		return v.count("ExactEnds", len(c.ExactEnds), exact, "one per destination whose Info has a list")
	}
	return nil
}

// destInfoError is the error for the first Info destInfos found at
// fault.
func (v *planCheck) destInfoError() error {
	c := &v.c.Matcher
	for d := range v.dests {
		f, j := c.DestInfos[d*InfoStride:(d+1)*InfoStride:(d+1)*InfoStride], d*InfoStride
		if f[1] == 0 {
			if f[0] != 0 || f[2] != 0 || f[3] != 0 {
				return v.fail("DestInfos", j, "Info of a destination that is not an exact name is not zero")
			}
			continue
		}
		if err := v.listRef("DestInfos", j, f[0], f[1], true); err != nil {
			return err
		}
		for op := range int(NumOps) {
			if err := v.inRange("DestInfos", j+2+op, uint64(f[2+op]), v.sets, "ACL sets"); err != nil {
				return err
			}
		}
	}
	return &PlanError{Offset: v.at("DestInfos", 0), Msg: "DestInfos: an Info is at fault"} // not reached: the loop finds what destInfos did
}

// destSig2 checks DestSig2's length: none, or one per destination.
func (v *planCheck) destSig2() error {
	if n := len(v.c.Matcher.DestSig2); n != 0 {
		return v.count("DestSig2", n, v.dests, "one per destination")
	}
	return nil
}
