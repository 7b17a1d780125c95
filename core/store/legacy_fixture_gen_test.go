//go:build legacyfixture

package store_test

// This file wrote testdata/schema6.db, testdata/schema6-standings.txt and
// testdata/event-v1.json at commit 4eaefc1, the last one whose event
// settings were one flat JSON object (schema version 6, event files of
// version 1). TestLegacyDatabaseOpensAndMigrates opens a copy of that
// database with today's code.
//
// It is built only with the legacyfixture tag:
//
//	go test -tags legacyfixture -run TestWriteLegacyFixture ./core/store/
//
// Run at a later commit it writes that commit's schema, which is not what
// the legacy test is about: it refuses to overwrite the committed files,
// so write elsewhere with -legacyfixture.out=DIR when you want to look.
// The settings of each event are written out below as the old flat JSON,
// so that this file still compiles and runs once they have moved.

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/core/rules"
	"tablekeeper/core/store"
	"tablekeeper/core/transfer"
)

var fixtureOut = flag.String("legacyfixture.out", "testdata", "folder the legacy fixture is written to")

// legacyEvent is one event of the fixture: a format, its settings as the
// old flat JSON, the players, and how far to play it (0: to the end).
type legacyEvent struct {
	name, game, format string
	settings           string
	players            int
	rounds             int
	// late registers one more player after round 1 (a late entry).
	late bool
}

// legacyEvents covers every game and structure with options of its own,
// each with values other than the format's defaults.
var legacyEvents = []legacyEvent{
	{name: "Generic top cut", game: "generic", format: "swiss-top8", players: 10,
		settings: `{"structure":"swiss","tableSize":2,"gamesPerMatch":3,"roundMinutes":50,"rounds":3,"points":{"win":3,"draw":1,"loss":0,"bye":3},
			"tiebreakers":["omw","gw","ogw","random"],"unflooredGameWin":true,"lateEntryLosses":true,
			"topCut":4,"playoffBestOf":5,"playoffMinutes":90,"thirdPlace":true}`, late: true},
	{name: "Shadowfist Swiss and final", game: "shadowfist", format: "final-brawl-final", players: 14,
		settings: `{"structure":"swiss","tableSize":4,"minTableSize":3,"maxTableSize":5,"gamesPerMatch":1,"roundMinutes":85,"rounds":2,
			"points":{"win":4,"draw":1,"loss":0,"bye":0,"timeOutWin":2},"tiebreakers":["gp"],"scoring":"shadowfist",
			"finalTable":5,"secondaryTable":true,"deckRules":"shadowfist","environment":"old-masters","fivePlayerMinutes":100,
			"gamePoints":{"seized":5,"burned":3,"played":2,"otherBurned":1,"reduce":-2,"controlled":1,"increase":-3}}`},
	{name: "Shadowfist double elimination and final", game: "shadowfist", format: "final-brawl-de-final", players: 10,
		settings: `{"structure":"double-elimination-final","tableSize":2,"gamesPerMatch":1,"roundMinutes":60,"rounds":0,
			"points":{"win":4,"draw":1,"loss":0,"bye":4,"timeOutWin":2},"tiebreakers":["gw","gp"],"scoring":"shadowfist",
			"finalTable":3,"secondaryTable":true,"deckRules":"shadowfist","environment":"modern",
			"gamePoints":{"seized":4,"burned":4,"played":1,"otherBurned":0,"reduce":-1,"controlled":2,"increase":-1}}`},
	{name: "Heresy Reascension", game: "heresy", format: "reascension", players: 11, rounds: 2,
		settings: `{"structure":"swiss","tableSize":3,"minTableSize":3,"maxTableSize":4,"gamesPerMatch":1,"roundMinutes":80,"rounds":2,
			"points":{"win":13,"draw":0,"loss":0,"bye":0},"tiebreakers":["gp"],"scoring":"heresy","tableSizing":"heresy",
			"tauGoal":8,"winScore":13,"timeOutBonus":3,"deckRules":"heresy"}`},
	{name: "Heresy Revelations", game: "heresy", format: "revelations", players: 9, rounds: 1,
		settings: `{"structure":"swiss","tableSize":3,"minTableSize":3,"maxTableSize":4,"gamesPerMatch":1,"roundMinutes":75,"rounds":2,
			"points":{"win":11,"draw":0,"loss":0,"bye":0},"tiebreakers":[],"scoring":"heresy","tableSizing":"heresy",
			"tauGoal":7,"winScore":12,"timeOutBonus":1,"deckRules":"heresy-revelations","draftIdeal":4,"draftMin":3,"draftMax":5,"draftPacks":5}`},
	{name: "Altered booster draft", game: "altered", format: "booster-draft", players: 13, rounds: 2,
		settings: `{"structure":"swiss","tableSize":2,"gamesPerMatch":1,"roundMinutes":35,"rounds":3,"points":{"win":3,"draw":1,"loss":0,"bye":3},
			"tiebreakers":["omw","gw","ogw"],"deckRules":"altered-limited","draftIdeal":6,"draftMin":4,"draftMax":8,"draftPacks":3}`},
	{name: "Altered 2v2", game: "altered", format: "2v2", players: 12, rounds: 2,
		settings: `{"structure":"swiss","tableSize":4,"gamesPerMatch":1,"roundMinutes":55,"rounds":3,"points":{"win":3,"draw":1,"loss":0,"bye":3},
			"tiebreakers":["omw","gw","ogw"],"deckRules":"altered-constructed","teamSize":2}`},
	{name: "Double elimination with reset", game: "generic", format: "double-elimination", players: 6,
		settings: `{"structure":"double-elimination","tableSize":2,"gamesPerMatch":1,"roundMinutes":40,"rounds":0,"points":{"win":3,"draw":1,"loss":0,"bye":3},
			"tiebreakers":["omw","gw","ogw"],"thirdPlace":true,"double":true}`},
	{name: "Double round robin", game: "generic", format: "round-robin", players: 4,
		settings: `{"structure":"round-robin","tableSize":2,"gamesPerMatch":3,"roundMinutes":50,"rounds":0,"points":{"win":3,"draw":1,"loss":0,"bye":3},
			"tiebreakers":["h2h","omw","gw","ogw"],"double":true}`},
	{name: "Single elimination for third", game: "generic", format: "single-elimination", players: 6,
		settings: `{"structure":"single-elimination","tableSize":2,"gamesPerMatch":3,"roundMinutes":50,"rounds":0,"points":{"win":3,"draw":1,"loss":0,"bye":3},
			"tiebreakers":["omw","gw","ogw"],"thirdPlace":true}`},
	{name: "KeyForge Archon", game: "keyforge", format: "archon-standard", players: 11,
		settings: `{"structure":"keyforge","tableSize":2,"gamesPerMatch":1,"roundMinutes":45,"rounds":0,"points":{"win":3,"draw":1,"loss":0,"bye":3},
			"tiebreakers":["omw","gw","ogw"],"playoffBestOf":5,"playoffMinutes":100,"deckRules":"keyforge-archon"}`},
	{name: "Heresy Armageddon", game: "heresy", format: "armageddon", players: 6,
		settings: `{"structure":"armageddon","tableSize":2,"gamesPerMatch":3,"roundMinutes":75,"rounds":0,"points":{"win":3,"draw":1,"loss":0,"bye":3},
			"tiebreakers":["gw"],"double":true,"deckRules":"heresy-armageddon"}`},
	{name: "Shadowfist Whirlpool draft", game: "shadowfist", format: "whirlpool-of-blood", players: 11, rounds: 1,
		settings: `{"structure":"swiss","tableSize":4,"minTableSize":3,"maxTableSize":5,"gamesPerMatch":1,"roundMinutes":85,"rounds":2,
			"points":{"win":4,"draw":1,"loss":0,"bye":0,"timeOutWin":2},"tiebreakers":["gp"],"scoring":"shadowfist",
			"deckRules":"shadowfist","environment":"golden-comeback","fivePlayerMinutes":115,"draftIdeal":5,"draftMin":3,"draftMax":6,"draftPacks":7}`},
	{name: "Swiss before its top cut", game: "generic", format: "swiss-top8", players: 8, rounds: 3,
		settings: `{"structure":"swiss","tableSize":2,"gamesPerMatch":1,"roundMinutes":30,"rounds":3,"points":{"win":3,"draw":1,"loss":0,"bye":3},
			"tiebreakers":["omw","gw","ogw"],"topCut":4,"playoffBestOf":3,"playoffMinutes":60}`},
	{name: "Final Brawl before its final table", game: "shadowfist", format: "final-brawl-final", players: 9, rounds: 2,
		settings: `{"structure":"swiss","tableSize":4,"minTableSize":3,"maxTableSize":4,"gamesPerMatch":1,"roundMinutes":85,"rounds":2,
			"points":{"win":4,"draw":1,"loss":0,"bye":0,"timeOutWin":2},"tiebreakers":["gp"],"scoring":"shadowfist",
			"finalTable":3,"deckRules":"shadowfist","fivePlayerMinutes":110}`},
	{name: "Swiss still in registration", game: "generic", format: "swiss-top8", players: 5, rounds: -1,
		settings: `{"structure":"swiss","tableSize":2,"gamesPerMatch":3,"roundMinutes":50,"rounds":4,"points":{"win":3,"draw":1,"loss":0,"bye":3},
			"tiebreakers":["omw","gw","ogw"],"topCut":8,"playoffMinutes":75}`},
}

// TestWriteLegacyFixture writes the legacy fixture (see the file comment).
func TestWriteLegacyFixture(t *testing.T) {
	dir := *fixtureOut
	dbPath := filepath.Join(dir, "schema6.db")
	for _, p := range []string{dbPath, filepath.Join(dir, "schema6-standings.txt"), filepath.Join(dir, "event-v1.json")} {
		if _, err := os.Stat(p); err == nil {
			t.Fatalf("%s exists: the fixture is written once, by the schema it stands for", p)
		}
	}
	must(t, os.MkdirAll(dir, 0o755))
	db, err := store.Open(dbPath)
	must(t, err)
	clock := time.Date(2025, 9, 12, 18, 0, 0, 0, time.UTC)
	now := func() time.Time { clock = clock.Add(time.Second); return clock }
	g := &fixtureGen{
		d:       director.New(db, now, rand.New(rand.NewPCG(6, 6))),
		results: rand.New(rand.NewPCG(6, 7)),
	}
	ctx := context.Background()
	var golden strings.Builder
	var ids []event.EventID
	for i, le := range legacyEvents {
		id, err := g.event(ctx, le, i)
		if err != nil {
			t.Fatalf("%s: %v", le.name, err)
		}
		ids = append(ids, id)
		if err := g.standings(ctx, id, le.name, &golden); err != nil {
			t.Fatalf("%s: %v", le.name, err)
		}
	}
	// The event file of version 1: the Swiss event with a final table,
	// the richest in settings.
	doc, err := g.d.ExportEvent(ctx, ids[1])
	must(t, err)
	f, err := os.Create(filepath.Join(dir, "event-v1.json"))
	must(t, err)
	must(t, transfer.Encode(f, doc))
	must(t, f.Close())
	must(t, db.Close())
	must(t, os.WriteFile(filepath.Join(dir, "schema6-standings.txt"), []byte(golden.String()), 0o644))
}

type fixtureGen struct {
	d       *director.Director
	results *rand.Rand
}

// event creates and plays one event of the fixture.
func (g *fixtureGen) event(ctx context.Context, le legacyEvent, n int) (event.EventID, error) {
	var set event.Settings
	if err := json.Unmarshal([]byte(le.settings), &set); err != nil {
		return 0, fmt.Errorf("settings: %w", err)
	}
	e, err := g.d.CreateEvent(ctx, director.NewEvent{Name: le.name, Game: le.game, Format: le.format,
		Date: time.Date(2025, 9, 1+n, 0, 0, 0, 0, time.UTC)})
	if err != nil {
		return 0, err
	}
	if err := g.d.UpdateSettings(ctx, e.ID, set); err != nil {
		return 0, fmt.Errorf("update settings: %w", err)
	}
	if e, err = g.d.Event(ctx, e.ID); err != nil {
		return 0, err
	}
	var entries []event.Entry
	for i := range le.players {
		en, err := g.d.RegisterNew(ctx, e.ID, director.NewPlayer{Name: fmt.Sprintf("%s %c", strings.Fields(le.name)[0], 'A'+rune(i))})
		if err != nil {
			return 0, err
		}
		if err := g.d.CheckIn(ctx, en.ID, true); err != nil {
			return 0, err
		}
		entries = append(entries, en)
	}
	if le.rounds < 0 {
		return e.ID, nil
	}
	if e.Settings.Teams() {
		for i := 0; i+1 < len(entries); i += 2 {
			if _, err := g.d.CreateTeam(ctx, e.ID, "", []event.EntryID{entries[i].ID, entries[i+1].ID}); err != nil {
				return 0, err
			}
		}
	}
	if e.Settings.HasDraft() {
		if _, err := g.d.DrawDraftPods(ctx, e.ID); err != nil {
			return 0, fmt.Errorf("draft pods: %w", err)
		}
	}
	for n := 1; le.rounds == 0 || n <= le.rounds; n++ {
		p, err := g.d.Progress(ctx, e.ID)
		if err != nil {
			return 0, err
		}
		if p.Done {
			break
		}
		r, err := g.d.PairNextRound(ctx, e.ID)
		if errors.Is(err, director.ErrStructureComplete) {
			break
		}
		if err != nil {
			return 0, fmt.Errorf("round %d: %w", n, err)
		}
		if err := g.d.PublishRound(ctx, e.ID, r.Number); err != nil {
			return 0, err
		}
		if err := g.play(ctx, e, r); err != nil {
			return 0, err
		}
		if n == 1 && le.late {
			if _, err := g.d.RegisterNew(ctx, e.ID, director.NewPlayer{Name: strings.Fields(le.name)[0] + " Late"}); err != nil {
				return 0, err
			}
		}
	}
	return e.ID, nil
}

// play records a seeded result at every table of r.
func (g *fixtureGen) play(ctx context.Context, e event.Event, r event.Round) error {
	bestOf := r.GamesPerMatch(e.Settings)
	need := bestOf/2 + 1
	for _, t := range r.Tables {
		if t.Bye {
			continue
		}
		var res event.Result
		if rules.MultiplayerResult(e.Settings, len(t.Seats)) {
			var err error
			if res, err = g.multiplayer(e.Settings, len(t.Seats)); err != nil {
				return fmt.Errorf("round %d table %d: %w", r.Number, t.Number, err)
			}
		} else {
			a, b, timeOut := need, g.results.IntN(need), false
			switch roll := g.results.IntN(8); {
			case roll == 0 && r.Stage == event.StageSwiss && bestOf > 1:
				a, b, timeOut = need-1, need-1, true
			case roll < 4:
				a, b = b, a
			}
			res = event.Result{Seats: []event.SeatResult{{GamesWon: a}, {GamesWon: b}}, TimeOut: timeOut}
		}
		if err := g.d.RecordResult(ctx, e.ID, r.Number, t.Number, res); err != nil {
			return fmt.Errorf("round %d table %d: %w", r.Number, t.Number, err)
		}
	}
	return nil
}

// multiplayer draws a table's result through the format's own form: one
// winner, or a game that went to time.
func (g *fixtureGen) multiplayer(set event.Settings, n int) (event.Result, error) {
	form := rules.MultiFormFor(set)
	in := rules.MultiInput{Values: make([]string, n), TimeOut: g.results.IntN(4) == 0}
	winner := g.results.IntN(n)
	wins := !in.TimeOut || form.WinnerAtTime()
	for i := range in.Values {
		v := g.results.IntN(form.ValueMax() + 1)
		if i == winner && wins {
			v = form.ValueMax() + 4
		}
		in.Values[i] = strconv.Itoa(v)
	}
	if wins {
		in.Winners = strconv.Itoa(winner + 1)
	}
	return form.Build(in)
}

// standings writes the event's standings (and, for teams, its team
// standings) as the lines the legacy test compares.
func (g *fixtureGen) standings(ctx context.Context, id event.EventID, name string, w *strings.Builder) error {
	table, err := g.d.Standings(ctx, id)
	if err != nil {
		return err
	}
	p, err := g.d.Progress(ctx, id)
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "# %s\n", name)
	fmt.Fprintln(w, legacyProgressLine(p.Rounds, p.Swiss, p.Cut, p.Planned, int(p.Next), p.NextRound, p.Ready, p.Done, p.Label().String()))
	for _, st := range table {
		fmt.Fprintln(w, legacyStandingLine(st.Rank, st.Name, string(st.Status), st.Points, st.Matches, st.Wins, st.Losses, st.Draws, st.Byes,
			st.GamesWon, st.GamesLost, st.GamesDrawn, st.GamePoints, st.Buchholz, st.HeadToHead,
			st.MatchWin, st.GameWin, st.OppMatchWin, st.OppGameWin, st.OppOppMatchWin))
	}
	e, err := g.d.Event(ctx, id)
	if err != nil || !e.Settings.Teams() {
		return err
	}
	teams, err := g.d.TeamStandings(ctx, id)
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "# %s: teams\n", name)
	for _, st := range teams {
		fmt.Fprintln(w, legacyStandingLine(st.Rank, st.Name, string(st.Status), st.Points, st.Matches, st.Wins, st.Losses, st.Draws, st.Byes,
			st.GamesWon, st.GamesLost, st.GamesDrawn, st.GamePoints, st.Buchholz, st.HeadToHead,
			st.MatchWin, st.GameWin, st.OppMatchWin, st.OppGameWin, st.OppOppMatchWin))
	}
	return nil
}
