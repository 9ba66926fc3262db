package lint

import (
	"fmt"
	"testing"
	"time"

	"github.com/destgen/destgen/gen/subject"
)

// scalePatterns is a 100k-destination config shaped to stress the checks:
// a fifth each of literal names, svcN.*.evtK, svcN.eu.*, *.*.evtK (a few
// broad ones, ambiguous with many) and svcN.>-style tails with covers.
func scalePatterns(n int) []subject.Pattern {
	var out []subject.Pattern
	add := func(format string, args ...any) {
		p, err := subject.Parse(fmt.Sprintf(format, args...))
		if err != nil {
			panic(err)
		}
		out = append(out, p)
	}
	for i := 0; len(out) < n; i++ {
		add("svc%d.orders.evt%d", i, i%50)
		add("svc%d.*.evt%d", i, i%50)
		add("svc%d.eu.*", i)
		if i%100 == 0 {
			add("*.*.evt%d", i)
		} else {
			add("svc%d.us.created", i)
		}
		add("svc%d.%s.>", i, []string{"a", "b"}[i%2])
		if i%10 == 0 { // make svcN.a.> dead
			add("svc%d.a.*", i)
			add("svc%d.a.*.>", i)
		}
	}
	return out
}

// TestScale runs the destination checks on 100k destinations; the trie
// searches keep it well under a second where all pairs would be 5e9.
func TestScale(t *testing.T) {
	if testing.Short() {
		t.Skip("100k destinations")
	}
	pats := scalePatterns(100_000)
	start := time.Now()
	amb := ambiguities(pats)
	dead := deadDestinations(pats, limits)
	t.Logf("%d destinations: %d ambiguities, %d dead, in %v", len(pats), len(amb), len(dead), time.Since(start))
	if len(amb) == 0 || len(dead) == 0 {
		t.Error("expected ambiguities between svcN.*.evtK and svcN.eu.*, and dead svcN.a.>")
	}
}

func BenchmarkLint100k(b *testing.B) {
	pats := scalePatterns(100_000)
	for b.Loop() {
		ambiguities(pats)
		deadDestinations(pats, limits)
	}
}
