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
// virtual host file, as QPID-6954 shows one: only nodeAutoCreationPolicies
// is read, and everything else in the virtual host (ids, exchanges,
// context, other attributes) is ignored without error, as it configures
// the broker rather than routing. The policies themselves are decoded as
// strictly as in the native format, with Broker-J's own leniency where it
// differs: booleans may be the strings "true" and "false" (Broker-J's REST
// API and older virtual host files write them so). nodeType's case and an
// "id" in attributes are handled as Broker-J does in both formats.
func DecodeFormat(file string, data []byte, f Format) (*Config, diag.List) {
	return decodeAt(file, data, f, &decoder{})
}

func decodeAt(file string, data []byte, f Format, d *decoder) (*Config, diag.List) {
	root, serr := ParseJSON(file, data)
	if serr != nil {
		var l diag.List
		l.Errorf(serr.Pos, "%s", serr.Msg)
		return nil, l
	}
	if f == Auto {
		f = detect(root)
	}
	if f == Qpid {
		return d.virtualHost(file, root), d.diags
	}
	return d.config(file, root), d.diags
}

func detect(root *Value) Format {
	if root.Kind == Object {
		for _, m := range root.Members {
			if m.Key == "modelVersion" {
				return Qpid
			}
		}
	}
	return Native
}

// virtualHost reads a Broker-J virtual host's nodeAutoCreationPolicies.
func (d *decoder) virtualHost(file string, root *Value) *Config {
	d.qpid = true
	cfg := &Config{File: file, Permissions: true, Format: Qpid}
	if !d.is(root, Object, "virtual host") {
		return cfg
	}
	var policies *Value
	for _, m := range root.Members {
		if m.Key != "nodeAutoCreationPolicies" {
			continue
		}
		if policies != nil {
			d.diags.Errorf(m.KeyPos, "duplicate key %q in virtual host", m.Key)
			continue
		}
		policies = m.Value
	}
	cfg.Policies = d.policies(policies)
	return cfg
}
