package workload

import (
	"fmt"
	"math/rand/v2"
)

// Family is a topic family: the vocabulary, depths and identifier formats
// names are drawn from. The classic family (the zero value) is the one the
// structures were first tuned on; the others exist so that a performance
// claim is checked on workloads it was not tuned on: deep IoT telemetry hierarchies,
// short market-data names, event names with elements longer than 16 bytes,
// and long names under a long shared prefix.
type Family string

const (
	Classic   Family = ""          // domain.region.entity.event..., 1-8 elements, ~25 bytes
	Telemetry Family = "telemetry" // kind.tenant.site.type.device.metric[.agg], 5-7 elements, ~45 bytes (IoT)
	Market    Family = "market"    // feed.venue.class.SYMBOL[.field], 3-5 elements, ~20 bytes
	Events    Family = "events"    // org.service.aggregate.Event[.v], elements of 17-31 bytes, 60-130 bytes
	Long      Family = "long"      // com.example.platform.env.region.team.service..., 8-12 elements, 60-200 bytes
)

// Families lists every family, the classic one first.
var Families = []Family{Classic, Telemetry, Market, Events, Long}

// family describes how a family's names are drawn.
type family struct {
	levels [][]string // vocabulary per level; deeper levels reuse the last
	// depths[d-1] is the relative frequency of names of d elements.
	depths []int
	// idShare[level] is the percent of elements at that level that are
	// identifiers (the last entry covers deeper levels); id formats one.
	idShare []int
	id      func(r *rand.Rand, level, space int) string
	// prefix is how many leading levels every name shares in practice
	// (com.example.platform...): '>' patterns cut names below it.
	prefix int
}

var families = map[Family]*family{
	Classic: {
		levels:  levels,
		depths:  []int{1, 6, 18, 25, 22, 14, 9, 5},
		idShare: []int{0, 0, 20, 20, 50, 50, 60, 60},
		id: func(r *rand.Rand, _, space int) string {
			return fmt.Sprintf("%c%d", "tcpk"[r.IntN(4)], r.IntN(space))
		},
	},
	Telemetry: {
		levels: [][]string{
			{"telemetry", "events", "commands", "alerts", "state"},
			{"acme", "globex", "initech", "hooli", "stark", "wayne", "tyrell"},
			nil, // site ids
			{"thermostat", "meter", "camera", "gateway", "sensor", "lock", "hvac", "charger"},
			nil, // device ids
			{"temperature", "humidity", "power", "voltage", "status", "battery", "rssi"},
			{"raw", "agg-1m", "agg-1h"},
		},
		depths:  []int{0, 0, 0, 0, 30, 45, 25},
		idShare: []int{0, 0, 100, 0, 100, 0, 0},
		prefix:  1,
		id: func(r *rand.Rand, level, space int) string {
			if level == 2 {
				return fmt.Sprintf("site-%04d", r.IntN(max(10, space/10)))
			}
			return fmt.Sprintf("dev-%06d", r.IntN(space*4))
		},
	},
	Market: {
		levels: [][]string{
			{"md", "ref", "trd"},
			{"XNYS", "XNAS", "XLON", "XPAR", "XETR", "XTKS", "XHKG", "BATS", "ARCX", "IEXG"},
			{"EQ", "FX", "FUT", "OPT", "ETF", "BND"},
			nil, // symbols
			{"TRADE", "QUOTE", "BBO", "BOOK", "STATS", "IMBAL"},
		},
		depths:  []int{0, 0, 10, 50, 40},
		idShare: []int{0, 0, 0, 100, 0},
		id: func(r *rand.Rand, _, space int) string {
			return symbol(r.IntN(space * 2))
		},
	},
	Events: {
		levels: [][]string{
			{"com-example-commerce", "com-example-identity", "com-example-logistics"},
			{"customer-subscription-service", "order-fulfilment-orchestrator", "payment-authorisation-gateway",
				"inventory-reservation-service", "notification-dispatch-worker"},
			{"SubscriptionAggregate", "OrderAggregate", "PaymentIntentAggregate", "ReservationAggregate",
				"CustomerProfileAggregate"},
			{"SubscriptionRenewalRequested", "OrderLineItemsReallocated", "PaymentAuthorisationDeclined",
				"ReservationExpiredWithoutPickup", "CustomerEmailAddressVerified", "ShipmentHandedOverToCarrier"},
			{"v1", "v2", "v3"},
		},
		depths:  []int{0, 0, 15, 45, 40},
		idShare: []int{0, 0, 40, 40, 50},
		id: func(r *rand.Rand, level, space int) string {
			return fmt.Sprintf("tenant-%07d-partition-%02d", r.IntN(space), level)
		},
	},
	Long: {
		levels: [][]string{
			{"com"}, {"example"}, {"platform", "corp"}, {"production", "staging"},
			{"europe-west-1", "us-east-1", "asia-southeast-1"},
			{"payments-team", "identity-and-access-team", "data-platform-team", "observability-team"},
			nil, // services
			entities, events,
		},
		depths:  []int{0, 0, 0, 0, 0, 0, 0, 10, 15, 20, 20, 15, 10, 10},
		idShare: []int{0, 0, 0, 0, 0, 0, 100, 20, 20, 50},
		prefix:  6,
		id: func(r *rand.Rand, level, space int) string {
			if level == 6 {
				return fmt.Sprintf("service-%04d", r.IntN(max(10, space/20)))
			}
			return fmt.Sprintf("k%d", r.IntN(space))
		},
	},
}

// symbol spells n as a ticker of four upper-case letters.
func symbol(n int) string {
	var b [4]byte
	for i := 3; i >= 0; i-- {
		b[i] = byte('A' + n%26)
		n /= 26
	}
	return string(b[:])
}

// maxDepth is the most elements a name of the family has.
func (f *family) maxDepth() int { return len(f.depths) }

func (f *family) randomDepth(r *rand.Rand) int {
	total := 0
	for _, w := range f.depths {
		total += w
	}
	x := r.IntN(total)
	for d, w := range f.depths {
		if x < w {
			return d + 1
		}
		x -= w
	}
	return len(f.depths)
}

// element draws the element at level of a config of n destinations:
// identifiers come from a space that grows with n, so that large configs
// still find new names at realistic depths.
func (f *family) element(r *rand.Rand, level, n int) string {
	share := f.idShare[min(level, len(f.idShare)-1)]
	v := f.levels[min(level, len(f.levels)-1)]
	if len(v) == 0 || r.IntN(100) < share {
		return f.id(r, level, max(10, n/20))
	}
	return v[r.IntN(len(v))]
}
