package runtime

import (
	"fmt"
	"strings"
	"testing"
	"unsafe"
)

func TestNameTable(t *testing.T) {
	// Keys at and around every length Find and sameBytes branch on.
	keys := []string{"a", "foo.bar", strings.Repeat("x", 249), "foo.baz",
		strings.Repeat("y", 48), strings.Repeat("y", 49), "\x00"}
	var values [][]uint32
	for i := range keys {
		values = append(values, []uint32{uint32(i) * 7, 1<<30 + uint32(i), ^uint32(i)})
	}
	tab := NewNameTable(keys, values)
	for i, k := range keys {
		rec, ok := tab.Find(k)
		if !ok {
			t.Fatalf("Find(%.10q) missed", k)
		}
		for v := range 3 {
			if got := tab.Value(rec, v); got != values[i][v] {
				t.Errorf("Find(%.10q) value %d = %d, want %d", k, v, got, values[i][v])
			}
		}
	}
	for _, k := range []string{"", "b", "foo.ba", strings.Repeat("y", 256), strings.Repeat("y", 300)} {
		if _, ok := tab.Lookup(k); ok {
			t.Errorf("found missing key %.10q", k)
		}
	}
	var got []string
	for k, v := range tab.All() {
		got = append(got, fmt.Sprint(k[:min(len(k), 3)], v))
	}
	if want := "[a0 foo7 xxx14 foo21 yyy28 yyy35 \x0042]"; fmt.Sprint(got) != want {
		t.Errorf("All = %v, want %s", got, want)
	}
	var empty NameTable
	if _, ok := empty.Lookup("a"); ok {
		t.Error("empty table found a key")
	}
	checkNameTableLayout(t, &tab)
}

// checkNameTableLayout checks the invariants of t's layout that Find
// relies on to stay in bounds and to find every key (see NameTable):
//   - the index has a power of two of slots, at least twice the keys,
//     plus one that repeats the first;
//   - an entry is 0 or has its top bit set, and its record lies within
//     recs: the length byte (1 to maxNameKey), the values, the key's
//     bytes zero-padded to a word;
//   - every key is reached from its hash's slot before an empty one;
//   - entryMore marks exactly the slots whose keys' misses must read on
//     past the first look (two entries): a key homed there lies past the
//     next slot, or the two entries share a tag;
//   - the records start on a 64-byte boundary.
func checkNameTableLayout(t *testing.T, tab *NameTable) {
	t.Helper()
	size := len(tab.index) - 1
	if size < 2*len(tab.keys) || size&(size-1) != 0 || uint64(size-1) != tab.mask || tab.index[size] != tab.index[0] {
		t.Fatalf("%d keys: index of %d slots, mask %#x, last %#x, first %#x", len(tab.keys), size, tab.mask, tab.index[size], tab.index[0])
	}
	if p := uintptr(unsafe.Pointer(&tab.recs[0])); p%64 != 0 {
		t.Fatalf("records at %#x, not 64-byte aligned", p)
	}
	entries := 0
	for _, e := range tab.index[:size] {
		if e == 0 {
			continue
		}
		entries++
		r := int(e & tab.offMask)
		if e>>31 == 0 || r+recordHeader >= len(tab.recs) {
			t.Fatalf("entry %#x: no tag bit or record out of bounds (%d words)", e, len(tab.recs))
		}
		n := int(uint8(tab.recs[r]))
		if n == 0 || r+recordWords(n) > len(tab.recs) || tab.recs[r]>>8&0xffffff != 0 {
			t.Fatalf("entry %#x: record of a %d-byte key out of bounds (%d words) or bad header %#x", e, n, len(tab.recs), tab.recs[r])
		}
		if pad := unsafe.Slice((*byte)(unsafe.Pointer(&tab.recs[r+recordHeader])), (n+7)/8*8)[n:]; strings.Trim(string(pad), "\x00") != "" {
			t.Fatalf("entry %#x: key padded with %q", e, pad)
		}
	}
	if entries != len(tab.keys) {
		t.Fatalf("%d entries for %d keys", entries, len(tab.keys))
	}
	if tab.tagMask != ^tab.offMask&^entryMore || tab.offMask&entryMore != 0 {
		t.Fatalf("tag mask %#x, offset mask %#x: they overlap or miss entryMore", tab.tagMask, tab.offMask)
	}
	checkEntryMore(t, tab)
	for _, k := range tab.keys {
		h := tab.hash(k)
		for i := h & tab.mask; ; i = (i + 1) & tab.mask {
			if e := tab.index[i]; e == 0 {
				t.Fatalf("key %.20q not reached from its slot %d", k, h&tab.mask)
			} else if r := int(e & tab.offMask); e&tab.tagMask == tab.tag(h) && int(uint8(tab.recs[r])) == len(k) && tab.keyOf(r, len(k)) == k {
				break
			}
		}
	}
}

// checkEntryMore checks each slot's entryMore bit against the keys'
// places: set when a key homed at the slot lies past the next one, or
// the slot and the next hold entries with one tag.
func checkEntryMore(t *testing.T, tab *NameTable) {
	t.Helper()
	size := uint64(len(tab.index) - 1)
	want := make([]bool, size)
	for i := range size {
		e, f := tab.index[i], tab.index[(i+1)&tab.mask]
		want[i] = e != 0 && f != 0 && (e^f)&tab.tagMask == 0
	}
	for _, k := range tab.keys {
		home := tab.hash(k) & tab.mask
		rec, _ := tab.Find(k)
		for j := home; tab.index[j]&tab.offMask != uint32(rec) || tab.index[j] == 0; j = (j + 1) & tab.mask {
			if (j-home)&tab.mask >= 1 {
				want[home] = true // the key is past home+1
			}
		}
	}
	for i, w := range want {
		if got := tab.index[i]&entryMore != 0; got != w {
			t.Fatalf("slot %d (entry %#x): entryMore %v, want %v", i, tab.index[i], got, w)
		}
	}
}

// TestNameTableEveryLength builds tables of keys of every length up to
// 255 bytes and looks up each and every one-byte variant: with the
// sampled hash, under which a variant of a key away from its first,
// middle and last 8 bytes hashes as the key does, so that only the
// comparison (Find's cases by length, sameBytes) tells them apart; and
// with whole-name hashing.
func TestNameTableEveryLength(t *testing.T) {
	keys := nameTableKeys()
	tab := NewNameTable(keys, nameValues(keys))
	if !tab.sampled {
		t.Fatal("keys of distinct lengths: the table should use the sampled hash")
	}
	checkNameTableLayout(t, &tab)
	checkNameTable(t, &tab, keys)
	// Three keys sharing their first, middle and last 8 bytes and length:
	// over maxSampleShare, so the table hashes whole names.
	// (32 bytes, differing at byte 8: the sample reads 0-7, 12-19, 24-31.)
	crowd := func(c string) string { return "abcdefgh" + c + strings.Repeat("-", 23) }
	crowded := append(append([]string{}, keys...), crowd("1"), crowd("2"), crowd("3"))
	whole := NewNameTable(crowded, nameValues(crowded))
	if whole.sampled {
		t.Fatalf("%d keys sharing a sampled hash: the table should hash whole names", maxSampleShare+1)
	}
	checkNameTableLayout(t, &whole)
	checkNameTable(t, &whole, crowded)
	// maxSampleShare of them: still sampled.
	if shared := NewNameTable(crowded[:len(crowded)-1], nameValues(crowded)); !shared.sampled {
		t.Fatalf("%d keys sharing a sampled hash: the table should sample", maxSampleShare)
	}
}

// TestNameTableSampleMiddle has keys that share their first and last 8
// bytes and length and differ in the middle 8: the sampled hash tells
// them apart, so the table samples.
func TestNameTableSampleMiddle(t *testing.T) {
	var keys []string
	for n := 8; n <= 64; n++ {
		for c := range byte(4) {
			b := fillName(n)
			b[n/2] = 'A' + c
			keys = append(keys, string(b))
		}
	}
	tab := NewNameTable(keys, nameValues(keys))
	if !tab.sampled {
		t.Fatal("keys differing in their middle 8 bytes: the table should sample")
	}
	checkNameTable(t, &tab, keys)
}

// TestNameTableSizes builds tables of 0 to 70 keys, through several sizes
// of the index (each a power of two at least twice the keys) and so
// through keys whose probe wraps past the index's end, which the
// repeated first slot (Find's two-entry look) covers.
func TestNameTableSizes(t *testing.T) {
	wrapped := 0
	for n := 0; n <= 70; n++ {
		var keys []string
		for i := range n {
			keys = append(keys, fmt.Sprintf("svc.%d.events.%d", n, i))
		}
		tab := NewNameTable(keys, nameValues(keys))
		if n == 0 {
			if _, ok := tab.Find("svc"); ok {
				t.Fatal("an empty table found a key")
			}
			continue
		}
		checkNameTableLayout(t, &tab)
		checkNameTable(t, &tab, keys)
		for _, k := range keys {
			rec, _ := tab.Find(k)
			if h := tab.hash(k); h&tab.mask == tab.mask && tab.index[0]&tab.offMask == uint32(rec) {
				wrapped++
			}
		}
	}
	if wrapped == 0 {
		t.Fatal("no key's probe wrapped past the index's end: the test covers less than it says")
	}
}

// TestNameTableLarge builds tables of thousands of keys of lengths
// cycling through every length up to 255 (record offsets of up to 20
// bits, tags of 11), sampled and not.
func TestNameTableLarge(t *testing.T) {
	for _, crowd := range []bool{false, true} {
		var keys []string
		for i := 0; len(keys) < 6000; i++ {
			l := 1 + i%255
			k := fmt.Sprintf("%d.%s", i, fillName(l))[:max(l, len(fmt.Sprint(i)))]
			if crowd && l >= 24 {
				k = "abcdefgh" + fmt.Sprintf("%0*d", l-16, i) + "ijklmnop"
			}
			keys = append(keys, k)
		}
		tab := NewNameTable(keys, nameValues(keys))
		if tab.sampled == crowd {
			t.Fatalf("crowd %v: %d keys: sampled %v", crowd, len(keys), tab.sampled)
		}
		checkNameTableLayout(t, &tab)
		checkNameTable(t, &tab, keys)
	}
}

// TestNameTableSameSample has keys that share their sampled hash (the
// same first, middle and last 8 bytes and length, differing in between),
// so that a probe meets entries whose tag matches and only the comparison
// of the bytes tells them apart, for every length whose other bytes it
// reads.
func TestNameTableSameSample(t *testing.T) {
	keys := sameSampleKeys(25, 80)
	var values [][]uint32
	for i := range keys {
		values = append(values, []uint32{uint32(i + 1)})
	}
	tab := NewNameTable(keys, values)
	if !tab.sampled {
		t.Fatal("the table does not sample its keys' hashes")
	}
	for i, k := range keys {
		if v, ok := tab.Lookup(k); !ok || v != values[i][0] {
			t.Fatalf("Lookup(%q) = %d, %v, want %d", k, v, ok, values[i][0])
		}
		for j := 8; j < len(k)-8; j++ {
			b := []byte(k)
			b[j] = 'c'
			if _, ok := tab.Find(string(b)); ok {
				t.Fatalf("found %q, differing from %q at %d", b, k, j)
			}
		}
	}
}

// sameSampleKeys returns, for every length from lo to hi (lo >= 25), two
// keys sharing their sampled hash: they differ only at bytes 8 and n-9,
// which the sample does not read.
func sameSampleKeys(lo, hi int) []string {
	return keyPairs(lo, hi, func(b []byte, c byte) { b[8], b[len(b)-9] = c, c })
}

// sameWideKeys returns, for every length from lo to hi (lo > wideFrom),
// two keys sharing their wide hash: they differ only at byte 8, which
// wideHash does not read (its middle word starts at 12 or later).
func sameWideKeys(lo, hi int) []string {
	return keyPairs(lo, hi, func(b []byte, c byte) { b[8] = c })
}

// keyPairs returns two keys of each length from lo to hi, "prefix..",
// then underscores, then "..suffix", which mark makes differ.
func keyPairs(lo, hi int, mark func(b []byte, c byte)) []string {
	var keys []string
	for n := lo; n <= hi; n++ {
		for _, c := range []byte{'a', 'b'} {
			b := []byte(strings.Repeat("_", n))
			copy(b, "prefix..")
			copy(b[n-8:], "..suffix")
			mark(b, c)
			keys = append(keys, string(b))
		}
	}
	return keys
}

// TestHashLongBlockOrder checks that the hash of a name over 64 bytes
// depends on where each of its 16-byte blocks is: hashLong multiplies the
// blocks independently, each with a constant of its own position. It
// swaps the first two blocks and, over 80 bytes, the second and fourth
// (the same lane of hashLong's steps), and checks every byte counts.
func TestHashLongBlockOrder(t *testing.T) {
	for n := 65; n <= 255; n++ {
		b := fillName(n)
		for i := range b[:64] {
			b[i] = byte('a' + i%16 + i/16) // blocks 0 to 3 differ
		}
		for _, sw := range [][2]int{{0, 16}, {16, 48}} {
			if sw[1]+32 >= n {
				continue
			}
			swapped := append([]byte{}, b...)
			copy(swapped[sw[0]:], b[sw[1]:sw[1]+16])
			copy(swapped[sw[1]:], b[sw[0]:sw[0]+16])
			if Hash(string(b), NameSeed) == Hash(string(swapped), NameSeed) {
				t.Fatalf("%d bytes: swapping the blocks at %d and %d keeps the hash", n, sw[0], sw[1])
			}
		}
		for i := range n {
			c := append([]byte{}, b...)
			c[i] ^= 0x20
			if Hash(string(b), NameSeed) == Hash(string(c), NameSeed) {
				t.Fatalf("%d bytes: byte %d does not change the hash", n, i)
			}
		}
	}
}

// TestNameTableProbeHash: find returns the hash it probed with, the
// result caches' key (nameHash): t.hash(key), Hash(key, NameSeed) where
// the table hashes whole names or the name is under 8 bytes (sampled) or
// at most wideFrom (wide), sampleHash or wideHash otherwise; for keys and
// for names it does not hold, at every length.
func TestNameTableProbeHash(t *testing.T) {
	keys := nameTableKeys()
	crowd := func(c string) string { return "abcdefgh" + c + strings.Repeat("-", 23) }
	crowded := append(append([]string{}, keys...), crowd("1"), crowd("2"), crowd("3"))
	wide := wideKeys()
	for _, tab := range []NameTable{NewNameTable(keys, nameValues(keys)), NewNameTable(crowded, nameValues(crowded)), NewNameTable(wide, nameValues(wide))} {
		for _, k := range keys {
			for _, name := range []string{k, k + "x", "x" + k[1:]} {
				if len(name) > maxNameKey {
					continue
				}
				want := Hash(name, NameSeed)
				if tab.sampled && len(name) >= 8 {
					want = sampleHash(name)
				}
				if tab.wide && len(name) > wideFrom {
					want = wideHash(name)
				}
				if _, h, _, _ := tab.find(name); h != want {
					t.Fatalf("sampled %v, wide %v, %d bytes: probe hash %#x, want %#x", tab.sampled, tab.wide, len(name), h, want)
				}
			}
		}
	}
}

// wideKeys are nameTableKeys of 20 bytes or more: 94% of them over
// wideFrom, so that a table of them samples wide, with keys at, below
// and above wideFrom.
func wideKeys() []string {
	var keys []string
	for _, k := range nameTableKeys() {
		if len(k) >= 20 {
			keys = append(keys, k)
		}
	}
	return keys
}

// TestNameTableWide: a table samples wide where at least wideTenths of
// its keys are over wideFrom bytes and they rarely share a wideHash, and
// only then; keys sharing a sampleHash but not a wideHash make it wide
// where the share holds, whole names below it; keys sharing a wideHash
// too make it hash whole names. Every key is found, and every one-byte
// variant missed, in each.
func TestNameTableWide(t *testing.T) {
	// Keys of 40 bytes that differ only in bytes 26 to 31: inside
	// wideHash's last 16 bytes, outside sampleHash's words (0-7, 16-23,
	// 32-39). short are 16-byte keys, hashed whole by either table.
	long := func(i int) string { return fmt.Sprintf("aaaaaaaa.bbbbbbbb.cccccccc%06d.ddddddd", i) }
	short := func(i int) string { return fmt.Sprintf("short.key.%06d", i) }
	sharedWide := func(i int) string { return fmt.Sprintf("aaaaaaaa%06d", i) + strings.Repeat("b", 26) }
	for _, c := range []struct {
		label   string
		nLong   int
		nShort  int
		key     func(int) string
		sampled bool
		wide    bool
	}{
		{"nine in ten long", 90, 10, long, false, true},
		{"over nine in ten", 91, 9, long, false, true},
		{"under nine in ten", 89, 11, long, false, false},
		{"all long, sharing wideHash", 100, 0, sharedWide, false, false},
		{"no long key", 0, 100, long, true, false},
	} {
		var keys []string
		for i := range c.nLong {
			keys = append(keys, c.key(i))
		}
		for i := range c.nShort {
			keys = append(keys, short(i))
		}
		if c.nLong > 0 && len(keys[0]) != 40 {
			t.Fatalf("%s: keys of %d bytes, want 40", c.label, len(keys[0]))
		}
		tab := NewNameTable(keys, nameValues(keys))
		if tab.sampled != c.sampled || tab.wide != c.wide {
			t.Fatalf("%s: sampled %v, wide %v; want %v, %v", c.label, tab.sampled, tab.wide, c.sampled, c.wide)
		}
		checkNameTableLayout(t, &tab)
		checkNameTable(t, &tab, keys)
	}
}

// TestKeyWordEveryLength: the plan check's keyWord gives the record words
// newNameTable writes for a key of every length from 1 to 24 (below, at
// and above a whole word: its last word partial or whole), zero padding
// included.
func TestKeyWordEveryLength(t *testing.T) {
	for n := 1; n <= 24; n++ {
		k := strings.Repeat("\xa5", n/2) + strings.Repeat("b", n-n/2)
		tab := NewNameTable([]string{k}, [][]uint32{{7}})
		for i := 0; i < n; i += 8 {
			if got, want := keyWord(k, i), tab.recs[recordHeader+i/8]; got != want {
				t.Errorf("%d bytes: keyWord(%d) = %#x, record word %#x", n, i, got, want)
			}
		}
		if words := recordWords(n); len(tab.recs) != words {
			t.Errorf("%d bytes: %d record words, want %d", n, len(tab.recs), words)
		}
	}
}
