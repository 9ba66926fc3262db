// Package example is the code destgen generates from examples/realm.json,
// checked in so that its freshness, behaviour and speed are tested.
package example

//go:generate go run ../../cmd/destgen -config ../../examples/realm.json -o example_gen.go
