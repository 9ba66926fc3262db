// Package bench measures destgen's generated code against the peers a
// broker author would otherwise use: a Go map, the NATS server's subject
// trie (gsl) with a precedence pick, the reference interpreter, and
// Broker-J's regexp-per-policy loop. See README.md.
//
// The benchmarks and tests live in this package's _test.go files; the
// generated packages they measure are written by `make bench-gen` under
// gen/ and imported by the generated generated_test.go; `go generate` here
// writes the CI-sized set.
package bench

//go:generate go run ./cmd/benchgen -set ci
