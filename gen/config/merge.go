package config

import (
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/destgen/destgen/gen/diag"
)

// Source is one config file: its name, for messages, and its contents.
type Source struct {
	File string
	Data []byte
}

// text is a config file with its contents as a string, which the config
// keeps substrings of, and the format to read it in.
type text struct {
	file, data string
	format     Format
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
	formats := make([]Format, len(srcs))
	for i := range formats {
		formats[i] = f
	}
	return DecodeEach(srcs, formats)
}

// DecodeEach is DecodeAll with a format for each source: formats[i] reads
// srcs[i], so that a running broker can be handed a virtual host and a
// native file that it knows to be such (live.Compile). formats must be as
// long as srcs.
func DecodeEach(srcs []Source, formats []Format) (*Config, diag.List) {
	texts := make([]text, len(srcs))
	for i, src := range srcs {
		// A copy: the config keeps substrings, and the caller may
		// reuse Data.
		texts[i] = text{src.File, string(src.Data), formats[i]}
	}
	return decodeAll(texts, nil)
}

// DecodeFiles is DecodeAll on the files at paths; err is an I/O error,
// which stops it. It reads each file straight into the string the config
// keeps substrings of, where DecodeAll must copy the caller's bytes: for
// a 100k destination config, 28 MB less to allocate and fill.
func DecodeFiles(paths []string, f Format) (*Config, diag.List, error) {
	return DecodeFilesVars(paths, f, nil)
}

// DecodeFilesVars is DecodeFiles with vars for the context variables that
// a Broker-J virtual host references and does not define (nil: none).
func DecodeFilesVars(paths []string, f Format, vars *Vars) (*Config, diag.List, error) {
	texts := make([]text, len(paths))
	for i, path := range paths {
		data, err := readFile(path)
		if err != nil {
			return nil, nil, err
		}
		texts[i] = text{path, data, f}
	}
	cfg, diags := decodeAll(texts, vars)
	return cfg, diags, nil
}

// readFile is os.ReadFile into a string.
func readFile(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	var b strings.Builder
	if fi, err := f.Stat(); err == nil && fi.Mode().IsRegular() {
		// Room for a file over the limit to show itself as such.
		b.Grow(int(min(fi.Size(), MaxConfigBytes+1)))
	}
	_, err = io.Copy(&b, f)
	return b.String(), err
}

func decodeAll(texts []text, vars *Vars) (*Config, diag.List) {
	if len(texts) == 1 {
		return decodeAt(texts[0].file, texts[0].data, texts[0].format, &decoder{locBase: 1, vars: vars})
	}
	merged := &Config{Permissions: true, Format: Qpid}
	var diags diag.List
	var names []string
	failed := false
	base := Loc(1)
	for _, t := range texts {
		d := &decoder{destBase: len(merged.Destinations), policyBase: len(merged.Policies), locBase: base, vars: vars}
		base += Loc(len(t.data)) + 1
		cfg, l := decodeAt(t.file, t.data, t.format, d)
		diags = append(diags, l...)
		names = append(names, filepath.Base(t.file))
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
	into.files = append(into.files, cfg.files...)
	if cfg.PermissionsPos != NoLoc {
		if into.PermissionsPos != NoLoc {
			diags.Errorf(into.Position(cfg.PermissionsPos), "permissions is also set at %s; set it in one config file only", into.Position(into.PermissionsPos))
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
