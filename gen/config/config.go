// Package config decodes a destgen config file: strict JSON in, a positioned
// Config out. It is the first stage of the pipeline and assumes nothing of
// its input; it checks only what JSON itself can tell (syntax, key names,
// value types, duplicate keys, value ranges that need no context) and leaves
// the meaning of names, patterns and properties to package model.
package config

import "github.com/destgen/destgen/gen/diag"

// Config is a decoded destgen config file.
type Config struct {
	File           string
	Permissions    bool // default true
	PermissionsPos diag.Pos
	Destinations   []Destination
	Policies       []Policy
	// Format says which input format the file was read as.
	Format Format
}

// Format is the input file format.
type Format int

const (
	// Native is destgen's own strict format.
	Native Format = iota
	// Qpid is a Broker-J virtual host file, of which only
	// nodeAutoCreationPolicies is read.
	Qpid
)

// Destination is one configured destination, in config order.
type Destination struct {
	Pos        diag.Pos // the object
	Name       string
	NameVal    *Value
	Store      Optional
	Cluster    Optional
	Properties []Property // file order
	Publish    []Principal
	Subscribe  []Principal
}

// Optional is a string that may be absent; absent is a value of its own.
type Optional struct {
	Set   bool
	Value string
	Pos   diag.Pos
}

// Principal is a user or role name in an ACL.
type Principal struct {
	Name string
	Pos  diag.Pos
}

// Property is one scalar destination property.
type Property struct {
	Key    string
	KeyPos diag.Pos
	Value  Scalar
	Pos    diag.Pos
}

// ScalarType is the type of a property value.
type ScalarType int

const (
	TypeString ScalarType = iota
	TypeInt
	TypeFloat
	TypeBool
)

var scalarTypeNames = [...]string{"string", "integer", "float", "boolean"}

func (t ScalarType) String() string { return scalarTypeNames[t] }

// Scalar is a property value.
type Scalar struct {
	Type  ScalarType
	Str   string
	Int   int64
	Float float64
	Bool  bool
}

// NodeType is what an auto-creation policy creates.
type NodeType int

const (
	Queue NodeType = iota
	Exchange
)

func (n NodeType) String() string {
	if n == Exchange {
		return "exchange"
	}
	return "queue"
}

// Policy is one Broker-J node auto-creation policy (QPID-6954).
type Policy struct {
	Pos              diag.Pos
	Pattern          string
	PatternVal       *Value
	NodeType         NodeType
	NodeTypePos      diag.Pos
	CreatedOnPublish bool
	CreatedOnConsume bool
	ConsumePos       diag.Pos
	// Attributes is the attributes object re-encoded as compact JSON in
	// file order, with Broker-J's "id" key dropped; "{}" when absent.
	Attributes string
}
