package fuzz

import (
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/destgen/destgen/gen/model"
	"github.com/destgen/destgen/gen/plan"
	"github.com/destgen/destgen/gen/reference"
	"github.com/destgen/destgen/internal/difftest"
	"github.com/destgen/destgen/internal/seedcorpus"
	"github.com/destgen/destgen/runtime"
)

// FuzzCompiled compiles fuzzed configs in-process (plan.Build, the
// matcher and policy index generated code builds from it) and compares
// every answer on fuzzed names, and on names derived from the config's
// patterns and policy literals, with the reference interpreter.
//
// The bytes decode into a small config (decodeConfig) whose elements and
// literals are drawn around the lengths the runtime branches on: one,
// two and three 8-byte words, the name table's inline and spare key
// sizes, MaxElementBytes and MaxNameBytes, with NUL bytes, elements that
// share their first word or end in NUL, and ACLs over a few principals.
// One header bit replicates the config into thousands of destinations
// and dozens of policies, numbered at the front, middle or end of an
// element, so that the large-table paths (the exact table's Bloom filter
// and sampled hash, split automata, crowded policy buckets) are taken.
func FuzzCompiled(f *testing.F) {
	for _, s := range compiledSeeds() {
		seedcorpus.Add(f, s.data, s.name)
	}
	f.Fuzz(func(t *testing.T, data []byte, name string) {
		fc := decodeConfig(data)
		js := fc.JSON()
		m, diags := model.Load("fuzz.json", js)
		if diags.Err() != nil {
			// decodeConfig keeps to the limits, but patterns can still
			// conflict (a duplicate, a '>' before the end): not what this
			// target tests.
			t.Skip()
		}
		p := plan.Build(m)
		ck := difftest.New(reference.New(m), &p.Matcher, runtime.NewPolicyIndex(&p.PolicyIndex))
		callers := fc.callers(name)
		for _, n := range fc.names(name) {
			if err := ck.Check(n, callers); err != nil {
				t.Fatalf("%v\nconfig: %s", err, js)
			}
		}
	})
}

// fuzzConfig is a decoded config: destination patterns with their ACLs,
// and policies.
type fuzzConfig struct {
	perm     bool
	dests    []fuzzDest
	policies []fuzzPolicy
	// replicas of each destination and policy added by replicate, and
	// where their number goes (replicaFront, replicaMiddle, replicaEnd).
	replicas, policyReplicas, at int
}

type fuzzDest struct {
	elems              []string
	publish, subscribe []string
}

type fuzzPolicy struct {
	lit                  string
	form                 int
	onPublish, onConsume bool
}

// boundaryLens are element and literal lengths at and either side of the
// thresholds the runtime branches on: runtime's shortElem and 8-byte
// words, the name table's inline comparisons (16, 32, 48), Hash's size
// classes (16, 32, 64) and MaxElementBytes.
var boundaryLens = []int{1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 23, 24, 25, 31, 32, 33,
	39, 40, 41, 47, 48, 49, 63, 64, 65, runtime.MaxElementBytes - 1, runtime.MaxElementBytes}

// fuzzPrincipals are the principals ACLs draw from; replicas add more.
var fuzzPrincipals = []string{"p0", "p1", "p2", "p3", "ops", "web", "p0\x00", strings.Repeat("q", 40)}

// elemVocab are elements with known neighbours: a common prefix, a
// shared first word, a trailing NUL.
var elemVocab = []string{"a", "b", "ab", "ab\x00", "orders", "abcdefgh", "abcdefghi", "abcdefgh\x00",
	"abcdefghijklmnop", "abcdefghijklmnopq", "abcdefghijklmno\x00", "\x00", "\u00ff", "\uffff"}

// fuzzReader reads the fuzzer's bytes, then zeros.
type fuzzReader struct {
	data []byte
	off  int
}

func (r *fuzzReader) next() byte {
	if r.off >= len(r.data) {
		return 0
	}
	r.off++
	return r.data[r.off-1]
}

// elemByte maps b to a byte a config element may hold: anything ASCII
// but '.', '*' and '>' (config strings must be UTF-8; names looked up
// need not be, and the fuzzed names carry the other bytes).
func elemByte(b byte) byte {
	b &= 0x7f
	if b == '.' || b == '*' || b == '>' {
		return 0
	}
	return b
}

// decodeConfig turns bytes into a config; every config it returns keeps
// to the name limits.
func decodeConfig(data []byte) *fuzzConfig {
	r := &fuzzReader{data: data}
	h := r.next()
	fc := &fuzzConfig{perm: h&1 == 0}
	nd, np := 1+int(h>>1&7), int(h>>4&3)
	if h&0x40 != 0 {
		fc.at = int(h >> 7)
		fc.replicas, fc.policyReplicas = replicaDests/nd+1, replicaPolicies
		if r.next()&1 != 0 {
			fc.at = replicaMiddle
		}
	}
	seen := map[string]bool{}
	for range nd {
		d := fuzzDest{elems: decodePattern(r)}
		if key := strings.Join(d.elems, "."); seen[key] {
			d.elems = append([]string{"d" + strconv.Itoa(len(seen))}, d.elems...)
		}
		seen[strings.Join(d.elems, ".")] = true
		acl := r.next()
		for i, p := range fuzzPrincipals[:4] {
			if acl>>i&1 != 0 {
				d.publish = append(d.publish, p)
			}
			if acl>>(4+i)&1 != 0 {
				d.subscribe = append(d.subscribe, p)
			}
		}
		if extra := r.next(); extra&0x80 != 0 {
			d.publish = append(d.publish, fuzzPrincipals[4+int(extra&3)])
		}
		fc.dests = append(fc.dests, d)
	}
	for range np {
		b := r.next()
		fc.policies = append(fc.policies, fuzzPolicy{lit: decodeLiteral(r), form: int(b % policyFormCount),
			onPublish: b&0x40 == 0, onConsume: b&0x80 == 0 || b&0x40 != 0})
	}
	return fc
}

const (
	replicaDests    = 2200 // over 2048 exact names: an exact table's index of 8192 slots, hashing whole names
	replicaPolicies = 12   // several per crowded bucket: over the policy index's splitAbove
	replicaEnd      = 0
	replicaFront    = 1
	replicaMiddle   = 2
)

// decodePattern reads a pattern's elements, within MaxElements and
// MaxNameBytes; a '>' ends it.
func decodePattern(r *fuzzReader) []string {
	b := r.next()
	n := 1 + int(b&7)
	if b&0xf8 == 0xf8 { // many one-byte elements: the element limit
		n = runtime.MaxElements - 2 + int(b&3)
	}
	var elems []string
	size := -1
	for len(elems) < n && len(elems) < runtime.MaxElements {
		e := decodeElem(r)
		if size+1+len(e) > runtime.MaxNameBytes {
			break
		}
		elems, size = append(elems, e), size+1+len(e)
		if e == ">" {
			break
		}
	}
	if len(elems) == 0 {
		elems = []string{"a"}
	}
	return elems
}

func decodeElem(r *fuzzReader) string {
	v := r.next()
	k := int(v >> 3)
	switch v & 7 {
	case 0, 1:
		return elemVocab[k%len(elemVocab)]
	case 2:
		return "*"
	case 3:
		return ">"
	case 4: // a run of one byte, then a last byte of its own
		l := boundaryLens[k%len(boundaryLens)]
		return strings.Repeat(string(elemByte(r.next())|1), l-1) + string(elemByte(r.next()))
	case 5: // bytes of the input
		b := make([]byte, 1+k)
		for i := range b {
			b[i] = elemByte(r.next())
		}
		return string(b)
	case 6: // sharing the first word "abcdefgh", of 8 to 39 bytes
		return "abcdefgh" + strings.Repeat("x", k)
	}
	// a boundary length ending in NUL
	return strings.Repeat("n", boundaryLens[k%len(boundaryLens)]-1) + "\x00"
}

// policyFormCount is the number of policy shapes policyPattern writes.
const policyFormCount = 9

// decodeLiteral reads a policy literal of a boundary length (the index
// keys literals by 1, 2, 4, 8 and 16 bytes) over letters, digits and '.'.
func decodeLiteral(r *fuzzReader) string {
	const alphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-_x"
	l := boundaryLens[int(r.next())%len(boundaryLens)]
	l = min(l, 33)
	b := make([]byte, l)
	for i := range b {
		b[i] = alphabet[int(r.next())%len(alphabet)]
	}
	return string(b)
}

// policyPattern is the Java regex of a policy of form form around the
// literal lit: an exact name, a prefix, a suffix, a case-insensitive
// prefix, an inner literal, a general regexp with a literal, a repeated
// group, and '$' inside and outside a group.
func policyPattern(lit string, form int) string {
	q := strings.ReplaceAll(lit, ".", `\.`)
	switch form {
	case 0:
		return q
	case 1:
		return q + `\..*`
	case 2:
		return `.*\.` + q
	case 3:
		return `(?i)` + q + `.*`
	case 4:
		return `.*` + q + `.*`
	case 5:
		return q + `[0-9]+`
	case 6:
		return `(?:` + q + `)+`
	case 7:
		return `(?:` + q + `|x)*$`
	}
	return `(?:` + q + `$)?`
}

// replicate is the element e with number i at the configured place.
func (fc *fuzzConfig) replicate(e string, i int) string {
	num := strconv.Itoa(i)
	switch fc.at {
	case replicaFront:
		e = num + "-" + e
	case replicaMiddle:
		e = e[:len(e)/2] + "-" + num + "-" + e[len(e)/2:]
	default:
		e += "-" + num
	}
	if len(e) > runtime.MaxElementBytes {
		e = e[len(e)-runtime.MaxElementBytes:]
	}
	return e
}

// allDests returns the destinations and their replicas: each replica
// numbers the pattern's first literal element (or gets a numbered first
// element) and grants publish to a numbered principal as well, so that
// sets have more principals than a signature has bits.
func (fc *fuzzConfig) allDests() []fuzzDest {
	out := append([]fuzzDest{}, fc.dests...)
	seen := map[string]bool{}
	for _, d := range fc.dests {
		seen[strings.Join(d.elems, ".")] = true
	}
	for i := range fc.replicas {
		for _, d := range fc.dests {
			r := fuzzDest{elems: append([]string{}, d.elems...), subscribe: d.subscribe,
				publish: append(append([]string{}, d.publish...), "u"+strconv.Itoa(i%97))}
			j := 0
			for j < len(r.elems) && (r.elems[j] == "*" || r.elems[j] == ">") {
				j++
			}
			if j < len(r.elems) {
				r.elems[j] = fc.replicate(r.elems[j], i)
			} else {
				r.elems = append([]string{fc.replicate("r", i)}, r.elems...)
			}
			key := strings.Join(r.elems, ".")
			if len(key) > runtime.MaxNameBytes || len(r.elems) > runtime.MaxElements || seen[key] {
				continue
			}
			seen[key] = true
			out = append(out, r)
		}
	}
	return out
}

// JSON is the config file.
func (fc *fuzzConfig) JSON() []byte {
	var dests []difftest.Dest
	for _, d := range fc.allDests() {
		dests = append(dests, difftest.Dest{Pattern: strings.Join(d.elems, "."), Publish: d.publish, Subscribe: d.subscribe})
	}
	var pols []difftest.Policy
	for _, p := range fc.policies {
		for i := range 1 + fc.policyReplicas {
			lit := p.lit
			if i > 0 {
				lit += strconv.Itoa(i)
			}
			pols = append(pols, difftest.Policy{Pattern: policyPattern(lit, p.form), OnPublish: p.onPublish, OnConsume: p.onConsume})
		}
	}
	return difftest.ConfigJSON(fc.perm, dests, pols)
}

// callers are the principal lists Allowed is asked with: none, the
// fuzzed name, pairs, and but for a replicated config each principal
// alone and one no ACL names.
func (fc *fuzzConfig) callers(name string) [][]string {
	out := [][]string{nil, {name}, {"u7", "p2"}, {"p1", "p3"}}
	if fc.replicas > 0 {
		return out // the reference's Allowed loops over thousands of destinations
	}
	out = append(out, []string{"nobody"}, []string{"u7"})
	for _, p := range fuzzPrincipals {
		out = append(out, []string{p})
	}
	return out
}

// names are the names every answer is compared on: the fuzzed name, an
// instance of every pattern (its wildcards filled from the fuzzed name)
// and of the first and last replicas, near misses of each (a byte more or
// less, the last byte changed, a NUL or 0xFF appended), and each policy
// literal with its neighbours.
func (fc *fuzzConfig) names(name string) []string {
	fill := "x"
	if e, _, _ := strings.Cut(name, "."); e != "" && !strings.ContainsAny(e, "*>") && len(e) <= runtime.MaxElementBytes {
		fill = e
	}
	out := []string{name}
	dests := fc.allDests()
	if len(dests) > len(fc.dests)+1 {
		dests = append(dests[:len(fc.dests)+1:len(fc.dests)+1], dests[len(dests)-1])
	}
	for _, d := range dests {
		one := strings.Join(instance(d.elems, fill, fill), ".")
		two := strings.Join(instance(d.elems, fill, "x.y"), ".")
		out = append(out, one, two, one+".z", "z."+one, one+"\x00", one+"\xff", one[:len(one)-1])
		last := one[len(one)-1]
		out = append(out, one[:len(one)-1]+string(last^1), one[:len(one)-1]+string(last^0x80))
	}
	for _, p := range fc.policies {
		for _, lit := range []string{p.lit, p.lit + strconv.Itoa(fc.policyReplicas)} {
			out = append(out, lit, lit+".x", "x."+lit, strings.ToUpper(lit)+".x", lit[:len(lit)-1], lit+lit, lit+"\n", lit+name)
		}
	}
	return out
}

// instance fills a pattern: '*' with star, '>' with tail.
func instance(elems []string, star, tail string) []string {
	out := make([]string, len(elems))
	for i, e := range elems {
		switch e {
		case "*":
			out[i] = star
		case ">":
			out[i] = tail
		default:
			out[i] = e
		}
	}
	return out
}

// compiledSeed is one seed of FuzzCompiled.
type compiledSeed struct {
	data []byte
	name string
}

// seedElem is the bytes decodeElem reads for element byte v, padded
// with fill.
func seedElem(v, fill byte) []byte {
	switch k := int(v >> 3); v & 7 {
	case 4:
		return []byte{v, fill, fill + 1}
	case 5:
		return append([]byte{v}, bytesOf(fill, k+1)...)
	}
	return []byte{v}
}

func bytesOf(b byte, n int) []byte {
	out := make([]byte, n)
	for i := range out {
		out[i] = b + byte(i)
	}
	return out
}

// compiledSeeds cover each element kind and boundary length, as an exact
// name and in a wildcard pattern, every policy form at every literal
// length, the three replica placements and the element limit.
func compiledSeeds() []compiledSeed {
	var out []compiledSeed
	for k := range 32 {
		for kind := range byte(8) {
			e := seedElem(byte(k)<<3|kind, 'k')
			// Two destinations (e alone; e.*), permissions on.
			data := append(append([]byte{0x02, 0x00}, e...), 0x35, 0x80, 0x01)
			data = append(append(data, e...), 0x02, 0x12, 0x00)
			out = append(out, compiledSeed{data, "k.x"})
		}
	}
	for form := range byte(policyFormCount) {
		for li := range boundaryLens {
			// Three destinations (a, b.*, *.>), one policy.
			data := []byte{0x14, 0x00, 0x00, 0x31, 0x80, 0x01, 0x08, 0x02, 0x12, 0x00, 0x01, 0x02, 0x03, 0x21, 0x00,
				form, byte(li)}
			out = append(out, compiledSeed{append(data, bytesOf(form*7, 33)...), "orders.x"})
		}
	}
	for _, h := range []byte{0x52, 0xd2} { // replicas numbered at the end, the front
		for _, mid := range []byte{0, 1} { // or the middle
			data := []byte{h, mid, 0x00, 0x30, 0x31, 0x80, 0x02, 0x04, 'a', 'b', 0x02, 0x4e, 0x12, 0x00,
				0x01, 21}
			out = append(out, compiledSeed{append(data, bytesOf(3, 33)...), "abcdefghijklmnop-17.x"})
		}
	}
	// 63 to 64 one-byte elements, and names at the limits.
	out = append(out, compiledSeed{append([]byte{0x00, 0xf9}, make([]byte, 70)...), strings.Repeat("a.", runtime.MaxElements-1) + "a"},
		compiledSeed{[]byte{0x00, 0x02, 0xdc, 'A', 'B', 0xe4, 'C', 'D', 0x04, 'E', 'F'}, strings.Repeat("x", runtime.MaxNameBytes)})
	return out
}

// TestCompiledSeedsValid checks that the seeds decode to configs the model
// accepts (the fuzz target skips the others), so that the seeds test
// what they are meant to, and that replication reaches the exact table's
// large-table threshold.
func TestCompiledSeedsValid(t *testing.T) {
	rejected, replicated := 0, 0
	for _, s := range compiledSeeds() {
		fc := decodeConfig(s.data)
		m, diags := model.Load("seed.json", fc.JSON())
		if diags.Err() != nil {
			rejected++
			continue
		}
		for _, p := range fc.policies {
			if !utf8.ValidString(p.lit) {
				t.Fatalf("policy literal %q is not UTF-8", p.lit)
			}
		}
		if fc.replicas > 0 && len(m.Destinations) > replicaDests {
			replicated++
		}
	}
	if n := len(compiledSeeds()); rejected > n/10 {
		t.Errorf("%d of %d seeds decode to rejected configs", rejected, n)
	}
	if replicated < 3 {
		t.Errorf("%d seeds replicate to over %d destinations; want at least 3", replicated, replicaDests)
	}
}
