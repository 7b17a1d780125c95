package rules

import (
	"fmt"
	"strings"
	"testing"

	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
	"tablekeeper/core/scoring"
)

// formOf builds the at-time form of a table of game and format seating
// names in a round of bestOf games, with the result saved (nil: none).
func formOf(t *testing.T, game, format string, bestOf int, saved *event.Result, names ...string) (AtTime, AtTimeForm) {
	t.Helper()
	f := mustFormat(t, game, format)
	e := event.Event{Game: game, Format: format, Settings: f.Defaults}
	kind, err := AtTimeFor(e, bestOf, len(names), 1)
	if err != nil {
		t.Fatalf("%s %s: %v", game, format, err)
	}
	form, ok := AtTimeFormFor(game, kind, AtTimeTable{Settings: f.Defaults, BestOf: bestOf, Number: 1, Names: names, Saved: saved})
	if !ok {
		t.Fatalf("%s %s %v: no form", game, format, kind)
	}
	return kind, form
}

// fill returns the form's opening answers with the entries of texts
// (ID=text, or "group=index" when the group starts with "@").
func fill(f AtTimeForm, pairs ...string) AtTimeAnswers {
	a := f.Answers()
	for _, p := range pairs {
		id, v, _ := strings.Cut(p, "=")
		if g, ok := strings.CutPrefix(id, "@"); ok {
			var i int
			fmt.Sscan(v, &i)
			a.Marks[g] = i
			continue
		}
		a.Texts[id] = v
	}
	return a
}

// ids lists the entries and marks of a form in focus order.
func ids(f AtTimeForm) string {
	var out []string
	for _, row := range f.Rows {
		for _, c := range row {
			switch c.Kind {
			case CellEntry:
				out = append(out, c.ID)
			case CellMark:
				out = append(out, "@"+c.Group)
			}
		}
	}
	return strings.Join(out, " ")
}

// Rule K7, as a value: a row per player (keys, Æmber, chains, creatures, first)
// in focus order, blank until something is typed, decided by the rules
// into the result the table records, and typed back from it.
func TestKeyForgeGameFormDecidesAndRefills(t *testing.T) {
	kind, f := formOf(t, "keyforge", "archon-standard", 1, nil, "Ada", "Bob")
	if kind != AtTimeKeyForgeGame {
		t.Fatalf("kind %v", kind)
	}
	want := "now.p1.keys now.p1.aember now.p1.chains now.p1.creatures @now.first now.p2.keys now.p2.aember now.p2.chains now.p2.creatures @now.first"
	if got := ids(f); got != want {
		t.Fatalf("fields %q, want %q", got, want)
	}
	if !f.Blank(f.Answers()) || f.Blank(fill(f, "@now.first=0")) || f.Blank(fill(f, "now.p2.chains=1")) {
		t.Error("blank is wrong")
	}
	out, err := f.Decide(fill(f, "now.p1.keys=1", "now.p1.aember=6", "@now.first=0", "now.p2.keys=1", "now.p2.aember=5"))
	if err != nil {
		t.Fatal(err)
	}
	if got := out.Headline.In(i18n.English); got != "Ada wins — step 2, most keys: 2 keys to 1" {
		t.Errorf("headline %q", got)
	}
	if r := out.Result; !r.TimeOut || r.Seats[0].GamesWon != 1 || r.Seats[0].Games[0].Stats[StatForged] != 1 || r.Seats[0].Games[0].Stats[StatFirst] != 1 {
		t.Errorf("result %+v", r)
	}
	if out.Detail == nil || out.Detail.In(i18n.English) == "" {
		t.Error("no explanation")
	}
	if _, err := f.Decide(fill(f, "now.p1.chains=30", "@now.first=0")); err == nil || !strings.Contains(err.Error(), "Ada: 30 chains is not possible; count 0 to 24") {
		t.Errorf("30 chains: %v", err)
	}
	if _, err := f.Decide(fill(f, "now.p1.keys=1")); err == nil || !strings.Contains(err.Error(), "first player") {
		t.Errorf("no first player: %v", err)
	}
	_, again := formOf(t, "keyforge", "archon-standard", 1, &out.Result, "Ada", "Bob")
	a := again.Answers()
	if a.Text("now.p1.aember") != "6" || a.Text("now.p2.keys") != "1" || a.Text("now.p2.creatures") != "0" || a.Mark("now.first") != 0 {
		t.Errorf("refilled %v", a)
	}
}

// Rule K8, as a value: the game in progress is numbered after the games
// finished, games out of order are refused, and a saved match is typed
// back into its games with their winners.
func TestKeyForgeMatchFormNumbersTheGameInProgressAndRefills(t *testing.T) {
	kind, f := formOf(t, "keyforge", "archon-standard", 3, nil, "Ada", "Bob")
	if kind != AtTimeKeyForgeMatch {
		t.Fatalf("kind %v", kind)
	}
	if got := f.Titles(f.Answers())["now"].In(i18n.English); got != "Game 1, in progress at time" {
		t.Errorf("title %q", got)
	}
	if got := f.Titles(fill(f, "g1.p1.keys=3"))["now"].In(i18n.French); got != "Partie 2, en cours à la fin du temps" {
		t.Errorf("French title %q", got)
	}
	if _, err := f.Decide(fill(f, "g2.p1.keys=3", "@g2.won=0")); err == nil || !strings.Contains(err.Error(), "game 1 is blank but game 2 is filled in") {
		t.Errorf("out of order: %v", err)
	}
	a := fill(f, "g1.p1.keys=3", "g1.p2.keys=1", "g1.p2.aember=4", "@g1.won=0",
		"now.p1.keys=1", "now.p1.aember=2", "now.p1.creatures=3", "@now.first=0", "now.p2.keys=2", "now.p2.aember=1", "now.p2.creatures=2")
	out, err := f.Decide(a)
	if err != nil {
		t.Fatal(err)
	}
	if got := out.Headline.In(i18n.English); got != "Ada wins the match — step 2, most keys over the match: 4 keys to 3" {
		t.Errorf("headline %q", got)
	}
	_, again := formOf(t, "keyforge", "archon-standard", 3, &out.Result, "Ada", "Bob")
	b := again.Answers()
	if b.Text("g1.p2.aember") != "4" || b.Mark("g1.won") != 0 || b.Text("now.p2.keys") != "2" || b.Mark("now.first") != 0 || b.Text("g2.p1.keys") != "" {
		t.Errorf("refilled %v", b)
	}
	if got := again.Titles(b)["now"].In(i18n.English); got != "Game 2, in progress at time" {
		t.Errorf("refilled title %q", got)
	}
}

// Rule S8, as a value: "To win" opens at 5, which counts as blank; game points
// are typed as a number or as the counts of rule 5.3; the decision
// previews each seat's place and match points; and a saved table is typed
// back as it was typed.
func TestShadowfistFormPlacesPreviewsAndRefills(t *testing.T) {
	names := []string{"Ada", "Bob", "Cy", "Di"}
	_, f := formOf(t, "shadowfist", "final-brawl", 1, nil, names...)
	if a := f.Answers(); a.Text("s1.need") != "5" || !f.Blank(a) || f.Blank(fill(f, "s3.need=6")) {
		t.Errorf("opening answers %v", a)
	}
	out, err := f.Decide(fill(f, "s1.sites=4", "s1.points=9", "s2.sites=4", "s2.points=1 1 1", "s3.sites=2", "s3.points=20", "s4.sites=3", "s4.points=5"))
	if err != nil {
		t.Fatal(err)
	}
	if got := out.Headline.In(i18n.English); got != "Tie on time-out: Ada, Bob — each 1 site short of victory with 9 game points" {
		t.Errorf("headline %q", got)
	}
	var places, match []string
	for i := range names {
		places = append(places, out.Previews[sfID(i, "place")].Text.In(i18n.French))
		match = append(match, out.Previews[sfID(i, "match")].Text.In(i18n.English))
	}
	if fmt.Sprint(places) != "[1er 1er 3e 2e]" || fmt.Sprint(match) != "[1 1 0 0]" || !out.Previews["s1.place"].Bold || out.Previews["s3.place"].Bold {
		t.Errorf("previews %v %v", places, match)
	}
	r := out.Result
	if !r.TimeOut || r.Seats[1].Points != 9 || r.Seats[1].Games[0].Stats[scoring.SeizedStat] != 1 || r.Seats[0].Games[0].Stats[StatSitesToWin] != 5 {
		t.Errorf("result %+v", r)
	}
	_, again := formOf(t, "shadowfist", "final-brawl", 1, &r, names...)
	a := again.Answers()
	if a.Text("s1.points") != "9" || a.Text("s2.points") != "1 1 1" || a.Text("s3.sites") != "2" || a.Text("s4.need") != "5" {
		t.Errorf("refilled %v", a)
	}
	out, err = f.Decide(fill(f, "s1.sites=4", "s1.need=7", "s1.points=30", "s2.sites=3", "s2.points=12", "s3.sites=3", "s3.points=10", "s4.sites=1"))
	if err != nil {
		t.Fatal(err)
	}
	if got := out.Headline.In(i18n.French); !strings.Contains(got, "Bob") || !strings.Contains(got, "12") {
		t.Errorf("French headline %q", got)
	}
	if got := out.Headline.In(i18n.English); got != "Winner on time-out: Bob — 3 sites of 5, ahead on game points 12 to 10" {
		t.Errorf("headline %q", got)
	}
}

// Rule S8 at a two-player match of an elimination round: the winner on
// time-out takes the match one game to none, a tie is a drawn game, and
// the rule line says so.
func TestShadowfistTwoSeatMatchAtTimeRecordsAGame(t *testing.T) {
	_, f := formOf(t, "shadowfist", "final-brawl-de-final", 1, nil, "Ada", "Bob")
	if got := f.Rule.In(i18n.English); !strings.HasSuffix(got, "The winner on time-out takes the match; a tie is a drawn game.") {
		t.Errorf("rule %q", got)
	}
	out, err := f.Decide(fill(f, "s1.sites=3", "s2.sites=2"))
	if err != nil {
		t.Fatal(err)
	}
	_, format, _ := Lookup("shadowfist", "final-brawl-de-final")
	win := fmt.Sprint(format.Defaults.Points.Win)
	if r := out.Result; r.Seats[0].GamesWon != 1 || r.Seats[1].GamesWon != 0 || r.GamesDrawn != 0 || out.Previews["s1.match"].Text.In(i18n.English) != win {
		t.Errorf("win %+v previews %v", r, out.Previews)
	}
	out, err = f.Decide(fill(f, "s1.sites=3", "s2.sites=3"))
	if err != nil {
		t.Fatal(err)
	}
	if r := out.Result; r.GamesDrawn != 1 || r.Seats[0].GamesWon+r.Seats[1].GamesWon != 0 {
		t.Errorf("tie %+v", r)
	}
}

// Rule S7: rule 5.3's counts are valued by the event's settings; a number is
// the game points; too many numbers, a word or an impossible count are
// refused in a sentence.
func TestShadowfistGamePointsReadsPointsOrCounts(t *testing.T) {
	f := mustFormat(t, "shadowfist", "final-brawl")
	set := f.Defaults
	for _, c := range []struct {
		text   string
		points int
		stats  int
		err    string
	}{
		{"", 0, 0, ""},
		{"-2", -2, 0, ""},
		{"1 1 1", 9, 3, ""},
		{"2/1/3", 17, 3, ""},
		{"1 2 3 4 5 6 7 8", 0, 0, "has 8 numbers"},
		{"1 x", 0, 0, `"x" is not a number`},
		{"31 1", 0, 0, "31 is not a possible count of sites"},
	} {
		points, stats, err := ShadowfistGamePoints(set, "seat 1", c.text)
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("%q: error %v, want %q", c.text, err, c.err)
			}
			continue
		}
		if err != nil || points != c.points || len(stats) != c.stats {
			t.Errorf("%q: %d %v %v, want %d with %d counts", c.text, points, stats, err, c.points, c.stats)
		}
	}
}

// The match form's seat value: one number is game points, several the
// counts by item (not yet valued), and a refusal names the seat.
func TestParseSitesReadsPointsOrCountsAndNamesTheSeat(t *testing.T) {
	if points, stats, err := ParseSites(2, "-3"); points != -3 || stats != nil || err != nil {
		t.Errorf("one number: %d %v %v", points, stats, err)
	}
	items := scoring.SiteItems()
	if points, stats, err := ParseSites(2, "2/1 3"); points != 0 || err != nil || len(stats) != 3 || stats[items[0]] != 2 || stats[items[2]] != 3 {
		t.Errorf("three counts: %d %v %v", points, stats, err)
	}
	if _, _, err := ParseSites(2, "1 2 3 4 5 6 7 8"); err == nil || err.Error() != `seat 2: "1 2 3 4 5 6 7 8" has 8 numbers; type game points, or up to 7 counts (seized burned played …)` {
		t.Errorf("too many: %v", err)
	}
	if _, _, err := ParseSites(2, "1 x"); err == nil || !strings.HasPrefix(err.Error(), `seat 2: "x" is not a number`) {
		t.Errorf("not a number: %v", err)
	}
}
