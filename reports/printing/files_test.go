package printing_test

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/core/sim"
	"tablekeeper/core/tdf"
	"tablekeeper/core/transfer"
	"tablekeeper/internal/testdb"
	"tablekeeper/reports/printing"

	"tablekeeper/core/i18n"
)

// eventsOf returns the director's events service that p reads.
func eventsOf(p printing.Printer) *director.Events { return p.D.Events.(*director.Events) }

// simulated plays a Swiss event of 8 players to the end in a new database
// and returns a printer on it, with the database's path.
func simulated(t *testing.T) (printing.Printer, string) {
	t.Helper()
	st := testdb.Reopen(t, testdb.Fresh(t, filepath.Join(t.TempDir(), "event.db")))
	d := director.New(st, time.Now, sim.Source(3))
	if _, err := sim.New(d, io.Discard, 3).Play(t.Context(), sim.Plan{Game: "generic", Format: "swiss", Players: 8}); err != nil {
		t.Fatal(err)
	}
	return printing.Printer{D: printing.ServicesOf(d), DB: st.Path(), Store: st}, st.Path()
}

// importNight is a printer on simulated's database and a new, empty
// generic Swiss there to import players into.
func importNight(t *testing.T) (printing.Printer, event.Event) {
	t.Helper()
	p, _ := simulated(t)
	e, err := eventsOf(p).CreateEvent(t.Context(), director.NewEvent{Name: "Import night", Game: "generic", Format: "swiss"})
	if err != nil {
		t.Fatal(err)
	}
	return p, e
}

// WriteFile writes a report, the event file and the TOM file with a line
// saying what each holds; the two event files and the players CSV are
// the user's only, and the event files read back as what they claim to be.
func TestWriteFileWritesReportsAndEventFiles(t *testing.T) {
	ctx := t.Context()
	p, _ := simulated(t)
	dir := t.TempDir()
	if keys := printing.ExportKeys(); !slices.Equal(keys[len(keys)-2:], []string{"event-json", "tdf"}) || len(keys) != len(printing.Keys())+2 {
		t.Errorf("export keys %q", keys)
	}

	pdf := filepath.Join(dir, "round2.pdf")
	summary, err := p.WriteFile(ctx, "pairings", 1, 2, "A4", pdf)
	if err != nil || summary != "round 2 pairings of Simulated event (8 players), 4 tables" {
		t.Errorf("pairings: %q, %v", summary, err)
	}
	if info, err := os.Stat(pdf); err != nil || info.Mode().Perm() != 0o644 {
		t.Errorf("the report: %v %v", info, err)
	}

	// written writes the event's file of key to path, checks the line
	// that says what it holds, and opens the file to read it back.
	written := func(key, path, want string) io.Reader {
		t.Helper()
		summary, err := p.WriteFile(ctx, key, 1, 0, "", path)
		if err != nil || summary != want {
			t.Errorf("%s: %q, %v", key, summary, err)
		}
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = f.Close() })
		return f
	}
	js := filepath.Join(dir, "event.json")
	if doc, err := transfer.Decode(written(printing.EventFileKey, js, "Simulated event (8 players), 8 players, 3 rounds (event file version 3)")); err != nil || len(doc.Entries) != 8 || len(doc.Rounds) != 3 {
		t.Errorf("the event file reads back as %d entries, %d rounds: %v", len(doc.Entries), len(doc.Rounds), err)
	}
	tom := filepath.Join(dir, "event.tdf")
	if _, err := tdf.Parse(written(printing.TOMFileKey, tom, "Simulated event (8 players), 8 players, 3 rounds (TOM file)")); err != nil {
		t.Errorf("the TOM file does not parse: %v", err)
	}
	players := filepath.Join(dir, "players.csv")
	if _, err := p.WriteFile(ctx, "players-csv", 1, 0, "", players); err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{js, tom, players} {
		if info, err := os.Stat(path); err != nil || info.Mode().Perm() != 0o600 {
			t.Errorf("%s: %v %v, want readable by the user only", filepath.Base(path), info, err)
		}
	}
}

// No file, report or event file, is ever written over the open database,
// and an unknown event is refused.
func TestWriteFileNeverWritesOverTheDatabase(t *testing.T) {
	ctx := t.Context()
	p, db := simulated(t)
	before, _ := os.ReadFile(db)
	for _, key := range []string{"standings-csv", printing.EventFileKey, printing.TOMFileKey} {
		if _, err := p.WriteFile(ctx, key, 1, 0, "A4", db); err == nil || !strings.Contains(err.Error(), "database") {
			t.Errorf("%s over the database: %v", key, err)
		}
	}
	if after, _ := os.ReadFile(db); string(before) != string(after) {
		t.Error("the database changed")
	}
	for _, key := range []string{"standings", printing.EventFileKey} {
		if _, err := p.WriteFile(ctx, key, 9, 0, "A4", filepath.Join(t.TempDir(), "x")); !errors.Is(err, event.ErrNotFound) {
			t.Errorf("%s of event 9: %v", key, err)
		}
	}
}

// Backup copies the open database; a printer without one says so.
func TestBackupNeedsAnOpenDatabase(t *testing.T) {
	ctx := t.Context()
	p, _ := simulated(t)
	out := filepath.Join(t.TempDir(), "copy.db")
	if err := p.Backup(ctx, out); err != nil {
		t.Fatal(err)
	}
	if info, err := os.Stat(out); err != nil || info.Size() == 0 {
		t.Errorf("the copy: %v %v", info, err)
	}
	err := printing.Printer{D: p.D}.Backup(ctx, out+"2")
	if !errors.Is(err, event.ErrState) || err.Error() != "there is no open database to back up" {
		t.Errorf("no database: %v", err)
	}
}

// A players CSV registers its good rows, says which rows it could not
// take, and a second import finds everyone already registered.
func TestImportPlayersSaysWhatItCouldNotTake(t *testing.T) {
	ctx := t.Context()
	p, e := importNight(t)
	csv := "Name,Member #,E-mail\nZoë Ødegård,77,zoe@example.org\n,78,\n李小龍,,li@\nAda Lovelace,,\n"
	rep, problems, err := p.ReadPlayers(ctx, e.ID, strings.NewReader(csv))
	if err != nil || rep.Registered != 2 || rep.NewPlayers != 2 || len(problems) != 2 || !strings.Contains(problems[0], "row 3") {
		t.Fatalf("first import: %+v %q %v", rep, problems, err)
	}
	added, problems, err := p.ImportPlayers(ctx, e.ID, strings.NewReader(csv))
	if err != nil || added != 0 || len(problems) != 3 || problems[2] != "2 players already registered, left as they were: Zoë Ødegård, Ada Lovelace" {
		t.Errorf("second import: %d %q %v", added, problems, err)
	}
	if _, _, err := p.ImportPlayers(ctx, 99, strings.NewReader(csv)); !errors.Is(err, event.ErrNotFound) {
		t.Errorf("event 99: %v", err)
	}
	if _, _, err := p.ImportPlayers(ctx, 1, strings.NewReader(csv)); err == nil || !strings.Contains(err.Error(), "is finished") {
		t.Errorf("a finished event: %v", err)
	}
}

func TestNameListSaysHowManyMore(t *testing.T) {
	names := []string{"Ada", "Bob", "Cy", "Dee"}
	if got := printing.NameList(i18n.English, names, 4); got != "Ada, Bob, Cy, Dee" {
		t.Errorf("all four: %q", got)
	}
	if got := printing.NameList(i18n.English, names, 2); got != "Ada, Bob and 2 more" {
		t.Errorf("two of four: %q", got)
	}
}

// An event file and a TOM file written by WriteFile read back and import
// as new events, a line each; a file that is not one is refused with a
// sentence naming it, and nothing is saved.
func TestReadEventFileAndImportEvents(t *testing.T) {
	ctx := t.Context()
	p, _ := simulated(t)
	dir := t.TempDir()
	opt := tdf.ImportOptions{Pods: tdf.PodsSeparate, Location: time.UTC, Now: time.Date(2026, 11, 20, 18, 0, 0, 0, time.UTC)}
	for _, key := range []string{printing.EventFileKey, printing.TOMFileKey} {
		path := filepath.Join(dir, "event."+key)
		if _, err := p.WriteFile(ctx, key, 1, 0, "", path); err != nil {
			t.Fatal(err)
		}
		ims, err := printing.ReadEventFile(key, path, opt)
		if err != nil || len(ims) != 1 {
			t.Fatalf("%s: %d events, %v", key, len(ims), err)
		}
		var out strings.Builder
		if err := p.ImportEvents(ctx, path, ims, &out); err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(out.String(), "imported "+path+" as event ") || !strings.Contains(out.String(), ", 8 players, 3 rounds\n") {
			t.Errorf("%s: %q", key, out.String())
		}
	}
	events, _ := eventsOf(p).Events(ctx)
	if len(events) != 3 {
		t.Errorf("%d events after two imports, want 3", len(events))
	}

	junk := filepath.Join(dir, "junk.txt")
	if err := os.WriteFile(junk, []byte("shopping list: sleeves, dice\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ key, path, want string }{
		{printing.EventFileKey, junk, junk + ": "},
		{printing.TOMFileKey, junk, junk + ": "},
		{printing.EventFileKey, filepath.Join(dir, "missing.json"), "cannot read " + filepath.Join(dir, "missing.json")},
		{"pairings", junk, `"pairings" is not an event file's kind; choose event-json or tdf`},
	} {
		if ims, err := printing.ReadEventFile(c.key, c.path, opt); err == nil || !strings.HasPrefix(err.Error(), c.want) || ims != nil {
			t.Errorf("%s %s: %v, want %q", c.key, filepath.Base(c.path), err, c.want)
		}
	}
	var out strings.Builder
	bad := []tdf.Imported{{Document: transfer.Document{}}}
	if err := p.ImportEvents(ctx, "empty.json", bad, &out); err == nil || !strings.HasPrefix(err.Error(), "empty.json was not imported (nothing was saved): ") || out.Len() != 0 {
		t.Errorf("an empty document: %v %q", err, out.String())
	}
}

// The command's import of a players CSV says what it did, line by line,
// and fails when it could take no row.
func TestImportPlayersFromWritesWhatItDid(t *testing.T) {
	ctx := t.Context()
	p, e := importNight(t)
	var out strings.Builder
	csv := "Name,Member #,E-mail\nZoë Ødegård,77,zoe@example.org\n,78,\n"
	if err := p.ImportPlayersFrom(ctx, e.ID, strings.NewReader(csv), "players.csv", &out); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 2 || lines[0] != "registered 1 player(s) from players.csv (1 new to the directory)" || !strings.HasPrefix(lines[1], "  not taken: row 3") {
		t.Errorf("first import:\n%s", out.String())
	}
	out.Reset()
	if err := p.ImportPlayersFrom(ctx, e.ID, strings.NewReader(csv), "players.csv", &out); err != nil ||
		!strings.Contains(out.String(), "already registered: 1 player(s), left as they were (Zoë Ødegård)\n") {
		t.Errorf("second import: %v\n%s", err, out.String())
	}
	out.Reset()
	err := p.ImportPlayersFrom(ctx, e.ID, strings.NewReader("Name,Email\n,x@\n"), "bad.csv", &out)
	if err == nil || err.Error() != "no player could be registered from bad.csv (1 problem(s) above)" {
		t.Errorf("no good row: %v\n%s", err, out.String())
	}
}

// The export command's arguments are checked in its words, in the order
// it lists them, each mistake saying what to give instead.
func TestValidateExportSaysWhatToGive(t *testing.T) {
	if err := printing.ValidateExport(1, "slips", "x.pdf", "Letter", 0); err != nil {
		t.Errorf("good arguments: %v", err)
	}
	for _, c := range []struct {
		id       int64
		key, out string
		paper    string
		round    int
		says     string
	}{
		{0, "slips", "x.pdf", "A4", 0, "--event is required (an event ID; 'tablekeeper check --db PATH' lists them)"},
		{1, "scoresheet", "x.pdf", "A4", 0, `--report must be one of pairings, pairings-by-name,`},
		{1, "scoresheet", "x.pdf", "A4", 0, ` or ` + printing.TOMFileKey + `, not "scoresheet"`},
		{1, "slips", "", "A4", 0, "--out is required"},
		{1, "slips", "x.pdf", "A5", 0, "--paper must be A4 or Letter"},
		{1, "slips", "x.pdf", "A4", -1, "--round must be a round number"},
	} {
		err := printing.ValidateExport(c.id, c.key, c.out, c.paper, c.round)
		if !errors.Is(err, event.ErrInvalid) || !strings.Contains(event.Message(err), c.says) {
			t.Errorf("%+v: %v", c, err)
		}
	}
}
