package live

import "sync/atomic"

// Holder publishes one Realm at a time and replaces it atomically. Readers
// call Current once per request and ask that snapshot every question of
// the request, so that its Resolve, Allowed and AutoCreate come from one
// config; Current never blocks and never allocates, and a reader still
// using a replaced Realm finishes on it (nothing is freed under it).
//
// Update validates a new config completely before publishing it: a config
// with any error (or, with Options.Strict, any warning) is rejected with
// its diagnostics and the current Realm keeps serving, unchanged.
type Holder struct {
	cur  atomic.Pointer[Realm]
	opts Options
}

// NewHolder returns a Holder serving r (which may be nil: Current then
// returns nil until the first successful Update), checking updates with o.
func NewHolder(r *Realm, o Options) *Holder {
	h := &Holder{opts: o}
	h.cur.Store(r)
	return h
}

// Current returns the Realm being served.
func (h *Holder) Current() *Realm { return h.cur.Load() }

// Update compiles the sources with the Holder's options and, when the
// config is accepted, publishes its Realm. On error (an *Error with every
// diagnostic) the served Realm is unchanged.
func (h *Holder) Update(sources ...Source) (Report, error) {
	// Concurrent Updates each publish a whole Realm; the last to finish
	// compiling is served.
	r, rep, err := h.opts.Compile(sources...)
	if err != nil {
		return rep, err
	}
	h.Store(r)
	return rep, nil
}

// Store publishes r, a Realm built by Compile or Load. A nil r is ignored:
// a Holder never goes back to serving nothing.
func (h *Holder) Store(r *Realm) {
	if r == nil {
		return
	}
	h.cur.Store(r)
}
