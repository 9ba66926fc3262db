package diff

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

// structuralKinds are the changes Bounded reports past its bound.
var structuralKinds = map[Kind]bool{DestAdded: true, DestRemoved: true, DestChanged: true, Permissions: true,
	PolicyAdded: true, PolicyRemoved: true, PolicyChanged: true, PolicyMoved: true}

// TestBounded checks Bounded at, below and above the size of a change of
// three destinations and two policies: at or above it Diff's changes;
// below it exactly Diff's structural changes (same kinds, patterns and
// answers, in the same order), unexamined.
func TestBounded(t *testing.T) {
	old := mustLoad(t, `{"permissions": true, "destinations": [{"name": "a.*"}, {"name": "b.>", "acl": {"publish": ["p"]}}, {"name": "c.d"}],
		"nodeAutoCreationPolicies": [{"pattern": "a\\..*", "nodeType": "queue", "createdOnPublish": true}, {"pattern": "x", "nodeType": "queue", "createdOnPublish": true}]}`)
	new := mustLoad(t, `{"permissions": false, "destinations": [{"name": "a.*"}, {"name": "b.>"}, {"name": "c.*"}],
		"nodeAutoCreationPolicies": [{"pattern": "a\\..*", "nodeType": "exchange", "createdOnPublish": true}, {"pattern": "y", "nodeType": "queue", "createdOnPublish": true}]}`)
	// b.> changed, c.d removed, c.* added; a\..* changed, x removed, y added.
	const size = 6
	full := Diff(old, new)
	for _, max := range []int{size + 1, size} {
		got, complete := Bounded(old, new, max)
		if !complete || !reflect.DeepEqual(got, full) {
			t.Errorf("max %d: complete %v, changes equal to Diff's %v", max, complete, reflect.DeepEqual(got, full))
		}
	}
	var want []string
	for _, c := range full {
		if structuralKinds[c.Kind] {
			want = append(want, structuralText(c))
		}
	}
	for _, max := range []int{size - 1, 0} {
		got, complete := Bounded(old, new, max)
		var have []string
		for _, c := range got {
			have = append(have, structuralText(c))
			if strings.HasPrefix(string(c.Kind), "destination-") && (c.Witness != nil || c.Note != notExamined) {
				t.Errorf("max %d: %s %s examined: witness %v, note %q", max, c.Kind, c.Pattern, c.Witness, c.Note)
			}
		}
		if complete || strings.Join(have, "\n") != strings.Join(want, "\n") {
			t.Errorf("max %d: complete %v, changes\n%s\nwant Diff's structural ones\n%s", max, complete, strings.Join(have, "\n"), strings.Join(want, "\n"))
		}
	}
}

// structuralText is c's kind, pattern and answers.
func structuralText(c Change) string {
	b, err := json.Marshal([]any{c.Kind, c.Pattern, c.Old, c.New})
	if err != nil {
		panic(err)
	}
	return string(b)
}
