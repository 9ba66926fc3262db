// Command mutants plants each hand-written mutant of mutants.txt, one at a
// time, in a copy of the repository and runs the tests that should kill
// it: a mutant the tests pass is a bug they would miss. It prints a table
// of the mutants, killed or survived, and exits 1 when one survived or
// could not be applied (its text no longer occurs exactly once, or the
// mutated code does not build: the list must follow the code).
//
// It assumes it runs from the repository (go run ./internal/mutants, or
// make mutants) and that git is installed: the copy holds the files git
// tracks and untracked ones it does not ignore, so uncommitted work is
// tested too.
//
//	go run ./internal/mutants                 # every mutant, its own packages
//	go run ./internal/mutants -run 'edge|exact'  # those whose name matches
//	go run ./internal/mutants -all            # go test ./... for each
//	go run ./internal/mutants -full           # without -short
//
// Tests run with -short unless -full: a mutant killed then is killed by
// the full run too, in a fraction of the time.
package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"time"
)

// defaultTest are the packages run for a mutant that names none: the
// runtime's own tests and the plans against the reference interpreter
// (the fuzz targets' seeds, in ./fuzz/, add a minute of building per
// mutant and are named where they are needed).
const defaultTest = "./runtime/ ./gen/plan/"

// testTimeout bounds one mutant's test run: a mutant can make a loop
// endless (go test's own -timeout then fails it, which counts as killed).
const testTimeout = 10 * time.Minute

// Mutant is one planted bug.
type Mutant struct {
	Name, What, File, Test string
	Edits                  []Edit
	Line                   int // in mutants.txt, for messages
}

// Edit replaces the one line holding Old (trimmed) by New, indented alike;
// with All, every such line (code written out twice, as the paired walks
// are).
type Edit struct {
	Old, New string
	All      bool
}

func main() {
	list := flag.String("list", "internal/mutants/mutants.txt", "the mutants file")
	run := flag.String("run", "", "only mutants whose name matches this regexp")
	all := flag.Bool("all", false, "run go test ./... for each mutant instead of its packages")
	keep := flag.Bool("keep", false, "keep the copy of the repository (its path is printed)")
	full := flag.Bool("full", false, "run the tests without -short (slower: the exhaustive tests at full size)")
	flag.Parse()
	mutants, err := parseFile(*list)
	if err != nil {
		fail(err)
	}
	if *run != "" {
		re, err := regexp.Compile(*run)
		if err != nil {
			fail(err)
		}
		mutants = filter(mutants, re)
	}
	dir, err := copyRepo()
	if err != nil {
		fail(err)
	}
	if *keep {
		fmt.Println("copy:", dir)
	} else {
		defer os.RemoveAll(dir)
	}
	bad := 0
	fmt.Printf("%-22s %-28s %-9s %6s  %s\n", "mutant", "file", "result", "time", "what")
	for _, m := range mutants {
		start := time.Now()
		result, detail := runMutant(dir, m, *all, !*full)
		fmt.Printf("%-22s %-28s %-9s %5.0fs  %s\n", m.Name, m.File, result, time.Since(start).Seconds(), m.What)
		if result != "killed" {
			bad++
			fmt.Println(indent(detail))
		}
	}
	fmt.Printf("\n%d mutants, %d killed, %d survived or not applied\n", len(mutants), len(mutants)-bad, bad)
	if bad > 0 {
		os.Exit(1)
	}
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "mutants:", err)
	os.Exit(2)
}

func filter(ms []Mutant, re *regexp.Regexp) []Mutant {
	var out []Mutant
	for _, m := range ms {
		if re.MatchString(m.Name) {
			out = append(out, m)
		}
	}
	return out
}

func indent(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	if len(lines) > 15 {
		lines = append(lines[:15], "...")
	}
	return "    " + strings.Join(lines, "\n    ")
}

// parseFile reads a mutants file (format in its header comment).
func parseFile(path string) ([]Mutant, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return parse(path, f)
}

func parse(path string, r io.Reader) ([]Mutant, error) {
	var out []Mutant
	var cur *Mutant
	seen := map[string]bool{}
	finish := func() error {
		if cur == nil {
			return nil
		}
		m := *cur
		cur = nil
		switch {
		case m.Name == "" || m.File == "" || m.What == "":
			return fmt.Errorf("%s:%d: mutant without name, what or file", path, m.Line)
		case len(m.Edits) == 0 || m.Edits[len(m.Edits)-1].New == "\x00":
			return fmt.Errorf("%s:%d: mutant %s: every '-' line needs a '+' line", path, m.Line, m.Name)
		case seen[m.Name]:
			return fmt.Errorf("%s:%d: mutant %s listed twice", path, m.Line, m.Name)
		}
		seen[m.Name] = true
		if m.Test == "" {
			m.Test = defaultTest
		}
		out = append(out, m)
		return nil
	}
	sc := bufio.NewScanner(r)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if strings.HasPrefix(line, "#") {
			continue
		}
		if strings.TrimSpace(line) == "" {
			if err := finish(); err != nil {
				return nil, err
			}
			continue
		}
		if cur == nil {
			cur = &Mutant{Line: n}
		}
		if err := cur.add(line); err != nil {
			return nil, fmt.Errorf("%s:%d: %v", path, n, err)
		}
	}
	if err := finish(); err != nil {
		return nil, err
	}
	return out, sc.Err()
}

// add reads one line of a mutant's block.
func (m *Mutant) add(line string) error {
	key, val, _ := strings.Cut(line, " ")
	val = strings.TrimSpace(val)
	switch key {
	case "name:":
		m.Name = val
	case "what:":
		m.What = val
	case "file:":
		m.File = val
	case "test:":
		m.Test = val
	case "-", "-*":
		if len(m.Edits) > 0 && m.Edits[len(m.Edits)-1].New == "\x00" {
			return errors.New("two '-' lines in a row")
		}
		m.Edits = append(m.Edits, Edit{Old: val, New: "\x00", All: key == "-*"})
	case "+":
		if len(m.Edits) == 0 || m.Edits[len(m.Edits)-1].New != "\x00" {
			return errors.New("'+' line without a '-' line")
		}
		m.Edits[len(m.Edits)-1].New = val
	default:
		return fmt.Errorf("unknown line %q", line)
	}
	return nil
}

// apply returns src with m's edits made, or an error when a line to
// replace does not occur exactly once.
func (m *Mutant) apply(src []byte) ([]byte, error) {
	lines := strings.Split(string(src), "\n")
	for _, e := range m.Edits {
		var at []int
		for i, l := range lines {
			if strings.TrimSpace(l) == e.Old {
				at = append(at, i)
			}
		}
		switch {
		case len(at) == 0:
			return nil, fmt.Errorf("%q does not occur in %s (update the mutant)", e.Old, m.File)
		case len(at) > 1 && !e.All:
			return nil, fmt.Errorf("%q occurs %d times in %s (use '-*' to change them all)", e.Old, len(at), m.File)
		}
		for _, i := range at {
			l := lines[i]
			lines[i] = l[:len(l)-len(strings.TrimLeft(l, " \t"))] + e.New
		}
	}
	return []byte(strings.Join(lines, "\n")), nil
}

// runMutant plants m in the copy at dir, runs its tests and restores the
// file. The result is "killed", "survived" or "invalid".
func runMutant(dir string, m Mutant, all, short bool) (result, detail string) {
	path := filepath.Join(dir, m.File)
	orig, err := os.ReadFile(path)
	if err != nil {
		return "invalid", err.Error()
	}
	mutated, err := m.apply(orig)
	if err != nil {
		return "invalid", err.Error()
	}
	if err := os.WriteFile(path, mutated, 0o644); err != nil {
		return "invalid", err.Error()
	}
	defer os.WriteFile(path, orig, 0o644)
	pkgs := strings.Fields(m.Test)
	if all {
		pkgs = []string{"./..."}
	}
	if out, err := goCmd(dir, append([]string{"vet"}, pkgs...)...); err != nil {
		return "invalid", "does not build or vet:\n" + out
	}
	args := []string{"test", "-count=1", "-timeout", testTimeout.String()}
	if short {
		args = append(args, "-short")
	}
	out, err := goCmd(dir, append(args, pkgs...)...)
	if err == nil {
		return "survived", "go test " + strings.Join(pkgs, " ") + " passed"
	}
	return "killed", out
}

func goCmd(dir string, args ...string) (string, error) {
	ctx, cancel := context.WithTimeout(context.Background(), testTimeout+time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "go", args...)
	cmd.Dir = dir
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	return out.String(), err
}

// copyRepo copies the repository's files (tracked, and untracked but not
// ignored) to a new temporary directory.
func copyRepo() (string, error) {
	top, err := exec.Command("git", "rev-parse", "--show-toplevel").Output()
	if err != nil {
		return "", fmt.Errorf("git rev-parse: %v (run from the repository)", err)
	}
	root := strings.TrimSpace(string(top))
	ls := exec.Command("git", "ls-files", "-z", "--cached", "--others", "--exclude-standard")
	ls.Dir = root
	out, err := ls.Output()
	if err != nil {
		return "", fmt.Errorf("git ls-files: %v", err)
	}
	dir, err := os.MkdirTemp("", "destgen-mutants-")
	if err != nil {
		return "", err
	}
	for _, f := range strings.Split(strings.TrimRight(string(out), "\x00"), "\x00") {
		src := filepath.Join(root, f)
		data, err := os.ReadFile(src)
		if errors.Is(err, os.ErrNotExist) {
			continue // deleted in the work tree
		}
		if err != nil {
			return "", err
		}
		info, err := os.Stat(src)
		if err != nil {
			return "", err
		}
		dst := filepath.Join(dir, f)
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			return "", err
		}
		if err := os.WriteFile(dst, data, info.Mode().Perm()); err != nil {
			return "", err
		}
	}
	return dir, nil
}
