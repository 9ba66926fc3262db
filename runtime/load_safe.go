//go:build purego || !(amd64 || arm64 || 386 || ppc64le || loong64)

package runtime

// On architectures that trap on, or are slow at, unaligned loads, or are
// big-endian, and under the purego tag (which CI tests), words are
// assembled from bytes: the same little-endian values as load_fast.go, so
// both builds compute the same hashes and comparisons.

func loadAt(s string, i int) uint64 { return word64(s[i:]) }

func load32At(s string, i int) uint32 { return word32(s[i:]) }

// copyWords fills dst, 2, 4 or 8 bytes per element, from the
// little-endian bytes src (exactly as many), word by word (see
// load_fast.go).
func copyWords[W uint16 | uint32 | int32 | uint64](dst []W, src string) {
	size := len(src) / max(len(dst), 1)
	for i := range dst {
		switch size {
		case 8:
			dst[i] = W(le64(src, 8*i))
		case 4:
			dst[i] = W(le32(src, 4*i))
		default:
			dst[i] = W(uint16(src[2*i]) | uint16(src[2*i+1])<<8)
		}
	}
}

// wordsInPlace: aliasWords never shares bytes here.
const wordsInPlace = false

// aliasWords never shares the bytes here: they may not be the words'
// memory order (see load_fast.go), so wordsOf copies them.
func aliasWords[W uint16 | uint32 | int32 | uint64](src string, count int) ([]W, bool) {
	return nil, false
}
