// Command broker shows how a broker consults the routes destgen generated,
// and how it serves a config it can change while running (package live).
//
// Without -listen or -config it answers, for each name on the command
// line, from the generated routes: which destination's properties apply,
// whether a caller holding the -as principals may publish and subscribe,
// and which node an unknown name would be auto-created as.
//
// With -listen it serves an admin API (admin.go) over a live realm: the
// -config file, reloaded when it changes, or else the plan the generated
// routes carry, loaded at start (one plan artifact, two front doors). With
// -config alone it answers for the names from that file, as destgen
// explain -json does.
package main

import (
	"context"
	_ "embed"
	"encoding/json"
	"flag"
	"fmt"
	"log"
	"net/http"
	"os"
	"strings"
	"time"

	"example.com/broker/routes"
	"github.com/destgen/destgen/live"
	"github.com/destgen/destgen/runtime"
)

// routesPlan is the plan artifact destgen wrote beside the generated
// routes, which they embed: the live realm's starting point when no
// -config is given, so that the admin API starts out answering exactly as
// the compiled-in routes do.
//
//go:embed routes/routes_gen.plan
var routesPlan []byte

// readHeaderTimeout bounds how long a client may take to send its request
// headers, so that idle connections cannot pile up (the body is bounded by
// maxConfigBody).
const readHeaderTimeout = 10 * time.Second

func main() {
	as := flag.String("as", "ops", "comma-separated `principals` the caller holds")
	configPath := flag.String("config", "", "serve the config `file` (reloaded when it changes) rather than the compiled-in routes")
	listen := flag.String("listen", "", "serve the admin API on `addr`, e.g. localhost:8080")
	flag.Parse()
	names := flag.Args()
	if len(names) == 0 {
		names = []string{"orders.created", "orders.eu.refunds", "metrics.cpu", "tmp.reply.1", "events.login", "foo.*"}
	}
	if *listen == "" && *configPath == "" {
		demo(names, strings.Split(*as, ","))
		return
	}
	h, err := startRealm(*configPath)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	if *listen == "" {
		enc := json.NewEncoder(os.Stdout)
		enc.SetEscapeHTML(false)
		for _, n := range names {
			enc.Encode(h.Current().Explain(n, strings.Split(*as, ",")))
		}
		return
	}
	if *configPath != "" {
		go live.Watch(context.Background(), *configPath, h, log.Printf)
	}
	log.Printf("admin API on %s", *listen)
	srv := &http.Server{Addr: *listen, Handler: newAdmin(h, log.Printf), ReadHeaderTimeout: readHeaderTimeout}
	log.Fatal(srv.ListenAndServe())
}

// startRealm compiles the -config file, or loads the routes' own plan,
// into a Holder. A bad file stops the broker before it serves anything.
func startRealm(path string) (*live.Holder, error) {
	if path == "" {
		r, err := live.Load(routesPlan)
		if err != nil {
			return nil, err
		}
		return live.NewHolder(r, live.Options{}), nil
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	// Through Update rather than Compile: the Holder then knows the
	// config it serves, and the next update's report says what changed.
	h := live.NewHolder(nil, live.Options{})
	rep, err := h.Update(live.Source{Name: path, Data: data})
	if err != nil {
		return nil, err
	}
	for _, w := range rep.Warnings {
		log.Print(w)
	}
	return h, nil
}

// demo answers for names from the generated routes.
func demo(names, as []string) {
	// A broker looks a caller's principals up once, when it authenticates,
	// and passes them to every Allowed of the connection.
	var principals []routes.Principal
	for _, p := range as {
		principals = append(principals, routes.LookupPrincipal(p))
	}
	for _, name := range names {
		fmt.Println(describe(name, principals))
	}
}

func describe(name string, principals []routes.Principal) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s:", name)
	switch d, err := routes.Resolve(name); {
	case err != nil:
		fmt.Fprintf(&b, " invalid (%v)", err)
	case d == nil:
		b.WriteString(" no destination")
	default:
		p := d.Properties()
		fmt.Fprintf(&b, " %s (store %s, durable %v, prefetch %d)", d.Pattern(), d.Store(), p.Durable, p.Prefetch)
	}
	fmt.Fprintf(&b, ", publish %v, subscribe %v",
		routes.Allowed(runtime.Publish, name, principals...), routes.Allowed(runtime.Subscribe, name, principals...))
	if p, ok := routes.AutoCreate(name, runtime.Publish); ok {
		fmt.Fprintf(&b, ", auto-created on publish as %s %s", p.NodeType, p.Attributes)
	}
	return b.String()
}

func init() {
	flag.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: broker [-as principals] [name...]\n       broker [-config file] -listen addr\n       broker -config file [-as principals] [name...]")
		flag.PrintDefaults()
	}
}
