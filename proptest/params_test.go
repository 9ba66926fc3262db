package proptest

import (
	"flag"
	"math/rand"
	"os"
	"strconv"
	"testing"
	"time"

	"github.com/leanovate/gopter"
)

// Every knob is a flag with an environment variable as its default, so
// `go test ./proptest -proptest.seed=N` replays a run and `make proptest`
// scales it up without flags reaching other packages' test binaries.
var (
	seedFlag       = flag.Int64("proptest.seed", envInt("PROPTEST_SEED", int64(0)), "gopter seed to replay (0: from the clock)")
	configsFlag    = flag.Int("proptest.configs", envInt("PROPTEST_CONFIGS", 0), "random configs compiled in the differential test (0: 40, or 12 with -short)")
	depthFlag      = flag.Int("proptest.depth", envInt("PROPTEST_DEPTH", 4), "enumerate names of up to this many elements per config")
	exhaustiveFlag = flag.Int("proptest.exhaustive", envInt("PROPTEST_EXHAUSTIVE", 0), "patterns per config in the exhaustive test (0: 2, or 1 with -short)")
	testsFlag      = flag.Int("proptest.tests", envInt("PROPTEST_TESTS", 0), "successful tests per in-process property (0: 200, or 50 with -short)")
)

func envInt[T int | int64](name string, def T) T {
	if v, err := strconv.ParseInt(os.Getenv(name), 10, 64); err == nil {
		return T(v)
	}
	return def
}

// orDefault returns v if set, else the CI size, smaller with -short.
func orDefault(v, ci, short int) int {
	switch {
	case v > 0:
		return v
	case testing.Short():
		return short
	}
	return ci
}

// seed returns the run's seed: the flag's, or one from the clock, logged
// so that a failure can be replayed.
func seed(t *testing.T) int64 {
	s := *seedFlag
	if s == 0 {
		s = time.Now().UnixNano()
	}
	t.Logf("seed %d (replay: go test ./proptest -run '^%s$' -proptest.seed=%d)", s, t.Name(), s)
	return s
}

// genParams are gopter generator parameters drawing from seed only, so
// that every random choice replays.
func genParams(seed int64) *gopter.GenParameters {
	p := gopter.DefaultGenParameters()
	p.Rng = rand.New(gopter.NewLockedSource(seed))
	return p
}

// testParams are the parameters of the in-process properties.
func testParams(t *testing.T) *gopter.TestParameters {
	p := gopter.DefaultTestParametersWithSeed(seed(t))
	p.MinSuccessfulTests = orDefault(*testsFlag, 200, 50)
	return p
}
