package runtime

import (
	"strings"
	"testing"
	"time"
)

var splitTests = []struct {
	name string
	want []string // nil: invalid
}{
	{"foo", []string{"foo"}},
	{"foo.bar.baz", []string{"foo", "bar", "baz"}},
	{"", nil},
	{".", nil},
	{"foo.", nil},
	{".foo", nil},
	{"a..b", nil},
	{"foo.*", nil},
	{"foo.>", nil},
	{"a*b", nil},
	{"a\x00b.\xff", []string{"a\x00b", "\xff"}},
	{strings.Repeat("a", MaxElementBytes), []string{strings.Repeat("a", MaxElementBytes)}},
	{strings.Repeat("a", MaxElementBytes+1), nil},
	{strings.Repeat("a", 127) + "." + strings.Repeat("b", 121), []string{strings.Repeat("a", 127), strings.Repeat("b", 121)}},
	{strings.Repeat("a", 127) + "." + strings.Repeat("b", 122), nil},
	{strings.TrimSuffix(strings.Repeat("a.", MaxElements), "."), strings.Split(strings.TrimSuffix(strings.Repeat("a.", MaxElements), "."), ".")},
	{strings.Repeat("a.", MaxElements) + "a", nil},
}

func TestSplit(t *testing.T) {
	for _, tc := range splitTests {
		var e Elements
		ok := Split(tc.name, &e)
		if ok != (tc.want != nil) {
			t.Errorf("Split(%.30q) ok = %v, want %v", tc.name, ok, tc.want != nil)
			continue
		}
		if ok && strings.Join(e.Elem[:e.N], "|") != strings.Join(tc.want, "|") {
			t.Errorf("Split(%.30q) = %q, want %q", tc.name, e.Elem[:e.N], tc.want)
		}
	}
}

func TestSplitDoesNotAllocate(t *testing.T) {
	var e Elements
	if n := testing.AllocsPerRun(100, func() { Split("foo.bar.baz", &e) }); n != 0 {
		t.Errorf("Split allocates %v times", n)
	}
}

func TestNoLineTerminator(t *testing.T) {
	for s, want := range map[string]bool{
		"": true, "abc": true, "a\nb": false, "a\rb": false, "a\u0085b": false,
		"a\u2028b": false, "a\u2029b": false, "a\u2027b": true, "\xc2": true,
		"\x85": true, "\xe2\x80": true, "a\u00c2b": true, "\t\v\f": true,
	} {
		if got := NoLineTerminator(s); got != want {
			t.Errorf("NoLineTerminator(%q) = %v, want %v", s, got, want)
		}
	}
}

// TestHashSpreads checks the properties the tables rely on: never 0,
// sensitive to every byte and to the length, and seeds independent.
func TestHashSpreads(t *testing.T) {
	seen := map[uint64]string{}
	add := func(s string) {
		h := Hash(s, NameSeed)
		if h == 0 {
			t.Fatalf("Hash(%q) = 0", s)
		}
		if prev, dup := seen[h]; dup && prev != s {
			t.Fatalf("Hash(%q) == Hash(%q)", s, prev)
		}
		seen[h] = s
	}
	base := strings.Repeat("x", 40)
	for n := 0; n <= len(base); n++ {
		add(base[:n])
		for i := 0; i < n; i++ {
			add(base[:i] + "y" + base[i+1:n])
		}
	}
	add("\x00")
	add("\x00\x00")
	if Hash("foo", NameSeed) == Hash("foo", ElemSeed) {
		t.Error("seeds do not change the hash")
	}
}

func TestTableLookup(t *testing.T) {
	keys := []string{"a", "b", "c", "dd"}
	tab := make(Table, 8)
	for i, k := range keys {
		h := Hash(k, NameSeed)
		j := h & 7
		for tab[j].Hash != 0 {
			j = (j + 1) & 7
		}
		tab[j] = Slot{Hash: h, Key: k, Node: uint32(i % 2), Value: uint32(i)}
	}
	for i, k := range keys {
		if v, ok := tab.Lookup(k, uint32(i%2), Hash(k, NameSeed)); !ok || v != uint32(i) {
			t.Errorf("Lookup(%q) = %d, %v", k, v, ok)
		}
		if _, ok := tab.Lookup(k, uint32(1-i%2), Hash(k, NameSeed)); ok {
			t.Errorf("Lookup(%q) with the wrong node found it", k)
		}
	}
	if _, ok := tab.Lookup("zz", 0, Hash("zz", NameSeed)); ok {
		t.Error("found a missing key")
	}
	if _, ok := Table(nil).Lookup("a", 0, 1); ok {
		t.Error("empty table found a key")
	}
}

// TestSameBytes flips every byte of keys of every length up to 40, covering
// each size class's overlapping loads.
func TestSameBytes(t *testing.T) {
	for n := 0; n <= 40; n++ {
		a := strings.Repeat("abcdefghij", 5)[:n]
		if !sameBytes(a, string([]byte(a))) {
			t.Fatalf("sameBytes(%q, copy) = false", a)
		}
		for i := 0; i < n; i++ {
			b := []byte(a)
			b[i] ^= 0x20
			if sameBytes(a, string(b)) {
				t.Fatalf("sameBytes(%q, %q) = true", a, b)
			}
		}
	}
}

// TestZeroCompact builds a Matcher from the zero Compact, which once
// looped forever (signatureBits stepped through the set rows by SetWords,
// 0), and checks that it matches nothing and, with permissions on, allows
// nothing.
func TestZeroCompact(t *testing.T) {
	done := make(chan *Matcher, 1)
	go func() { done <- NewMatcher(&Compact{}) }()
	var m *Matcher
	select {
	case m = <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("NewMatcher(&Compact{}) did not return")
	}
	if d, err := m.Resolve("a.b"); d != -1 || err != nil {
		t.Errorf("Resolve(a.b) = %d, %v; want -1, nil", d, err)
	}
	if got, _ := m.Matches("a.b", nil); len(got) != 0 {
		t.Errorf("Matches(a.b) = %v; want none", got)
	}
	m = NewMatcher(&Compact{Permissions: true})
	if m.Allowed(Publish, "a.b", []Principal{m.Principal("alice")}) {
		t.Error("Allowed(a.b) with permissions on and no destinations: true; want false")
	}
}
