package web

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"tablekeeper/core/director"
	"tablekeeper/internal/testdb"
	"tablekeeper/ui/web/internal/webtest"
)

// A stranger at an unlocked kiosk tablet (issue 27) taps every name,
// checks each player in and tries every way to her deck: the deck page
// (which asks for her code), a deck sent straight to the form and to the
// check, and a code that is not hers (his own). 0 of the players' decks
// change, and the log has no deck line from the kiosk.
func TestAStrangerAtTheKioskTabletChangesNoPlayersDeck(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	names := webtest.Names(24)
	e, entries := f.Event("altered", "standard-bo3", names...)
	for i, en := range entries {
		if _, err := f.d.Decks.SaveDeck(ctx, en.ID, "Own deck "+names[i], webtest.AlteredDeck()); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := f.d.Registration.AddPlayer(ctx, director.NewPlayer{Name: "Regular Una", MemberNo: "M-Una"}); err != nil {
		t.Fatal(err)
	}
	creds, err := f.d.Phones.RevealPlayerCodes(ctx, e.ID)
	if err != nil {
		t.Fatal(err)
	}
	before := testdb.Decks(t, f.d, e.ID)
	mine := creds[entries[0].ID].Code // the stranger is a player too
	b := f.unlocked(e)
	deckCheck := "/api/events/" + webtest.Itoa64(int64(e.ID)) + "/kiosk/deck-check"
	stranger := strings.Replace(webtest.AlteredDeck(), "Akesha & Taru", "Sierra & Oddball", 1)

	tries := 0
	try := func(who string) {
		t.Helper()
		tries++
		page := b.get(webtest.KioskOf(e)+"/deck").must(t, 200, "deck page of "+who)
		if strings.Contains(page.body, `id="k-list"`) {
			t.Fatalf("the deck form of %s opens without her code", who)
		}
		page.shows(t, "Type your player code first, so that nobody else can change your deck.")
		b.post(webtest.KioskOf(e)+"/deck", url.Values{"deckname": {"Stranger"}, "list": {stranger}}).must(t, http.StatusForbidden, "deck of "+who)
		b.post(deckCheck, url.Values{"list": {stranger}}).must(t, http.StatusForbidden, "check of "+who)
		a := b.post(webtest.KioskOf(e)+"/deck/code", url.Values{"code": {mine}})
		if a.status != http.StatusForbidden && a.status != http.StatusTooManyRequests {
			t.Fatalf("another player's code for %s: %d %s %s", who, a.status, a.location, pageText(a.body))
		}
		b.post(webtest.KioskOf(e)+"/deck", url.Values{"deckname": {"Stranger"}, "list": {stranger}}).must(t, http.StatusForbidden, "deck of "+who+" after a code")
	}
	for _, n := range names[1:] {
		f.clock.Add(20 * time.Second) // within the tablet's budgets of writes and wrong codes
		page := b.get(webtest.KioskOf(e)+"?q="+url.QueryEscape(n)).must(t, 200, "search "+n)
		for _, m := range kioskNameIDs(page.body) {
			b.post(webtest.KioskOf(e)+"/checkin", url.Values{"player": {m}}).must(t, http.StatusSeeOther, "check in "+m)
			b.get(webtest.KioskOf(e)+"/done").must(t, 200, "done").shows(t, "Register my deck", msgDeckWithCode.String())
			try(n)
		}
	}
	// A regular's own member number checks her in: she is no new player.
	f.clock.Add(20 * time.Second)
	b.post(webtest.KioskOf(e)+"/signup", url.Values{"name": {"regular una"}, "member": {"M-Una"}}).must(t, http.StatusSeeOther, "her member number")
	try("Regular Una")
	if tries < len(names) {
		t.Fatalf("only %d names were tried of %d", tries, len(names))
	}

	after := testdb.Decks(t, f.d, e.ID)
	changed := testdb.ChangedDecks(before, after)
	if changed != 0 || len(after) != len(before) {
		t.Fatalf("a stranger changed %d decks of %d players (%d decks before, %d after)", changed, len(names), len(before), len(after))
	}
	log, _ := f.d.Events.Log(ctx, e.ID)
	for _, l := range log {
		if strings.HasPrefix(l.Message.Format, "deck registered on") {
			t.Errorf("the log says %q", l.Message.String())
		}
	}
}

// A brand-new player who signs up at the kiosk registers her deck at
// once: the kiosk has just given her her code, and asks for none.
func TestANewPlayerRegistersHerDeckRightAfterSigningUp(t *testing.T) {
	f := newFixture(t)
	e, _ := f.Event("altered", "standard-bo3", "Zoë Ødegård")
	b := f.unlocked(e)
	b.post(webtest.KioskOf(e)+"/signup", url.Values{"name": {"Noor Haddad"}}).must(t, http.StatusSeeOther, "sign up")
	b.get(webtest.KioskOf(e)+"/done").must(t, 200, "done").shows(t, "Welcome, Noor Haddad!", "Register my deck")
	page := b.get(webtest.KioskOf(e)+"/deck").must(t, 200, "deck page").shows(t, "Register your deck, Noor Haddad")
	if !strings.Contains(page.body, `id="k-list"`) {
		t.Fatalf("a new player is asked for a code: %s", pageText(page.body))
	}
	b.post(webtest.KioskOf(e)+"/deck", url.Values{"deckname": {"Axiom"}, "list": {webtest.AlteredDeck()}}).must(t, http.StatusSeeOther, "save")
	noor, _ := f.EntryNamed(e, "Noor Haddad")
	if got := testdb.Decks(t, f.d, e.ID)[noor.ID]; !strings.HasPrefix(got, "Axiom\n") {
		t.Fatalf("her deck is %q", got)
	}
	// The next visitor at the tablet cannot change it.
	b.post(webtest.KioskOf(e)+"/deck", url.Values{"list": {webtest.AlteredDeck()}}).must(t, http.StatusForbidden, "deck after save")
}
