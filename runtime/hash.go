package runtime

import "math/bits"

// Hash is the string hash every generated table is built and probed with.
// The generator computes it at generation time and generated code at run
// time, so its definition is part of the runtime's Version: changing it
// must bump Version.
//
// It is wyhash's mixing (a 64x64->128-bit multiply folded) over 8-byte
// words, which the compiler turns into single loads: a few ns for a typical
// 20-40 byte destination name, against the Go map's aeshash plus its
// generic probing.
func Hash(s string, seed uint64) uint64 {
	h := seed ^ uint64(len(s))*hashK0
	for len(s) > 8 {
		h = mix(h^load64(s), hashK1)
		s = s[8:]
	}
	switch {
	case len(s) >= 4:
		lo := uint64(load32(s))
		hi := uint64(load32(s[len(s)-4:]))
		h = mix(h^(lo|hi<<32), hashK2)
	case len(s) > 0:
		w := uint64(s[0]) | uint64(s[len(s)/2])<<8 | uint64(s[len(s)-1])<<16
		h = mix(h^w, hashK2)
	}
	return mix(h, hashK3) | 1 // never 0: 0 marks an empty table slot
}

// EdgeHash is the hash of a trie edge: an element leaving a node. Seeding
// the element's hash with the node makes the pair one key without a second
// mixing step.
func EdgeHash(elem string, node uint32) uint64 {
	return Hash(elem, ElemSeed^uint64(node)*hashK3)
}

const (
	hashK0 = 0xa0761d6478bd642f
	hashK1 = 0xe7037ed1a0b428db
	hashK2 = 0x8ebc6af09c88c6e3
	hashK3 = 0x589965cc75374cc3
)

func mix(a, b uint64) uint64 {
	hi, lo := bits.Mul64(a, b)
	return hi ^ lo
}

func load64(s string) uint64 {
	_ = s[7]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}

func load32(s string) uint32 {
	_ = s[3]
	return uint32(s[0]) | uint32(s[1])<<8 | uint32(s[2])<<16 | uint32(s[3])<<24
}
