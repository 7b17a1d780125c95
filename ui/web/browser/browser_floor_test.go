package browser

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"tablekeeper/core/event"
	"tablekeeper/core/standings"
	"tablekeeper/ui/web/internal/browserkit"
	"tablekeeper/ui/web/internal/webtest"
)

// The whole floor from the phones' side (issue 22): a 64-player Altered
// event whose results both players confirm. Two players check in at a
// kiosk tablet and read their player codes there; one of them signs her
// phone in with that code in the Me view's box and sends her decklist
// from the phone, the others send theirs from their phones too (over
// HTTP); the desk pairs round 1; at her table she reports and her
// opponent confirms on his phone; a third player asks to drop from her
// phone and the desk accepts; a scorekeeper station types two slips;
// every other table's players confirm from their phones. Every table of
// the round is recorded once, round 2 leaves the dropped player out, and
// the event is played to its end and its final standings read on a phone.
func TestBrowserSixtyFourPlayerEventFromThePhonesSide(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	e, entries := f.Event("altered", "standard-bo3", webtest.Names(64)...)
	f.ChangeSettings(&e, func(s *event.Settings) { s.PlayersConfirmResults = true })
	ada, bram := entries[0], entries[1]

	// The kiosk tablet: Ada and Bram check in.
	floorCheckInAtTheKiosk(t, f, e, ada, bram)
	codes := map[event.EntryID]string{}
	for _, en := range entries[2:] {
		if err := f.D.Registration.CheckIn(ctx, en.ID, true); err != nil {
			t.Fatal(err)
		}
	}
	all, err := f.D.Phones.PlayerCodes(ctx, e.ID)
	if err != nil {
		t.Fatal(err)
	}
	// Their codes come from their slips.
	for _, en := range []event.Entry{ada, bram} {
		codes[en.ID] = all[en.ID]
	}

	// Ada's phone: the sign-in box with the code the kiosk showed, then
	// her decklist from the phone.
	pa := browser(t, 390, 844)
	run(t, pa, "open the event", chromedp.Navigate(f.HTTP.URL+"/events/"+webtest.Itoa64(int64(e.ID))))
	run(t, pa, "find herself", chromedp.SendKeys(chromedp.ID("find-q"), "Lovelace"))
	waitText(t, pa, "#find-results", ada.Name, 5*time.Second)
	run(t, pa, "tap her name", chromedp.Click(chromedp.CSS("#find-results a, #find-results button")))
	run(t, pa, "type her code", chromedp.WaitVisible(chromedp.ID("signin-code")),
		chromedp.SendKeys(chromedp.ID("signin-code"), strings.ToLower(codes[ada.ID][:3])+"-"+strings.ToLower(codes[ada.ID][3:])),
		chromedp.Click(chromedp.ID("signin-go")))
	waitText(t, pa, "#signed-in-as", ada.Name, 5*time.Second)
	run(t, pa, "open her deck page", chromedp.Navigate(f.HTTP.URL+"/events/"+webtest.Itoa64(int64(e.ID))+"/deck"), chromedp.WaitVisible(chromedp.ID("deck-list")))
	run(t, pa, "paste her list", chromedp.SendKeys(chromedp.ID("deck-list"), webtest.AlteredDeck()))
	waitText(t, pa, "#deck-check", "Legal", 5*time.Second)
	run(t, pa, "save", chromedp.Click(chromedp.ID("deck-save")))
	waitText(t, pa, "#deck-message", "Your deck is registered", 5*time.Second)

	// Everyone else's phone, over HTTP.
	phones := floorDecklists(t, f, e, entries[1:], all)

	// The desk pairs round 1.
	r := f.Publish(e.ID)
	if len(r.Tables) != 32 {
		t.Fatalf("round 1 has %d tables", len(r.Tables))
	}
	adaTable := webtest.SeatTable(r, ada.ID)
	opp := adaTable.Seats[1].EntryID
	if opp == ada.ID {
		opp = adaTable.Seats[0].EntryID
	}
	// Her opponent's phone in a browser (signed in the same way).
	pb := browser(t, 390, 844)
	f.PhoneSignIn(t, pb, "en", e.ID, opp, all[opp])
	// Ada reports her win 2–0 on the report page; her opponent confirms.
	run(t, pa, "open the report page", chromedp.Navigate(f.HTTP.URL+"/events/"+webtest.Itoa64(int64(e.ID))+"/report"), chromedp.WaitVisible(chromedp.ID("r-mine")))
	waitText(t, pa, "#r-winner-buttons", ada.Name, 5*time.Second)
	adaFirst := adaTable.Seats[0].EntryID == ada.ID
	winner := "#r-winner-buttons button:nth-child(2)"
	if adaFirst {
		winner = "#r-winner-buttons button:nth-child(1)"
	}
	run(t, pa, "Ada taps her win", chromedp.Click(chromedp.CSS(winner)))
	waitText(t, pa, "#r-games-buttons", "2–0", 5*time.Second)
	run(t, pa, "2–0 and send", chromedp.Click(chromedp.CSS("#r-games-buttons button:nth-child(1)")), chromedp.Click(chromedp.ID("r-send")))
	waitText(t, pb, "#r-mine-confirm", "Confirm", 5*time.Second)
	run(t, pb, "confirm", chromedp.Click(chromedp.ID("r-mine-confirm")))
	waitText(t, pa, "#r-mine-message", "Recorded", 5*time.Second)

	// A player asks to drop from her phone (a browser), and the desk
	// accepts.
	leaver := floorDrop(t, f, e, entries[2:], r, opp, adaTable, all)

	// A scorekeeper station types the slips of two tables whose players
	// did not report.
	var slips []event.Table
	for _, tb := range r.Tables {
		if tb.Number != adaTable.Number && len(slips) < 2 {
			slips = append(slips, tb)
		}
	}
	st := stationBrowser(t, f, e, 1366, 768, "en", "Sam")
	for _, tb := range slips {
		browserkit.TypeSlip(t, st, tb.Number, "2-1")
		waitText(t, st, "#s-notice", "table "+webtest.Itoa64(int64(tb.Number)), 5*time.Second)
	}

	// Every other table: both players confirm from their phones.
	floorPhonesReport(t, f, e, r, phones, map[int]bool{adaTable.Number: true, slips[0].Number: true, slips[1].Number: true})

	// Round 2 leaves the dropped player out; the event plays to its end.
	table := floorToTheEnd(t, f, e, leaver)
	run(t, pa, "the final standings", chromedp.Navigate(f.HTTP.URL+"/events/"+webtest.Itoa64(int64(e.ID))+"/standings"))
	waitText(t, pa, "main", table[0].Name, 5*time.Second)
	screenshot(t, pa, "floor-final-standings.png")
}

// floorCheckInAtTheKiosk unlocks a kiosk tablet in a browser, where Ada
// and Bram check in by name; neither is shown her code.
func floorCheckInAtTheKiosk(t *testing.T, f *fixture, e event.Event, ada, bram event.Entry) {
	t.Helper()
	ctx := context.Background()
	if _, err := f.D.Phones.SetKioskCode(ctx, webtest.KioskPIN); err != nil {
		t.Fatal(err)
	}
	kt := browser(t, 1024, 768)
	run(t, kt, "open the kiosk", chromedp.Navigate(f.HTTP.URL+webtest.KioskOf(e)), chromedp.WaitVisible(chromedp.ID("k-pin")))
	run(t, kt, "unlock", chromedp.SendKeys(chromedp.ID("k-pin"), webtest.KioskPIN), chromedp.Click(chromedp.CSS("button[type=submit]")))
	for _, en := range []event.Entry{ada, bram} {
		waitText(t, kt, ".k-title", "Welcome! Check in here", 5*time.Second)
		last := strings.Fields(en.Name)[1]
		run(t, kt, "type "+last, chromedp.SendKeys(chromedp.CSS(".k-search input"), last))
		waitText(t, kt, "#k-results", en.Name, 5*time.Second)
		run(t, kt, "tap "+en.Name, chromedp.Click(chromedp.CSS("#k-results a.k-name")))
		waitText(t, kt, ".k-title", "Are you "+en.Name+"?", 5*time.Second)
		run(t, kt, "yes", chromedp.Click(chromedp.CSS("button.k-primary")))
		waitText(t, kt, ".k-title", "You're checked in, "+en.Name, 5*time.Second)
		// Found by name: her code is on her slip, never on the kiosk.
		if n := jsText(t, kt, `String(document.querySelectorAll('#k-code').length)`); n != "0" {
			t.Fatalf("the kiosk shows %s's code to whoever tapped her name", en.Name)
		}
		run(t, kt, "back to the start", chromedp.Navigate(f.HTTP.URL+webtest.KioskOf(e)))
	}
}

// floorDecklists signs the players' phones in over HTTP and sends each
// one's decklist: the desk then has all 64, legal.
func floorDecklists(t *testing.T, f *fixture, e event.Event, entries []event.Entry, all map[event.EntryID]string) map[event.EntryID]*webtest.Phone {
	t.Helper()
	ctx := context.Background()
	phones := map[event.EntryID]*webtest.Phone{}
	for _, en := range entries {
		p := f.devicePhone()
		if status, body := p.SignIn(e.ID, en.ID, all[en.ID]); status != 200 {
			t.Fatalf("%s signs in: %d %s", en.Name, status, body)
		}
		phones[en.ID] = p
		if status, body := p.Post(webtest.DeckPath(e.ID), fmt.Sprintf(`{"name":"Deck of %s","list":%q}`, en.Name, webtest.AlteredDeck())); status != 200 {
			t.Fatalf("%s's decklist: %d %s", en.Name, status, body)
		}
	}
	ds, err := f.D.Decks.DeckStatus(ctx, e.ID)
	if err != nil || ds.Submitted != 64 || ds.Missing != 0 || ds.Problems != 0 {
		t.Fatalf("the desk's decklists: %d sent, %d missing, %d with problems, %v; want all 64 legal", ds.Submitted, ds.Missing, ds.Problems, err)
	}

	return phones
}

// floorDrop has a player who is neither at Ada's table nor her opponent
// ask to drop from her phone (a browser); the desk accepts, and her
// phone says so.
func floorDrop(t *testing.T, f *fixture, e event.Event, entries []event.Entry, r event.Round, opp event.EntryID, adaTable event.Table, all map[event.EntryID]string) event.Entry {
	t.Helper()
	ctx := context.Background()
	var leaver event.Entry
	for _, en := range entries {
		if en.ID != opp && webtest.SeatTable(r, en.ID).Number != adaTable.Number {
			leaver = en
			break
		}
	}
	pl := browser(t, 390, 844)
	f.PhoneSignIn(t, pl, "en", e.ID, leaver.ID, all[leaver.ID])
	run(t, pl, "her page", chromedp.Navigate(f.HTTP.URL+"/events/"+webtest.Itoa64(int64(e.ID))))
	run(t, pl, "ask to drop", chromedp.WaitVisible(chromedp.ID("drop-ask")), chromedp.Click(chromedp.ID("drop-ask")),
		chromedp.WaitVisible(chromedp.ID("drop-yes")), chromedp.Click(chromedp.ID("drop-yes")))
	waitText(t, pl, "#drop-state", "waiting for the organizer", 5*time.Second)
	open, err := f.D.Drops.OpenDropRequests(ctx, e.ID)
	if err != nil || len(open) != 1 {
		t.Fatalf("the desk's drop requests: %+v, %v", open, err)
	}
	if err := f.D.Drops.AcceptDrop(ctx, e.ID, open[0].ID); err != nil {
		t.Fatal(err)
	}
	waitText(t, pl, "#drop-state", "Dropped after round 1", 15*time.Second)

	return leaver
}

// floorPhonesReport has both players of every table not done report
// from their phones: every table has its result, and the organizer's
// list has nothing to check.
func floorPhonesReport(t *testing.T, f *fixture, e event.Event, r event.Round, phones map[event.EntryID]*webtest.Phone, done map[int]bool) {
	t.Helper()
	ctx := context.Background()
	for _, tb := range r.Tables {
		if done[tb.Number] || tb.Bye {
			continue
		}
		line := `{"round":1,"result":"2-1"}`
		for _, s := range tb.Seats {
			if status, body := phones[s.EntryID].Post(fmt.Sprintf("/api/events/%d/me/report", e.ID), line); status != 200 {
				t.Fatalf("table %d, %d reports: %d %s", tb.Number, s.EntryID, status, body)
			}
		}
	}
	round := f.rounds(e.ID)[0]
	for _, tb := range round.Tables {
		if tb.Result == nil {
			t.Fatalf("table %d has no result after the floor reported", tb.Number)
		}
	}
	if reps, err := f.D.Network.PhoneReports(ctx, e.ID); err != nil || len(reps) != 0 {
		t.Fatalf("the organizer's list after an agreeing floor: %+v, %v", reps, err)
	}

}

// floorToTheEnd pairs round 2 without the player who dropped, plays the
// event to its end and finishes it; it returns the final standings.
func floorToTheEnd(t *testing.T, f *fixture, e event.Event, leaver event.Entry) []standings.Standing {
	t.Helper()
	ctx := context.Background()
	r2 := f.Publish(e.ID)
	for _, tb := range r2.Tables {
		for _, s := range tb.Seats {
			if s.EntryID == leaver.ID {
				t.Fatalf("%s, who dropped, is paired at table %d of round 2", leaver.Name, tb.Number)
			}
		}
	}
	f.PlayRound(e.ID, r2)
	f.PlayOut(e.ID)
	if err := f.D.Events.FinishEvent(ctx, e.ID); err != nil {
		t.Fatal(err)
	}
	table, err := f.D.Rounds.Standings(ctx, e.ID)
	if err != nil || len(table) != 64 {
		t.Fatalf("final standings: %d rows, %v", len(table), err)
	}
	return table
}

// devicePhone is a phone client that already has its device cookie, as
// a phone that opened the event's page has: its writes count against its
// own budget, not its address's.
func (f *fixture) devicePhone() *webtest.Phone {
	p := webtest.NewPhone(f.T, f.HTTP)
	resp, err := p.C.Get(f.HTTP.URL + "/")
	if err != nil {
		f.T.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		f.T.Fatalf("the event list: %d", resp.StatusCode)
	}
	return p
}
