package web

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/ui/web/internal/webtest"
)

// The TV shows a raffle's winners, by name, for two minutes after the
// draw, then no more; the feed names the raffle, so the TV loads at once.
func TestTheTVShowsARafflesWinnersForTwoMinutes(t *testing.T) {
	f := newFixture(t)
	e, es, _ := f.OpenRound(8)
	path := "/api/events/" + webtest.Itoa64(int64(e.ID)) + "/projector"
	var before projectorJSON
	f.getJSON(path, http.StatusOK, &before)
	if before.Raffle != nil {
		t.Fatalf("a raffle before any: %+v", before.Raffle)
	}
	got, err := f.d.Registration.Raffle(context.Background(), e.ID, event.RaffleStillIn, 2)
	if err != nil {
		t.Fatal(err)
	}
	var p projectorJSON
	f.getJSON(path, http.StatusOK, &p)
	if p.Raffle == nil || strings.Join(p.Raffle.Winners, ",") != strings.Join(got.Names, ",") || p.Raffle.Among != "drawn among 8 players still in" ||
		p.Raffle.EndsIn != 120000 || len(es) != 8 {
		t.Fatalf("the TV's raffle: %+v (drawn %+v)", p.Raffle, got)
	}
	f.clock.Add(2*time.Minute - time.Second)
	f.getJSON(path, http.StatusOK, &p)
	if p.Raffle == nil || p.Raffle.EndsIn != 1000 {
		t.Fatalf("a second before the end: %+v", p.Raffle)
	}
	f.clock.Add(time.Second)
	p = projectorJSON{}
	f.getJSON(path, http.StatusOK, &p)
	if p.Raffle != nil {
		t.Errorf("two minutes on, the TV still shows %+v", p.Raffle)
	}
	if words := changeWords(director.ChangeRaffle & alsoKinds); strings.Join(words, ",") != "raffle" {
		t.Errorf("a raffle's change is named %v in a patch", words)
	}
}
