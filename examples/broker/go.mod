module example.com/broker

go 1.26.0

tool github.com/destgen/destgen/cmd/destgen

require github.com/destgen/destgen v0.0.0

require (
	github.com/aclements/go-moremath v0.0.0-20210112150236-f10218a38794 // indirect
	github.com/dave/jennifer v1.7.1 // indirect
	golang.org/x/perf v0.0.0-20260908200009-22c9c6c9d4da // indirect
)

// The module is not published: build against this repository. A broker
// outside it would drop this line and run
// `go get -tool github.com/destgen/destgen/cmd/destgen@latest`.
replace github.com/destgen/destgen => ../..
