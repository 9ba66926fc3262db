package runtime

import (
	"encoding/binary"
	"hash/crc32"
	"math"
	"strconv"
	"unsafe"
)

// The plan's binary form, as EncodePlan writes it (all integers little
// endian):
//
//	offset 0   magic "DGPLAN\r\n" (a text-mode transfer that rewrites
//	           line ends breaks it, as PNG's does)
//	offset 8   format version, uint32 (PlanFormat)
//	offset 12  CRC-32 (IEEE) of every byte from offset 24 on
//	offset 16  the number of those bytes, uint32
//	offset 20  zero, uint32, so that the sections start 8-byte aligned
//	offset 24  the sections, in planColumns.fields order
//
// A section is its number (uint32, its position in that order), its
// element count (uint32), then the elements: 1, 2, 4 or 8 bytes each,
// or for a string blob its bytes, or for a string list its count of
// uint32 end offsets then the bytes they cut, or for a narrowed column
// (uints, plancols.go) a byte holding its width, 1, 2 or 4, then the
// elements of that width; then zero bytes up to the
// next multiple of 8 (sectionAlign). Every section so starts, and its
// elements start, at a multiple of 8 from the plan's first byte: a
// decoder whose plan sits at an aligned address (an allocation, or
// most embedded files) reads the integer columns in place, where it
// copied each before (format 2), which at 100,000 destinations was
// tens of MB of fresh memory per load. The policy automata
// (CompactPolicies.Automata) are flattened into the Auto* sections, each
// automaton's parts cut by the ends in AutoMeta. Every variable-sized part carries
// its count, so a decoder checks each against the bytes that remain
// before it allocates.
const (
	planMagic = "DGPLAN\r\n"
	// PlanFormat is the version of the binary form. Any change to the
	// sections (a new one, another order or encoding) is a new version;
	// DecodePlan reads only its own. Format 2 added the Auto* sections
	// (the policy automata); format 3 the alignment (sectionAlign) and the
	// EdgeSlots section (the built edge table, planedgeslots.go); format 4 the
	// Mask* sections (the mask tables, planmasks.go); format 5 the Sigs
	// section (the automata's signatures, plansigs.go) and the Name*
	// sections (the exact names' table, plannames.go); format 6 narrowed
	// DestStore, DestCluster and PropIndex and left the exact names'
	// patterns out of DestPatterns (plancols.go); format 7 the
	// AutoStep* sections (the policy automata's step tables,
	// policy_steps.go); format 8 the ACLSigs section (the ACL
	// signatures, planaclsigs.go), the MaskIndex section (the mask
	// index's words, planmaskindex.go) and the MaskSlots and MaskFilter
	// sections (the mask tables built, planmaskslots.go); format 9 the
	// Infos by destination in the Matcher's layout (DestInfos, which
	// replaced Infos by exact name) and the DestSig2 section
	// (plandestinfos.go); format 10 the IEEE polynomial for the checksum
	// (planCRC), in place of Castagnoli's; format 11 the entryMore bit
	// of NameIndex's entries (nametable.go); format 12 NameIndex[0]'s
	// wide kind (wideHash, nametable.go).
	PlanFormat = 12

	planHeaderBytes  = 24
	sectionHeadBytes = 8
	// sectionAlign is what every section is padded to: the largest
	// element, a uint64, so that each column can be read in place.
	sectionAlign = 8
)

// planCRC is CRC-32's (IEEE) table. Its sum folds the bytes by carry-less
// multiplication where the processor has it (amd64's PCLMULQDQ, wide on
// AVX-512; arm64 has an instruction for either polynomial): 1.24 ms over
// 31 MB here, warm, against 3.1 to 4.0 ms for CRC-32C (Castagnoli, until
// plan format 10), whose instruction takes 8 bytes a step; at 100,000
// destinations that was 5 to 10% of a Load. Both detect every burst of
// up to 32 bits and miss a random error with odds of 2^-32; neither is a
// defence against a plan made to pass it, which the checks are.
var planCRC = crc32.IEEETable

// planColumns is a Plan as flat columns: the compact tables as they are,
// destinations, properties and policies one column per field, strings
// shared by reference (0: unset, i: Strings[i-1]). It is what the
// sections hold, field for field.
type planColumns struct {
	Meta    []uint32        // Permissions (0 or 1), SetWords
	Matcher Compact         // but Permissions and SetWords, in Meta
	Index   CompactPolicies // but Automata, in the Auto* columns

	// AutoMeta is, per policy automaton, autoMetaStride words: its
	// Classes and Start, then the ends of its part of AutoPolicies,
	// AutoRuneStarts (and AutoRuneClasses, as long), AutoNext and
	// AutoAccept. AutoASCII holds 128 bytes per automaton.
	AutoMeta        []uint32
	AutoPolicies    []uint32
	AutoASCII       string
	AutoRuneStarts  []uint32
	AutoRuneClasses string
	AutoNext        []uint16
	AutoAccept      []uint32
	// AutoStepMeta is, per policy automaton, autoStepStride words: its
	// PairSymbols, QuadSymbols and the end of its Steps in AutoSteps
	// (format 7; policy_steps.go).
	AutoStepMeta []uint32
	AutoSteps    []uint16

	PropNames  []string
	PropFields []string
	PropKinds  []uint8
	// PropValues are each key's distinct values (PropValueEnds cuts them
	// by key): int64 and float64 bits, 0 or 1, or a Strings reference.
	PropValues    []uint64
	PropValueEnds []uint32
	PropIndex     uints // per destination, per key: 0 unset, i: the key's value i-1

	Strings []string
	// DestPatterns are the patterns of the destinations that are not
	// exact names, in order (plancols.go); DestStore and DestCluster are
	// per destination.
	DestPatterns stringList
	DestStore    uints
	DestCluster  uints

	PolPatterns     []string
	PolNodeTypes    []uint8 // 0 queue, 1 exchange
	PolAttributes   []string
	PolGoRegexps    []string
	PolPrefixes     []string
	PolSuffixes     []string
	PolRequiredEnds []uint32 // per policy, cutting PolRequired
	PolRequired     []string

	kinds destKinds // built by plan: which destinations are exact names
}

// planField is one section: its name, for errors, and the column.
type planField struct {
	name string
	col  any // *string, *[]string, *stringList, *[]uint8, *[]bool, *[]uint16, *[]uint32, *[]int32, *[]uint64 or *uints
}

// fields lists the sections in order. A new column is one line here, one
// in planColumns, and its rule in validate.
func (c *planColumns) fields() []planField {
	return []planField{
		{"Meta", &c.Meta},
		{"ExactKeys", &c.Matcher.ExactKeys}, {"ExactEnds", &c.Matcher.ExactEnds}, {"DestInfos", &c.Matcher.DestInfos}, {"Lists", &c.Matcher.Lists},
		{"Automata", &c.Matcher.Automata}, {"States", &c.Matcher.States}, {"Nodes", &c.Matcher.Nodes},
		{"EdgeKeys", &c.Matcher.EdgeKeys}, {"EdgeEnds", &c.Matcher.EdgeEnds}, {"EdgeFrom", &c.Matcher.EdgeFrom}, {"EdgeTo", &c.Matcher.EdgeTo},
		{"Rank", &c.Matcher.Rank}, {"DestACL", &c.Matcher.DestACL}, {"Sets", &c.Matcher.Sets},
		{"PrincipalKeys", &c.Matcher.PrincipalKeys}, {"PrincipalEnds", &c.Matcher.PrincipalEnds},
		{"PolicyLiterals", &c.Index.Literals}, {"PolicyLiteralEnds", &c.Index.LiteralEnds},
		{"EntryPolicy", &c.Index.EntryPolicy}, {"AtEnd", &c.Index.AtEnd}, {"Flags", &c.Index.Flags},
		{"AutoMeta", &c.AutoMeta}, {"AutoPolicies", &c.AutoPolicies}, {"AutoASCII", &c.AutoASCII},
		{"AutoRuneStarts", &c.AutoRuneStarts}, {"AutoRuneClasses", &c.AutoRuneClasses},
		{"AutoNext", &c.AutoNext}, {"AutoAccept", &c.AutoAccept},
		{"PropNames", &c.PropNames}, {"PropFields", &c.PropFields}, {"PropKinds", &c.PropKinds},
		{"PropValues", &c.PropValues}, {"PropValueEnds", &c.PropValueEnds}, {"PropIndex", &c.PropIndex},
		{"Strings", &c.Strings}, {"DestPatterns", &c.DestPatterns}, {"DestStore", &c.DestStore}, {"DestCluster", &c.DestCluster},
		{"PolPatterns", &c.PolPatterns}, {"PolNodeTypes", &c.PolNodeTypes}, {"PolAttributes", &c.PolAttributes},
		{"PolGoRegexps", &c.PolGoRegexps}, {"PolPrefixes", &c.PolPrefixes}, {"PolSuffixes", &c.PolSuffixes},
		{"PolRequiredEnds", &c.PolRequiredEnds}, {"PolRequired", &c.PolRequired},
		{"EdgeSlots", &c.Matcher.EdgeSlots},
		// The mask tables (format 4; planmasks.go).
		{"Masks", &c.Matcher.Masks}, {"MaskEnds", &c.Matcher.MaskEnds}, {"MaskDests", &c.Matcher.MaskDests},
		{"MaskKeys", &c.Matcher.MaskKeys}, {"MaskKeyEnds", &c.Matcher.MaskKeyEnds},
		{"MaskDepths", &c.Matcher.MaskDepths}, {"MaskProbes", &c.Matcher.MaskProbes},
		// The automata's signatures (format 5; plansigs.go).
		{"Sigs", &c.Matcher.Sigs},
		// The exact names' table (format 5; plannames.go).
		{"NameIndex", &c.Matcher.NameIndex}, {"NameRecs", &c.Matcher.NameRecs},
		// The ACL signatures (format 8; planaclsigs.go).
		{"ACLSigs", &c.Matcher.ACLSigs},
		// The mask index's words (format 8; planmaskindex.go).
		{"MaskIndex", &c.Matcher.MaskIndex},
		// The mask tables built (format 8; planmaskslots.go).
		{"MaskSlots", &c.Matcher.MaskSlots}, {"MaskFilter", &c.Matcher.MaskFilter},
		// The policy automata's step tables (format 7; policy_steps.go).
		{"AutoStepMeta", &c.AutoStepMeta}, {"AutoSteps", &c.AutoSteps},
		// The exact hits' second signatures (format 9; plandestinfos.go).
		{"DestSig2", &c.Matcher.DestSig2},
	}
}

// EncodePlan writes p in the binary form. The same plan always gives the
// same bytes: strings are numbered in order of first use. A plan without
// Compact.EdgeSlots, Sigs, NameIndex, ACLSigs, MaskIndex or MaskSlots
// gets them from a Matcher built here, so EncodePlan trusts p as
// NewMatcher trusts its Compact: a plan the generator built. DecodePlan
// is the door for bytes from anywhere else.
func EncodePlan(p *Plan) []byte {
	c := columnsOf(p)
	b := make([]byte, planHeaderBytes, planHeaderBytes+c.size())
	copy(b, planMagic)
	binary.LittleEndian.PutUint32(b[8:], PlanFormat)
	for i, f := range c.fields() {
		b = appendSection(b, uint32(i), f.col)
		for len(b)%sectionAlign != 0 {
			b = append(b, 0)
		}
	}
	binary.LittleEndian.PutUint32(b[12:], crc32.Checksum(b[planHeaderBytes:], planCRC))
	binary.LittleEndian.PutUint32(b[16:], uint32(len(b)-planHeaderBytes))
	return b
}

// size is about the encoded size of c, to size EncodePlan's buffer once.
func (c *planColumns) size() int {
	n := 0
	for _, f := range c.fields() {
		n += sectionHeadBytes + colBytes(f.col) + sectionAlign - 1
	}
	return n
}

func colBytes(col any) int {
	switch v := col.(type) {
	case *string:
		return len(*v)
	case *[]string:
		n := 4 * len(*v)
		for _, s := range *v {
			n += len(s)
		}
		return n
	case *stringList:
		return 4*len(v.ends) + len(v.blob)
	case *uints:
		return 1 + len(v.b)
	case *[]uint8:
		return len(*v)
	case *[]bool:
		return len(*v)
	case *[]uint16:
		return 2 * len(*v)
	case *[]uint32:
		return 4 * len(*v)
	case *[]int32:
		return 4 * len(*v)
	case *[]uint64:
		return 8 * len(*v)
	}
	panic("runtime: plan column of unknown type")
}

// appendSection appends section number i holding col.
func appendSection(b []byte, i uint32, col any) []byte {
	le := binary.LittleEndian
	b = le.AppendUint32(b, i)
	switch v := col.(type) {
	case *string:
		b = append(le.AppendUint32(b, uint32(len(*v))), *v...)
	case *[]string:
		b = le.AppendUint32(b, uint32(len(*v)))
		end := uint32(0)
		for _, s := range *v {
			end += uint32(len(s))
			b = le.AppendUint32(b, end)
		}
		for _, s := range *v {
			b = append(b, s...)
		}
	case *stringList:
		b = le.AppendUint32(b, uint32(len(v.ends)))
		for _, e := range v.ends {
			b = le.AppendUint32(b, e)
		}
		b = append(b, v.blob...)
	case *uints:
		b = append(le.AppendUint32(b, uint32(v.len())), byte(max(v.w, 1)))
		b = append(b, v.b...)
	case *[]uint8:
		b = append(le.AppendUint32(b, uint32(len(*v))), *v...)
	case *[]bool:
		b = le.AppendUint32(b, uint32(len(*v)))
		for _, x := range *v {
			b = append(b, boolByte(x))
		}
	case *[]uint16:
		b = le.AppendUint32(b, uint32(len(*v)))
		for _, x := range *v {
			b = le.AppendUint16(b, x)
		}
	case *[]uint32:
		b = le.AppendUint32(b, uint32(len(*v)))
		for _, x := range *v {
			b = le.AppendUint32(b, x)
		}
	case *[]int32:
		b = le.AppendUint32(b, uint32(len(*v)))
		for _, x := range *v {
			b = le.AppendUint32(b, uint32(x))
		}
	case *[]uint64:
		b = le.AppendUint32(b, uint32(len(*v)))
		for _, x := range *v {
			b = le.AppendUint64(b, x)
		}
	}
	return b
}

func boolByte(b bool) byte {
	if b {
		return 1
	}
	return 0
}

// columnsOf flattens p into columns. A decoded plan keeps its
// destinations as columns: they are read out first, as Plan.Destinations.
func columnsOf(p *Plan) *planColumns {
	if p.Destinations == nil && p.cols != nil {
		full := *p
		full.Destinations, full.cols = p.destinationList(), nil
		p = &full
	}
	c := &planColumns{
		Meta:    []uint32{uint32(boolByte(p.Permissions)), uint32(p.Matcher.SetWords)},
		Matcher: p.Matcher,
		Index:   p.PolicyIndex,
	}
	c.Index.Automata = nil
	cm := &c.Matcher
	slots, sigs, names := len(cm.EdgeSlots) == 0, len(cm.Sigs) == 0 && len(cm.Nodes) > 0, len(cm.NameIndex) == 0 && len(cm.ExactEnds) > 0
	aclSigs, maskIndex := len(cm.ACLSigs) == 0, len(cm.MaskIndex) == 0 && len(cm.Masks) > 0
	maskSlots := len(cm.MaskSlots) == 0 && len(cm.Masks) > 0
	destSig2 := len(cm.DestSig2) == 0 && len(cm.Rank) > 0
	if slots || sigs || names || aclSigs || maskIndex || maskSlots || destSig2 {
		m := NewMatcher(&p.Matcher)
		if slots {
			cm.EdgeSlots = m.Edges.SlotWords()
		}
		if sigs {
			cm.Sigs = m.SigWords()
		}
		if names {
			cm.NameIndex, cm.NameRecs = m.Exact.NameWords()
		}
		if aclSigs {
			cm.ACLSigs = m.ACLSigWords()
		}
		if maskIndex {
			cm.MaskIndex = m.MaskIndexWords()
		}
		if maskSlots {
			cm.MaskSlots, cm.MaskFilter = m.MaskSlotWords()
		}
		if destSig2 {
			cm.DestSig2 = m.DestSig2Words()
		}
	}
	c.automataColumns(p.PolicyIndex.Automata)
	strs := stringRefs{ids: map[string]uint32{}}
	c.properties(p, &strs)
	c.destinationColumns(p, &strs)
	c.Strings = strs.list
	for _, pol := range p.Policies {
		c.PolPatterns = append(c.PolPatterns, pol.Pattern)
		c.PolNodeTypes = append(c.PolNodeTypes, boolByte(pol.NodeType == "exchange"))
		c.PolAttributes = append(c.PolAttributes, pol.Attributes)
		c.PolGoRegexps = append(c.PolGoRegexps, pol.GoRegexp)
		c.PolPrefixes = append(c.PolPrefixes, pol.Prefix)
		c.PolSuffixes = append(c.PolSuffixes, pol.Suffix)
		c.PolRequired = append(c.PolRequired, pol.Required...)
		c.PolRequiredEnds = append(c.PolRequiredEnds, uint32(len(c.PolRequired)))
	}
	return c
}

// destinationColumns fills DestPatterns with the patterns of the
// destinations that are not exact names (those whose Info in p's
// matcher has no list), DestStore and DestCluster.
func (c *planColumns) destinationColumns(p *Plan, strs *stringRefs) {
	infos := p.Matcher.DestInfos
	var patterns []string
	store, cluster := make([]uint32, len(p.Destinations)), make([]uint32, len(p.Destinations))
	for i, d := range p.Destinations {
		if (i+1)*InfoStride > len(infos) || infos[i*InfoStride+1] == 0 {
			patterns = append(patterns, d.Pattern)
		}
		store[i] = strs.optional(d.Store, d.HasStore)
		cluster[i] = strs.optional(d.Cluster, d.HasCluster)
	}
	c.DestPatterns, c.DestStore, c.DestCluster = stringListOf(patterns), uintsOf(store), uintsOf(cluster)
}

// properties fills the property columns, each key's values numbered in
// order of first use.
func (c *planColumns) properties(p *Plan, strs *stringRefs) {
	for _, k := range p.PropertyKeys {
		c.PropNames = append(c.PropNames, k.Name)
		c.PropFields = append(c.PropFields, k.Field)
		c.PropKinds = append(c.PropKinds, uint8(k.Kind))
	}
	nk := len(p.PropertyKeys)
	index := make([]uint32, len(p.Destinations)*nk)
	defer func() { c.PropIndex = uintsOf(index) }()
	for k, key := range p.PropertyKeys {
		first := len(c.PropValues)
		ids := map[uint64]uint32{}
		for d := range p.Destinations {
			v := p.Destinations[d].Properties[k]
			if !v.Set {
				continue
			}
			bits := valueBits(key.Kind, v, strs)
			id, ok := ids[bits]
			if !ok {
				c.PropValues = append(c.PropValues, bits)
				id = uint32(len(c.PropValues) - first)
				ids[bits] = id
			}
			index[d*nk+k] = id
		}
		c.PropValueEnds = append(c.PropValueEnds, uint32(len(c.PropValues)))
	}
}

// valueBits is v's member of kind as a PropValues word.
func valueBits(kind PropertyKind, v PropertyValue, strs *stringRefs) uint64 {
	switch kind {
	case PropInt:
		return uint64(v.Int)
	case PropFloat:
		return math.Float64bits(v.Float)
	case PropBool:
		return uint64(boolByte(v.Bool))
	}
	return uint64(strs.ref(v.Str) - 1)
}

// stringRefs numbers distinct strings from 1 in order of first use.
type stringRefs struct {
	list []string
	ids  map[string]uint32
}

func (s *stringRefs) ref(v string) uint32 {
	if id, ok := s.ids[v]; ok {
		return id
	}
	s.list = append(s.list, v)
	s.ids[v] = uint32(len(s.list))
	return s.ids[v]
}

func (s *stringRefs) optional(v string, set bool) uint32 {
	if !set {
		return 0
	}
	return s.ref(v)
}

// DecodePlan reads a plan EncodePlan wrote and validates every invariant
// the runtime's lookups rely on (see validate), so that NewMatcher,
// NewPolicyIndex and every lookup on the result are safe for any input
// bytes: a truncated, corrupted or hostile plan gives a *PlanError with
// the byte offset of what is wrong, never a panic. The plan's strings
// share one copy of b.
func DecodePlan(b []byte) (*Plan, error) {
	return decodePlan(planCopy(b), true)
}

// DecodePlanOwned is DecodePlan of bytes the caller hands over: the plan
// reads b in place, without DecodePlan's copy, so the caller must never
// change b again (a buffer it has just read a file into, as
// live.LoadFile does). The copy was most of a Load's fresh memory: 123
// MB at 100,000 wildcard-heavy destinations, half its CPU time.
func DecodePlanOwned(b []byte) (*Plan, error) {
	return decodePlan(unsafe.String(unsafe.SliceData(b), len(b)), true)
}

// DecodePlanString is DecodePlan of bytes held in a string, such as a
// file embedded with //go:embed; the plan's strings share s.
func DecodePlanString(s string) (*Plan, error) {
	return decodePlan(s, true)
}

// decodePlan decodes s, checking its header and sections, and with
// validate its checksum and every invariant; without, it trusts them
// (MustLoadPlan says why).
func decodePlan(s string, validate bool) (*Plan, error) {
	return decodeWith(&planDecoder{src: aligned(s)}, validate)
}

// decodePlanSummed is decodePlan of s, validating, given the CRC-32 of
// its bytes past the header, which LoadPlanFile computed as it read
// them.
func decodePlanSummed(s string, sum uint32) (*Plan, error) {
	return decodeWith(&planDecoder{src: aligned(s), sum: sum, summed: true}, true)
}

func decodeWith(d *planDecoder, validate bool) (*Plan, error) {
	c, err := d.columns(validate)
	if err != nil {
		return nil, err
	}
	if validate {
		if err := d.validate(c); err != nil {
			return nil, err
		}
	}
	return c.plan(), nil
}

// aligned returns s, or a copy of it at an address aligned to
// sectionAlign when s is not: a file embedded with //go:embed may sit at
// any address, and one copy of the whole plan costs one allocation where
// copying each column (wordsOf) cost one per column.
func aligned(s string) string {
	if len(s) == 0 || uintptr(unsafe.Pointer(unsafe.StringData(s)))%sectionAlign == 0 {
		return s
	}
	w := make([]uint64, (len(s)+7)/8)
	b := unsafe.Slice((*byte)(unsafe.Pointer(&w[0])), len(s))
	copy(b, s)
	return unsafe.String(&b[0], len(b)) // never written again
}

// planDecoder reads sections from src, keeping where each began for
// errors found after it is read.
type planDecoder struct {
	src  string
	off  int
	data []int // per section: the offset of its elements
	// sum is the checksum of src past its header when summed (the reader
	// computed it: LoadPlanFile).
	sum    uint32
	summed bool
}

func (d *planDecoder) errorf(off int, msg string) error {
	return &PlanError{Offset: off, Msg: msg}
}

// columns checks the header, with checksum the CRC over every byte, and
// reads every section.
func (d *planDecoder) columns(checksum bool) (*planColumns, error) {
	s := d.src
	if len(s) < planHeaderBytes {
		return nil, d.errorf(len(s), "truncated header: "+strconv.Itoa(len(s))+" of "+strconv.Itoa(planHeaderBytes)+" bytes")
	}
	if s[:8] != planMagic {
		return nil, d.errorf(0, "not a destgen plan (bad magic)")
	}
	if v := le32(s, 8); v != PlanFormat {
		return nil, d.errorf(8, "format version "+strconv.FormatUint(uint64(v), 10)+", this runtime reads "+strconv.Itoa(PlanFormat))
	}
	if le32(s, 20) != 0 {
		return nil, d.errorf(20, "header: alignment word is not zero")
	}
	if n := le32(s, 16); uint64(n) != uint64(len(s)-planHeaderBytes) {
		return nil, d.errorf(16, "payload of "+strconv.FormatUint(uint64(n), 10)+" bytes, file has "+strconv.Itoa(len(s)-planHeaderBytes))
	}
	// Without checksum (MustLoadPlan), the header's was compared with the
	// one generated beside the plan.
	if checksum && !d.summed {
		d.sum = crc32.Checksum(stringBytes(s[planHeaderBytes:]), planCRC)
	}
	if checksum && d.sum != le32(s, 12) {
		return nil, d.errorf(12, "checksum mismatch")
	}
	c := &planColumns{}
	fields := c.fields()
	d.off, d.data = planHeaderBytes, make([]int, len(fields))
	for i, f := range fields {
		if err := d.section(i, f); err != nil {
			return nil, err
		}
	}
	if d.off != len(s) {
		return nil, d.errorf(d.off, strconv.Itoa(len(s)-d.off)+" bytes after the last section")
	}
	return c, nil
}

func le32(s string, off int) uint32 {
	return uint32(s[off]) | uint32(s[off+1])<<8 | uint32(s[off+2])<<16 | uint32(s[off+3])<<24
}

func le64(s string, off int) uint64 {
	return uint64(le32(s, off)) | uint64(le32(s, off+4))<<32
}

// stringBytes is s's bytes, for reading only: the checksum of a plan
// embedded as a string costs no copy.
func stringBytes(s string) []byte {
	return unsafe.Slice(unsafe.StringData(s), len(s))
}

// section reads section i into f's column. A count is checked against
// the bytes that remain before anything is allocated for it.
func (d *planDecoder) section(i int, f planField) error {
	s, at := d.src, d.off
	if len(s)-at < sectionHeadBytes {
		return d.errorf(at, "section "+f.name+": truncated: "+strconv.Itoa(len(s)-at)+" bytes left of its "+strconv.Itoa(sectionHeadBytes)+"-byte head")
	}
	if n := le32(s, at); n != uint32(i) {
		return d.errorf(at, "section "+f.name+": numbered "+strconv.FormatUint(uint64(n), 10)+", want "+strconv.Itoa(i))
	}
	n := le32(s, at+4)
	at += sectionHeadBytes
	d.data[i] = at
	if u, ok := f.col.(*uints); ok {
		end, err := d.uintsSection(f.name, u, at, int(n))
		if err != nil {
			return err
		}
		return d.pad(f.name, end)
	}
	need := uint64(n) * uint64(elemBytes(f.col))
	if need > uint64(len(s)-at) {
		return d.errorf(at, "section "+f.name+": "+strconv.FormatUint(uint64(n), 10)+" elements need "+strconv.FormatUint(need, 10)+" bytes, "+strconv.Itoa(len(s)-at)+" remain")
	}
	count, end := int(n), at+int(need) // both fit: need fits in the bytes that remain
	switch v := f.col.(type) {
	case *string:
		*v = s[at:end]
	case *[]string:
		var err error
		if *v, end, err = d.strings(f.name, at, count); err != nil {
			return err
		}
	case *stringList:
		var err error
		if end, err = d.listSection(f.name, v, at, count); err != nil {
			return err
		}
	case *[]uint8:
		*v = bytesOf[uint8](s[at:end])
	case *[]bool:
		for j := range count {
			if s[at+j] > 1 {
				return d.errorf(at+j, f.name+"["+strconv.Itoa(j)+"]: "+strconv.Itoa(int(s[at+j]))+" is not a bool (0 or 1)")
			}
		}
		*v = bytesOf[bool](s[at:end]) // 0 and 1 are Go's false and true
	case *[]uint16:
		*v = wordsOf[uint16](s[at:end], count)
	case *[]uint32:
		*v = wordsOf[uint32](s[at:end], count)
	case *[]int32:
		*v = wordsOf[int32](s[at:end], count)
	case *[]uint64:
		*v = wordsOf[uint64](s[at:end], count)
	}
	return d.pad(f.name, end)
}

// pad checks the zero bytes that follow a section ending at end, up to
// the next multiple of sectionAlign, and moves past them.
func (d *planDecoder) pad(name string, end int) error {
	next := (end + sectionAlign - 1) &^ (sectionAlign - 1)
	if next > len(d.src) {
		return d.errorf(end, "section "+name+": truncated: "+strconv.Itoa(len(d.src)-end)+" bytes left of its "+strconv.Itoa(next-end)+" bytes of padding")
	}
	for j := end; j < next; j++ {
		if d.src[j] != 0 {
			return d.errorf(j, "section "+name+": padding byte is not zero")
		}
	}
	d.off = next
	return nil
}

// wordsOf is count little-endian words of b: b itself where the platform
// allows (aliasWords), else a copy.
func wordsOf[W uint16 | uint32 | int32 | uint64](b string, count int) []W {
	if v, ok := aliasWords[W](b, count); ok {
		return v
	}
	v := make([]W, count)
	copyWords(v, b)
	return v
}

// bytesOf is b's bytes as a slice of a one-byte type, sharing b: the
// decoded plan is read only, as a string is.
func bytesOf[B uint8 | bool](b string) []B {
	if len(b) == 0 {
		return []B{}
	}
	return unsafe.Slice((*B)(unsafe.Pointer(unsafe.StringData(b))), len(b))
}

// elemBytes is the size of one element of a column: for a string list
// one of its ends, for uints its width byte.
func elemBytes(col any) int {
	switch col.(type) {
	case *string, *[]uint8, *[]bool, *uints:
		return 1
	case *[]uint16:
		return 2
	case *[]uint64:
		return 8
	}
	return 4
}

// strings reads a string list of count strings whose ends start at at:
// the ends must ascend and the bytes they cut must be there. The strings
// share the source. It returns where the list ends.
func (d *planDecoder) strings(name string, at, count int) ([]string, int, error) {
	s := d.src
	blob := at + 4*count
	prev := uint32(0)
	for j := range count {
		e := le32(s, at+4*j)
		if e < prev {
			return nil, 0, d.errorf(at+4*j, name+"["+strconv.Itoa(j)+"]: end "+strconv.FormatUint(uint64(e), 10)+" before the previous end "+strconv.FormatUint(uint64(prev), 10))
		}
		prev = e
	}
	if uint64(prev) > uint64(len(s)-blob) {
		return nil, 0, d.errorf(blob, name+": strings need "+strconv.FormatUint(uint64(prev), 10)+" bytes, "+strconv.Itoa(len(s)-blob)+" remain")
	}
	out := make([]string, count)
	start := uint32(0)
	for j := range out {
		e := le32(s, at+4*j)
		out[j] = s[blob+int(start) : blob+int(e)]
		start = e
	}
	return out, blob + int(prev), nil
}

// plan assembles validated columns into a Plan: the policies in one
// slice, their required literals in another, every string a substring of
// the source, so that the allocations do not grow with the plan. The
// destinations stay c's columns, read in place (Plan.Destination,
// plandest.go): building Plan.Destinations and their property rows was
// 15% of a Load at 100,000 destinations, and live's Realm copied them
// again.
func (c *planColumns) plan() *Plan {
	p := &Plan{
		Permissions:  c.Meta[0] == 1,
		Matcher:      c.Matcher,
		PolicyIndex:  c.Index,
		PropertyKeys: make([]PropertyKey, len(c.PropNames)),
		Policies:     make([]PlanPolicy, len(c.PolPatterns)),
	}
	p.Matcher.Permissions, p.Matcher.SetWords = p.Permissions, int(c.Meta[1])
	if p.PolicyIndex.Automata == nil { // validate has built them already
		p.PolicyIndex.Automata = c.automata()
	}
	for k := range p.PropertyKeys {
		p.PropertyKeys[k] = PropertyKey{Name: c.PropNames[k], Field: c.PropFields[k], Kind: PropertyKind(c.PropKinds[k])}
	}
	c.kinds = newDestKinds(c.Matcher.DestInfos, len(c.Matcher.Rank))
	p.cols = c
	start := uint32(0)
	for i := range p.Policies {
		end := c.PolRequiredEnds[i]
		p.Policies[i] = PlanPolicy{
			Pattern: c.PolPatterns[i], NodeType: nodeTypes[c.PolNodeTypes[i]], Attributes: c.PolAttributes[i],
			GoRegexp: c.PolGoRegexps[i], Prefix: c.PolPrefixes[i], Suffix: c.PolSuffixes[i],
		}
		if end > start {
			p.Policies[i].Required = c.PolRequired[start:end:end]
		}
		start = end
	}
	return p
}

var nodeTypes = [2]string{"queue", "exchange"}

// value is the PropertyValue a PropValues word of kind stands for.
func (c *planColumns) value(kind PropertyKind, x uint64) PropertyValue {
	v := PropertyValue{Set: true}
	switch kind {
	case PropInt:
		v.Int = int64(x)
	case PropFloat:
		v.Float = math.Float64frombits(x)
	case PropBool:
		v.Bool = x == 1
	default:
		v.Str = c.Strings[x]
	}
	return v
}

func (c *planColumns) optional(ref uint32) string {
	if ref == 0 {
		return ""
	}
	return c.Strings[ref-1]
}
