package plan

import (
	"fmt"
	"testing"

	"github.com/destgen/destgen/runtime"
)

var sinkInt int

func BenchmarkExact(b *testing.B) {
	for _, n := range []int{100, 10000} {
		data, exact, _ := synthetic(n)
		m, _ := modelLoad(data)
		mt := &Build(m).Matcher
		goMap := map[string]int{}
		for i, e := range exact {
			goMap[e] = i
		}
		names := make([]string, 4096)
		for i := range names {
			names[i] = string([]byte(exact[(i*7919)%len(exact)])) // not pointer-equal to the keys, as a name off the wire is
		}
		b.Run(fmt.Sprintf("N=%d/impl=map", n), func(b *testing.B) {
			for i := 0; b.Loop(); i++ {
				sinkInt += goMap[names[i&4095]]
			}
		})
		b.Run(fmt.Sprintf("N=%d/impl=resolve", n), func(b *testing.B) {
			for i := 0; b.Loop(); i++ {
				d, _ := mt.Resolve(names[i&4095])
				sinkInt += d
			}
		})
		b.Run(fmt.Sprintf("N=%d/impl=lookup", n), func(b *testing.B) {
			for i := 0; b.Loop(); i++ {
				s := names[i&4095]
				v, _ := mt.Exact.Lookup(s)
				sinkInt += int(v)
			}
		})
		b.Run(fmt.Sprintf("N=%d/impl=hash", n), func(b *testing.B) {
			for i := 0; b.Loop(); i++ {
				sinkInt += int(runtime.Hash(names[i&4095], runtime.NameSeed))
			}
		})
	}
}
