package printing

import (
	"bytes"
	"context"
	"fmt"
	"os/exec"
	"testing"
	"time"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/internal/testdb"
)

// pdfTime is the time the tests' directors read.
var pdfTime = time.Date(2026, 5, 1, 18, 0, 0, 0, time.UTC)

// pdfDirector opens a director on a new database in t's folder, at a
// fixed time and seed, for a test that reads the PDFs it prints with
// pdftotext (poppler-utils, which make test installs). The database is
// closed when t ends.
func pdfDirector(t *testing.T) (context.Context, *director.Director) {
	t.Helper()
	needPdftotext(t)
	return t.Context(), testdb.Director(testdb.Open(t), func() time.Time { return pdfTime }, 1, 2)
}

// needPdftotext fails t when pdftotext is not installed.
func needPdftotext(t *testing.T) {
	t.Helper()
	if _, err := exec.LookPath("pdftotext"); err != nil {
		t.Fatal("pdftotext (poppler-utils) is needed: make test installs it")
	}
}

// pdfText returns the text of the PDF in buf, laid out as on the page
// (pdftotext -layout).
func pdfText(t *testing.T, buf *bytes.Buffer) string {
	t.Helper()
	cmd := exec.Command("pdftotext", "-layout", "-", "-")
	cmd.Stdin = buf
	out, err := cmd.Output()
	if err != nil {
		t.Fatal(err)
	}
	return string(out)
}

// numbered names n players "Player 1" to "Player n".
func numbered(n int) []string {
	names := make([]string, n)
	for i := range names {
		names[i] = fmt.Sprintf("Player %d", i+1)
	}
	return names
}

// newEvent creates an event of the generic game in format, named name,
// and registers the players.
func newEvent(ctx context.Context, t *testing.T, d *director.Director, name, format string, players ...string) event.Event {
	t.Helper()
	e, _ := newEventEntries(ctx, t, d, name, format, players...)
	return e
}

// newEventEntries is newEvent, and returns the players' entries too, in
// the order of players.
func newEventEntries(ctx context.Context, t *testing.T, d *director.Director, name, format string, players ...string) (event.Event, []event.Entry) {
	t.Helper()
	e, err := d.Events.CreateEvent(ctx, director.NewEvent{Name: name, Game: "generic", Format: format})
	if err != nil {
		t.Fatal(err)
	}
	entries := make([]event.Entry, len(players))
	for i, p := range players {
		if entries[i], err = d.Registration.RegisterNew(ctx, e.ID, director.NewPlayer{Name: p}); err != nil {
			t.Fatal(err)
		}
	}
	return e, entries
}

// pairPublished pairs the event's next round and publishes it.
func pairPublished(ctx context.Context, t *testing.T, d *director.Director, id event.EventID) event.Round {
	t.Helper()
	r, err := d.Rounds.PairNextRound(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if err := d.Drafts.PublishRound(ctx, id, r.Number); err != nil {
		t.Fatal(err)
	}
	return r
}

// recordAll records res at every table of round r.
func recordAll(ctx context.Context, t *testing.T, d *director.Director, id event.EventID, r event.Round, res event.Result) {
	t.Helper()
	for _, tb := range r.Tables {
		if err := d.Rounds.RecordResult(ctx, id, r.Number, tb.Number, res); err != nil {
			t.Fatal(err)
		}
	}
}
