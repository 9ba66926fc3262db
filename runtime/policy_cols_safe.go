//go:build purego || !(amd64 || arm64 || 386 || ppc64le || loong64)

package runtime

// colAt returns cols[off+s] (see policy_cols_fast.go), bounds checked.
func colAt(cols []uint16, off uint32, s uint16) uint16 { return cols[int(off)+int(s)] }
