package plan

import (
	"strings"
	"testing"

	"github.com/destgen/destgen/runtime"
)

// TestPolicyEntries pins the index entries the plan chooses for each
// shape, as Dump shows them, and their compact form.
func TestPolicyEntries(t *testing.T) {
	forceRegexp = true
	defer func() { forceRegexp = false }()
	p := Build(load(t, entriesConfig))
	var got []string
	for _, l := range strings.Split(p.Dump(), "\n") {
		if strings.HasPrefix(l, "policy ") {
			got = append(got, l)
		}
	}
	want := []string{
		`policy 0 prefix "rob.durable." dotall=false index=prefix["rob.durable."] check=no-line-terminator`,
		`policy 1 prefix "tmp." dotall=true index=prefix["tmp."] check=none`,
		`policy 2 suffix ".dlq.acme" dotall=false index=suffix[".dlq.acme"] check=no-line-terminator`,
		`policy 3 literals ["acme.ctl.start" "acme.ctl.stop"] index=exact["acme.ctl.start" "acme.ctl.stop"] check=none`,
		`policy 4 regexp index=infix[".acme."] check=match required=[".v" ".acme."]`,
		`policy 5 regexp index=suffix[".work"] check=match prefix="acme." suffix=".work"`,
		`policy 6 regexp index=prefix["acme.work.q"] check=match prefix="acme.work.q" suffix=""`,
		`policy 7 regexp index=fold["acme.work."] check=match`,
		`policy 8 regexp index=none[""] check=match`,
		`policy 9 regexp index=prefix["r"] check=match prefix="r" suffix=""`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("Dump's policies:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	// The compact form: per entry its literal, policy and end flag; per
	// policy its ops with the anchor and check above them.
	c := &p.PolicyIndex
	if c.EntryPolicy[3] != 3 || c.EntryPolicy[4] != 3 || !c.AtEnd[2] || c.AtEnd[0] {
		t.Errorf("entries: policies %v, suffix flags %v", c.EntryPolicy, c.AtEnd)
	}
	if want := uint8(1<<runtime.Publish | runtime.AnchorFold | runtime.CheckMatch); c.Flags[7] != want {
		t.Errorf("Flags[7] = %#x, want %#x", c.Flags[7], want)
	}
	if want := uint8(1<<runtime.Publish | 1<<runtime.Consume | runtime.AnchorAffix | runtime.CheckNoLineTerminator); c.Flags[2] != want {
		t.Errorf("Flags[2] = %#x, want %#x", c.Flags[2], want)
	}
}

// entriesConfig has a policy of every shape, and a General one holding
// U+FFFD.
var entriesConfig = []byte(`{"nodeAutoCreationPolicies": [
		{"pattern": "rob\\.durable\\..*", "nodeType": "queue", "createdOnPublish": true},
		{"pattern": "(?s)tmp\\..*", "nodeType": "queue", "createdOnConsume": true},
		{"pattern": ".*\\.dlq\\.acme", "nodeType": "queue", "createdOnPublish": true, "createdOnConsume": true},
		{"pattern": "acme\\.ctl\\.start|acme\\.ctl\\.stop", "nodeType": "queue", "createdOnPublish": true},
		{"pattern": "[a-z]+\\.v[0-9]+\\.acme\\..*", "nodeType": "queue", "createdOnPublish": true},
		{"pattern": "acme\\.[0-9]+\\.work", "nodeType": "queue", "createdOnPublish": true},
		{"pattern": "acme\\.work\\.q[0-9]{2,4}", "nodeType": "queue", "createdOnPublish": true},
		{"pattern": "(?i)acme\\.work\\.[a-z0-9]+", "nodeType": "queue", "createdOnPublish": true},
		{"pattern": "[a-z]+", "nodeType": "queue", "createdOnPublish": true},
		{"pattern": "r\ufffd.*", "nodeType": "queue", "createdOnPublish": true}
	]}`)
