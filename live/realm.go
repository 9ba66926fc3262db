package live

import (
	"unsafe"

	"github.com/destgen/destgen/runtime"
)

// Realm is one compiled config: it answers what a generated package
// answers, with the same answers, through the same runtime (a
// runtime.Matcher and a runtime.PolicyIndex built from a runtime.Plan, as
// generated code builds them from the plan it carries). It is immutable
// and safe for concurrent use; none of its lookups allocate.
type Realm struct {
	// matcher is held by value, not by pointer, so that a lookup's call
	// into the runtime takes r itself, where a pointer cost a load first,
	// which generated code (a package variable) does not pay; first, so
	// that it is r, not r plus an offset (an instruction a lookup).
	matcher  runtime.Matcher
	plan     *runtime.Plan
	index    *runtime.PolicyIndex
	match    func(policy int, name string) bool // matchers.Match, bound once: a method value per call would allocate
	dests    []Destination
	policies []Policy
	keys     map[string]int // property key -> position in Plan.PropertyKeys
}

// Destination is one configured destination of a Realm, a handle whose
// methods read the Realm's plan in place (runtime.Plan's Pattern, Store,
// Cluster and Property), as a generated package's Destination reads its
// embedded plan. Lookups return pointers into the Realm, which callers
// must not modify. Copying the plan's destinations into structs with
// their property rows was, with the decoder's own copy, most of a Load's
// fresh memory at 100,000 destinations.
type Destination struct {
	realm *Realm
	index int
}

// Policy is a node auto-creation policy, as Apache Qpid Broker-J defines it.
type Policy struct {
	Index    int    // position in the config
	Pattern  string // the Java regular expression
	NodeType string // "queue" or "exchange"
	// Attributes of the node to create, a JSON object without "id";
	// the node's "name" is the name that matched.
	Attributes string
}

// Principal is a principal as Allowed takes it, looked up in one Realm: a
// Principal of another Realm (an older one a Holder replaced) grants
// nothing, so a caller holding principals across a replacement fails
// closed; look them up again in the snapshot the request reads.
type Principal = runtime.Principal

// newRealm builds a Realm from a plan, as generated code's init does: the
// one constructor both Compile and Load go through.
func newRealm(p *runtime.Plan) (*Realm, error) {
	return newRealmWith(p, runtime.NewMatcher(&p.Matcher))
}

// newRealmWith is newRealm given the plan's matcher already built, as
// plan.Build builds it from the same tables (Compile: building it again
// cost 300k allocations and 80 MB at 100 000 exact destinations, a fifth
// more than decoding, checking and planning). The Realm keeps a copy of
// *m, which shares m's tables.
func newRealmWith(p *runtime.Plan, m *runtime.Matcher) (*Realm, error) {
	ms, err := runtime.CompilePolicyMatchers(p.Policies)
	if err != nil {
		return nil, err
	}
	r := &Realm{
		plan:    p,
		matcher: *m,
		index:   runtime.NewPolicyIndex(&p.PolicyIndex),
		match:   ms.Match,
		keys:    make(map[string]int, len(p.PropertyKeys)),
	}
	for i, k := range p.PropertyKeys {
		r.keys[k.Name] = i
	}
	r.dests = newHandles(r, p.NumDestinations())
	r.policies = make([]Policy, len(p.Policies))
	for i, pol := range p.Policies {
		r.policies[i] = Policy{Index: i, Pattern: pol.Pattern, NodeType: pol.NodeType, Attributes: pol.Attributes}
	}
	return r, nil
}

// Resolve returns the destination whose properties apply to name (see the
// generated package's Resolve for the order of preference). It returns
// nil, nil when nothing matches and runtime.ErrInvalidName for an invalid
// name.
func (r *Realm) Resolve(name string) (d *Destination, err error) {
	// Written to fit the inliner's budget (cost 79 of 80, go build
	// -gcflags=-m=2; with the matcher held by value, return d, err went
	// over it), as the generated package's Resolve is inlined: the call
	// frame was 1.5-2 ns of a 10 ns hit. The runtime gives an error only
	// with i < 0.
	i, err := r.matcher.Resolve(name)
	if i >= 0 {
		// Without a bounds check, which generated code, indexing an
		// array of constant length, pays less for: counted by
		// bench/cmd/instrparity, the check and the slice's length were 4
		// of the 8 instructions a hit took over the generated package's
		// (1.044-1.052x of 153-165). A plan's destination numbers are
		// below its NumDestinations, the handles newRealm made (runtime's
		// Load checks every one).
		d = (*Destination)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(r.dests)), uintptr(i)*unsafe.Sizeof(Destination{})))
	}
	return
}

// Matches appends to buf the index of every destination matching name, in
// config order. It allocates only if buf must grow.
func (r *Realm) Matches(name string, buf []int) ([]int, error) {
	return r.matcher.Matches(name, buf)
}

// LookupPrincipal returns the principal named name in this Realm. A name
// no ACL of the config mentions gets the zero Principal, which grants
// nothing.
func (r *Realm) LookupPrincipal(name string) Principal {
	return r.matcher.Principal(name)
}

// Allowed reports whether a caller holding principals may perform op on
// name: the union of the ACLs of every matching destination grants it. A
// name that matches nothing is denied when permissions are on; an invalid
// name always is.
func (r *Realm) Allowed(op runtime.Op, name string, principals ...Principal) bool {
	return r.matcher.Allowed(op, name, principals)
}

// AutoCreate returns the policy that auto-creates a node named name for op,
// as Broker-J chooses it: the first policy in config order whose pattern
// matches the whole name and that is enabled for op. Any string is a node
// name.
func (r *Realm) AutoCreate(name string, op runtime.Op) (p *Policy, ok bool) {
	// Written to fit the inliner's budget (cost 79 of 80, go build
	// -gcflags=-m=2; an early return of nil, false went over it), as
	// Resolve is: the call frame is a nanosecond or two of a 15-40 ns
	// fast-path policy's answer.
	i, ok := r.index.Find(name, op, r.match)
	if ok {
		p = &r.policies[i]
	}
	return
}

// Destinations are the configured destinations, in config order. The
// slice is the Realm's own: do not modify it.
func (r *Realm) Destinations() []Destination { return r.dests }

// Policies are the auto-creation policies, in config order; the Realm's
// own, as for Destinations.
func (r *Realm) Policies() []Policy { return r.policies }

// PropertyKeys are the config's property keys with their inferred types,
// in the order of the generated Properties struct's fields.
func (r *Realm) PropertyKeys() []runtime.PropertyKey { return r.plan.PropertyKeys }

// Permissions reports whether the config enforces ACLs.
func (r *Realm) Permissions() bool { return r.plan.Permissions }

// Plan is the plan the Realm answers from; runtime.EncodePlan of it is
// the artifact Load reads back. It is the Realm's own: do not modify it.
func (r *Realm) Plan() *runtime.Plan { return r.plan }

// Index is d's position in the config.
func (d *Destination) Index() int { return d.index }

// Pattern is d's name or wildcard pattern, as configured.
func (d *Destination) Pattern() string { return d.realm.plan.Pattern(d.index) }

// Store is d's store, empty when it sets none (HasStore).
func (d *Destination) Store() string {
	s, _ := d.realm.plan.Store(d.index)
	return s
}

// HasStore reports whether d sets a store.
func (d *Destination) HasStore() bool {
	_, ok := d.realm.plan.Store(d.index)
	return ok
}

// Cluster is d's cluster, empty when it sets none (HasCluster).
func (d *Destination) Cluster() string {
	s, _ := d.realm.plan.Cluster(d.index)
	return s
}

// HasCluster reports whether d sets a cluster.
func (d *Destination) HasCluster() bool {
	_, ok := d.realm.plan.Cluster(d.index)
	return ok
}

// Property returns the value of the property key for d; ok is false when
// d does not set it (or no destination of the config has the key).
func (d *Destination) Property(key string) (v runtime.PropertyValue, ok bool) {
	i, known := d.realm.keys[key]
	if !known {
		return runtime.PropertyValue{}, false
	}
	v = d.PropertyAt(i)
	return v, v.Set
}

// PropertyAt is d's value of Realm.PropertyKeys()[k] (Set false where d
// sets none), 0 <= k < len(PropertyKeys()). It never allocates.
func (d *Destination) PropertyAt(k int) runtime.PropertyValue {
	return d.realm.plan.Property(d.index, k)
}
