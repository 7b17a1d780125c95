package console

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/core/store"
	"tablekeeper/internal/cli"
)

// weeklyEvents saves two Shadowfist events of the same four players in a
// new database: in the first Ada wins twice and Bob once at one table of
// four; in the second, of three players, Cat wins. Returns the path.
func weeklyEvents(t *testing.T) string {
	t.Helper()
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "league.db")
	st, err := store.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	d := cli.NewDirector(st)
	play := func(id event.EventID, winners ...string) {
		t.Helper()
		for _, w := range winners {
			r, err := d.Rounds.PairNextRound(ctx, id)
			if err != nil {
				t.Fatal(err)
			}
			if err := d.Drafts.PublishRound(ctx, id, r.Number); err != nil {
				t.Fatal(err)
			}
			entries, _ := d.Registration.Entries(ctx, id)
			name := map[event.EntryID]string{}
			for _, en := range entries {
				name[en.ID] = en.Name
			}
			for _, tb := range r.Tables {
				var res event.Result
				for _, s := range tb.Seats {
					sr := event.SeatResult{Points: len(name[s.EntryID])}
					if name[s.EntryID] == w {
						sr.Place, sr.Points = 1, 10
					}
					res.Seats = append(res.Seats, sr)
				}
				if err := d.Rounds.RecordResult(ctx, id, r.Number, tb.Number, res); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	e1, err := d.Events.CreateEvent(ctx, director.NewEvent{Name: "Week one", Game: "shadowfist", Format: "final-brawl"})
	if err != nil {
		t.Fatal(err)
	}
	var players []event.PlayerID
	for _, n := range []string{"Ada", "Bob", "Cat", "Dan"} {
		en, err := d.Registration.RegisterNew(ctx, e1.ID, director.NewPlayer{Name: n})
		if err != nil {
			t.Fatal(err)
		}
		players = append(players, en.PlayerID)
	}
	play(e1.ID, "Ada", "Bob", "Ada")
	e2, err := d.Events.CreateEvent(ctx, director.NewEvent{Name: "Week two", Game: "shadowfist", Format: "final-brawl"})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range players[1:] {
		if _, err := d.Registration.Register(ctx, e2.ID, p); err != nil {
			t.Fatal(err)
		}
	}
	play(e2.ID, "Cat")
	return path
}

// Rule S13 from the command line: a Lackey League of two weeks. Week 1
// counts each player's two best of three games: Ada two wins (8 match
// points, 20 game points), Bob a win and a loss (4, 10+3), Cat and Dan
// two losses (0, 3+3); week 2 adds Cat's win (4, 10) and Bob's and Dan's
// losses (3 each). Bob and Cat tie on 4 and 16; Bob's win was at a table
// of four, Cat's at a table of three, so Bob ranks second (Appendix III d).
func TestLeagueCommand(t *testing.T) {
	db := weeklyEvents(t)
	code, out, stderr := runCmd("league", "create", "--db", db, "--name", "Autumn", "--kind", "lackey")
	if code != 0 || out != "league 1: Autumn (Lackey League, 8 weeks)\n" {
		t.Fatalf("create: exit %d %q %q", code, out, stderr)
	}
	for w, ev := range []string{"1", "2"} {
		if code, out, stderr := runCmd("league", "add", "--db", db, "--league", "1", "--event", ev, "--week", string(rune('1'+w))); code != 0 {
			t.Fatalf("add: exit %d %q %q", code, out, stderr)
		}
	}
	code, out, stderr = runCmd("league", "standings", "--db", db, "--league", "1")
	if code != 0 {
		t.Fatalf("standings: exit %d %q", code, stderr)
	}
	t.Log("\n" + out)
	lines := strings.Split(out, "\n")
	wantRows := []string{
		"1   Ada          8        20",
		"2   Bob          4        16",
		"3   Cat          4        16",
		"4   Dan          0         9",
	}
	for _, want := range wantRows {
		found := false
		for _, l := range lines {
			if strings.Contains(strings.Join(strings.Fields(l), " "), strings.Join(strings.Fields(want), " ")) {
				found = true
			}
		}
		if !found {
			t.Errorf("standings lack %q:\n%s", want, out)
		}
	}
	if !strings.Contains(out, "week  2: Week two (event 2)") || !strings.Contains(out, "the organizer arranges the finals") {
		t.Errorf("standings:\n%s", out)
	}

	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"league"}, 2, "say create, add or standings"},
		{[]string{"league", "create", "--db", db, "--name", "X", "--kind", "weekly"}, 2, "--kind must be lackey or proving-ground"},
		{[]string{"league", "create", "--name", "X", "--kind", "lackey"}, 2, "--db is required"},
		{[]string{"league", "add", "--db", db, "--league", "1", "--event", "1"}, 2, "--week is required"},
		{[]string{"league", "add", "--db", db, "--league", "1", "--event", "1", "--week", "9"}, 1, "week 9 is not a week of a Lackey League"},
		{[]string{"league", "add", "--db", db, "--league", "1", "--event", "2", "--week", "3"}, 1, "Week two is already in Autumn"},
		{[]string{"league", "standings", "--db", db, "--league", "7"}, 1, "there is no league with ID 7"},
	} {
		code, _, stderr := runCmd(c.args...)
		if code != c.code || !strings.Contains(stderr, c.want) || strings.Count(stderr, "\n") != 1 {
			t.Errorf("%v: exit %d, stderr %q; want exit %d and one line with %q", c.args, code, stderr, c.code, c.want)
		}
	}
}
