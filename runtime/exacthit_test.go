package runtime

import (
	"strings"
	"testing"
	"unsafe"
)

// exactHitTables are exact-name tables for Resolve's and Allowed's
// written-out first look: keys of every length 1-255 that the table
// samples, the same keys with a crowd that makes it hash whole names,
// keys of 20-255 bytes that it samples wide, and pairs of keys sharing a
// sampled hash, or a wide one (so that a hit's first look meets the
// other key's tag first). Each label starts with its table's hash. Every
// key starts with a dot, an invalid name, so that with permissions off
// Allowed is true for a key found and false for one missed.
func exactHitTables() map[string][]string {
	keys := nameTableKeys()
	crowd := func(c string) string { return "abcdefgh" + c + strings.Repeat("-", 23) }
	crowded := append(append([]string{}, keys...), crowd("1"), crowd("2"), crowd("3"))
	tables := map[string][]string{"sampled": keys, "whole": crowded, "sampled, same sample": sameSampleKeys(25, 60),
		"wide": wideKeys(), "wide, same sample": sameWideKeys(wideFrom+1, 200)}
	for label, keys := range tables {
		dotted := make([]string, len(keys))
		for i, k := range keys {
			dotted[i] = "." + k[1:]
		}
		tables[label] = dotted
	}
	return tables
}

// exactHitWant is Resolve's and Allowed's answers for name as find and
// the slow paths give them, for a Matcher without caches or permissions.
func exactHitWant(m *Matcher, name string) (int, error, bool) {
	if _, _, v0, ok := m.Exact.find(name); ok {
		return int(v0), nil, true
	}
	d, err := m.resolveSlow(name)
	return d, err, m.allowedSlow(Publish, name, nil, 0)
}

func checkExactHit(t *testing.T, m *Matcher, name, what string) {
	t.Helper()
	d, err := m.Resolve(name)
	allowed := m.Allowed(Publish, name, nil)
	if wd, werr, wallowed := exactHitWant(m, name); d != wd || err != werr || allowed != wallowed {
		t.Fatalf("%s: Resolve(%q) (%d bytes) = %d, %v, Allowed %v; find and the slow paths say %d, %v, %v",
			what, name, len(name), d, err, allowed, wd, werr, wallowed)
	}
}

// TestExactHitAgreesWithFind: Resolve's and Allowed's written-out first
// look (exacthit.go) answer as find does for every key, of every length,
// in sampled and whole-name tables, and for every one-byte variant of
// each, a byte longer and a byte shorter.
func TestExactHitAgreesWithFind(t *testing.T) {
	for label, keys := range exactHitTables() {
		for front, m := range withFronts(keys) {
			label := label + ", " + front
			if m.Exact.sampled != strings.HasPrefix(label, "sampled") || m.Exact.wide != strings.HasPrefix(label, "wide") {
				t.Fatalf("%s: sampled %v, wide %v", label, m.Exact.sampled, m.Exact.wide)
			}
			checkExactHits(t, m, keys, label)
		}
	}
}

// checkExactHits checks m's answers for keys, their variants, the
// empty name and one longer than any key.
func checkExactHits(t *testing.T, m *Matcher, keys []string, label string) {
	t.Helper()
	for i, k := range keys {
		if d, err := m.Resolve(k); d != i || err != nil || !m.Allowed(Publish, k, nil) {
			t.Fatalf("%s: Resolve(%q) (%d bytes) = %d, %v, Allowed %v; want %d, allowed",
				label, k, len(k), d, err, m.Allowed(Publish, k, nil), i)
		}
		for _, v := range nameVariants(k) {
			checkExactHit(t, m, v, label+", a variant of a key")
		}
	}
	checkExactHit(t, m, "", label)
	checkExactHit(t, m, "."+strings.Repeat("a", maxNameKey), label)
}

// TestExactHitComparesEveryByte: Resolve and Allowed answer a key as a
// miss once its record's copy differs from it in any one byte, or in its
// length: the hash and tag still lead to the record, so only the
// comparison (each of its length classes, each word) can tell, for keys
// of every length.
func TestExactHitComparesEveryByte(t *testing.T) {
	for label, keys := range exactHitTables() {
		for front, m := range withFronts(keys) {
			checkComparesEveryByte(t, m, keys, label+", "+front)
		}
	}
}

// checkComparesEveryByte changes each byte of each key's record in turn
// and checks that m then misses the key.
func checkComparesEveryByte(t *testing.T, m *Matcher, keys []string, label string) {
	t.Helper()
	tab := &m.Exact
	for _, k := range keys {
		rec, ok := tab.Find(k)
		if !ok {
			t.Fatalf("%s: key %q not found", label, k)
		}
		stored := unsafe.Slice((*byte)(unsafe.Pointer(&tab.recs[rec+recordHeader])), len(k))
		for i := range stored {
			stored[i] ^= 0x04
			checkMissed(t, m, k, label)
			stored[i] ^= 0x04
		}
		tab.recs[rec] ^= 0x01 // the record's length byte
		checkMissed(t, m, k, label+", length")
		tab.recs[rec] ^= 0x01
		if d, _ := m.Resolve(k); d != int(tab.Value(rec, 0)) || !m.Allowed(Publish, k, nil) {
			t.Fatalf("%s: %q not found once restored", label, k)
		}
	}
}

// checkMissed checks that find, Resolve and Allowed miss key, an invalid
// name whose record was changed.
func checkMissed(t *testing.T, m *Matcher, key, what string) {
	t.Helper()
	if _, _, _, ok := m.Exact.find(key); ok {
		t.Fatalf("%s: find(%q) hits a changed record", what, key)
	}
	if d, err := m.Resolve(key); d != -1 || err != ErrInvalidName || m.Allowed(Publish, key, nil) {
		t.Fatalf("%s: Resolve(%q) (%d bytes) = %d, %v, Allowed %v against a changed record; want a miss",
			what, key, len(key), d, err, m.Allowed(Publish, key, nil))
	}
}
