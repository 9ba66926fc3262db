package seedcorpus

import (
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// corpusHeader opens every file of Go's fuzz corpus format.
const corpusHeader = "go test fuzz v1"

// exportCorpus writes every file of the Go-format corpus in src (absent:
// nothing) to dir, encoded as Encode does.
func exportCorpus(dir, src string) error {
	files, err := os.ReadDir(src)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	for _, f := range files {
		text, err := os.ReadFile(filepath.Join(src, f.Name()))
		if err != nil {
			return err
		}
		args, err := ParseGoCorpus(string(text))
		if err != nil {
			return fmt.Errorf("%s: %v", filepath.Join(src, f.Name()), err)
		}
		if data, ok := Encode(args...); ok {
			if err := write(dir, data); err != nil {
				return err
			}
		}
	}
	return nil
}

// ParseGoCorpus reads one file of Go's fuzz corpus format: the header,
// then one value per line, such as []byte("a\x00"), string("b"),
// uint64(7), byte('c'), bool(true).
func ParseGoCorpus(text string) ([]any, error) {
	lines := strings.Split(strings.TrimRight(text, "\n"), "\n")
	if len(lines) == 0 || lines[0] != corpusHeader {
		return nil, errors.New("not a Go fuzz corpus file")
	}
	var args []any
	for _, l := range lines[1:] {
		v, err := parseValue(l)
		if err != nil {
			return nil, fmt.Errorf("%q: %v", l, err)
		}
		args = append(args, v)
	}
	return args, nil
}

func parseValue(line string) (any, error) {
	e, err := parser.ParseExpr(line)
	if err != nil {
		return nil, err
	}
	call, ok := e.(*ast.CallExpr)
	if !ok || len(call.Args) != 1 {
		return nil, errors.New("not a conversion")
	}
	typ := typeName(call.Fun)
	if typ == "bool" {
		if id, ok := call.Args[0].(*ast.Ident); ok && (id.Name == "true" || id.Name == "false") {
			return id.Name == "true", nil
		}
		return nil, errors.New("bad bool")
	}
	arg, sign := call.Args[0], ""
	if u, ok := arg.(*ast.UnaryExpr); ok && u.Op == token.SUB {
		arg, sign = u.X, "-"
	}
	lit, ok := arg.(*ast.BasicLit)
	if !ok {
		return nil, errors.New("argument is not a literal")
	}
	switch typ {
	case "[]byte", "string":
		if lit.Kind != token.STRING {
			return nil, errors.New("not a string literal")
		}
		s, err := strconv.Unquote(lit.Value)
		if typ == "[]byte" {
			return []byte(s), err
		}
		return s, err
	case "byte", "uint8":
		if lit.Kind == token.CHAR {
			r, _, _, err := strconv.UnquoteChar(lit.Value[1:len(lit.Value)-1], '\'')
			return byte(r), err
		}
		n, err := strconv.ParseUint(lit.Value, 0, 8)
		return byte(n), err
	case "uint64":
		return strconv.ParseUint(lit.Value, 0, 64)
	case "int64", "int":
		n, err := strconv.ParseInt(sign+lit.Value, 0, 64)
		if typ == "int" {
			return int(n), err
		}
		return n, err
	}
	return nil, fmt.Errorf("type %s is not supported", typ)
}

func typeName(e ast.Expr) string {
	switch t := e.(type) {
	case *ast.Ident:
		return t.Name
	case *ast.ArrayType:
		if id, ok := t.Elt.(*ast.Ident); ok && t.Len == nil {
			return "[]" + id.Name
		}
	}
	return ""
}
