// Package model validates a decoded config and builds the model every later
// stage works from: parsed patterns, the typed property schema, translated
// policy regexes, precedence ranks, and the store/cluster overlap check.
//
// It assumes a Config as package config returns it (JSON types already
// checked) and guarantees, when it returns no errors, a model in which every
// pattern is valid, names are unique, every property key has one type, every
// policy regex has an exact Go translation, and overlapping destinations
// agree on store and cluster.
package model

import (
	"github.com/destgen/destgen/gen/config"
	"github.com/destgen/destgen/gen/diag"
	"github.com/destgen/destgen/gen/subject"
)

// Model is a validated config.
type Model struct {
	File         string
	Permissions  bool
	Destinations []*Destination // config order; Index is the position here
	Schema       []Field        // property fields, in order of first appearance
	Policies     []*Policy      // config order
	// ByRank lists destination indices from most to least preferred.
	ByRank []int
}

// Destination is a validated configured destination.
type Destination struct {
	Index   int
	Pos     diag.Pos
	Pattern subject.Pattern
	Store   config.Optional
	Cluster config.Optional
	// Props holds one value per schema field; Has says which are set.
	Props []config.Scalar
	Has   []bool
	// ACL lists the principals granted each operation (indexed by
	// runtime.Op), in config order.
	ACL [2][]string
	// Rank is the destination's position in ByRank.
	Rank int
}

// Field is one property of the generated Properties struct.
type Field struct {
	Key    string
	GoName string
	Type   config.ScalarType
	Pos    diag.Pos // first appearance
}

// Policy is a validated auto-creation policy.
type Policy struct {
	Index            int
	Pos              diag.Pos
	Pattern          string // the Java regex as written
	GoRegexp         string // its exact RE2 translation, anchored
	NodeType         config.NodeType
	CreatedOnPublish bool
	CreatedOnConsume bool
	Attributes       string // compact JSON, "id" dropped
}

// Build validates cfg. The model is returned even when there are errors, for
// tools that want to show what could be understood; it must not be used for
// generation unless the list holds no errors.
func Build(cfg *config.Config) (*Model, diag.List) {
	return build(cfg, true)
}

// build is Build; decoded is false when cfg came with decoding errors, in
// which case the whole-config checks (ranking, store overlap) are skipped:
// a mistyped store decodes as "" and would report a conflict that is not
// there.
func build(cfg *config.Config, decoded bool) (*Model, diag.List) {
	b := &builder{cfg: cfg, m: &Model{File: cfg.File, Permissions: cfg.Permissions}}
	b.destinations(cfg.Destinations)
	b.schema(cfg.Destinations)
	b.policies(cfg.Policies)
	if decoded && b.diags.Errors() == 0 {
		b.rank()
		b.checkStores()
	}
	b.diags.Sort()
	return b.m, b.diags
}

type builder struct {
	cfg   *config.Config // for positions
	m     *Model
	diags diag.List
}

// Load decodes and validates config bytes; file names them in diagnostics.
// Validation runs even after decoding errors, so that one run lists every
// problem. The model is nil when decoding reported errors; it must not be
// used for generation unless the list holds no errors.
func Load(file string, data []byte) (*Model, diag.List) {
	cfg, diags := config.Decode(file, data)
	return LoadConfig(cfg, diags)
}

// LoadConfig is Load on a config already decoded (config.DecodeAll, for
// several files), given the diagnostics decoding reported; cfg is nil when
// decoding failed.
func LoadConfig(cfg *config.Config, diags diag.List) (*Model, diag.List) {
	if cfg == nil {
		diags.Sort()
		return nil, diags
	}
	decoded := diags.Errors() == 0
	m, more := build(cfg, decoded)
	diags = append(diags, more...)
	diags.Sort()
	if !decoded {
		m = nil
	}
	return m, diags
}
