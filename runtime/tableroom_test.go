package runtime

import (
	"math/rand/v2"
	goruntime "runtime"
	"slices"
	"testing"
	"unsafe"
)

// TestTableRoom: a room from roomMin bytes on, none below; tables from
// roomTableMin bytes on come from the room, in order, without
// overlapping, while they fit, the first at a huge page boundary on
// Linux (hugeBytes);
// smaller ones, and those that no longer fit, are made.
func TestTableRoom(t *testing.T) {
	for _, want := range []int{0, roomMin - 1} {
		if r := newTableRoom(want); r != nil {
			t.Errorf("want %d: a room", want)
		}
	}
	for _, want := range []int{roomMin, roomMin + 1, hugePage + 1} {
		r := newTableRoom(want)
		if r == nil || len(r.free)*8 < want || len(r.free)*8%hugePage != 0 {
			t.Fatalf("want %d: room %v, not whole huge pages holding it", want, r)
		}
		if at := uintptr(unsafe.Pointer(unsafe.SliceData(r.free))); goruntime.GOOS == "linux" && at%hugePage != 0 {
			t.Errorf("want %d: room at %#x, not at a huge page boundary", want, at)
		}
	}
	r := newTableRoom(hugePage)
	lo := uintptr(unsafe.Pointer(unsafe.SliceData(r.free)))
	hi := lo + uintptr(len(r.free))*8
	in := func(p unsafe.Pointer) bool { return lo <= uintptr(p) && uintptr(p) < hi }
	var tables [][]uint16
	for _, c := range []struct {
		n    int // uint16s
		room bool
	}{{roomTableMin/2 - 1, false}, {roomTableMin / 2, true}, {roomTableMin/2 + 1, true},
		{hugePage / 2, false}, // does not fit what is left
		{hugePage/2 - roomTableMin - 8, true}, {1, false}, {roomTableMin / 2, false}} {
		s := roomSlice[uint16](r, c.n)
		if len(s) != c.n || cap(s) < c.n {
			t.Fatalf("%d: len %d cap %d", c.n, len(s), cap(s))
		}
		if got := c.n > 0 && in(unsafe.Pointer(&s[0])); got != c.room {
			t.Errorf("%d uint16s: from the room %v, want %v", c.n, got, c.room)
		}
		for i := range s {
			if s[i] != 0 {
				t.Fatalf("%d: not zero at %d", c.n, i)
			}
			s[i] = uint16(len(tables) + 1)
		}
		tables = append(tables, s)
	}
	for k, s := range tables {
		for i := range s {
			if s[i] != uint16(k+1) {
				t.Fatalf("table %d overwritten at %d", k, i)
			}
		}
	}
	if s := roomSlice[uint64](nil, roomTableMin); len(s) != roomTableMin {
		t.Errorf("nil room: len %d", len(s))
	}
}

// TestTableRoomTake: a room is taken once, by the first builder.
func TestTableRoomTake(t *testing.T) {
	r := newTableRoom(roomMin)
	if r.take() != r || r.take() != nil {
		t.Error("a room taken twice, or never")
	}
	if (*tableRoom)(nil).take() != nil {
		t.Error("the nil room taken")
	}
}

// TestPolicyRoom: the policy index's room is the plan buffer's rest when
// the tables fit it (with what aligning it to a word takes), at and
// below its length, whatever their size; past it, or with no rest, a
// room of its own from roomMin bytes on.
func TestPolicyRoom(t *testing.T) {
	buf := make([]byte, 4096)
	for _, skip := range []int{0, 1, 7} {
		rest := buf[8+skip : 8+skip+1000]
		pad := (8 - skip) % 8
		lo := uintptr(unsafe.Pointer(&rest[0]))
		for _, want := range []int{1, 1000 - pad - 1, 1000 - pad} {
			r := policyRoom(rest, want)
			at := uintptr(unsafe.Pointer(unsafe.SliceData(r.free)))
			if r == nil || at != lo+uintptr(pad) || len(r.free) != (1000-pad)/8 {
				t.Errorf("skip %d, want %d: room %v, not the rest from %d bytes in", skip, want, r, pad)
			}
		}
		if r := policyRoom(rest, 1000-pad+1); r != nil {
			t.Errorf("skip %d: tables over the rest placed in it (or a room under roomMin)", skip)
		}
	}
	for _, c := range []struct {
		rest []byte
		want int
		room bool
	}{{nil, 0, false}, {nil, roomMin - 1, false}, {nil, roomMin, true}, {buf[:64], roomMin, true}, {buf[:64], 0, false}} {
		r := policyRoom(c.rest, c.want)
		if (r != nil) != c.room || r != nil && len(r.free)*8%hugePage != 0 {
			t.Errorf("%d bytes of rest, want %d: room %v, want one of its own %v", len(c.rest), c.want, r != nil, c.room)
		}
	}
}

// TestTableRoomCarve: carve cuts whole words from the front of a room,
// rounding bytes up, for a size at, below and above what is left, and
// leaves the room unchanged when it cannot (nothing asked, too much, the
// nil room).
func TestTableRoomCarve(t *testing.T) {
	const words = 10
	for _, c := range []struct {
		size, got int // got: words carved, 0 for none
	}{{0, 0}, {1, 1}, {8, 1}, {9, 2}, {8*words - 1, words}, {8 * words, words}, {8*words + 1, 0}} {
		r := &tableRoom{free: make([]uint64, words)}
		lo := unsafe.SliceData(r.free)
		cut := r.carve(c.size)
		if c.got == 0 {
			if cut != nil || len(r.free) != words || unsafe.SliceData(r.free) != lo {
				t.Errorf("%d bytes: carved %v, room left %d words", c.size, cut, len(r.free))
			}
			continue
		}
		if cut == nil || len(cut.free) != c.got || cap(cut.free) != c.got || unsafe.SliceData(cut.free) != lo {
			t.Fatalf("%d bytes: carved %v, want the room's first %d words", c.size, cut, c.got)
		}
		if len(r.free) != words-c.got || c.got < words && unsafe.Pointer(unsafe.SliceData(r.free)) != unsafe.Add(unsafe.Pointer(lo), 8*c.got) {
			t.Errorf("%d bytes: room left %d words, not the rest after the cut", c.size, len(r.free))
		}
	}
	if (*tableRoom)(nil).carve(8) != nil {
		t.Error("the nil room carved")
	}
}

// TestNodeTableBytes: a matcher's nodes ask for room from roomTableMin
// bytes on, as roomSlice places them, and not below.
func TestNodeTableBytes(t *testing.T) {
	per := int(unsafe.Sizeof(Node{}))
	least := (roomTableMin + per - 1) / per // the fewest nodes of roomTableMin bytes or more
	for _, n := range []int{0, least - 1, least, least + 1} {
		c := &Compact{Nodes: make([]int32, n*NodeStride)}
		want := 0
		if n*per >= roomTableMin {
			want = n * per
		}
		if got := nodeTableBytes(c); got != want {
			t.Errorf("%d nodes: %d bytes, want %d", n, got, want)
		}
		r := &tableRoom{free: make([]uint64, (n*per+7)/8)}
		s := roomSlice[Node](r, n)
		if fromRoom := n > 0 && len(r.free) == 0; fromRoom != (want > 0) {
			t.Errorf("%d nodes: from the room %v, asked for room %v", n, fromRoom, want > 0)
		}
		if len(s) != n {
			t.Errorf("%d nodes: len %d", n, len(s))
		}
	}
}

// TestPolicyIndexRoom: an index built with a room places its key tables'
// slots there (1,000 policies: front8 is 80 KB of slots), and answers as
// one built without, for names of every policy and names of none.
func TestPolicyIndexRoom(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 1000))
	pols := benchPolicies(1000, r)
	plain, roomed := compact(pols), compact(pols)
	room := newTableRoom(hugePage)
	before := len(room.free)
	roomed.room = room
	want, got := NewPolicyIndex(plain), NewPolicyIndex(roomed)
	if len(room.free) == before {
		t.Fatal("no table placed in the room")
	}
	lo := uintptr(unsafe.Pointer(unsafe.SliceData(room.free))) - uintptr(8*(before-len(room.free)))
	if at := uintptr(unsafe.Pointer(unsafe.SliceData(got.front8.slots))); at < lo || at >= lo+uintptr(8*before) {
		t.Errorf("front8's %d slots at %#x, not in the room from %#x", len(got.front8.slots), at, lo)
	}
	names := []string{"", "x", "orders.created", "rob.durable.", "acme.events.orders.created"}
	for _, p := range pols {
		names = append(names, p.lits[0], p.lits[0]+"orders.created", "orders.eu"+p.lits[0], p.lits[0][:len(p.lits[0])/2])
	}
	hits := 0
	for _, name := range names {
		for op := range NumOps {
			g, gok := got.Find(name, op, nil)
			w, wok := want.Find(name, op, nil)
			if g != w || gok != wok {
				t.Fatalf("Find(%q, %d) = %d, %v with a room; %d, %v without", name, op, g, gok, w, wok)
			}
			if g >= 0 {
				hits++
			}
		}
	}
	if hits < len(pols) {
		t.Errorf("%d hits among %d names: the names miss the policies", hits, len(names))
	}
}

// TestListTablesNext: listTables counts an automaton's transition table
// from roomTableMin bytes on, where newAutomaton places it in the room,
// and not below; the table built from a room holds what one made does.
func TestListTablesNext(t *testing.T) {
	const classes = 64 // a row of 64 uint16s
	least := roomTableMin / (2 * classes)
	r := rand.New(rand.NewPCG(3, 5))
	for _, states := range []int{least - 1, least, least + 1} {
		c := randomStepAutomaton(r, states, classes)
		cp := &CompactPolicies{Automata: []PolicyAutomaton{c}}
		want := 0
		if 2*states*classes >= roomTableMin {
			want = 2 * states * classes
		}
		if got := listTables(cp); got != want {
			t.Errorf("%d states of %d classes: listTables %d, want %d", states, classes, got, want)
		}
		room := newTableRoom(hugePage)
		start := unsafe.SliceData(room.free)
		a, b := newAutomaton(&c, room), newAutomaton(&c, nil)
		if inRoom := unsafe.Pointer(unsafe.SliceData(a.next)) == unsafe.Pointer(start); inRoom != (want > 0) {
			t.Errorf("%d states: transitions from the room %v, counted %v", states, inRoom, want > 0)
		}
		if !slices.Equal(a.next, b.next) {
			t.Errorf("%d states: transitions from the room differ from those made", states)
		}
	}
}
