package config

import (
	"strings"
	"testing"
)

// decodeErrors are every error path of the decoder, with the exact
// diagnostics it reports (file "c.json").
var decodeErrors = []struct {
	name, in string
	want     []string
}{
	{"syntax", `{"destinations": [}`, []string{`c.json:1:19: error: unexpected '}', expecting a value`}},
	{"trailing", `{} {}`, []string{`c.json:1:4: error: unexpected '{' after the top-level value`}},
	{"eof", `{"a": `, []string{`c.json:1:7: error: unexpected end of file, expecting a value`}},
	{"bad escape", `{"a\q": 1}`, []string{`c.json:1:4: error: invalid escape \q in string`}},
	{"surrogate", `{"\ud800": 1}`, []string{`c.json:1:3: error: unpaired UTF-16 surrogate \uD800 in string`}},
	{"control", "{\"a\tb\": 1}", []string{`c.json:1:4: error: control character U+0009 in string must be escaped`}},
	{"number", `{"permissions": 01}`, []string{`c.json:1:18: error: unexpected '1', expecting ','`}},
	{"top not object", `[]`, []string{`c.json:1:1: error: config must be an object, not an array`}},
	{"unknown key", `{"destination": []}`, []string{`c.json:1:2: error: unknown key "destination" in config (did you mean "destinations"?)`}},
	{"unknown key far", `{"zzz": []}`, []string{`c.json:1:2: error: unknown key "zzz" in config (known keys: permissions, destinations, nodeAutoCreationPolicies)`}},
	{"duplicate key", `{"permissions": true, "permissions": false}`, []string{`c.json:1:23: error: duplicate key "permissions" in config`}},
	{"permissions type", `{"permissions": "yes"}`, []string{`c.json:1:17: error: permissions must be a boolean, not a string`}},
	{"destinations type", `{"destinations": {}}`, []string{`c.json:1:18: error: destinations must be an array, not an object`}},
	{"no name", `{"destinations": [{}]}`, []string{`c.json:1:19: error: destination 0 has no name`}},
	{"name type", `{"destinations": [{"name": 1}]}`, []string{`c.json:1:28: error: destination 0 name must be a string, not a number`}},
	{"store type", `{"destinations": [{"name": "a", "store": 1}]}`, []string{`c.json:1:42: error: destination 0 store must be a string, not a number`}},
	{"property type", `{"destinations": [{"name": "a", "properties": {"x": [1]}}]}`, []string{`c.json:1:53: error: destination 0 property "x" must be a string, number or boolean, not an array`}},
	{"property null", `{"destinations": [{"name": "a", "properties": {"x": null}}]}`, []string{`c.json:1:53: error: destination 0 property "x" must be a string, number or boolean, not a null`}},
	{"int overflow", `{"destinations": [{"name": "a", "properties": {"x": 9223372036854775808}}]}`, []string{`c.json:1:53: error: destination 0 property "x": integer 9223372036854775808 does not fit in 64 bits`}},
	{"float overflow", `{"destinations": [{"name": "a", "properties": {"x": 1e999}}]}`, []string{`c.json:1:53: error: destination 0 property "x": number 1e999 is out of range`}},
	{"acl op", `{"destinations": [{"name": "a", "acl": {"publsh": []}}]}`, []string{`c.json:1:41: error: unknown key "publsh" in destination 0 acl (did you mean "publish"?)`}},
	{"acl principal type", `{"destinations": [{"name": "a", "acl": {"publish": [1]}}]}`, []string{`c.json:1:53: error: destination 0 acl publish principal must be a string, not a number`}},
	{"acl duplicate", `{"destinations": [{"name": "a", "acl": {"publish": ["x", "x"]}}]}`, []string{`c.json:1:58: error: destination 0 acl publish: duplicate principal "x"`}},
	{"acl empty", `{"destinations": [{"name": "a", "acl": {"subscribe": [""]}}]}`, []string{`c.json:1:55: error: destination 0 acl subscribe: empty principal name`}},
	{"policy no pattern", `{"nodeAutoCreationPolicies": [{"nodeType": "queue", "createdOnPublish": true}]}`, []string{`c.json:1:31: error: policy 0 has no pattern`}},
	{"policy no nodeType", `{"nodeAutoCreationPolicies": [{"pattern": "a", "createdOnPublish": true}]}`, []string{`c.json:1:31: error: policy 0 has no nodeType (want "queue" or "exchange")`}},
	{"policy bad nodeType", `{"nodeAutoCreationPolicies": [{"pattern": "a", "nodeType": "topic", "createdOnPublish": true}]}`, []string{`c.json:1:60: error: policy 0 nodeType "topic" is neither "queue" nor "exchange"`}},
	{"policy no flags", `{"nodeAutoCreationPolicies": [{"pattern": "a", "nodeType": "queue"}]}`, []string{`c.json:1:31: error: policy 0 has neither createdOnPublish nor createdOnConsume true: it can never create a node`}},
	{"policy flags false", `{"nodeAutoCreationPolicies": [{"pattern": "a", "nodeType": "queue", "createdOnPublish": false, "createdOnConsume": false}]}`, []string{`c.json:1:31: error: policy 0 has neither createdOnPublish nor createdOnConsume true: it can never create a node`}},
	{"policy flag type", `{"nodeAutoCreationPolicies": [{"pattern": "a", "nodeType": "queue", "createdOnPublish": "true"}]}`, []string{`c.json:1:89: error: policy 0 createdOnPublish must be a boolean, not a string`}},
	{"exchange on consume", `{"nodeAutoCreationPolicies": [{"pattern": "a", "nodeType": "exchange", "createdOnConsume": true}]}`, []string{`c.json:1:92: error: policy 0 creates an exchange on consume, but an exchange cannot be consumed from`}},
	{"attributes type", `{"nodeAutoCreationPolicies": [{"pattern": "a", "nodeType": "queue", "createdOnPublish": true, "attributes": []}]}`, []string{`c.json:1:109: error: policy 0 attributes must be an object, not an array`}},
	{"several", "{\n\"permissions\": 1,\n\"destinations\": [{\"nme\": \"a\"}]\n}", []string{
		`c.json:2:16: error: permissions must be a boolean, not a number`,
		`c.json:3:19: error: unknown key "nme" in destination 0 (did you mean "name"?)`,
		`c.json:3:18: error: destination 0 has no name`,
	}},
}

func TestDecodeErrors(t *testing.T) {
	for _, tc := range decodeErrors {
		_, diags := Decode("c.json", []byte(tc.in))
		var got []string
		for _, d := range diags {
			got = append(got, d.String())
		}
		if strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
			t.Errorf("%s: Decode(%s)\n got: %q\nwant: %q", tc.name, tc.in, got, tc.want)
		}
	}
}

func TestDecode(t *testing.T) {
	in := `{
  "permissions": false,
  "destinations": [
    {"name": "foo.bar", "store": "s1", "properties": {"durable": "shared", "prefetch": 64, "ratio": 0.5, "on": true},
     "acl": {"publish": ["alice"], "subscribe": ["alice", "ops"]}}
  ],
  "nodeAutoCreationPolicies": [
    {"pattern": "rob\\.durable\\..*", "nodeType": " Queue ", "createdOnPublish": true,
     "createdOnConsume": true, "attributes": {"id": "x", "durable": true, "nested": {"a": [1, "\u00e9\n"]}}}
  ]
}`
	cfg, diags := Decode("c.json", []byte(in))
	if len(diags) > 0 {
		t.Fatal(diags)
	}
	if cfg.Permissions {
		t.Error("permissions: got true")
	}
	d := cfg.Destinations[0]
	if d.Name != "foo.bar" || !d.Store.Set || d.Store.Value != "s1" || d.Cluster.Set {
		t.Errorf("destination: %+v", d)
	}
	wantTypes := []ScalarType{TypeString, TypeInt, TypeFloat, TypeBool}
	for i, p := range d.Properties {
		if p.Value.Type != wantTypes[i] {
			t.Errorf("property %s: type %s, want %s", p.Key, p.Value.Type, wantTypes[i])
		}
	}
	if d.Properties[1].Value.Int != 64 || d.Properties[2].Value.Float != 0.5 {
		t.Errorf("property values: %+v", d.Properties)
	}
	if len(d.Publish) != 1 || len(d.Subscribe) != 2 || d.Subscribe[1].Name != "ops" {
		t.Errorf("acl: %+v %+v", d.Publish, d.Subscribe)
	}
	p := cfg.Policies[0]
	if p.Pattern != `rob\.durable\..*` || p.NodeType != Queue || !p.CreatedOnPublish || !p.CreatedOnConsume {
		t.Errorf("policy: %+v", p)
	}
	if want := `{"durable":true,"nested":{"a":[1,"é\u000a"]}}`; p.Attributes != want {
		t.Errorf("attributes = %s, want %s", p.Attributes, want)
	}
}

func TestPosAtAccountsForEscapes(t *testing.T) {
	in := `{"destinations": [{"name": "a\u002Eb\\.*c"}]}`
	cfg, diags := Decode("c.json", []byte(in))
	if len(diags) > 0 {
		t.Fatal(diags)
	}
	v := cfg.Destinations[0].NameVal
	// decoded "a.b\.*c": offset 5 is '*', which in the source is column 40
	if got := v.PosAt(5).Col; got != 40 {
		t.Errorf("PosAt(5).Col = %d, want 40", got)
	}
	if got := v.PosAt(0).Col; got != 29 {
		t.Errorf("PosAt(0).Col = %d, want 29", got)
	}
}

func TestNestingLimit(t *testing.T) {
	in := `{"nodeAutoCreationPolicies": ` + strings.Repeat("[", MaxNesting+5)
	_, diags := Decode("c.json", []byte(in))
	if len(diags) != 1 || !strings.Contains(diags[0].Msg, "nested deeper than") {
		t.Errorf("got %v", diags)
	}
}

func TestSizeLimit(t *testing.T) {
	if testing.Short() {
		t.Skip("a 128 MiB config")
	}
	in := make([]byte, MaxConfigBytes+1)
	for i := range in {
		in[i] = ' '
	}
	_, diags := Decode("c.json", in)
	want := "c.json: error: config is 134217729 bytes, over the limit of 134217728"
	if len(diags) != 1 || diags[0].String() != want {
		t.Errorf("got %v, want %s", diags, want)
	}
}

// TestDecodeOrder pins the order of Decode's messages, which the decoder
// keeps from when it walked a tree of the whole file: an object's unknown
// and duplicate keys in file order, then each field's messages in the order
// of the object's key list, with its checks of missing keys between.
func TestDecodeOrder(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []string
	}{
		{`{"destinations": [{"acl": {"subscribe": [1], "publsh": [], "publish": ["", "a", "a"]}, "properties": {"y": null, "x": 1, "x": 2}, "nme": "a", "store": 1, "name": 2, "name": "b"}], "permissions": "yes", "zzz": 1}`, []string{
			`c.json:1:203: error: unknown key "zzz" in config (known keys: permissions, destinations, nodeAutoCreationPolicies)`,
			`c.json:1:196: error: permissions must be a boolean, not a string`,
			`c.json:1:131: error: unknown key "nme" in destination 0 (did you mean "name"?)`,
			`c.json:1:166: error: duplicate key "name" in destination 0`,
			`c.json:1:163: error: destination 0 name must be a string, not a number`,
			`c.json:1:152: error: destination 0 store must be a string, not a number`,
			`c.json:1:122: error: duplicate key "x" in destination 0 properties`,
			`c.json:1:108: error: destination 0 property "y" must be a string, number or boolean, not a null`,
			`c.json:1:46: error: unknown key "publsh" in destination 0 acl (did you mean "publish"?)`,
			`c.json:1:72: error: destination 0 acl publish: empty principal name`,
			`c.json:1:81: error: destination 0 acl publish: duplicate principal "a"`,
			`c.json:1:42: error: destination 0 acl subscribe principal must be a string, not a number`,
		}},
		{`{"nodeAutoCreationPolicies": [{"attributes": {"id": 1, "a": 1, "a": 2}, "createdOnConsume": true, "nodeType": "exchange", "createdOnPublish": "x", "patern": "a"}, {"attributes": [], "createdOnConsume": 1}]}`, []string{
			`c.json:1:148: error: unknown key "patern" in policy 0 (did you mean "pattern"?)`,
			`c.json:1:31: error: policy 0 has no pattern`,
			`c.json:1:143: error: policy 0 createdOnPublish must be a boolean, not a string`,
			`c.json:1:93: error: policy 0 creates an exchange on consume, but an exchange cannot be consumed from`,
			`c.json:1:64: error: duplicate key "a" in attributes`,
			`c.json:1:164: error: policy 1 has no pattern`,
			`c.json:1:164: error: policy 1 has no nodeType (want "queue" or "exchange")`,
			`c.json:1:203: error: policy 1 createdOnConsume must be a boolean, not a number`,
			`c.json:1:179: error: policy 1 attributes must be an object, not an array`,
		}},
		{`{"modelVersion": "1", "nodeAutoCreationPolicies": [{"nodeType": 1, "createdOnPublish": "true"}], "nodeAutoCreationPolicies": 1}`, []string{
			`c.json:1:98: error: duplicate key "nodeAutoCreationPolicies" in virtual host`,
			`c.json:1:52: error: policy 0 has no pattern`,
			`c.json:1:65: error: policy 0 nodeType must be a string, not a number`,
		}},
	} {
		_, diags := Decode("c.json", []byte(tc.in))
		var got []string
		for _, d := range diags {
			got = append(got, d.String())
		}
		if strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
			t.Errorf("Decode(%s)\n got: %q\nwant: %q", tc.in, got, tc.want)
		}
	}
}
