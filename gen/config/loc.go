package config

import (
	"slices"

	"github.com/destgen/destgen/gen/diag"
)

// Loc is a position in a decoded config, in a word: a byte offset into
// the config's files laid end to end, as go/token's Pos is into a FileSet.
// Config.Position turns it into a file, line and column.
//
// A 100k destination config holds over a million positions (every
// principal, property and store has one); as diag.Pos values, 40 bytes
// each with a pointer for the garbage collector to follow, they were half
// the decoded config.
type Loc int

// NoLoc is the zero Loc, which stands for no position at all.
const NoLoc Loc = 0

// srcFile is one file of a config: its name and where its lines start.
type srcFile struct {
	name  string
	base  Loc      // the Loc of the file's first byte; files do not overlap
	size  int      // in bytes
	lines []uint32 // the offset of each line's first byte; lines[0] is 0
}

// end returns the Loc after the file's last byte, from which the next
// file's Locs may start.
func (f *srcFile) end() Loc { return f.base + Loc(f.size) + 1 }

// position returns the position of the byte at off.
func (f *srcFile) position(off int) diag.Pos {
	line, found := slices.BinarySearch(f.lines, uint32(off))
	if !found {
		line-- // the last line starting before off
	}
	return diag.Pos{File: f.name, Line: line + 1, Col: off - int(f.lines[line]) + 1, Offset: off}
}

// Position returns the file, line and column of l, or the zero diag.Pos
// (which stands for the whole file) for NoLoc.
func (c *Config) Position(l Loc) diag.Pos {
	for i := len(c.files) - 1; i >= 0; i-- {
		if f := c.files[i]; l >= f.base && l < f.end() {
			return f.position(int(l - f.base))
		}
	}
	return diag.Pos{}
}
