package seedcorpus

import (
	"encoding/binary"
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

// decode reads data as go-fuzz-headers does for the argument types of
// want (GetBytes, GetString, GetUint64, GetByte, GetBool), so that a
// seed's encoding is checked against the reader's rules, not Encode's.
func decode(data []byte, want []any) ([]any, bool) {
	pos := 0
	u32 := func() (uint32, bool) {
		if pos+4 > len(data) {
			return 0, false
		}
		pos += 4
		return binary.BigEndian.Uint32(data[pos-4:]), true
	}
	var out []any
	for _, w := range want {
		switch w.(type) {
		case []byte:
			n, ok := u32()
			if !ok || pos >= len(data) {
				return nil, false
			}
			if n == 0 {
				n = 30
			}
			if left := uint32(len(data) - pos); n != left {
				n %= left
			}
			out, pos = append(out, data[pos:pos+int(n)]), pos+int(n)
		case string:
			if pos >= len(data) {
				return nil, false
			}
			n, ok := u32()
			if !ok || pos >= len(data) || pos+int(n) > len(data) {
				return nil, false
			}
			out, pos = append(out, string(data[pos:pos+int(n)])), pos+int(n)
		case uint64:
			if pos+9 > len(data) {
				return nil, false
			}
			v := binary.BigEndian.Uint64(data[pos:])
			if data[pos+8]%2 == 0 {
				v = binary.LittleEndian.Uint64(data[pos:])
			}
			out, pos = append(out, v), pos+9
		case byte:
			if pos >= len(data) {
				return nil, false
			}
			out, pos = append(out, data[pos]), pos+1
		case bool:
			if pos >= len(data) {
				return nil, false
			}
			out, pos = append(out, data[pos]%2 == 0), pos+1
		}
	}
	return out, true
}

func TestEncodeDecodes(t *testing.T) {
	for _, args := range [][]any{
		{[]byte("C\x01\x02"), "k\xb3.x"},
		{[]byte{0}, "", byte(1)},
		{"", "x", byte(7)},
		{uint64(1) << 40, "tenant01.durable.x"},
		{"a.b", "alice,ops", byte(1), true, false},
		{[]byte("only")},
	} {
		data, ok := Encode(args...)
		if !ok {
			t.Fatalf("Encode(%q) failed", args)
		}
		if got, ok := decode(data, args); !ok || !reflect.DeepEqual(got, args) {
			t.Errorf("Encode(%q) decodes to %q, %v", args, got, ok)
		}
	}
	for _, args := range [][]any{{[]byte{}}, {"x", ""}, {3.5}} {
		if _, ok := Encode(args...); ok {
			t.Errorf("Encode(%q) succeeded; the reader cannot give it back", args)
		}
	}
}

func TestParseGoCorpus(t *testing.T) {
	got, err := ParseGoCorpus("go test fuzz v1\n[]byte(\"C\\x01\")\nstring(\"k.x\")\nuint64(12)\nbyte('\\x00')\nbool(true)\nint(-3)\n")
	want := []any{[]byte("C\x01"), "k.x", uint64(12), byte(0), true, -3}
	if err != nil || !reflect.DeepEqual(got, want) {
		t.Fatalf("ParseGoCorpus = %q, %v; want %q", got, err, want)
	}
	for _, bad := range []string{"[]byte(\"x\")\n", "go test fuzz v1\nfloat64(1)\n", "go test fuzz v1\nstring(x)\n"} {
		if _, err := ParseGoCorpus(bad); err == nil {
			t.Errorf("ParseGoCorpus(%q): no error", bad)
		}
	}
}

// TestCommittedCorpora parses every corpus file committed in the module,
// which build.sh exports.
func TestCommittedCorpora(t *testing.T) {
	files, _ := filepath.Glob("../../*/testdata/fuzz/Fuzz*/*")
	more, _ := filepath.Glob("../../*/*/testdata/fuzz/Fuzz*/*")
	files = append(files, more...)
	if len(files) == 0 {
		t.Fatal("no committed corpus files found")
	}
	for _, f := range files {
		text, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := ParseGoCorpus(string(text)); err != nil {
			t.Errorf("%s: %v", f, err)
		}
	}
}

type fakeF struct{ added [][]any }

func (f *fakeF) Add(args ...any) { f.added = append(f.added, args) }
func (f *fakeF) Name() string    { return "FuzzFake" }

func TestAddExports(t *testing.T) {
	dir := t.TempDir()
	t.Setenv(EnvDir, dir)
	f := &fakeF{}
	Add(f, "a", "b")
	Add(f, []byte{})
	files, _ := os.ReadDir(filepath.Join(dir, "FuzzFake"))
	if len(f.added) != 2 || len(files) != 1 {
		t.Fatalf("added %d seeds, exported %d files; want 2 and 1", len(f.added), len(files))
	}
}
