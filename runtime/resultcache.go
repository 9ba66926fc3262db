package runtime

import (
	"sync/atomic"
	"unsafe"
)

// The result cache: Resolve's answers for the names the exact table does
// not hold (names only wildcards match, misses, invalid names), so that a
// stream that repeats such names, as a broker's publishers do, pays one
// probe of a fixed table for them rather than a walk. It is what the NATS
// server keeps in front of its subject trie (server/sublist.go: a map of
// at most 1,024 subjects behind a read-write lock), without the lock and
// without an allocation: a fixed array of sets of eight ways, the set
// chosen by a hash of the name, a way holding a name's bytes and its
// answer, each set guarded by a sequence number (a seqlock; every word is
// read and written with atomics, so readers on every core take no lock
// and -race sees no race).
//
// The cache belongs to one Matcher, whose tables never change after
// NewMatcher: an answer cached is the answer for good, and a new plan (a
// live realm swapped in) is a new Matcher with an empty cache.
//
// A name enters a full set only on its second miss among the set's last
// three (a doorkeeper, as in TinyLFU, of the last two missed names): on
// a stream of names that rarely repeat, a miss costs a probe and two
// stored words rather than a way's rewrite, and the hot names are not
// evicted by names seen once. Ways are replaced in turn (FIFO).
//
// A set is cacheSetWords words, 64-byte aligned: two header lines, then
// the ways' names.
//
//	header word 0: sequence number, odd while a writer changes the set
//	header word 1: doorkeeper: the hash of the last name that missed a full set
//	header word 2: fills that replaced a way, for the next victim
//	header word 3: doorkeeper: the hash of the name that missed before word 1's
//	header words 4-11: per way, its name's length | tag << 8 | answer << 32
//	                  (see cacheAnswer); 0 for an empty way
//	way word 0: the name's last 8 bytes (zero-padded below 8 bytes)
//	way words 1...: the name's whole 8-byte words, in order
const (
	// minCacheSets and cacheWays make the cache at least 4,096 names in
	// sets of 8 (the NATS server keeps 1,024, slCacheMax, in a map). What
	// a lookup costs is the lines it touches, not the cache's size: 1.1
	// MiB, its pages touched only where names land. Twice 2,048 ways
	// halve the names a set holds, so that fewer wildcard-only names
	// walk and a set's scan is shorter; at N = 100 it cost 0.77-0.97x
	// CPU time on every family (bench/README.md, session 19).
	minCacheSets = 512
	// maxCacheSets bounds a large config's cache (cacheSetsFor) at 8,192
	// names, 2.1 MiB, under what the plan of a config of 10k
	// destinations takes (2.7-8.5 MB, bench/README.md, "Scale").
	maxCacheSets = 1024
	cacheWays    = 8
	// cacheWayWords is a way's size: four cache lines, so that every
	// valid name (up to MaxNameBytes) fits and one of up to 56 bytes is
	// read from one line.
	cacheWayWords = 32
	// cacheMeta is the header's first meta word; cacheHeader, the words
	// of a set before its ways, whole cache lines.
	cacheMeta     = 4
	cacheHeader   = (cacheMeta + cacheWays + 7) / 8 * 8
	cacheSetWords = cacheHeader + cacheWays*cacheWayWords
	// maxCachedName is the longest name a way holds: 31 whole words and
	// the last 8 bytes in word 0, which covers a partial last word.
	// Valid names end at 249 bytes; a longer (invalid) name is not cached.
	maxCachedName = (cacheWayWords-1)*8 + 7
)

// The answer a way holds is 32 bits and the length in its meta 8.
var _ = [1]struct{}{}[maxCachedName>>8]

// resultCache is a Matcher's result cache. Its words are allocated by
// the first lookup that needs them, not by NewMatcher: the planner builds
// Matchers it only asks Matches of, and a broker whose names all hit the
// exact table never needs the 1.1 MiB (or up to 2.1 MiB, cacheSetsFor).
type resultCache struct {
	words atomic.Pointer[atomic.Uint64] // the first set's first word; nil until first used
	mask  uint64                        // the sets, less 1 (cacheSetsFor)
}

// cacheWords are a cache's sets, 64-byte aligned: a power of two of
// them, at least minCacheSets. It is what a lookup reads from the
// resultCache, two words loaded side by side, rather than a pointer to
// a header holding them, whose load the set's would wait for.
type cacheWords struct {
	base *atomic.Uint64 // the first set's first word
	mask uint64         // the sets, less 1
}

// cacheSetsFor returns how many sets m's caches take: one way per
// destination, a power of two from minCacheSets to maxCacheSets. Its
// names are the wildcard destinations' traffic, each serving at least
// one name, and the misses, mostly configured names with an element
// changed, which grow with the literal names too (measured at 10k: a
// way per wildcard pattern gave the exact-shaped configs' 1,000 patterns
// 2,048 ways, and 15-18% of their wildcard-only names walked).
func cacheSetsFor(m *Matcher) int {
	sets := minCacheSets
	for sets < maxCacheSets && sets*cacheWays < len(m.Rank) {
		sets *= 2
	}
	return sets
}

// newResultCache returns an empty cache, or nil for a Matcher whose
// every lookup is the exact table's (no automata, no mask tables): its
// misses already cost no walk.
func newResultCache(m *Matcher) *resultCache {
	if len(m.Automata) == 0 && len(m.masks) == 0 {
		return nil
	}
	return &resultCache{mask: uint64(cacheSetsFor(m) - 1)}
}

// first returns the cache's first word, allocating the words on first
// use. Lookups make their cacheWords of it and the mask themselves: a
// method returning both is over the inliner's budget with first inlined.
func (c *resultCache) first() *atomic.Uint64 {
	if w := c.words.Load(); w != nil {
		return w
	}
	return c.allocate()
}

// allocate makes the cache's words, once: of two lookups racing to, one
// stores its words and both use those.
//
//go:noinline
func (c *resultCache) allocate() *atomic.Uint64 {
	w := make([]atomic.Uint64, int(c.mask+1)*cacheSetWords+7)
	skip := (64 - uintptr(unsafe.Pointer(&w[0]))%64) % 64 / 8
	c.words.CompareAndSwap(nil, &w[skip])
	return c.words.Load()
}

// set returns the set of hash h. Every hash has its bit 0 set (0 marks
// an empty slot in the tables), so the set is chosen by the bits above
// it: by the low bits, only the odd half of the sets was ever used. The
// mask keeps the set inside the words allocate made for it.
func (c cacheWords) set(h uint64) *[cacheSetWords]atomic.Uint64 {
	return (*[cacheSetWords]atomic.Uint64)(unsafe.Add(unsafe.Pointer(c.base), (h>>1&c.mask)*(cacheSetWords*8)))
}

// cacheKey is the low half of the meta of name, whose hash is h: its
// length and 24 bits of the hash the set index does not use.
func cacheKey(n int, h uint64) uint32 {
	return uint32(n) | uint32(h>>40)<<8
}

// cacheAnswer packs Resolve's answer into 32 bits: dest+1 (0 for -1, no
// match) below bit 31, bit 31 for an invalid name. Destination numbers
// are int32 and at most 200,000.
func cacheAnswer(d int, err error) uint64 {
	if err != nil {
		return cacheInvalid
	}
	return uint64(uint32(d + 1))
}

// cacheInvalid is cacheAnswer's answer for an invalid name.
const cacheInvalid = 1 << 31

// cacheResult unpacks cacheAnswer.
func cacheResult(a uint32) (int, error) {
	if a&cacheInvalid != 0 {
		return -1, ErrInvalidName
	}
	return int(a) - 1, nil
}

// lastWord is the name's last 8 bytes, or its bytes zero-padded when it
// is shorter, as a way's word 0 holds them. The name is not empty.
func lastWord(name string) uint64 {
	n := len(name)
	if n >= 8 {
		return loadAt(name, n-8)
	}
	var w uint64
	for i := n - 1; i >= 0; i-- {
		w = w<<8 | uint64(name[i])
	}
	return w
}

// get returns the cached answer of name (1 to maxCachedName bytes), whose
// hash is h, and copies into extra the words its way holds after the
// name's (put's extra); ok is false when its set does not hold it or a
// writer is changing the set.
func (c cacheWords) get(name string, h uint64, extra []uint64) (a uint32, ok bool) {
	s := c.set(h)
	seq := s[0].Load()
	key := cacheKey(len(name), h)
	for w := range cacheWays {
		meta := s[cacheMeta+w].Load()
		if uint32(meta) != key {
			continue
		}
		// The whole name, not its hash: names sharing the key's hash
		// bits must never share an answer.
		way := (*[cacheWayWords]atomic.Uint64)(s[cacheHeader+w*cacheWayWords:])
		diff := way[0].Load() ^ lastWord(name)
		// Up to 24 bytes, the words written out (loops cost 10-30% of
		// get), and from 32 to 64 the first and last four whole words
		// (0.90x on wild-telemetry's 48-byte names at N = 100); longer
		// names four words a step, as independent XORs: 100 bytes are
		// then 3 steps and a word, not 12 dependent ones.
		switch n := len(name); {
		case n >= 32 && n <= 64:
			k := n / 8
			diff |= (way[1].Load() ^ loadAt(name, 0)) | (way[2].Load() ^ loadAt(name, 8)) |
				(way[3].Load() ^ loadAt(name, 16)) | (way[4].Load() ^ loadAt(name, 24)) |
				(way[k-3].Load() ^ loadAt(name, 8*k-32)) | (way[k-2].Load() ^ loadAt(name, 8*k-24)) |
				(way[k-1].Load() ^ loadAt(name, 8*k-16)) | (way[k].Load() ^ loadAt(name, 8*k-8))
		case n > 24:
			i := 0
			for ; i+4 <= n/8; i += 4 {
				diff |= (way[1+i].Load() ^ loadAt(name, 8*i)) | (way[2+i].Load() ^ loadAt(name, 8*i+8)) |
					(way[3+i].Load() ^ loadAt(name, 8*i+16)) | (way[4+i].Load() ^ loadAt(name, 8*i+24))
			}
			for ; i < n/8; i++ {
				diff |= way[1+i].Load() ^ loadAt(name, 8*i)
			}
		case n > 16:
			diff |= way[2].Load() ^ loadAt(name, 8)
			fallthrough
		case n > 8:
			diff |= way[1].Load() ^ loadAt(name, 0)
		}
		for j := range extra {
			extra[j] = way[1+len(name)/8+j].Load()
		}
		// An even sequence number, unchanged: no writer was changing
		// the set at the first load or began before the last, so the
		// name and the answer are one fill's, not a torn mix of two.
		if diff == 0 && seq&1 == 0 && s[0].Load() == seq {
			return uint32(meta >> 32), true
		}
	}
	return 0, false
}

// put offers the answer a of name (1 to maxCachedName bytes), whose hash
// is h, and extra words after the name's (at most cacheWayWords - 1 -
// len(name)/8), to its set: into an empty way at once, into a full set
// on the name's second miss in a row there. A set another writer is
// changing is left alone: the cache never waits.
func (c cacheWords) put(name string, h uint64, a uint64, extra []uint64) {
	s := c.set(h)
	seq := s[0].Load()
	if seq&1 != 0 {
		return
	}
	w := c.victim(s, h)
	if w < 0 || !s[0].CompareAndSwap(seq, seq+1) {
		return
	}
	way := (*[cacheWayWords]atomic.Uint64)(s[cacheHeader+w*cacheWayWords:])
	way[0].Store(lastWord(name))
	for i := 0; i < len(name)/8; i++ {
		way[1+i].Store(loadAt(name, 8*i))
	}
	for j, x := range extra {
		way[1+len(name)/8+j].Store(x)
	}
	s[cacheMeta+w].Store(uint64(cacheKey(len(name), h)) | a<<32)
	s[0].Store(seq + 2)
}

// victim returns the way put fills for hash h: an empty one, or, at a
// full set, on the name's second miss among the set's last three, the
// oldest; -1 when the doorkeeper turns it away.
func (c cacheWords) victim(s *[cacheSetWords]atomic.Uint64, h uint64) int {
	for w := range cacheWays {
		if s[cacheMeta+w].Load() == 0 {
			return w
		}
	}
	// Two hashes, not one: with one, two names alternating at a full
	// set evicted each other's mark and neither was ever admitted.
	if d := s[1].Load(); d != h && s[3].Load() != h {
		s[3].Store(d)
		s[1].Store(h)
		return -1
	}
	f := s[2].Add(1)
	return int(f % cacheWays)
}

// nameHash is the hash Resolve's and Allowed's caches key name by: the
// hash t's probe computed (h != 0), so that a name is hashed once per
// call, with the words it did not read (rehash) where t samples; else
// Hash(name, NameSeed). Which one a name gets depends only on the name
// and the table, so a name always lands in one set.
//
// A sampled hash serves the exact table, whose keys were checked to
// rarely share one (chooseSample), but not the cache, whose names are
// whatever a broker is asked: names differing only between the sampled
// words (an id in the middle of a long name) shared a set and its key
// bits, up to 26 of the events family's wildcard-only names at N = 100
// in one set of 8 ways (686 names, 287 sampled hashes), so that 12% of
// that stream missed the cache for good, each miss a walk.
func nameHash(t *NameTable, name string, h uint64) uint64 {
	if h != 0 && t.readsWhole(len(name)) {
		return h // inlined: most names, and every one where t hashes whole names
	}
	return rehash(name, h)
}

// sampledWhole is the longest name sampleHash reads every byte of: its
// first, middle and last 8 bytes cover at most 24 (readsWhole; wideHash,
// for names over wideFrom, reads fewer than all of theirs, and rehash
// covers both).
const sampledWhole = 24

// rehash is nameHash for a name t did not hash (h == 0) or sampled and
// did not read whole: the sampled hash with a hash of the bytes it left
// out, by independent multiplies (no chain through h). Up to 40 bytes
// the words at 8 and n-16 cover them (with the sampled middle word,
// whose bytes n/2-4 to n/2+4 reach both), up to 72 the first and last 32
// bytes; a longer name is hashed whole, its comparison in the cache
// costing more than the hash. One frame: through a helper and Hash, the
// two calls cost 3 of the 13 ns it took on names of 73-152 bytes (thread
// CPU time, min of 30 alternated passes).
func rehash(name string, h uint64) uint64 {
	n := len(name)
	switch {
	case h == 0:
		return Hash(name, NameSeed)
	case n > 72:
		return h ^ hashLong(name, NameSeed^hashK0) // Hash(name, NameSeed) without its call
	case n > 40:
		return h ^ mix(loadAt(name, 8)^hashK1, loadAt(name, 16)^hashK2) ^
			mix(loadAt(name, 24)^hashK3, loadAt(name, n-32)^hashK1) ^
			mix(loadAt(name, n-24)^hashK2, loadAt(name, n-16)^hashK3)
	}
	return h ^ mix(loadAt(name, 8)^hashK1, loadAt(name, n-16)^hashK2)
}

// resolveCached is Resolve for a name not in the exact table: the front
// index's answer from its second look (frontIndex.second), else the cached
// answer, then also offered to the front (frontindex.go), or
// resolveSlow's, offered to the cache. The cache is keyed by
// the hash the exact table's probe computed (h; 0 when it did not hash
// the name) where that hash read the whole name, see nameHash: on names
// of 60-140 bytes a second hash cost about 15 ns of the lookup.
func (m *Matcher) resolveCached(name string, h uint64) (int, error) {
	c := m.cache
	n := len(name)
	if c == nil || n == 0 || n > maxCachedName {
		return m.resolveSlow(name)
	}
	hc := nameHash(&m.Exact, name, h)
	if w0, rec := m.front.second(name, h, hc); rec != nil {
		return cacheResult(uint32(w0 >> 32))
	}
	w := cacheWords{c.first(), c.mask}
	if a, ok := w.get(name, hc, nil); ok {
		if h != 0 {
			m.enter(name, h, a) // its second sighting (frontindex.go)
		}
		return cacheResult(a)
	}
	d, err := m.resolveSlow(name)
	w.put(name, hc, cacheAnswer(d, err), nil)
	return d, err
}
