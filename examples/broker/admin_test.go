package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/destgen/destgen/gen"
	"github.com/destgen/destgen/gen/diff"
	"github.com/destgen/destgen/live"
)

// configA and configB answer differently for every name of swapNames.
const configA = `{
  "destinations": [
    {"name": "orders.*", "store": "s1", "properties": {"prefetch": 16}, "acl": {"publish": ["alice"], "subscribe": ["ops"]}},
    {"name": "orders.eu", "store": "s1", "properties": {"prefetch": 64}, "acl": {"publish": ["alice"]}}
  ],
  "nodeAutoCreationPolicies": [{"pattern": "tmp\\..*", "nodeType": "queue", "createdOnPublish": true}]
}`

const configB = `{
  "destinations": [
    {"name": "orders.>", "store": "s3", "properties": {"prefetch": 8}, "acl": {"publish": ["bob"], "subscribe": ["alice"]}}
  ],
  "nodeAutoCreationPolicies": [{"pattern": "tmp\\..*", "nodeType": "queue", "createdOnConsume": true}]
}`

var swapNames = []string{"orders.eu", "orders.us", "orders.eu.x", "tmp.x"}

// vhost is a Broker-J virtual host as its management API exports one.
const vhost = `{"id": "134c0b84", "name": "default", "modelVersion": "9.0",
  "nodeAutoCreationPolicies": [{"pattern": "rob\\..*", "nodeType": "queue", "createdOnPublish": true, "attributes": {"durable": true}}]}`

func newServer(t *testing.T) (*httptest.Server, *live.Holder) {
	return newServerLimit(t, maxConfigBody)
}

// newServerLimit serves the admin API with a body limit of maxBody:
// sending maxConfigBody bytes through a test takes seconds.
func newServerLimit(t *testing.T, maxBody int64) (*httptest.Server, *live.Holder) {
	h, err := startRealm("")
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer((&admin{holder: h, logf: t.Logf, maxBody: maxBody}).handler())
	t.Cleanup(srv.Close)
	return srv, h
}

func put(t *testing.T, srv *httptest.Server, query string, body []byte) (int, string) {
	t.Helper()
	req, err := http.NewRequest(http.MethodPut, srv.URL+"/config"+query, bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	resp, err := srv.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, strings.TrimSpace(string(b))
}

// TestPutConfig: accepted configs answer 200 with their warnings and
// what they change (none the first time: the broker started from the
// routes' plan, whose config it does not have) and are served; rejected
// ones answer 422 (400 when not JSON, 413 over the limit) with every
// positioned error, and change nothing.
func TestPutConfig(t *testing.T) {
	srv, h := newServer(t)
	oneOfEach := `{"destinations": [{"name": "orders.eu.*"}, {"name": "orders.*.created"}]}`
	for _, c := range []struct {
		name, query, body string
		status            int
		want              string
		changes           string // a 200's change counts by kind, "" for none
	}{
		{"native", "", configA, 200, `{"warnings":[]}`, ""},
		// configA's two destinations and its policy replaced: orders.x
		// chose orders.*, which let alice publish, and now nothing.
		{"warnings", "", oneOfEach, 200, `{"warnings":[{"file":"config","line":1,"col":44,"severity":"warning","message":"destination 1 \"orders.*.created\" and destination 0 \"orders.eu.*\" (at config:1:19) both match \"orders.eu.created\" and neither is more specific; \"orders.eu.*\" wins by the tie-break (element 2 is the first where only one has a wildcard)"}]}`,
			"map[access:3 autocreate:1 destination-added:2 destination-removed:2 policy-removed:1 precedence:4]"},
		{"virtual host", "", vhost, 200, `{"warnings":[]}`, "map[autocreate:1 destination-removed:2 policy-added:1 precedence:2]"},
		{"virtual host named", "?format=brokerj", vhost, 200, `{"warnings":[]}`, "map[]"},
		{"virtual host as native", "?format=native", vhost, 422, `{"errors":[{"line":1,"col":2,"message":"unknown key \"id\" in config (known keys: permissions, destinations, nodeAutoCreationPolicies)"},{"line":1,"col":20,"message":"unknown key \"name\" in config (known keys: permissions, destinations, nodeAutoCreationPolicies)"},{"line":1,"col":39,"message":"unknown key \"modelVersion\" in config (known keys: permissions, destinations, nodeAutoCreationPolicies)"}]}`, ""},
		{"bad regex", "", `{"nodeAutoCreationPolicies": [{"pattern": "a(", "nodeType": "queue", "createdOnPublish": true}]}`, 422, `{"errors":[{"line":1,"col":45,"message":"policy 0: pattern \"a(\": column 2: Java rejects this pattern: unclosed group"}]}`, ""},
		{"store conflict", "", `{"destinations": [{"name": "a.*", "store": "x"}, {"name": "a.b"}]}`, 422, `{"errors":[{"line":1,"col":50,"message":"destination 1 \"a.b\" (store unset, cluster unset) overlaps destination 0 \"a.*\" (store \"x\", cluster unset) at config:1:19: both match \"a.b\"; overlapping destinations must use the same store and cluster"}]}`, ""},
		{"syntax", "", `{"destinations": [}`, 400, `{"errors":[{"line":1,"col":19,"message":"unexpected '}', expecting a value"}]}`, ""},
		{"empty", "", ``, 400, `{"errors":[{"line":1,"col":1,"message":"unexpected end of file, expecting a value"}]}`, ""},
		{"garbage", "", "\xff" + strings.Repeat("\x00", 10<<20), 400, `{"errors":[{"line":1,"col":1,"message":"unexpected '�', expecting a value"}]}`, ""},
		{"bad format", "?format=xml", configA, 400, `{"errors":[{"line":0,"col":0,"message":"format must be auto, native or brokerj"}]}`, ""},
	} {
		before := h.Current()
		status, body := put(t, srv, c.query, []byte(c.body))
		body, changes := splitChanges(t, body)
		if status != c.status || body != c.want || changes != c.changes {
			t.Errorf("%s: %d %s changes %q\nwant %d %s changes %q", c.name, status, body, changes, c.status, c.want, c.changes)
		}
		if changed := h.Current() != before; changed != (c.status == 200) {
			t.Errorf("%s: status %d, realm replaced: %v", c.name, status, changed)
		}
	}
	testLimit(t)
	resp, err := srv.Client().Get(srv.URL + "/config")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusMethodNotAllowed {
		t.Errorf("GET /config: %d", resp.StatusCode)
	}
}

// splitChanges returns a 200 report without its changes, and their
// counts by kind ("" when it has none); other bodies as they are.
func splitChanges(t *testing.T, body string) (string, string) {
	t.Helper()
	var rep live.Report
	if !strings.HasPrefix(body, `{"warnings":`) {
		return body, ""
	}
	if err := json.Unmarshal([]byte(body), &rep); err != nil {
		t.Fatalf("report %s: %v", body, err)
	}
	changes := ""
	if rep.Changes != nil {
		changes = fmt.Sprint(rep.Changes.Counts)
		if len(rep.Changes.List) != countAll(rep.Changes.Counts) || !rep.Changes.Complete {
			t.Errorf("changes listed %d, counted %v, complete %v", len(rep.Changes.List), rep.Changes.Counts, rep.Changes.Complete)
		}
	}
	rep.Changes = nil
	out, err := json.Marshal(rep)
	if err != nil {
		t.Fatal(err)
	}
	return string(out), changes
}

func countAll[K comparable](m map[K]int) int {
	n := 0
	for _, v := range m {
		n += v
	}
	return n
}

// testLimit: a body of the limit's size is read whole, one byte more is
// refused with 413 and changes nothing.
func testLimit(t *testing.T) {
	const limit = 1 << 10
	srv, h := newServerLimit(t, limit)
	for _, n := range []int{limit - 1, limit, limit + 1} {
		before := h.Current()
		body := strings.Repeat(" ", n-len(configB)) + configB
		status, got := put(t, srv, "", []byte(body))
		got, _ = splitChanges(t, got)
		want := `{"warnings":[]}`
		if n > limit {
			want = fmt.Sprintf(`{"errors":[{"line":0,"col":0,"message":"config over the limit of %d bytes"}]}`, limit)
		}
		if status != map[bool]int{false: 200, true: 413}[n > limit] || got != want {
			t.Errorf("%d bytes: %d %s", n, status, got)
		}
		if (h.Current() != before) != (n <= limit) {
			t.Errorf("%d bytes: served realm replaced: %v", n, h.Current() != before)
		}
	}
}

func explainURL(srv *httptest.Server, names, principals []string) string {
	q := url.Values{"name": names, "principal": principals}
	return srv.URL + "/explain?" + q.Encode()
}

func get(t *testing.T, client *http.Client, u string) (int, string) {
	resp, err := client.Get(u)
	if err != nil {
		t.Error(err)
		return 0, ""
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Error(err)
	}
	return resp.StatusCode, string(b)
}

// TestExplain: GET /explain answers what destgen explain -json prints for
// the served config, name for name.
func TestExplain(t *testing.T) {
	srv, _ := newServer(t)
	names := []string{"orders.created", "orders.eu.refunds", "metrics.cpu", "tmp.reply.1", "events.login", "foo.*", "", "a..b"}
	for _, ps := range [][]string{nil, {"ops"}, {"billing", "orders-svc"}} {
		var want bytes.Buffer
		if code := gen.Run(gen.Options{Command: gen.CmdExplain, Config: "routes/realm.json", JSON: true,
			Principals: ps, Names: names, Stdout: &want, Stderr: os.Stderr}); code != 0 {
			t.Fatalf("destgen explain: exit %d", code)
		}
		if status, got := get(t, srv.Client(), explainURL(srv, names, ps)); status != 200 || got != want.String() {
			t.Errorf("principals %q: %d\n%s\nwant (destgen explain -json)\n%s", ps, status, got, want.String())
		}
	}
	if status, _ := get(t, srv.Client(), srv.URL+"/explain"); status != http.StatusBadRequest {
		t.Errorf("no name: %d", status)
	}
}

// TestConcurrentUpdates: clients explain names while an admin swaps two
// configs and sends bad ones; every answer is entirely one config's (one
// snapshot per request), and every update answers as it should. Each
// request asks about the names many times over, so that it is likely to
// span a swap.
func TestConcurrentUpdates(t *testing.T) {
	srv, _ := newServer(t)
	var names []string
	for range 50 {
		names = append(names, swapNames...)
	}
	want := map[string]bool{}
	for _, cfg := range []string{configA, configB} {
		r, _, err := live.Compile(live.Source{Name: "config", Data: []byte(cfg)})
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		enc := json.NewEncoder(&b)
		enc.SetEscapeHTML(false)
		for _, n := range names {
			enc.Encode(r.Explain(n, []string{"alice"}))
		}
		want[b.String()] = true
	}
	if status, _ := put(t, srv, "", []byte(configA)); status != 200 {
		t.Fatal(status)
	}
	var wg sync.WaitGroup
	var reads atomic.Int64
	var failed atomic.Bool
	done := make(chan struct{})
	u := explainURL(srv, names, []string{"alice"})
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				select {
				case <-done:
					return
				default:
				}
				if status, got := get(t, srv.Client(), u); status != 200 || !want[got] {
					t.Errorf("%d: an answer of neither config:\n%.300s...", status, got)
					failed.Store(true)
					return
				}
				reads.Add(1)
			}
		}()
	}
	updates := []struct {
		body   string
		status int
	}{{configB, 200}, {`{"destinations": [{"name": "a.*", "store": "x"}, {"name": "a.b"}]}`, 422}, {configA, 200}, {`{`, 400}, {``, 400}}
	// Until both sides have done enough: 40 updates, 200 reads.
	for i := 0; (i < 40 || reads.Load() < 200) && !failed.Load(); i++ {
		u := updates[i%len(updates)]
		if status, body := put(t, srv, "", []byte(u.body)); status != u.status {
			t.Errorf("PUT %q: %d %s", u.body, status, body)
		}
	}
	close(done)
	wg.Wait()
	t.Logf("%d reads", reads.Load())
}

// TestPutConfigChanges: a broker started with -config reports, from the
// first PUT on, what each config changes: configA to configB changes the
// answer of every name of swapNames, and the report's witnesses are
// names whose answers differ on the realms served before and after.
func TestPutConfigChanges(t *testing.T) {
	path := t.TempDir() + "/realm.json"
	if err := os.WriteFile(path, []byte(configA), 0o644); err != nil {
		t.Fatal(err)
	}
	h, err := startRealm(path)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer((&admin{holder: h, logf: t.Logf, maxBody: maxConfigBody}).handler())
	defer srv.Close()
	before := h.Current()
	status, body := put(t, srv, "", []byte(configB))
	var rep live.Report
	if err := json.Unmarshal([]byte(body), &rep); status != 200 || err != nil || rep.Changes == nil {
		t.Fatalf("%d %s", status, body)
	}
	after := h.Current()
	for _, k := range []string{"destination-added", "destination-removed", "precedence", "access", "policy-changed", "autocreate"} {
		if rep.Changes.Counts[diff.Kind(k)] == 0 {
			t.Errorf("no %s change in %v", k, rep.Changes.Counts)
		}
	}
	for _, c := range rep.Changes.List {
		if c.Kind != "precedence" || c.Witness == nil {
			continue
		}
		o, _ := before.Resolve(*c.Witness)
		n, _ := after.Resolve(*c.Witness)
		if pattern(o) == pattern(n) {
			t.Errorf("precedence witness %q resolves to %q on both realms", *c.Witness, pattern(o))
		}
	}
}

func pattern(d *live.Destination) string {
	if d == nil {
		return "none"
	}
	return d.Pattern()
}
