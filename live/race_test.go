package live

import (
	"bytes"
	"fmt"
	"path/filepath"
	goruntime "runtime"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/destgen/destgen/runtime"
)

// answer is everything one request asks a snapshot: Resolve, Allowed for
// two callers on both operations, and AutoCreate on both.
type answer struct {
	dest, store       string
	allowed           [2][2]bool // [alice, bob][publish, subscribe]
	create, createCon int
}

// ask answers one request from one snapshot, as a broker would, without
// allocating.
func ask(r *Realm, name string) answer {
	var a answer
	if d, _ := r.Resolve(name); d != nil {
		a.dest, a.store = d.Pattern(), d.Store()
	}
	for i, who := range [2]string{"alice", "bob"} {
		p := r.LookupPrincipal(who)
		a.allowed[i] = [2]bool{r.Allowed(runtime.Publish, name, p), r.Allowed(runtime.Subscribe, name, p)}
	}
	a.create, a.createCon = -1, -1
	if p, ok := r.AutoCreate(name, runtime.Publish); ok {
		a.create = p.Index
	}
	if p, ok := r.AutoCreate(name, runtime.Consume); ok {
		a.createCon = p.Index
	}
	return a
}

// swapNames are names on which swap-a.json and swap-b.json answer
// differently; TestSwapRace checks that they do.
var swapNames = []string{"orders.eu", "orders.us", "orders.eu.dlq", "metrics.cpu", "metrics.cpu.1", "tmp.x", "audit.x"}

// badUpdates are configs an update must reject, leaving the served realm
// as it was: syntax errors, nesting past the decoder's limit, an invalid
// regex, a store conflict, and an empty body.
func badUpdates(t *testing.T) []Source {
	return []Source{
		source(t, filepath.Join("testdata", "bad-regex.json"), Auto),
		source(t, filepath.Join("testdata", "conflict.json"), Auto),
		{Name: "syntax.json", Data: []byte(`{"destinations": [{"name": "a.b",}]}`)},
		{Name: "deep.json", Data: bytes.Repeat([]byte("["), 1000)},
		{Name: "empty.json"},
	}
}

// garbage is 10 MB of bytes that are not JSON, made once: under -race
// filling 10 MB takes a second.
func garbage() Source {
	g := make([]byte, 10<<20)
	g[0] = 0xff
	return Source{Name: "garbage.json", Data: g}
}

// TestSwapRace: readers on every core ask one snapshot per request while
// an updater swaps between two configs and tries bad ones. Every request's
// answers are entirely those of one config, never a mix; a bad update
// never changes the served realm; and readers keep answering while a
// large config compiles (a read never waits for an update). Run with
// -race (make test does).
func TestSwapRace(t *testing.T) {
	srcA := source(t, filepath.Join("testdata", "swap-a.json"), Auto)
	srcB := source(t, filepath.Join("testdata", "swap-b.json"), Auto)
	a, b := mustCompile(t, srcA), mustCompile(t, srcB)
	wantA, wantB := make([]answer, len(swapNames)), make([]answer, len(swapNames))
	for i, n := range swapNames {
		wantA[i], wantB[i] = ask(a, n), ask(b, n)
		if wantA[i] == wantB[i] {
			t.Fatalf("%q: both configs answer %+v: the test could not see a mix", n, wantA[i])
		}
	}
	h := NewHolder(a, Options{})
	var stop atomic.Bool
	var reads atomic.Int64
	var wg sync.WaitGroup
	errs := make(chan string, goruntime.GOMAXPROCS(0))
	for w := range goruntime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := w; !stop.Load(); i++ {
				k := i % len(swapNames)
				got := ask(h.Current(), swapNames[k])
				if got != wantA[k] && got != wantB[k] {
					errs <- fmt.Sprintf("%q: %+v is neither config's answer (%+v, %+v)", swapNames[k], got, wantA[k], wantB[k])
					return
				}
				reads.Add(1)
			}
		}()
	}
	bad, began := badUpdates(t), time.Now()
	swaps := 40
	if testing.Short() {
		swaps = 10
	}
	for i := range swaps {
		src, b := srcA, bad[i%len(bad)]
		if i == 0 {
			b = garbage() // once: making and decoding 10 MB takes a while under -race
		}
		if i%2 == 0 {
			src = srcB
		}
		if _, err := h.Update(src); err != nil {
			t.Fatal(err)
		}
		before := h.Current()
		if _, err := h.Update(b); err == nil {
			t.Errorf("bad update %s accepted", b.Name)
		}
		if h.Current() != before {
			t.Errorf("bad update %s replaced the served realm", b.Name)
		}
	}
	readsDuringCompile(t, h, srcA, &reads)
	stop.Store(true)
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
	t.Logf("%d reads over %d swaps in %v", reads.Load(), swaps, time.Since(began))
}

// readsDuringCompile updates h with a config large enough that compiling
// it takes a while, and checks that readers answered meanwhile: a reader
// waiting on the update would not have. On two shared cores the readers
// may by chance not be scheduled during one update, so it tries up to
// minReadAttempts times; a reader that blocks on updates answers nothing
// in every attempt.
// The large config is srcA and more destinations that match none of
// swapNames, so readers still see config A's answers.
func readsDuringCompile(t *testing.T, h *Holder, srcA Source, reads *atomic.Int64) {
	var b bytes.Buffer
	b.WriteString(`{"destinations": [`)
	for i := range largeUpdateDests {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"name": "big.%d.*.x", "acl": {"publish": ["alice"]}}`, i)
	}
	b.WriteString(`]}`)
	var seen []int64
	for range minReadAttempts {
		start, began := reads.Load(), time.Now()
		if _, err := h.Update(srcA, Source{Name: "big.json", Data: b.Bytes()}); err != nil {
			t.Fatal(err)
		}
		n := reads.Load() - start
		t.Logf("large update: %v, %d reads meanwhile", time.Since(began), n)
		if n >= minReadsDuringUpdate {
			return
		}
		seen = append(seen, n)
	}
	t.Errorf("reads during each of %d large updates: %v, want %d in one: readers waited for them", minReadAttempts, seen, minReadsDuringUpdate)
}

// A blocked reader finishes at most the read it had begun when an update
// started, so a few reads in an update's time could still be a blocking
// Current; ten are not.
//
// largeUpdateDests makes the large update take tens of milliseconds:
// with 300 its compile took 2-3 ms, too short a window for the readers
// to be sure of being scheduled on two shared cores: in session 24 all
// three attempts once saw 0 reads.
const (
	largeUpdateDests     = 3000
	minReadsDuringUpdate = 10
	minReadAttempts      = 3
)
