//go:build (amd64 || arm64 || 386 || ppc64le || loong64) && !purego

package runtime_test

// namesInPlace: the exact-name table a plan carries is adopted here (the
// records' bytes are their memory order: see runtime/plannames.go).
const namesInPlace = true
