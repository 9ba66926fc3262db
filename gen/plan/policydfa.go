package plan

import (
	"encoding/binary"
	"regexp/syntax"
	"slices"
	"unicode"
	"unicode/utf8"

	"github.com/destgen/destgen/gen/javaregex"
	"github.com/destgen/destgen/runtime"
)

// General policies are decided by deterministic automata built here from
// the RE2 program of each translated pattern (parsed with the flags
// regexp.Compile uses, simplified and compiled as it does), by the subset
// construction. A state is the set of the program's threads one prefix of
// the name leaves waiting for a rune; acceptance is the Go semantics of
// MatchString on the whole name (the translation anchors every pattern
// with \A and \z, so that is Java's matches). The automaton reads runes as
// regexp does (runtime.PolicyAutomaton): the construction never sees
// bytes, so invalid UTF-8 needs no case of its own, and its alphabet is a
// partition of the runes into classes that no instruction tells apart.
//
// One automaton for all of a list's general policies answers in one pass
// over the name; its accepting states carry, per operation, the lowest
// policy enabled for it. When that one does not fit maxPolicyStates, each
// policy gets its own, reached through the policy's index entry as its
// regexp was; a policy whose own does not fit keeps its regexp. The list's
// automaton is preferred wherever it fits: on the benchmark's general mix
// it took AutoCreate on general hits from 149 to 42 ns at 10 policies and
// from 205 to 91 at 100, and on the mixed list of 1000 from 122 to 71
// (thread CPU time, 6 interleaved passes, 2026-12-01): one automaton
// each pays the index's second pass (findMatch) on every candidate.
// Where the list's literal parts fit beside it (foldPolicies), the list's
// automaton takes the other policies too and the index is left empty: at
// 10 policies that took AutoCreate on general hits from 37 to 29 ns
// (thread CPU time, 3 interleaved passes, load 14 on 2 cores).

// maxPolicyStates bounds an automaton's states. A policy's pattern
// usually needs a few dozen (one per character of its literal parts, a
// few per class or repetition); 4,096 states of 64 classes are a table of
// 512 KB, past which the table misses cache on every name and the regexp
// is not much slower. Patterns that blow up, such as (a|b)*a(a|b){20}
// with 2^21 states, reach it within milliseconds and keep their regexp.
const maxPolicyStates = 4096

// maxPolicyWork bounds the construction's work: instructions visited by
// the closures plus transitions made, and the minimisation's steps. A
// pattern of many alternatives can reach the state bound only after long
// closures; 2^24 steps take a fraction of a second.
const maxPolicyWork = 1 << 24

// buildPolicyAutomata gives the General policies automata: each its
// own where it fits, then, if one for all of those fits too, that one
// instead. It marks the policies it covers (Automaton, and CheckAutomaton
// without keys for the list's one) and returns the automata in the order
// runtime.CompactPolicies carries them.
func buildPolicyAutomata(pols []Policy) []runtime.PolicyAutomaton {
	if forceRegexp {
		return nil
	}
	var fit []dfaPolicy
	var own []runtime.PolicyAutomaton
	var which []int
	for i := range pols {
		pp := &pols[i]
		if pp.Shape.Kind != javaregex.General {
			continue
		}
		prog, ok := policyProg(pp.GoRegexp)
		if !ok {
			continue
		}
		g := dfaPolicy{index: uint32(pp.Index), ops: opBits(pp.Policy), prog: prog}
		if a, ok := buildAutomaton([]dfaPolicy{g}, maxPolicyStates); ok {
			fit, own, which = append(fit, g), append(own, *a), append(which, i)
			pp.Automaton = true
		}
	}
	if len(fit) < 2 || forceOwnAutomata {
		return own
	}
	a, ok := buildAutomaton(fit, maxPolicyStates)
	if !ok {
		return own
	}
	if whole, ok := foldPolicies(pols, fit, a); ok && !forceNoFold {
		a, which = whole, nil
		for i := range pols {
			which = append(which, i)
			pols[i].Automaton = true
		}
	}
	for _, i := range which {
		pp := &pols[i]
		pp.Check, pp.Anchor, pp.Keys = CheckAutomaton, AnchorNone, nil
	}
	return []runtime.PolicyAutomaton{*a}
}

// maxFoldStates bounds the automaton of a whole list (foldPolicies).
// Past it the automaton's pair and quad tables (runtime's
// maxPairEntries) stop fitting, and the index's probes (about 10 ns)
// cost less than losing them.
const maxFoldStates = 512

// foldPolicies returns one automaton for every policy of the list, the
// literal, prefix and suffix ones too, when the list's general policies
// have one (fit, decided by general) and the whole fits maxFoldStates:
// AutoCreate is then one pass over the name and no index probe. A
// literal part costs about one state a byte, so the fold is not tried
// when the general automaton's states plus the other policies' key bytes
// exceed the bound: a list of a thousand prefixes never starts a
// construction bound to fail.
func foldPolicies(pols []Policy, fit []dfaPolicy, general *runtime.PolicyAutomaton) (*runtime.PolicyAutomaton, bool) {
	if len(fit) == len(pols) {
		return nil, false
	}
	size := len(general.Next) / int(general.Classes)
	all := make([]dfaPolicy, 0, len(pols))
	for i := range pols {
		pp := &pols[i]
		if pp.Shape.Kind == javaregex.General {
			if !pp.Automaton {
				return nil, false
			}
			continue
		}
		for _, k := range pp.Keys {
			size += len(k)
		}
		if size > maxFoldStates {
			return nil, false
		}
	}
	for i := range pols {
		prog, ok := policyProg(pols[i].GoRegexp)
		if !ok {
			return nil, false
		}
		all = append(all, dfaPolicy{index: uint32(pols[i].Index), ops: opBits(pols[i].Policy), prog: prog})
	}
	return buildAutomaton(all, maxFoldStates)
}

// forceRegexp makes Build keep every General policy's regexp,
// forceOwnAutomata give each its own automaton even when the list's fits,
// and forceNoFold keep the other policies out of the list's, so that
// tests cover those paths too.
var forceRegexp, forceOwnAutomata, forceNoFold = false, false, false

// maxPolicyClasses is the most rune classes an automaton may have: the
// runtime keeps a class in a byte.
const maxPolicyClasses = 256

// dfaPolicy is one policy to compile: its number, operations and program.
type dfaPolicy struct {
	index uint32
	ops   uint8 // bit op
	prog  *syntax.Prog
}

// policyProg compiles a translated pattern as regexp.Compile does, or
// returns false when the program uses an empty-width assertion other than
// \A and \z (which the translation never emits; a Go pattern could).
func policyProg(goRegexp string) (*syntax.Prog, bool) {
	re, err := syntax.Parse(goRegexp, syntax.Perl)
	if err != nil {
		return nil, false
	}
	prog, err := syntax.Compile(re.Simplify())
	if err != nil {
		return nil, false
	}
	for _, in := range prog.Inst {
		if in.Op == syntax.InstEmptyWidth && syntax.EmptyOp(in.Arg)&^(syntax.EmptyBeginText|syntax.EmptyEndText) != 0 {
			return nil, false
		}
	}
	return prog, true
}

// dfaBuilder is one subset construction.
type dfaBuilder struct {
	pols []dfaPolicy
	// The programs' instructions, numbered globally: policy k's pc is
	// base[k]+pc. Thread numbers at or past len(insts) are markers: policy
	// k has matched (a Match reached before the end, which MatchString
	// accepts whatever follows) as len(insts)+k.
	insts []*syntax.Inst
	owner []int // the policy of each instruction
	base  []int
	// classes: reps[c] is a rune of class c; matches[pc] has bit c set
	// when consuming instruction pc matches class c.
	reps    []rune
	bounds  []rune // interval starts, ascending from 0
	classOf []int  // class of each interval
	matches [][]uint64
	// states
	index     map[string]int
	sets      [][]uint32 // each state's threads, ascending
	begin     []bool     // the state is the start, where \A holds
	next      [][]int
	work      int
	maxStates int
	// closure scratch
	mark  []int
	stamp int
}

// buildAutomaton returns the minimal automaton deciding pols, or false
// when its construction needs more than maxStates states or maxPolicyWork
// steps, or more classes than the runtime's bound.
func buildAutomaton(pols []dfaPolicy, maxStates int) (*runtime.PolicyAutomaton, bool) {
	b := &dfaBuilder{pols: pols, index: map[string]int{}, maxStates: maxStates}
	for k, p := range pols {
		b.base = append(b.base, len(b.insts))
		for i := range p.prog.Inst {
			b.insts = append(b.insts, &p.prog.Inst[i])
			b.owner = append(b.owner, k)
		}
	}
	b.mark = make([]int, len(b.insts))
	if !b.classes() || !b.construct() {
		return nil, false
	}
	next, accept, start, ok := b.minimise()
	if !ok {
		next, accept, start = b.next, b.acceptAll(), 1
	}
	return b.automaton(next, accept, start), true
}

// consumes reports whether an instruction reads a rune.
func consumes(in *syntax.Inst) bool {
	switch in.Op {
	case syntax.InstRune, syntax.InstRune1, syntax.InstRuneAny, syntax.InstRuneAnyNotNL:
		return true
	}
	return false
}

// matchRune reports whether consuming instruction in reads r.
func matchRune(in *syntax.Inst, r rune) bool {
	switch in.Op {
	case syntax.InstRuneAny:
		return true
	case syntax.InstRuneAnyNotNL:
		return r != '\n'
	}
	return in.MatchRune(r)
}

// classes partitions the runes into intervals at every bound an
// instruction has (a range's ends, each rune of a case-folded literal's
// orbit, '\n'; and 0x80, where the runtime's ASCII table ends), then
// groups the intervals that every instruction treats alike.
func (b *dfaBuilder) classes() bool {
	bounds := []rune{0, utf8.RuneSelf, unicode.MaxRune + 1}
	edge := func(lo, hi rune) { bounds = append(bounds, lo, hi+1) }
	for _, in := range b.insts {
		switch {
		case in.Op == syntax.InstRuneAnyNotNL:
			edge('\n', '\n')
		case in.Op == syntax.InstRune1 || in.Op == syntax.InstRune && len(in.Rune) == 1:
			r := in.Rune[0]
			edge(r, r)
			if in.Op == syntax.InstRune && syntax.Flags(in.Arg)&syntax.FoldCase != 0 {
				for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
					edge(f, f)
				}
			}
		case in.Op == syntax.InstRune:
			for i := 0; i+1 < len(in.Rune); i += 2 {
				edge(in.Rune[i], in.Rune[i+1])
			}
		}
	}
	slices.Sort(bounds)
	bounds = slices.Compact(bounds)
	b.bounds = bounds[:len(bounds)-1] // the last is MaxRune+1, an end
	bySig := map[string]int{}
	sig := make([]byte, len(b.insts))
	for _, lo := range b.bounds {
		for pc, in := range b.insts {
			sig[pc] = 0
			if consumes(in) && matchRune(in, lo) {
				sig[pc] = 1
			}
		}
		c, ok := bySig[string(sig)]
		if !ok {
			c = len(b.reps)
			bySig[string(sig)] = c
			b.reps = append(b.reps, lo)
		}
		b.classOf = append(b.classOf, c)
		b.work += len(b.insts)
	}
	if len(b.reps) > maxPolicyClasses || b.work > maxPolicyWork {
		return false
	}
	b.matches = make([][]uint64, len(b.insts))
	for pc, in := range b.insts {
		if !consumes(in) {
			continue
		}
		b.matches[pc] = make([]uint64, (len(b.reps)+63)/64)
		for c, r := range b.reps {
			if matchRune(in, r) {
				b.matches[pc][c/64] |= 1 << (c % 64)
			}
		}
	}
	return true
}

// construct runs the subset construction from the start state, breadth
// first, within the bounds. State 0 is the empty set: dead.
func (b *dfaBuilder) construct() bool {
	b.state(nil, false)
	var start []uint32
	for k, p := range b.pols {
		start = append(start, uint32(b.base[k]+p.prog.Start))
	}
	b.state(start, true)
	for s := 0; s < len(b.sets); s++ {
		if len(b.sets) > b.maxStates || b.work > maxPolicyWork {
			return false
		}
		cons, matched := b.closure(b.sets[s], b.begin[s], false)
		row := make([]int, len(b.reps))
		for c := range b.reps {
			var to []uint32
			for _, pc := range cons {
				if b.matches[pc][c/64]&(1<<(c%64)) != 0 {
					to = append(to, uint32(b.insts[pc].Out)+uint32(b.base[b.owner[pc]]))
				}
			}
			b.work += len(cons)
			row[c] = b.state(b.settle(to, matched), false)
		}
		b.next = append(b.next, row)
	}
	return len(b.sets) <= b.maxStates
}

// settle is the thread set after a step: to, plus a marker for each
// policy matched (an unanchored program matched before the end), plus the
// start of each unanchored program (MatchString tries every position);
// the threads of a matched policy are dropped, as it stays matched.
func (b *dfaBuilder) settle(to []uint32, matched []int) []uint32 {
	done := map[int]bool{}
	for _, k := range matched {
		done[k] = true
		to = append(to, uint32(len(b.insts)+k))
	}
	for k, p := range b.pols {
		if !done[k] && p.prog.StartCond()&syntax.EmptyBeginText == 0 {
			to = append(to, uint32(b.base[k]+p.prog.Start))
		}
	}
	if len(done) > 0 {
		to = slices.DeleteFunc(to, func(t uint32) bool { return int(t) < len(b.insts) && done[b.owner[t]] })
	}
	slices.Sort(to)
	return slices.Compact(to)
}

// state returns the number of the state with these threads, adding it.
func (b *dfaBuilder) state(threads []uint32, begin bool) int {
	key := make([]byte, 1, 1+4*len(threads))
	if begin {
		key[0] = 1
	}
	for _, t := range threads {
		key = binary.LittleEndian.AppendUint32(key, t)
	}
	if s, ok := b.index[string(key)]; ok {
		return s
	}
	s := len(b.sets)
	b.index[string(key)] = s
	b.sets, b.begin = append(b.sets, threads), append(b.begin, begin)
	return s
}

// closure follows the empty transitions from threads, where \A holds when
// begin and \z when end, and returns the consuming instructions reached
// (ascending) and the policies matched (by a Match reached, or a marker).
func (b *dfaBuilder) closure(threads []uint32, begin, end bool) (cons []int, matched []int) {
	b.stamp++
	var stack []int
	for _, t := range threads {
		if int(t) >= len(b.insts) {
			matched = append(matched, int(t)-len(b.insts))
			continue
		}
		stack = append(stack, int(t))
	}
	for len(stack) > 0 {
		pc := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if b.mark[pc] == b.stamp {
			continue
		}
		b.mark[pc] = b.stamp
		b.work++
		in, base := b.insts[pc], b.base[b.owner[pc]]
		switch in.Op {
		case syntax.InstAlt, syntax.InstAltMatch:
			stack = append(stack, base+int(in.Arg), base+int(in.Out))
		case syntax.InstCapture, syntax.InstNop:
			stack = append(stack, base+int(in.Out))
		case syntax.InstEmptyWidth:
			need := syntax.EmptyOp(in.Arg)
			if (need&syntax.EmptyBeginText == 0 || begin) && (need&syntax.EmptyEndText == 0 || end) {
				stack = append(stack, base+int(in.Out))
			}
		case syntax.InstMatch:
			matched = append(matched, b.owner[pc])
		case syntax.InstFail:
		default:
			cons = append(cons, pc)
		}
	}
	slices.Sort(cons)
	return cons, matched
}

// accept is, per operation, the lowest policy a name ending in state s
// matches and that is enabled for it; noPolicy (^0) for none.
func (b *dfaBuilder) accept(s int) [runtime.NumOps]uint32 {
	var a [runtime.NumOps]uint32
	for op := range a {
		a[op] = ^uint32(0)
	}
	_, matched := b.closure(b.sets[s], b.begin[s], true)
	for _, k := range matched {
		p := b.pols[k]
		for op := range a {
			if p.ops&(1<<op) != 0 {
				a[op] = min(a[op], p.index)
			}
		}
	}
	return a
}

func (b *dfaBuilder) acceptAll() [][runtime.NumOps]uint32 {
	acc := make([][runtime.NumOps]uint32, len(b.sets))
	for s := range acc {
		acc[s] = b.accept(s)
	}
	return acc
}

// minimise merges equivalent states by Moore's partition refinement:
// states start apart by what they accept and are split by the blocks of
// their successors until no block splits. Block 0 holds the dead state.
// It returns false past maxPolicyWork (the automaton is then kept as
// built, correct but larger).
func (b *dfaBuilder) minimise() (next [][]int, accept [][runtime.NumOps]uint32, start int, ok bool) {
	acc := b.acceptAll()
	n := len(b.sets)
	block := make([]int, n)
	count := refine(block, func(s int, key []byte) []byte {
		for _, p := range acc[s] {
			key = binary.LittleEndian.AppendUint32(key, p)
		}
		return key
	})
	for {
		b.work += n * len(b.reps)
		if b.work > maxPolicyWork {
			return nil, nil, 0, false
		}
		old := slices.Clone(block)
		c := refine(block, func(s int, key []byte) []byte {
			key = binary.LittleEndian.AppendUint32(key, uint32(old[s]))
			for _, t := range b.next[s] {
				key = binary.LittleEndian.AppendUint32(key, uint32(old[t]))
			}
			return key
		})
		if c == count {
			break
		}
		count = c
	}
	next = make([][]int, count)
	accept = make([][runtime.NumOps]uint32, count)
	for s := range n {
		if next[block[s]] == nil {
			row := make([]int, len(b.reps))
			for c, t := range b.next[s] {
				row[c] = block[t]
			}
			next[block[s]], accept[block[s]] = row, acc[s]
		}
	}
	return next, accept, block[1], true
}

// refine numbers the states' blocks by their keys, in order of first
// appearance (so state 0 is in block 0), and returns how many there are.
func refine(block []int, key func(s int, key []byte) []byte) int {
	ids := map[string]int{}
	var k []byte
	for s := range block {
		k = key(s, k[:0])
		id, ok := ids[string(k)]
		if !ok {
			id = len(ids)
			ids[string(k)] = id
		}
		block[s] = id
	}
	return len(ids)
}

// automaton writes the runtime form, merging classes whose columns agree.
func (b *dfaBuilder) automaton(next [][]int, accept [][runtime.NumOps]uint32, start int) *runtime.PolicyAutomaton {
	col := map[string]int{}
	merged := make([]int, len(b.reps)) // old class -> new
	var key []byte
	for c := range b.reps {
		key = key[:0]
		for s := range next {
			key = binary.LittleEndian.AppendUint32(key, uint32(next[s][c]))
		}
		id, ok := col[string(key)]
		if !ok {
			id = len(col)
			col[string(key)] = id
		}
		merged[c] = id
	}
	a := &runtime.PolicyAutomaton{Classes: uint32(len(col)), Start: uint32(start)}
	for _, p := range b.pols {
		a.Policies = append(a.Policies, p.index)
	}
	slices.Sort(a.Policies)
	a.ASCII, a.RuneStarts, a.RuneClasses = b.classTables(merged)
	a.Next = make([]uint16, len(next)*len(col))
	for s, row := range next {
		for c, t := range row {
			a.Next[s*len(col)+merged[c]] = uint16(t)
		}
	}
	for _, acc := range accept {
		a.Accept = append(a.Accept, acc[:]...)
	}
	return a
}

// classTables writes the class of each ASCII rune, and of the runes from
// 0x80 up by ranges, adjacent intervals of one class joined.
func (b *dfaBuilder) classTables(merged []int) (ascii string, starts []uint32, classes string) {
	var asc, cls []byte
	for i, lo := range b.bounds {
		c := byte(merged[b.classOf[i]])
		hi := unicode.MaxRune + 1
		if i+1 < len(b.bounds) {
			hi = b.bounds[i+1]
		}
		if lo < utf8.RuneSelf {
			for r := lo; r < hi && r < utf8.RuneSelf; r++ {
				asc = append(asc, c)
			}
			continue
		}
		if len(cls) == 0 || cls[len(cls)-1] != c {
			starts, cls = append(starts, uint32(lo)), append(cls, c)
		}
	}
	return string(asc), starts, string(cls)
}
