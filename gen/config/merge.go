package config

import (
	"path/filepath"
	"strings"

	"github.com/destgen/destgen/gen/diag"
)

// Source is one config file: its name, for messages, and its contents.
type Source struct {
	File string
	Data []byte
}

// DecodeAll reads several config files as one config, so that a Broker-J
// virtual host can supply the policies and a native file the destinations
// and ACLs (destgen -config vhost.json -config realm.json).
//
// Merging is concatenation in the order given: destinations, then policies,
// of the first file, then of the second, and so on. Indices in messages and
// in explain count across the files in that order, and every position
// names its own file. A destination name defined in two files is a
// duplicate, as within one file. "permissions" may be set by one file
// only, since no order of precedence between files would be obvious. f
// applies to every file (Auto detects each one).
//
// The config is nil when some file is not valid JSON. A merged config's
// File lists the files' base names (it names the source in the header of
// generated code); its Format is Qpid only when every file was read so.
func DecodeAll(srcs []Source, f Format) (*Config, diag.List) {
	if len(srcs) == 1 {
		return DecodeFormat(srcs[0].File, srcs[0].Data, f)
	}
	merged := &Config{Permissions: true, Format: Qpid}
	var diags diag.List
	var names []string
	failed := false
	for _, src := range srcs {
		d := &decoder{destBase: len(merged.Destinations), policyBase: len(merged.Policies)}
		cfg, l := decodeAt(src.File, src.Data, f, d)
		diags = append(diags, l...)
		names = append(names, filepath.Base(src.File))
		if cfg == nil {
			failed = true
			continue
		}
		merge(merged, cfg, &diags)
	}
	if failed {
		return nil, diags
	}
	merged.File = strings.Join(names, " and ")
	return merged, diags
}

func merge(into, cfg *Config, diags *diag.List) {
	if cfg.PermissionsPos.Line != 0 {
		if into.PermissionsPos.Line != 0 {
			diags.Errorf(cfg.PermissionsPos, "permissions is also set at %s; set it in one config file only", into.PermissionsPos)
		} else {
			into.Permissions, into.PermissionsPos = cfg.Permissions, cfg.PermissionsPos
		}
	}
	into.Destinations = append(into.Destinations, cfg.Destinations...)
	into.Policies = append(into.Policies, cfg.Policies...)
	if cfg.Format != Qpid {
		into.Format = Native
	}
}
