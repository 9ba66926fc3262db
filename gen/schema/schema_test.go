package schema

import (
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/destgen/destgen/gen/config"
	"github.com/destgen/destgen/gen/model"
)

// nativeExamples returns every example config in the native format, the
// example broker's included (Broker-J virtual hosts are not described by
// the schema).
func nativeExamples(t *testing.T) map[string][]byte {
	out := map[string][]byte{}
	err := filepath.WalkDir(filepath.Join("..", "..", "examples"), func(f string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || filepath.Ext(f) != ".json" {
			return err
		}
		data, err := os.ReadFile(f)
		if err != nil {
			return err
		}
		if cfg, diags := config.Decode(f, data); cfg != nil && cfg.Format == config.Native && diags.Errors() == 0 {
			out[f] = data
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(out) < 7 {
		t.Fatalf("only %d native examples found", len(out))
	}
	return out
}

func TestExamplesValidate(t *testing.T) {
	for f, data := range nativeExamples(t) {
		errs, err := validateJSON(JSON(), data)
		if err != nil || len(errs) > 0 {
			t.Errorf("%s: %v\n%s", f, err, strings.Join(errs, "\n"))
		}
	}
}

// kitchenSink uses every key of every object.
const kitchenSink = `{"permissions": false,
"destinations": [{"name": "a.*.>", "store": "s", "cluster": "c", "properties": {"p": 1, "q": "x", "r": true, "s": 0.5},
  "acl": {"publish": ["alice"], "subscribe": ["ops"]}}, {"name": ">"}],
"nodeAutoCreationPolicies": [{"pattern": "a.*", "nodeType": " Queue", "createdOnPublish": true, "createdOnConsume": true,
  "attributes": {"nested": {"any": [1, null]}}}]}`

// invalid are configs the schema rejects, with the first error it gives.
var invalid = []struct{ doc, err string }{
	{`{"destination": []}`, `$: key "destination" is not allowed`},
	{`{"permissions": "true"}`, `$.permissions: string is not of type boolean`},
	{`{"destinations": [{}]}`, `$.destinations[0]: missing required key "name"`},
	{`{"destinations": [{"name": "foo*"}]}`, `$.destinations[0].name: "foo*" does not match`},
	{`{"destinations": [{"name": "a.>.b"}]}`, `$.destinations[0].name: "a.>.b" does not match`},
	{`{"destinations": [{"name": "a..b"}]}`, `$.destinations[0].name: "a..b" does not match`},
	{`{"destinations": [{"name": "a", "properties": {"x": null}}]}`, `$.destinations[0].properties.x: null is not of type string or number or boolean`},
	{`{"destinations": [{"name": "a", "acl": {"publish": ["x", "x"]}}]}`, `$.destinations[0].acl.publish: duplicate item "x"`},
	{`{"destinations": [{"name": "a", "acl": {"publish": [""]}}]}`, `$.destinations[0].acl.publish[0]: "" is shorter than 1`},
	{`{"nodeAutoCreationPolicies": [{"pattern": "a", "nodeType": "topic"}]}`, `$.nodeAutoCreationPolicies[0].nodeType: "topic" does not match`},
	{`{"nodeAutoCreationPolicies": [{"pattern": "a", "nodeType": "queue", "createdOnPublish": "true"}]}`, `$.nodeAutoCreationPolicies[0].createdOnPublish: string is not of type boolean`},
}

// TestSchemaRejects checks that the schema (and the validator) rejects
// configs that destgen check rejects for reasons JSON can tell, and
// accepts the kitchen sink.
func TestSchemaRejects(t *testing.T) {
	if errs, err := validateJSON(JSON(), []byte(kitchenSink)); err != nil || len(errs) > 0 {
		t.Errorf("kitchen sink: %v %v", err, errs)
	}
	for _, tc := range invalid {
		errs, err := validateJSON(JSON(), []byte(tc.doc))
		if err != nil || len(errs) == 0 || !strings.HasPrefix(errs[0], tc.err) {
			t.Errorf("%s: got %v %q, want %q", tc.doc, err, errs, tc.err)
		}
		if _, diags := model.Load("c.json", []byte(tc.doc)); diags.Errors() == 0 {
			t.Errorf("%s: destgen check accepts it", tc.doc)
		}
	}
}

// TestInStepWithDecoder: the schema's keys per object are exactly the
// decoder's (config.Keys), the decoder accepts each of them and rejects
// any other, and every documented key is one the decoder knows.
func TestInStepWithDecoder(t *testing.T) {
	var root map[string]any
	if err := json.Unmarshal(JSON(), &root); err != nil {
		t.Fatal(err)
	}
	defs := root["$defs"].(map[string]any)
	objects := map[string]map[string]any{config.ConfigObject: root}
	for _, name := range []string{config.DestinationObject, config.ACLObject, config.PolicyObject} {
		objects[name] = defs[name].(map[string]any)
	}
	for name, keys := range config.Keys() {
		var got []string
		for k := range objects[name]["properties"].(map[string]any) {
			got = append(got, k)
		}
		slices.Sort(got)
		slices.Sort(keys)
		if !slices.Equal(got, keys) {
			t.Errorf("%s: schema keys %v, decoder keys %v", name, got, keys)
		}
		for k := range keySchemas[name] {
			if !slices.Contains(keys, k) {
				t.Errorf("%s: schema documents %q, which the decoder does not accept", name, k)
			}
		}
	}
	if _, diags := config.Decode("c.json", []byte(kitchenSink)); len(diags) > 0 {
		t.Errorf("the decoder rejects the kitchen sink: %v", diags)
	}
	// One unknown key in each object: both the decoder and the schema refuse it.
	for _, at := range []string{`{"permissions"`, `{"name": "a.*.>"`, `{"publish"`, `{"pattern"`} {
		doc := strings.Replace(kitchenSink, at, strings.Replace(at, "{", `{"zzz": 1, `, 1), 1)
		_, diags := config.Decode("c.json", []byte(doc))
		errs, _ := validateJSON(JSON(), []byte(doc))
		if !strings.Contains(diags.Error(), `unknown key "zzz"`) || len(errs) != 1 || !strings.Contains(errs[0], `key "zzz" is not allowed`) {
			t.Errorf("unknown key at %s: decoder %v, schema %v", at, diags, errs)
		}
	}
}

func TestSchemaHeader(t *testing.T) {
	s := string(JSON())
	if !strings.HasPrefix(s, "{\n  \"$schema\": \"https://json-schema.org/draft/2020-12/schema\",\n") || !strings.HasSuffix(s, "}\n") {
		t.Errorf("schema header or end:\n%.200s", s)
	}
}
