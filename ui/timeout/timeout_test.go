package timeout

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/core/rules"
	"tablekeeper/core/scoring"
	"tablekeeper/ui/internal/uitest"
	"tablekeeper/ui/internal/work"
)

// fixture is an event with round 1 paired and published, and the window
// the forms open over.
type fixture struct {
	d     *director.Director
	e     event.Event
	w     fyne.Window
	saved []event.Result
}

// newFixture creates an event of game and format, registers players,
// changes the settings with change (if not nil) and pairs round 1.
func newFixture(t *testing.T, game, format string, change func(*event.Settings), players ...string) *fixture {
	t.Helper()
	test.NewTempApp(t)
	d := uitest.Director(t)
	e := uitest.EventOf(t, d, "Saturday "+format, game, format)
	if change != nil {
		uitest.ChangeSettings(t, d, &e, change)
	}
	uitest.Players(t, d, e.ID, players...)
	uitest.Pair(t, d, e.ID)
	w := test.NewTempWindow(t, nil)
	w.Resize(fyne.NewSize(1366, 768))
	return &fixture{d: d, e: e, w: w}
}

func (fx *fixture) sheet(t *testing.T) director.Sheet {
	t.Helper()
	sh, err := fx.d.Rounds.RoundSheet(t.Context(), fx.e.ID, 1)
	if err != nil {
		t.Fatal(err)
	}
	return sh
}

// table returns table n of round 1 as the round tab has it now.
func (fx *fixture) table(t *testing.T, n int) director.SheetTable {
	t.Helper()
	for _, tb := range fx.sheet(t).Tables {
		if tb.Number == n {
			return tb
		}
	}
	t.Fatalf("no table %d", n)
	return director.SheetTable{}
}

// open opens the form of table n with the focus in its first field.
func (fx *fixture) open(t *testing.T, n int) *form {
	t.Helper()
	f, err := newForm(fx.d.Rounds, work.Sync{}, fx.w, fx.sheet(t), fx.table(t, n), func(r event.Result) { fx.saved = append(fx.saved, r) })
	if err != nil {
		t.Fatalf("open table %d: %v", n, err)
	}
	f.show()
	if fx.w.Canvas().Focused() != f.first {
		t.Fatalf("the form opened with the focus on %T, not its first field", fx.w.Canvas().Focused())
	}
	return f
}

// fill types each value into the focused field, moving on with Tab
// between them as a judge does: " " marks a circle, "" leaves a field as
// it is. The focus stays in the last field.
func (fx *fixture) fill(values ...string) {
	c := fx.w.Canvas()
	for i, v := range values {
		if i > 0 {
			c.FocusNext()
		}
		if v != "" {
			test.Type(c.Focused(), v)
		}
	}
}

func (fx *fixture) press(key fyne.KeyName) {
	fx.w.Canvas().Focused().TypedKey(&fyne.KeyEvent{Name: key})
}

// refuses checks that f's problem says want, and that Enter then saves
// nothing and leaves the form open; the focus goes back to its first
// field. what names the input refused.
func (fx *fixture) refuses(t *testing.T, f *form, want, what string) {
	t.Helper()
	if !strings.Contains(f.problem.Text, want) {
		t.Fatalf("%s: problem %q", what, f.problem.Text)
	}
	fx.press(fyne.KeyReturn)
	if fx.result(t, 1) != nil || !fx.dialogOpen() {
		t.Fatalf("%s was saved", what)
	}
	fx.w.Canvas().Focus(f.first)
}

// open reports whether the form's dialog is on screen.
func (fx *fixture) dialogOpen() bool { return fx.w.Canvas().Overlays().Top() != nil }

// result returns the saved result of table n, nil if none.
func (fx *fixture) result(t *testing.T, n int) *event.Result {
	t.Helper()
	return fx.table(t, n).Result
}

var twelve = []string{"Zoë Ødegård", "李小龍", "Ada Lovelace", "Bob Stone", "Carol Reed", "Dan Brown",
	"Eve Moss", "Finn Hale", "Gus Ward", "Hana Kim", "Ivo Petrov", "Jo March"}

// Rule K7: each step of the tie-breaker decides a game through the form,
// and Save records the winner one game to none at time, with the counts.
func TestKeyForgeGameAtTimeEachStepDecidesAndSaves(t *testing.T) {
	cases := []struct {
		name   string
		p1, p2 [5]string // keys, Æmber, chains, creatures, first (" ")
		winner int       // seat, 1 or 2
		says   string
		forged [2]int
	}{
		{"step 1 forges a key for 6 Æmber, and step 2 gives the game on keys", [5]string{"1", "6", "", "", " "}, [5]string{"1", "5", "", "", ""}, 1,
			"step 2, most keys: 2 keys to 1", [2]int{1, 0}},
		{"most keys wins", [5]string{"2", "0", "3", "0", ""}, [5]string{"1", "5", "0", "4", " "}, 1, "step 2, most keys: 2 keys to 1", [2]int{}},
		{"most Æmber wins when keys are level", [5]string{"1", "3", "", "", " "}, [5]string{"1", "5", "", "", ""}, 2, "step 3, most Æmber: 5 Æmber to 3", [2]int{}},
		{"both forge and most Æmber left wins", [5]string{"0", "9", "", "", " "}, [5]string{"0", "7", "", "", ""}, 1, "step 3, most Æmber: 3 Æmber to 1", [2]int{1, 1}},
		{"fewest chains wins when Æmber is level", [5]string{"1", "2", "2", "5", " "}, [5]string{"1", "2", "1", "0", ""}, 2, "step 4, fewest chains: 1 chain to 2", [2]int{}},
		{"most friendly creatures wins when chains are level", [5]string{"1", "2", "1", "4", ""}, [5]string{"1", "2", "1", "3", " "}, 1,
			"step 5, most friendly creatures in play: 4 to 3", [2]int{}},
		{"the first player wins when all else is level", [5]string{"1", "2", "1", "3", ""}, [5]string{"1", "2", "1", "3", " "}, 2,
			"step 6, the first player: everything else is tied", [2]int{}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			fx := newFixture(t, "keyforge", "archon-standard", nil, twelve...)
			tb := fx.table(t, 1)
			if fx.sheet(t).Round.BestOf != 1 {
				t.Fatalf("round 1 of twelve players is best of %d, want a loss round of one game", fx.sheet(t).Round.BestOf)
			}
			f := fx.open(t, 1)
			if f.kind != rules.AtTimeKeyForgeGame {
				t.Fatalf("form %v, want K7", f.kind)
			}
			fx.fill(append(c.p1[:], c.p2[:]...)...)
			want := tb.Players[c.winner-1].Name + " wins — " + c.says
			if f.decision.Text != "Decision: "+want {
				t.Fatalf("decision %q, want %q (problem %q)", f.decision.Text, want, f.problem.Text)
			}
			fx.w.Canvas().FocusNext()
			if fx.w.Canvas().Focused() != f.cancel {
				t.Errorf("Tab after the last field went to %T, not Cancel", fx.w.Canvas().Focused())
			}
			fx.w.Canvas().FocusNext()
			if fx.w.Canvas().Focused() != f.save {
				t.Errorf("Tab after Cancel went to %T, not Save", fx.w.Canvas().Focused())
			}
			fx.w.Canvas().FocusPrevious()
			fx.w.Canvas().FocusPrevious()
			fx.press(fyne.KeyReturn)
			if fx.dialogOpen() {
				t.Fatalf("Enter did not save: %q", f.problem.Text)
			}
			r := fx.result(t, 1)
			if r == nil || !r.TimeOut || r.GamesDrawn != 0 {
				t.Fatalf("saved %+v, want a time-out", r)
			}
			for i, st := range r.Seats {
				won := i == c.winner-1
				if st.GamesWon != b2i(won) || len(st.Games) != 1 || st.Games[0].Won != won {
					t.Errorf("seat %d saved %+v, want won=%v 1–0", i+1, st, won)
				}
			}
			in := [2][5]string{c.p1, c.p2}
			for i, st := range r.Seats {
				s := st.Games[0].Stats
				typed := norm(fmt.Sprintf("%s %s %s %s", in[i][0], in[i][1], in[i][2], in[i][3]))
				if got := fmt.Sprintf("%d %d %d %d", s[rules.StatKeys], s[rules.StatAember], s[rules.StatChains], s[rules.StatCreatures]); got != typed {
					t.Errorf("seat %d stats %v, want the counts typed %q", i+1, s, typed)
				}
				if s[rules.StatFirst] != b2i(in[i][4] == " ") || s[rules.StatForged] != c.forged[i] {
					t.Errorf("seat %d first %d forged %d, want %v %d", i+1, s[rules.StatFirst], s[rules.StatForged], in[i][4] == " ", c.forged[i])
				}
			}
			if len(fx.saved) != 1 || fx.saved[0].Seats[c.winner-1].GamesWon != 1 {
				t.Errorf("onSaved got %+v", fx.saved)
			}
		})
	}
}

// norm writes blank counts as 0.
func norm(typed string) string {
	f := strings.Split(typed, " ")
	for i, s := range f {
		if s == "" {
			f[i] = "0"
		}
	}
	return strings.Join(f, " ")
}

// Impossible counts are refused in one sentence, and Enter saves nothing
// until the decision is valid.
func TestKeyForgeGameRefusesImpossibleCountsAndSavesNothing(t *testing.T) {
	fx := newFixture(t, "keyforge", "archon-standard", nil, twelve...)
	tb := fx.table(t, 1)
	f := fx.open(t, 1)
	if f.problem.Visible() || !strings.Contains(f.decision.Text, "type the counts") {
		t.Fatalf("an untouched form shows %q / %q", f.decision.Text, f.problem.Text)
	}
	fx.fill("3", "0", "", "", " ")
	if !f.problem.Visible() || !strings.Contains(f.problem.Text, "three keys") || f.decision.Text != "Decision: —" {
		t.Fatalf("three keys: decision %q problem %q", f.decision.Text, f.problem.Text)
	}
	fx.press(fyne.KeyReturn)
	if !fx.dialogOpen() || !strings.HasPrefix(f.problem.Text, "Not saved: ") || fx.result(t, 1) != nil {
		t.Fatalf("three keys saved or closed: %q", f.problem.Text)
	}
	// Keys fixed; now nobody is marked first.
	fx.w.Canvas().Focus(f.first)
	fx.fill("1", "", "", "", " ") // the Space clears the first player again
	if !strings.Contains(f.problem.Text, "first player") {
		t.Fatalf("no first player: problem %q", f.problem.Text)
	}
	fx.press(fyne.KeyReturn)
	if fx.result(t, 1) != nil || len(fx.saved) != 0 {
		t.Fatal("a form without a first player saved a result")
	}
	// Chains beyond 24 are a typing slip.
	fx.w.Canvas().Focus(f.first)
	fx.fill("", "", "30", "", " ")
	if !strings.Contains(f.problem.Text, "30 chains is not possible") {
		t.Fatalf("30 chains: problem %q", f.problem.Text)
	}
	fx.w.Canvas().Focus(f.first)
	fx.fill("", "", "2")
	if f.problem.Visible() || !strings.HasPrefix(f.decision.Text, "Decision: "+tb.Players[0].Name+" wins") {
		t.Fatalf("fixed: decision %q problem %q", f.decision.Text, f.problem.Text)
	}
	fx.press(fyne.KeyEnter)
	if r := fx.result(t, 1); r == nil || r.Seats[0].GamesWon != 1 {
		t.Fatalf("the valid decision was not saved: %+v", r)
	}
}

// Esc cancels from any field and saves nothing.
func TestEscCancelsTheFormWithoutSaving(t *testing.T) {
	fx := newFixture(t, "keyforge", "archon-standard", nil, twelve...)
	fx.open(t, 2)
	fx.fill("2")
	fx.press(fyne.KeyEscape) // in player 1's keys
	if fx.dialogOpen() || fx.result(t, 2) != nil || len(fx.saved) != 0 {
		t.Fatal("Esc left the form open or saved")
	}
	f := fx.open(t, 2)
	fx.fill("", "", "", "", "")
	if fx.w.Canvas().Focused() != f.marks["now.first"].radios[0] {
		t.Fatalf("the fifth field is %T, not the first-player circle", fx.w.Canvas().Focused())
	}
	fx.press(fyne.KeyEscape)
	if fx.dialogOpen() || fx.result(t, 2) != nil {
		t.Fatal("Esc on a circle left the form open or saved")
	}
}

// Rule K8: a playoff match at time with games level (1–1 after the game
// in progress) goes to the player with most keys over the match, recorded
// 2–1 with every game's details.
func TestKeyForgeMatchDecidedByKeysOverTheMatch(t *testing.T) {
	fx := newFixture(t, "keyforge", "archon-standard", nil, "Zoë Ødegård", "李小龍")
	sh := fx.sheet(t)
	if sh.Round.BestOf != 3 || sh.Event.Settings.GamesPerMatch != 1 {
		t.Fatalf("two players: round best of %d, event %d; want the best-of-three playoff of a best-of-one event",
			sh.Round.BestOf, sh.Event.Settings.GamesPerMatch)
	}
	tb := fx.table(t, 1)
	f := fx.open(t, 1)
	if f.kind != rules.AtTimeKeyForgeMatch {
		t.Fatalf("form %v, want K8", f.kind)
	}
	if f.titles["now"].Text != "Game 1, in progress at time" {
		t.Errorf("title before any game %q", f.titles["now"].Text)
	}
	fx.fill(
		"3", "2", "0", " ", "1", "4", "1", "", // game 1: player 1 won with three keys
		"", "", "", "", "", "", "", "", // game 2 not finished
		"1", "2", "0", "3", " ", // game 2 at time: player 1 went first
		"2", "1", "0", "2", "", // player 2 ahead on keys
	)
	if f.titles["now"].Text != "Game 2, in progress at time" {
		t.Errorf("game in progress is titled %q", f.titles["now"].Text)
	}
	want := "Decision: " + tb.Players[0].Name + " wins the match — step 2, most keys over the match: 4 keys to 3"
	if f.decision.Text != want {
		t.Fatalf("decision %q, want %q (problem %q)", f.decision.Text, want, f.problem.Text)
	}
	if d := f.detail.String(); !strings.Contains(d, "Game 2 at time: "+tb.Players[1].Name+" wins on most keys, 2 to 1") {
		t.Errorf("explanation %q does not give game 2 to player 2", d)
	}
	fx.press(fyne.KeyReturn)
	r := fx.result(t, 1)
	if r == nil || !r.TimeOut || r.Seats[0].GamesWon != 2 || r.Seats[1].GamesWon != 1 {
		t.Fatalf("saved %+v, want 2–1 to player 1 at time", r)
	}
	for i, st := range r.Seats {
		if len(st.Games) != 2 || st.Games[0].Won != (i == 0) || st.Games[1].Won != (i == 1) {
			t.Fatalf("seat %d games %+v", i+1, st.Games)
		}
	}
	g1, g2 := r.Seats[1].Games[0].Stats, r.Seats[1].Games[1].Stats
	if g1[rules.StatKeys] != 1 || g1[rules.StatAember] != 4 || g1[rules.StatChains] != 1 || g2[rules.StatKeys] != 2 || g2[rules.StatCreatures] != 2 || g2[rules.StatFirst] != 0 {
		t.Errorf("player 2's games recorded %v and %v", g1, g2)
	}
	if r.Seats[0].Games[1].Stats[rules.StatFirst] != 1 {
		t.Errorf("player 1 went first in game 2: %v", r.Seats[0].Games[1].Stats)
	}
}

// Rule K8 in a best-of-three event (the settings changed before round 1):
// two finished games at 1–1 and none in progress, level on keys, go to
// most Æmber left over the match; a second game without the first is
// refused.
func TestKeyForgeBestOfThreeEventDecidedByAemberLeft(t *testing.T) {
	fx := newFixture(t, "keyforge", "archon-standard", func(s *event.Settings) {
		s.Structure, s.GamesPerMatch, s.Rounds = event.StructureSwiss, 3, 3
	}, "Zoë Ødegård", "李小龍", "Ada Lovelace", "Bob Stone")
	tb := fx.table(t, 1)
	f := fx.open(t, 1)
	if f.kind != rules.AtTimeKeyForgeMatch {
		t.Fatalf("form %v, want K8", f.kind)
	}
	fx.fill("", "", "", "", "", "", "", "", // game 1 left blank
		"1", "2", "0", "", "3", "0", "0", " ") // game 2
	if !strings.Contains(f.problem.Text, "Game 1 is blank but game 2 is filled in") {
		t.Fatalf("problem %q", f.problem.Text)
	}
	fx.press(fyne.KeyReturn)
	if fx.result(t, 1) != nil {
		t.Fatal("games out of order were saved")
	}
	fx.w.Canvas().Focus(f.first)
	fx.fill("3", "0", "0", " ", "1", "5", "0", "")
	want := "Decision: " + tb.Players[1].Name + " wins the match — step 3, most Æmber left over the match: 5 Æmber to 2"
	if f.decision.Text != want {
		t.Fatalf("decision %q, want %q (problem %q)", f.decision.Text, want, f.problem.Text)
	}
	fx.press(fyne.KeyReturn)
	r := fx.result(t, 1)
	if r == nil || r.Seats[0].GamesWon != 1 || r.Seats[1].GamesWon != 2 || !r.TimeOut || len(r.Seats[0].Games) != 2 {
		t.Fatalf("saved %+v, want 1–2 at time with two games", r)
	}
}

var fourPlayers = []string{"Zoë Ødegård", "李小龍", "Ada Lovelace", "Bob Stone"}

// Rule S8: two players equally close to victory with equal game points
// tie on time-out: both are saved in place 1, with the time-out, their
// game points (counts valued by S7) and the sites counted.
func TestShadowfistTieOnTimeOutSavesTwoLeaders(t *testing.T) {
	fx := newFixture(t, "shadowfist", "final-brawl", nil, fourPlayers...)
	tb := fx.table(t, 1)
	if len(tb.Players) != 4 {
		t.Fatalf("table 1 seats %d", len(tb.Players))
	}
	f := fx.open(t, 1)
	if f.kind != rules.AtTimeShadowfist {
		t.Fatalf("form %v, want S8", f.kind)
	}
	fx.fill(
		"4", "", "9", // seat 1: 4 of 5 sites, 9 game points
		"4", "", "1 1 1", // seat 2: 4 sites, seized burned played 4+3+2 = 9
		"2", "", "20",
		"3", "", "5",
	)
	want := fmt.Sprintf("Decision: Tie on time-out: %s, %s — each 1 site short of victory with 9 game points", tb.Players[0].Name, tb.Players[1].Name)
	if f.decision.Text != want {
		t.Fatalf("decision %q, want %q (problem %q)", f.decision.Text, want, f.problem.Text)
	}
	var places, match []string
	for i := range tb.Players {
		places, match = append(places, f.previews[fmt.Sprintf("s%d.place", i+1)].Text), append(match, f.previews[fmt.Sprintf("s%d.match", i+1)].Text)
	}
	if fmt.Sprint(places) != "[1st 1st 3rd 2nd]" || fmt.Sprint(match) != "[1 1 0 0]" {
		t.Errorf("preview places %v match points %v", places, match)
	}
	fx.press(fyne.KeyReturn)
	if fx.dialogOpen() {
		t.Fatalf("not saved: %q", f.problem.Text)
	}
	r := fx.result(t, 1)
	if r == nil || !r.TimeOut {
		t.Fatalf("saved %+v", r)
	}
	var gotPlaces, gotPoints []int
	for _, st := range r.Seats {
		gotPlaces, gotPoints = append(gotPlaces, st.Place), append(gotPoints, st.Points)
	}
	if !slices.Equal(gotPlaces, []int{1, 1, 3, 2}) || !slices.Equal(gotPoints, []int{9, 9, 20, 5}) {
		t.Fatalf("places %v points %v", gotPlaces, gotPoints)
	}
	seat2 := r.Seats[1].Games[0].Stats
	if seat2[scoring.SeizedStat] != 1 || seat2[scoring.PlayedStat] != 1 || seat2[rules.StatSites] != 4 || seat2[rules.StatSitesToWin] != 5 {
		t.Errorf("seat 2 details %v", seat2)
	}
	set := fx.sheet(t).Event.Settings
	for i, want := range []int{1, 1, 0, 0} {
		if got := scoring.MatchPoints(set, *r, i); got != want {
			t.Errorf("seat %d takes %d match points, want %d (S6 tie on time-out)", i+1, got, want)
		}
	}
}

// Rule S8: closeness counts the sites still needed, so a player whose
// cards raise the sites to win is farther; among the equally close, game
// points decide.
func TestShadowfistWinnerOnTimeOutByClosenessThenGamePoints(t *testing.T) {
	fx := newFixture(t, "shadowfist", "final-brawl", nil, fourPlayers...)
	tb := fx.table(t, 1)
	f := fx.open(t, 1)
	fx.fill("4", "7", "30", "3", "", "12", "3", "", "10", "1", "", "2")
	want := fmt.Sprintf("Decision: Winner on time-out: %s — 3 sites of 5, ahead on game points 12 to 10", tb.Players[1].Name)
	if f.decision.Text != want {
		t.Fatalf("decision %q, want %q (problem %q)", f.decision.Text, want, f.problem.Text)
	}
	fx.w.Canvas().Focus(f.first)
	fx.fill("", "5") // seat 1 back to the usual five: one site short, closest
	want = fmt.Sprintf("Decision: Winner on time-out: %s — 4 sites of 5", tb.Players[0].Name)
	if f.decision.Text != want {
		t.Fatalf("decision %q, want %q", f.decision.Text, want)
	}
	fx.press(fyne.KeyReturn)
	r := fx.result(t, 1)
	if r == nil || r.Seats[0].Place != 1 || r.Seats[1].Place == 1 || scoring.MatchPoints(fx.sheet(t).Event.Settings, *r, 0) != 2 {
		t.Fatalf("saved %+v, want seat 1 alone in the lead with 2 match points", r)
	}
}

// A seat at its sites to win has won outright: the form refuses it.
func TestShadowfistRefusesAFullWinAsATimeOut(t *testing.T) {
	fx := newFixture(t, "shadowfist", "final-brawl", nil, fourPlayers...)
	f := fx.open(t, 1)
	fx.fill("5", "", "12")
	fx.refuses(t, f, "full win, not a time-out", "a full win")
	fx.fill("4", "", "12", "4", "", "1 2 3 4 5 6 7 8")
	if !strings.Contains(f.problem.Text, "has 8 numbers") {
		t.Fatalf("problem %q", f.problem.Text)
	}
}

// Heresy and other games need no form; a draft round takes no result.
func TestKindOfSaysWhichFormATableNeeds(t *testing.T) {
	test.NewTempApp(t)
	d := uitest.Director(t)
	sheetOf := func(game, format string, players int) director.Sheet {
		e := uitest.EventOf(t, d, game+" "+format, game, format)
		uitest.Players(t, d, e.ID, twelve[:players]...)
		uitest.Pair(t, d, e.ID)
		sh, err := d.Rounds.RoundSheet(t.Context(), e.ID, 1)
		if err != nil {
			t.Fatal(err)
		}
		return sh
	}
	for _, c := range []struct {
		game, format string
		players      int
		want         Kind
		says         string
	}{
		{"keyforge", "archon-standard", 12, rules.AtTimeKeyForgeGame, ""},
		{"keyforge", "archon-sealed", 8, rules.AtTimeKeyForgeMatch, ""},
		{"shadowfist", "final-brawl", 7, rules.AtTimeShadowfist, ""},
		{"heresy", "reascension", 7, 0, "the current player finishes the turn, then the game is scored"},
		{"generic", "swiss", 4, 0, "Time-out ticked"},
	} {
		sh := sheetOf(c.game, c.format, c.players)
		k, err := KindOf(sh, sh.Tables[0])
		if k != c.want {
			t.Errorf("%s %s: %v, want %v", c.game, c.format, k, c.want)
		}
		if c.says == "" && err != nil || c.says != "" && (!errors.Is(err, ErrNotNeeded) || !strings.Contains(work.Sentence(err), c.says)) {
			t.Errorf("%s %s: error %v, want one saying %q", c.game, c.format, err, c.says)
		}
	}
	// Show opens nothing for Heresy.
	sh := sheetOf("heresy", "reascension", 6)
	w := test.NewTempWindow(t, nil)
	if err := Show(d.Rounds, work.Sync{}, w, sh, sh.Tables[0], nil); !errors.Is(err, ErrNotNeeded) || w.Canvas().Overlays().Top() != nil {
		t.Errorf("Show on a Heresy table: %v", err)
	}
	// A draft round takes no result yet.
	e := uitest.EventOf(t, d, "draft", "keyforge", "archon-standard")
	uitest.Players(t, d, e.ID, twelve...)
	if _, err := d.Rounds.PairNextRound(t.Context(), e.ID); err != nil {
		t.Fatal(err)
	}
	sh, err := d.Rounds.RoundSheet(t.Context(), e.ID, 1)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := KindOf(sh, sh.Tables[0]); err == nil || errors.Is(err, ErrNotNeeded) || !strings.Contains(err.Error(), "draft") {
		t.Errorf("draft round: %v", err)
	}
}

// Show opens the form over the window, and a table saved by a form opens
// again with what was typed, for a correction.
func TestShowOpensTheFormAndACorrectionStartsFromTheSavedCounts(t *testing.T) {
	fx := newFixture(t, "shadowfist", "final-brawl", nil, fourPlayers...)
	f := fx.open(t, 1)
	fx.fill("4", "", "2 1 3", "3", "", "12", "2", "", "", "", "", "-2")
	fx.press(fyne.KeyReturn)
	if fx.result(t, 1) == nil {
		t.Fatalf("not saved: %q", f.problem.Text)
	}
	var saved []event.Result
	if err := Show(fx.d.Rounds, work.Sync{}, fx.w, fx.sheet(t), fx.table(t, 1), func(r event.Result) { saved = append(saved, r) }); err != nil {
		t.Fatal(err)
	}
	top := fx.w.Canvas().Overlays().Top()
	if top == nil || !uitest.HasText(top, "Correct time-out · table 1 · round 1") {
		t.Fatalf("no correction form on screen: %q", uitest.Texts(top))
	}
	var typed []string
	for _, o := range uitest.Objects(top) {
		if e, ok := o.(*numberEntry); ok {
			typed = append(typed, e.Text)
		}
	}
	if got := strings.Join(typed, "|"); got != "4|5|2 1 3|3|5|12|2|5|0|0|5|-2" {
		t.Errorf("correction starts from %q", got)
	}
	fx.press(fyne.KeyReturn)
	if len(saved) != 1 || saved[0].Seats[0].Points != 17 {
		t.Errorf("the correction saved %+v", saved)
	}
}

// Rules S8 and S10 at a game of Who's the Big Man Now? (a Swiss scored as
// Shadowfist tables of two, SWS 6.2 a: "match points, with game points
// breaking ties"): a tie on time-out saves both players in the lead with
// their game points, a winner on time-out the one closer to victory.
func TestShadowfistBigManAtTimeIsATableOfTwo(t *testing.T) {
	fx := newFixture(t, "shadowfist", "big-man", nil, twelve[:6]...)
	tb := fx.table(t, 1)
	if len(tb.Players) != 2 {
		t.Fatalf("table 1 seats %d, want a two-player game", len(tb.Players))
	}
	f := fx.open(t, 1)
	if !strings.Contains(f.rule(), "players tied for the lead 1 each") {
		t.Errorf("rule line %q", f.rule())
	}
	fx.fill("3", "", "8", "3", "", "8")
	fx.press(fyne.KeyReturn)
	r := fx.result(t, 1)
	if r == nil || !r.TimeOut || r.Seats[0].Place != 1 || r.Seats[1].Place != 1 || r.Seats[0].Points != 8 || r.Seats[1].Points != 8 {
		t.Fatalf("tie saved as %+v, want both in the lead at time with 8 game points (problem %q)", r, f.problem.Text)
	}
	f = fx.open(t, 1)
	fx.fill("3", "", "8", "2", "", "9")
	fx.press(fyne.KeyReturn)
	if r = fx.result(t, 1); !r.TimeOut || r.Seats[0].Place != 1 || r.Seats[1].Place == 1 || r.Seats[1].Points != 9 {
		t.Fatalf("win saved as %+v (problem %q)", r, f.problem.Text)
	}
}

// In an elimination round (Double Elimination + Final, S10 e) a tie at
// time cannot advance anyone: the form stays open with the director's
// sentence instead of saving a draw the next pairing would reject.
func TestShadowfistEliminationTieAtTimeIsRefusedWithTheReason(t *testing.T) {
	fx := newFixture(t, "shadowfist", "final-brawl-de-final", nil, twelve[:6]...)
	f := fx.open(t, 1)
	fx.fill("3", "", "8", "3", "", "8")
	fx.press(fyne.KeyReturn)
	if r := fx.result(t, 1); r != nil {
		t.Fatalf("a tie in an elimination round was saved: %+v", r)
	}
	if !strings.Contains(f.problem.Text, "elimination match cannot end drawn") {
		t.Errorf("problem %q", f.problem.Text)
	}
}

// refusing is a director that refuses every result.
type refusing struct{ calls int }

func (r *refusing) RecordResultSeen(context.Context, event.EventID, int, int, *event.Result, event.Result) error {
	r.calls++
	return fmt.Errorf("store: record result: %w", event.Statef("Saturday is finished; its results are final"))
}

// A result the director refuses leaves the form open with the reason.
func TestARefusedSaveKeepsTheFormOpenWithTheReason(t *testing.T) {
	fx := newFixture(t, "keyforge", "archon-standard", nil, twelve...)
	d := &refusing{}
	var saved int
	if err := Show(d, work.Sync{}, fx.w, fx.sheet(t), fx.table(t, 1), func(event.Result) { saved++ }); err != nil {
		t.Fatal(err)
	}
	fx.fill("2", "", "", "", " ")
	fx.press(fyne.KeyReturn)
	top := fx.w.Canvas().Overlays().Top()
	if d.calls != 1 || saved != 0 || top == nil || !uitest.HasText(top, "Not saved: Saturday is finished; its results are final") {
		t.Fatalf("calls %d saved %d texts %q", d.calls, saved, uitest.Texts(top))
	}
}

// b2i is 1 for true and 0 for false.
func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
