module github.com/destgen/destgen

go 1.26.0

require github.com/dave/jennifer v1.7.1

require github.com/leanovate/gopter v0.2.11

require (
	github.com/aclements/go-moremath v0.0.0-20210112150236-f10218a38794 // indirect
	golang.org/x/perf v0.0.0-20260908200009-22c9c6c9d4da
)
