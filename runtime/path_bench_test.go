package runtime

import (
	"fmt"
	"strings"
	"testing"
)

// BenchmarkSplit times split on names of the lengths the benchmark
// families have: short ones through the one-word scan, and the events and
// long families' names of 65 to 249 bytes through splitLong.
func BenchmarkSplit(b *testing.B) {
	for _, n := range []int{30, 64, 65, 100, 160, 249} {
		var sb strings.Builder
		for sb.Len() < n {
			sb.WriteString("element.")
		}
		name := sb.String()[:n]
		if name[n-1] == '.' {
			name = name[:n-1] + "x"
		}
		b.Run(fmt.Sprintf("bytes=%03d", n), func(b *testing.B) {
			var p path
			for b.Loop() {
				p = path{}
				if !p.split(name) {
					b.Fatal("invalid")
				}
			}
		})
	}
}
