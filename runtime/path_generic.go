//go:build purego || !amd64

package runtime

// scan16to64 returns the bitmaps of the '.' bytes and of the '*' and '>'
// bytes (the latter only non-zero if there are any) of a name of 16 to 64
// bytes: here scanWords, on amd64 SSE2 (path_amd64.s).
func scan16to64(name string) (dots, wild uint64) {
	wild, dots = scanWords(name)
	return dots, wild
}
