package runtime

import "unsafe"

// A State is its StateStride words of Compact.States in order (Tails,
// Terms, TailACL, TermACL), and a DestACL entry its NumOps words, so
// that NewMatcher reads both columns in place where the platform allows
// (wordsInPlace): a decoded plan's columns are its bytes, and at 100,000
// wildcard-heavy destinations the states alone were 12 MB of fresh
// memory per load.
var _ = [1]struct{}{}[unsafe.Sizeof(State{})-uintptr(StateStride)*4]
var _ = [1]struct{}{}[unsafe.Offsetof(State{}.Terms)-8]
var _ = [1]struct{}{}[unsafe.Offsetof(State{}.TailACL)-16]
var _ = [1]struct{}{}[unsafe.Offsetof(State{}.TermACL)-16-4*uintptr(NumOps)]

// statesOf returns the states of Compact.States, whole records only.
func statesOf(words []uint32) []State {
	n := len(words) / StateStride
	if wordsInPlace && n > 0 {
		return unsafe.Slice((*State)(unsafe.Pointer(unsafe.SliceData(words))), n)
	}
	states := make([]State, n)
	for i := range states {
		f := words[i*StateStride:]
		st := State{Tails: ListRef{f[0], f[1]}, Terms: ListRef{f[2], f[3]}}
		copy(st.TailACL[:], f[4:])
		copy(st.TermACL[:], f[4+NumOps:])
		states[i] = st
	}
	return states
}

// destACLOf returns Compact.DestACL as one entry per destination.
func destACLOf(words []uint32) [][NumOps]uint32 {
	n := len(words) / int(NumOps)
	if wordsInPlace && n > 0 {
		return unsafe.Slice((*[NumOps]uint32)(unsafe.Pointer(unsafe.SliceData(words))), n)
	}
	acl := make([][NumOps]uint32, n)
	for i := range acl {
		acl[i] = [NumOps]uint32(words[i*int(NumOps):])
	}
	return acl
}
