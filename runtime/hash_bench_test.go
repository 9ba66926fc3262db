package runtime

import "testing"

var sink uint64

func BenchmarkHash(b *testing.B) {
	for _, s := range []string{"orders", "svc12.orders.eu.created", "svc1234.payments.apac.updated.v2.audit.x"} {
		b.Run(string(rune('0'+len(s)/10)), func(b *testing.B) {
			for b.Loop() {
				sink += Hash(s, NameSeed)
			}
		})
	}
}
