package live

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"time"
)

// DefaultPollInterval is how often Watch looks at a config file. A stat
// a second costs nothing measurable, and a second is well within the
// minute or so Kubernetes takes to propagate a ConfigMap change to a pod.
const DefaultPollInterval = time.Second

// Watcher reloads a Holder from config files when they change. It polls
// each file's status (through symlinks: the file a path resolves to, its
// identity, size and modification time) rather than subscribing to file
// system events: polling needs no dependency and no platform code, and it
// sees the way Kubernetes updates a mounted ConfigMap, where the path is a
// symlink through ..data into a timestamped directory and an update swaps
// ..data atomically: the path then resolves to another file, though the
// file the old path named never changed.
type Watcher struct {
	Holder   *Holder
	Paths    []string // merged in order, as repeated -config
	Format   Format   // how to read every file
	Interval time.Duration
	// Logf reports each reload and each rejected version, with its
	// diagnostics; nil discards them.
	Logf func(format string, args ...any)
}

// Watch reloads h from the config file at path whenever the file changes,
// polling at DefaultPollInterval, until ctx is done; a version with errors
// is logged through logf and rejected while h keeps serving its Realm. It
// loads the file once at the start. It returns ctx's error.
func Watch(ctx context.Context, path string, h *Holder, logf func(format string, args ...any)) error {
	w := &Watcher{Holder: h, Paths: []string{path}, Interval: DefaultPollInterval, Logf: logf}
	return w.Run(ctx)
}

// fileState identifies one version of a file: the file the path resolves
// to, and its status. A new ConfigMap version is a new file under a new
// directory, an in-place rewrite changes size or modification time.
type fileState struct {
	resolved string
	info     os.FileInfo
}

func (a fileState) same(b fileState) bool {
	if a.info == nil || b.info == nil {
		return a.info == nil && b.info == nil && a.resolved == b.resolved
	}
	return a.resolved == b.resolved && os.SameFile(a.info, b.info) &&
		a.info.Size() == b.info.Size() && a.info.ModTime().Equal(b.info.ModTime())
}

func stat(path string) fileState {
	resolved, err := filepath.EvalSymlinks(path)
	if err != nil {
		return fileState{}
	}
	info, err := os.Stat(resolved)
	if err != nil {
		return fileState{resolved: resolved}
	}
	return fileState{resolved: resolved, info: info}
}

// Run loads the files, then polls them every Interval (DefaultPollInterval
// if zero) and reloads when any has changed, until ctx is done. It
// returns ctx's error.
func (w *Watcher) Run(ctx context.Context) error {
	interval := w.Interval
	if interval <= 0 {
		interval = DefaultPollInterval
	}
	seen := w.reload(nil)
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-t.C:
			if now := w.states(); !sameStates(now, seen) {
				seen = w.reload(seen)
			}
		}
	}
}

func (w *Watcher) states() []fileState {
	out := make([]fileState, len(w.Paths))
	for i, p := range w.Paths {
		out[i] = stat(p)
	}
	return out
}

func sameStates(a, b []fileState) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !a[i].same(b[i]) {
			return false
		}
	}
	return true
}

// reload reads and compiles the files and updates the Holder. It returns
// the files' states as they were read, or prev when they changed while
// being read (a writer mid-rewrite): the next poll then sees a change and
// reads them again, whatever this read made of them.
func (w *Watcher) reload(prev []fileState) []fileState {
	before := w.states()
	srcs, err := w.read()
	if !sameStates(before, w.states()) {
		return prev
	}
	if err == nil {
		var rep Report
		rep, err = w.Holder.Update(srcs...)
		if err == nil {
			changes := ""
			if rep.Changes != nil {
				changes = fmt.Sprintf(", changes %v", rep.Changes.Counts)
			}
			w.logf("live: loaded %s (%d warnings%s)", w.name(), len(rep.Warnings), changes)
			for _, d := range rep.Warnings {
				w.logf("%s", d)
			}
			return before
		}
	}
	w.logf("live: %s rejected, still serving the previous config:\n%v", w.name(), err)
	return before
}

func (w *Watcher) read() ([]Source, error) {
	if len(w.Paths) == 0 {
		return nil, ErrNoSources
	}
	srcs := make([]Source, len(w.Paths))
	for i, p := range w.Paths {
		data, err := os.ReadFile(p)
		if err != nil {
			return nil, err
		}
		srcs[i] = Source{Name: p, Data: data, Format: w.Format}
	}
	return srcs, nil
}

func (w *Watcher) name() string {
	if len(w.Paths) == 1 {
		return w.Paths[0]
	}
	return fmt.Sprint(w.Paths)
}

func (w *Watcher) logf(format string, args ...any) {
	if w.Logf != nil {
		w.Logf(format, args...)
	}
}
