package runtime

// A decoded plan (MustLoadPlan, DecodePlan) keeps its destinations as the
// columns they were encoded in, and generated code and live's Realm read
// each with Pattern, Store, Cluster and Property: building
// Plan.Destinations was 15 MB of fresh, scanned memory at 100,000
// destinations (the structs and their property rows), a tenth of
// initialisation and 15% of a Load. Plan.Destinations is a plan built by
// hand or by gen/plan.

// NumDestinations is how many destinations p has.
func (p *Plan) NumDestinations() int {
	if p.Destinations == nil && p.cols != nil {
		return len(p.cols.Matcher.Rank)
	}
	return len(p.Destinations)
}

// Destination returns destination i, 0 <= i < NumDestinations(). Its
// Properties are nil when p keeps its destinations as columns (a decoded
// plan): Property reads a value either way.
func (p *Plan) Destination(i int) PlanDestination {
	if p.Destinations != nil || p.cols == nil {
		return p.Destinations[i]
	}
	return p.cols.destination(i)
}

// Property returns destination i's value of property key k, 0 <= k <
// len(PropertyKeys).
func (p *Plan) Property(i, k int) PropertyValue {
	if p.Destinations != nil || p.cols == nil {
		return p.Destinations[i].Properties[k]
	}
	return p.cols.property(p.PropertyKeys[k].Kind, i, k)
}

// destination is destination d, without its Properties.
func (c *planColumns) destination(d int) PlanDestination {
	store, cluster := c.DestStore.at(d), c.DestCluster.at(d)
	return PlanDestination{
		Pattern: c.pattern(d),
		Store:   c.optional(store), HasStore: store != 0,
		Cluster: c.optional(cluster), HasCluster: cluster != 0,
	}
}

// pattern is destination d's pattern: its exact name, or one of
// DestPatterns (plancols.go).
func (c *planColumns) pattern(d int) string {
	exact, i := c.kinds.of(d)
	if !exact {
		return c.DestPatterns.at(i)
	}
	start := uint32(0)
	if i > 0 {
		start = c.Matcher.ExactEnds[i-1]
	}
	return c.Matcher.ExactKeys[start:c.Matcher.ExactEnds[i]]
}

// property is destination d's value of key k, of kind kind.
func (c *planColumns) property(kind PropertyKind, d, k int) PropertyValue {
	nk := len(c.PropNames)
	x := c.PropIndex.at(d*nk + k)
	if x == 0 {
		return PropertyValue{}
	}
	lo := uint32(0)
	if k > 0 {
		lo = c.PropValueEnds[k-1]
	}
	return c.value(kind, c.PropValues[lo+x-1])
}

// Pattern returns destination i's pattern, 0 <= i < NumDestinations():
// what generated code's Destination.Pattern reads, in place.
func (p *Plan) Pattern(i int) string {
	if p.Destinations != nil || p.cols == nil {
		return p.Destinations[i].Pattern
	}
	return p.cols.pattern(i)
}

// Store returns destination i's store and whether it sets one.
func (p *Plan) Store(i int) (string, bool) {
	if p.Destinations != nil || p.cols == nil {
		return p.Destinations[i].Store, p.Destinations[i].HasStore
	}
	ref := p.cols.DestStore.at(i)
	return p.cols.optional(ref), ref != 0
}

// Cluster returns destination i's cluster and whether it sets one.
func (p *Plan) Cluster(i int) (string, bool) {
	if p.Destinations != nil || p.cols == nil {
		return p.Destinations[i].Cluster, p.Destinations[i].HasCluster
	}
	ref := p.cols.DestCluster.at(i)
	return p.cols.optional(ref), ref != 0
}

// destinationList is every destination of p with its properties, as
// Plan.Destinations holds them in a plan built by hand: what EncodePlan
// reads. It allocates per destination.
func (p *Plan) destinationList() []PlanDestination {
	out := make([]PlanDestination, p.NumDestinations())
	nk := len(p.PropertyKeys)
	values := make([]PropertyValue, len(out)*nk)
	for i := range out {
		out[i] = p.Destination(i)
		out[i].Properties = values[i*nk : (i+1)*nk : (i+1)*nk]
		for k := range nk {
			out[i].Properties[k] = p.Property(i, k)
		}
	}
	return out
}
