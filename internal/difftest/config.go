package difftest

import "encoding/json"

// Dest is a destination of a test config: its pattern and its ACL.
type Dest struct {
	Pattern            string
	Publish, Subscribe []string
}

// Policy is an auto-creation policy of a test config (a queue).
type Policy struct {
	Pattern              string
	OnPublish, OnConsume bool
}

// ConfigJSON writes a config file of dests and policies.
func ConfigJSON(perm bool, dests []Dest, policies []Policy) []byte {
	type acl struct {
		Publish   []string `json:"publish"`
		Subscribe []string `json:"subscribe"`
	}
	type dest struct {
		Name string `json:"name"`
		ACL  acl    `json:"acl"`
	}
	type pol struct {
		Pattern   string `json:"pattern"`
		NodeType  string `json:"nodeType"`
		OnPublish bool   `json:"createdOnPublish"`
		OnConsume bool   `json:"createdOnConsume"`
	}
	cfg := struct {
		Permissions  bool   `json:"permissions"`
		Destinations []dest `json:"destinations"`
		Policies     []pol  `json:"nodeAutoCreationPolicies,omitempty"`
	}{Permissions: perm, Destinations: []dest{}}
	for _, d := range dests {
		// Empty lists, not null, which the schema rejects.
		pub, sub := append([]string{}, d.Publish...), append([]string{}, d.Subscribe...)
		cfg.Destinations = append(cfg.Destinations, dest{d.Pattern, acl{pub, sub}})
	}
	for _, p := range policies {
		cfg.Policies = append(cfg.Policies, pol{p.Pattern, "queue", p.OnPublish, p.OnConsume})
	}
	data, err := json.Marshal(cfg)
	if err != nil {
		panic(err) // strings only: json.Marshal cannot fail
	}
	return data
}
