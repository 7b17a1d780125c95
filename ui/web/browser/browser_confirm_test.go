package browser

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"tablekeeper/core/event"
	"tablekeeper/ui/web/internal/webtest"
)

// confirmWords are the sentences the two phones show, in each language.
var confirmWords = map[string]struct{ waiting, reported, confirm, recorded, organizer string }{
	"en": {"Sent. Waiting for %s to confirm.", "%s reported: ", "Confirm", "Recorded: ", "Sent to the organizer: you and %s reported different results."},
	"fr": {"Envoyé. En attente de la confirmation de %s.", "%s a déclaré\u00a0: ", "Confirmer", "Enregistré\u00a0: ", "Transmis à l’organisateur\u00a0: vous et %s avez déclaré des résultats différents."},
}

// Two phones of two players, each signed in with her player code: on
// table 1, Ada taps her win and sends it without any code ("waiting for
// Bob"); Bob's page shows her report live and he confirms it; both then
// read it recorded. On table 2 the players send different results: both
// pages say it went to the organizer, and the organizer's list holds both
// reports. In English and in French.
func TestBrowserTwoPhonesConfirmAndDisagree(t *testing.T) {
	for _, lang := range []string{"en", "fr"} {
		t.Run(lang, func(t *testing.T) {
			w := confirmWords[lang]
			f := newFixture(t)
			e, r, codes := f.ConfirmingRound(true)
			t1, t2 := r.Tables[0], r.Tables[1]
			ada, bob := t1.Seats[0].EntryID, t1.Seats[1].EntryID
			adaName, bobName := webtest.NameAt(t, f.Floor, e.ID, ada), webtest.NameAt(t, f.Floor, e.ID, bob)
			pa, pb := browser(t, 390, 844), browser(t, 390, 844)
			f.PhoneSignIn(t, pa, lang, e.ID, ada, codes[ada])
			f.PhoneSignIn(t, pb, lang, e.ID, bob, codes[bob])
			if !evalBool(t, pa, `document.getElementById('r-code-row').hidden && document.getElementById('r-table-row').hidden`) {
				t.Error("the table and code fields show on a signed-in phone")
			}
			waitText(t, pa, "#r-winner-buttons", adaName, 5*time.Second)
			if lang == "en" {
				screenshot(t, pa, "confirm-open.png")
			}
			run(t, pa, "Ada taps her win 2–0", chromedp.Click(chromedp.CSS("#r-winner-buttons button:nth-child(1)")))
			waitText(t, pa, "#r-games-buttons", "2–0", 5*time.Second)
			run(t, pa, "2–0 and send", chromedp.Click(chromedp.CSS("#r-games-buttons button:nth-child(1)")), chromedp.Click(chromedp.ID("r-send")))
			waitText(t, pa, "#r-mine-message", fmt.Sprintf(w.waiting, bobName), 5*time.Second)
			if f.Results(e.ID, 1) != "" {
				t.Fatal("one player's report was recorded")
			}
			// Bob's page hears of it on its stream, without a reload.
			waitText(t, pb, "#r-mine-message", fmt.Sprintf(w.reported, adaName)+adaName, 5*time.Second)
			waitText(t, pb, "#r-mine-confirm", w.confirm, 5*time.Second)
			if lang == "en" {
				screenshot(t, pb, "confirm-opponent.png")
			}
			run(t, pb, "Bob confirms", chromedp.Click(chromedp.ID("r-mine-confirm")))
			waitText(t, pb, "#r-mine-message", w.recorded+adaName, 5*time.Second)
			waitText(t, pa, "#r-mine-message", w.recorded+adaName, 5*time.Second)
			got := webtest.SeatTable(f.rounds(e.ID)[0], ada).Result
			if got == nil || got.Seats[0].GamesWon != 2 || got.Seats[1].GamesWon != 0 || !got.ByPlayers {
				t.Fatalf("recorded %+v", got)
			}

			cy, dee := t2.Seats[0].EntryID, t2.Seats[1].EntryID
			cyName, deeName := webtest.NameAt(t, f.Floor, e.ID, cy), webtest.NameAt(t, f.Floor, e.ID, dee)
			pc, pd := browser(t, 390, 844), browser(t, 390, 844)
			f.PhoneSignIn(t, pc, lang, e.ID, cy, codes[cy])
			f.PhoneSignIn(t, pd, lang, e.ID, dee, codes[dee])
			waitText(t, pc, "#r-winner-buttons", cyName, 5*time.Second)
			run(t, pc, "Cy taps her win", chromedp.Click(chromedp.CSS("#r-winner-buttons button:nth-child(1)")))
			waitText(t, pc, "#r-games-buttons", "2–1", 5*time.Second)
			run(t, pc, "2–1 and send", chromedp.Click(chromedp.CSS("#r-games-buttons button:nth-child(2)")), chromedp.Click(chromedp.ID("r-send")))
			waitText(t, pc, "#r-mine-message", fmt.Sprintf(w.waiting, deeName), 5*time.Second)
			// Dee sees Cy's report and reports something else: her own win.
			waitText(t, pd, "#r-mine-message", fmt.Sprintf(w.reported, cyName)+cyName, 5*time.Second)
			run(t, pd, "Dee reports something else", chromedp.Click(chromedp.ID("r-mine-other")),
				chromedp.Click(chromedp.CSS("#r-winner-buttons button:nth-child(2)")))
			waitText(t, pd, "#r-games-buttons", "2–1", 5*time.Second)
			run(t, pd, "2–1 and send", chromedp.Click(chromedp.CSS("#r-games-buttons button:nth-child(2)")), chromedp.Click(chromedp.ID("r-send")))
			waitText(t, pd, "#r-mine-message", fmt.Sprintf(w.organizer, cyName), 5*time.Second)
			waitText(t, pc, "#r-mine-message", fmt.Sprintf(w.organizer, deeName), 5*time.Second)
			waitText(t, pc, "#r-mine-reports", deeName, 5*time.Second)
			if lang == "en" {
				screenshot(t, pc, "confirm-organizer.png")
			}
			reps, err := f.D.Network.PhoneReports(context.Background(), e.ID)
			if err != nil || len(reps) != 2 || reps[0].Table != t2.Number || !reps[0].Disagree || reps[0].Player == reps[1].Player {
				t.Fatalf("the organizer's list: %+v, %v", reps, err)
			}
		})
	}
}

// rounds reads an event's rounds.
func (f *fixture) rounds(id event.EventID) []event.Round {
	f.T.Helper()
	rs, err := f.D.Rounds.Rounds(context.Background(), id)
	if err != nil {
		f.T.Fatal(err)
	}
	return rs
}
