package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const sample = `# a comment
name: one
what: compares too little
file: a.go
- if a == b {
+ if true {

name: twice
what: both copies
file: b.go
test: ./x/
-* x := 1
+ x := 2
- y := 3
+ y := 4
`

func TestParseAndApply(t *testing.T) {
	ms, err := parse("sample", strings.NewReader(sample))
	if err != nil {
		t.Fatal(err)
	}
	if len(ms) != 2 || ms[0].Test != defaultTest || ms[1].Test != "./x/" || len(ms[1].Edits) != 2 || !ms[1].Edits[0].All {
		t.Fatalf("parsed %+v", ms)
	}
	got, err := ms[0].apply([]byte("func f() {\n\tif a == b {\n\t}\n}"))
	if err != nil || string(got) != "func f() {\n\tif true {\n\t}\n}" {
		t.Fatalf("apply = %q, %v", got, err)
	}
	got, err = ms[1].apply([]byte("\tx := 1\n  x := 1\ny := 3"))
	if err != nil || string(got) != "\tx := 2\n  x := 2\ny := 4" {
		t.Fatalf("apply = %q, %v", got, err)
	}
	for _, src := range []string{"if a == b {\nif a == b {", "if a != b {"} {
		if _, err := ms[0].apply([]byte(src)); err == nil {
			t.Errorf("apply to %q: no error; want one (the line must occur once)", src)
		}
	}
}

func TestParseErrors(t *testing.T) {
	for _, bad := range []string{
		"name: a\nwhat: w\nfile: f\n- x\n",                                             // '-' without '+'
		"name: a\nwhat: w\nfile: f\n+ x\n",                                             // '+' without '-'
		"name: a\nfile: f\n- x\n+ y\n",                                                 // no what
		"name: a\nwhat: w\nfile: f\nbogus\n- x\n+ y\n",                                 // unknown line
		"name: a\nwhat: w\nfile: f\n- x\n+ y\n\nname: a\nwhat: w\nfile: f\n- x\n+ y\n", // twice
	} {
		if _, err := parse("bad", strings.NewReader(bad)); err == nil {
			t.Errorf("parse(%q): no error", bad)
		}
	}
}

// TestListParses keeps the checked-in list well formed.
func TestListParses(t *testing.T) {
	ms, err := parseFile("mutants.txt")
	if err != nil {
		t.Fatal(err)
	}
	if len(ms) < 25 {
		t.Errorf("%d mutants; the list should cover every fast path", len(ms))
	}
}

// TestListApplies keeps the list following the code: every mutant's
// lines occur in its file as apply needs them (exactly once, or at least
// once where marked all), so a change that moves or rewrites a mutated
// line fails here, in make test, instead of in the next mutants run.
func TestListApplies(t *testing.T) {
	ms, err := parseFile("mutants.txt")
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range ms {
		src, err := os.ReadFile(filepath.Join("..", "..", m.File))
		if err != nil {
			t.Errorf("mutants.txt:%d: %s: %v", m.Line, m.Name, err)
			continue
		}
		if _, err := m.apply(src); err != nil {
			t.Errorf("mutants.txt:%d: %s: %v", m.Line, m.Name, err)
		}
	}
}
