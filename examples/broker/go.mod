module example.com/broker

go 1.26

tool github.com/destgen/destgen/cmd/destgen

require github.com/destgen/destgen v0.0.0

require github.com/dave/jennifer v1.7.1 // indirect

// The module is not published: build against this repository. A broker
// outside it would drop this line and run
// `go get -tool github.com/destgen/destgen/cmd/destgen@latest`.
replace github.com/destgen/destgen => ../..
