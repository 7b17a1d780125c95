package web

import (
	"encoding/json"
	"errors"
	"net/http"
	"strings"

	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
	"tablekeeper/internal/cluster"
)

// msgInternal is what a person reads when the server failed for a reason
// that is not theirs to fix (the detail goes to the log).
var msgInternal = i18n.F("Something went wrong on the organizer's computer; try again in a moment.")

// statusOf is the HTTP status of an error from the director: the sentinel
// it wraps says whose the mistake is.
func statusOf(err error) int {
	switch {
	case errors.Is(err, event.ErrNotFound):
		return http.StatusNotFound
	case errors.Is(err, event.ErrInvalid), errors.Is(err, event.ErrState):
		return http.StatusBadRequest
	case errors.Is(err, event.ErrConflict):
		return http.StatusConflict
	case errors.Is(err, cluster.ErrStandby), errors.Is(err, cluster.ErrElecting), errors.Is(err, cluster.ErrNotSaved):
		// A laptop of a cluster that does not lead, or a leader that lost
		// its majority: the sentence says where to go or to try again.
		return http.StatusServiceUnavailable
	}
	return http.StatusInternalServerError
}

// failErr answers a request that failed with err: the director's sentence
// and the status its kind gives, or, for an error that is not a person's
// to fix, a general sentence (the error itself goes to the log).
func (s *Server) failErr(w http.ResponseWriter, r *http.Request, err error) {
	status := statusOf(err)
	if status == http.StatusServiceUnavailable {
		// Nothing was written (the laptops are choosing a host): the
		// write's budgets are given back, so that a phone retrying
		// through an election is not refused for minutes after it.
		s.limits.give(writeBudgets(r)...)
		w.Header().Set("Retry-After", "1")
	}
	if status == http.StatusInternalServerError {
		s.logf("web: %s %s: %v", r.Method, r.URL.Path, err)
		s.fail(w, r, status, msgInternal)
		return
	}
	s.fail(w, r, status, errText{err})
}

// fail answers a request with a status and a sentence, said in the
// language of r: as JSON ({"error": "…"}) under /api/, as a page elsewhere.
func (s *Server) fail(w http.ResponseWriter, r *http.Request, status int, msg i18n.Localizer) {
	lang := langOf(r)
	if isAPI(r) {
		w.Header().Set("Content-Language", string(lang))
		writeError(w, status, msg.In(lang))
		return
	}
	s.renderStatus(w, r, status, "errorpage", page{Head: statusTitle(status), Message: msg.In(lang)})
}

// statusTitles are the titles of the error pages, by status.
var statusTitles = map[int]i18n.Text{
	http.StatusBadRequest:            i18n.F("Bad request"),
	http.StatusForbidden:             i18n.F("Forbidden"),
	http.StatusNotFound:              i18n.F("Not found"),
	http.StatusMethodNotAllowed:      i18n.F("Method not allowed"),
	http.StatusConflict:              i18n.F("Conflict"),
	http.StatusMisdirectedRequest:    i18n.F("Wrong address"),
	http.StatusRequestEntityTooLarge: i18n.F("Too much sent"),
	http.StatusTooManyRequests:       i18n.F("Too many requests"),
	http.StatusServiceUnavailable:    i18n.F("Busy"),
}

// statusTitle is the title of an error page with status.
func statusTitle(status int) i18n.Text {
	if t, ok := statusTitles[status]; ok {
		return t
	}
	return i18n.F("Error")
}

// isAPI reports whether r asks for the JSON API.
func isAPI(r *http.Request) bool { return strings.HasPrefix(r.URL.Path, "/api/") }

// apiError is the body of every refused API request.
type apiError struct {
	Error string `json:"error"`
}

// writeError writes a JSON error: {"error": "sentence"}.
func writeError(w http.ResponseWriter, status int, msg string) {
	writeJSON(w, status, apiError{Error: msg})
}

// writeJSON writes v as JSON with status.
func writeJSON(w http.ResponseWriter, status int, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		status, b = http.StatusInternalServerError, []byte(`{"error":"`+msgInternal.String()+`"}`)
	}
	h := w.Header()
	h.Set("Content-Type", "application/json; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_, _ = w.Write(append(b, '\n'))
}
