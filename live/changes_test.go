package live

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/destgen/destgen/gen/diff"
	"github.com/destgen/destgen/gen/model"
)

// destsConfig is a native config of the destinations "d<i>.x" for i in
// [from, to), the last with prefetch.
func destsConfig(from, to, prefetch int) Source {
	var ds []string
	for i := from; i < to; i++ {
		p := ""
		if i == to-1 {
			p = fmt.Sprintf(`, "properties": {"prefetch": %d}`, prefetch)
		}
		ds = append(ds, fmt.Sprintf(`{"name": "d%d.x"%s}`, i, p))
	}
	return Source{Name: "c.json", Data: []byte(`{"destinations": [` + strings.Join(ds, ",") + `], "nodeAutoCreationPolicies": [{"pattern": "q\\..*", "nodeType": "queue", "createdOnPublish": true}]}`)}
}

func mustUpdate(t *testing.T, h *Holder, src Source) Report {
	t.Helper()
	rep, err := h.Update(src)
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

// TestHolderChanges: an Update's Report carries gen/diff's changes from
// the config it replaced, none when there is no compiled config to
// compare with (a new Holder, after Store, with NoChanges), and a
// rejected update leaves the config compared with as it was.
func TestHolderChanges(t *testing.T) {
	h := NewHolder(nil, Options{})
	a, b := destsConfig(0, 3, 1), destsConfig(1, 4, 2) // d0.x removed, d3.x added, d2.x's prefetch gone
	if rep := mustUpdate(t, h, a); rep.Changes != nil {
		t.Errorf("first update: changes %+v", rep.Changes)
	}
	if _, err := h.Update(Source{Name: "bad.json", Data: []byte(`{"destinations": [{"name": "a..b"}]}`)}); err == nil {
		t.Fatal("a..b accepted")
	}
	rep := mustUpdate(t, h, b)
	want := diff.Diff(load(t, a), load(t, b))
	if rep.Changes == nil || !rep.Changes.Complete || !reflect.DeepEqual(rep.Changes.List, want) || rep.Changes.Omitted != 0 {
		t.Fatalf("changes %+v, want complete, %v", rep.Changes, want)
	}
	// d3.x is chosen for itself now, and d0.x by nothing.
	if got := fmt.Sprint(rep.Changes.Counts); got != "map[destination-added:1 destination-changed:1 destination-removed:1 precedence:2]" {
		t.Errorf("counts %s", got)
	}
	if rep := mustUpdate(t, h, b); rep.Changes == nil || len(rep.Changes.List) != 0 || !rep.Changes.Complete {
		t.Errorf("the same config again: changes %+v, want none", rep.Changes)
	}
	h.Store(h.Current())
	if rep := mustUpdate(t, h, a); rep.Changes != nil {
		t.Errorf("after Store: changes %+v", rep.Changes)
	}
	off := NewHolder(nil, Options{NoChanges: true})
	mustUpdate(t, off, a)
	if rep := mustUpdate(t, off, b); rep.Changes != nil || off.base != nil {
		t.Errorf("NoChanges: changes %+v, model kept %v", rep.Changes, off.base != nil)
	}
}

func load(t *testing.T, src Source) *model.Model {
	t.Helper()
	m, diags := model.Load(src.Name, src.Data)
	if err := diags.Err(); err != nil {
		t.Fatal(err)
	}
	return m
}

// TestHolderChangesBounds: an update changing maxDiffed destinations gets
// the whole diff, one more only the structural changes; the list holds
// maxListed changes and counts the rest.
func TestHolderChangesBounds(t *testing.T) {
	for _, tc := range []struct {
		added    int
		complete bool
		omitted  int
	}{
		{maxDiffed - 1, true, 0}, {maxDiffed, true, 0}, {maxDiffed + 1, false, 0},
		{maxListed - 1, false, 0}, {maxListed, false, 0}, {maxListed + 1, false, 1},
	} {
		h := NewHolder(nil, Options{})
		mustUpdate(t, h, destsConfig(0, 1, 1))
		// d0.x kept as it was (prefetch 1), tc.added destinations added.
		rep := mustUpdate(t, h, Source{Name: "c.json", Data: []byte(strings.Replace(string(destsConfig(1, tc.added+1, 0).Data),
			`[`, `[{"name": "d0.x", "properties": {"prefetch": 1}},`, 1))})
		c := rep.Changes
		total := 0
		for _, n := range c.Counts {
			total += n
		}
		if c.Complete != tc.complete || c.Counts[diff.DestAdded] != tc.added || len(c.List) != min(total, maxListed) || c.Omitted != total-len(c.List) || c.Omitted != tc.omitted {
			t.Fatalf("%d added: complete %v, %d listed, %d omitted, counts %v; want complete %v, %d omitted",
				tc.added, c.Complete, len(c.List), c.Omitted, c.Counts, tc.complete, tc.omitted)
		}
		for _, ch := range c.List {
			if ch.Kind == diff.DestAdded && (ch.Witness != nil) != tc.complete {
				t.Fatalf("%d added: %s %s witness %v", tc.added, ch.Kind, ch.Pattern, ch.Witness)
			}
		}
	}
}

// TestReportJSON: the report's JSON holds the changes as destgen diff
// -json prints them, under "changes", and no "changes" key without them.
func TestReportJSON(t *testing.T) {
	h := NewHolder(nil, Options{})
	first, _ := json.Marshal(mustUpdate(t, h, destsConfig(0, 1, 1)))
	if string(first) != `{"warnings":[]}` {
		t.Errorf("first report %s", first)
	}
	rep := mustUpdate(t, h, destsConfig(0, 2, 1))
	var got struct {
		Changes struct{ List []any }
	}
	if data, err := json.Marshal(rep); err != nil || json.Unmarshal(data, &got) != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	if err := diff.WriteJSON(&b, rep.Changes.List); err != nil {
		t.Fatal(err)
	}
	var want []any
	for _, line := range strings.Split(strings.TrimSpace(b.String()), "\n") {
		var v any
		if err := json.Unmarshal([]byte(line), &v); err != nil {
			t.Fatal(err)
		}
		want = append(want, v)
	}
	if len(want) != 3 || !reflect.DeepEqual(got.Changes.List, want) {
		t.Errorf("report's changes %v\nwant destgen diff -json's %v", got.Changes.List, want)
	}
}
