// Package config decodes a destgen config file: strict JSON in, a positioned
// Config out. It is the first stage of the pipeline and assumes nothing of
// its input; it checks only what JSON itself can tell (syntax, key names,
// value types, duplicate keys, value ranges that need no context) and leaves
// the meaning of names, patterns and properties to package model. In a
// Broker-J virtual host it first does what Broker-J does to a value before
// validating it: expands context variables and converts strings holding
// JSON or booleans (qpidconv.go), keeping positions in the file.
//
// It decodes as it parses, building no tree of the JSON, and keeps
// positions as Locs, byte offsets that Config.Position turns into
// file:line:col when a message needs one: a 100k destination config holds
// 1.5 million values and over a million positions, and as a tree of
// positioned values they took most of destgen's time and memory. A Config
// keeps substrings of the text it was decoded from.
package config

// Config is a decoded destgen config file. Its positions are Locs, which
// Position resolves.
type Config struct {
	File           string
	Permissions    bool // default true
	PermissionsPos Loc
	Destinations   []Destination
	Policies       []Policy
	// Format says which input format the file was read as.
	Format Format
	files  []*srcFile // in Loc order, for Position
}

// Format is the input file format.
type Format int

const (
	// Native is destgen's own strict format.
	Native Format = iota
	// Qpid is a Broker-J virtual host file, of which only
	// nodeAutoCreationPolicies and context are read.
	Qpid
)

// Destination is one configured destination, in config order.
type Destination struct {
	Pos        Loc // the object
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
	Pos   Loc
}

// Principal is a user or role name in an ACL.
type Principal struct {
	Name string
	Pos  Loc
}

// Property is one scalar destination property.
type Property struct {
	Key    string
	KeyPos Loc
	Value  Scalar
	Pos    Loc
}

// ScalarType is the type of a property value. It is a byte so that a
// Scalar, of which a 100k destination model holds half a million, packs
// its type and its boolean into one word.
type ScalarType uint8

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
	Bool  bool
	Str   string
	Int   int64
	Float float64
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
	Pos              Loc
	Pattern          string
	PatternVal       *Value
	NodeType         NodeType
	NodeTypePos      Loc
	CreatedOnPublish bool
	CreatedOnConsume bool
	ConsumePos       Loc
	// Attributes is the attributes object re-encoded as compact JSON in
	// file order, with Broker-J's "id" key dropped; "{}" when absent.
	Attributes string
}
