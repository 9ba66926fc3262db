//go:build purego || !(amd64 || arm64 || 386 || ppc64le || loong64)

package runtime_test

// namesInPlace: the exact-name table a plan carries is built again here
// (see runtime/plannames.go).
const namesInPlace = false
