// Package seedcorpus exports the seeds of native Go fuzz targets as
// libFuzzer inputs, for ClusterFuzzLite and OSS-Fuzz: their Go build
// (go-118-fuzz-build) ignores f.Add and reads a target's arguments from
// one byte string with go-fuzz-headers, so seeds are shipped as
// <fuzzer>_seed_corpus.zip in that encoding (.clusterfuzzlite/build.sh).
//
// A fuzz target calls Add instead of f.Add. With SEED_CORPUS_DIR unset
// (every ordinary run) Add is f.Add; set, Add also writes the seed, and on
// its first call for a target the target's committed corpus
// (testdata/fuzz/<Target>/, Go's format), under
// $SEED_CORPUS_DIR/<Target>/.
package seedcorpus

import (
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"os"
	"path/filepath"
	"sync"
)

// EnvDir names the directory seeds are exported to.
const EnvDir = "SEED_CORPUS_DIR"

// F is what Add needs of a fuzz target: *testing.F, and the testing.F of
// go-118-fuzz-build, which replaces it in a libFuzzer build.
type F interface {
	Add(args ...any)
	Name() string
}

var exported sync.Map // target name -> true once its corpus is written

// Add adds a seed to f and, when EnvDir is set, exports it.
func Add(f F, args ...any) {
	f.Add(args...)
	dir := os.Getenv(EnvDir)
	if dir == "" {
		return
	}
	dir = filepath.Join(dir, f.Name())
	if _, done := exported.LoadOrStore(f.Name(), true); !done {
		if err := exportCorpus(dir, filepath.Join("testdata", "fuzz", f.Name())); err != nil {
			panic(fmt.Sprintf("seedcorpus: %v", err))
		}
	}
	if data, ok := Encode(args...); ok {
		if err := write(dir, data); err != nil {
			panic(fmt.Sprintf("seedcorpus: %v", err))
		}
	}
}

// write stores one input under its hash, as libFuzzer names corpus files.
func write(dir string, data []byte) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	sum := sha256.Sum256(data)
	return os.WriteFile(filepath.Join(dir, fmt.Sprintf("%x", sum[:10])), data, 0o644)
}

// Encode encodes args as go-118-fuzz-build's F.Fuzz decodes them, in
// order, with go-fuzz-headers: a string or []byte as a 4-byte big-endian
// length then its bytes; an int, int64 or uint64 as 8 bytes big-endian
// then an odd byte (odd: big-endian); a byte as itself; a bool as 0 for
// true and 1 for false. ok is false for args the decoder cannot give back:
// an empty []byte (length 0 reads as 30), an empty string or []byte last
// (no bytes left reads as an error), or another type.
func Encode(args ...any) (data []byte, ok bool) {
	for i, a := range args {
		last := i == len(args)-1
		switch v := a.(type) {
		case []byte:
			if len(v) == 0 {
				return nil, false
			}
			data = binary.BigEndian.AppendUint32(data, uint32(len(v)))
			data = append(data, v...)
		case string:
			if v == "" && last {
				return nil, false
			}
			data = binary.BigEndian.AppendUint32(data, uint32(len(v)))
			data = append(data, v...)
		case uint64:
			data = append(binary.BigEndian.AppendUint64(data, v), 1)
		case int64:
			data = append(binary.BigEndian.AppendUint64(data, uint64(v)), 1)
		case int:
			data = append(binary.BigEndian.AppendUint64(data, uint64(v)), 1)
		case byte:
			data = append(data, v)
		case bool:
			if v {
				data = append(data, 0)
			} else {
				data = append(data, 1)
			}
		default:
			return nil, false
		}
	}
	return data, true
}
