// Command broker shows how a broker consults the routes destgen generated:
// for each name on the command line, which destination's properties apply,
// whether a caller holding the -as principals may publish and subscribe,
// and which node an unknown name would be auto-created as.
package main

import (
	"flag"
	"fmt"
	"os"
	"strings"

	"example.com/broker/routes"
	"github.com/destgen/destgen/runtime"
)

func main() {
	as := flag.String("as", "ops", "comma-separated `principals` the caller holds")
	flag.Parse()
	names := flag.Args()
	if len(names) == 0 {
		names = []string{"orders.created", "orders.eu.refunds", "metrics.cpu", "tmp.reply.1", "events.login", "foo.*"}
	}
	// A broker looks a caller's principals up once, when it authenticates,
	// and passes them to every Allowed of the connection.
	var principals []routes.Principal
	for _, p := range strings.Split(*as, ",") {
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
		p := d.Properties
		fmt.Fprintf(&b, " %s (store %s, durable %v, prefetch %d)", d.Pattern, d.Store, p.Durable, p.Prefetch)
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
		fmt.Fprintln(os.Stderr, "usage: broker [-as principals] [name...]")
		flag.PrintDefaults()
	}
}
