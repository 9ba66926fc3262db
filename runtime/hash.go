package runtime

import "math/bits"

// Hash is the string hash every generated table is built and probed with.
// The generator computes it at generation time and generated code at run
// time, so its definition is part of the runtime's Version: changing it
// must bump Version.
//
// It is wyhash's structure: 16 bytes per 64x64->128-bit multiply, folded,
// with byte loads the compiler merges into single 8-byte loads. A 16-byte
// name costs two multiplies, a 32-byte one three.
func Hash(s string, seed uint64) uint64 {
	n := len(s)
	seed ^= hashK0
	var a, b uint64
	switch {
	case n > 16:
		// 16 bytes per multiply, then the last 16 (overlapping) below.
		p := s
		for len(p) > 16 {
			seed = mix(load64(p)^hashK1, load64(p[8:])^seed)
			p = p[16:]
		}
		a, b = load64(s[n-16:]), load64(s[n-8:])
	case n >= 8:
		a, b = load64(s), load64(s[n-8:])
	case n >= 4:
		a, b = uint64(load32(s)), uint64(load32(s[n-4:]))
	case n > 0:
		a = uint64(s[0])<<16 | uint64(s[n>>1])<<8 | uint64(s[n-1])
	}
	return mix(mix(a^hashK1, b^seed)^hashK2, uint64(n)^hashK3) | 1 // never 0: 0 marks an empty slot
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
