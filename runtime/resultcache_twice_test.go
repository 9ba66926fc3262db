package runtime

import "testing"

// TestCacheTwiceInARowRefills holds what the benchmarks' warm-up relies
// on (bench/steady_test.go): a set full of names nobody asks any more
// admits none of k >= 3 new names asked in turn, however often the turn
// repeats (the doorkeeper remembers the last two), but asked twice in
// a row each, once, it holds them all (k <= cacheWays) or the last
// cacheWays of them. At, below and above cacheWays; k = 1 and k = 2 (two
// names alternating) pass the doorkeeper on the turn's second round.
func TestCacheTwiceInARowRefills(t *testing.T) {
	const set = 5
	for _, k := range []int{1, 2, cacheWays - 1, cacheWays, cacheWays + 1, 2 * cacheWays} {
		c := newTestCache()
		// h for the j-th name of set: the set is chosen by the bits
		// above bit 0 (cacheWords.set), so these differ above the mask.
		h := func(j int) uint64 { return 1 | set<<1 | uint64(j)*(c.mask+1)<<1 }
		ask := func(j int) { // as resolveCached asks: get, put on a miss
			name := cacheName(30, j)
			if _, ok := c.get(name, h(j), nil); !ok {
				c.put(name, h(j), cacheAnswer(j, nil), nil)
			}
		}
		held := func(j int) bool { _, ok := c.get(cacheName(30, j), h(j), nil); return ok }
		for j := range cacheWays { // stale names fill the set
			ask(1000 + j)
		}
		for range 20 {
			for j := range k {
				ask(j)
			}
		}
		in := 0
		for j := range k {
			if held(j) {
				in++
			}
		}
		want := 0
		if k <= 2 {
			want = k
		}
		if in != want {
			t.Errorf("k = %d asked in turn: %d held; want %d", k, in, want)
		}
		for j := range k {
			ask(j)
			ask(j)
		}
		for j := range k {
			if want := j >= k-cacheWays; held(j) != want {
				t.Errorf("k = %d asked twice in a row: name %d held %v; want %v", k, j, held(j), want)
			}
		}
	}
}
