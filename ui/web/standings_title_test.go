package web

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"tablekeeper/core/event"
	"tablekeeper/ui/web/internal/browsertest"
	"tablekeeper/ui/web/internal/webtest"
)

// The standings JSON says what its rows count, in the page's language,
// with the words the window and the paper use (director.Basis.Title): a
// draft round is not counted, a round in progress says how many results
// are in, and the projector's standings carry the same title.
func TestStandingsTitleSaysWhatTheRowsCount(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	e, _ := f.Event("altered", "standard-bo3", webtest.Names(8)...)
	id := webtest.Itoa64(int64(e.ID))
	standings := func(lang string) standingsJSON {
		t.Helper()
		resp, body := f.do("GET", "/api/events/"+id+"/standings", nil, "Accept-Language", lang)
		if resp.StatusCode != http.StatusOK {
			t.Fatalf("standings: %d %s", resp.StatusCode, body)
		}
		var s standingsJSON
		if err := json.Unmarshal([]byte(body), &s); err != nil {
			t.Fatal(err)
		}
		return s
	}
	matches := func(s standingsJSON) (n int) {
		for _, r := range s.Rows {
			n += r.Matches
		}
		return n
	}
	if s := standings("en"); s.Title != "Standings before round 1" || matches(s) != 0 {
		t.Errorf("before round 1: %q, %d matches", s.Title, matches(s))
	}
	f.PlayRound(e.ID, f.Publish(e.ID))
	if _, err := f.d.Rounds.PairNextRound(ctx, e.ID); err != nil {
		t.Fatal(err)
	}
	s := standings("en")
	if s.Title != "Standings after round 1" || s.AfterRound != 1 || s.Playing != 0 || matches(s) != 8 {
		t.Errorf("round 2 a draft: %q, after %d, playing %d, %d matches", s.Title, s.AfterRound, s.Playing, matches(s))
	}
	r2, err := f.d.Rounds.RoundSheet(ctx, e.ID, 2)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.d.Drafts.PublishRound(ctx, e.ID, 2); err != nil {
		t.Fatal(err)
	}
	if err := f.d.Rounds.RecordResult(ctx, e.ID, 2, r2.Tables[0].Number, event.Result{Seats: []event.SeatResult{{GamesWon: 2}, {GamesWon: 0}}}); err != nil {
		t.Fatal(err)
	}
	s = standings("en")
	if want := "Standings — round 2 in progress: 1 of 4 results"; s.Title != want || s.AfterRound != 1 || s.Playing != 2 || matches(s) != 10 {
		t.Errorf("round 2 open: %q (want %q), after %d, playing %d, %d matches", s.Title, want, s.AfterRound, s.Playing, matches(s))
	}
	if fr, want := standings("fr"), "Classement — ronde 2 en cours : 1 résultat sur 4"; fr.Title != want {
		t.Errorf("round 2 open in French: %q, want %q", fr.Title, want)
	}
	var p projectorJSON
	f.getJSON("/api/events/"+id+"/projector", http.StatusOK, &p)
	if p.Standings != nil && p.Standings.Title != s.Title {
		t.Errorf("the projector's standings say %q, the page's %q", p.Standings.Title, s.Title)
	}
}

// In the browser, the standings page heads its rows with the server's
// title, and a result reported while the page is open moves its count.
func TestBrowserStandingsTitleFollowsTheRound(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	e, _ := f.Event("altered", "standard-bo3", webtest.Names(8)...)
	f.PlayRound(e.ID, f.Publish(e.ID))
	r2 := f.Publish(e.ID)
	b := browsertest.Open(t, 390, 844)
	browsertest.Run(t, b, "open the standings", chromedp.Navigate(f.http.URL+"/events/"+webtest.Itoa64(int64(e.ID))+"/standings"))
	browsertest.WaitText(t, b, "#standings-label", "Standings — round 2 in progress: 0 of 4 results", 5*time.Second)
	if err := f.d.Rounds.RecordResult(ctx, e.ID, 2, r2.Tables[0].Number, event.Result{Seats: []event.SeatResult{{GamesWon: 2}, {GamesWon: 1}}}); err != nil {
		t.Fatal(err)
	}
	browsertest.WaitText(t, b, "#standings-label", "Standings — round 2 in progress: 1 of 4 results", 5*time.Second)
	browsertest.Screenshot(t, b, *shots, "standings-in-progress.png")
}

// Walked through a Swiss event with a top 8 to its end, the standings
// title names every round as it is played, the top cut's included, and
// says "Final standings" once the organizer finishes the event.
func TestStandingsTitleThroughATopCut(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	e, _ := f.Event("generic", "swiss-top8", webtest.Names(12)...)
	path := "/api/events/" + webtest.Itoa64(int64(e.ID)) + "/standings"
	cut := 0
	for n := 1; ; n++ {
		p, err := f.d.Rounds.Progress(ctx, e.ID)
		if err != nil {
			t.Fatal(err)
		}
		if p.Done {
			break
		}
		r := f.Publish(e.ID)
		if r.Stage != event.StageSwiss {
			cut++
		}
		var s standingsJSON
		f.getJSON(path, http.StatusOK, &s)
		played := 0
		for _, tb := range r.Tables {
			if !tb.Bye {
				played++
			}
		}
		if want := fmt.Sprintf("Standings — round %d in progress: 0 of %d results", n, played); s.Title != want {
			t.Errorf("round %d (%s) published: %q, want %q", n, r.Name, s.Title, want)
		}
		f.PlayRound(e.ID, r)
		f.getJSON(path, http.StatusOK, &s)
		if want := fmt.Sprintf("Standings after round %d", n); s.Title != want {
			t.Errorf("round %d (%s) played: %q, want %q", n, r.Name, s.Title, want)
		}
	}
	if cut != 3 {
		t.Errorf("%d rounds of top cut walked, want 3", cut)
	}
	if err := f.d.Events.FinishEvent(ctx, e.ID); err != nil {
		t.Fatal(err)
	}
	var s standingsJSON
	f.getJSON(path, http.StatusOK, &s)
	if s.Title != "Final standings" || !s.Final {
		t.Errorf("finished: %q (final %v)", s.Title, s.Final)
	}
}
