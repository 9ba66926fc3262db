package benchgen

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
)

// stampFile records, in each package's directory, what wrote it (go
// build ignores files whose names start with a dot).
const stampFile = ".benchgen-stamp"

// stamp is what a package written by writer for t records. A package is
// a function of its target's Spec (the workload generator is seeded)
// and of the code that generates and plans it, all of it linked into
// this program: the same stamp means the same bytes, so the package is
// kept (a 100k one takes 5-15 s of CPU to write). Any change to the
// workload generator, the planner, the emitter or runtime's plan
// encoding rebuilds the program and so changes every stamp.
func stamp(t Target, writer string) string {
	return fmt.Sprintf("writer %s\npackage %s\nspec %#v\n", writer, t.Package, t.Spec)
}

// writerID is the SHA-256 of this program's executable.
func writerID() (string, error) {
	exe, err := os.Executable()
	if err != nil {
		return "", fmt.Errorf("benchgen: finding its own executable for the stamps: %v", err)
	}
	f, err := os.Open(exe)
	if err != nil {
		return "", fmt.Errorf("benchgen: reading its own executable for the stamps: %v", err)
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", fmt.Errorf("benchgen: reading its own executable for the stamps: %v", err)
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}
