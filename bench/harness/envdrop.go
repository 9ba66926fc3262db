package harness

// DropEnvs forgets every environment built so far, so that a run moving
// on to the next workload does not keep the last one's heap for every
// collection to mark (make bench-gate's run, bench/gaterun_test.go).
func DropEnvs() {
	envMu.Lock()
	defer envMu.Unlock()
	clear(envs)
}
