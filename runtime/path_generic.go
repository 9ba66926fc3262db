//go:build purego || !amd64

package runtime

// scan16to64 returns, for a name of 16 to 64 bytes, the bitmap of its '.'
// bytes and a word that is non-zero if it has a '*' or a '>': here
// scanWords, on amd64 the same with SSE2 (path_amd64.go).
func scan16to64(name string) (dots, wild uint64) { return scanWords(name) }
