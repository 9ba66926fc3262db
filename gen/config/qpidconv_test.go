package config

import (
	"fmt"
	"strings"
	"testing"
)

// convCtx is the context of the virtual hosts of convTests; its values are
// JSON strings of the file.
const convCtx = `{"t": "rob", "yes": "yes", "m": "{\"${mykey}\" : \"b\"}", "mykey": "mykey1", "simpleList": "[{\"pattern\": \"l\", \"nodeType\": \"queue\", \"createdOnPublish\": true}]"}`

// convHost is a virtual host with context ctx and nodeAutoCreationPolicies
// policies, which TestConversions puts at line 3, column 29.
func convHost(ctx, policies string) string {
	return `{"modelVersion": "9.0", "context": ` + ctx + `,
"nodeAutoCreationPolicies": ` + policies + `}`
}

// pol is a policy with extra keys.
func pol(pattern, extra string) string {
	return `{"pattern": "` + pattern + `", "nodeType": "queue", "createdOnPublish": true` + extra + `}`
}

// policies renders decoded policies for comparison.
func policies(c *Config) string {
	var b strings.Builder
	for _, p := range c.Policies {
		fmt.Fprintf(&b, "%q %v publish=%v consume=%v %s; ", p.Pattern, p.NodeType, p.CreatedOnPublish, p.CreatedOnConsume, p.Attributes)
	}
	return b.String()
}

var convTests = []struct {
	name, in string
	diags    string // one per line
	policies string // policies(cfg), when there are no errors
}{
	// The list converter (AttributeValueConverter.GenericListConverter).
	{"array", convHost(convCtx, `[`+pol("a", "")+`]`), "", `"a" queue publish=true consume=false {}; `},
	{"single object", convHost(convCtx, pol("a", "")), "", `"a" queue publish=true consume=false {}; `},
	{"null is the default", convHost(convCtx, `null`), "", ``},
	{"empty string", convHost(convCtx, `""`), "", ``},
	{"string holding an array", convHost(convCtx, `"[{\"pattern\": \"a\", \"nodeType\": \"queue\", \"createdOnPublish\": true}]"`), "",
		`"a" queue publish=true consume=false {}; `},
	// AttributeValueConverterTest.testNonGenericListConverter: "[ ]" is
	// empty, "${simpleList}" the list in the context.
	{"string holding an empty array", convHost(convCtx, `"[ ]"`), "", ``},
	{"string referencing a list", convHost(convCtx, `"${simpleList}"`), "", `"l" queue publish=true consume=false {}; `},
	// VirtualHostInitialConfigurationTest.nodeAutoCreationPolicyWithEmptyAttributes
	// and ...WithoutAttributes: one policy in a string, string booleans.
	{"string holding one object", convHost(convCtx, `"{\"pattern\":\".*\",\"createdOnPublish\":\"true\",\"createdOnConsume\":\"true\",\"nodeType\":\"queue\", \"attributes\": {}}"`), "",
		`".*" queue publish=true consume=true {}; `},
	{"string holding one object without attributes", convHost(convCtx, `"{\"pattern\":\".*\",\"createdOnPublish\":\"true\",\"createdOnConsume\":\"true\",\"nodeType\":\"queue\"}"`), "",
		`".*" queue publish=true consume=true {}; `},
	// A list in a string is expanded, then its strings again.
	{"expanded twice in a string", convHost(convCtx, `"[{\"pattern\": \"a$$$$\", \"nodeType\": \"queue\", \"createdOnPublish\": true}]"`), "",
		`"a$" queue publish=true consume=false {}; `},
	{"element in a string", convHost(convCtx, `["{\"pattern\": \"${t}\", \"nodeType\": \"queue\", \"createdOnPublish\": true}", `+pol("b", "")+`]`), "",
		`"rob" queue publish=true consume=false {}; "b" queue publish=true consume=false {}; `},
	{"not a list", convHost(convCtx, `"not a list"`),
		"c.json:3:30: error: nodeAutoCreationPolicies is a string that is not a JSON array or object: unexpected 'n', expecting a value", ""},
	{"string null", convHost(convCtx, `"null"`),
		`c.json:3:29: error: nodeAutoCreationPolicies is the string "null": Broker-J reads it as no list at all, and fails on every auto-creation`, ""},
	{"string number", convHost(convCtx, `"5"`),
		"c.json:3:29: error: nodeAutoCreationPolicies is a string holding a number, not a JSON array or object", ""},
	{"blank string", convHost(convCtx, `" \t"`),
		"c.json:3:29: error: nodeAutoCreationPolicies is a blank string, which Broker-J reads as no policy", ""},
	{"trailing text", convHost(convCtx, `"[] x"`),
		"c.json:3:33: error: nodeAutoCreationPolicies is a string that is not a JSON array or object: unexpected 'x' after the JSON value", ""},
	{"unterminated", convHost(convCtx, `"[{\"pattern\": \"a\"}"`),
		"c.json:3:51: error: nodeAutoCreationPolicies is a string that is not a JSON array or object: unexpected end of string, expecting ','", ""},
	{"number", convHost(convCtx, `5`), "c.json:3:29: error: nodeAutoCreationPolicies must be an array, not a number", ""},
	{"blank element", convHost(convCtx, `[" "]`), "c.json:3:30: error: policy 0 is a blank string, which Broker-J reads as no policy", ""},
	{"element holding an array", convHost(convCtx, `["[]"]`), "c.json:3:30: error: policy 0 is a string holding an array, not a JSON object", ""},
	{"element not JSON", convHost(convCtx, `["{x"]`), "c.json:3:32: error: policy 0 is a string that is not a JSON object: unexpected 'x', expecting a string key", ""},
	{"number element", convHost(convCtx, `[5]`), "c.json:3:30: error: policy 0 must be an object, not a number", ""},
	{"number element in a string", convHost(convCtx, `"[1]"`), "c.json:3:31: error: policy 0 must be an object, not a number", ""},

	// Booleans (BOOLEAN_CONVERTER: Boolean.valueOf after expansion).
	{"TRUE", convHost(convCtx, `[{"pattern": "a", "nodeType": "queue", "createdOnPublish": "TRUE", "createdOnConsume": "True"}]`), "",
		`"a" queue publish=true consume=true {}; `},
	{"FALSE", convHost(convCtx, `[{"pattern": "a", "nodeType": "queue", "createdOnPublish": true, "createdOnConsume": "FALSE"}]`), "",
		`"a" queue publish=true consume=false {}; `},
	{"yes is false", convHost(convCtx, `[{"pattern": "a", "nodeType": "queue", "createdOnPublish": true, "createdOnConsume": "yes"}]`),
		`c.json:3:114: warning: policy 0 createdOnConsume "yes" is false: Broker-J reads a string as true only if it is "true", in any case (Boolean.valueOf)`,
		`"a" queue publish=true consume=false {}; `},
	{"empty is false", convHost(convCtx, `[{"pattern": "a", "nodeType": "queue", "createdOnPublish": "", "createdOnConsume": "tRuE"}]`),
		`c.json:3:88: warning: policy 0 createdOnPublish "" is false: Broker-J reads a string as true only if it is "true", in any case (Boolean.valueOf)`,
		`"a" queue publish=false consume=true {}; `},
	{"expanded booleans", convHost(convCtx, `[{"pattern": "a", "nodeType": "queue", "createdOnPublish": "${fl}", "createdOnConsume": "${yes}"}]`),
		`c.json:3:117: warning: policy 0 createdOnConsume "${yes}" (expanded to "yes") is false: Broker-J reads a string as true only if it is "true", in any case (Boolean.valueOf)`,
		`"a" queue publish=true consume=false {}; `},
	{"only flag yes", convHost(convCtx, `[{"pattern": "a", "nodeType": "queue", "createdOnPublish": "yes"}]`),
		`c.json:3:88: warning: policy 0 createdOnPublish "yes" is false: Broker-J reads a string as true only if it is "true", in any case (Boolean.valueOf)
c.json:3:30: error: policy 0 has neither createdOnPublish nor createdOnConsume true: it can never create a node`, ""},
	{"number is no boolean", convHost(convCtx, `[{"pattern": "a", "nodeType": "queue", "createdOnPublish": 1}]`),
		"c.json:3:88: error: policy 0 createdOnPublish must be a boolean, not a number", ""},

	// Attributes (GenericMapConverter of String to Object).
	// AttributeValueConverterTest.testMapConverter: "${mapWithInterpolatedContents}"
	// is {"mykey1": "b"}.
	{"attributes in a string", convHost(convCtx, `[`+pol("a", `, "attributes": "${m}"`)+`]`), "", `"a" queue publish=true consume=false {"mykey1":"b"}; `},
	{"attributes null", convHost(convCtx, `[`+pol("a", `, "attributes": null`)+`]`), "", `"a" queue publish=true consume=false {}; `},
	{"attributes string null", convHost(convCtx, `[`+pol("a", `, "attributes": "null"`)+`]`), "", `"a" queue publish=true consume=false {}; `},
	{"attributes not a map", convHost(convCtx, `[`+pol("a", `, "attributes": "not a map"`)+`]`),
		"c.json:3:109: error: policy 0 attributes is a string that is not a JSON object: unexpected 'n', expecting a value", ""},
	{"attributes string holding an array", convHost(convCtx, `[`+pol("a", `, "attributes": "[]"`)+`]`),
		"c.json:3:108: error: policy 0 attributes is a string holding an array, not a JSON object", ""},
	// Top-level keys and string values expanded; a key expanded onto
	// another keeps the first place and the last value; nested values
	// are not expanded (OBJECT_CONVERTER).
	{"attributes expanded", convHost(convCtx, `[`+pol("a", `, "attributes": {"a": 1, "${t}": 2, "rob": 3, "n": {"x": "${t}"}, "s": "${t}$$"}`)+`]`), "",
		`"a" queue publish=true consume=false {"a":1,"rob":3,"n":{"x":"${t}"},"s":"rob$"}; `},
	{"id expanded and dropped", convHost(convCtx, `[`+pol("a", `, "attributes": {"${i}": "x", "d": true}`)+`]`), "",
		`"a" queue publish=true consume=false {"d":true}; `},
	{"attribute unresolved two strings deep", convHost(convCtx, `["{\"pattern\": \"a\", \"nodeType\": \"queue\", \"createdOnPublish\": true, \"attributes\": \"{\\\"d\\\": \\\"x${nope}\\\"}\"}"]`),
		`c.json:3:140: warning: policy 0 attributes "d": no such variable: nope; Broker-J leaves "${nope}" in it, for the node it creates to expand`,
		`"a" queue publish=true consume=false {"d":"x${nope}"}; `},
	{"attribute unresolved", convHost(convCtx, `[`+pol("a", `, "attributes": {"d": "x${nope}"}`)+`]`),
		`c.json:3:116: warning: policy 0 attributes "d": no such variable: nope; Broker-J leaves "${nope}" in it, for the node it creates to expand`,
		`"a" queue publish=true consume=false {"d":"x${nope}"}; `},

	// Patterns and node types: expanded, an unknown name an error.
	{"pattern", convHost(convCtx, `[`+pol(`${t}\\.durable\\..*`, "")+`]`), "", `"rob\\.durable\\..*" queue publish=true consume=false {}; `},
	{"pattern $$", convHost(convCtx, `[`+pol(`orders$$`, "")+`]`), "", `"orders$" queue publish=true consume=false {}; `},
	{"pattern unresolved", convHost(convCtx, `[`+pol(`\u0041${nope}`, "")+`]`), "c.json:3:49: error: policy 0 pattern: no such variable: nope", ""},
	{"pattern unresolved in a string", convHost(convCtx, `["{\"pattern\": \"a${nope}\", \"nodeType\": \"queue\", \"createdOnPublish\": true}"]`),
		"c.json:3:48: error: policy 0 pattern: no such variable: nope", ""},
	{"nodeType", convHost(convCtx, `[{"pattern": "a", "nodeType": " ${nt}\u0001", "createdOnPublish": true}]`), "",
		`"a" exchange publish=true consume=false {}; `},
	{"nodeType unresolved", convHost(convCtx, `[{"pattern": "a", "nodeType": "${t}${x}", "createdOnPublish": true}]`),
		`c.json:3:64: error: policy 0 nodeType: no such variable: x`, ""},

	// VirtualHostTest.testAddValidAutoCreationPolicies: the two policies
	// it sets, as a virtual host file holds them.
	{"VirtualHostTest valid", convHost(convCtx, `[{"pattern": "fooQ*", "createdOnPublish": true, "createdOnConsume": true, "nodeType": "Queue", "attributes": {}},
 {"pattern": "barE*", "createdOnPublish": true, "createdOnConsume": false, "nodeType": "Exchange", "attributes": {"type": "amq.fanout"}}]`), "",
		`"fooQ*" queue publish=true consume=true {}; "barE*" exchange publish=true consume=false {"type":"amq.fanout"}; `},
	// VirtualHostTest.testAddInvalidAutoCreationPolicies: a null pattern
	// ("MUST be supplied"); and the other checks of
	// AbstractVirtualHost.validateNodeAutoCreationPolicy that config makes
	// (the regex is model's).
	{"VirtualHostTest null pattern", convHost(convCtx, `[{"pattern": null, "createdOnPublish": true, "createdOnConsume": true, "nodeType": "Queue"}]`),
		"c.json:3:42: error: policy 0 pattern must be a string, not a null", ""},
	{"no pattern", convHost(convCtx, `[{"createdOnPublish": true, "nodeType": "Queue"}]`), "c.json:3:30: error: policy 0 has no pattern", ""},
	{"not a child type", convHost(convCtx, `[{"pattern": "a", "createdOnPublish": true, "nodeType": "${t}"}]`),
		`c.json:3:85: error: policy 0 nodeType "rob" is neither "queue" nor "exchange"`, ""},
	{"exchange on consume", convHost(convCtx, `[{"pattern": "a", "createdOnConsume": "true", "nodeType": "exchange"}]`),
		"c.json:3:67: error: policy 0 creates an exchange on consume, but an exchange cannot be consumed from", ""},
	{"neither flag", convHost(convCtx, `[{"pattern": "a", "createdOnConsume": "false", "nodeType": "queue"}]`),
		"c.json:3:30: error: policy 0 has neither createdOnPublish nor createdOnConsume true: it can never create a node", ""},

	// The context (a map of strings, converted when it is set).
	{"context after the policies", `{"modelVersion": "9.0", "nodeAutoCreationPolicies": [` + pol("${t}", "") + `],
"context": {"t": "rob"}}`, "", `"rob" queue publish=true consume=false {}; `},
	// The policies are read again after the context, and the lines after
	// them still count.
	{"lines after the policies", `{"modelVersion": "9.0", "nodeAutoCreationPolicies": [
` + pol("${x}", "") + `],
  "context": {"t": 1.5}}`,
		"c.json:4:20: error: context \"t\" must be a string or an integer, not 1.5\nc.json:3:14: error: policy 0 pattern: no such variable: x", ""},
	{"syntax error after the policies", `{"modelVersion": "9.0", "nodeAutoCreationPolicies": [
` + pol("${x}", "") + `],
  "context": {}}
 }`, "c.json:5:2: error: unexpected '}' after the top-level value", ""},
	{"context $$ read once", convHost(`{"a": "x$$$$y", "c": "$${b}", "b": "B"}`, `[`+pol("${a}", "")+`, `+pol("${c}", "")+`]`), "",
		`"x$y" queue publish=true consume=false {}; "B" queue publish=true consume=false {}; `},
	{"context keys expanded", convHost(`{"${fl}": "k"}`, `[`+pol("${TRUE}", "")+`]`), "", `"k" queue publish=true consume=false {}; `},
	{"context in a string", convHost(`"{\"t\": \"s\"}"`, `[`+pol("${t}", "")+`]`), "", `"s" queue publish=true consume=false {}; `},
	{"context null", convHost(`null`, `[`+pol("${fl}", "")+`]`), "", `"TRUE" queue publish=true consume=false {}; `},
	{"context scalars", convHost(`{"b": false, "i": -0, "j": 12, "n": null}`, `[`+pol("${b}${i}${j}", "")+`]`), "", `"false012" queue publish=true consume=false {}; `},
	{"context over flags", convHost(`{"fl": "own"}`, `[`+pol("${fl}", "")+`]`), "", `"own" queue publish=true consume=false {}; `},
	{"context null value is no variable", convHost(`{"fl": null}`, `[`+pol("${fl}", "")+`]`), "", `"TRUE" queue publish=true consume=false {}; `},
	{"context fraction", convHost(`{"f": 1.5}`, `[]`), "c.json:1:42: error: context \"f\" must be a string or an integer, not 1.5", ""},
	{"context object value", convHost(`{"o": {}}`, `[]`), "c.json:1:42: error: context \"o\" must be a string, not an object", ""},
	{"context not an object", convHost(`[]`, `[]`), "c.json:1:36: error: context must be an object, not an array", ""},
	{"context string not an object", convHost(`"[]"`, `[]`), "c.json:1:36: error: context is a string holding an array, not a JSON object", ""},
	{"context duplicate", convHost(`{"a": "1", "a": "2"}`, `[]`), "c.json:1:47: error: duplicate key \"a\" in context", ""},
	{"duplicate context", `{"modelVersion": "9.0", "context": {}, "context": {}}`, "c.json:1:40: error: duplicate key \"context\" in virtual host", ""},
	{"context cycle", convHost(`{"a": "${json:a}"}`, `[]`), `c.json:1:43: error: context "a": recursively defined variable: json:a (json:a -> a -> json:a)`, ""},
}

func TestConversions(t *testing.T) {
	vars := &Vars{Flags: map[string]string{"fl": "TRUE", "nt": "Exchange", "i": "id", "a": "${json:a}"}}
	for _, tc := range convTests {
		t.Run(tc.name, func(t *testing.T) {
			in := strings.Replace(tc.in, "\n", "\n\n", 1) // line 3
			cfg, diags := decodeAt("c.json", in, Auto, &decoder{locBase: 1, vars: vars})
			var got []string
			for _, d := range diags {
				got = append(got, d.String())
			}
			if g := strings.Join(got, "\n"); g != tc.diags {
				t.Errorf("diagnostics:\n%s\nwant:\n%s", g, tc.diags)
			}
			if diags.Errors() == 0 && (cfg == nil || policies(cfg) != tc.policies) {
				t.Errorf("policies: %s\nwant:     %s", policies(cfg), tc.policies)
			}
		})
	}
}

// TestAttributesSet puts a key again into attributes of smallSet keys,
// one fewer and one more (past smallSet, attributes index by a map).
func TestAttributesSet(t *testing.T) {
	for _, n := range []int{smallSet - 1, smallSet, smallSet + 1} {
		var a attributes
		for i := range n {
			a.set(fmt.Sprint("k", i), "1")
		}
		a.set("k0", "2")
		a.set(fmt.Sprint("k", n-1), "3")
		a.set("new", "5")
		a.set("new", "4")
		if len(a.list) != n+1 || a.list[0] != (attribute{"k0", "2"}) || a.list[n-1].json != "3" || a.list[n] != (attribute{"new", "4"}) {
			t.Errorf("%d keys: %v", n, a.list)
		}
		if (a.at != nil) != (n+1 > smallSet) {
			t.Errorf("%d keys: map %v", n, a.at != nil)
		}
	}
}
