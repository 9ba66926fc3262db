package config

import (
	"strings"
	"testing"
)

// vhost wraps policies in a Broker-J virtual host with the keys Broker-J
// writes around them, none of which the native format accepts.
func vhost(policies string) string {
	return `{"id": "134c", "name": "default", "type": "BDB", "modelVersion": "6.1", "context": {"foo": "1"},
"nodeAutoCreationPolicies": ` + policies + `,
"exchanges": [{"id": "5fcb", "name": "amq.direct", "type": "direct"}], "queue.deadLetterQueueEnabled": false}`
}

var qpidTests = []struct {
	name   string
	in     string
	format Format
	want   string // diagnostics, one per line
	check  func(*Config) bool
}{
	{"detected, rest ignored", vhost(`[{"pattern": "a.*", "nodeType": "queue", "createdOnPublish": true}]`), Auto, "",
		func(c *Config) bool {
			return c.Format == Qpid && len(c.Policies) == 1 && c.Policies[0].Pattern == "a.*"
		}},
	{"string booleans", vhost(`[{"pattern": "a", "nodeType": "queue", "createdOnPublish": "false", "createdOnConsume": "true"}]`), Auto, "",
		func(c *Config) bool { return !c.Policies[0].CreatedOnPublish && c.Policies[0].CreatedOnConsume }},
	{"other strings are false", vhost(`[{"pattern": "a", "nodeType": "queue", "createdOnPublish": "yes"}]`), Auto,
		`c.json:2:88: warning: policy 0 createdOnPublish "yes" is false: Broker-J reads a string as true only if it is "true", in any case (Boolean.valueOf)
c.json:2:30: error: policy 0 has neither createdOnPublish nor createdOnConsume true: it can never create a node`, nil},
	{"nodeType any case, trimmed", vhost(`[{"pattern": "a", "nodeType": " Exchange ", "createdOnPublish": true}]`), Auto, "",
		func(c *Config) bool { return c.Policies[0].NodeType == Exchange }},
	{"id dropped from attributes", vhost(`[{"pattern": "a", "nodeType": "queue", "createdOnPublish": true, "attributes": {"id": "x", "durable": true}}]`), Auto, "",
		func(c *Config) bool { return c.Policies[0].Attributes == `{"durable":true}` }},
	{"policies keep strict keys", vhost(`[{"pattern": "a", "nodetype": "queue", "createdOnPublish": true}]`), Auto,
		"c.json:2:47: error: unknown key \"nodetype\" in policy 0 (did you mean \"nodeType\"?)\nc.json:2:30: error: policy 0 has no nodeType (want \"queue\" or \"exchange\")", nil},
	{"no policies", `{"modelVersion": "6.1"}`, Auto, "", func(c *Config) bool { return c.Format == Qpid && len(c.Policies) == 0 }},
	{"destinations in a virtual host are not read", `{"modelVersion": "6.1", "destinations": [{"name": "a"}]}`, Auto, "",
		func(c *Config) bool { return len(c.Destinations) == 0 }},
	{"duplicate policies key", `{"modelVersion": "6.1", "nodeAutoCreationPolicies": [], "nodeAutoCreationPolicies": []}`, Auto,
		`c.json:1:57: error: duplicate key "nodeAutoCreationPolicies" in virtual host`, nil},
	{"forced qpid", `{"nodeAutoCreationPolicies": [{"pattern": "a", "nodeType": "queue", "createdOnPublish": "true"}], "x": 1}`, Qpid, "",
		func(c *Config) bool { return c.Format == Qpid && c.Policies[0].CreatedOnPublish }},
	{"forced native", `{"modelVersion": "6.1"}`, Native,
		`c.json:1:2: error: unknown key "modelVersion" in config (known keys: permissions, destinations, nodeAutoCreationPolicies)`, nil},
	{"native has no string booleans", `{"permissions": "false"}`, Auto, `c.json:1:17: error: permissions must be a boolean, not a string`, nil},
	{"virtual host not an object", `[1]`, Qpid, `c.json:1:1: error: virtual host must be an object, not an array`, nil},
	{"modelVersion nested is not detection", `{"destinations": [{"name": "a", "properties": {"modelVersion": "6.1"}}]}`, Auto, "",
		func(c *Config) bool { return c.Format == Native && len(c.Destinations) == 1 }},
}

func TestQpid(t *testing.T) {
	for _, tc := range qpidTests {
		t.Run(tc.name, func(t *testing.T) {
			cfg, diags := DecodeFormat("c.json", []byte(tc.in), tc.format)
			var got []string
			for _, d := range diags {
				got = append(got, d.String())
			}
			if g := strings.Join(got, "\n"); g != tc.want {
				t.Errorf("diagnostics:\n%s\nwant:\n%s", g, tc.want)
			}
			if tc.check != nil && (cfg == nil || !tc.check(cfg)) {
				t.Errorf("config %+v", cfg)
			}
		})
	}
}

func TestParseFormat(t *testing.T) {
	for in, want := range map[string]Format{"": Auto, "auto": Auto, "native": Native, "qpid": Qpid} {
		if f, err := ParseFormat(in); f != want || err != nil || in != "" && f.String() != in {
			t.Errorf("ParseFormat(%q) = %v, %v", in, f, err)
		}
	}
	if _, err := ParseFormat("json"); err == nil || err.Error() != `unknown format "json" (want auto, native or qpid)` {
		t.Errorf("ParseFormat(json) = %v", err)
	}
}

// TestDecodeAll merges a virtual host and a native file: indices in
// messages count across files and positions name their file.
func TestDecodeAll(t *testing.T) {
	srcs := []Source{
		{"dir/vhost.json", []byte(vhost(`[{"pattern": "a", "nodeType": "queue", "createdOnPublish": true}, {"pattern": "b", "nodeType": "queue"}]`))},
		{"realm.json", []byte(`{"permissions": false, "destinations": [{"name": "a"}, {"nme": "b"}],
"nodeAutoCreationPolicies": [{"pattern": "c", "nodeType": "topic", "createdOnPublish": true}]}`)},
		{"more.json", []byte(`{"permissions": true, "destinations": [{"name": "c"}]}`)},
	}
	cfg, diags := DecodeAll(srcs, Auto)
	want := []string{
		`dir/vhost.json:2:95: error: policy 1 has neither createdOnPublish nor createdOnConsume true: it can never create a node`,
		`realm.json:1:57: error: unknown key "nme" in destination 1 (did you mean "name"?)`,
		`realm.json:1:56: error: destination 1 has no name`,
		`realm.json:2:59: error: policy 2 nodeType "topic" is neither "queue" nor "exchange"`,
		`more.json:1:17: error: permissions is also set at realm.json:1:17; set it in one config file only`,
	}
	var got []string
	for _, d := range diags {
		got = append(got, d.String())
	}
	if g, w := strings.Join(got, "\n"), strings.Join(want, "\n"); g != w {
		t.Errorf("diagnostics:\n%s\nwant:\n%s", g, w)
	}
	if cfg.File != "vhost.json and realm.json and more.json" || len(cfg.Destinations) != 3 || len(cfg.Policies) != 3 ||
		cfg.Permissions || cfg.Format != Native {
		t.Errorf("merged config %+v", cfg)
	}
	if _, diags := DecodeAll([]Source{srcs[0], {"bad.json", []byte(`{`)}}, Auto); diags.Errors() != 2 {
		t.Errorf("syntax error in the second file: %v", diags)
	}
	if cfg, _ := DecodeAll([]Source{srcs[0], {"bad.json", []byte(`{`)}}, Auto); cfg != nil {
		t.Errorf("config despite a syntax error")
	}
}
