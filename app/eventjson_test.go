package main

import (
	"bytes"
	"context"
	"database/sql"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/core/rules"
	"tablekeeper/core/transfer"
	"tablekeeper/internal/testdb"
)

// mustRun runs a command and fails the test unless it succeeds.
func mustRun(t testing.TB, args ...string) string {
	t.Helper()
	code, out, errOut := runCmd(args...)
	if code != 0 {
		t.Fatalf("%s: exit %d: %s", strings.Join(args, " "), code, errOut)
	}
	return out
}

// enrich adds what a simulation leaves out, straight through the store:
// a deck for the first two entries (one locked), two judges, a judge log
// line with its correction, a table extension, a running clock with an
// announcement, and, for a Shadowfist multiplayer event, a league.
func enrich(t *testing.T, dbPath string, id event.EventID) {
	t.Helper()
	st := testdb.Reopen(t, dbPath)
	defer st.Close()
	at := time.Date(2026, 11, 20, 19, 30, 0, 0, time.UTC)
	err := st.Write(context.Background(), func(tx director.Tx) error {
		e, err := tx.Event(id)
		if err != nil {
			return err
		}
		entries, err := tx.Entries(id)
		if err != nil {
			return err
		}
		decks := []event.Deck{
			{EntryID: entries[0].ID, Name: "Zoë's deck", List: "3 Card One\n3x Card Two\nHero: Someone", LockedAt: at, UpdatedAt: at.Add(-time.Hour)},
			{EntryID: entries[1].ID, List: "1 Lonely Card", UpdatedAt: at},
		}
		for i := range decks {
			if err := tx.SaveDeck(&decks[i]); err != nil {
				return err
			}
		}
		head := event.Judge{EventID: id, Name: "Hedda Head", Role: event.RoleHeadJudge, Order: 1}
		playing := event.Judge{EventID: id, Name: "Jo Judge", Role: event.RoleJudge, Order: 2, PlayerID: entries[2].PlayerID}
		for _, j := range []*event.Judge{&head, &playing} {
			if err := tx.CreateJudge(j); err != nil {
				return err
			}
		}
		warn := event.JudgeLogEntry{EventID: id, At: at, Round: 1, Table: 1, JudgeID: head.ID, EntryID: entries[0].ID,
			Kind: event.LogPenalty, Infraction: "Slow play", Penalty: "warning", Description: "took «long»"}
		if err := tx.AppendJudgeLog(&warn); err != nil {
			return err
		}
		fix := event.JudgeLogEntry{EventID: id, At: at.Add(time.Minute), Round: 1, Table: 1, JudgeID: playing.ID, EntryID: entries[0].ID,
			Kind: event.LogRuling, Description: "withdrawn", Extension: 3 * time.Minute, Corrects: warn.ID}
		if err := tx.AppendJudgeLog(&fix); err != nil {
			return err
		}
		rounds, err := tx.Rounds(id)
		if err != nil || len(rounds) == 0 {
			return err
		}
		last := rounds[len(rounds)-1]
		if err := tx.SetClock(last.ID, event.Clock{Duration: 50 * time.Minute, StartedAt: at, PausedAt: at.Add(20 * time.Minute),
			Paused: 90 * time.Second, Added: time.Minute}); err != nil {
			return err
		}
		if err := tx.SetAnnounced(last.ID, `{"warning":true}`); err != nil {
			return err
		}
		if err := tx.SetExtension(last.Tables[0].ID, 4*time.Minute+500*time.Millisecond); err != nil {
			return err
		}
		if e.Game != "shadowfist" || e.Settings.TableSize < 3 {
			return nil
		}
		l := event.League{Name: "Spring League", Kind: event.LeagueProvingGround, Finals: 4, TieSeed: 42, CreatedAt: at}
		if err := tx.CreateLeague(&l); err != nil {
			return err
		}
		return tx.AddLeagueEvent(event.LeagueEvent{LeagueID: l.ID, EventID: id, Week: 3})
	})
	if err != nil {
		t.Fatalf("enrich event %d: %v", id, err)
	}
}

// TestEventFileRoundTripsEveryFormat plays every format of the catalogue
// (so every structure: Swiss with a top cut, brackets, round robin,
// KeyForge, Armageddon, multiplayer Swiss with its final table, fixed
// schedules, teams, drafts, challenges) with sim, adds decks, judges, a
// judge log, a clock and a league, exports the event, imports it into an
// empty database and exports it again: the two files are the same. It then
// imports the file into the first database too, where the players join
// the directory's players, and that export is the same as well.
func TestEventFileRoundTripsEveryFormat(t *testing.T) {
	formats := 0
	for _, g := range rules.Catalogue() {
		for _, f := range g.Formats {
			formats++
			t.Run(g.Key+"/"+f.Key, func(t *testing.T) {
				t.Parallel()
				dir := t.TempDir()
				a, b := filepath.Join(dir, "a.db"), filepath.Join(dir, "b.db")
				// 17 players: odd, so schedules and pods are left with short
				// tables once players drop.
				mustRun(t, "sim", "--db", a, "--game", g.Key, "--format", f.Key, "--players", "17", "--seed", "5")
				enrich(t, a, 1)
				first, second, third := filepath.Join(dir, "1.json"), filepath.Join(dir, "2.json"), filepath.Join(dir, "3.json")
				mustRun(t, "export", "--db", a, "--event", "1", "--report", "event-json", "--out", first)
				mustRun(t, "import", "--db", b, "--event-json", first)
				mustRun(t, "export", "--db", b, "--event", "1", "--report", "event-json", "--out", second)
				sameFile(t, first, second)

				known := countRows(t, a, "players")
				mustRun(t, "import", "--db", a, "--event-json", first)
				if n := countRows(t, a, "players"); n != known {
					t.Errorf("importing into the same database added %d directory players; they should join the ones there", n-known)
				}
				mustRun(t, "export", "--db", a, "--event", "2", "--report", "event-json", "--out", third)
				sameFile(t, first, third)

				doc := readDoc(t, first)
				if len(doc.Rounds) == 0 || len(doc.Decks) != 2 || len(doc.JudgeLog) != 2 || doc.JudgeLog[1].Corrects != 1 || len(doc.Log) == 0 {
					t.Errorf("the file lacks part of the event: %d rounds, %d decks, %d judge log lines, %d log lines",
						len(doc.Rounds), len(doc.Decks), len(doc.JudgeLog), len(doc.Log))
				}
				if doc.Event.Settings.HasDraft() && doc.Draft == nil {
					t.Error("a draft format's file has no draft pods")
				}
				if g.Key == "shadowfist" && doc.Event.Settings.TableSize > 2 && (doc.League == nil || doc.League.Week != 3) {
					t.Errorf("league membership lost: %+v", doc.League)
				}
			})
		}
	}
	if formats < 10 {
		t.Fatalf("the catalogue has only %d formats", formats)
	}
}

func readDoc(t *testing.T, path string) transfer.Document {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	doc, err := transfer.Decode(f)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return doc
}

func sameFile(t *testing.T, a, b string) {
	t.Helper()
	x, err := os.ReadFile(a)
	if err != nil {
		t.Fatal(err)
	}
	y, err := os.ReadFile(b)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(x, y) {
		xs, ys := strings.Split(string(x), "\n"), strings.Split(string(y), "\n")
		for i := range min(len(xs), len(ys)) {
			if xs[i] != ys[i] {
				t.Fatalf("%s and %s differ from line %d:\n%s\n%s", filepath.Base(a), filepath.Base(b), i+1, xs[i], ys[i])
			}
		}
		t.Fatalf("%s has %d lines, %s %d", filepath.Base(a), len(xs), filepath.Base(b), len(ys))
	}
}

// dump returns every row of every table of a database, sorted, to tell
// whether anything changed.
func dump(t *testing.T, path string) []string {
	t.Helper()
	db, err := sql.Open("sqlite3", "file:"+path+"?mode=ro")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	names, err := db.Query(`SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name`)
	if err != nil {
		t.Fatal(err)
	}
	var tables []string
	for names.Next() {
		var n string
		if err := names.Scan(&n); err != nil {
			t.Fatal(err)
		}
		tables = append(tables, n)
	}
	names.Close()
	var out []string
	for _, tb := range tables {
		rows, err := db.Query(`SELECT * FROM "` + tb + `"`)
		if err != nil {
			t.Fatal(err)
		}
		cols, _ := rows.Columns()
		for rows.Next() {
			vals := make([]any, len(cols))
			ptrs := make([]any, len(cols))
			for i := range vals {
				ptrs[i] = &vals[i]
			}
			if err := rows.Scan(ptrs...); err != nil {
				t.Fatal(err)
			}
			out = append(out, tb+fmt.Sprint(vals...))
		}
		rows.Close()
	}
	slices.Sort(out)
	return out
}

func countRows(t *testing.T, path, table string) int {
	t.Helper()
	n := 0
	for _, row := range dump(t, path) {
		if strings.HasPrefix(row, table+"[") {
			n++
		}
	}
	return n
}

// TestBadEventFilesChangeNothing imports files that are not JSON, another
// program's JSON, a newer version, a file missing a field, a file whose
// entry names a player it does not hold, one with an impossible result, and
// one that only the database can refuse (a member number that belongs to
// someone else there): each is refused with one line naming what is wrong,
// and the database keeps every row as it was.
func TestBadEventFilesChangeNothing(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "t.db")
	mustRun(t, "sim", "--db", db, "--game", "generic", "--format", "swiss", "--players", "8", "--seed", "2")
	good := filepath.Join(dir, "good.json")
	mustRun(t, "export", "--db", db, "--event", "1", "--report", "event-json", "--out", good)
	doc := readDoc(t, good)
	write := func(name string, data []byte) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, data, 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	edit := func(f func(*transfer.Document)) []byte {
		d := readDoc(t, good)
		f(&d)
		var b bytes.Buffer
		if err := transfer.Encode(&b, d); err != nil {
			t.Fatal(err)
		}
		return b.Bytes()
	}
	raw, _ := os.ReadFile(good)
	cases := []struct{ name, file, want string }{
		{"not JSON", write("a.csv", []byte("name;member\nAda;1\n")), "not JSON"},
		{"another program's JSON", write("b.json", []byte(`{"tournament": {"name": "x"}}`)), "not a Tablekeeper event"},
		{"a newer version", write("c.json", bytes.Replace(raw, []byte(`"version": 3`), []byte(`"version": 7`), 1)), "newer Tablekeeper"},
		{"a missing field", write("d.json", bytes.Replace(raw, []byte(`"state": "finished",`), nil, 1)), `no "state" field`},
		{"an entry of a player not there", write("e.json", edit(func(d *transfer.Document) { d.Entries[3].Player = 99 })), "names player 99"},
		{"an impossible result", write("f.json", edit(func(d *transfer.Document) {
			d.Rounds[1].Tables[0].Result.Seats[0].GamesWon, d.Rounds[1].Tables[0].Result.Seats[1].GamesWon = 2, 2
		})), "more games than a best of 3"},
		{"an unknown format", write("g.json", edit(func(d *transfer.Document) { d.Event.Format = "swiss-2099" })), "does not know"},
		{"a member number of someone else", write("h.json", edit(func(d *transfer.Document) {
			d.Players[0].MemberNo = "M-1"
			d.Players[0].Name = "Somebody Else"
		})), "member number M-1 belongs to"},
	}
	// The last case needs a directory player holding M-1 with another name.
	st := testdb.Reopen(t, db)
	err := st.Write(context.Background(), func(tx director.Tx) error {
		return tx.CreatePlayer(&event.Player{Name: "Mina Member", MemberNo: "M-1"})
	})
	st.Close()
	if err != nil {
		t.Fatal(err)
	}
	before := dump(t, db)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			code, _, errOut := runCmd("import", "--db", db, "--event-json", c.file)
			if code != 1 || !strings.Contains(errOut, c.want) || strings.Count(strings.TrimSpace(errOut), "\n") > 0 {
				t.Fatalf("exit %d, stderr %q; want exit 1 and one line saying %q", code, errOut, c.want)
			}
			if after := dump(t, db); !slices.Equal(before, after) {
				t.Fatalf("the refused import changed the database (%d rows before, %d after)", len(before), len(after))
			}
		})
	}
	if len(doc.Players) != 8 {
		t.Errorf("the good file has %d players", len(doc.Players))
	}
}

// TestExportIsTheSameInEveryZoneAndLanguage exports one database in child
// processes under other time zones and languages: the files are the same,
// because times are written in UTC and the event's date is a calendar day.
func TestExportIsTheSameInEveryZoneAndLanguage(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "t.db")
	mustRun(t, "sim", "--db", db, "--game", "generic", "--format", "swiss-top8", "--players", "12", "--seed", "4")
	enrich(t, db, 1)
	envs := [][]string{
		{"TZ=UTC", "LANG=C", "LC_ALL=C"},
		{"TZ=America/Los_Angeles", "LANG=C", "LC_ALL=C"},
		{"TZ=Asia/Tokyo", "LANG=fr_FR.UTF-8", "LC_ALL=fr_FR.UTF-8"},
		{"TZ=Pacific/Kiritimati", "LANG=fr_FR.UTF-8", "LC_ALL=fr_FR.UTF-8"},
	}
	var files []string
	for i, env := range envs {
		out := filepath.Join(dir, fmt.Sprintf("%d.json", i))
		cmd := exec.Command(os.Args[0], "-test.run=^TestChildCommand$")
		cmd.Env = append(os.Environ(), env...)
		cmd.Env = append(cmd.Env, "TABLEKEEPER_TEST_RUN="+strings.Join([]string{"export", "--db", db, "--event", "1", "--report", "event-json", "--out", out}, "\x1f"))
		if b, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("%v: %v\n%s", env, err, b)
		}
		files = append(files, out)
	}
	for _, f := range files[1:] {
		sameFile(t, files[0], f)
	}
	if doc := readDoc(t, files[0]); len(doc.Event.Date) != len(transfer.DateLayout) {
		t.Errorf("the event's date %q is not a calendar date", doc.Event.Date)
	}
}

// TestChildCommand runs the command in TABLEKEEPER_TEST_RUN, for tests that
// need another process (another time zone or language).
func TestChildCommand(t *testing.T) {
	args := os.Getenv("TABLEKEEPER_TEST_RUN")
	if args == "" {
		return
	}
	if code, _, errOut := runCmd(strings.Split(args, "\x1f")...); code != 0 {
		t.Fatalf("exit %d: %s (TZ %s, local zone %s)", code, errOut, os.Getenv("TZ"), time.Now().Location())
	}
	if os.Getenv("TZ") != "UTC" && time.Now().Location().String() == "UTC" {
		t.Fatalf("TZ=%s did not take", os.Getenv("TZ"))
	}
}

// TestACopiedDatabaseOpensTheSameEventsElsewhere backs a database up, moves
// the copy to another folder under another name, and opens it from another
// working directory: it holds the same events, exported the same.
func TestACopiedDatabaseOpensTheSameEventsElsewhere(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "store", "t.db")
	if err := os.MkdirAll(filepath.Dir(db), 0o700); err != nil {
		t.Fatal(err)
	}
	mustRun(t, "sim", "--db", db, "--game", "keyforge", "--format", "archon-standard", "--players", "10", "--seed", "8")
	copyPath := filepath.Join(dir, "backup.db")
	mustRun(t, "backup", "--db", db, "--out", copyPath)
	elsewhere := filepath.Join(dir, "other laptop", "Événements")
	if err := os.MkdirAll(elsewhere, 0o700); err != nil {
		t.Fatal(err)
	}
	moved := filepath.Join(elsewhere, "tournoi.db")
	if err := os.Rename(copyPath, moved); err != nil {
		t.Fatal(err)
	}
	if err := os.RemoveAll(filepath.Dir(db)); err != nil { // the original is gone
		t.Fatal(err)
	}
	wd, _ := os.Getwd()
	t.Cleanup(func() { os.Chdir(wd) })
	if err := os.Chdir(elsewhere); err != nil {
		t.Fatal(err)
	}
	out := mustRun(t, "check", "--db", "tournoi.db")
	if !strings.Contains(out, "Simulated event (10 players)") {
		t.Fatalf("the copy does not list the event:\n%s", out)
	}
	mustRun(t, "export", "--db", "tournoi.db", "--event", "1", "--report", "event-json", "--out", "e.json")
	if doc := readDoc(t, filepath.Join(elsewhere, "e.json")); len(doc.Entries) != 10 || len(doc.Rounds) == 0 {
		t.Fatalf("the copy's event has %d entries and %d rounds", len(doc.Entries), len(doc.Rounds))
	}
}

// BenchmarkEventFile1024 times exporting and importing a finished Swiss
// event of 1024 players (11 rounds).
func BenchmarkEventFile1024(b *testing.B) {
	dir := b.TempDir()
	db := filepath.Join(dir, "t.db")
	mustRun(b, "sim", "--db", db, "--game", "generic", "--format", "swiss", "--players", "1024", "--seed", "1")
	d := testdb.Director(testdb.Reopen(b, db), time.Now, 1, 1)
	ctx := context.Background()
	doc, err := d.Transfer.ExportEvent(ctx, 1)
	if err != nil {
		b.Fatal(err)
	}
	b.Run("export", func(b *testing.B) {
		for b.Loop() {
			var buf bytes.Buffer
			doc, err := d.Transfer.ExportEvent(ctx, 1)
			if err == nil {
				err = transfer.Encode(&buf, doc)
			}
			if err != nil {
				b.Fatal(err)
			}
			b.ReportMetric(float64(buf.Len()), "bytes/file")
		}
	})
	b.Run("import", func(b *testing.B) {
		var buf bytes.Buffer
		if err := transfer.Encode(&buf, doc); err != nil {
			b.Fatal(err)
		}
		for b.Loop() {
			got, err := transfer.Decode(bytes.NewReader(buf.Bytes()))
			if err == nil {
				_, err = d.Transfer.ImportEvent(ctx, got)
			}
			if err != nil {
				b.Fatal(err)
			}
		}
	})
}
