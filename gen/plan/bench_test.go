package plan

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/destgen/destgen/runtime"
)

// synthetic builds a config of n destinations, mostly literal names over a
// realistic vocabulary with one in ten a wildcard, and returns it with
// names: exact hits, then wildcard-only hits.
func synthetic(n int) (data []byte, exact, wild []string) {
	r := rand.New(rand.NewPCG(1, 2))
	words := []string{"orders", "payments", "eu", "us", "apac", "created", "updated", "deleted", "v1", "v2", "inventory", "audit", "metrics", "trades", "quotes"}
	seen := map[string]bool{}
	var pats []string
	for len(pats) < n {
		depth := 2 + r.IntN(5)
		name := fmt.Sprintf("svc%d", r.IntN(n/10+1))
		for i := 1; i < depth; i++ {
			name += "." + words[r.IntN(len(words))]
		}
		if r.IntN(10) == 0 {
			name += ".>"
		}
		if !seen[name] {
			seen[name] = true
			pats = append(pats, name)
		}
	}
	for _, p := range pats {
		if p[len(p)-1] == '>' {
			wild = append(wild, p[:len(p)-1]+"x.y")
		} else {
			exact = append(exact, p)
		}
	}
	return configJSON(true, pats...), exact, wild
}

func BenchmarkResolve(b *testing.B) {
	for _, n := range []int{100, 10000} {
		data, exact, wild := synthetic(n)
		m, _ := modelLoad(data)
		mt := &Build(m).Matcher
		goMap := map[string]int{}
		for i, e := range exact {
			goMap[e] = i
		}
		b.Run(fmt.Sprintf("N=%d/exact/plan", n), func(b *testing.B) {
			for i := 0; b.Loop(); i++ {
				mt.Resolve(exact[i%len(exact)])
			}
		})
		b.Run(fmt.Sprintf("N=%d/exact/map", n), func(b *testing.B) {
			for i := 0; b.Loop(); i++ {
				_ = goMap[exact[i%len(exact)]]
			}
		})
		b.Run(fmt.Sprintf("N=%d/wild/plan", n), func(b *testing.B) {
			for i := 0; b.Loop(); i++ {
				mt.Resolve(wild[i%len(wild)])
			}
		})
		b.Run(fmt.Sprintf("N=%d/allowed/plan", n), func(b *testing.B) {
			ps := principalsOf(mt, []string{"p1", "zz"})
			for i := 0; b.Loop(); i++ {
				mt.Allowed(runtime.Publish, exact[i%len(exact)], ps)
			}
		})
	}
}
