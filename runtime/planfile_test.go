package runtime_test

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/destgen/destgen/gen/model"
	"github.com/destgen/destgen/gen/plan"
	"github.com/destgen/destgen/runtime"
)

// sectionSizes is the documented layout (runtime/planfile.go), read here
// independently of the decoder: each section's element size, 0 for a
// string list, -1 for a narrowed column (its width in its first byte).
var sectionSizes = []struct {
	name string
	size int
}{
	{"Meta", 4}, {"ExactKeys", 1}, {"ExactEnds", 4}, {"DestInfos", 4}, {"Lists", 4}, {"Automata", 4}, {"States", 4}, {"Nodes", 4},
	{"EdgeKeys", 1}, {"EdgeEnds", 4}, {"EdgeFrom", 4}, {"EdgeTo", 4}, {"Rank", 4}, {"DestACL", 4}, {"Sets", 8},
	{"PrincipalKeys", 1}, {"PrincipalEnds", 4}, {"PolicyLiterals", 1}, {"PolicyLiteralEnds", 4}, {"EntryPolicy", 4},
	{"AtEnd", 1}, {"Flags", 1}, {"AutoMeta", 4}, {"AutoPolicies", 4}, {"AutoASCII", 1}, {"AutoRuneStarts", 4},
	{"AutoRuneClasses", 1}, {"AutoNext", 2}, {"AutoAccept", 4}, {"PropNames", 0}, {"PropFields", 0}, {"PropKinds", 1}, {"PropValues", 8},
	{"PropValueEnds", 4}, {"PropIndex", -1}, {"Strings", 0}, {"DestPatterns", 0}, {"DestStore", -1}, {"DestCluster", -1},
	{"PolPatterns", 0}, {"PolNodeTypes", 1}, {"PolAttributes", 0}, {"PolGoRegexps", 0}, {"PolPrefixes", 0},
	{"PolSuffixes", 0}, {"PolRequiredEnds", 4}, {"PolRequired", 0}, {"EdgeSlots", 8},
	{"Masks", 4}, {"MaskEnds", 4}, {"MaskDests", 4}, {"MaskKeys", 1}, {"MaskKeyEnds", 4}, {"MaskDepths", 4}, {"MaskProbes", 4},
	{"Sigs", 4}, {"NameIndex", 4}, {"NameRecs", 8},
	{"ACLSigs", 4}, {"MaskIndex", 8}, {"MaskSlots", 8}, {"MaskFilter", 8},
	{"AutoStepMeta", 4}, {"AutoSteps", 2}, {"DestSig2", 8},
}

// layout is where each section of an encoded plan starts (its head) and
// its elements start.
type layout struct {
	head, data map[string]int
	last       map[string]int // where its elements end, before the padding
	end        int
}

// after is where the section after name starts, or the plan's end.
func (l layout) after(name string) int {
	for i, s := range sectionSizes {
		if s.name == name && i+1 < len(sectionSizes) {
			return l.head[sectionSizes[i+1].name]
		}
	}
	return l.end
}

// sectionNumber is name's position in sectionSizes.
func sectionNumber(name string) int {
	for i, s := range sectionSizes {
		if s.name == name {
			return i
		}
	}
	return -1
}

func layoutOf(t *testing.T, b []byte) layout {
	t.Helper()
	l := layout{head: map[string]int{}, data: map[string]int{}, last: map[string]int{}}
	off := 24
	for i, s := range sectionSizes {
		if n := binary.LittleEndian.Uint32(b[off:]); n != uint32(i) {
			t.Fatalf("section %s numbered %d", s.name, n)
		}
		count := int(binary.LittleEndian.Uint32(b[off+4:]))
		l.head[s.name], l.data[s.name] = off, off+8
		off += 8
		switch s.size {
		case 0:
			blob := 0
			if count > 0 {
				blob = int(binary.LittleEndian.Uint32(b[off+4*(count-1):]))
			}
			off += 4*count + blob
		case -1:
			off += 1 + count*int(b[off])
		default:
			off += count * s.size
		}
		l.last[s.name] = off
		for off%8 != 0 {
			if b[off] != 0 {
				t.Fatalf("section %s: padding byte %d is %d", s.name, off, b[off])
			}
			off++
		}
	}
	l.end = off
	return l
}

// seal rewrites the header's length and checksum after a mutation.
func seal(b []byte) []byte {
	binary.LittleEndian.PutUint32(b[16:], uint32(len(b)-24))
	binary.LittleEndian.PutUint32(b[12:], crc32.ChecksumIEEE(b[24:]))
	return b
}

// richPlan is the encoded artifact of gen/plan's testdata/rich.json:
// exact and wildcard patterns, every property kind, every policy shape.
func richPlan(t *testing.T) []byte { return richPlanWith(t, plan.MasksOff) }

// richPlanWith is richPlan with the mask tables chosen by mode (richPlan:
// none, so that the corruptions of the automata stay where they are).
func richPlanWith(t *testing.T, mode plan.MaskMode) []byte {
	return runtime.EncodePlan(richArtifact(t, mode))
}

// richArtifact is the plan richPlanWith encodes.
func richArtifact(t *testing.T, mode plan.MaskMode) *runtime.Plan {
	t.Helper()
	data, err := os.ReadFile("../gen/plan/testdata/rich.json")
	if err != nil {
		t.Fatal(err)
	}
	m, diags := model.Load("rich.json", data)
	if err := diags.Err(); err != nil {
		t.Fatal(err)
	}
	return plan.BuildWith(m, plan.Options{Masks: mode}).Artifact()
}

// TestDecodePlanTruncated truncates the plan at every section boundary
// and inside every section's elements, sealed or not.
func TestDecodePlanTruncated(t *testing.T) {
	b := richPlan(t)
	l := layoutOf(t, b)
	if l.end != len(b) {
		t.Fatalf("layout ends at %d of %d bytes", l.end, len(b))
	}
	for n := range 24 {
		want := fmt.Sprintf("plan: offset %d: truncated header: %d of 24 bytes", n, n)
		checkErr(t, fmt.Sprintf("header cut at %d", n), b[:n], want)
	}
	checkErr(t, "unsealed cut", b[:len(b)-1], fmt.Sprintf("plan: offset 16: payload of %d bytes, file has %d", len(b)-24, len(b)-25))
	for i, s := range sectionSizes {
		h := l.head[s.name]
		cut := seal(append([]byte(nil), b[:h]...))
		checkErr(t, "cut before "+s.name, cut, fmt.Sprintf("plan: offset %d: section %s: truncated: 0 bytes left of its 8-byte head", h, s.name))
		cut = seal(append([]byte(nil), b[:h+5]...))
		checkErr(t, "cut in "+s.name+"'s head", cut, fmt.Sprintf("plan: offset %d: section %s: truncated: 5 bytes left of its 8-byte head", h, s.name))
		count := int(binary.LittleEndian.Uint32(b[h+4:]))
		next := len(b)
		if i+1 < len(sectionSizes) {
			next = l.head[sectionSizes[i+1].name]
		}
		if last := l.last[s.name]; next > last {
			cut = seal(append([]byte(nil), b[:next-1]...))
			checkErr(t, "cut in "+s.name+"'s padding", cut, fmt.Sprintf("plan: offset %d: section %s: truncated: %d bytes left of its %d bytes of padding", last, s.name, next-1-last, next-last))
			next = last
		}
		if next-l.data[s.name] == 0 {
			continue
		}
		cut = seal(append([]byte(nil), b[:next-1]...))
		var want string
		blob := 0
		if s.size == 0 {
			blob = int(binary.LittleEndian.Uint32(b[l.data[s.name]+4*(count-1):]))
		}
		if w := int(b[l.data[s.name]]); s.size == -1 {
			want = fmt.Sprintf("plan: offset %d: section %s: %d elements of %d bytes need %d bytes, %d remain", l.data[s.name], s.name, count, w, count*w, count*w-1)
		} else if blob > 0 {
			at := l.data[s.name] + 4*count
			want = fmt.Sprintf("plan: offset %d: %s: strings need %d bytes, %d remain", at, s.name, blob, blob-1)
		} else { // elements, or the ends of a list of empty strings
			size := s.size
			if size == 0 {
				size = 4
			}
			want = fmt.Sprintf("plan: offset %d: section %s: %d elements need %d bytes, %d remain", l.data[s.name], s.name, count, count*size, count*size-1)
		}
		checkErr(t, "cut in "+s.name+"'s elements", cut, want)
	}
	checkErr(t, "trailing byte", seal(append(append([]byte(nil), b...), 0)), fmt.Sprintf("plan: offset %d: 1 bytes after the last section", len(b)))
}

func checkErr(t *testing.T, what string, b []byte, want string) {
	t.Helper()
	p, err := runtime.DecodePlan(b)
	var pe *runtime.PlanError
	if err == nil || !errors.As(err, &pe) || err.Error() != want {
		t.Errorf("%s: DecodePlan = %v, %v\nwant error %s", what, p != nil, err, want)
	}
}

// TestDecodePlanHeader: magic, version, checksum.
func TestDecodePlanHeader(t *testing.T) {
	b := richPlan(t)
	mut := func(f func(b []byte)) []byte {
		c := append([]byte(nil), b...)
		f(c)
		return c
	}
	checkErr(t, "magic", mut(func(b []byte) { b[0] = 'X' }), "plan: offset 0: not a destgen plan (bad magic)")
	checkErr(t, "magic's line end", mut(func(b []byte) { b[6] = '\n' }), "plan: offset 0: not a destgen plan (bad magic)")
	checkErr(t, "version", mut(func(b []byte) { b[8] = runtime.PlanFormat + 1 }), fmt.Sprintf("plan: offset 8: format version %d, this runtime reads %d", runtime.PlanFormat+1, runtime.PlanFormat))
	checkErr(t, "checksum", mut(func(b []byte) { b[len(b)-1] ^= 1 }), "plan: offset 12: checksum mismatch")
	checkErr(t, "length", mut(func(b []byte) { b[16]++ }), fmt.Sprintf("plan: offset 16: payload of %d bytes, file has %d", len(b)-23, len(b)-24))
	checkErr(t, "alignment word", seal(mut(func(b []byte) { b[22] = 1 })), "plan: offset 20: header: alignment word is not zero")
	checkErr(t, "section number", seal(mut(func(b []byte) { b[24+8+8]++ })), "plan: offset 40: section ExactKeys: numbered 2, want 1")
	l := layoutOf(t, b)
	for _, s := range sectionSizes {
		if last := l.last[s.name]; last%8 != 0 {
			checkErr(t, s.name+"'s padding", seal(mut(func(b []byte) { b[last] = 1 })), fmt.Sprintf("plan: offset %d: section %s: padding byte is not zero", last, s.name))
		}
	}
	if _, err := runtime.DecodePlan(b); err != nil {
		t.Fatalf("the unmutated plan: %v", err)
	}
}

// corruption is one element of one section set to a value the runtime
// must not read through.
type corruption struct {
	section string
	elem    int    // element; for a string list, the byte of its blob
	value   uint64 // written in the element's size
	want    string // the message, after "plan: offset N: "
	at      int    // the element the error names, when not elem
	atSect  string // its section, when not section
}

// corruptions covers an out-of-range index in each table and each other
// rule validate checks, on richPlan (see TestArtifactCarriesGenerated's
// dump in the commit log for its tables: 12 destinations, 8 principals,
// 16 ACL sets, 17 nodes, 13 edges, 9 policies, 4 property keys; policies
// 4 to 7 decided by one automaton of 34 states and 23 classes, policy 8,
// past the automaton bound, by its regexp).
var corruptions = []corruption{
	{section: "Meta", elem: 0, value: 2, want: "Meta[0]: Permissions 2 is not 0 or 1"},
	{section: "Meta", elem: 1, value: 2, want: "Meta[1]: SetWords 2, want 1 for 8 principals"},
	{section: "ExactEnds", elem: 0, value: 20, want: "ExactEnds[1]: end 19 before the previous end 20", at: 1},
	{section: "ExactEnds", elem: 2, value: 28, want: "ExactEnds: last end 28, want 29 (the length of ExactKeys)", at: 3},
	{section: "ExactKeys", elem: 3, value: '*', want: `ExactEnds[0]: exact name "foo*bar" is not a valid destination name`, atSect: "ExactEnds"},
	{section: "DestInfos", elem: 0, value: 16, want: "DestInfos[0]: list 16+3 past Lists (17)"},
	{section: "DestInfos", elem: 1, value: 1<<32 - 1, want: "DestInfos[0]: list 10+4294967295 past Lists (17)", at: 0, atSect: "DestInfos"},
	{section: "DestInfos", elem: 2, value: 16, want: "DestInfos[2]: 16 out of range (16 ACL sets)"},
	{section: "DestInfos", elem: 23, value: 16, want: "DestInfos[23]: 16 out of range (16 ACL sets)"},
	{section: "DestInfos", elem: 1, value: 0, want: "DestInfos[0]: Info of a destination that is not an exact name is not zero", at: 0, atSect: "DestInfos"},
	{section: "DestInfos", elem: 7, value: 1, want: "DestInfos[4]: Info of a destination that is not an exact name is not zero", at: 4, atSect: "DestInfos"},
	{section: "DestInfos", elem: 5, value: 1, want: "ExactEnds: 3 elements, want 4 (one per destination whose Info has a list)", at: -1, atSect: "ExactEnds"},
	{section: "Lists", elem: 11, value: 0, want: "DestInfos[0]: list does not ascend", at: 0, atSect: "DestInfos"},
	{section: "Lists", elem: 0, value: 12, want: "Lists[0]: 12 out of range (12 destinations)"},
	{section: "Automata", elem: 0, value: 1, want: "Automata[0]: the first automaton starts at node 1, not 0"},
	{section: "Automata", elem: 1, value: 2, want: "Automata[1]: kind 2 is not 1 (deterministic; tries are walked no more)"},
	{section: "Automata", elem: 1, value: 0, want: "Automata[1]: kind 0 is not 1 (deterministic; tries are walked no more)"},
	{section: "Automata", elem: 2, value: 65, want: "Automata[2]: elements 65 over 64"},
	{section: "Nodes", elem: 0, value: 17, want: "Nodes[0]: 17 out of range (17 nodes, or -1)"},
	{section: "Nodes", elem: 3, value: 1, want: "Nodes[3]: '*' child 1 is not a later node of node 1's automaton"},
	{section: "Nodes", elem: 1, value: 12, want: "Nodes[1]: 12 out of range (12 destinations, or -1)"},
	{section: "Nodes", elem: 2, value: 1<<32 - 2, want: "Nodes[2]: 4294967294 out of range (12 destinations, or -1)"},
	{section: "States", elem: 0, value: 18, want: "States[0]: list 18+0 past Lists (17)"},
	{section: "States", elem: 4, value: 16, want: "States[4]: 16 out of range (16 ACL sets)"},
	{section: "EdgeKeys", elem: 51, value: '.', want: `EdgeEnds[1]: element ".oo" is not a valid name element`, at: 1, atSect: "EdgeEnds"},
	{section: "EdgeFrom", elem: 0, value: 17, want: "EdgeFrom[0]: 17 out of range (17 nodes)"},
	{section: "EdgeTo", elem: 0, value: 0, want: "EdgeTo[0]: child 0 is not a later node of node 0's automaton"},
	{section: "EdgeTo", elem: 0, value: 17, want: "EdgeTo[0]: child 17 is not a later node of node 0's automaton"},
	{section: "Rank", elem: 0, value: 12, want: "Rank[0]: 12 out of range (12 destinations)"},
	{section: "Rank", elem: 0, value: 4, want: "Rank[1]: rank 4 given twice", at: 1},
	{section: "DestACL", elem: 5, value: 16, want: "DestACL[5]: 16 out of range (16 ACL sets)"},
	{section: "Sets", elem: 0, value: 1, want: "Sets[0]: set 0 is not empty"},
	{section: "Sets", elem: 3, value: 256, want: "Sets[3]: a bit past the 8 principals"},
	{section: "PrincipalEnds", elem: 0, value: 0, want: "PrincipalEnds[0]: principal of 0 bytes is empty, over 1024 or not UTF-8"},
	{section: "PolicyLiteralEnds", elem: 0, value: 30, want: "PolicyLiteralEnds[1]: end 25 before the previous end 30", at: 1},
	{section: "PolicyLiterals", elem: 0, value: 0xff, want: "PolicyLiteralEnds[0]: literal is not UTF-8 or holds U+FFFD", atSect: "PolicyLiteralEnds"},
	{section: "EntryPolicy", elem: 2, value: 9, want: "EntryPolicy[2]: 9 out of range (9 policies)"},
	{section: "AtEnd", elem: 2, value: 2, want: "AtEnd[2]: 2 is not a bool (0 or 1)"},
	{section: "Flags", elem: 0, value: 0x80, want: "Flags[0]: flags 0x80 have unknown bits"},
	{section: "Flags", elem: 0, value: 0x23, want: "PolGoRegexps[0]: a regexp is given exactly for the policies neither the index nor an automaton decides", atSect: "PolGoRegexps"},
	{section: "Flags", elem: 8, value: 0x05, want: "PolGoRegexps[8]: a regexp is given exactly for the policies neither the index nor an automaton decides", at: 8, atSect: "PolGoRegexps"},
	{section: "Flags", elem: 3, value: 0x35, want: "Flags[3]: no automaton decides this CheckAutomaton policy"},
	{section: "Flags", elem: 4, value: 0x21, want: "AutoPolicies[1]: an automaton decides the CheckAutomaton policies or one CheckMatch policy", at: 1, atSect: "AutoPolicies"},
	{section: "AutoMeta", elem: 0, value: 0, want: "AutoMeta[0]: automaton 0: 0 classes, want 1 to 256"},
	{section: "AutoMeta", elem: 0, value: 257, want: "AutoMeta[0]: automaton 0: 257 classes, want 1 to 256"},
	{section: "AutoMeta", elem: 0, value: 24, want: "AutoMeta[0]: automaton 0: 782 transitions for 24 classes"},
	{section: "AutoMeta", elem: 1, value: 34, want: "AutoMeta[0]: automaton 0: start state 34 of 34", at: 0, atSect: "AutoMeta"},
	{section: "AutoMeta", elem: 2, value: 5, want: "AutoMeta: last end of AutoPolicies 5, want 4"},
	{section: "AutoMeta", elem: 3, value: 4, want: "AutoMeta: last end of AutoRuneStarts 4, want 5"},
	{section: "AutoMeta", elem: 4, value: 1<<32 - 1, want: "AutoMeta: last end of AutoNext 4294967295, want 782"},
	{section: "AutoMeta", elem: 5, value: 67, want: "AutoMeta: last end of AutoAccept 67, want 68"},
	{section: "AutoPolicies", elem: 0, value: 9, want: "AutoPolicies[0]: 9 out of range (9 policies)"},
	{section: "AutoPolicies", elem: 1, value: 4, want: "AutoPolicies[1]: policies do not ascend"},
	{section: "AutoPolicies", elem: 0, value: 3, want: "AutoPolicies[0]: an automaton decides the CheckAutomaton policies or one CheckMatch policy"},
	{section: "AutoPolicies", elem: 3, value: 8, want: "AutoPolicies[3]: an automaton decides the CheckAutomaton policies or one CheckMatch policy"},
	{section: "AutoASCII", elem: 'a', value: 23, want: "AutoMeta[0]: automaton 0: class 23 of 23", at: 0, atSect: "AutoMeta"},
	{section: "AutoRuneStarts", elem: 0, value: 0x7f, want: "AutoMeta[0]: automaton 0: RuneStarts must start at 0x80 and match RuneClasses", at: 0, atSect: "AutoMeta"},
	{section: "AutoRuneStarts", elem: 1, value: 0x80, want: "AutoMeta[0]: automaton 0: RuneStarts do not ascend", at: 0, atSect: "AutoMeta"},
	{section: "AutoRuneClasses", elem: 4, value: 23, want: "AutoMeta[0]: automaton 0: class 23 of 23", at: 0, atSect: "AutoMeta"},
	{section: "AutoNext", elem: 0, value: 34, want: "AutoMeta[0]: automaton 0: transition to state 34 of 34", at: 0, atSect: "AutoMeta"},
	{section: "AutoNext", elem: 781, value: 1<<16 - 1, want: "AutoMeta[0]: automaton 0: transition to state 65535 of 34", at: 0, atSect: "AutoMeta"},
	{section: "AutoAccept", elem: 6, value: 8, want: "AutoMeta[0]: automaton 0: accepts policy 8, not one of its own", at: 0, atSect: "AutoMeta"},
	{section: "AutoAccept", elem: 7, value: 7, want: "AutoAccept[7]: accepts policy 7 for operation 1, which it is not enabled for"},
	{section: "PropNames", elem: 0, value: 0xff, want: `PropNames[0]: key "\xffurable" is empty, repeated or not UTF-8`},
	{section: "PropKinds", elem: 1, value: 4, want: "PropKinds[1]: kind 4 unknown"},
	{section: "PropValues", elem: 0, value: 99, want: "PropValues[0]: 99 out of range (7 strings)"},
	{section: "PropValues", elem: 12, value: 2, want: "PropValues[12]: bool 2 is not 0 or 1"},
	{section: "PropValueEnds", elem: 3, value: 99, want: "PropValueEnds: last end 99, want 14 (the length of PropValues)", at: 4},
	{section: "PropIndex", elem: 0, value: 9, want: `PropIndex[0]: 9 out of range (5 values of key "durable" and unset)`},
	{section: "PropIndex", elem: 46, value: 4, want: `PropIndex[46]: 4 out of range (4 values of key "rate" and unset)`},
	{section: "PropIndex", elem: 47, value: 3, want: `PropIndex[47]: 3 out of range (3 values of key "replicated" and unset)`},
	{section: "DestStore", elem: 0, value: 9, want: "DestStore[0]: 9 out of range (8 strings and unset)"},
	{section: "DestCluster", elem: 0, value: 9, want: "DestCluster[0]: 9 out of range (8 strings and unset)"},
	{section: "DestPatterns", elem: 0, value: 0xc3, want: "DestPatterns[0]: pattern of 5 bytes is empty, over 249 or not UTF-8"},
	{section: "PolNodeTypes", elem: 0, value: 2, want: "PolNodeTypes[0]: node type 2 is not 0 (queue) or 1 (exchange)"},
	{section: "PolAttributes", elem: 0, value: '[', want: "PolAttributes[0]: attributes are not a JSON object"},
	{section: "PolGoRegexps", elem: 3, value: '(', want: "PolGoRegexps[8]: error parsing regexp: missing closing ): `\\A((:(?:a|b)*a(?:a|b){20}\\.dlq\\.[a-z]+)\\z`", at: 8},
	{section: "PolRequiredEnds", elem: 3, value: 1, want: "PolRequiredEnds[4]: end 0 before the previous end 1", at: 4},
	{section: "PolRequired", elem: 0, value: 0xff, want: "PolRequired[0]: not UTF-8"},
}

// TestDecodePlanCorrupt writes each corruption into richPlan, seals it,
// and checks the exact error, its offset the element at fault.
func TestDecodePlanCorrupt(t *testing.T) {
	checkCorruptions(t, richPlan(t), corruptions)
}

// maskCorruptions are corruptions of richPlan's mask tables, built for
// every name length.
var maskCorruptions = []corruption{
	// Tables: 0 sensors.*.*.humidity, 1 orders.*.eu, 2 *.*.temperature,
	// 3 foo.* and a-very-long-...*, 4 the four '>' patterns.
	{section: "Masks", elem: 0, value: 1 << 9, want: "Masks[0]: literal positions past the table's 4 elements"},
	{section: "Masks", elem: 2, value: 65, want: "Masks[0]: literal positions past the table's 65 elements", atSect: "Masks"},
	{section: "Masks", elem: 3, value: 2, want: "Masks[3]: tail flag not 0 or 1"},
	{section: "Masks", elem: 19, value: 0, want: "MaskProbes[1]: table 4 is not one names of 2 elements probe", atSect: "MaskProbes", at: 1},
	{section: "MaskEnds", elem: 0, value: 99, want: "MaskEnds[1]: end 2 before the previous end 99", at: 1},
	{section: "MaskDests", elem: 0, value: 99, want: "MaskDests[0]: 99 out of range (12 destinations)"},
	{section: "MaskKeys", elem: 0, value: '.', want: "MaskKeyEnds[0]: key is not 2 non-empty elements", atSect: "MaskKeyEnds"},
	{section: "MaskDepths", elem: 0, value: 2, want: "MaskDepths[0]: choice not 0 or 1"},
	{section: "MaskDepths", elem: 7, value: 99, want: "MaskDepths[7]: end 99 not between the previous end 2 and MaskProbes' length 67"},
	{section: "MaskProbes", elem: 0, value: 99, want: "MaskProbes[0]: 99 out of range (5 tables)"},
	{section: "MaskProbes", elem: 0, value: 0, want: "MaskProbes[0]: table 0 is not one names of 2 elements probe"},
}

// TestDecodePlanCorruptMasks: the mask tables' rules (planmasks.go).
func TestDecodePlanCorruptMasks(t *testing.T) {
	checkCorruptions(t, richPlanWith(t, plan.MasksAll), maskCorruptions)
}

func checkCorruptions(t *testing.T, b []byte, corruptions []corruption) {
	t.Helper()
	l := layoutOf(t, b)
	size := map[string]int{}
	for _, s := range sectionSizes {
		size[s.name] = s.size
	}
	for _, c := range corruptions {
		m := append([]byte(nil), b...)
		at := l.data[c.section]
		switch size[c.section] {
		case 0: // a byte of the string list's blob
			count := int(binary.LittleEndian.Uint32(b[l.head[c.section]+4:]))
			m[at+4*count+c.elem] = byte(c.value)
		case -1: // an element of the width in the column's first byte
			w := int(b[at])
			for i := range w {
				m[at+1+w*c.elem+i] = byte(c.value >> (8 * i))
			}
		case 1:
			m[at+c.elem] = byte(c.value)
		case 2:
			binary.LittleEndian.PutUint16(m[at+2*c.elem:], uint16(c.value))
		case 4:
			binary.LittleEndian.PutUint32(m[at+4*c.elem:], uint32(c.value))
		case 8:
			binary.LittleEndian.PutUint64(m[at+8*c.elem:], c.value)
		}
		sect, elem := c.section, c.elem
		if c.atSect != "" {
			sect = c.atSect
		}
		if c.at != 0 || c.atSect != "" {
			elem = c.at
		}
		esize := max(size[sect], 1)
		if esize == 1 && size[sect] == 0 || strings.HasSuffix(sect, "Ends") {
			esize = 4
		}
		off := l.data[sect] + elem*esize
		if size[sect] == -1 {
			off = l.data[sect] + 1 + elem*int(b[l.data[sect]])
		}
		want := fmt.Sprintf("plan: offset %d: %s", off, c.want)
		checkErr(t, fmt.Sprintf("%s[%d] = %d", c.section, c.elem, c.value), seal(m), want)
	}
}

// TestDecodePlanRules encodes plans built by hand that break a rule the
// corruptions of a real plan cannot reach in one element (a count, a
// repeated key, a float that is not finite), and checks each message.
func TestDecodePlanRules(t *testing.T) {
	base := func() *runtime.Plan {
		return &runtime.Plan{Matcher: runtime.Compact{Sets: []uint64{0}, SetWords: 1}}
	}
	dest := func(props ...runtime.PropertyValue) runtime.PlanDestination {
		return runtime.PlanDestination{Pattern: "a", Properties: props}
	}
	for _, c := range []struct {
		what string
		edit func(p *runtime.Plan)
		want string
	}{
		{"empty", func(p *runtime.Plan) {}, ""},
		{"no sets", func(p *runtime.Plan) { p.Matcher.Sets = nil }, "Sets: 0 words, not whole rows of 1 with set 0 first"},
		{"destination without rank", func(p *runtime.Plan) { p.Destinations = []runtime.PlanDestination{dest()} },
			"DestPatterns: 1 elements, want 0 (one per destination that is not an exact name)"},
		{"rank without ACL", func(p *runtime.Plan) {
			p.Destinations, p.Matcher.Rank = []runtime.PlanDestination{dest()}, []uint32{0}
		}, "DestACL: 0 elements, want 2 (2 per destination)"},
		{"infos of no destination", func(p *runtime.Plan) { p.Matcher.DestInfos = []uint32{0} }, "DestInfos: 1 elements, want 0 (4 per destination)"},
		{"second signatures of no destination", func(p *runtime.Plan) { p.Matcher.DestSig2 = []uint64{0} }, "DestSig2: 1 elements, want 0 (one per destination)"},
		{"second signatures of one of two destinations", func(p *runtime.Plan) {
			p.Destinations, p.Matcher.Rank, p.Matcher.DestACL = []runtime.PlanDestination{dest(), dest()}, []uint32{0, 1}, make([]uint32, 4)
			p.Matcher.DestInfos, p.Matcher.DestSig2 = make([]uint32, 2*runtime.InfoStride), []uint64{0}
		}, "DestSig2: 1 elements, want 2 (one per destination)"},
		{"partial node", func(p *runtime.Plan) { p.Matcher.Nodes = []int32{-1} },
			"Nodes: 1 elements, want 0 (3 per node, at most 268435455 nodes)"},
		{"node without state", func(p *runtime.Plan) { p.Matcher.Nodes = []int32{-1, -1, -1} }, "States: 0 elements, want 8 (8 per node)"},
		{"node without automaton", func(p *runtime.Plan) {
			p.Matcher.Nodes, p.Matcher.States = []int32{-1, -1, -1}, make([]uint32, runtime.StateStride)
		}, "Automata: 0 elements, want 3 (automata own the 1 nodes)"},
		{"partial automaton", func(p *runtime.Plan) { p.Matcher.Automata = []uint32{0} }, "Automata: 1 elements, want 0 (3 per automaton)"},
		{"automaton without nodes", func(p *runtime.Plan) { p.Matcher.Automata = []uint32{0, 1, 0} },
			"Automata: 3 elements, want 0 (automata own the 0 nodes)"},
		{"edge without ends", func(p *runtime.Plan) { p.Matcher.EdgeFrom = []uint32{0} }, "EdgeFrom: 1 elements, want 0 (one per edge element)"},
		{"second automaton at the first's start", func(p *runtime.Plan) {
			p.Matcher.Nodes, p.Matcher.States = []int32{-1, -1, -1, -1, -1, -1}, make([]uint32, 2*runtime.StateStride)
			p.Matcher.Automata = []uint32{0, runtime.AutomatonDFA, 1, 0, runtime.AutomatonDFA, 1}
		}, "Automata[3]: start 0 does not follow the previous automaton's"},
		{"second automaton past the nodes", func(p *runtime.Plan) {
			p.Matcher.Nodes, p.Matcher.States = []int32{-1, -1, -1, -1, -1, -1}, make([]uint32, 2*runtime.StateStride)
			p.Matcher.Automata = []uint32{0, runtime.AutomatonDFA, 1, 2, runtime.AutomatonDFA, 1}
		}, "Automata[3]: 2 out of range (2 nodes)"},
		{"literal without AtEnd", func(p *runtime.Plan) {
			p.PolicyIndex.LiteralEnds, p.PolicyIndex.Literals, p.PolicyIndex.EntryPolicy = []uint32{1}, "a", []uint32{0}
		}, "AtEnd: 0 elements, want 1 (one per literal)"},

		{"entry without policy", func(p *runtime.Plan) { p.PolicyIndex.LiteralEnds, p.PolicyIndex.Literals = []uint32{1}, "a" },
			"EntryPolicy: 0 elements, want 1 (one per literal)"},
		{"flags without policy", func(p *runtime.Plan) { p.PolicyIndex.Flags = []uint8{1} }, "Flags: 1 elements, want 0 (one per policy)"},
		{"policy without flags", func(p *runtime.Plan) { p.Policies = []runtime.PlanPolicy{{Attributes: "{}"}} }, "Flags: 0 elements, want 1 (one per policy)"},
		{"repeated key", func(p *runtime.Plan) {
			p.PropertyKeys = []runtime.PropertyKey{{Name: "k", Field: "K"}, {Name: "k", Field: "K2"}}
		}, `PropNames[1]: key "k" is empty, repeated or not UTF-8`},
		{"repeated field", func(p *runtime.Plan) {
			p.PropertyKeys = []runtime.PropertyKey{{Name: "k", Field: "K"}, {Name: "k2", Field: "K"}}
		}, `PropFields[1]: field "K" is empty, repeated or not UTF-8`},
		{"NaN", func(p *runtime.Plan) {
			p.PropertyKeys = []runtime.PropertyKey{{Name: "k", Field: "K", Kind: runtime.PropFloat}}
			p.Destinations, p.Matcher.Rank, p.Matcher.DestACL = []runtime.PlanDestination{dest(runtime.PropertyValue{Set: true, Float: nan()})}, []uint32{0}, []uint32{0, 0}
			p.Matcher.DestInfos = make([]uint32, runtime.InfoStride)
		}, "PropValues[0]: float is not finite"},
		{"bool", func(p *runtime.Plan) {
			p.PropertyKeys = []runtime.PropertyKey{{Name: "k", Field: "K", Kind: runtime.PropBool}}
			p.Destinations, p.Matcher.Rank, p.Matcher.DestACL = []runtime.PlanDestination{dest(runtime.PropertyValue{Set: true, Bool: true})}, []uint32{0}, []uint32{0, 0}
			p.Matcher.DestInfos = make([]uint32, runtime.InfoStride)
		}, ""},
		{"empty pattern", func(p *runtime.Plan) {
			p.Destinations, p.Matcher.Rank, p.Matcher.DestACL = []runtime.PlanDestination{{}}, []uint32{0}, []uint32{0, 0}
			p.Matcher.DestInfos = make([]uint32, runtime.InfoStride)
		}, "DestPatterns[0]: pattern of 0 bytes is empty, over 249 or not UTF-8"},
		{"long principal", func(p *runtime.Plan) {
			p.Matcher.PrincipalKeys, p.Matcher.PrincipalEnds = strings.Repeat("p", 1025), []uint32{1025}
		}, "PrincipalEnds[0]: principal of 1025 bytes is empty, over 1024 or not UTF-8"},
		{"65 principals, one word", func(p *runtime.Plan) {
			p.Matcher.PrincipalKeys = strings.Repeat("p", 65)
			for i := range 65 {
				p.Matcher.PrincipalEnds = append(p.Matcher.PrincipalEnds, uint32(i+1))
			}
		}, "Meta[1]: SetWords 1, want 2 for 65 principals"},
		{"partial mask table", func(p *runtime.Plan) { p.Matcher.Masks = []uint32{0} }, "Masks: 1 elements, want 0 (4 per table)"},
		{"mask table without end", func(p *runtime.Plan) { p.Matcher.Masks = make([]uint32, runtime.MaskStride) },
			"MaskEnds: 0 elements, want 1 (one per table)"},
		{"mask key end past the keys", func(p *runtime.Plan) { p.Matcher.MaskKeyEnds = []uint32{1} },
			"MaskKeyEnds: last end 1, want 0 (the length of MaskKeys)"},
		{"mask key of no pattern", func(p *runtime.Plan) { p.Matcher.MaskKeys, p.Matcher.MaskKeyEnds = "a", []uint32{1} },
			"MaskKeyEnds: 1 elements, want 0 (one per pattern)"},
		{"mask depths of one length", func(p *runtime.Plan) { p.Matcher.MaskDepths = []uint32{0, 0} },
			"MaskDepths: 2 elements, want " + strconv.Itoa((runtime.MaxElements+1)*runtime.MaskDepthStride) +
				" (2 per name length 0 to " + strconv.Itoa(runtime.MaxElements) + ")"},
		{"mask probes past the last depth", func(p *runtime.Plan) {
			p.Matcher.MaskDepths = make([]uint32, (runtime.MaxElements+1)*runtime.MaskDepthStride)
			p.Matcher.MaskProbes = []uint32{0}
		}, "MaskDepths[" + strconv.Itoa(runtime.MaxElements*runtime.MaskDepthStride+1) + "]: last end 0, want MaskProbes' length 1"},
		{"edge slots not whole", func(p *runtime.Plan) { p.Matcher.EdgeSlots = make([]uint64, 3) },
			"EdgeSlots: 3 elements, want 8 (4 per slot, a power of two of at least 2 slots)"},
		{"one edge slot", func(p *runtime.Plan) { p.Matcher.EdgeSlots = make([]uint64, 4) },
			"EdgeSlots: 4 elements, want 8 (4 per slot, a power of two of at least 2 slots)"},
		{"three edge slots", func(p *runtime.Plan) {
			p.Matcher.EdgeSlots = []uint64{0, 0xffffffff, 0, 0, 0, 0xffffffff, 0, 0, 0, 0xffffffff, 0, 0}
		},
			"EdgeSlots: 12 elements, want 16 (4 per slot, a power of two of at least 2 slots)"},
		{"two edge slots", func(p *runtime.Plan) { p.Matcher.EdgeSlots = []uint64{0, 0xffffffff, 0, 0, 0, 0xffffffff, 0, 0} }, ""},
		{"edge slot past the nodes", func(p *runtime.Plan) { p.Matcher.EdgeSlots = []uint64{0, 1 << 32, 0, 0, 0, 0xffffffff, 0, 0} },
			"EdgeSlots[1]: slot 0's edge from node 0 to 1 is past the 0 nodes"},
	} {
		p := base()
		c.edit(p)
		_, err := runtime.DecodePlan(runtime.EncodePlan(p))
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%s: %v", c.what, err)
		case c.want != "" && (err == nil || !strings.HasSuffix(err.Error(), ": "+c.want)):
			t.Errorf("%s: error %v\nwant ...: %s", c.what, err, c.want)
		}
	}
}

func nan() float64 {
	var zero float64
	return zero / zero
}

// TestPlanError: an error without a position has none in its message.
func TestPlanError(t *testing.T) {
	if got := (&runtime.PlanError{Offset: -1, Msg: "m"}).Error(); got != "plan: m" {
		t.Errorf("got %q", got)
	}
	if got := (&runtime.PlanError{Offset: 7, Msg: "m"}).Error(); got != "plan: offset 7: m" {
		t.Errorf("got %q", got)
	}
}

// TestDecodePlanAutomatonRules encodes plans with policy automata built
// by hand, for the rules richPlan's one list automaton cannot reach in
// one element: a policy's own automaton (CheckMatch), policies listed
// twice, parts of the wrong size.
func TestDecodePlanAutomatonRules(t *testing.T) {
	const match, auto = 0x23, 0x33 // publish and consume; CheckMatch, CheckAutomaton
	const none = ^uint32(0)
	automaton := func(policies ...uint32) runtime.PolicyAutomaton {
		p := none
		if len(policies) > 0 {
			p = policies[0]
		}
		return runtime.PolicyAutomaton{Policies: policies, ASCII: strings.Repeat("\x00", 128), RuneStarts: []uint32{0x80},
			RuneClasses: "\x00", Classes: 1, Start: 1, Next: []uint16{0, 1}, Accept: []uint32{none, none, p, p}}
	}
	plan := func(flags []uint8, regexps []string, as ...runtime.PolicyAutomaton) *runtime.Plan {
		p := &runtime.Plan{Matcher: runtime.Compact{Sets: []uint64{0}, SetWords: 1}}
		p.PolicyIndex.Flags, p.PolicyIndex.Automata = flags, as
		for i, f := range flags {
			p.Policies = append(p.Policies, runtime.PlanPolicy{Pattern: "p", NodeType: "queue", Attributes: "{}", GoRegexp: regexps[i]})
			if f == match { // an entry of the empty literal: every name is a candidate
				ix := &p.PolicyIndex
				ix.LiteralEnds, ix.EntryPolicy, ix.AtEnd = append(ix.LiteralEnds, 0), append(ix.EntryPolicy, uint32(i)), append(ix.AtEnd, false)
			}
		}
		return p
	}
	short := automaton(0)
	short.ASCII = ""
	noClasses := automaton(0)
	noClasses.RuneClasses = ""
	noAccept := automaton(0)
	noAccept.Accept = nil
	huge := automaton(0)
	huge.Next = make([]uint16, runtime.MaxAutomatonStates+1)
	atBound := automaton(0) // MaxAutomatonStates states, state 1 accepting policy 0 on every rune
	atBound.Next = make([]uint16, runtime.MaxAutomatonStates)
	atBound.Next[1] = 1
	atBound.Accept = slices.Repeat([]uint32{none}, 2*runtime.MaxAutomatonStates)
	atBound.Accept[2], atBound.Accept[3] = 0, 0
	wide := automaton(0) // 256 classes, the most a byte holds
	wide.Classes, wide.Next = 256, make([]uint16, 2*256)
	for i := range 256 {
		wide.Next[256+i] = 1
	}
	for _, c := range []struct {
		what string
		p    *runtime.Plan
		want string
	}{
		{"own automaton", plan([]uint8{match}, []string{""}, automaton(0)), ""},
		{"list automaton", plan([]uint8{auto, match, auto}, []string{"", `\Aa\z`, ""}, automaton(0, 2)), ""},
		{"own automaton and a regexp", plan([]uint8{match}, []string{`\Aa\z`}, automaton(0)),
			"PolGoRegexps[0]: a regexp is given exactly for the policies neither the index nor an automaton decides"},
		{"two CheckMatch policies", plan([]uint8{match, match}, []string{"", ""}, automaton(0, 1)),
			"AutoPolicies[1]: an automaton decides the CheckAutomaton policies or one CheckMatch policy"},
		{"a list and a CheckMatch policy", plan([]uint8{auto, match}, []string{"", ""}, automaton(0, 1)),
			"AutoPolicies[1]: an automaton decides the CheckAutomaton policies or one CheckMatch policy"},
		{"a policy in two automata", plan([]uint8{match}, []string{""}, automaton(0), automaton(0)),
			"AutoPolicies[1]: policy 0 has an automaton already"},
		{"CheckAutomaton undecided", plan([]uint8{auto, auto}, []string{"", ""}, automaton(0)),
			"Flags[1]: no automaton decides this CheckAutomaton policy"},
		{"no ASCII", plan([]uint8{match}, []string{""}, short), "AutoASCII: 0 elements, want 128 (128 per automaton)"},
		{"no rune classes", plan([]uint8{match}, []string{""}, noClasses), "AutoRuneClasses: 0 elements, want 1 (one per rune range)"},
		{"no accept entries", plan([]uint8{match}, []string{""}, noAccept), "AutoMeta[0]: automaton 0: 0 accept entries for 2 states"},
		{"over MaxAutomatonStates", plan([]uint8{match}, []string{""}, huge), "AutoMeta[0]: automaton 0: 65537 transitions for 1 classes"},
		{"at MaxAutomatonStates", plan([]uint8{match}, []string{""}, atBound), ""},
		{"256 classes", plan([]uint8{match}, []string{""}, wide), ""},
	} {
		d, err := runtime.DecodePlan(runtime.EncodePlan(c.p))
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%s: %v", c.what, err)
		case c.want == "":
			ix := runtime.NewPolicyIndex(&d.PolicyIndex)
			pm := runtime.MustCompilePolicyMatchers(d.Policies)
			if i, ok := ix.Find("x", runtime.Publish, pm.Match); !ok || i != 0 {
				t.Errorf("%s: Find = %d, %v; want policy 0 from its automaton", c.what, i, ok)
			}
		case err == nil || !strings.HasSuffix(err.Error(), ": "+c.want):
			t.Errorf("%s: error %v\nwant ...: %s", c.what, err, c.want)
		}
	}
}

// TestDecodePlanEdgeSlots corrupts richPlan's carried edge table (see
// runtime/planedgeslots.go for its slots' words) in each way its rule
// names, and checks each message and offset; and changes it in the ways
// the rule leaves to the walk (a key, a child, a filter), which decode.
func TestDecodePlanEdgeSlots(t *testing.T) {
	b := richPlan(t)
	p, err := runtime.DecodePlan(b)
	if err != nil {
		t.Fatal(err)
	}
	l := layoutOf(t, b)
	at := l.data["EdgeSlots"]
	slots := (l.last["EdgeSlots"] - at) / 32
	word := func(b []byte, slot, w int) []byte { return b[at+32*slot+8*w:] }
	le := binary.LittleEndian
	var empty []int // the empty slots
	full := -1      // a slot of an edge of at most 8 bytes
	for j := range slots {
		switch ft := le.Uint64(word(b, j, 1)); {
		case ft>>32 == 0:
			empty = append(empty, j)
		case ft&15 < 8 && full < 0:
			full = j
		}
	}
	short := slots - len(empty)
	if len(empty) == 0 || full < 0 || 2*short >= slots {
		t.Fatalf("richPlan's %d edge slots have no empty slot, no short edge or no room for one more", slots)
	}
	nodes := uint64(len(p.Matcher.Nodes) / runtime.NodeStride)
	ft := le.Uint64(word(b, full, 1))
	// long is the full slot's edge made one of 9 bytes, whose slot holds
	// no copy of its child: any child in range passes.
	long := func(to uint64) uint64 { return uint64(uint32(ft))&^15 | 8 | to<<32 }
	// over occupies n empty slots with an edge of 9 bytes from node 0.
	over := func(n int) func([]byte) {
		return func(m []byte) {
			for _, j := range empty[:n] {
				le.PutUint64(word(m, j, 1), 8|1<<32)
			}
		}
	}
	set := func(slot, w int, value uint64) func([]byte) {
		return func(m []byte) { le.PutUint64(word(m, slot, w), value) }
	}
	half := slots/2 - short
	for _, c := range []struct {
		what      string
		edit      func([]byte)
		off, want string // want "": the plan decodes
	}{
		{"empty slot's key", set(empty[0], 0, 1), "EdgeSlots", fmt.Sprintf("EdgeSlots[%d]: empty slot %d is not all zero but its from", 4*empty[0], empty[0])},
		{"empty slot's from", set(empty[0], 1, 0), "EdgeSlots", fmt.Sprintf("EdgeSlots[%d]: empty slot %d is not all zero but its from", 4*empty[0], empty[0])},
		{"empty slot's hot node", set(empty[0], 3, 1), "EdgeSlots", fmt.Sprintf("EdgeSlots[%d]: empty slot %d is not all zero but its from", 4*empty[0], empty[0])},
		{"extra edge", over(1), "EdgeSlots", fmt.Sprintf("EdgeSlots[0]: %d occupied slots for %d short edges", short+1, short)},
		{"half occupied", over(half), "EdgeSlots", fmt.Sprintf("EdgeSlots[0]: %d occupied slots for %d short edges", slots/2, short)},
		{"over half occupied", over(half + 1), "EdgeSlots", fmt.Sprintf("EdgeSlots[0]: %d of %d slots occupied, over half", slots/2+1, slots)},
		{"last node's child", set(full, 1, long(nodes-1)), "", ""},
		{"child past the nodes", set(full, 1, long(nodes)), "EdgeSlots", fmt.Sprintf("EdgeSlots[%d]: slot %d's edge from node %d to %d is past the %d nodes", 4*full+1, full, uint32(ft)>>4, nodes, nodes)},
		{"last node's edge", set(full, 1, ft&^(1<<32-16)|(nodes-1)<<4), "", ""},
		{"parent past the nodes", set(full, 1, ft&^(1<<32-16)|nodes<<4), "EdgeSlots", fmt.Sprintf("EdgeSlots[%d]: slot %d's edge from node %d to %d is past the %d nodes", 4*full+1, full, nodes, ft>>32, nodes)},
		{"other child", set(full, 1, long(ft>>32^1)), "", ""},
		{"other key", set(full, 0, le.Uint64(word(b, full, 0))^1), "", ""},
		{"child's filter", set(full, 3, le.Uint64(word(b, full, 3))^1), "", ""},
		{"child's star", set(full, 2, le.Uint64(word(b, full, 2))^1), "EdgeSlots", fmt.Sprintf("EdgeSlots[%d]: slot %d does not carry its child's node", 4*full+2, full)},
		{"child's tail", set(full, 2, le.Uint64(word(b, full, 2))^1<<32), "EdgeSlots", fmt.Sprintf("EdgeSlots[%d]: slot %d does not carry its child's node", 4*full+2, full)},
		{"child's tail rank", set(full, 3, le.Uint64(word(b, full, 3))^1<<32), "EdgeSlots", fmt.Sprintf("EdgeSlots[%d]: slot %d does not carry its child's node", 4*full+2, full)},
	} {
		m := append([]byte(nil), b...)
		c.edit(m)
		if c.want == "" {
			if _, err := runtime.DecodePlan(seal(m)); err != nil {
				t.Errorf("%s: %v", c.what, err)
			}
			continue
		}
		var elemAt int
		if _, err := fmt.Sscanf(c.want[len(c.off)+1:], "%d]", &elemAt); err != nil {
			t.Fatal(err)
		}
		checkErr(t, c.what, seal(m), fmt.Sprintf("plan: offset %d: %s", l.data[c.off]+8*elemAt, c.want))
	}
}
