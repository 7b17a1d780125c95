package ui

import (
	"context"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/ui/events"
	"tablekeeper/ui/internal/uitest"
)

// Rule S10, Who Wants Some?: the Round tab records challenge games from
// the keyboard (a name, Enter, the next name, Enter, the winner, Save),
// lists them newest first, and the header counts games instead of
// offering to pair rounds.
func TestOpenChallengesThroughTheWindow(t *testing.T) {
	ctx := t.Context()
	d := uitest.Director(t)
	e := uitest.EventOf(t, d, "Con weekend", "shadowfist", "who-wants-some")
	p := uitest.Players(t, d, e.ID, "Ada Lovelace", "Bob Stone", "Carol Reed", "Dan Brown")
	s, w := newWindow(t, ServicesOf(d), Options{OpenEvent: e.ID})
	v := s.view
	if got := events.Detail(director.EventSummary{Event: e, Players: 4}); !strings.HasSuffix(got, "4 players · 0 games") {
		t.Errorf("sidebar line %q", got)
	}
	if !strings.HasSuffix(v.subtitle.Text, "registration · 0 games played") || !v.pairButton.Hidden {
		t.Errorf("subtitle %q, pair button hidden %v", v.subtitle.Text, v.pairButton.Hidden)
	}
	v.tabs.Select(v.roundTab)
	if v.roundTab.Content != v.challenges.Content() || !uitest.HasText(w.Content(), "Record a game") {
		t.Fatalf("the Round tab shows %q", uitest.Texts(w.Content()))
	}
	c := w.Canvas()
	if c.Focused() != v.challenges.Filter() {
		t.Fatalf("focus is on %v, not the player filter", c.Focused())
	}
	test.Type(c.Focused(), "bob")
	pressEnter(c)
	test.Type(c.Focused(), "ada")
	pressEnter(c)
	if got := v.challenges.Chosen(); len(got) != 2 || got[0] != p[1].ID || got[1] != p[0].ID {
		t.Fatalf("chosen %v, want Bob then Ada", got)
	}
	pressEnter(c) // Enter on the empty filter saves
	if !uitest.HasText(w.Content(), "Choose the winner") {
		t.Errorf("saved without a winner: %q", uitest.Texts(w.Content()))
	}
	test.Type(c.Focused(), "ada") // Ada is in the game: she won
	pressEnter(c)
	pressEnter(c)
	if !uitest.HasText(w.Content(), "Game 1 saved: Ada Lovelace won") {
		t.Fatalf("after saving: %q", uitest.Texts(w.Content()))
	}
	recordASecondChallengeGame(ctx, t, d, s, w, e.ID)
}

// recordASecondChallengeGame is the end of
// TestOpenChallengesThroughTheWindow: a second game, of three players
// ticked with the mouse, is listed first and counted in the header and
// the standings.
func recordASecondChallengeGame(ctx context.Context, t *testing.T, d *director.Director, s *shell, w fyne.Window, id event.EventID) {
	t.Helper()
	v := s.view
	// A second game of three, ticked with the mouse.
	for _, cb := range uitest.Objects(w.Content()) {
		if ch, ok := cb.(*widget.Check); ok && (ch.Text == "Carol Reed" || ch.Text == "Dan Brown" || ch.Text == "Bob Stone") {
			test.Tap(ch)
		}
	}
	v.challenges.SetWinner("Carol Reed")
	test.Tap(uitest.Button(t, w.Content(), "Save game", 0))
	games := v.challenges.Games()
	if len(games) != 2 || games[0].Number != 2 {
		t.Fatalf("games %+v, want the newest first", games)
	}
	if got := v.challenges.GameText(games[0]); !strings.HasPrefix(got, "Game 2: Carol Reed won against") {
		t.Errorf("game line %q", got)
	}
	if !uitest.HasText(w.Content(), "2 games played") || !strings.Contains(v.subtitle.Text, "running · 2 games played") {
		t.Errorf("subtitle %q", v.subtitle.Text)
	}
	table, err := d.Rounds.Standings(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if table[0].Points != 1 || table[1].Points != 1 || table[2].Points != 0 {
		t.Errorf("standings %+v", table)
	}
}
