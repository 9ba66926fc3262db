package config

import "slices"

// The keys each object of the native format accepts. The decoder checks
// keys against these lists and package schema builds the JSON Schema from
// them, so the schema and the decoder cannot drift apart (schema's tests
// check both directions).
var (
	configKeys      = []string{"permissions", "destinations", "nodeAutoCreationPolicies"}
	destinationKeys = []string{"name", "store", "cluster", "properties", "acl"}
	aclKeys         = []string{"publish", "subscribe"}
	policyKeys      = []string{"pattern", "nodeType", "createdOnPublish", "createdOnConsume", "attributes"}
)

// Objects of the native format with a fixed key set, for Keys.
const (
	ConfigObject      = "config"
	DestinationObject = "destination"
	ACLObject         = "acl"
	PolicyObject      = "policy"
)

// Keys returns the keys the decoder accepts in each object of the native
// format with a fixed key set, in documentation order. (Properties and
// attributes take any key.)
func Keys() map[string][]string {
	return map[string][]string{
		ConfigObject:      slices.Clone(configKeys),
		DestinationObject: slices.Clone(destinationKeys),
		ACLObject:         slices.Clone(aclKeys),
		PolicyObject:      slices.Clone(policyKeys),
	}
}
