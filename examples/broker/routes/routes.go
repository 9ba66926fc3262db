// Package routes is this broker's destination table, compiled from
// realm.json by destgen. Run `go generate ./...` after editing realm.json.
// -tests also writes routes_gen_test.go: a property test and a fuzz target
// against destgen's reference interpreter, and the benchmarks that
// benchci/benchci.sh compares between a pull request's base and head.
package routes

//go:generate go tool destgen -config realm.json -o routes_gen.go -tests
