package config

import (
	"strings"

	"github.com/destgen/destgen/gen/diag"
)

// Decode reads a destgen config, in the native format or, when it has a
// top-level "modelVersion" key, as a Broker-J virtual host (see
// DecodeFormat). It reports every problem it finds, not just the first; a
// JSON syntax error ends decoding at that point.
func Decode(file string, data []byte) (*Config, diag.List) {
	return DecodeFormat(file, data, Auto)
}

// decoder decodes a config as the parser reads it, building no tree of
// the JSON: a 100k destination config holds 1.5 million values, and a
// tree of them, however compact, was the largest thing destgen allocated.
type decoder struct {
	p     *parser
	diags diag.List
	ranks []ranked // of the messages of the objects being read (order.go)
	qpid  bool     // a Broker-J virtual host: its conversions (qpidconv.go)
	vars  *Vars    // for its references: -context, -context-env
	ctx   *scope   // its context, once read
	// Indices of this file's first destination and policy when several
	// files make one config, so messages count as model's do (DecodeAll).
	destBase, policyBase int
	locBase              Loc // the Loc of the file's first byte
	// modelVersion is whether the top-level object has that key, which
	// makes a file in the Auto format a Broker-J virtual host.
	modelVersion bool
	seen         stringSet   // scratch for duplicate checks
	props        []Property  // scratch for one destination's properties
	principals   []Principal // scratch for one ACL list
	// Slabs (carve) of what the config keeps.
	values        []Value
	propSlab      []Property
	principalSlab []Principal
}

func (d *decoder) errorf(pos diag.Pos, format string, args ...any) {
	d.diags.Errorf(pos, format, args...)
}

func (d *decoder) warnf(pos diag.Pos, format string, args ...any) {
	d.diags.Warnf(pos, format, args...)
}

// slabSize is how many elements one allocation of a slab holds. A 100k
// destination config keeps 100k names and hundreds of thousands of short
// lists; for the names alone, an allocation each was a tenth of decoding.
const slabSize = 1024

// value reads a String to keep as a Value; it returns nil, after a type
// error, if the value is not a string.
func (d *decoder) value(what label) *Value {
	at := d.p.mark()
	if !d.expect(String, what) {
		return nil
	}
	if len(d.values) == cap(d.values) {
		d.values = make([]Value, 0, slabSize)
	}
	d.values = d.values[:len(d.values)+1]
	v := &d.values[len(d.values)-1]
	v.Pos = d.p.posOf(at)
	v.Str, v.raw = d.p.str()
	if d.p.in != nil {
		v.ext = &valueExt{in: d.p.in, inOff: at.off + 1}
	}
	return v
}

// carve copies s into slab, starting a new one when it is full, and returns
// the copy (nil when s is empty), with no room to grow into its
// neighbours.
func carve[T any](slab *[]T, s []T) []T {
	if len(s) == 0 {
		return nil
	}
	if len(s) > cap(*slab)-len(*slab) {
		*slab = make([]T, 0, max(slabSize, len(s)))
	}
	start := len(*slab)
	*slab = append(*slab, s...)
	return (*slab)[start:len(*slab):len(*slab)]
}

// loc returns the Loc of mark at.
func (d *decoder) loc(at mark) Loc { return d.p.locOf(at) }

// maxKeys is the most keys an object with a fixed key set accepts (a
// destination's five).
const maxKeys = 5

// fields is the state of an object with a fixed key set as it is read.
type fields struct {
	known []string
	seen  [maxKeys]bool
	group group // of its messages
	// watch is a key that the object does not accept but its reader wants
	// to know about; watched says whether it came.
	watch   string
	watched bool
}

// has reports whether the object had key.
func (f *fields) has(key string) bool { return f.seen[index(f.known, key)] }

// rank is the rank of the messages about key (order.go).
func (f *fields) rank(key string, after bool) int { return fieldRank(index(f.known, key), after) }

// object reads an object with a fixed key set, calling field with each
// accepted key; field must read or skip its value. A duplicate key's value
// is skipped, as is an unknown one's. ok is false, after a type error, if
// the value is not an object. The caller may report its checks of the
// object with their ranks, and then calls d.done(f.group).
func (d *decoder) object(what label, f *fields, field func(key string)) (ok bool) {
	f.group = d.group()
	if !d.expect(Object, what) {
		return false
	}
	d.p.object(func(key string, at mark) {
		i := index(f.known, key)
		switch {
		case i < 0:
			f.watched = f.watched || key == f.watch && f.watch != ""
			d.unknownKey(key, at, what, f.known)
			d.p.skip()
		case f.seen[i]:
			d.errorf(d.p.posOf(at), "duplicate key %q in %s", key, what)
			d.p.skip()
		default:
			f.seen[i] = true
			d.rankFrom(fieldRank(i, false))
			field(key)
			d.rankFrom(ownRank)
		}
	})
	return true
}

func (d *decoder) unknownKey(key string, at mark, what label, known []string) {
	if s := suggest(key, known); s != "" {
		d.errorf(d.p.posOf(at), "unknown key %q in %s (did you mean %q?)", key, what, s)
		return
	}
	d.errorf(d.p.posOf(at), "unknown key %q in %s (known keys: %s)", key, what, strings.Join(known, ", "))
}

func index(list []string, s string) int {
	for i, k := range list {
		if k == s {
			return i
		}
	}
	return -1
}

// expect reports whether the value that starts here has kind k, for the
// caller to read; if not, it reports a type error and skips the value.
func (d *decoder) expect(k Kind, what label) bool {
	at := d.p.mark()
	got, ok := d.p.next()
	if ok && got != k {
		d.errorf(d.p.posOf(at), "%s must be %s, not %s", what, k.withArticle(), got.withArticle())
		d.p.skip()
	}
	return ok && got == k
}

// boolean reads a boolean; wrongType says that it was not one, which was
// reported. In a virtual host it may be a string (javaBoolean).
func (d *decoder) boolean(what label) (b, wrongType bool) {
	if d.qpid {
		if k, ok := d.p.next(); ok && k == String {
			return d.javaBoolean(what)
		}
	}
	if !d.expect(Bool, what) {
		return false, d.p.err == nil
	}
	return d.p.keyword(), false
}

func (d *decoder) str(what label) string {
	if !d.expect(String, what) {
		return ""
	}
	s, _ := d.p.str()
	return s
}

// document reads the whole text as one value with read, and checks that
// nothing follows it.
func (d *decoder) document(read func()) {
	if d.p.err != nil {
		return // over the size limit
	}
	d.p.skipSpace()
	read()
	if d.p.err == nil {
		d.p.skipSpace()
		if d.p.off < len(d.p.data) {
			d.p.fail("unexpected %s after the top-level value", d.p.describe())
		}
	}
}

// stringSet is a set of strings that scans a list while small and moves
// to a map past smallSet strings: the sets the decoder checks (an object's
// keys, an ACL's principals) hold a handful each, hundreds of thousands
// of times over, where a map each cost more than its scans.
type stringSet struct {
	list []string
	m    map[string]bool
}

// smallSet is the size past which a stringSet uses a map: up to here a
// scan of short strings is cheaper than hashing.
const smallSet = 16

func (s *stringSet) reset() {
	clear(s.list) // let the strings go
	s.list, s.m = s.list[:0], nil
}

func (s *stringSet) has(k string) bool {
	if s.m != nil {
		return s.m[k]
	}
	return index(s.list, k) >= 0
}

func (s *stringSet) add(k string) {
	if s.m != nil {
		s.m[k] = true
		return
	}
	s.list = append(s.list, k)
	if len(s.list) > smallSet {
		s.m = make(map[string]bool, 2*len(s.list))
		for _, k := range s.list {
			s.m[k] = true
		}
	}
}
