package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"

	"github.com/destgen/destgen/live"
)

// maxConfigBody bounds the body of PUT /config. A 100,000-destination
// config with ACLs and properties is about 28 MB (README, Scale); twice
// that admits it with room, and bounds what one request makes the broker
// hold in memory (destgen's own limit on a file, 128 MiB, is for a
// command reading its own disk).
const maxConfigBody = 64 << 20

// admin is the broker's management API, in the manner of Broker-J's REST
// management of nodeAutoCreationPolicies: a new config is validated
// completely and either replaces the served one whole (200, with its
// warnings and what it changes from the config it replaced, as destgen
// diff finds it: live.Changes; none when the broker started from the
// routes' plan, whose config it does not have) or is rejected with every
// reason and changes nothing (422; 400 when the body is not JSON at all).
//
//	PUT /config[?format=auto|native|brokerj]   body: a native config or a Broker-J virtual host
//	GET /explain?name=N[&name=M...][&principal=P...]
type admin struct {
	holder  *live.Holder
	logf    func(format string, args ...any)
	maxBody int64 // maxConfigBody; tests of the limit set a smaller one
}

func newAdmin(h *live.Holder, logf func(format string, args ...any)) http.Handler {
	return (&admin{holder: h, logf: logf, maxBody: maxConfigBody}).handler()
}

func (a *admin) handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("PUT /config", a.putConfig)
	mux.HandleFunc("GET /explain", a.explain)
	return mux
}

// position is one diagnostic as the API reports it: where in the body,
// and what. The body is the only file, so no file name.
type position struct {
	Line    int    `json:"line"`
	Col     int    `json:"col"`
	Message string `json:"message"`
}

type errorBody struct {
	Errors []position `json:"errors"`
}

// formats are the values of PUT /config's format parameter.
var formats = map[string]live.Format{"": live.Auto, "auto": live.Auto, "native": live.Native, "brokerj": live.BrokerJ}

func (a *admin) putConfig(w http.ResponseWriter, r *http.Request) {
	format, ok := formats[r.URL.Query().Get("format")]
	if !ok {
		reply(w, http.StatusBadRequest, errorBody{[]position{{Message: "format must be auto, native or brokerj"}}})
		return
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, a.maxBody))
	var tooLarge *http.MaxBytesError
	switch {
	case errors.As(err, &tooLarge):
		reply(w, http.StatusRequestEntityTooLarge, errorBody{[]position{{Message: fmt.Sprintf("config over the limit of %d bytes", a.maxBody)}}})
		return
	case err != nil:
		reply(w, http.StatusBadRequest, errorBody{[]position{{Message: "reading the body: " + err.Error()}}})
		return
	}
	rep, err := a.holder.Update(live.Source{Name: "config", Data: body, Format: format})
	var e *live.Error
	switch {
	case errors.As(err, &e):
		status := http.StatusUnprocessableEntity
		if e.Syntax {
			status = http.StatusBadRequest
		}
		a.logf("PUT /config rejected (%d), still serving the previous config:\n%v", status, e)
		reply(w, status, errorBody{positions(e.Diagnostics)})
	case err != nil:
		reply(w, http.StatusInternalServerError, errorBody{[]position{{Message: err.Error()}}})
	default:
		a.logf("PUT /config: serving the new config (%d warnings%s)", len(rep.Warnings), changeCounts(rep.Changes))
		reply(w, http.StatusOK, rep)
	}
}

// changeCounts is the changes by kind, for the log.
func changeCounts(c *live.Changes) string {
	if c == nil {
		return ""
	}
	return fmt.Sprintf(", changes %v", c.Counts)
}

func positions(ds []live.Diagnostic) []position {
	out := make([]position, len(ds))
	for i, d := range ds {
		out[i] = position{d.Line, d.Col, d.Message}
	}
	return out
}

// explain answers, for each name, the object `destgen explain -json`
// prints, one per line, from one snapshot of the served realm.
func (a *admin) explain(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	names := q["name"]
	if len(names) == 0 {
		reply(w, http.StatusBadRequest, errorBody{[]position{{Message: "name is required"}}})
		return
	}
	realm := a.holder.Current()
	w.Header().Set("Content-Type", "application/json")
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false) // as destgen prints it
	for _, n := range names {
		if err := enc.Encode(realm.Explain(n, q["principal"])); err != nil {
			return // the client went away
		}
	}
}

func reply(w http.ResponseWriter, status int, body any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.Encode(body)
}
