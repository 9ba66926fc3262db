package config

import (
	"fmt"

	"github.com/destgen/destgen/gen/diag"
)

// Auto asks DecodeFormat to tell the format from the file: a Broker-J
// virtual host has a top-level "modelVersion" key (Broker-J writes it into
// every virtual host config), which the native format does not accept.
const Auto Format = -1

// ParseFormat reads the -format flag: "auto", "native" or "qpid".
func ParseFormat(s string) (Format, error) {
	switch s {
	case "auto", "":
		return Auto, nil
	case "native":
		return Native, nil
	case "qpid":
		return Qpid, nil
	}
	return Auto, fmt.Errorf("unknown format %q (want auto, native or qpid)", s)
}

func (f Format) String() string {
	switch f {
	case Native:
		return "native"
	case Qpid:
		return "qpid"
	}
	return "auto"
}

// DecodeFormat reads a config in format f (Auto: detect it).
//
// Native is destgen's own strict format. Qpid is an Apache Qpid Broker-J
// virtual host file, as QPID-6954 shows one: only its
// nodeAutoCreationPolicies and its context are read, and everything else
// (ids, exchanges, other attributes) is ignored without error, as it
// configures the broker rather than routing. The policies are read as
// Broker-J reads them, context variables and attribute conversions
// included (qpidconv.go), and otherwise as strictly as in the native
// format. nodeType's case and an "id" in attributes are handled as
// Broker-J does in both formats. DecodeFormat has no Vars: a virtual
// host's references must be to its own context (DecodeFilesVars).
func DecodeFormat(file string, data []byte, f Format) (*Config, diag.List) {
	// A copy: the config keeps substrings of the text, and the caller may
	// reuse data.
	return decodeAt(file, string(data), f, &decoder{locBase: 1})
}

// decodeAt decodes one file with d, which says where its indices and Locs
// start.
func decodeAt(file, data string, f Format, d *decoder) (*Config, diag.List) {
	fresh := *d
	var cfg *Config
	if f != Qpid {
		d.start(file, data)
		cfg = d.config(file)
		if f == Auto && d.modelVersion && d.p.err == nil {
			// A virtual host after all: read it again as one, the
			// native reading's messages forgotten.
			f, d = Qpid, &fresh
		}
	}
	if f == Qpid {
		d.start(file, data)
		cfg = d.virtualHost(file)
	}
	if d.p.err != nil {
		var l diag.List
		l.Errorf(d.p.err.Pos, "%s", d.p.err.Msg)
		return nil, l
	}
	return cfg, d.diags
}

// start readies d to read data.
func (d *decoder) start(file, data string) {
	d.p = newParser(file, data, d.locBase)
}

// virtualHost reads a Broker-J virtual host's nodeAutoCreationPolicies,
// after its context, wherever that stands, since the policies' references
// are expanded in it: the policies are skipped where they come and read
// again at the end.
func (d *decoder) virtualHost(file string) *Config {
	d.qpid = true
	cfg := &Config{File: file, Permissions: true, Format: Qpid, files: []*srcFile{d.p.file}}
	const policyRank = ownRank + 1 // after the keys' messages
	g := d.group()
	d.document(func() {
		if !d.expect(Object, named("virtual host")) {
			return
		}
		var policies mark
		depth, seen := 0, map[string]bool{}
		d.p.object(func(key string, at mark) {
			switch {
			case key != "nodeAutoCreationPolicies" && key != "context":
				d.p.skip()
			case seen[key]:
				d.errorf(d.p.posOf(at), "duplicate key %q in virtual host", key)
				d.p.skip()
			case key == "context":
				seen[key] = true
				d.context(named("context"))
			default:
				seen[key] = true
				policies, depth = d.p.mark(), d.p.depth
				d.p.skip()
			}
		})
		if seen["nodeAutoCreationPolicies"] && d.p.err == nil {
			back := d.p.reread(policies, depth)
			d.rankFrom(policyRank)
			cfg.Policies = d.policyList(named("nodeAutoCreationPolicies"))
			d.rankFrom(ownRank)
			back()
		}
	})
	d.done(g)
	return cfg
}
