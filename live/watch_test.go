package live

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// logs collects a Watcher's messages.
type logs struct {
	mu    sync.Mutex
	lines []string
}

func (l *logs) logf(format string, args ...any) {
	l.mu.Lock()
	l.lines = append(l.lines, fmt.Sprintf(format, args...))
	l.mu.Unlock()
}

func (l *logs) count(substr string) int {
	l.mu.Lock()
	defer l.mu.Unlock()
	n := 0
	for _, s := range l.lines {
		if strings.Contains(s, substr) {
			n++
		}
	}
	return n
}

// waitFor polls cond until it holds, failing the test after a while.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); !cond(); time.Sleep(2 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
	}
}

// serves reports whether h serves the swap config whose orders.eu
// resolves to want.
func serves(h *Holder, want string) func() bool {
	return func() bool {
		r := h.Current()
		if r == nil {
			return false
		}
		d, _ := r.Resolve("orders.eu")
		return d != nil && d.Pattern() == want
	}
}

const (
	patternA = "orders.eu" // what swap-a.json resolves orders.eu to
	patternB = "orders.>"  // and swap-b.json
)

func readFile(t *testing.T, path string) []byte {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// startWatcher runs a Watcher on path until the test ends.
func startWatcher(t *testing.T, path string) (*Holder, *logs) {
	h, l := NewHolder(nil, Options{}), &logs{}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error)
	go func() {
		done <- (&Watcher{Holder: h, Paths: []string{path}, Interval: 5 * time.Millisecond, Logf: l.logf}).Run(ctx)
	}()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != context.Canceled {
			t.Errorf("Run returned %v", err)
		}
	})
	return h, l
}

// TestWatchInPlace: a file rewritten in place is reloaded; a bad version
// is logged and rejected, and the previous config keeps serving until a
// good version follows; a missing file is logged the same way.
func TestWatchInPlace(t *testing.T) {
	path := filepath.Join(t.TempDir(), "realm.json")
	if err := os.WriteFile(path, readFile(t, "testdata/swap-a.json"), 0o644); err != nil {
		t.Fatal(err)
	}
	h, l := startWatcher(t, path)
	waitFor(t, "the first load", serves(h, patternA))
	if err := os.WriteFile(path, readFile(t, "testdata/swap-b.json"), 0o644); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "the rewrite", serves(h, patternB))
	served := h.Current()
	if err := os.WriteFile(path, readFile(t, "testdata/bad-regex.json"), 0o644); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "the rejection", func() bool { return l.count("Java rejects this pattern") == 1 })
	if h.Current() != served {
		t.Fatal("a rejected version replaced the served realm")
	}
	if err := os.Remove(path); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "the missing file", func() bool { return l.count("no such file") == 1 })
	if err := os.WriteFile(path, readFile(t, "testdata/swap-a.json"), 0o644); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "the good version", serves(h, patternA))
	time.Sleep(30 * time.Millisecond) // several polls: an unchanged file is not reloaded
	if n := l.count("live: loaded"); n != 3 {
		t.Errorf("%d loads, want 3:\n%s", n, strings.Join(l.lines, "\n"))
	}
}

// configMap lays out dir as the kubelet does a mounted ConfigMap:
// realm.json -> ..data/realm.json, ..data -> ..<version>, and publishes a
// version by writing a new directory and renaming a new ..data symlink
// over the old one, then removing the old directory.
type configMap struct {
	dir     string
	version int
}

func (c *configMap) publish(t *testing.T, data []byte) {
	t.Helper()
	c.version++
	ver := fmt.Sprintf("..2026_12_01_16_00_%02d.%d", c.version, c.version)
	if err := os.Mkdir(filepath.Join(c.dir, ver), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(c.dir, ver, "realm.json"), data, 0o644); err != nil {
		t.Fatal(err)
	}
	old, _ := os.Readlink(filepath.Join(c.dir, "..data"))
	tmp := filepath.Join(c.dir, "..data_tmp")
	if err := os.Symlink(ver, tmp); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(tmp, filepath.Join(c.dir, "..data")); err != nil {
		t.Fatal(err)
	}
	if c.version == 1 {
		if err := os.Symlink(filepath.Join("..data", "realm.json"), filepath.Join(c.dir, "realm.json")); err != nil {
			t.Fatal(err)
		}
	} else if err := os.RemoveAll(filepath.Join(c.dir, old)); err != nil {
		t.Fatal(err)
	}
}

// TestWatchConfigMap: a ConfigMap update (an atomic swap of the ..data
// symlink; the file the path named before is never written) is reloaded,
// and a bad version is rejected while the previous one keeps serving.
func TestWatchConfigMap(t *testing.T) {
	cm := &configMap{dir: t.TempDir()}
	cm.publish(t, readFile(t, "testdata/swap-a.json"))
	h, l := startWatcher(t, filepath.Join(cm.dir, "realm.json"))
	waitFor(t, "the first load", serves(h, patternA))
	cm.publish(t, readFile(t, "testdata/swap-b.json"))
	waitFor(t, "the new version", serves(h, patternB))
	served := h.Current()
	cm.publish(t, readFile(t, "testdata/conflict.json"))
	waitFor(t, "the rejection", func() bool { return l.count("must use the same store") == 1 })
	if h.Current() != served {
		t.Fatal("a rejected version replaced the served realm")
	}
	// Same bytes as the served version, in a new directory: a new version
	// all the same, reloaded.
	cm.publish(t, readFile(t, "testdata/swap-b.json"))
	waitFor(t, "the last version", func() bool { return h.Current() != served && serves(h, patternB)() })
}

// TestWatch: Watch, the Watcher at DefaultPollInterval on one file,
// loads it once at the start, logs through logf, and returns ctx's error
// when ctx is done.
func TestWatch(t *testing.T) {
	path := filepath.Join(t.TempDir(), "realm.json")
	if err := os.WriteFile(path, readFile(t, "testdata/swap-a.json"), 0o644); err != nil {
		t.Fatal(err)
	}
	h, l := NewHolder(nil, Options{}), &logs{}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error)
	go func() { done <- Watch(ctx, path, h, l.logf) }()
	waitFor(t, "the first load", serves(h, patternA))
	waitFor(t, "its log line", func() bool { return l.count("live: loaded") == 1 })
	cancel()
	if err := <-done; err != context.Canceled {
		t.Errorf("Watch returned %v, want context.Canceled", err)
	}
}
