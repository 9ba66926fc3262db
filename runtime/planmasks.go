package runtime

import (
	"math/bits"
	"strings"
)

// masks checks the Mask* columns (Compact's mask tables): whole table
// records, each table's positions within its elements and its patterns'
// ends ascending; each pattern's destination in range and its key as
// many non-empty elements as the table has literal positions; MaskDepths
// empty or a record per name length 0 to MaxElements, its ends
// ascending, and each length's tables ones that names of that length
// probe ('*' tables of that length, '>' tables of fewer elements).
func (v *planCheck) masks() error {
	c := &v.c.Matcher
	n := len(c.Masks) / MaskStride
	if err := v.count("Masks", len(c.Masks), n*MaskStride, itoa(MaskStride)+" per table"); err != nil {
		return err
	}
	if err := v.count("MaskEnds", len(c.MaskEnds), n, "one per table"); err != nil {
		return err
	}
	if err := v.ends("MaskEnds", c.MaskEnds, len(c.MaskDests), "MaskDests"); err != nil {
		return err
	}
	if err := v.ends("MaskKeyEnds", c.MaskKeyEnds, len(c.MaskKeys), "MaskKeys"); err != nil {
		return err
	}
	if err := v.count("MaskKeyEnds", len(c.MaskKeyEnds), len(c.MaskDests), "one per pattern"); err != nil {
		return err
	}
	for i := range n {
		if err := v.maskTable(i); err != nil {
			return err
		}
	}
	return v.maskDepths(n)
}

// maskTable checks table i and its patterns.
func (v *planCheck) maskTable(i int) error {
	c := &v.c.Matcher
	f := c.Masks[i*MaskStride : (i+1)*MaskStride]
	lits, elems := uint64(f[0])|uint64(f[1])<<32, int(f[2])
	switch {
	case elems > MaxElements || bits.Len64(lits) > elems:
		return v.fail("Masks", i*MaskStride, "literal positions past the table's "+itoa(elems)+" elements")
	case f[3] > 1:
		return v.fail("Masks", i*MaskStride+3, "tail flag not 0 or 1")
	}
	start := 0
	if i > 0 {
		start = int(c.MaskEnds[i-1])
	}
	key := keysOf(c.MaskKeys, c.MaskKeyEnds)
	for j := start; j < int(c.MaskEnds[i]); j++ {
		if err := v.inRange("MaskDests", j, uint64(c.MaskDests[j]), v.dests, "destinations"); err != nil {
			return err
		}
		if !maskKeyFits(key(j), bits.OnesCount64(lits)) {
			return v.fail("MaskKeyEnds", j, "key is not "+itoa(bits.OnesCount64(lits))+" non-empty elements")
		}
	}
	return nil
}

// maskKeyFits reports whether key is n non-empty elements joined by '.'.
// strings.Count and strings.Contains scan 16 or 32 bytes an instruction:
// a loop per byte was three quarters of the plan check's time on the
// mask tables (70,000 keys of about 28 bytes at iot 100k, 3.5 ms).
func maskKeyFits(key string, n int) bool {
	if n == 0 || len(key) == 0 {
		return n == 0 && key == ""
	}
	return key[0] != '.' && key[len(key)-1] != '.' && strings.Count(key, ".") == n-1 && (n < 3 || !strings.Contains(key, ".."))
}

// maskDepths checks MaskDepths and MaskProbes, given n tables.
func (v *planCheck) maskDepths(n int) error {
	c := &v.c.Matcher
	if len(c.MaskDepths) == 0 {
		return v.count("MaskProbes", len(c.MaskProbes), 0, "none without MaskDepths")
	}
	if err := v.count("MaskDepths", len(c.MaskDepths), (MaxElements+1)*MaskDepthStride, itoa(MaskDepthStride)+" per name length 0 to "+itoa(MaxElements)); err != nil {
		return err
	}
	ends := make([]uint32, MaxElements+1)
	prev := uint32(0)
	for d := range ends {
		f := c.MaskDepths[d*MaskDepthStride:]
		switch {
		case f[0] > 1:
			return v.fail("MaskDepths", d*MaskDepthStride, "choice not 0 or 1")
		case f[1] < prev || int(f[1]) > len(c.MaskProbes):
			return v.fail("MaskDepths", d*MaskDepthStride+1, "end "+itoa(int(f[1]))+" not between the previous end "+itoa(int(prev))+" and MaskProbes' length "+itoa(len(c.MaskProbes)))
		}
		ends[d], prev = f[1], f[1]
	}
	if int(prev) != len(c.MaskProbes) {
		return v.fail("MaskDepths", MaxElements*MaskDepthStride+1, "last end "+itoa(int(prev))+", want MaskProbes' length "+itoa(len(c.MaskProbes)))
	}
	start := 0
	for d, end := range ends {
		for j := start; j < int(end); j++ {
			t := c.MaskProbes[j]
			if err := v.inRange("MaskProbes", j, uint64(t), n, "tables"); err != nil {
				return err
			}
			f := c.Masks[int(t)*MaskStride:]
			if elems := int(f[2]); f[3] == 1 && elems >= d || f[3] == 0 && elems != d {
				return v.fail("MaskProbes", j, "table "+itoa(int(t))+" is not one names of "+itoa(d)+" elements probe")
			}
		}
		start = int(end)
	}
	return nil
}
