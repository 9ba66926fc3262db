package live

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/destgen/destgen/gen"
	"github.com/destgen/destgen/runtime"
)

// TestLoad: a Realm loaded from the artifact destgen -plan writes answers
// as the Realm compiled from the same config: every lookup on the probe
// names, and Explain byte for byte.
func TestLoad(t *testing.T) {
	for _, ex := range examples(t) {
		path := filepath.Join(t.TempDir(), "realm.plan")
		if code := gen.Run(gen.Options{Command: gen.CmdGenerate, Config: ex.path, Plan: path, Stdout: os.Stdout, Stderr: os.Stderr}); code != 0 {
			t.Fatalf("destgen -plan: exit %d", code)
		}
		artifact, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(artifact, runtime.EncodePlan(ex.r.Plan())) {
			t.Errorf("%s: destgen -plan and the compiled Realm's plan encode differently", ex.path)
		}
		loaded, err := Load(artifact)
		if err != nil {
			t.Fatal(err)
		}
		owned, err := LoadOwned(bytes.Clone(artifact))
		if err != nil {
			t.Fatal(err)
		}
		file, err := LoadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		for _, name := range probeNames(ex.m) {
			for _, ps := range [][]string{nil, {"alice", "ops"}, {"bob"}} {
				a, _ := json.Marshal(ex.r.Explain(name, ps))
				for how, r := range map[string]*Realm{"Load": loaded, "LoadOwned": owned, "LoadFile": file} {
					if b, _ := json.Marshal(r.Explain(name, ps)); !bytes.Equal(a, b) {
						t.Errorf("%s %q %q: compiled %s, %s %s", ex.path, name, ps, a, how, b)
					}
				}
			}
		}
	}
	if _, err := LoadFile(filepath.Join(t.TempDir(), "absent.plan")); err == nil {
		t.Error("LoadFile of a missing file: no error")
	}
}

// TestLoadBad: a truncated or corrupted artifact is an error, never a
// Realm, and a Holder keeps serving what it had.
func TestLoadBad(t *testing.T) {
	r := mustCompile(t, source(t, filepath.Join("testdata", "general.json"), Native))
	artifact := runtime.EncodePlan(r.Plan())
	h := NewHolder(r, Options{})
	bad := [][]byte{nil, []byte("destgen"), artifact[:len(artifact)/2], artifact[:len(artifact)-1]}
	flipped := bytes.Clone(artifact)
	flipped[len(flipped)/2] ^= 0x40
	bad = append(bad, flipped)
	for _, b := range bad {
		loaded, err := Load(b)
		if err == nil || loaded != nil {
			t.Errorf("%d bytes: loaded", len(b))
		}
		if owned, err := LoadOwned(bytes.Clone(b)); err == nil || owned != nil {
			t.Errorf("%d bytes: LoadOwned loaded", len(b))
		}
		h.Store(loaded)
		if h.Current() != r {
			t.Fatal("a failed Load replaced the served realm")
		}
	}
}
