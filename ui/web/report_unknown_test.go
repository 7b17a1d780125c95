package web

import (
	"net/http"
	"strings"
	"testing"
)

// A report to an event that is not there answers 404, as the API's
// statuses say, like every other request about an unknown event, with its
// sentence in the phone's language.
func TestReportToAnUnknownEventIsNotFound(t *testing.T) {
	f := newFixture(t)
	e, _, _ := f.OpenRound(4)
	codes := f.Codes(e.ID, 1)
	status, out := f.report(e.ID+1000, body(1, 1, codes[1], "2-0"))
	if status != http.StatusNotFound || !strings.Contains(errorOf(t, out), "there is no event") {
		t.Errorf("a report to event %d: %d %s, want 404", e.ID+1000, status, out)
	}
	status, out = f.report(e.ID+1000, body(1, 1, codes[1], "2-0"), "Accept-Language", "fr")
	if status != http.StatusNotFound || strings.Contains(errorOf(t, out), "there is no event") {
		t.Errorf("a report to event %d from a French phone: %d %s", e.ID+1000, status, out)
	}
}
