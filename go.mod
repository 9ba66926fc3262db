module github.com/destgen/destgen

go 1.26

require github.com/dave/jennifer v1.7.1

require github.com/leanovate/gopter v0.2.11
