package proptest

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	goruntime "runtime"
	"strconv"
	"strings"

	"github.com/destgen/destgen/gen"
	"github.com/destgen/destgen/gen/config"
	"github.com/destgen/destgen/gen/model"
	"github.com/destgen/destgen/gen/reference"
	"github.com/destgen/destgen/proptest/wire"
	"github.com/destgen/destgen/runtime"
)

const (
	modulePath = "github.com/destgen/destgen"
	tempModule = "destgenprop"
)

// RepoRoot returns the directory of this module's go.mod, searching up
// from the working directory (a test runs in its package directory).
func RepoRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		data, err := os.ReadFile(filepath.Join(dir, "go.mod"))
		if err == nil && bytes.HasPrefix(data, []byte("module "+modulePath+"\n")) {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("proptest: not inside the destgen module")
		}
		dir = parent
	}
}

// Module is a temporary Go module of generated packages p0, p1, ... and a
// driver that evaluates all of them (wire.Main), so that one `go build`
// compiles a whole batch of configs. It requires this module through a
// replace directive, so it builds offline from the module cache.
type Module struct {
	Dir  string
	root string
	n    int        // configs added so far: the next driver number
	pkgs []string   // package directories, for the driver's imports
	rens []*renamer // for AddMerged, one per worker
}

// NewModule creates the module in dir (which should be empty).
func NewModule(dir, root string) (*Module, error) {
	gomod := fmt.Sprintf("module %s\n\ngo 1.26\n\nrequire %s v0.0.0\n\nreplace %s => %q\n",
		tempModule, modulePath, modulePath, root) // quoted: the path may hold spaces
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte(gomod), 0o644); err != nil {
		return nil, err
	}
	sum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil {
		return nil, err
	}
	if err := os.WriteFile(filepath.Join(dir, "go.sum"), sum, 0o644); err != nil {
		return nil, err
	}
	return &Module{Dir: dir, root: root}, nil
}

// Add generates m into the next package and returns its number.
func (mod *Module) Add(m *model.Model) (int, error) {
	i := mod.n
	pkg := fmt.Sprintf("p%d", i)
	src, planBytes, err := gen.Files(m, pkg, "routes_gen.go")
	if err != nil {
		return 0, err
	}
	dir := filepath.Join(mod.Dir, pkg)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return 0, err
	}
	if err := os.WriteFile(filepath.Join(dir, "routes_gen.plan"), planBytes, 0o644); err != nil {
		return 0, err
	}
	if err := os.WriteFile(filepath.Join(dir, "routes_gen.go"), src, 0o644); err != nil {
		return 0, err
	}
	if err := os.WriteFile(filepath.Join(dir, "adapter.go"), adapterSrc(pkg, []int{i}, []string{""}), 0o644); err != nil {
		return 0, err
	}
	mod.pkgs = append(mod.pkgs, pkg)
	mod.n++
	return i, nil
}

// Build writes the driver's main package and builds it; it returns the
// binary's path. -trimpath keeps the temporary directory out of the build
// cache's keys, so an identical package is compiled once across runs.
func (mod *Module) Build() (string, error) {
	var b strings.Builder
	b.WriteString("package main\n\nimport (\n\t\"fmt\"\n\t\"os\"\n\n\t\"" + modulePath + "/proptest/wire\"\n")
	for _, p := range mod.pkgs {
		fmt.Fprintf(&b, "\t_ \"%s/%s\"\n", tempModule, p)
	}
	b.WriteString(")\n\nfunc main() {\n\tif err := wire.Main(os.Stdin, os.Stdout); err != nil {\n\t\tfmt.Fprintln(os.Stderr, err)\n\t\tos.Exit(1)\n\t}\n}\n")
	if err := os.WriteFile(filepath.Join(mod.Dir, "main.go"), []byte(b.String()), 0o644); err != nil {
		return "", err
	}
	bin := filepath.Join(mod.Dir, "driver")
	cmd := exec.Command("go", "build", "-trimpath", "-o", bin, ".")
	cmd.Dir = mod.Dir
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod -buildvcs=false", "GOWORK=off", "GOPROXY=off", "GOTOOLCHAIN=local")
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("building the driver: %v\n%s", err, out)
	}
	return bin, nil
}

// adapterSrc is the adapter file written beside generated code: one init
// function registering each config's functions and tables with the driver
// (wire.Register). prefixes are the configs' name prefixes (see AddMerged;
// "" for a package of its own) and nums their driver numbers.
func adapterSrc(pkg string, nums []int, prefixes []string) []byte {
	var b strings.Builder
	fmt.Fprintf(&b, "package %s\n\nimport \"%s/proptest/wire\"\n\nfunc init() {\n", pkg, modulePath)
	for i, p := range prefixes {
		fmt.Fprintf(&b, "\twire.Register(%d, %sResolve, %sMatches, %sAllowed, %sLookupPrincipal, %sAutoCreate, &%sDestinations, &%sPolicies)\n",
			nums[i], p, p, p, p, p, p, p)
	}
	b.WriteString("}\n")
	return []byte(b.String())
}

// Case is one config to check: its model, in package number Pkg of the
// module, and the names to ask about.
type Case struct {
	Pkg   int
	Model *model.Model
	Names []string
}

// Mismatch is the first difference found for a case: the generated
// package's line and the reference's, for a name or a table entry.
type Mismatch struct {
	What      string // "name <quoted>" or "table"
	Got, Want string
}

func (m *Mismatch) String() string {
	return fmt.Sprintf("%s:\n  generated: %s\n  reference: %s\n  (%s)", m.What, m.Got, m.Want, legend)
}

const legend = "R=Resolve M=Matches A=Allowed over ops {publish, subscribe, 2, 255} x principals " +
	"{none, p0, p1, p2, x+p2, p0..p3} C=AutoCreate for {publish, consume, 2}"

// Run feeds every case to the driver and compares its output with the
// reference interpreter, line by line. It returns, per case, the first
// mismatch or nil; the error is a failure to run the driver.
func Run(bin string, cases []Case) ([]*Mismatch, error) {
	cmd := exec.Command(bin)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	go writeInput(stdin, cases)
	out, cmpErr := compare(bufio.NewReaderSize(stdout, 1<<16), cases)
	if err := cmd.Wait(); err != nil || cmpErr != nil {
		return nil, fmt.Errorf("driver: %v %v\n%s", err, cmpErr, stderr.Bytes())
	}
	return out, nil
}

func writeInput(w io.WriteCloser, cases []Case) {
	bw := bufio.NewWriterSize(w, 1<<16)
	for _, c := range cases {
		fmt.Fprintf(bw, "P %d\n", c.Pkg)
		for _, n := range c.Names {
			fmt.Fprintf(bw, "N %s\n", strconv.Quote(n))
		}
	}
	bw.Flush()
	w.Close()
}

// compare reads the driver's lines in input order and checks each against
// what the reference says. The reference's lines are computed by workers
// a bounded number of cases ahead, so that on several cores the oracle
// keeps up with the driver.
func compare(r *bufio.Reader, cases []Case) ([]*Mismatch, error) {
	expected, budget := expectAhead(cases)
	out := make([]*Mismatch, len(cases))
	for i, c := range cases {
		dump, lines := Dump(c.Model), <-expected[i]
		<-budget // one more case may be computed
		for j, want := range lines {
			got, err := r.ReadString('\n')
			if err != nil {
				return nil, fmt.Errorf("driver output ended early: %v", err)
			}
			if got = strings.TrimSuffix(got, "\n"); got != want && out[i] == nil {
				what := "table"
				if j >= len(dump) {
					what = "name " + strconv.Quote(c.Names[j-len(dump)])
				}
				out[i] = &Mismatch{what, got, want}
			}
		}
	}
	return out, nil
}

// expectAhead starts workers computing each case's expected lines (table
// dump, then one line per name); case i's arrive on the i-th channel. At
// most ahead cases are computed before the caller has received from budget
// once per case consumed, which bounds memory.
func expectAhead(cases []Case) (slots []chan []string, budget chan struct{}) {
	const ahead = 256
	slots = make([]chan []string, len(cases))
	for i := range slots {
		slots[i] = make(chan []string, 1)
	}
	jobs := make(chan int)
	budget = make(chan struct{}, ahead)
	go func() {
		for i := range cases {
			budget <- struct{}{} // blocks while ahead cases await the caller
			jobs <- i
		}
		close(jobs)
	}()
	for range goruntime.GOMAXPROCS(0) {
		go func() {
			for i := range jobs {
				c := cases[i]
				lines := Dump(c.Model)
				ref := Reference(reference.New(c.Model))
				for _, n := range c.Names {
					lines = append(lines, wire.Line(ref, n))
				}
				slots[i] <- lines
			}
		}()
	}
	return slots, budget
}

// Reference adapts the reference interpreter to wire.Funcs.
func Reference(r *reference.Interp) wire.Funcs {
	return wire.Funcs{
		Resolve: func(name string) (int, error) {
			i, ok, err := r.Resolve(name)
			if err != nil || !ok {
				return -1, err
			}
			return i, nil
		},
		Matches: func(name string, buf []int) ([]int, error) {
			ms, err := r.Matches(name)
			if err != nil {
				return buf, err
			}
			return append(buf, ms...), nil
		},
		Allowed: func(op runtime.Op, name string, ps []string) bool {
			return r.Allowed(op, name, ps...)
		},
		AutoCreate: r.AutoCreate,
	}
}

// Dump formats the model's destinations and policies as the driver dumps
// the generated tables; Properties as fmt's %+v prints the generated
// struct (fields in schema order, then Has).
func Dump(m *model.Model) []string {
	var out []string
	for i, d := range m.Destinations {
		fields := make([]string, 0, len(m.Schema)+1)
		has := make([]string, len(m.Schema))
		for j, f := range m.Schema {
			fields = append(fields, f.GoName+":"+scalar(f.Type, d.Props[j], d.Has[j]))
			has[j] = strconv.FormatBool(d.Has[j])
		}
		fields = append(fields, "Has:["+strings.Join(has, " ")+"]")
		out = append(out, wire.DumpDestination(i, d.Index, d.Pattern.Text, d.Store.Value, d.Store.Set,
			d.Cluster.Value, d.Cluster.Set, "{"+strings.Join(fields, " ")+"}"))
	}
	for i, p := range m.Policies {
		out = append(out, wire.DumpPolicy(i, p.Index, p.Pattern, p.NodeType.String(), p.Attributes))
	}
	return out
}

// scalar prints a property value as %v prints the generated field: the
// type's zero value when the destination does not set it.
func scalar(t config.ScalarType, v config.Scalar, set bool) string {
	if !set {
		v = config.Scalar{Type: t}
	}
	switch t {
	case config.TypeInt:
		return fmt.Sprint(v.Int)
	case config.TypeFloat:
		return fmt.Sprint(v.Float)
	case config.TypeBool:
		return fmt.Sprint(v.Bool)
	}
	return v.Str
}
