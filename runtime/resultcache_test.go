package runtime

import (
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"unsafe"
)

// newTestCache is a cache as NewMatcher makes one, for the tests that
// drive it with hashes of their choosing: names that share a hash share
// a set and a key, the case the whole-name comparison is for.
func newTestCache() cacheWords {
	return newTestResultCache().table()
}

// newTestResultCache is newTestCache as a Matcher holds it.
func newTestResultCache() *resultCache {
	return newResultCache(&Matcher{Automata: make([]Automaton, 1)})
}

// cacheName is a name of n bytes, distinct for each i that fits.
func cacheName(n, i int) string {
	return (fmt.Sprintf("%d.", i) + strings.Repeat("x", n))[:n]
}

// TestCacheAnswers: every answer Resolve gives round-trips through a way.
func TestCacheAnswers(t *testing.T) {
	c := newTestCache()
	for i, want := range []struct {
		d   int
		err error
	}{{-1, nil}, {0, nil}, {1, nil}, {199_999, nil}, {1<<31 - 2, nil}, {-1, ErrInvalidName}} {
		name := cacheName(20, i)
		c.put(name, uint64(i), cacheAnswer(want.d, want.err), nil)
		a, ok := c.get(name, uint64(i), nil)
		if !ok {
			t.Fatalf("answer %v: not cached", want)
		}
		if d, err := cacheResult(a); d != want.d || err != want.err {
			t.Errorf("answer %d, %v came back as %d, %v", want.d, want.err, d, err)
		}
	}
}

// TestCacheEveryLength: a name of every length a way holds is found, and
// a name differing from it in any one byte is not, though it has the same
// hash: at, below and above each word boundary and maxCachedName.
func TestCacheEveryLength(t *testing.T) {
	for n := 1; n <= maxCachedName; n++ {
		c := newTestCache()
		name := cacheName(n, n)
		c.put(name, 7, cacheAnswer(n, nil), nil)
		a, ok := c.get(name, 7, nil)
		if !ok || a != uint32(n+1) {
			t.Fatalf("length %d: get = %d, %v; want %d, true", n, a, ok, n+1)
		}
		for i := range n {
			other := []byte(name)
			other[i] ^= 1
			if a, ok := c.get(string(other), 7, nil); ok {
				t.Fatalf("length %d: a name differing at byte %d got answer %d", n, i, a)
			}
		}
		for _, m := range []int{n - 1, n + 1} {
			if m > 0 && m <= maxCachedName {
				if _, ok := c.get(cacheName(m, n), 7, nil); ok {
					t.Fatalf("length %d: a name of %d bytes with its hash was found", n, m)
				}
			}
		}
	}
}

// TestResolveCachedLengthBound: resolveCached caches names of 1 to
// maxCachedName bytes and leaves longer ones (invalid: MaxNameBytes is
// below it) to resolveSlow.
func TestResolveCachedLengthBound(t *testing.T) {
	if maxCachedName < MaxNameBytes {
		t.Fatalf("maxCachedName %d < MaxNameBytes %d: valid names would go uncached", maxCachedName, MaxNameBytes)
	}
	m := &Matcher{Automata: make([]Automaton, 0, 1)}
	m.cache = newTestResultCache()
	for _, n := range []int{maxCachedName - 1, maxCachedName, maxCachedName + 1} {
		name := strings.Repeat("a", n)
		for range 2 {
			if d, err := m.resolveCached(name, 0); d != -1 || err != ErrInvalidName {
				t.Fatalf("length %d: %d, %v; want -1, ErrInvalidName", n, d, err)
			}
		}
		filled := 0
		for i := range minCacheSets * cacheWays {
			if m.cache.table().words()[i/cacheWays*cacheSetWords+cacheMeta+i%cacheWays].Load() != 0 {
				filled++
			}
		}
		// A way could not hold a longer name: its words would run into
		// the next way's.
		if want := n <= maxCachedName; (filled == 1) != want || filled > 1 {
			t.Errorf("length %d: %d ways filled; want cached %v", n, filled, want)
		}
		m.cache = newTestResultCache()
	}
}

// TestCacheDoorkeeper: a full set admits a name on its second miss in a
// row, not its first; an empty way takes a name at once.
func TestCacheDoorkeeper(t *testing.T) {
	c := newTestCache()
	const h = 3
	for i := range cacheWays {
		c.put(cacheName(30, i), h, cacheAnswer(i, nil), nil)
	}
	for i := range cacheWays {
		if _, ok := c.get(cacheName(30, i), h, nil); !ok {
			t.Fatalf("way %d: not filled at once", i)
		}
	}
	late := cacheName(30, cacheWays)
	c.put(late, h, cacheAnswer(99, nil), nil)
	if _, ok := c.get(late, h, nil); ok {
		t.Fatal("a full set admitted a name on its first miss")
	}
	c.put(late, h, cacheAnswer(99, nil), nil)
	if a, ok := c.get(late, h, nil); !ok || a != 100 {
		t.Fatalf("second miss: get = %d, %v; want 100, true", a, ok)
	}
	kept := 0
	for i := range cacheWays {
		if a, ok := c.get(cacheName(30, i), h, nil); ok {
			kept++
			if a != uint32(i+1) {
				t.Errorf("way of name %d: answer %d after an eviction", i, a)
			}
		}
	}
	if kept != cacheWays-1 {
		t.Errorf("%d of the first names kept after one eviction; want %d", kept, cacheWays-1)
	}
}

// TestCacheEvictionsKeepAnswers: many names of one hash through one set,
// each name always with its own answer: an evicted way's new name never
// comes back with the old name's answer.
func TestCacheEvictionsKeepAnswers(t *testing.T) {
	c := newTestCache()
	for round := range 50 {
		for i := range 3 * cacheWays {
			name := cacheName(9+i%3*20, i)
			if a, ok := c.get(name, 5, nil); ok && a != uint32(i+1) {
				t.Fatalf("round %d: %q answered %d, want %d", round, name, a, i+1)
			}
			c.put(name, 5, cacheAnswer(i, nil), nil)
		}
	}
}

// TestCacheTornWay: a reader that meets a way a writer is refilling (the
// new name's words in, the old name's meta still there) does not take
// the old name's answer for the new name; once the fill is done it
// takes the new answer. This is TestCacheConcurrent's race, played out
// in order.
func TestCacheTornWay(t *testing.T) {
	c := newTestCache()
	old, name := cacheName(40, 1), cacheName(40, 2)
	c.put(old, 13, cacheAnswer(1, nil), nil)
	s := c.set(13)
	way := s[cacheHeader : cacheHeader+cacheWayWords]
	s[0].Add(1) // a writer has taken the set
	for i := range len(name) / 8 {
		way[1+i].Store(loadAt(name, 8*i))
	}
	if a, ok := c.get(name, 13, nil); ok {
		t.Fatalf("mid-fill: %q answered %d, the answer of %q", name, a, old)
	}
	s[cacheMeta].Store(uint64(cacheKey(len(name), 13)) | cacheAnswer(2, nil)<<32)
	s[0].Add(1)
	if a, ok := c.get(name, 13, nil); !ok || a != 3 {
		t.Fatalf("after the fill: get = %d, %v; want 3, true", a, ok)
	}
}

// TestCacheConcurrent: writers refilling one set with names of one
// length and one hash, which differ only in their first bytes, and
// readers checking every answer they get: a reader must never take one
// fill's answer with another's name (a torn read: the answer of the name
// a way held when the reader read its meta, the first word of the name
// a writer is putting there). Run it with -race too: every access is
// atomic, so the detector has nothing to say.
func TestCacheConcurrent(t *testing.T) {
	c := newTestCache()
	const names = 3 * cacheWays
	var ns [names]string
	for i := range ns {
		ns[i] = fmt.Sprintf("%02d", i) + strings.Repeat("x", MaxNameBytes-2)
	}
	iters := 40000
	if testing.Short() {
		iters = 10000
	}
	var wg sync.WaitGroup
	var bad sync.Once
	for g := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := range iters {
				i := (k*7 + g*5) % names
				if a, ok := c.get(ns[i], 11, nil); ok && a != uint32(i+1) {
					bad.Do(func() { t.Errorf("name %d answered %d, want %d", i, a, i+1) })
				}
				if g%2 == 0 {
					// Twice, past the doorkeeper: every put evicts.
					c.put(ns[i], 11, cacheAnswer(i, nil), nil)
					c.put(ns[i], 11, cacheAnswer(i, nil), nil)
				}
			}
		}()
	}
	wg.Wait()
}

// TestCacheGetDoesNotAllocate: a hit, a miss and a fill allocate nothing.
func TestCacheGetDoesNotAllocate(t *testing.T) {
	c := newTestCache()
	name := cacheName(45, 1)
	if n := testing.AllocsPerRun(100, func() {
		c.put(name, 9, cacheAnswer(3, nil), nil)
		c.get(name, 9, nil)
		c.get(name[:44], 9, nil)
	}); n != 0 {
		t.Errorf("%v allocations per get and put", n)
	}
}

// BenchmarkResultCache is what the cache adds to a Resolve: a hit (the
// hash, the set's header and the way's words), and a miss on a stream of
// names that do not repeat within the cache's size (the hash, the probe
// and the doorkeeper's store), which a uniform stream pays on top of the
// walk. go test -bench ResultCache -count 10 ./runtime/
func BenchmarkResultCache(b *testing.B) {
	for _, n := range []int{30, 100} {
		names := make([]string, 1<<14)
		for i := range names {
			names[i] = cacheName(n, i*7919)
		}
		b.Run(fmt.Sprintf("len=%d/hit", n), func(b *testing.B) {
			c := newTestCache()
			hot := names[:512]
			for range 2 {
				for _, s := range hot {
					c.put(s, Hash(s, NameSeed), 1, nil)
				}
			}
			for i := 0; b.Loop(); i++ {
				s := hot[i&511]
				c.get(s, Hash(s, NameSeed), nil)
			}
		})
		b.Run(fmt.Sprintf("len=%d/miss", n), func(b *testing.B) {
			c := newTestCache()
			for i := 0; b.Loop(); i++ {
				s := names[i&(1<<14-1)]
				h := Hash(s, NameSeed)
				if _, ok := c.get(s, h, nil); !ok {
					c.put(s, h, 1, nil)
				}
			}
		})
	}
}

// TestCacheAllocatedOnFirstUse: a new cache holds no words (the planner's
// Matchers, and a broker whose names all hit the exact table, never pay
// for them); the first name resolveCached caches allocates them, once.
func TestCacheAllocatedOnFirstUse(t *testing.T) {
	m := &Matcher{Automata: make([]Automaton, 1)}
	m.cache = newResultCache(m)
	if m.cache == nil || m.cache.words.Load() != nil {
		t.Fatal("a new Matcher's cache already holds words")
	}
	m.resolveCached("a..b", 0)
	w := m.cache.words.Load()
	if w == nil {
		t.Fatal("the first cached lookup allocated no words")
	}
	m.resolveCached("a..c", 0)
	if m.cache.words.Load() != w || m.cache.allocate() != w {
		t.Fatal("a later lookup replaced the cache's words")
	}
	if newResultCache(&Matcher{}) != nil {
		t.Error("a Matcher without wildcards got a cache")
	}
}

// TestCacheEverySetUsed: the hashes the cache is keyed by (Hash and
// sampleHash, both with bit 0 always set) reach every set, not the odd
// half that their low bits alone would choose.
func TestCacheEverySetUsed(t *testing.T) {
	c := newTestCache()
	base := uintptr(unsafe.Pointer(c.set(0)))
	for _, hash := range []func(string) uint64{
		func(s string) uint64 { return Hash(s, NameSeed) },
		sampleHash,
	} {
		used := map[uintptr]bool{}
		for i := range 16 * minCacheSets {
			used[uintptr(unsafe.Pointer(c.set(hash(cacheName(24, i)))))-base] = true
		}
		if len(used) != minCacheSets {
			t.Errorf("%d names reach %d of %d sets", 16*minCacheSets, len(used), minCacheSets)
		}
	}
}

// TestCacheKeyedByProbeHash: Resolve keys the cache by the hash the
// exact table's probe computed (nameHash): the sampled hash itself up to
// sampledWhole bytes, so that such a name is hashed once, and above it
// the sampled hash with the bytes it left out; a name of each length
// class Resolve cached is found under that key.
func TestCacheKeyedByProbeHash(t *testing.T) {
	keys := nameTableKeys()
	m := &Matcher{Exact: NewNameTable(keys, nameValues(keys)), Automata: make([]Automaton, 0, 1)}
	if !m.Exact.sampled {
		t.Fatal("the test's table does not sample its keys")
	}
	m.cache = newTestResultCache()
	for _, n := range []int{4, 7, 8, 9, 16, 17, sampledWhole - 1, sampledWhole, sampledWhole + 1, 32, 33, 40, 41, 48, 49, 64, 65, 200} {
		name := "a.." + strings.Repeat("b", n-3) // invalid: resolveSlow's answer is quick
		for range 2 {
			if d, err := m.Resolve(name); d != -1 || err != ErrInvalidName {
				t.Fatalf("%d bytes: Resolve = %d, %v", n, d, err)
			}
		}
		h := m.Exact.hash(name)
		if n > sampledWhole {
			h = rehash(name, h)
		}
		if _, ok := m.cache.table().get(name, h, nil); !ok {
			t.Errorf("%d bytes: not cached under hash %#x (the sample's: %v)", n, h, n <= sampledWhole)
		}
	}
}

// TestCacheKeyReadsEveryByte: the key nameHash gives a name of any length
// where the table samples (sampleHash or wideHash) changes with every
// byte of the name: rehash covers what the sample leaves out, at and
// around each of its bounds.
func TestCacheKeyReadsEveryByte(t *testing.T) {
	for _, keys := range [][]string{nameTableKeys(), wideKeys()} {
		tab := NewNameTable(keys, nameValues(keys))
		if tab.readsWhole(MaxNameBytes) {
			t.Fatal("the test's table does not sample its keys")
		}
		key := func(s string) uint64 { return nameHash(&tab, s, tab.hash(s)) }
		for n := 8; n <= MaxNameBytes; n++ {
			base := strings.Repeat("q", n)
			for i := range n {
				b := []byte(base)
				b[i] = 'r'
				if key(string(b)) == key(base) {
					t.Fatalf("sampled %v, wide %v, %d bytes: byte %d does not change the cache's key", tab.sampled, tab.wide, n, i)
				}
			}
		}
	}
}

// TestCacheSampledCrowd: names that share the exact table's sampled hash,
// differing only in bytes it does not read (an id mid-name), are cached
// all together, many more of them than a set has ways; a name of
// sampledWhole bytes, every byte of which the sample reads, keeps it.
func TestCacheSampledCrowd(t *testing.T) {
	keys := nameTableKeys()
	m := &Matcher{Exact: NewNameTable(keys, nameValues(keys)), Automata: make([]Automaton, 0, 1)}
	m.cache = newTestResultCache()
	const crowd = 4 * cacheWays
	var names []string
	for i := range crowd {
		// 100 bytes: the sample reads 0-7, 46-53 and 92-99.
		names = append(names, fmt.Sprintf("a..%s%03d%s", strings.Repeat("b", 10), i, strings.Repeat("c", 84)))
	}
	if sampleHash(names[0]) != sampleHash(names[1]) {
		t.Fatal("the crowd's names do not share a sampled hash")
	}
	for range 2 {
		for _, name := range names {
			m.Resolve(name)
		}
	}
	for _, name := range names {
		if _, ok := m.cache.table().get(name, nameHash(&m.Exact, name, sampleHash(name)), nil); !ok {
			t.Fatalf("%q not cached: the crowd shares a set", name)
		}
	}
	for _, n := range []int{sampledWhole - 1, sampledWhole} {
		if h := m.Exact.hash(names[0][:n]); nameHash(&m.Exact, names[0][:n], h) != h {
			t.Errorf("%d bytes: hashed again though the sample read every byte", n)
		}
	}
	// sampledWhole's claim: up to it every byte moves the sampled hash,
	// above it some byte does not.
	for n := 8; n <= sampledWhole+1; n++ {
		unread := -1
		for i := range n {
			b := []byte(strings.Repeat("q", n))
			b[i] = 'r'
			if sampleHash(string(b)) == sampleHash(strings.Repeat("q", n)) {
				unread = i
			}
		}
		if (unread >= 0) != (n > sampledWhole) {
			t.Errorf("%d bytes: byte %d unread by the sample (-1: none)", n, unread)
		}
	}
}

// words returns every word of c's sets.
func (c cacheWords) words() []atomic.Uint64 {
	return unsafe.Slice(c.base, (c.mask+1)*cacheSetWords)
}

// table returns c's words as lookups see them, allocating them on first
// use.
func (c *resultCache) table() cacheWords {
	return cacheWords{c.first(), c.mask}
}

// TestCacheSetsFor: a cache takes a way per destination, exact names
// included (counted from a built table's keys or an adopted one's ends:
// a sizing of wildcard patterns alone would leave the last rows at
// minCacheSets), in a power of two of sets from minCacheSets to
// maxCacheSets: at, below and above each step.
func TestCacheSetsFor(t *testing.T) {
	keys := []string{"a.b", "a.c", "a.d"}
	for _, c := range []struct {
		dests int
		exact NameTable
		want  int
	}{
		{0, NameTable{}, minCacheSets},
		{minCacheSets * cacheWays, NameTable{}, minCacheSets},
		{minCacheSets*cacheWays + 1, NameTable{}, 2 * minCacheSets},
		{maxCacheSets/2*cacheWays + 1, NameTable{}, maxCacheSets},
		{maxCacheSets * cacheWays, NameTable{}, maxCacheSets},
		{maxCacheSets*cacheWays + 1, NameTable{}, maxCacheSets},
		{200_000, NameTable{}, maxCacheSets},
		{minCacheSets*cacheWays + 1, NewNameTable(keys, nameValues(keys)), 2 * minCacheSets},
		{minCacheSets*cacheWays + 1, NameTable{ends: make([]uint32, 3)}, 2 * minCacheSets},
	} {
		m := &Matcher{Rank: make([]uint32, c.dests), Exact: c.exact}
		if got := cacheSetsFor(m); got != c.want {
			t.Errorf("%d destinations, %d exact: %d sets; want %d", c.dests, len(c.exact.keys)+len(c.exact.ends), got, c.want)
		}
	}
}

// TestCacheLargeHoldsItsWays: a cache of maxCacheSets sets reaches every
// set and holds as many names as it has ways, each with its answer: a
// name lands in the set of its hash's bits above bit 0, as many as the
// mask keeps.
func TestCacheLargeHoldsItsWays(t *testing.T) {
	m := &Matcher{Automata: make([]Automaton, 1), Rank: make([]uint32, maxCacheSets*cacheWays)}
	c := newResultCache(m).table()
	if c.mask != maxCacheSets-1 || len(c.words()) != maxCacheSets*cacheSetWords {
		t.Fatalf("mask %d, %d words; want %d sets", c.mask, len(c.words()), maxCacheSets)
	}
	base := uintptr(unsafe.Pointer(c.set(0)))
	used := map[uintptr]bool{}
	for i := range maxCacheSets * cacheWays {
		h := uint64(i)<<1 | 1
		used[uintptr(unsafe.Pointer(c.set(h)))-base] = true
		c.put(cacheName(30, i), h, cacheAnswer(i, nil), nil)
	}
	if len(used) != maxCacheSets {
		t.Errorf("%d names reach %d of %d sets", maxCacheSets*cacheWays, len(used), maxCacheSets)
	}
	for i := range maxCacheSets * cacheWays {
		if a, ok := c.get(cacheName(30, i), uint64(i)<<1|1, nil); !ok || a != uint32(i+1) {
			t.Fatalf("name %d: get = %d, %v; want %d, true", i, a, ok, i+1)
		}
	}
}

// TestCacheFloor: a small config's cache holds 4,096 names, one with a
// destination more than that many ways twice as many: at N = 100, 2,048
// ways left 5-12% of the wildcard-shaped configs' wildcard-only names
// walking (bench/README.md, session 19).
func TestCacheFloor(t *testing.T) {
	for _, c := range []struct{ dests, ways int }{{1, 4096}, {100, 4096}, {4096, 4096}, {4097, 8192}} {
		if got := cacheSetsFor(&Matcher{Rank: make([]uint32, c.dests)}) * cacheWays; got != c.ways {
			t.Errorf("%d destinations: %d ways; want %d", c.dests, got, c.ways)
		}
	}
}

// TestCacheKeyWhereTheTableReadsWhole: the caches key a name by the
// exact table's own hash exactly where that hash read every byte: up to
// sampledWhole bytes in a sampled table, up to wideFrom in a wide one
// (which hashes them whole), any length in one that hashes whole.
func TestCacheKeyWhereTheTableReadsWhole(t *testing.T) {
	// Keys differing only in byte 12, which neither sample reads: they
	// share both, so the table hashes them whole.
	var whole []string
	for _, c := range "abcd" {
		whole = append(whole, "aaaa.bbbb.cc"+string(c)+strings.Repeat("x", 27))
	}
	for _, c := range []struct {
		keys  []string
		bound int // the longest name keyed by the table's hash; 0: every name
	}{{nameTableKeys(), sampledWhole}, {wideKeys(), wideFrom}, {whole, 0}} {
		tab := NewNameTable(c.keys, nameValues(c.keys))
		for _, n := range []int{8, sampledWhole - 1, sampledWhole, sampledWhole + 1, wideFrom - 1, wideFrom, wideFrom + 1, 100} {
			name := strings.Repeat("q", n)
			h := tab.hash(name)
			want := c.bound == 0 || n <= c.bound
			if got := nameHash(&tab, name, h) == h; got != want || tab.readsWhole(n) != want {
				t.Errorf("sampled %v, wide %v, %d bytes: keyed by the table's hash %v, reads whole %v; want %v",
					tab.sampled, tab.wide, n, got, tab.readsWhole(n), want)
			}
		}
	}
}
