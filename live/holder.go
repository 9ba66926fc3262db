package live

import (
	"sync"
	"sync/atomic"

	"github.com/destgen/destgen/gen/model"
	"github.com/destgen/destgen/runtime"
)

// Holder publishes one Realm at a time and replaces it atomically. Readers
// call Current once per request and ask that snapshot every question of
// the request, so that its Resolve, Allowed and AutoCreate come from one
// config; Current never blocks and never allocates, and a reader still
// using a replaced Realm finishes on it (nothing is freed under it).
//
// Update validates a new config completely before publishing it: a config
// with any error (or, with Options.Strict, any warning) is rejected with
// its diagnostics and the current Realm keeps serving, unchanged. Its
// Report says what the new config changes from the one it replaced
// (Report.Changes), unless Options.NoChanges.
type Holder struct {
	cur  atomic.Pointer[Realm]
	opts Options

	// mu serialises Update and Store, so that base is the model of the
	// Realm being served and each Report compares with the config its
	// Update replaced. Readers never take it.
	mu   sync.Mutex
	base *model.Model // nil when the served Realm did not come from Update

	// mem keeps the plan buffer of a Realm LoadFile published, once
	// nothing refers to it, for the next LoadFile (holder_load.go).
	mem runtime.PlanMemory
}

// NewHolder returns a Holder serving r (which may be nil: Current then
// returns nil until the first successful Update), checking updates with o.
// A Holder knows the config it serves only from an Update: start from nil
// and Update with the first config for the next Update's Report to carry
// its Changes.
func NewHolder(r *Realm, o Options) *Holder {
	h := &Holder{opts: o}
	h.cur.Store(r)
	return h
}

// Current returns the Realm being served.
func (h *Holder) Current() *Realm { return h.cur.Load() }

// Update compiles the sources with the Holder's options and, when the
// config is accepted, publishes its Realm. On error (an *Error with every
// diagnostic) the served Realm is unchanged. Updates run one at a time:
// a second waits for the first to publish or fail.
func (h *Holder) Update(sources ...Source) (Report, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	r, m, rep, err := h.opts.compile(sources)
	if err != nil {
		return rep, err
	}
	if !h.opts.NoChanges {
		if h.base != nil {
			rep.Changes = changes(h.base, m)
		}
		h.base = m
	}
	h.cur.Store(r)
	return rep, nil
}

// Store publishes r, a Realm built by Compile or Load. A nil r is ignored:
// a Holder never goes back to serving nothing. The next Update's Report
// has no Changes: the Holder does not know r's config.
func (h *Holder) Store(r *Realm) {
	if r == nil {
		return
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	h.base = nil
	h.cur.Store(r)
}
