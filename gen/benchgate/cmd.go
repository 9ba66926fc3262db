package benchgate

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
)

// Exit statuses of Main.
const (
	ExitOK         = 0 // no regression
	ExitRegression = 1 // a benchmark regressed
	// ExitError is for bad usage, unreadable input, and results the gate
	// cannot decide on: no benchmark on both sides, or too few samples.
	ExitError = 2
)

// Main runs `destgen benchgate [-max-regression 10%] [-alpha 0.05]
// OLD.txt NEW.txt` and returns its exit status.
func Main(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("destgen benchgate", flag.ContinueOnError)
	fs.SetOutput(stderr)
	o := DefaultOptions
	fs.Func("max-regression", "largest rise of a median time that passes, in `percent` (default 10%)", func(s string) (err error) {
		o.MaxRegression, err = parsePercent(s)
		return err
	})
	fs.Float64Var(&o.Alpha, "alpha", o.Alpha, "significance `level` of the Mann-Whitney U test")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: destgen benchgate [-max-regression 10%] [-alpha 0.05] OLD.txt NEW.txt")
		fmt.Fprintln(stderr, "Compares go test -bench results of base (OLD) and head (NEW) as benchstat does; exits 1 if a")
		fmt.Fprintln(stderr, "benchmark got slower beyond the limit with p < alpha or allocates where it did not.")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return ExitOK
		}
		return ExitError
	}
	if fs.NArg() != 2 || !(o.Alpha > 0 && o.Alpha < 1) {
		fs.Usage()
		return ExitError
	}
	old, err := ReadFile(fs.Arg(0))
	if err != nil {
		fmt.Fprintf(stderr, "destgen benchgate: %v\n", err)
		return ExitError
	}
	new, err := ReadFile(fs.Arg(1))
	if err != nil {
		fmt.Fprintf(stderr, "destgen benchgate: %v\n", err)
		return ExitError
	}
	rep := Compare(old, new, o)
	if err := rep.Print(stdout); err != nil {
		fmt.Fprintf(stderr, "destgen benchgate: %v\n", err)
		return ExitError
	}
	switch {
	case len(rep.Failures()) > 0:
		return ExitRegression
	case len(rep.Underpowered()) > 0 || len(rep.Rows) == 0:
		return ExitError // a gate that could not see a regression must not pass
	}
	return ExitOK
}

// parsePercent reads "10%" or "10" as 0.10.
func parsePercent(s string) (float64, error) {
	v, err := strconv.ParseFloat(strings.TrimSuffix(strings.TrimSpace(s), "%"), 64)
	if err != nil || v < 0 || math.IsInf(v, 0) || math.IsNaN(v) {
		return 0, fmt.Errorf("%q is not a percentage such as 10%%", s)
	}
	return v / 100, nil
}
