package runtime

import (
	"fmt"
	"strings"
	"testing"
	"unsafe"
)

// withFronts returns a Matcher of keys with each kind of front: the
// plan's index, read only (a Matcher without caches), and laid out again
// with room for cached names (a small config with wildcards).
func withFronts(keys []string) map[string]*Matcher {
	out := map[string]*Matcher{}
	for label, cached := range map[string]bool{"plan index": false, "rehomed": true} {
		m := &Matcher{Exact: NewNameTable(keys, nameValues(keys))}
		m.front = newFrontIndex(&m.Exact, cached)
		out[label] = m
	}
	return out
}

// frontLayout names f's layout against t's index.
func frontLayout(f *frontIndex, t *NameTable) string {
	switch {
	case unsafe.Pointer(unsafe.SliceData(f.slots)) == unsafe.Pointer(unsafe.SliceData(t.index)):
		return "plan"
	case f.mask != t.mask || f.offMask != t.offMask:
		return "rehomed"
	}
	return "copied"
}

// eightByteKeys returns n keys of 8 bytes (3 record words each) and
// extra of 9 (4 words).
func eightByteKeys(n, extra int) []string {
	var keys []string
	for i := range n {
		keys = append(keys, fmt.Sprintf("k%07d", i))
	}
	for i := range extra {
		keys = append(keys, fmt.Sprintf("x%08d", i))
	}
	return keys
}

// longKeys returns n keys of 32 bytes: records of 6 words, so that at
// frontMinSlots the offsets leave the arena room (8-byte keys never do).
func longKeys(n int) []string {
	keys := make([]string, n)
	for i := range keys {
		keys[i] = fmt.Sprintf("%032d", i)
	}
	return keys
}

// TestFrontLayouts: a Matcher without a result cache, or an index over
// frontMaxSlots entries, reads the plan's index; one at frontMinSlots
// or more whose offsets leave the arena room copies it; the rest lay it
// out again, at frontMinSlots or more. Each answers every key it holds,
// and their variants, as find. (At exactly frontMinSlots, laying the
// index out again gives the same slots as the copy, which only spares
// the hashing: no mutant there can be told apart, and none is listed.)
func TestFrontLayouts(t *testing.T) {
	room := frontMaxSlots - frontUnits // record words that leave room exactly
	for _, c := range []struct {
		label  string
		keys   []string
		cached bool
		want   string
		size   int
	}{
		{"no cache", eightByteKeys(100, 0), false, "plan", 256},
		{"under the minimum", eightByteKeys(frontMinSlots/4, 0), true, "rehomed", frontMinSlots},
		{"at the minimum", longKeys(frontMinSlots / 2), true, "copied", frontMinSlots},
		{"room exactly", eightByteKeys(room/3, 0), true, "copied", frontMaxSlots / 2},
		{"a word short of room", eightByteKeys(room/3-1, 1), true, "rehomed", frontMaxSlots / 2},
		{"at the maximum", eightByteKeys(frontMaxSlots/2, 0), true, "copied", frontMaxSlots},
		{"over the maximum", eightByteKeys(frontMaxSlots/2+1, 0), true, "plan", 2 * frontMaxSlots},
	} {
		m := &Matcher{Exact: NewNameTable(c.keys, nameValues(c.keys))}
		m.front = newFrontIndex(&m.Exact, c.cached)
		f := &m.front
		if got := frontLayout(f, &m.Exact); got != c.want || len(f.slots)-1 != c.size || (f.arena != nil) != (got != "plan") {
			t.Fatalf("%s (%d keys, %d record words): %s front of %d slots, arena %v; want %s of %d",
				c.label, len(c.keys), len(m.Exact.recs), got, len(f.slots)-1, f.arena != nil, c.want, c.size)
		}
		for i := 0; i < len(c.keys); i += 1 + len(c.keys)/300 {
			if d, err := m.Resolve(c.keys[i]); d != i || err != nil {
				t.Fatalf("%s: Resolve(%q) = %d, %v; want %d", c.label, c.keys[i], d, err, i)
			}
			for _, v := range nameVariants(c.keys[i]) {
				checkExactHit(t, m, v, c.label)
			}
		}
	}
}

// frontCached returns how many of f's entries point at arena records.
func frontCached(f *frontIndex) int {
	n := 0
	for i := range f.slots {
		if e := f.slots[i].Load(); e != 0 && int(e&f.offMask) >= f.recs {
			n++
		}
	}
	return n
}

// publishFresh publishes name with answer a and reports whether it took
// a slot (its first look had an empty one).
func publishFresh(f *frontIndex, t *NameTable, name string, a uint32) bool {
	before := frontCached(f)
	f.publish(name, t.hash(name), a, 0)
	return frontCached(f) == before+1
}

// TestFrontServesWhatWasPublished: a name published with an answer is
// then answered from the front, at every length up to frontMaxName, and
// one longer is not published; a published answer that is not resolveSlow's
// shows which one Resolve gave. Exact names keep their answers however
// many names are published around them.
func TestFrontServesWhatWasPublished(t *testing.T) {
	keys := nameTableKeys()
	m := withFronts(keys)["rehomed"]
	f := &m.front
	for _, n := range []int{1, 7, 8, 9, 16, 17, 24, 25, 32, 33, 48, 49, 64, 65, frontMaxName - 1, frontMaxName, frontMaxName + 1} {
		for v := 0; ; v++ {
			if v == 64 {
				t.Fatalf("%d bytes: none of 64 names published", n)
			}
			name := fmt.Sprintf("z%d%s", v, strings.Repeat("q", n))[:n]
			published := publishFresh(f, &m.Exact, name, uint32(cacheAnswer(n, nil)))
			if n > frontMaxName {
				if published {
					t.Fatalf("%d bytes: published, over frontMaxName", n)
				}
				break
			}
			if !published {
				continue // its first look is full: another name
			}
			if d, err := m.Resolve(name); d != n || err != nil {
				t.Fatalf("%d bytes: Resolve(%q) = %d, %v; published %d", n, name, d, err, n)
			}
			break
		}
	}
	if !publishFresh(f, &m.Exact, "a..b", uint32(cacheAnswer(-1, ErrInvalidName))) {
		t.Fatal("a..b not published")
	}
	if d, err := m.Resolve("a..b"); d != -1 || err != ErrInvalidName {
		t.Fatalf("Resolve(a..b) = %d, %v; published invalid", d, err)
	}
	for i, k := range keys {
		f.publish(k+"-", m.Exact.hash(k+"-"), 1, 0)
		if d, err := m.Resolve(k); d != i || err != nil {
			t.Fatalf("Resolve(%q) = %d, %v after publishing beside it; want %d", k, d, err, i)
		}
	}
}

// TestFrontArenaRenews: the arena takes names until their records fill
// its frontUnits units exactly, each name where room said it would, some
// in the slot after a full home; a record that would cross the last unit
// (one unit left, two wanted) replaces the arena instead and clears every
// entry into the old one, so that no name is answered from a record since
// reused: each falls back to resolveSlow's answer until published again.
func TestFrontArenaRenews(t *testing.T) {
	keys := nameTableKeys()
	m := withFronts(keys)["rehomed"]
	f := &m.front
	var names []string
	second := 0 // names entered past a full home slot
	// Records of 4 units up to 4 short of the end, then 2, then 1: the
	// arena is then one unit short of full, and the next name wants 2.
	wants := func() int {
		switch used := f.arena.Load(); {
		case used == nil || int(used.used.Load()) < frontUnits-4:
			return 200
		case int(used.used.Load()) == frontUnits-4:
			return 49
		}
		return 48
	}
	for i := 0; f.arena.Load() == nil || int(f.arena.Load().used.Load()) < frontUnits-1; i++ {
		if i == 4*frontUnits {
			t.Fatalf("%d of %d names published", len(names), i)
		}
		name := fmt.Sprintf("n%05d", i)
		name = (name + strings.Repeat(".element", 32))[:wants()-1] + "z" // valid: elements of 7 bytes
		h := m.Exact.hash(name)
		_, room := f.room(name, h)
		homeFull := f.slots[h&f.mask].Load() != 0
		before := f.arena.Load()
		published := publishFresh(f, &m.Exact, name, uint32(cacheAnswer(i%100, nil)))
		if room != published || (before != nil && f.arena.Load() != before) {
			t.Fatalf("%q: room says %v, published %v, arena replaced %v", name, room, published, before != nil && f.arena.Load() != before)
		}
		if published {
			names = append(names, name)
			if homeFull {
				second++
			}
		}
	}
	if got, want := len(names), (frontUnits-4)/4+2; got != want {
		t.Fatalf("%d names fill the arena to its last unit; want %d", got, want)
	}
	if second == 0 {
		t.Fatal("no name entered the slot after its full home")
	}
	old := f.arena.Load()
	for _, name := range names {
		if d, _ := m.Resolve(name); d == -1 {
			t.Fatalf("%q not answered from the front", name)
		}
	}
	over := strings.Repeat("o", 49) // two units, one left
	f.publish(over, m.Exact.hash(over), 1, 0)
	if f.arena.Load() == old || frontCached(f) != 0 {
		t.Fatalf("after %d names: arena replaced %v, %d cached entries left", len(names)+1, f.arena.Load() != old, frontCached(f))
	}
	for _, name := range names {
		if d, err := m.Resolve(name); d != -1 || err != nil {
			t.Fatalf("%q after the arena's renewal: %d, %v; want resolveSlow's -1", name, d, err)
		}
	}
	if !publishFresh(f, &m.Exact, names[0], uint32(cacheAnswer(5, nil))) {
		t.Fatal("not published after the renewal")
	}
	if d, _ := m.Resolve(names[0]); d != 5 {
		t.Fatalf("%q published again: %d; want 5", names[0], d)
	}
	// A writer that saw the old arena full renews late, after another
	// renewed it: its compare-and-swap fails, and the new arena and its
	// entries stay.
	current := f.arena.Load()
	f.renew(old)
	if f.arena.Load() != current || frontCached(f) != 1 {
		t.Fatalf("a stale renewal: arena replaced %v, %d cached entries, want 1", f.arena.Load() != current, frontCached(f))
	}
	if d, _ := m.Resolve(names[0]); d != 5 {
		t.Fatalf("%q after a stale renewal: %d; want 5", names[0], d)
	}
}

// TestFrontServesAllowed: Allowed answers a published name from its
// record, as it does an exact name: with permissions off, allowed unless
// its answer says invalid; with them on, by the record's signature for
// the op asked. Each published answer is one the walk would not give (a
// valid name published invalid, an invalid one valid, signatures this
// Matcher has no sets for), so each answer shows the front gave it.
func TestFrontServesAllowed(t *testing.T) {
	m := withFronts(nameTableKeys())["rehomed"]
	f := &m.front
	for _, c := range []struct {
		name string
		a    uint32
		want bool
	}{{"zz.valid.published.invalid", cacheInvalid, false}, {"zz..invalid", uint32(cacheAnswer(2, nil)), true}} {
		if !publishFresh(f, &m.Exact, c.name, c.a) {
			t.Fatalf("%q not published", c.name)
		}
		if got := m.Allowed(Publish, c.name, nil); got != c.want {
			t.Fatalf("permissions off: Allowed(%q) = %v with answer %#x published; want %v", c.name, got, c.a, c.want)
		}
	}
	m.Permissions, m.headMask = true, 0b11
	first, second := Principal{ref: 1, owner: m.id, sigs: 0b01}, Principal{ref: 2, owner: m.id, sigs: 0b10}
	const name = "zz.signed"
	f.publish(name, m.Exact.hash(name), uint32(cacheAnswer(0, nil)), 0b01|0b10<<32)
	for _, c := range []struct {
		op     Op
		caller []Principal
		want   bool
	}{
		{Publish, []Principal{first}, true}, {Publish, []Principal{second}, false},
		{Subscribe, []Principal{first}, false}, {Subscribe, []Principal{second}, true},
		{Subscribe, []Principal{first, second}, true}, {Publish, nil, false},
	} {
		if got := m.Allowed(c.op, name, c.caller); got != c.want {
			t.Fatalf("Allowed(%v, %q, %v) = %v; want %v", c.op, name, c.caller, got, c.want)
		}
	}
}

// TestFrontSecondLook: in a table that samples names, names that differ
// only in bytes the sample does not read share a first look, whose first
// slot alone a lookup reads; the rest each enter their second look
// (nameHash), once, and Resolve and
// Allowed answer it from there: answers and signatures the walk would not
// give (a Matcher with no wildcards) show that they come from the front.
func TestFrontSecondLook(t *testing.T) {
	var keys []string
	for i := range 64 {
		keys = append(keys, fmt.Sprintf("exact.key.%03d.with.a.long.tail.%03d", i, i))
	}
	m := &Matcher{Exact: NewNameTable(keys, nameValues(keys)), headMask: 1}
	m.front = newFrontIndex(&m.Exact, true)
	m.cache = &resultCache{mask: minCacheSets - 1}
	f := &m.front
	// 46 bytes: the sample reads 0-7, 19-26 and 38-45 (wide, 30-45 too);
	// the id is 10-15.
	name := func(i int) string { return fmt.Sprintf("wild.name.%06d.middle.part.and.tail.of.it.xx", i) }
	if h := m.Exact.hash(name(0)); m.Exact.readsWhole(len(name(0))) || h != m.Exact.hash(name(1)) || nameHash(&m.Exact, name(0), h) == nameHash(&m.Exact, name(1), h) {
		t.Fatal("the names do not share a sampled hash, or share their whole one")
	}
	// name(0) takes the first look, whose second slot no lookup of its
	// tag would read; the others their second looks, where entering one
	// again adds nothing.
	const n = 12
	for round := range 2 {
		for i := round; i < n; i++ {
			m.enter(name(i), m.Exact.hash(name(i)), uint32(cacheAnswer(i, nil)))
		}
		if got := frontCached(f); got != n {
			t.Fatalf("%d names entered: %d cached entries; want one each", n, got)
		}
	}
	for i := range n {
		if d, err := m.Resolve(name(i)); d != i || err != nil {
			t.Fatalf("Resolve(%q) = %d, %v; want the front's %d", name(i), d, err, i)
		}
		if !m.Allowed(Publish, name(i), nil) {
			t.Fatalf("Allowed(%q) with permissions off: denied a valid cached name", name(i))
		}
	}
	m.Permissions = true
	grant, deny := name(100), name(101) // their first look is full
	f.publish(grant, nameHash(&m.Exact, grant, m.Exact.hash(grant)), 1, 1<<32)
	f.publish(deny, nameHash(&m.Exact, deny, m.Exact.hash(deny)), 1, 1)
	caller := []Principal{{sigs: 1}}
	for _, c := range []struct {
		name string
		op   Op
		want bool
	}{{grant, Subscribe, true}, {grant, Publish, false}, {deny, Publish, true}, {deny, Subscribe, false}} {
		if got := m.Allowed(c.op, c.name, caller); got != c.want {
			t.Fatalf("Allowed(%v, %q) = %v; want the record's %v", c.op, c.name, got, c.want)
		}
	}
}

// TestFrontArenaUnits: a record takes the units its header and name
// need, at and either side of each unit's last byte, up to frontMaxName;
// a record of one unit fits the arena's last exactly; and the pad after
// the last unit holds the longest record a stale entry's word 0 can
// claim, read from the last unit, so that no lookup reads past the arena.
func TestFrontArenaUnits(t *testing.T) {
	for _, c := range []struct{ n, units int }{
		{1, 1}, {47, 1}, {48, 1}, {49, 2}, {112, 2}, {113, 3}, {176, 3}, {177, 4}, {frontMaxName, 4},
	} {
		if got := frontUnitsOf(c.n); int(got) != c.units {
			t.Errorf("frontUnitsOf(%d) = %d; want %d", c.n, got, c.units)
		}
	}
	m := withFronts(nameTableKeys())["rehomed"]
	f := &m.front
	f.publish("first", m.Exact.hash("first"), 1, 0)
	ar := f.arena.Load()
	ar.used.Store(frontUnits - 1)
	name := strings.Repeat("u", 48) // the last unit, exactly
	if !publishFresh(f, &m.Exact, name, uint32(cacheAnswer(7, nil))) || f.arena.Load() != ar {
		t.Fatalf("a record of one unit into the arena's last: published %v, arena replaced %v", frontCached(f) == 2, f.arena.Load() != ar)
	}
	if d, err := m.Resolve(name); d != 7 || err != nil {
		t.Fatalf("Resolve(%q) = %d, %v from the arena's last unit; want 7", name, d, err)
	}
	var a *frontArena // sizes only: never dereferenced
	last := uintptr(frontUnits-1) * unsafe.Sizeof(a.units[0])
	if end := last + recordHeader*8 + maxNameKey; end > unsafe.Sizeof(a.units) {
		t.Fatalf("a record of %d bytes read from the last unit ends %d bytes past the arena's units", maxNameKey, end-unsafe.Sizeof(a.units))
	}
}

// TestFrontStaleEntryInsideRecord: an entry that points at a unit
// inside another name's record, as one read before a renewal or
// published into the old arena after it does in the new one, finds no
// record there, even where that name's bytes are laid out as a record of
// the looked-up name (its length, an answer, its bytes): the unit's first
// word lacks frontMark, which no name entered holds (a name with a byte
// of 0xff is not entered).
func TestFrontStaleEntryInsideRecord(t *testing.T) {
	m := withFronts(nameTableKeys())["rehomed"]
	f := &m.front
	if publishFresh(f, &m.Exact, "bad\xffname", 1) {
		t.Fatal(`"bad\xffname" entered: its 0xff bytes could forge a record's first word`)
	}
	y := "forged.y"
	forged := uint32(cacheAnswer(5, nil))
	// x's second unit: y's length, frontMark's place, the answer, word 1, then y.
	x := strings.Repeat("x", 48) + string([]byte{byte(len(y)), 'm', 'm', 'm',
		byte(forged), byte(forged >> 8), byte(forged >> 16), byte(forged >> 24)}) + "sigsword" + y + ".tail"
	for i := 0; ; i++ {
		if i == 64 {
			t.Fatal("no variant of x entered")
		}
		v := fmt.Sprintf("%s%d", x, i)
		var before uint32
		if ar := f.arena.Load(); ar != nil {
			before = ar.used.Load()
		}
		if publishFresh(f, &m.Exact, v, 1) {
			hy := m.Exact.hash(y)
			p := hy & f.mask
			if f.slots[p].Load() != 0 {
				p++
			}
			f.slots[p].Store(f.tag(hy) | uint32(f.recs+int(before)+1))
			break
		}
	}
	if d, err := m.Resolve(y); d != -1 || err != nil {
		t.Fatalf("Resolve(%q) = %d, %v through an entry inside another record; want resolveSlow's -1", y, d, err)
	}
}
