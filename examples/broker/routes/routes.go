// Package routes is this broker's destination table, compiled from
// realm.json by destgen. Run `go generate ./...` after editing realm.json.
package routes

//go:generate go tool destgen -config realm.json -o routes_gen.go
