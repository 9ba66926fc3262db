package diff

import (
	"strings"
	"testing"
)

// TestCases: hand-written changes and exactly the changes expected, in
// a compact form: kind, witness, old -> new, pattern, exact.
func TestCases(t *testing.T) {
	tests := []struct {
		name     string
		old, new string // destinations, or a whole config when it starts with '{'
		want     []string
	}{
		{"the issue's example: foo.* added to foo.>", `{"name": "foo.>"}`, `{"name": "foo.>"}, {"name": "foo.*"}`, []string{
			`destination-added foo.x: none -> foo.* on foo.* (some)`,
			`precedence foo.x: foo.> -> foo.* on foo.* (every)`,
		}},
		{"an exact name carves out of the region", `{"name": "foo.>"}, {"name": "foo.bar"}`, `{"name": "foo.>"}, {"name": "foo.bar"}, {"name": "foo.*"}`, []string{
			`destination-added foo.x: none -> foo.* on foo.* (some)`,
			`precedence foo.x: foo.> -> foo.* on foo.* (some)`,
		}},
		{"reordering changes nothing", `{"name": "a.*"}, {"name": "*.b"}`, `{"name": "*.b"}, {"name": "a.*"}`, nil},
		{"a grant lost", `{"name": "a.*", "acl": {"publish": ["p"]}}`, `{"name": "a.*"}`, []string{
			`destination-changed <nil>: a.* -> a.* on a.* (some)`,
			`access a.x: allowed -> denied on a.* (every)`,
		}},
		{"a property where the destination is chosen", `{"name": "a"}, {"name": ">", "properties": {"n": 1}}`, `{"name": "a"}, {"name": ">", "properties": {"n": 2}}`, []string{
			`destination-changed x: > -> > on > (some)`,
		}},
		{"a property of a dead destination", `{"name": "*"}, {"name": "*.>"}, {"name": ">", "properties": {"n": 1}}`, `{"name": "*"}, {"name": "*.>"}, {"name": ">", "properties": {"n": 2}}`, []string{
			`destination-changed <nil>: > -> > on > (some)`,
		}},
		{"permissions off", `{"permissions": true}`, `{"permissions": false}`, []string{
			`permissions x: permissions true -> permissions false on > (every)`,
		}},
		{"a policy before another", `{"nodeAutoCreationPolicies": [{"pattern": "a\\..*", "nodeType": "queue", "createdOnPublish": true}]}`,
			`{"nodeAutoCreationPolicies": [{"pattern": "a\\.b", "nodeType": "exchange", "createdOnPublish": true}, {"pattern": "a\\..*", "nodeType": "queue", "createdOnPublish": true}]}`, []string{
				`policy-added <nil>: none -> policy 0 "a\\.b" (exchange, on publish) on a\.b (some)`,
				`autocreate a.b: policy 0 "a\\..*" (queue, on publish) -> policy 0 "a\\.b" (exchange, on publish) on a\.b (some)`,
			}},
		{"a general policy removed", `{"nodeAutoCreationPolicies": [{"pattern": "[ab]x", "nodeType": "queue", "createdOnPublish": true}]}`, `{}`, []string{
			`policy-removed <nil>: policy 0 "[ab]x" (queue, on publish) -> none on [ab]x (some)`,
			`autocreate <nil>: none -> none on [ab]x (some)`,
		}},
	}
	for _, tc := range tests {
		old, new := mustLoad(t, configOf(tc.old)), mustLoad(t, configOf(tc.new))
		var got []string
		for _, c := range Diff(old, new) {
			got = append(got, compact(c))
		}
		if strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
			t.Errorf("%s:\ngot:\n%s\nwant:\n%s", tc.name, strings.Join(got, "\n"), strings.Join(tc.want, "\n"))
		}
	}
}

func configOf(s string) string {
	if strings.HasPrefix(s, "{\"name\"") || s == "" {
		return `{"destinations": [` + s + `]}`
	}
	return s
}

func compact(c Change) string {
	w := "<nil>"
	if c.Witness != nil {
		w = *c.Witness
	}
	scope := "some"
	if c.Exact {
		scope = "every"
	}
	old, new := c.Old.describe(), c.New.describe()
	if c.Old.Destination != nil {
		old = c.Old.Destination.Pattern
	}
	if c.New.Destination != nil {
		new = c.New.Destination.Pattern
	}
	return string(c.Kind) + " " + w + ": " + old + " -> " + new + " on " + c.Pattern + " (" + scope + ")"
}
