package runtime

import "testing"

// TestPolicyAutomatonManyClasses: class numbers are bytes, and one of 128
// or more (not a UTF-8 character by itself) is as valid as a smaller one,
// up to Classes-1. A translated (?c)[^a] needs some 160 classes.
func TestPolicyAutomatonManyClasses(t *testing.T) {
	for _, c := range []struct {
		class byte
		want  string
	}{{127, ""}, {128, ""}, {129, ""}, {199, ""}, {200, "automaton: class 200 of 200"}, {255, "automaton: class 255 of 200"}} {
		a := tinyAutomaton()
		a.Classes = 200
		states := len(tinyAutomaton().Next) / 3
		a.Next = make([]uint16, states*200)
		a.RuneClasses = string([]byte{c.class})
		err := a.Validate()
		if got := ""; err != nil {
			got = err.Error()
			if got != c.want {
				t.Errorf("rune class %d: %q, want %q", c.class, got, c.want)
			}
		} else if c.want != "" {
			t.Errorf("rune class %d: valid, want %q", c.class, c.want)
		}
	}
}
