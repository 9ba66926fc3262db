package runtime

import "math/bits"

// Hash is the string hash every runtime table is built and probed with.
// Tables are built at package initialisation from the generated data, so
// the hash never appears in generated code; it can change freely.
//
// It is wyhash's folded 64x64->128-bit multiply over 8-byte words loaded
// at offsets derived from the length (overlapping for the last word), with
// the multiplies of a name of up to 32 bytes independent of each other, so
// their latencies overlap: a lookup's cost is its chain of dependent steps
// (load the name, hash, load the slot, compare), and the hash is the
// longest link.
func Hash(s string, seed uint64) uint64 {
	n := len(s)
	seed ^= hashK0
	switch {
	case n > 64:
		return hashLong(s, seed)
	case n > 32:
		return hash33to64(s, seed)
	case n > 16:
		return hash17to32(s, seed)
	case n >= 8:
		// The length is mixed in, spread by a multiply, because the two
		// words overlap: "aaaaaaaa" and "aaaaaaaaa" load the same words.
		return mix(loadAt(s, 0)^hashK1, loadAt(s, n-8)^seed^uint64(n)*hashK2) | 1
	case n >= 4:
		a := uint64(load32At(s, 0))<<32 | uint64(load32At(s, n-4))
		return mix(a^hashK1, seed^uint64(n)*hashK2) | 1
	case n > 0:
		a := uint64(s[0])<<16 | uint64(s[n>>1])<<8 | uint64(s[n-1]) | uint64(n)<<32
		return mix(a^hashK1, seed) | 1
	}
	return mix(hashK1, seed) | 1 // never 0: 0 marks an empty slot
}

// hash17to32 is Hash of 17 to 32 bytes (seed already mixed with hashK0):
// two independent multiplies. It is small enough to inline, so that a
// table's probe can compute the common sizes without a call.
func hash17to32(s string, seed uint64) uint64 {
	n := len(s)
	return mix(loadAt(s, 0)^hashK1, loadAt(s, 8)^seed) ^
		mix(loadAt(s, n-16)^hashK2, loadAt(s, n-8)^seed^uint64(n)*hashK3) | 1
}

// hash33to64 is Hash of 33 to 64 bytes: four independent multiplies over
// the first and last 32 bytes.
func hash33to64(s string, seed uint64) uint64 {
	n := len(s)
	return mix(loadAt(s, 0)^hashK1, loadAt(s, 8)^seed) ^
		mix(loadAt(s, 16)^hashK2, loadAt(s, 24)^seed) ^
		mix(loadAt(s, n-32)^hashK3, loadAt(s, n-24)^seed) ^
		mix(loadAt(s, n-16)^hashK2, loadAt(s, n-8)^seed^uint64(n)*hashK3) | 1
}

// hashLong is Hash of a name over 64 bytes: one multiply per 16 bytes,
// each with a constant of its position and none waiting for another, two
// per step, then the last 32 bytes (overlapping) with the length. A chain
// of multiplies, each taking the previous one's result, cost 6 to 8
// multiplies' latency on the 60-150-byte names of the benchmarks' events
// and long families; two independent ones per 32 bytes took the exact
// table's hits there from 25.8 to 22.0 ns at 1k names and from 52.6 to
// 36.3 at 10k (thread CPU time, min of 4).
func hashLong(s string, seed uint64) uint64 {
	n := len(s)
	h := mix(loadAt(s, n-16)^hashK2, loadAt(s, n-8)^seed^uint64(n)*hashK3)
	g := mix(loadAt(s, n-32)^hashK1^uint64(n-32)*hashK2, loadAt(s, n-24)^seed)
	p := 0
	for ; p+48 < n; p += 32 {
		h ^= mix(loadAt(s, p)^hashK1^uint64(p)*hashK2, loadAt(s, p+8)^seed)
		g ^= mix(loadAt(s, p+16)^hashK3^uint64(p)*hashK2, loadAt(s, p+24)^seed)
	}
	// At most 48 bytes are left, the last 32 of them hashed above.
	if p+32 < n {
		h ^= mix(loadAt(s, p)^hashK1^uint64(p)*hashK2, loadAt(s, p+8)^seed)
	}
	return h ^ g | 1
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
