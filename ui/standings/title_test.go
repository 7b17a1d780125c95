package standings

import (
	"testing"

	"fyne.io/fyne/v2/test"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/ui/internal/uitest"
)

// titledEvent is a four-player event with round 1 published and one of
// its two results in.
func titledEvent(t *testing.T) (*director.Director, event.Event, event.Round) {
	t.Helper()
	test.NewTempApp(t)
	d := uitest.Director(t)
	e := uitest.Event(t, d, "Friday Swiss")
	uitest.Players(t, d, e.ID, "Ada Lovelace", "Bob Stone", "Cy Young", "Dee Dee")
	r := uitest.Pair(t, d, e.ID)
	if err := d.Rounds.RecordResult(t.Context(), e.ID, 1, r.Tables[0].Number, event.Result{Seats: []event.SeatResult{{GamesWon: 2}, {GamesWon: 0}}}); err != nil {
		t.Fatal(err)
	}
	return d, e, r
}

// The tab heads its rows with what they count, the core's words: a round
// in progress with its count, then "after round 1", which a draft round 2
// does not change.
func TestTheStandingsTitleSaysWhatTheRowsCount(t *testing.T) {
	d, e, r := titledEvent(t)
	ctx := t.Context()
	s, w := showStandings(t, d.Views, e.ID)
	says := func(want string, matches int) {
		t.Helper()
		s.Load(e.ID)
		if s.Title() != want || !uitest.HasText(w.Content(), want) {
			t.Errorf("title %q, want %q shown; shown: %q", s.Title(), want, uitest.Texts(w.Content()))
		}
		n := 0
		for _, row := range s.Rows() {
			n += row.Matches
		}
		if n != matches {
			t.Errorf("under %q the rows count %d matches, want %d", want, n, matches)
		}
	}
	says("Standings — round 1 in progress: 1 of 2 results", 2)
	if err := d.Rounds.RecordResult(ctx, e.ID, 1, r.Tables[1].Number, event.Result{Seats: []event.SeatResult{{GamesWon: 2}, {GamesWon: 1}}}); err != nil {
		t.Fatal(err)
	}
	says("Standings after round 1", 4)
	if _, err := d.Rounds.PairNextRound(ctx, e.ID); err != nil {
		t.Fatal(err)
	}
	says("Standings after round 1", 4)
}

// Chosen French, the tab's title is French with its plural.
func TestTheStandingsTitleSpeaksFrench(t *testing.T) {
	if !uitest.InFrench(t) {
		return
	}
	d, e, _ := titledEvent(t)
	s, _ := showStandings(t, d.Views, e.ID)
	if want := "Classement — ronde 1 en cours : 1 résultat sur 2"; s.Title() != want {
		t.Errorf("title %q, want %q", s.Title(), want)
	}
}
