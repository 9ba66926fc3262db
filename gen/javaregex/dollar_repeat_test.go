package javaregex

import "testing"

// TestDollarInRepeatedGroup: a '$' inside a group that can repeat is not
// at the end of the pattern, since another iteration may follow it
// (Java's "(\n|a$)+" matches "a\n", where '$' holds before the final line
// terminator; Go's "(?:\n|a\z)+" would not). A group repeated at most
// once, or whose body only matches the empty string, leaves it at the end.
func TestDollarInRepeatedGroup(t *testing.T) {
	for _, r := range []rejection{
		{`(a$)+`, 2, ConstructDollarNotAtEnd},
		{`(a$)*`, 2, ConstructDollarNotAtEnd},
		{`(\n|a$)+`, 5, ConstructDollarNotAtEnd},
		{`(?:a$){2}`, 4, ConstructDollarNotAtEnd},
		{`(a$){0,2}`, 2, ConstructDollarNotAtEnd},
		{`(a$){1,}`, 2, ConstructDollarNotAtEnd},
		{`x(a|b$)+?`, 5, ConstructDollarNotAtEnd},
		{`((a$)?)+`, 3, ConstructDollarNotAtEnd},
	} {
		checkRejection(t, r)
	}
	for _, p := range []string{`(a$)?`, `(a$){0,1}`, `(a$){1}`, `(a$){1,1}`, `($)+`, `a($)*`, `(a|b$)??`, `x(a$)?`} {
		if _, err := Translate(p); err != nil {
			t.Errorf("Translate(%q): %v; want it accepted: its '$' ends the pattern", p, err)
		}
	}
}
