package store_test

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/core/standings"
	"tablekeeper/core/store"
	"tablekeeper/core/transfer"
	"tablekeeper/internal/linediff"
	"tablekeeper/internal/testdb"
)

// The legacy fixture (testdata/schema6.db, written by
// legacy_fixture_gen_test.go at schema 6) holds one event of every game
// and structure with options of its own, its settings stored as the flat
// JSON of that schema. These tests open a copy with today's code.

// legacyPoints and friends are the settings the fixture's formats share.
var (
	swissPoints      = event.Points{Win: 3, Draw: 1, Bye: 3}
	shadowfistPoints = event.Points{Win: 4, Draw: 1, TimeOutWin: 2}
	storeTiebreakers = []string{"omw", "gw", "ogw"}
)

// legacySettings are the fixture's events, by name, as today's settings:
// every value the generator wrote, each in its group.
var legacySettings = map[string]event.Settings{
	"Generic top cut": {Structure: event.StructureSwiss, TableSize: 2, GamesPerMatch: 3, RoundMinutes: 50, Rounds: 3, Points: swissPoints,
		Tiebreakers: []string{"omw", "gw", "ogw", "random"}, UnflooredGameWin: true, LateEntryLosses: true, TieSeed: 8210254535762813342,
		Playoff: event.PlayoffSettings{TopCut: 4, BestOf: 5, Minutes: 90, ThirdPlace: true}},
	"Shadowfist Swiss and final": {Structure: event.StructureSwiss, TableSize: 4, MinTableSize: 3, MaxTableSize: 5, GamesPerMatch: 1,
		RoundMinutes: 85, Rounds: 2, Points: shadowfistPoints, Tiebreakers: []string{"gp"}, TieSeed: 538391802614234977,
		Scoring: event.ScoringShadowfist, DeckRules: "shadowfist",
		FinalTable: event.FinalTableSettings{Size: 5, Secondary: true},
		Shadowfist: event.ShadowfistSettings{Environment: "old-masters", FivePlayerMinutes: 100,
			GamePoints: &event.GamePointValues{Seized: 5, Burned: 3, Played: 2, OtherBurned: 1, Reduce: -2, Controlled: 1, Increase: -3}}},
	"Shadowfist double elimination and final": {Structure: event.StructureDoubleFinal, TableSize: 2, GamesPerMatch: 1, RoundMinutes: 60,
		Points: event.Points{Win: 4, Draw: 1, Bye: 4, TimeOutWin: 2}, Tiebreakers: []string{"gw", "gp"}, TieSeed: 4873000916265413817,
		Scoring: event.ScoringShadowfist, DeckRules: "shadowfist",
		FinalTable: event.FinalTableSettings{Size: 3, Secondary: true},
		Shadowfist: event.ShadowfistSettings{Environment: "modern",
			GamePoints: &event.GamePointValues{Seized: 4, Burned: 4, Played: 1, Reduce: -1, Controlled: 2, Increase: -1}}},
	"Heresy Reascension": {Structure: event.StructureSwiss, TableSize: 3, MinTableSize: 3, MaxTableSize: 4, GamesPerMatch: 1,
		RoundMinutes: 80, Rounds: 2, Points: event.Points{Win: 13}, Tiebreakers: []string{"gp"}, TieSeed: 5179276273318732175,
		Scoring: event.ScoringHeresy, DeckRules: "heresy",
		Heresy: event.HeresySettings{H2Tables: true, TauGoal: 8, WinScore: 13, TimeOutBonus: 3}},
	"Heresy Revelations": {Structure: event.StructureSwiss, TableSize: 3, MinTableSize: 3, MaxTableSize: 4, GamesPerMatch: 1,
		RoundMinutes: 75, Rounds: 2, Points: event.Points{Win: 11}, Tiebreakers: []string{}, TieSeed: 1368210567101041952,
		Scoring: event.ScoringHeresy, DeckRules: "heresy-revelations",
		Heresy: event.HeresySettings{H2Tables: true, TauGoal: 7, WinScore: 12, TimeOutBonus: 1},
		Draft:  event.DraftSettings{Ideal: 4, Min: 3, Max: 5, Packs: 5}},
	"Altered booster draft": {Structure: event.StructureSwiss, TableSize: 2, GamesPerMatch: 1, RoundMinutes: 35, Rounds: 3,
		Points: swissPoints, Tiebreakers: storeTiebreakers, TieSeed: 7836593560026123460, DeckRules: "altered-limited",
		Draft: event.DraftSettings{Ideal: 6, Min: 4, Max: 8, Packs: 3}},
	"Altered 2v2": {Structure: event.StructureSwiss, TableSize: 4, GamesPerMatch: 1, RoundMinutes: 55, Rounds: 3,
		Points: swissPoints, Tiebreakers: storeTiebreakers, TieSeed: 1695509613880342879, DeckRules: "altered-constructed",
		Team: event.TeamSettings{Size: 2}},
	"Double elimination with reset": {Structure: event.StructureDoubleElimination, TableSize: 2, GamesPerMatch: 1, RoundMinutes: 40,
		Points: swissPoints, Tiebreakers: storeTiebreakers, Double: true, TieSeed: 657430428218175225,
		Playoff: event.PlayoffSettings{ThirdPlace: true}},
	"Double round robin": {Structure: event.StructureRoundRobin, TableSize: 2, GamesPerMatch: 3, RoundMinutes: 50,
		Points: swissPoints, Tiebreakers: []string{"h2h", "omw", "gw", "ogw"}, Double: true, TieSeed: 2231255208816611738},
	"Single elimination for third": {Structure: event.StructureSingleElimination, TableSize: 2, GamesPerMatch: 3, RoundMinutes: 50,
		Points: swissPoints, Tiebreakers: storeTiebreakers, TieSeed: 7677413285674361854,
		Playoff: event.PlayoffSettings{ThirdPlace: true}},
	"KeyForge Archon": {Structure: event.StructureKeyForge, TableSize: 2, GamesPerMatch: 1, RoundMinutes: 45,
		Points: swissPoints, Tiebreakers: storeTiebreakers, TieSeed: 4827001829303887082, DeckRules: "keyforge-archon",
		Playoff: event.PlayoffSettings{BestOf: 5, Minutes: 100}},
	"Heresy Armageddon": {Structure: event.StructureArmageddon, TableSize: 2, GamesPerMatch: 3, RoundMinutes: 75,
		Points: swissPoints, Tiebreakers: []string{"gw"}, Double: true, TieSeed: 311688329930119367, DeckRules: "heresy-armageddon"},
	"Shadowfist Whirlpool draft": {Structure: event.StructureSwiss, TableSize: 4, MinTableSize: 3, MaxTableSize: 5, GamesPerMatch: 1,
		RoundMinutes: 85, Rounds: 2, Points: shadowfistPoints, Tiebreakers: []string{"gp"}, TieSeed: 4476710344314957402,
		Scoring: event.ScoringShadowfist, DeckRules: "shadowfist",
		Shadowfist: event.ShadowfistSettings{Environment: "golden-comeback", FivePlayerMinutes: 115},
		Draft:      event.DraftSettings{Ideal: 5, Min: 3, Max: 6, Packs: 7}},
	"Swiss before its top cut": {Structure: event.StructureSwiss, TableSize: 2, GamesPerMatch: 1, RoundMinutes: 30, Rounds: 3,
		Points: swissPoints, Tiebreakers: storeTiebreakers, TieSeed: 106025218955591108,
		Playoff: event.PlayoffSettings{TopCut: 4, BestOf: 3, Minutes: 60}},
	"Final Brawl before its final table": {Structure: event.StructureSwiss, TableSize: 4, MinTableSize: 3, MaxTableSize: 4, GamesPerMatch: 1,
		RoundMinutes: 85, Rounds: 2, Points: shadowfistPoints, Tiebreakers: []string{"gp"}, TieSeed: 371146942249395771,
		Scoring: event.ScoringShadowfist, DeckRules: "shadowfist",
		FinalTable: event.FinalTableSettings{Size: 3},
		Shadowfist: event.ShadowfistSettings{FivePlayerMinutes: 110}},
	"Swiss still in registration": {Structure: event.StructureSwiss, TableSize: 2, GamesPerMatch: 3, RoundMinutes: 50, Rounds: 4,
		Points: swissPoints, Tiebreakers: storeTiebreakers, TieSeed: 7964521666393871342,
		Playoff: event.PlayoffSettings{TopCut: 8, Minutes: 75}},
}

// flatKeys are the keys of the flat shape that moved into a group;
// "finalTable" moved too, from a number to an object.
var flatKeys = []string{"topCut", "playoffBestOf", "playoffMinutes", "thirdPlace", "secondaryTable", "tableSizing", "tauGoal",
	"winScore", "timeOutBonus", "environment", "fivePlayerMinutes", "gamePoints", "draftIdeal", "draftMin", "draftMax", "draftPacks", "teamSize"}

// copyLegacy copies the fixture database to a temporary folder.
func copyLegacy(t *testing.T) string {
	t.Helper()
	return copyFixture(t, "schema6.db", "legacy.db")
}

// rawSettings reads each event's stored settings and the schema version
// straight from the file, by event name.
func rawSettings(t *testing.T, path string) (map[string]string, int) {
	t.Helper()
	raw, err := sql.Open("sqlite3", path)
	must(t, err)
	defer raw.Close()
	var version int
	must(t, raw.QueryRow(`PRAGMA user_version`).Scan(&version))
	rows, err := raw.Query(`SELECT name, settings FROM events`)
	must(t, err)
	defer rows.Close()
	out := map[string]string{}
	for rows.Next() {
		var name, settings string
		must(t, rows.Scan(&name, &settings))
		out[name] = settings
	}
	must(t, rows.Err())
	return out, version
}

// settingsDiff lists, field by field, where got differs from want:
// "Playoff.BestOf: 3, want 5".
func settingsDiff(got, want event.Settings) []string {
	var out []string
	var walk func(path string, g, w reflect.Value)
	walk = func(path string, g, w reflect.Value) {
		switch {
		case g.Kind() == reflect.Struct:
			for i := range g.NumField() {
				walk(strings.TrimPrefix(path+"."+g.Type().Field(i).Name, "."), g.Field(i), w.Field(i))
			}
		case g.Kind() == reflect.Pointer && !g.IsNil() && !w.IsNil():
			walk(path, g.Elem(), w.Elem())
		case !reflect.DeepEqual(g.Interface(), w.Interface()):
			out = append(out, fmt.Sprintf("%s: %v, want %v", path, g.Interface(), w.Interface()))
		}
	}
	walk("", reflect.ValueOf(got), reflect.ValueOf(want))
	return out
}

// checkNewShape checks one stored settings object: today's shape only,
// as today's code writes it.
func checkNewShape(t *testing.T, name, stored string) {
	t.Helper()
	s, err := event.DecodeSettingsStrict([]byte(stored))
	if err != nil {
		t.Errorf("%s: stored settings do not read strictly: %v", name, err)
		return
	}
	var keys map[string]json.RawMessage
	must(t, json.Unmarshal([]byte(stored), &keys))
	for _, k := range flatKeys {
		if _, ok := keys[k]; ok {
			t.Errorf("%s: the flat key %q is still stored: %s", name, k, stored)
		}
	}
	if ft, ok := keys["finalTable"]; ok && !bytes.HasPrefix(ft, []byte("{")) {
		t.Errorf("%s: finalTable is stored as %s, not as its group", name, ft)
	}
	if canonical, _ := json.Marshal(s); string(canonical) != stored {
		t.Errorf("%s: stored\n%s\nbut today's code writes\n%s", name, stored, canonical)
	}
}

// legacyDirector opens path with today's code.
func legacyDirector(t *testing.T, path string) *director.Director {
	t.Helper()
	return testdb.Director(testdb.Reopen(t, path), testdb.Stepping(time.Date(2026, 1, 10, 18, 0, 0, 0, time.UTC)), 7, 7)
}

// eventsByName lists the database's events by name.
func eventsByName(t *testing.T, d *director.Director) map[string]event.Event {
	t.Helper()
	list, err := d.Events.Events(context.Background())
	must(t, err)
	out := map[string]event.Event{}
	for _, e := range list {
		out[e.Name] = e.Event
	}
	return out
}

// TestLegacyDatabaseOpensAndMigrates opens a copy of a database written
// by schema 6: the migration to schema 7 leaves every event's settings
// with the values the old code wrote, field by field, stored in the new
// shape only; the standings are the ones the old code computed; and the
// events go on as they would have (a top cut of the old settings' best-of
// and minutes, a final table of the old size).
func TestLegacyDatabaseOpensAndMigrates(t *testing.T) {
	path := copyLegacy(t)
	before, version := rawSettings(t, path)
	if version != 6 || len(before) != len(legacySettings) {
		t.Fatalf("the fixture is at version %d with %d events; want 6 and %d", version, len(before), len(legacySettings))
	}
	for name, stored := range before {
		if !strings.Contains(stored, `"tieSeed"`) || strings.Contains(stored, `"playoff":`) {
			t.Fatalf("%s: the fixture does not hold the flat shape: %s", name, stored)
		}
	}

	d := legacyDirector(t, path)
	events := eventsByName(t, d)
	for name, want := range legacySettings {
		e, ok := events[name]
		if !ok {
			t.Errorf("%s: not in the migrated database", name)
			continue
		}
		for _, diff := range settingsDiff(e.Settings, want) {
			t.Errorf("%s: %s", name, diff)
		}
		if err := e.Settings.Validate(); err != nil {
			t.Errorf("%s: migrated settings do not validate: %v", name, err)
		}
	}

	after, version := rawSettings(t, path)
	if version < 7 {
		t.Errorf("after opening, the database is at version %d, want 7 or later", version)
	}
	for name, stored := range after {
		checkNewShape(t, name, stored)
	}

	want, err := os.ReadFile(filepath.Join("testdata", "schema6-standings.txt"))
	must(t, err)
	got := legacyStandings(t, d, events)
	compareLines(t, got, string(want))

	playOn(t, d, events)
}

// legacyStandings writes the standings and progress of the fixture's
// events in the generator's order and form.
func legacyStandings(t *testing.T, d *director.Director, events map[string]event.Event) string {
	t.Helper()
	ctx := context.Background()
	list := make([]event.Event, 0, len(events))
	for _, e := range events {
		list = append(list, e)
	}
	// The generator wrote them in ID order.
	slices.SortFunc(list, func(a, b event.Event) int { return int(a.ID - b.ID) })
	var w strings.Builder
	for _, e := range list {
		p, err := d.Rounds.Progress(ctx, e.ID)
		must(t, err)
		table, err := d.Rounds.Standings(ctx, e.ID)
		must(t, err)
		// The old code put players equal on points and every tiebreaker
		// in name order; a tie draw orders them now (issue 20 item 1),
		// so those rows (Drawn) are compared in name order, and so are a
		// team's players, who always share their team's rank and are not
		// marked (the draw orders them, but only among teammates);
		// everything else as computed.
		for lo := 0; lo < len(table); {
			hi := lo + 1
			for hi < len(table) && table[hi].Rank == table[lo].Rank && (table[hi].Drawn && table[lo].Drawn || e.Settings.Teams()) {
				hi++
			}
			slices.SortStableFunc(table[lo:hi], func(a, b standings.Standing) int { return strings.Compare(a.Name, b.Name) })
			lo = hi
		}
		fmt.Fprintf(&w, "# %s\n", e.Name)
		fmt.Fprintln(&w, legacyProgressLine(p.Rounds, p.Swiss, p.Cut, p.Planned, int(p.Next), p.NextRound, p.Ready, p.Done, p.Label().String()))
		for _, st := range table {
			fmt.Fprintln(&w, legacyStandingLine(st.Rank, st.Name, string(st.Status), st.Points, st.Matches, st.Wins, st.Losses, st.Draws, st.Byes,
				st.GamesWon, st.GamesLost, st.GamesDrawn, st.GamePoints, st.Buchholz, st.HeadToHead,
				st.MatchWin, st.GameWin, st.OppMatchWin, st.OppGameWin, st.OppOppMatchWin))
		}
		if !e.Settings.Teams() {
			continue
		}
		teams, err := d.Teams.TeamStandings(ctx, e.ID)
		must(t, err)
		fmt.Fprintf(&w, "# %s: teams\n", e.Name)
		for _, st := range teams {
			fmt.Fprintln(&w, legacyStandingLine(st.Rank, st.Name, string(st.Status), st.Points, st.Matches, st.Wins, st.Losses, st.Draws, st.Byes,
				st.GamesWon, st.GamesLost, st.GamesDrawn, st.GamePoints, st.Buchholz, st.HeadToHead,
				st.MatchWin, st.GameWin, st.OppMatchWin, st.OppGameWin, st.OppOppMatchWin))
		}
	}
	return w.String()
}

// compareLines reports the first lines where got and want differ.
func compareLines(t *testing.T, got, want string) {
	t.Helper()
	for _, l := range linediff.Lines(got, want, 5) {
		t.Errorf("line %d:\n got %s\nwant %s", l.N, l.A, l.B)
	}
}

// playOn takes the next step of the two events the fixture stopped just
// before their finals: the migrated settings decide them as the old ones
// would have.
func playOn(t *testing.T, d *director.Director, events map[string]event.Event) {
	t.Helper()
	ctx := context.Background()
	cut, err := d.Rounds.PairNextRound(ctx, events["Swiss before its top cut"].ID)
	must(t, err)
	if cut.Stage != event.StageElimination || len(cut.Tables) != 2 || cut.BestOf != 3 || cut.Clock.Duration != 60*time.Minute {
		t.Errorf("the top cut: stage %s, %d tables, best of %d, %v; want elimination, 2 tables (top 4), best of 3, 60 minutes",
			cut.Stage, len(cut.Tables), cut.BestOf, cut.Clock.Duration)
	}
	final, err := d.Rounds.PairNextRound(ctx, events["Final Brawl before its final table"].ID)
	must(t, err)
	if final.Stage != event.StageFinal || len(final.Tables) != 1 || len(final.Tables[0].Seats) != 3 {
		t.Errorf("the final table: stage %s, %d tables (%+v); want one final table of 3", final.Stage, len(final.Tables), final.Tables)
	}
}

// A database opened again after its migration is not rewritten: the
// version stays where it was (7 or later) and the settings are as the first opening left them.
func TestTheSettingsMigrationRunsOnce(t *testing.T) {
	path := copyLegacy(t)
	db, err := store.Open(path)
	must(t, err)
	must(t, db.Close())
	first, migrated := rawSettings(t, path)
	db, err = store.Open(path)
	must(t, err)
	must(t, db.Close())
	second, version := rawSettings(t, path)
	if version != migrated || version < 7 || !reflect.DeepEqual(first, second) {
		t.Errorf("the second opening changed the database: version %d", version)
	}
}

// Settings the migration cannot read stop it with a sentence naming the
// event, and leave the database at version 6 with its settings untouched.
func TestAnUnreadableSettingStopsTheMigration(t *testing.T) {
	path := copyLegacy(t)
	raw, err := sql.Open("sqlite3", path)
	must(t, err)
	if _, err := raw.Exec(`UPDATE events SET settings = json_set(settings, '$.tableSizing', 'hexagonal') WHERE name = 'Heresy Reascension'`); err != nil {
		t.Fatal(err)
	}
	var id int
	must(t, raw.QueryRow(`SELECT id FROM events WHERE name = 'Heresy Reascension'`).Scan(&id))
	must(t, raw.Close())
	before, _ := rawSettings(t, path)

	db, err := store.Open(path)
	if err == nil {
		db.Close()
		t.Fatal("the database opened")
	}
	if msg := err.Error(); !strings.Contains(msg, "007_settings_per_game") || !strings.Contains(msg, fmt.Sprintf("settings of event %d", id)) ||
		!strings.Contains(msg, `unknown table sizing "hexagonal"`) {
		t.Errorf("error %q; want it to name the migration, the event and the setting", msg)
	}
	after, version := rawSettings(t, path)
	if version != 6 || !reflect.DeepEqual(before, after) {
		t.Errorf("the failed migration left version %d and changed settings: %v", version, !reflect.DeepEqual(before, after))
	}
}

// TestAVersion1EventFileImports reads the event file of version 1 the
// generator exported (flat settings), imports it into a new database,
// and finds the settings in their groups and the standings the old code
// computed; exported again, it is a version-2 file with the groups.
func TestAVersion1EventFileImports(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "event-v1.json"))
	must(t, err)
	if !bytes.Contains(data, []byte(`"version": 1,`)) || !bytes.Contains(data, []byte(`"finalTable": 5,`)) {
		t.Fatal("testdata/event-v1.json is not a version-1 file with flat settings")
	}
	doc, err := transfer.Decode(bytes.NewReader(data))
	must(t, err)
	name := "Shadowfist Swiss and final"
	for _, diff := range settingsDiff(doc.Event.Settings, legacySettings[name]) {
		t.Errorf("decoded: %s", diff)
	}

	d := legacyDirector(t, filepath.Join(t.TempDir(), "new.db"))
	e, err := d.Transfer.ImportEvent(context.Background(), doc)
	must(t, err)
	for _, diff := range settingsDiff(e.Settings, legacySettings[name]) {
		t.Errorf("imported: %s", diff)
	}
	want, err := os.ReadFile(filepath.Join("testdata", "schema6-standings.txt"))
	must(t, err)
	block := standingsBlock(string(want), name)
	if block == "" {
		t.Fatalf("no standings of %s in the fixture", name)
	}
	compareLines(t, legacyStandings(t, d, map[string]event.Event{name: e}), block)

	again, err := d.Transfer.ExportEvent(context.Background(), e.ID)
	must(t, err)
	var out bytes.Buffer
	must(t, transfer.Encode(&out, again))
	if !bytes.Contains(out.Bytes(), []byte(`"version": 3,`)) || !bytes.Contains(out.Bytes(), []byte(`"finalTable": {`)) ||
		bytes.Contains(out.Bytes(), []byte(`"secondaryTable"`)) {
		t.Errorf("exported again as:\n%s", out.Bytes()[:min(out.Len(), 1500)])
	}
}

// standingsBlock returns the lines of one event in the fixture's
// standings file: its "# name" line and what follows, up to the next
// event's ("# name: teams" is still its own).
func standingsBlock(all, name string) string {
	var b strings.Builder
	in := false
	for _, line := range strings.SplitAfter(all, "\n") {
		if strings.HasPrefix(line, "# ") {
			in = line == "# "+name+"\n" || in && strings.HasPrefix(line, "# "+name+":")
		}
		if in {
			b.WriteString(line)
		}
	}
	return b.String()
}

// legacyStandingLine is one standing as testdata/schema6-standings.txt
// holds it: everything the standings compute, the percentages to nine
// places.
func legacyStandingLine(rank int, name, status string, points, matches, wins, losses, draws, byes,
	gamesWon, gamesLost, gamesDrawn, gamePoints, buchholz, h2h int, mw, gw, omw, ogw, oomw float64) string {
	return fmt.Sprintf("%d %q %s pts %d m %d %d-%d-%d byes %d games %d-%d-%d gp %d buchholz %d h2h %d mw %.9f gw %.9f omw %.9f ogw %.9f oomw %.9f",
		rank, name, status, points, matches, wins, losses, draws, byes, gamesWon, gamesLost, gamesDrawn, gamePoints, buchholz, h2h, mw, gw, omw, ogw, oomw)
}

// legacyProgressLine is an event's progress as
// testdata/schema6-standings.txt holds it.
func legacyProgressLine(rounds, swiss, cut, planned, next, nextRound int, ready, done bool, label string) string {
	return fmt.Sprintf("progress: %d rounds (%d Swiss, %d after), %d planned; next %d round %d ready %v done %v: %s",
		rounds, swiss, cut, planned, next, nextRound, ready, done, label)
}
