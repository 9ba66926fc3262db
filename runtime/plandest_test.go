package runtime_test

import (
	"reflect"
	"testing"

	"github.com/destgen/destgen/gen/plan"
	"github.com/destgen/destgen/runtime"
)

// TestPlanDestinationColumns: a plan from MustLoadPlan or DecodePlan
// keeps its destinations as columns (Destinations nil), and both answer Destination and Property as the plan the
// generator encoded holds them, for every destination and key of the
// rich plan (every property kind, unset values, stores and clusters) and
// the synthetic one (values shared by many destinations).
func TestPlanDestinationColumns(t *testing.T) {
	for _, name := range []string{"rich", "synthetic"} {
		src := syntheticArtifact(t, 1000)
		if name == "rich" {
			src = richArtifact(t, plan.MasksOff)
		}
		data := string(runtime.EncodePlan(src))
		cols := runtime.MustLoadPlan(data, runtime.PlanChecksum([]byte(data)))
		full, err := runtime.DecodePlanString(data)
		if err != nil {
			t.Fatal(err)
		}
		if cols.Destinations != nil || full.Destinations != nil {
			t.Errorf("%s: MustLoadPlan or DecodePlan built Destinations", name)
		}
		if cols.NumDestinations() != len(src.Destinations) || full.NumDestinations() != len(src.Destinations) {
			t.Fatalf("%s: NumDestinations %d and %d, want %d", name, cols.NumDestinations(), full.NumDestinations(), len(src.Destinations))
		}
		for i, want := range src.Destinations {
			for how, p := range map[string]*runtime.Plan{"MustLoadPlan": cols, "DecodePlan": full} {
				got := p.Destination(i)
				got.Properties = want.Properties
				store, hasStore := p.Store(i)
				cluster, hasCluster := p.Cluster(i)
				if p.Pattern(i) != want.Pattern || store != want.Store || hasStore != want.HasStore || cluster != want.Cluster || hasCluster != want.HasCluster {
					t.Errorf("%s: %s: destination %d: Pattern, Store, Cluster %q %q %v %q %v, want %+v", name, how, i, p.Pattern(i), store, hasStore, cluster, hasCluster, want)
				}
				if !reflect.DeepEqual(got, want) {
					t.Errorf("%s: %s: Destination(%d) = %+v, want %+v", name, how, i, got, want)
				}
				for k, v := range want.Properties {
					if p.Property(i, k) != v {
						t.Errorf("%s: %s: destination %d key %d: Property %+v, want %+v", name, how, i, k, p.Property(i, k), v)
					}
				}
			}
		}
	}
}
