package browser

import (
	"context"
	"strconv"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/ui/web/internal/webtest"
)

// Before round 1 of an event that asks for a player meeting, the TV shows
// every player's table and seat by name, at TV, tablet and phone sizes; a
// player registered then shows by herself; once round 1 is published the
// TV shows its pairings instead.
func TestBrowserTheTVShowsThePlayerMeeting(t *testing.T) {
	f := newFixture(t)
	e, _ := f.Event("generic", "swiss", "Zoë Lefèvre", "Ada Lovelace", "Émile Zola", "김민준", "Bram Berg")
	f.ChangeSettings(&e, func(s *event.Settings) { s.Meeting = true })
	url := f.HTTP.URL + "/events/" + webtest.Itoa64(int64(e.ID)) + "/projector"
	for _, size := range [][2]int{{390, 844}, {1024, 768}, {1920, 1080}} {
		ctx := browser(t, size[0], size[1])
		run(t, ctx, "open the TV", chromedp.Navigate(url))
		waitText(t, ctx, "#pj-title", "Player meeting: find your seat", 10*time.Second)
		waitText(t, ctx, "#pj-rows", "Ada Lovelace", time.Second)
		waitText(t, ctx, "#pj-rows", "seat 1", time.Second)
		screenshot(t, ctx, "meeting-"+strconv.Itoa(size[0])+".png")
		if size[0] != 1920 {
			continue
		}
		if first := textOf(t, ctx, "#pj-rows .pj-row"); first != "1Ada Lovelaceseat 1" {
			t.Errorf("the first seat reads %q, want Ada at table 1, seat 1", first)
		}
		if _, err := f.D.Registration.RegisterNew(context.Background(), e.ID, director.NewPlayer{Name: "Chiara Rossi"}); err != nil {
			t.Fatal(err)
		}
		waitText(t, ctx, "#pj-rows", "Chiara Rossi", 10*time.Second)
		f.Publish(e.ID)
		waitText(t, ctx, "#pj-title", "Pairings by name", 15*time.Second)
	}
}

// A raffle drawn at the desk shows on the TV at once, over the list: its
// winners by name and whom they were drawn among.
func TestBrowserTheTVShowsARaffle(t *testing.T) {
	f := newFixture(t)
	e, _, _ := f.OpenRound(16)
	url := f.HTTP.URL + "/events/" + webtest.Itoa64(int64(e.ID)) + "/projector"
	ctx := browser(t, 1920, 1080)
	run(t, ctx, "open the TV", chromedp.Navigate(url))
	waitText(t, ctx, "#pj-title", "Pairings by name", 10*time.Second)
	got, err := f.D.Registration.Raffle(context.Background(), e.ID, event.RaffleStillIn, 3)
	if err != nil {
		t.Fatal(err)
	}
	waitText(t, ctx, "#pj-raffle", "Raffle winners", 5*time.Second)
	for _, n := range got.Names {
		waitText(t, ctx, "#pj-raffle", n, time.Second)
	}
	waitText(t, ctx, "#pj-raffle", "drawn among 16 players still in", time.Second)
	screenshot(t, ctx, "raffle-1920.png")
}
