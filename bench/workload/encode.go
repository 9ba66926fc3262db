package workload

import (
	"bytes"
	"encoding/json"
)

// The JSON shape of a destgen config, in the order destgen documents it.
type (
	configJSON struct {
		Permissions  bool         `json:"permissions"`
		Destinations []destJSON   `json:"destinations"`
		Policies     []policyJSON `json:"nodeAutoCreationPolicies"`
	}
	destJSON struct {
		Name       string         `json:"name"`
		Store      string         `json:"store"`
		Cluster    string         `json:"cluster"`
		Properties map[string]any `json:"properties,omitempty"` // keys sorted by encoding/json
		ACL        aclJSON        `json:"acl"`
	}
	aclJSON struct {
		Publish   []string `json:"publish,omitempty"`
		Subscribe []string `json:"subscribe,omitempty"`
	}
	policyJSON struct {
		Pattern          string         `json:"pattern"`
		NodeType         string         `json:"nodeType"`
		CreatedOnPublish bool           `json:"createdOnPublish"`
		CreatedOnConsume bool           `json:"createdOnConsume"`
		Attributes       map[string]any `json:"attributes"`
	}
)

// Store and Cluster are every destination's placement. FTL requires
// overlapping destinations to share them; with patterns starting with '*'
// in the wild shape, any split by first element would overlap, and a
// single placement also keeps destgen's overlap check (quadratic in the
// number of placements that differ) out of the benchmarks' set-up.
const (
	Store   = "main"
	Cluster = "c1"
)

// encode renders the config; it cannot fail on generated data.
func (w *Workload) encode() []byte {
	c := configJSON{Permissions: true, Destinations: []destJSON{}, Policies: []policyJSON{}}
	for _, d := range w.Destinations {
		c.Destinations = append(c.Destinations, destJSON{
			Name: d.Pattern, Store: Store, Cluster: Cluster, Properties: d.Props,
			ACL: aclJSON{Publish: d.Publish, Subscribe: d.Subscribe},
		})
	}
	for _, p := range w.Policies {
		attrs := map[string]any{"durable": p.NodeType == "queue"}
		if p.NodeType == "exchange" {
			attrs["type"] = "topic"
		}
		c.Policies = append(c.Policies, policyJSON{
			Pattern: p.Pattern, NodeType: p.NodeType,
			CreatedOnPublish: p.Publish, CreatedOnConsume: p.Consume, Attributes: attrs,
		})
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false) // keep '>' readable in patterns
	enc.SetIndent("", " ")
	if err := enc.Encode(c); err != nil {
		panic("workload: encoding a generated config: " + err.Error()) // only plain types: cannot happen
	}
	return b.Bytes()
}
