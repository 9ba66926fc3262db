package harness

import (
	"github.com/destgen/destgen/runtime"
	"strings"
	"sync"
	"testing"
)

// The NATS server's result cache, as server/sublist.go (v2.15) keeps it in
// front of its subject trie: at most cacheMax subjects; when a store takes
// it past that, entries are deleted in map iteration order until cacheSweep
// remain.
const (
	cacheMax   = 1024 // slCacheMax
	cacheSweep = 256  // slCacheSweep
)

// GSLCache is gsl+pick behind the NATS server's result cache: what the
// best Go broker runs for each published subject. A hit is a read-locked
// map lookup; a miss validates, walks the trie, picks the best match and
// stores the answer under the write lock, as Sublist.match does. The
// server sweeps in a goroutine it starts when the cache is over its
// maximum; here the sweep runs inline, which is cheaper than starting a
// goroutine and keeps a benchmark's work on its own thread.
type GSLCache struct {
	gsl   *GSL
	mu    sync.RWMutex
	cache map[string]gslAnswer
}

type gslAnswer struct {
	dest  int32
	valid bool
}

// NewGSLCache puts the cache in front of g.
func NewGSLCache(g *GSL) *GSLCache {
	return &GSLCache{gsl: g, cache: make(map[string]gslAnswer)}
}

// Resolve answers as GSL.Resolve does.
func (c *GSLCache) Resolve(name string) (int, error) {
	c.mu.RLock()
	a, ok := c.cache[name]
	c.mu.RUnlock()
	if !ok {
		d, err := c.gsl.Resolve(name)
		a = gslAnswer{dest: int32(d), valid: err == nil}
		c.mu.Lock()
		// The server copies the subject when the caller's buffer is
		// reused; a benchmark's names are stable, but a broker's are not.
		c.cache[strings.Clone(name)] = a
		if len(c.cache) > cacheMax {
			c.sweep()
		}
		c.mu.Unlock()
	}
	if !a.valid {
		return -1, runtime.ErrInvalidName
	}
	return int(a.dest), nil
}

// sweep is Sublist.reduceCacheCount: delete in map iteration order down
// to cacheSweep entries. Called with the write lock held.
func (c *GSLCache) sweep() {
	for k := range c.cache {
		delete(c.cache, k)
		if len(c.cache) <= cacheSweep {
			return
		}
	}
}

// Len is the number of cached subjects.
func (c *GSLCache) Len() int {
	c.mu.RLock()
	defer c.mu.RUnlock()
	return len(c.cache)
}

func (c *GSLCache) ResolveLoop(b *testing.B, names []string) {
	mask := len(names) - 1
	for i := 0; b.Loop(); i++ {
		c.Resolve(names[i&mask])
	}
}
