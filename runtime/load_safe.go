//go:build purego || !(amd64 || arm64 || 386 || ppc64le || loong64)

package runtime

// On architectures that trap on, or are slow at, unaligned loads, or are
// big-endian, and under the purego tag (which CI tests), words are
// assembled from bytes: the same little-endian values as load_fast.go, so
// both builds compute the same hashes and comparisons.

func loadAt(s string, i int) uint64 { return word64(s[i:]) }

func load32At(s string, i int) uint32 { return word32(s[i:]) }
