package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/core/store"
	"tablekeeper/internal/cli"
	"tablekeeper/internal/testdb"
	"tablekeeper/reports/printing"
)

func runCmd(args ...string) (code int, stdout, stderr string) {
	var o, e bytes.Buffer
	code = run(args, &o, &e)
	return code, o.String(), e.String()
}

// newSwissEvent creates the database file db with one generic Swiss event
// called name, and closes it.
func newSwissEvent(t *testing.T, db, name string) event.Event {
	t.Helper()
	st, err := store.Open(db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	e, err := cli.NewDirector(st).Events.CreateEvent(context.Background(), director.NewEvent{Name: name, Game: "generic", Format: "swiss"})
	if err != nil {
		t.Fatal(err)
	}
	return e
}

func TestSimSameSeedSameOutput(t *testing.T) {
	dir := t.TempDir()
	args := func(db string, seed string) []string {
		return []string{"sim", "--db", filepath.Join(dir, db), "--game", "altered", "--format", "standard-bo3", "--players", "9", "--seed", seed}
	}
	code, a, stderr := runCmd(args("a.db", "7")...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	_, b, _ := runCmd(args("b.db", "7")...)
	_, c, _ := runCmd(args("c.db", "8")...)
	if a != b {
		t.Errorf("same seed, different output:\n%s\n---\n%s", a, b)
	}
	if a == c {
		t.Error("another seed printed the same event")
	}
	// Altered Standard best of three plays 3 rounds (A3), then the top 8.
	for _, want := range []string{"3 rounds", "round  1:", "round  3:", "final top 8:"} {
		if !strings.Contains(a, want) {
			t.Errorf("output lacks %q:\n%s", want, a)
		}
	}
	if n := strings.Count(a, "round "); n != 3 {
		t.Errorf("%d round lines:\n%s", n, a)
	}
}

// sim --open-round stops at the last round, published with no results,
// and export then prints that round's pairings; the event stays open.
func TestSimOpenRoundLeavesTheLastRoundOpen(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "open.db")
	code, out, stderr := runCmd("sim", "--db", db, "--game", "generic", "--format", "single-elimination", "--players", "8", "--seed", "4", "--open-round")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if last := lines[len(lines)-1]; !strings.HasPrefix(last, "round  3") || !strings.Contains(last, "1 tables, published and open with no results") || strings.Contains(out, "final top") {
		t.Errorf("output:\n%s", out)
	}
	code, out, stderr = runCmd("check", "--db", db)
	if code != 0 || !strings.Contains(out, ", running, 8 players, 3 rounds") {
		t.Errorf("check: exit %d\n%s%s", code, out, stderr)
	}
	if code, out, stderr := runCmd("export", "--db", db, "--event", "1", "--report", "slips", "--out", filepath.Join(dir, "final.pdf")); code != 0 || !strings.Contains(out, "round 3 match slips") {
		t.Errorf("export of the open round: exit %d %s%s", code, out, stderr)
	}
}

func TestCommandsRejectBadInputWithOneLine(t *testing.T) {
	dir := t.TempDir()
	notDB := filepath.Join(dir, "notes.db")
	if err := os.WriteFile(notDB, []byte("shopping list: sleeves, dice\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"frobnicate"}, 2, `unknown command "frobnicate"`},
		{[]string{"sim", "--players", "8"}, 2, "--db is required"},
		{[]string{"sim", "--db", filepath.Join(dir, "x.db"), "--players", "1"}, 2, "--players must be between 2"},
		{[]string{"sim", "--db", filepath.Join(dir, "x.db"), "--players", "8", "--game", "chess"}, 2, `unknown game "chess"`},
		{[]string{"sim", "--db", filepath.Join(dir, "x.db"), "--players", "eight"}, 2, "invalid value"},
		{[]string{"check", "--db", filepath.Join(dir, "missing.db")}, 1, "no database at"},
		{[]string{"check", "--db", notDB}, 1, "not a Tablekeeper database"},
		{[]string{"export", "--db", notDB, "--event", "1", "--report", "pairings", "--out", filepath.Join(dir, "p.pdf")}, 1, "not a Tablekeeper database"},
		{[]string{"export", "--db", notDB, "--event", "1", "--report", "scoresheet", "--out", "x.pdf"}, 2, "--report must be one of pairings, pairings-by-name"},
		{[]string{"games", "extra"}, 2, "takes no arguments"},
		{[]string{"sim", "--db", filepath.Join(dir, "x.db"), "--players", "8", "--game", "shadowfist", "--format", "who-wants-some", "--open-round"}, 2, "--open-round needs rounds"},
		{[]string{"sim", "--db", filepath.Join(dir, "x.db"), "--players", "8", "--format", "single-elimination", "--rounds", "3"}, 2, "--rounds applies to Swiss formats"},
		{[]string{"bench"}, 2, "name the engine"},
		{[]string{"bench", "--n", "8"}, 2, "name the engine"},
		{[]string{"bench", "elimination", "--n", "8"}, 2, `unknown engine "elimination"`},
		{[]string{"bench", "swiss", "--n", "eight"}, 2, "invalid value"},
		{[]string{"bench", "swiss", "--n", "1"}, 2, "--n must be between 2"},
		{[]string{"bench", "swiss", "--n", "8", "--seed", "4294967296"}, 2, "--seed must be between"},
		{[]string{"bench", "swiss", "--n", "8", "extra"}, 2, `unexpected argument "extra"`},
		{[]string{"export", "--db", notDB, "--event", "1", "--report", "tdf"}, 2, "--out is required"},
		{[]string{"import", "--db", notDB, "--tdf", "a.tdf", "--event", "1"}, 2, "--tdf imports a TOM file as new events"},
	} {
		code, _, stderr := runCmd(c.args...)
		if code != c.code || !strings.Contains(stderr, c.want) || strings.Count(stderr, "\n") != 1 {
			t.Errorf("%v: exit %d, stderr %q; want exit %d and one line with %q", c.args, code, stderr, c.code, c.want)
		}
	}
	if data, _ := os.ReadFile(notDB); string(data) != "shopping list: sleeves, dice\n" {
		t.Error("a failed open changed the file")
	}
	if _, err := os.Stat(filepath.Join(dir, "x.db")); err == nil {
		t.Error("a refused sim created its database")
	}
}

// bench swiss prints the harness's JSON lines: start, a line per round,
// end.
func TestBenchSwissPrintsItsLines(t *testing.T) {
	code, out, stderr := runCmd("bench", "swiss", "--n", "9", "--rounds", "2", "--seed", "3")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != 0 || len(lines) != 4 || lines[0] != `{"ev":"start","N":9,"R":2,"seed":3}` ||
		!strings.HasPrefix(lines[1], `{"ev":"round","round":1,"pairMs":`) || !strings.HasPrefix(lines[3], `{"ev":"end","maxRssMB":`) {
		t.Errorf("exit %d %q\n%s", code, stderr, out)
	}
}

func TestSimThenCheckAndExport(t *testing.T) {
	if _, err := exec.LookPath("pdftotext"); err != nil {
		t.Fatal("pdftotext (poppler-utils) is needed to read the exported PDF back: make test installs it")
	}
	dir := t.TempDir()
	db := filepath.Join(dir, "event.db")
	if code, _, stderr := runCmd("sim", "--db", db, "--players", "8", "--seed", "3"); code != 0 {
		t.Fatal(stderr)
	}
	code, out, stderr := runCmd("check", "--db", db)
	if code != 0 || !strings.Contains(out, "integrity: ok") || !strings.Contains(out, "event 1:") || !strings.Contains(out, "8 players in the directory") {
		t.Fatalf("check: exit %d\n%s%s", code, out, stderr)
	}
	pdf := filepath.Join(dir, "round2.pdf")
	code, out, stderr = runCmd("export", "--db", db, "--event", "1", "--report", "pairings", "--round", "2", "--out", pdf)
	if code != 0 || !strings.Contains(out, "4 tables") {
		t.Fatalf("export: exit %d\n%s%s", code, out, stderr)
	}
	text, err := exec.Command("pdftotext", "-layout", pdf, "-").Output()
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(text), "Round 2") {
		t.Errorf("the PDF does not say Round 2:\n%s", text)
	}
	if code, _, stderr := runCmd("export", "--db", db, "--event", "9", "--report", "pairings", "--out", pdf); code != 1 || !strings.Contains(stderr, "not found") && !strings.Contains(stderr, "no event") && !strings.Contains(stderr, "event 9") {
		t.Errorf("unknown event: exit %d %q", code, stderr)
	}
}

func TestHelpListsEveryCommand(t *testing.T) {
	code, out, _ := runCmd("help")
	if code != 0 {
		t.Fatal(code)
	}
	for _, c := range commands() {
		if !strings.Contains(out, "tablekeeper "+c.usage) {
			t.Errorf("help lacks %q", c.usage)
		}
	}
}

// Rule S12: the schedule command prints every round with each player once,
// and 16 players at tables of 4 run 5 rounds with no repeat meeting.
func TestScheduleCommand(t *testing.T) {
	code, out, stderr := runCmd("schedule", "--players", "16", "--table", "4")
	if code != 0 {
		t.Fatal(stderr)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if lines[0] != "16 players at tables of 4, 5 rounds" || len(lines) != 7 {
		t.Fatalf("output:\n%s", out)
	}
	for _, l := range lines[1:6] {
		for c := 'A'; c < 'A'+16; c++ {
			if strings.Count(l, " "+string(c)) != 1 {
				t.Errorf("%q seats %c %d times", l, c, strings.Count(l, " "+string(c)))
			}
		}
	}
	if !strings.HasPrefix(lines[6], "no pair meets twice in the first 5 rounds (at most 5 possible); 0 repeat meetings") {
		t.Errorf("summary %q", lines[6])
	}
	if code, _, stderr := runCmd("schedule", "--players", "16", "--table", "6"); code != 2 || !strings.Contains(stderr, "--table must be 3 to 5") {
		t.Errorf("bad table: %d %q", code, stderr)
	}
}

// Every report the Print menu offers is exported from a simulated event,
// and each file holds what it says.
func TestEveryReportExports(t *testing.T) {
	if _, err := exec.LookPath("pdftotext"); err != nil {
		t.Fatal("pdftotext (poppler-utils) is needed: make test installs it")
	}
	dir := t.TempDir()
	db := filepath.Join(dir, "event.db")
	if code, _, stderr := runCmd("sim", "--db", db, "--game", "generic", "--format", "swiss-top8", "--players", "16", "--seed", "3"); code != 0 {
		t.Fatal(stderr)
	}
	for _, k := range printing.Kinds() {
		out := filepath.Join(dir, k.Key+"."+k.Ext)
		code, stdout, stderr := runCmd("export", "--db", db, "--event", "1", "--report", k.Key, "--out", out, "--paper", "Letter")
		if k.Key == "decklists" {
			// sim registers no decks: the report says so and writes nothing.
			if _, err := os.Stat(out); code != 1 || !strings.Contains(stderr, "no decks registered") || err == nil {
				t.Errorf("decklists without decks: exit %d %q", code, stderr)
			}
			continue
		}
		if code != 0 || !strings.HasPrefix(stdout, "wrote ") {
			t.Errorf("%s: exit %d %q %q", k.Key, code, stdout, stderr)
			continue
		}
		var text []byte
		var err error
		if k.Ext == "pdf" {
			text, err = exec.Command("pdftotext", "-layout", out, "-").Output()
		} else {
			text, err = os.ReadFile(out)
		}
		low := strings.ToLower(string(text))
		if err != nil || len(text) < 50 || !strings.Contains(low, "round") && !strings.Contains(low, "name") && !strings.Contains(low, "standings") && !strings.Contains(low, "log") && !strings.Contains(low, "bracket") && !strings.Contains(low, "decklist") {
			t.Errorf("%s: %v\n%.300s", k.Key, err, text)
		}
	}
}

func TestImportPlayersReportsBadRows(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "event.db")
	newSwissEvent(t, db, "Import night")
	csv := filepath.Join(dir, "players.csv")
	os.WriteFile(csv, []byte("Name,Member #,E-mail\nZoë Ødegård,77,zoe@example.org\n,78,\n李小龍,,li@\nAda Lovelace,,\n"), 0o644)
	code, out, stderr := runCmd("import", "--db", db, "--event", "1", "--players", csv)
	if code != 0 || !strings.Contains(out, "registered 2 player(s)") || strings.Count(out, "not taken") != 2 || !strings.Contains(out, "row 3") {
		t.Errorf("import: exit %d\n%s%s", code, out, stderr)
	}
}

// The export guard: `export --out X.db` over the open database (or any
// other SQLite file) is refused and leaves the database byte-identical.
func TestExportGuardNeverWritesOverADatabase(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "event.db")
	other := filepath.Join(dir, "other.db")
	for _, p := range []string{db, other} {
		if code, _, stderr := runCmd("sim", "--db", p, "--players", "8", "--seed", "3"); code != 0 {
			t.Fatal(stderr)
		}
	}
	for _, out := range []string{db, other} {
		before, _ := os.ReadFile(out)
		code, stdout, stderr := runCmd("export", "--db", db, "--event", "1", "--report", "standings-csv", "--out", out)
		if code != 1 || strings.Contains(stdout, "wrote") || !strings.Contains(stderr, "database") {
			t.Errorf("export over %s: exit %d, %q %q", filepath.Base(out), code, stdout, stderr)
		}
		if after, _ := os.ReadFile(out); !bytes.Equal(before, after) {
			t.Errorf("%s changed", filepath.Base(out))
		}
	}
	if code, out, stderr := runCmd("check", "--db", db); code != 0 || !strings.Contains(out, "integrity: ok") {
		t.Fatalf("check after the refused exports: %d %s %s", code, out, stderr)
	}
}

// Standings before round 1 say that no round has been played, not "round 0".
func TestStandingsBeforeRoundOneSayNoRoundHasBeenPlayed(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "event.db")
	e := newSwissEvent(t, db, "Friday")
	for _, kind := range []string{"standings", "standings-csv"} {
		code, _, stderr := runCmd("export", "--db", db, "--event", fmt.Sprint(e.ID), "--report", kind, "--out", filepath.Join(dir, "s."+kind))
		if code != 1 || !strings.Contains(stderr, "No round has been played yet") || strings.Contains(stderr, "round 0") {
			t.Errorf("%s before round 1: exit %d, %q", kind, code, stderr)
		}
	}
}

// Import atomic: a players import killed at any moment leaves all of its
// rows or none; the re-import then registers each player once, and a
// further one changes nothing.
func TestImportAtomicWhenKilledAndIdempotent(t *testing.T) {
	if os.Getenv("TK_IMPORT_CHILD") != "" {
		code, _, stderr := runCmd("import", "--db", os.Getenv("TK_DB"), "--event", "1", "--players", os.Getenv("TK_CSV"))
		if code != 0 {
			t.Fatal(stderr)
		}
		return
	}
	dir := t.TempDir()
	csv := filepath.Join(dir, "players.csv")
	var b strings.Builder
	b.WriteString("name,email\n")
	const n = 40_000
	for i := range n {
		fmt.Fprintf(&b, "Player %05d,p%d@example.org\n", i, i)
	}
	if err := os.WriteFile(csv, []byte(b.String()), 0o600); err != nil {
		t.Fatal(err)
	}
	count := func(db string) int {
		st, err := store.Open(db)
		if err != nil {
			t.Fatal(err)
		}
		defer st.Close()
		en, err := cli.NewDirector(st).Registration.Entries(context.Background(), 1)
		if err != nil {
			t.Fatal(err)
		}
		return len(en)
	}
	for trial, delay := range []time.Duration{50 * time.Millisecond, 250 * time.Millisecond, 600 * time.Millisecond} {
		db := filepath.Join(dir, fmt.Sprintf("t%d.db", trial))
		newSwissEvent(t, db, "Big night")
		cmd := exec.Command(os.Args[0], "-test.run=^TestImportAtomicWhenKilledAndIdempotent$")
		cmd.Env = append(os.Environ(), "TK_IMPORT_CHILD=1", "TK_DB="+db, "TK_CSV="+csv)
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		time.Sleep(delay)
		cmd.Process.Kill()
		cmd.Wait()
		if got := count(db); got != 0 && got != n {
			t.Fatalf("killed after %v: %d of %d players registered", delay, got, n)
		}
		for range 2 {
			if code, out, stderr := runCmd("import", "--db", db, "--event", "1", "--players", csv); code != 0 {
				t.Fatalf("re-import: %d %s %s", code, out, stderr)
			}
		}
		if got := count(db); got != n {
			t.Fatalf("after re-importing: %d entries, want %d", got, n)
		}
	}
	code, out, _ := runCmd("import", "--db", filepath.Join(dir, "t0.db"), "--event", "1", "--players", csv)
	if code != 0 || !strings.Contains(out, "registered 0 player(s)") || !strings.Contains(out, "already registered: 40000") {
		t.Errorf("a third import said %q", out)
	}
}

// Backup at command level: a consistent copy that check reads, never over
// an existing file; check and sim refuse an empty file and leave it empty.
func TestBackupCommandAndEmptyFiles(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "event.db")
	if code, _, stderr := runCmd("sim", "--db", db, "--players", "8", "--seed", "3"); code != 0 {
		t.Fatal(stderr)
	}
	out := filepath.Join(dir, "copy.db")
	if code, stdout, stderr := runCmd("backup", "--db", db, "--out", out); code != 0 || !strings.Contains(stdout, "backed up") {
		t.Fatalf("backup: %d %s %s", code, stdout, stderr)
	}
	if code, stdout, _ := runCmd("check", "--db", out); code != 0 || !strings.Contains(stdout, "8 players in the directory") {
		t.Fatalf("check of the backup: %s", stdout)
	}
	if code, _, stderr := runCmd("backup", "--db", db, "--out", out); code != 1 || !strings.Contains(stderr, "already exists") {
		t.Errorf("backup over a file: %d %s", code, stderr)
	}
	empty := filepath.Join(dir, "empty.db")
	os.WriteFile(empty, nil, 0o600)
	if code, _, stderr := runCmd("check", "--db", empty); code != 1 || !strings.Contains(stderr, "empty file") {
		t.Errorf("check of an empty file: %d %s", code, stderr)
	}
	if info, _ := os.Stat(empty); info.Size() != 0 {
		t.Errorf("check changed the empty file: %d bytes", info.Size())
	}
	// sim creates a missing database, but does not fill an empty file (a
	// failed copy): every headless command refuses it.
	if code, _, stderr := runCmd("sim", "--db", empty, "--players", "8"); code != 1 || !strings.Contains(stderr, "empty file") {
		t.Errorf("sim on an empty file: %d %s", code, stderr)
	}
	if info, _ := os.Stat(empty); info.Size() != 0 {
		t.Errorf("sim filled the empty file: %d bytes", info.Size())
	}
}

// Backup: the app's director takes a snapshot after each published round
// (store.RoundSnapshots), which check reads as the database.
func TestBackupSnapshotAfterEachPublishedRound(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	st := testdb.Reopen(t, testdb.Fresh(t, filepath.Join(dir, "event.db")))
	d := cli.NewDirector(st)
	d.SetSnapshot(st.RoundSnapshots(time.Now))
	e, err := d.Events.CreateEvent(ctx, director.NewEvent{Name: "Friday: Swiss", Game: "generic", Format: "swiss"})
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []string{"Ada", "Bob", "Cy", "Dee"} {
		if _, err := d.Registration.RegisterNew(ctx, e.ID, director.NewPlayer{Name: n}); err != nil {
			t.Fatal(err)
		}
	}
	r, err := d.Rounds.PairNextRound(ctx, e.ID)
	if err != nil {
		t.Fatal(err)
	}
	if err := d.Drafts.PublishRound(ctx, e.ID, r.Number); err != nil {
		t.Fatal(err)
	}
	snaps, _ := filepath.Glob(filepath.Join(dir, "backups", "*.db"))
	if len(snaps) != 1 || !strings.Contains(filepath.Base(snaps[0]), "Friday- Swiss - event 1 - round 01 - ") {
		t.Fatalf("snapshots after round 1: %q", snaps)
	}
	if code, out, _ := runCmd("check", "--db", snaps[0]); code != 0 || !strings.Contains(out, "4 players") {
		t.Fatalf("check of the snapshot: %s", out)
	}
}

// Quiet commands: under the C locales of containers (LANG=C.UTF-8) the
// commands print only their own lines (the GUI toolkit used to print a
// locale error while the program loaded), and two runs of sim with the
// same seed print the same bytes.
func TestQuietCommandsUnderTheCLocale(t *testing.T) {
	if os.Getenv("TK_QUIET_CHILD") != "" {
		os.Exit(run(strings.Fields(os.Getenv("TK_ARGS")), os.Stdout, os.Stderr))
	}
	dir := t.TempDir()
	runChild := func(lang string, args ...string) string {
		cmd := exec.Command(os.Args[0], "-test.run=^TestQuietCommandsUnderTheCLocale$")
		var env []string
		for _, kv := range os.Environ() {
			if !strings.HasPrefix(kv, "LANG=") && !strings.HasPrefix(kv, "LC_") && !strings.HasPrefix(kv, "LANGUAGE=") {
				env = append(env, kv)
			}
		}
		cmd.Env = append(env, "LANG="+lang, "TK_QUIET_CHILD=1", "TK_ARGS="+strings.Join(args, " "))
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%v: %v\n%s", args, err, out)
		}
		return string(out)
	}
	for _, lang := range []string{"C", "C.UTF-8", "POSIX"} {
		out := runChild(lang, "games")
		if strings.Contains(out, "Fyne") || strings.Contains(out, "locale") || !strings.HasPrefix(out, "Altered (--game altered)") {
			t.Errorf("games under LANG=%s printed:\n%.300s", lang, out)
		}
		a := runChild(lang, "sim", "--db", filepath.Join(dir, lang+"a.db"), "--players", "8", "--seed", "5")
		b := runChild(lang, "sim", "--db", filepath.Join(dir, lang+"b.db"), "--players", "8", "--seed", "5")
		if a != b || !strings.HasPrefix(a, "event 1: ") {
			t.Errorf("sim under LANG=%s: two runs differ or print more than their lines:\n%s\n---\n%s", lang, a, b)
		}
	}
}

// Second instance: while one Tablekeeper has a database open, sim and
// import on it are refused with a sentence naming the holder, and the
// read-only commands (check, export, backup) keep working beside it.
func TestSecondInstanceIsRefusedReadersWork(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "event.db")
	if code, _, stderr := runCmd("sim", "--db", db, "--players", "8", "--seed", "3"); code != 0 {
		t.Fatal(stderr)
	}
	holder, err := store.Open(db)
	if err != nil {
		t.Fatal(err)
	}
	defer holder.Close()
	csv := filepath.Join(dir, "p.csv")
	os.WriteFile(csv, []byte("name\nZoë\n"), 0o600)
	for _, args := range [][]string{
		{"sim", "--db", db, "--players", "8"},
		{"import", "--db", db, "--event", "1", "--players", csv},
	} {
		code, _, stderr := runCmd(args...)
		if code != 1 || !strings.Contains(stderr, "already open in another Tablekeeper") || !strings.Contains(stderr, "process") {
			t.Errorf("%s beside an open database: %d %q", args[0], code, stderr)
		}
	}
	for _, args := range [][]string{
		{"check", "--db", db},
		{"export", "--db", db, "--event", "1", "--report", "standings-csv", "--out", filepath.Join(dir, "s.csv")},
		{"backup", "--db", db, "--out", filepath.Join(dir, "b.db")},
	} {
		if code, _, stderr := runCmd(args...); code != 0 {
			t.Errorf("%s beside an open database: %d %q", args[0], code, stderr)
		}
	}
	// Once it is closed, the next writer opens it.
	holder.Close()
	if code, _, stderr := runCmd("import", "--db", db, "--event", "1", "--players", csv); code != 1 || strings.Contains(stderr, "another Tablekeeper") {
		t.Errorf("import after close: %d %q", code, stderr) // the event is finished: refused for that reason only
	}
}
