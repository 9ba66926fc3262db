// Package wire is the protocol between the property tests and the driver
// program they compile against generated packages. Both sides format the
// answers of the four lookup functions with the same code (Line), so the
// test compares the generated package with the reference interpreter by
// comparing strings, and a difference shows exactly which answer differs.
//
// The driver imports this package, so it depends only on runtime/ and the
// standard library: the temporary module that holds generated packages then
// needs nothing but this module.
package wire

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strconv"
	"strings"

	"github.com/destgen/destgen/runtime"
)

// Funcs adapts one implementation of the four questions: a generated
// package (through the adapter file the harness writes beside it) or the
// reference interpreter.
type Funcs struct {
	// Resolve returns the chosen destination's index, -1 for no match.
	Resolve func(name string) (int, error)
	// Matches appends the matching destinations to buf, in config order.
	Matches func(name string, buf []int) ([]int, error)
	// Allowed is the generated Allowed with the principals as a slice.
	Allowed func(op runtime.Op, name string, principals []string) bool
	// AutoCreate returns the policy index, or -1 with false.
	AutoCreate func(name string, op runtime.Op) (int, bool)
}

// Principals are the caller principal sets every name is checked with.
// Generated configs grant to p0..p3; "x" is never granted.
var Principals = [][]string{nil, {"p0"}, {"p1"}, {"p2"}, {"x", "p2"}, {"p0", "p1", "p2", "p3"}}

// Ops are the operations Allowed and AutoCreate are checked with; NumOps
// and 255 are invalid and must be refused.
var Ops = []runtime.Op{runtime.Publish, runtime.Subscribe, runtime.NumOps, 255}

// bufPrefix is what Matches is given as buf, to check that it appends
// rather than overwrites.
const bufPrefix = -7

// Line evaluates every function on name and formats the answers:
//
//	R<resolve> M<matches> A<allowed bits> C<auto-create per op>
//
// where resolve is an index, "-" for no match or "E" for
// runtime.ErrInvalidName, matches is a comma list or "E", and the Allowed
// bits run over Ops then Principals.
func Line(f Funcs, name string) string {
	var b strings.Builder
	b.WriteString("R")
	i, err := f.Resolve(name)
	b.WriteString(answer(i, err))
	b.WriteString(" M")
	got, err := f.Matches(name, []int{bufPrefix})
	b.WriteString(matches(got, err))
	b.WriteString(" A")
	for _, op := range Ops {
		for _, ps := range Principals {
			if f.Allowed(op, name, ps) {
				b.WriteByte('1')
			} else {
				b.WriteByte('0')
			}
		}
	}
	b.WriteString(" C")
	for k, op := range Ops[:3] {
		if k > 0 {
			b.WriteByte(',')
		}
		if p, ok := f.AutoCreate(name, op); ok {
			b.WriteString(strconv.Itoa(p))
		} else {
			b.WriteString("-")
		}
	}
	return b.String()
}

// answer formats Resolve's result; anything but the documented shapes
// (index and nil, -1 and nil, -1 and ErrInvalidName) prints distinctly.
func answer(i int, err error) string {
	switch {
	case err == nil && i >= 0:
		return strconv.Itoa(i)
	case err == nil && i == -1:
		return "-"
	case errors.Is(err, runtime.ErrInvalidName) && i == -1:
		return "E"
	}
	return fmt.Sprintf("?(%d,%v)", i, err)
}

func matches(got []int, err error) string {
	if len(got) == 0 || got[0] != bufPrefix {
		return fmt.Sprintf("?(buf prefix lost: %v,%v)", got, err)
	}
	got = got[1:]
	if err != nil {
		if errors.Is(err, runtime.ErrInvalidName) && len(got) == 0 {
			return "E"
		}
		return fmt.Sprintf("?(%v,%v)", got, err)
	}
	s := make([]string, len(got))
	for i, d := range got {
		s[i] = strconv.Itoa(d)
	}
	return strings.Join(s, ",")
}

// Package is one generated package (or one config of a merged package)
// as the driver sees it: its functions and a dump of its tables.
type Package struct {
	Funcs Funcs
	Dump  func() []string
}

var registry = map[int]Package{}

// Register is called by the adapter file written beside generated code,
// with the generated Resolve, Matches, Allowed, LookupPrincipal and AutoCreate and pointers
// to the Destinations and Policies arrays. Resolve and AutoCreate return
// pointers to types of the generated package, so they are called through
// reflection; taking them as values keeps the adapter free of closures,
// which matters because the exhaustive test compiles thousands of
// adapters (each function costs the compiler about a millisecond).
func Register(num int, resolve, matches, allowed, lookupPrincipal, autoCreate, dests, policies any) {
	ds, ps := reflect.ValueOf(dests).Elem(), reflect.ValueOf(policies).Elem()
	allow := allowed.(func(runtime.Op, string, ...runtime.Principal) bool)
	lookup := lookupPrincipal.(func(string) runtime.Principal)
	registry[num] = Package{
		Funcs: Funcs{
			Resolve: func(name string) (int, error) {
				return pointerCall(resolve, ds, reflect.ValueOf(name))
			},
			Matches: matches.(func(string, []int) ([]int, error)),
			Allowed: func(op runtime.Op, name string, principals []string) bool {
				resolved := make([]runtime.Principal, len(principals))
				for i, p := range principals {
					resolved[i] = lookup(p)
				}
				return allow(op, name, resolved...)
			},
			AutoCreate: func(name string, op runtime.Op) (int, bool) {
				i, err := pointerCall(autoCreate, ps, reflect.ValueOf(name), reflect.ValueOf(op))
				return i, err == nil && i != -1
			},
		},
		Dump: func() []string { return dump(ds, ps) },
	}
}

// pointerCall calls a function returning a pointer into table and an
// error or a bool, and returns the pointed-to entry's Index: -1 for a nil
// pointer, -2 for a pointer that is not into table where it says, or for
// a result pair the contract does not allow (a pointer and an error, a
// pointer and false).
func pointerCall(f any, table reflect.Value, args ...reflect.Value) (int, error) {
	out := reflect.ValueOf(f).Call(args)
	p, second := out[0], out[1].Interface()
	err, _ := second.(error)
	if ok, isBool := second.(bool); isBool && ok != !p.IsNil() {
		return -2, nil
	}
	if p.IsNil() {
		return -1, err
	}
	i := entryIndex(p.Elem())
	if err != nil || i < 0 || i >= table.Len() || table.Index(i).Addr().Pointer() != p.Pointer() {
		return -2, err
	}
	return i, nil
}

// entryIndex is the Index of a generated Destination (a method: the
// destination is a handle on the plan) or Policy (a field).
func entryIndex(e reflect.Value) int {
	if m := e.MethodByName("Index"); m.IsValid() {
		return int(m.Call(nil)[0].Int())
	}
	return int(e.FieldByName("Index").Int())
}

func dump(ds, ps reflect.Value) []string {
	var out []string
	for i := range ds.Len() {
		d := ds.Index(i)
		get := func(m string) reflect.Value { return d.MethodByName(m).Call(nil)[0] }
		out = append(out, DumpDestination(i, int(get("Index").Int()), get("Pattern").String(),
			get("Store").String(), get("HasStore").Bool(),
			get("Cluster").String(), get("HasCluster").Bool(),
			fmt.Sprintf("%+v", get("Properties").Interface())))
	}
	for i := range ps.Len() {
		p := ps.Index(i)
		out = append(out, DumpPolicy(i, int(p.FieldByName("Index").Int()), p.FieldByName("Pattern").String(),
			p.FieldByName("NodeType").String(), p.FieldByName("Attributes").String()))
	}
	return out
}

// DumpDestination formats one entry of a generated Destinations table; the
// test formats the model's destination the same way.
func DumpDestination(i, index int, pattern, store string, hasStore bool, cluster string, hasCluster bool, props string) string {
	return fmt.Sprintf("D %d %d %q %s %s %s", i, index, pattern, optional(store, hasStore), optional(cluster, hasCluster), props)
}

// DumpPolicy formats one entry of a generated Policies table.
func DumpPolicy(i, index int, pattern, nodeType, attributes string) string {
	return fmt.Sprintf("Q %d %d %q %s %q", i, index, pattern, nodeType, attributes)
}

func optional(v string, set bool) string {
	if !set {
		return "-"
	}
	return strconv.Quote(v)
}

// Main is the driver's main loop. Its input is lines "P <i>", which select
// generated package i and print its dump, and "N <quoted name>", which
// print Line for the selected package.
func Main(in io.Reader, out io.Writer) error {
	sc := bufio.NewScanner(in)
	sc.Buffer(nil, 4<<20)
	w := bufio.NewWriterSize(out, 1<<16)
	var cur *Package
	for sc.Scan() {
		kind, arg, _ := strings.Cut(sc.Text(), " ")
		switch kind {
		case "P":
			i, err := strconv.Atoi(arg)
			p, ok := registry[i]
			if err != nil || !ok {
				return fmt.Errorf("driver: no package %q", arg)
			}
			cur = &p
			for _, l := range p.Dump() {
				fmt.Fprintln(w, l)
			}
		case "N":
			name, err := strconv.Unquote(arg)
			if err != nil || cur == nil {
				return fmt.Errorf("driver: bad input line %q", sc.Text())
			}
			fmt.Fprintln(w, Line(cur.Funcs, name))
		default:
			return fmt.Errorf("driver: bad input line %q", sc.Text())
		}
	}
	if err := sc.Err(); err != nil {
		return err
	}
	return w.Flush()
}
