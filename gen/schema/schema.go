// Package schema builds the JSON Schema (draft 2020-12) of destgen's native
// config format, for editors: `destgen schema` prints it and the repository
// root holds a copy, destgen.schema.json.
//
// The keys of each object come from config.Keys, the lists the decoder
// checks keys against, so a key cannot be added to one and not the other;
// this package adds only each key's type and documentation. The schema
// describes what JSON can tell (types, required keys, name syntax); the
// meaning (a property's type agreeing across destinations, store/cluster
// agreement, regex validity) is left to `destgen check`. It does not
// describe Broker-J virtual host files, which destgen reads leniently.
package schema

import (
	"bytes"
	"encoding/json"
	"fmt"

	"github.com/destgen/destgen/gen/config"
)

// obj is a JSON object that keeps its keys in order, so that the printed
// schema is stable and reads in documentation order.
type obj []kv

type kv struct {
	k string
	v any
}

func (o obj) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, e := range o {
		if i > 0 {
			b.WriteByte(',')
		}
		k, _ := marshal(e.k)
		v, err := marshal(e.v)
		if err != nil {
			return nil, err
		}
		b.Write(k)
		b.WriteByte(':')
		b.Write(v)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// marshal is json.Marshal without HTML escaping, which would print the
// '>' of patterns as \u003e.
func marshal(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}

// namePattern is the destination pattern syntax: elements separated by
// dots, '*' a whole element, '>' only a whole last element. Byte limits
// are left to the checker, since JSON Schema counts characters.
const namePattern = `^(?:(?:\*|[^.*>]+)(?:\.(?:\*|[^.*>]+))*(?:\.>)?|>)$`

// nodeTypePattern accepts queue and exchange in any case, with surrounding
// space, as Broker-J and the decoder do.
const nodeTypePattern = `^\s*(?:[Qq][Uu][Ee][Uu][Ee]|[Ee][Xx][Cc][Hh][Aa][Nn][Gg][Ee])\s*$`

func ref(def string) obj { return obj{{"$ref", "#/$defs/" + def}} }

// keySchemas documents each key of each fixed-key object.
var keySchemas = map[string]map[string]obj{
	config.ConfigObject: {
		"permissions": {{"description", "When false, every operation on a valid name is allowed. Default true."},
			{"type", "boolean"}, {"default", true}},
		"destinations": {{"description", "Configured destinations, in config order."},
			{"type", "array"}, {"items", ref("destination")}},
		"nodeAutoCreationPolicies": {{"description", "Apache Qpid Broker-J node auto-creation policies (QPID-6954), tried in config order."},
			{"type", "array"}, {"items", ref("policy")}},
	},
	config.DestinationObject: {
		"name": {{"description", "Destination pattern: elements separated by '.'; '*' matches one element, a last '>' one or more. At most 249 bytes, 64 elements, 127 bytes per element."},
			{"type", "string"}, {"pattern", namePattern}},
		"store":   {{"description", "Persistence store; overlapping destinations must agree. Unset differs from \"\"."}, {"type", "string"}},
		"cluster": {{"description", "Cluster; overlapping destinations must agree. Unset differs from \"\"."}, {"type", "string"}},
		"properties": {{"description", "Scalar properties; each key must have one type across all destinations."},
			{"type", "object"}, {"additionalProperties", obj{{"type", []string{"string", "number", "boolean"}}}}},
		"acl": {{"description", "Principals granted each operation; the effective ACL of a name is the union over its matches."},
			{"$ref", "#/$defs/acl"}},
	},
	config.ACLObject: {
		"publish":   {{"description", "Principals that may publish."}, {"$ref", "#/$defs/principals"}},
		"subscribe": {{"description", "Principals that may subscribe (consume)."}, {"$ref", "#/$defs/principals"}},
	},
	config.PolicyObject: {
		"pattern": {{"description", "Java regular expression matched against the whole node name."}, {"type", "string"}},
		"nodeType": {{"description", "queue or exchange (case-insensitive)."},
			{"type", "string"}, {"pattern", nodeTypePattern}, {"examples", []string{"queue", "exchange"}}},
		"createdOnPublish": {{"description", "Create the node when a client publishes to it."}, {"type", "boolean"}, {"default", false}},
		"createdOnConsume": {{"description", "Create the node when a client consumes from it (queues only)."}, {"type", "boolean"}, {"default", false}},
		"attributes":       {{"description", "Attributes of the created node; any JSON. An \"id\" key is dropped."}, {"type", "object"}},
	},
}

// required lists the keys each object must have.
var required = map[string][]string{
	config.DestinationObject: {"name"},
	config.PolicyObject:      {"pattern", "nodeType"},
}

// object builds the schema of a fixed-key object from config.Keys.
func object(name, description string) obj {
	keys := config.Keys()[name]
	props := obj{}
	for _, k := range keys {
		s, ok := keySchemas[name][k]
		if !ok {
			panic(fmt.Sprintf("schema: no schema for key %q of %s", k, name))
		}
		props = append(props, kv{k, s})
	}
	o := obj{{"description", description}, {"type", "object"}, {"additionalProperties", false}, {"properties", props}}
	if r := required[name]; r != nil {
		o = append(o, kv{"required", r})
	}
	return o
}

// JSON returns the schema, indented, with a final newline.
func JSON() []byte {
	root := object(config.ConfigObject, "A destgen config: destinations (TIBCO FTL semantics) and node auto-creation policies (Apache Qpid Broker-J).")
	root = append(obj{
		{"$schema", "https://json-schema.org/draft/2020-12/schema"},
		{"title", "destgen config"},
	}, root...)
	root = append(root, kv{"$defs", obj{
		{"destination", object(config.DestinationObject, "A configured destination.")},
		{"acl", object(config.ACLObject, "Access control: operation to principals.")},
		{"principals", obj{{"type", "array"}, {"items", obj{{"type", "string"}, {"minLength", 1}}}, {"uniqueItems", true}}},
		{"policy", object(config.PolicyObject, "A node auto-creation policy (QPID-6954).")},
	}})
	flat, err := marshal(root)
	if err != nil {
		panic(err) // only strings, bools, numbers and slices of them
	}
	var b bytes.Buffer
	if err := json.Indent(&b, flat, "", "  "); err != nil {
		panic(err)
	}
	b.WriteByte('\n')
	return b.Bytes()
}
