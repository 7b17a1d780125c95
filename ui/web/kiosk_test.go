package web

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/ui/web/internal/webtest"
)

// unlocked returns a tablet unlocked as the kiosk of e.
func (f *fixture) unlocked(e event.Event) *staffClient {
	f.t.Helper()
	if _, err := f.d.Phones.SetKioskCode(context.Background(), webtest.KioskPIN); err != nil {
		f.t.Fatal(err)
	}
	b := f.staffClient()
	b.get(webtest.KioskOf(e)).must(f.t, 200, "the kiosk before unlocking").shows(f.t, "Unlock the kiosk")
	a := b.post(webtest.KioskOf(e)+"/unlock", url.Values{"pin": {webtest.KioskPIN}}).must(f.t, http.StatusSeeOther, "unlock")
	if a.location != webtest.KioskOf(e) {
		f.t.Fatalf("unlock leads to %q", a.location)
	}
	return b
}

// matchID finds the player a kiosk page offers by name, in its
// confirm links or its "Yes, I'm …" forms.
func matchID(t *testing.T, body, name string) string {
	t.Helper()
	i := strings.Index(body, name)
	if i < 0 {
		t.Fatalf("the page offers no %s:\n%s", name, pageText(body))
	}
	head := body[:i]
	j := strings.LastIndex(head, "player=")
	k := strings.LastIndex(head, `name="player" value="`)
	switch {
	case k > j:
		rest := head[k+len(`name="player" value="`):]
		return rest[:strings.IndexByte(rest, '"')]
	case j >= 0:
		rest := head[j+len("player="):]
		return rest[:strings.IndexAny(rest, "&\"")]
	}
	t.Fatalf("no player number before %s", name)
	return ""
}

func TestAKioskStaysLockedUntilTheOrganizersPIN(t *testing.T) {
	f := newFixture(t)
	e, _ := f.Event("altered", "standard-bo3", "Ada Lovelace")
	b := f.staffClient()
	// The desktop kiosk's PIN unlocks no tablet.
	if err := f.d.Kiosk.SetKioskPIN(context.Background(), "2468"); err != nil {
		t.Fatal(err)
	}
	if _, err := f.d.Phones.SetKioskCode(context.Background(), webtest.KioskPIN); err != nil {
		t.Fatal(err)
	}
	page := b.get(webtest.KioskOf(e)+"?q=ada").must(t, 200, "locked kiosk")
	page.shows(t, "Unlock the kiosk", "Kiosk code")
	if strings.Contains(page.body, "Ada Lovelace") {
		t.Error("a locked kiosk lists players")
	}
	b.post(webtest.KioskOf(e)+"/unlock", url.Values{"pin": {"2468"}}).must(t, http.StatusForbidden, "the desktop kiosk's PIN").
		shows(t, "That is not the kiosk code. It is on the organizer's computer")
	b.post(webtest.KioskOf(e)+"/unlock", url.Values{"pin": {strings.Repeat("1", 40)}}).must(t, http.StatusForbidden, "long PIN")
	a := b.post(webtest.KioskOf(e)+"/unlock", url.Values{"pin": {webtest.KioskPIN}}).must(t, http.StatusSeeOther, "right PIN")
	var token *http.Cookie
	for _, c := range a.headerCookies() {
		if c.Name == kioskCookie {
			token = c
		}
	}
	if token == nil || !token.HttpOnly || token.SameSite != http.SameSiteStrictMode || len(token.Value) != 64 {
		t.Fatalf("kiosk cookie = %+v", token)
	}
	b.get(webtest.KioskOf(e)).must(t, 200, "unlocked").shows(t, "Welcome! Check in here", "I'm new here")
	// A second tablet unlocks beside it; both stay kiosks.
	second := f.staffClient()
	second.post(webtest.KioskOf(e)+"/unlock", url.Values{"pin": {webtest.KioskPIN}}).must(t, http.StatusSeeOther, "second tablet")
	second.get(webtest.KioskOf(e)).shows(t, "Welcome! Check in here")
	b.get(webtest.KioskOf(e)).shows(t, "Welcome! Check in here")

	// The unlock is for this event only.
	other, _ := f.Event("altered", "standard-bo3")
	b.get(webtest.KioskOf(other)).must(t, 200, "another event").shows(t, "Unlock the kiosk")

	// The lock button asks, then locks.
	b.get(webtest.KioskOf(e)+"/lock").must(t, 200, "lock page").shows(t, "Lock this kiosk?")
	b.post(webtest.KioskOf(e)+"/lock", nil).must(t, http.StatusSeeOther, "lock")
	b.get(webtest.KioskOf(e)).must(t, 200, "locked again").shows(t, "Unlock the kiosk")
	b.post(webtest.KioskOf(e)+"/checkin", url.Values{"player": {"1"}}).must(t, http.StatusForbidden, "check-in after lock").
		shows(t, msgKioskLocked.String())
}

func (a staffAnswer) headerCookies() []*http.Cookie {
	return (&http.Response{Header: a.header}).Cookies()
}

func TestWrongKioskPINsAreRateLimitedPerDevice(t *testing.T) {
	f := newFixture(t)
	e, _ := f.Event("altered", "standard-bo3", "Ada Lovelace")
	b := f.unlocked(e)
	b.post(webtest.KioskOf(e)+"/lock", nil)
	for i := range 5 {
		b.post(webtest.KioskOf(e)+"/unlock", url.Values{"pin": {fmt.Sprint("ABCD-EFG", 2+i)}}).must(t, http.StatusForbidden, "wrong PIN")
	}
	a := b.post(webtest.KioskOf(e)+"/unlock", url.Values{"pin": {webtest.KioskPIN}}).must(t, http.StatusTooManyRequests, "sixth try")
	a.shows(t, "Too many wrong PINs from this device: wait a minute, then try again.")
	if a.header.Get("Retry-After") == "" {
		t.Error("no Retry-After")
	}
	// A new device from the same address gets no new tries.
	f.staffClient().post(webtest.KioskOf(e)+"/unlock", url.Values{"pin": {webtest.KioskPIN}}).must(t, http.StatusTooManyRequests, "another device, same address")
	f.clock.Add(rateWrongPIN.per)
	b.post(webtest.KioskOf(e)+"/unlock", url.Values{"pin": {webtest.KioskPIN}}).must(t, http.StatusSeeOther, "after the wait")
}

func TestTheKioskTabletChecksInAPlayerItFound(t *testing.T) {
	f := newFixture(t)
	e, _ := f.Event("altered", "standard-bo3", "Ada Lovelace", "Bram Berg", "Zoë Ødegård")
	b := f.unlocked(e)

	b.get(webtest.KioskOf(e)+"?q=ad").must(t, 200, "two letters").shows(t, "Keep typing: names show from 3 letters.")
	page := b.get(webtest.KioskOf(e)+"?q=ZOE").must(t, 200, "search")
	page.shows(t, "Zoë Ødegård", "Choose your name.")
	if strings.Contains(page.body, "Ada Lovelace") {
		t.Error("the search lists a name that does not match")
	}
	id := matchID(t, page.body, "Zoë Ødegård")
	b.get(webtest.KioskOf(e)+"/confirm?player="+id+"&q=ZOE").must(t, 200, "confirm").shows(t, "Are you Zoë Ødegård?", "Yes, check me in")
	a := b.post(webtest.KioskOf(e)+"/checkin", url.Values{"player": {id}}).must(t, http.StatusSeeOther, "check in")
	if a.location != webtest.KioskOf(e)+"/done" {
		t.Fatalf("check-in leads to %q", a.location)
	}
	b.get(webtest.KioskOf(e)+"/done").must(t, 200, "done").shows(t, "You're checked in, Zoë Ødegård. Good luck!", "Register my deck")
	if en, _ := f.EntryNamed(e, "Zoë Ødegård"); !en.CheckedIn {
		t.Fatal("Zoë is not checked in")
	}
	// A second visit says so.
	page = b.get(webtest.KioskOf(e)+"?q=zoe").shows(t, "checked in")
	b.post(webtest.KioskOf(e)+"/checkin", url.Values{"player": {matchID(t, page.body, "Zoë Ødegård")}}).must(t, http.StatusSeeOther, "again")
	b.get(webtest.KioskOf(e)+"/done").shows(t, "You're already checked in, Zoë Ødegård. Good luck!")

	// Only a name the kiosk offered: not Ada, whom nobody searched for.
	ada, _ := f.EntryNamed(e, "Ada Lovelace")
	b.post(webtest.KioskOf(e)+"/checkin", url.Values{"player": {webtest.Itoa64(int64(ada.PlayerID))}}).must(t, http.StatusBadRequest, "not offered").
		shows(t, msgNotOffered.String())
	b.post(webtest.KioskOf(e)+"/checkin", url.Values{"player": {"abc"}}).must(t, http.StatusBadRequest, "not a number")
	if en, _ := f.EntryNamed(e, "Ada Lovelace"); en.CheckedIn {
		t.Fatal("a player the kiosk never offered was checked in")
	}
	// A confirm page for a name not offered goes back to the start.
	if a := b.get(webtest.KioskOf(e) + "/confirm?player=" + webtest.Itoa64(int64(ada.PlayerID))); a.status != http.StatusSeeOther || a.location != webtest.KioskOf(e) {
		t.Errorf("confirm of a name not offered: %d %q", a.status, a.location)
	}
}

func TestTheKioskTabletRefusesAGhostDuplicate(t *testing.T) {
	f := newFixture(t)
	last, _ := f.Event("altered", "standard-bo3", "Chris Lee") // in the directory from last week
	_ = last
	e, _ := f.Event("altered", "standard-bo3", "Ada Lovelace")
	b := f.unlocked(e)
	before, err := f.d.Registration.FindPlayers(context.Background(), "chris", 10)
	if err != nil {
		t.Fatal(err)
	}

	b.get(webtest.KioskOf(e)+"/signup?name=chris+lee").must(t, 200, "sign-up").shows(t, "New here? Sign up")
	a := b.post(webtest.KioskOf(e)+"/signup", url.Values{"name": {"chris  LEE"}, "member": {""}}).must(t, http.StatusSeeOther, "sign up a known name")
	if a.location != webtest.KioskOf(e)+"/same" {
		t.Fatalf("sign-up of a known name leads to %q", a.location)
	}
	page := b.get(webtest.KioskOf(e)+"/same").must(t, 200, "is this you").
		shows(t, "Is this you?", "A player called “chris LEE” has played here before. If that's you, choose your name.",
			"Yes, I'm Chris Lee", "No, I'm someone else with this name")
	if _, ok := f.EntryNamed(e, "chris LEE"); ok {
		t.Fatal("a ghost entry was made before the answer")
	}
	b.post(webtest.KioskOf(e)+"/checkin", url.Values{"player": {matchID(t, page.body, "Chris Lee")}}).must(t, http.StatusSeeOther, "it's me")
	b.get(webtest.KioskOf(e)+"/done").shows(t, "You're checked in, Chris Lee. Good luck!")
	after, _ := f.d.Registration.FindPlayers(context.Background(), "chris", 10)
	if len(after) != len(before) {
		t.Fatalf("the directory had %d Chris, now %d: a ghost duplicate", len(before), len(after))
	}
	if en, ok := f.EntryNamed(e, "Chris Lee"); !ok || !en.CheckedIn {
		t.Fatalf("Chris Lee entry = %+v, %v", en, ok)
	}

	// A true namesake says so, and is marked for the organizer.
	b.post(webtest.KioskOf(e)+"/signup", url.Values{"name": {"Chris Lee"}}).must(t, http.StatusSeeOther, "second Chris")
	b.get(webtest.KioskOf(e)+"/same").shows(t, "is already signed up for this event", "checked in")
	b.post(webtest.KioskOf(e)+"/namesake", nil).must(t, http.StatusSeeOther, "someone else")
	b.get(webtest.KioskOf(e)+"/done").shows(t, "Welcome, Chris Lee! You're signed up and checked in.", "Another player has the same name")
	entries, _ := f.d.Registration.Entries(context.Background(), e.ID)
	namesakes := 0
	for _, en := range entries {
		if en.Name == "Chris Lee" && en.Namesake {
			namesakes++
		}
	}
	if namesakes != 1 {
		t.Errorf("%d namesake entries, want 1", namesakes)
	}
	// No sign-up is waiting any more.
	b.post(webtest.KioskOf(e)+"/namesake", nil).must(t, http.StatusBadRequest, "namesake twice").
		shows(t, "There is no sign-up waiting on this kiosk")
}

func TestKioskSignUpRefusesBadInputWithASentence(t *testing.T) {
	f := newFixture(t)
	e, _ := f.Event("altered", "standard-bo3", "Ada Lovelace")
	b := f.unlocked(e)
	cases := []struct {
		form url.Values
		want string
	}{
		{url.Values{"name": {"   "}}, "Please type your name."},
		{url.Values{"name": {strings.Repeat("n", 121)}}, "Your name is 121 characters long; at most 120 fit."},
		{url.Values{"name": {"Noor"}, "member": {strings.Repeat("9", 65)}}, "The member number is 65 characters long; at most 64 fit."},
		{url.Values{"name": {"No\x07or"}}, "Your name holds characters that are not text; type it again."},
	}
	for _, c := range cases {
		b.post(webtest.KioskOf(e)+"/signup", c.form).must(t, http.StatusBadRequest, fmt.Sprintf("%q", c.form)).shows(t, c.want)
	}
	// A body past the bound is refused whole.
	big := url.Values{"name": {strings.Repeat("x", maxBody)}}
	b.post(webtest.KioskOf(e)+"/signup", big).must(t, http.StatusRequestEntityTooLarge, "too big").shows(t, "That is more than this form takes")
	entries, _ := f.d.Registration.Entries(context.Background(), e.ID)
	if len(entries) != 1 {
		t.Fatalf("%d entries after refused sign-ups", len(entries))
	}
	// The member number of someone else under another name names nobody.
	if _, err := f.d.Registration.RegisterNew(context.Background(), e.ID, director.NewPlayer{Name: "Tove Lind", MemberNo: "TK-7"}); err != nil {
		t.Fatal(err)
	}
	a := b.post(webtest.KioskOf(e)+"/signup", url.Values{"name": {"Noor Haddad"}, "member": {"TK-7"}}).must(t, http.StatusConflict, "taken number")
	a.shows(t, "Member number TK-7 is already in use under another name")
	if strings.Contains(pageText(a.body), "Tove") {
		t.Error("the kiosk named the number's owner")
	}
}

func TestTheKioskRegistersADeckWithItsLegalityAsTyped(t *testing.T) {
	f := newFixture(t)
	e, _ := f.Event("altered", "standard-bo3", "Zoë Ødegård")
	b := f.unlocked(e)
	deckPath := "/api/events/" + webtest.Itoa64(int64(e.ID)) + "/kiosk/deck-check"

	// No deck before checking in on this kiosk.
	if a := b.get(webtest.KioskOf(e) + "/deck"); a.status != http.StatusSeeOther {
		t.Errorf("deck page before check-in: %d", a.status)
	}
	b.post(webtest.KioskOf(e)+"/deck", url.Values{"list": {"1 Card"}}).must(t, http.StatusForbidden, "deck before check-in").shows(t, msgNoDeck.String())
	b.post(deckPath, url.Values{"list": {"1 Card"}}).must(t, http.StatusForbidden, "check before check-in")

	page := b.get(webtest.KioskOf(e) + "?q=zoe")
	b.post(webtest.KioskOf(e)+"/checkin", url.Values{"player": {matchID(t, page.body, "Zoë Ødegård")}}).must(t, http.StatusSeeOther, "check in")

	// Found by name, she types her player code before her deck.
	zoe, _ := f.EntryNamed(e, "Zoë Ødegård")
	code := f.PlayerCodeOf(zoe.ID)
	b.get(webtest.KioskOf(e)+"/deck").must(t, 200, "code page").
		shows(t, "Register your deck, Zoë Ødegård", "Type your player code first, so that nobody else can change your deck. It is printed on your player slip; the organizer can tell it to you at the desk.")
	b.post(webtest.KioskOf(e)+"/deck", url.Values{"list": {webtest.AlteredDeck()}}).must(t, http.StatusForbidden, "deck before the code").shows(t, msgDeckCodeFirst.String())
	b.post(deckPath, url.Values{"list": {"1 Card"}}).must(t, http.StatusForbidden, "check before the code")
	b.post(webtest.KioskOf(e)+"/deck/code", url.Values{"code": {"AAA-AAA"}}).must(t, http.StatusForbidden, "a wrong code").
		shows(t, "That is not your player code. It is printed on your player slip; the organizer can tell it to you.", "Your player code")
	a := b.post(webtest.KioskOf(e)+"/deck/code", url.Values{"code": {strings.ToLower(director.FormatPlayerCode(code))}}).must(t, http.StatusSeeOther, "her code")
	if a.location != webtest.KioskOf(e)+"/deck" {
		t.Fatalf("her code leads to %q", a.location)
	}
	b.get(webtest.KioskOf(e)+"/deck").must(t, 200, "deck page").
		shows(t, "Register your deck, Zoë Ødegård", "Altered · Standard (best of three) · one card per line", "Checked as you type")

	var rep deckReport
	four := strings.Replace(webtest.AlteredDeck(), "3 Axiom Card 13", "4 Axiom Card 13", 1)
	a = b.post(deckPath, url.Values{"list": {four}}).must(t, 200, "deck check")
	if err := json.Unmarshal([]byte(a.body), &rep); err != nil {
		t.Fatal(err)
	}
	if rep.Legal || rep.Verdict != "Not legal yet: 1 problem to fix" || len(rep.Problems) != 1 || !strings.HasSuffix(rep.Problems[0], ")") {
		t.Fatalf("check of an illegal deck = %+v", rep)
	}
	a = b.post(deckPath, url.Values{"list": {""}}).must(t, 200, "empty check")
	if !strings.Contains(a.body, `"empty":true`) {
		t.Errorf("empty check = %s", a.body)
	}
	if decks, _ := f.d.Decks.Decks(context.Background(), e.ID); len(decks) != 0 {
		t.Fatal("a check saved a deck")
	}

	// Saved even when illegal, with what to fix; then fixed.
	b.post(webtest.KioskOf(e)+"/deck", url.Values{"deckname": {"Axiom"}, "list": {four}}).must(t, 200, "save illegal").
		shows(t, "Not legal yet: 1 problem to fix", "Saved. Fix the problems above before round 1, or see the organizer.")
	a = b.post(webtest.KioskOf(e)+"/deck", url.Values{"deckname": {"Axiom"}, "list": {webtest.AlteredDeck()}}).must(t, http.StatusSeeOther, "save legal")
	b.get(webtest.KioskOf(e)+"/done").shows(t, "Your deck is registered, Zoë Ødegård. Good luck!")
	decks, _ := f.d.Decks.Decks(context.Background(), e.ID)
	if len(decks) != 1 || !decks[0].Legal() || decks[0].Deck.Name != "Axiom" {
		t.Fatalf("decks = %+v", decks)
	}
	// The deck window closed with the save: the next player cannot
	// replace Zoë's deck from this tablet.
	b.post(webtest.KioskOf(e)+"/deck", url.Values{"list": {four}}).must(t, http.StatusForbidden, "deck after save")
	b.post(webtest.KioskOf(e)+"/deck", url.Values{"list": {"x"}}).shows(t, msgNoDeck.String())
}

func TestAfterRoundOneTheKioskFindsTables(t *testing.T) {
	f := newFixture(t)
	e, _ := f.Event("altered", "standard-bo3", "Ada Lovelace", "Bram Berg", "Cleo Park", "Dev Rao")
	b := f.unlocked(e)
	r := f.Publish(e.ID)
	page := b.get(webtest.KioskOf(e)).must(t, 200, "find my table").shows(t, "Find your table", "Type your name to see your table and opponent.")
	if strings.Contains(page.body, "I'm new here") {
		t.Error("sign-up is offered after round 1")
	}
	page = b.get(webtest.KioskOf(e)+"?q=ada").must(t, 200, "find Ada").shows(t, "Ada Lovelace", "Table", "Seat", "against", "Round 1")
	var table int
	for _, tb := range r.Tables {
		for _, s := range tb.Seats {
			if en, _ := f.EntryNamed(e, "Ada Lovelace"); s.EntryID == en.ID {
				table = tb.Number
			}
		}
	}
	page.shows(t, fmt.Sprintf("Table %d", table), "the clock has not started")
	// Done leads to an empty start for the next player.
	if !strings.Contains(page.body, `class="k-button k-primary k-seats-done" href="`+webtest.KioskOf(e)+`"`) {
		t.Error("the table found offers no Done back to an empty start")
	}
	if _, err := f.d.Clocks.StartClock(context.Background(), e.ID, r.Number); err != nil {
		t.Fatal(err)
	}
	b.get(webtest.KioskOf(e)+"?q=ada").shows(t, "left")
	// Check-in is closed: the kiosk sends latecomers to the organizer.
	b.get(webtest.KioskOf(e)+"/signup").must(t, http.StatusSeeOther, "sign-up after round 1")
	a := b.post(webtest.KioskOf(e)+"/signup", url.Values{"name": {"Late Comer"}}).must(t, http.StatusSeeOther, "late sign-up")
	b.get(a.location).shows(t, "closed when round 1 was paired; please see the organizer.")
	if _, ok := f.EntryNamed(e, "Late Comer"); ok {
		t.Fatal("a late sign-up was entered")
	}
}

// Every kiosk write is refused without the kiosk's unlock, with a sentence,
// and changes nothing; a page of another site cannot make an unlocked
// kiosk write either.
func TestEveryKioskWriteNeedsTheUnlock(t *testing.T) {
	f := newFixture(t)
	e, _ := f.Event("altered", "standard-bo3", "Ada Lovelace")
	unlocked := f.unlocked(e)
	page := unlocked.get(webtest.KioskOf(e) + "?q=ada")
	ada := matchID(t, page.body, "Ada Lovelace")

	writes := []struct {
		path string
		form url.Values
	}{
		{webtest.KioskOf(e) + "/checkin", url.Values{"player": {ada}}},
		{webtest.KioskOf(e) + "/signup", url.Values{"name": {"Noor Haddad"}}},
		{webtest.KioskOf(e) + "/namesake", nil},
		{webtest.KioskOf(e) + "/lock", nil},
		{webtest.KioskOf(e) + "/deck", url.Values{"list": {webtest.AlteredDeck()}}},
		{"/api/events/" + webtest.Itoa64(int64(e.ID)) + "/kiosk/deck-check", url.Values{"list": {webtest.AlteredDeck()}}},
	}
	stranger := f.staffClient()
	forged := f.staffClient()
	forged.client.Jar = unlocked.client.Jar // the kiosk's own cookies …
	forged.header.Set("Sec-Fetch-Site", "cross-site")
	forged.header.Set("Origin", "http://evil.example")
	for _, w := range writes {
		a := stranger.post(w.path, w.form)
		if a.status != http.StatusForbidden {
			t.Errorf("POST %s without the unlock: %d", w.path, a.status)
		}
		if !strings.Contains(a.body, "not an unlocked kiosk") {
			t.Errorf("POST %s without the unlock says: %s", w.path, pageText(a.body))
		}
		a = forged.post(w.path, w.form) // … sent by another site's page
		if a.status != http.StatusForbidden || !strings.Contains(pageText(a.body), "sent from another web page") {
			t.Errorf("POST %s from another site: %d %s", w.path, a.status, pageText(a.body))
		}
	}
	forged.post(webtest.KioskOf(e)+"/unlock", url.Values{"pin": {webtest.KioskPIN}}).must(t, http.StatusForbidden, "cross-site unlock")
	entries, _ := f.d.Registration.Entries(context.Background(), e.ID)
	if len(entries) != 1 || entries[0].CheckedIn {
		t.Fatalf("refused writes changed the event: %+v", entries)
	}
	// The kiosk itself still works.
	unlocked.post(webtest.KioskOf(e)+"/checkin", url.Values{"player": {ada}}).must(t, http.StatusSeeOther, "the kiosk's own check-in")
}

// A kiosk's pages lead only to the kiosk's own pages and files: nothing
// of the organizer's, the judges' or the players' pages. (The frame's
// header, which links to the event list, is not shown on a kiosk: its
// stylesheet hides it.)
func TestKioskPagesNeverLeadOutOfTheKiosk(t *testing.T) {
	f := newFixture(t)
	e, _ := f.Event("altered", "standard-bo3", "Ada Lovelace", "Chris Lee")
	b := f.unlocked(e)
	page := b.get(webtest.KioskOf(e) + "?q=ada")
	id := matchID(t, page.body, "Ada Lovelace")
	pages := []string{webtest.KioskOf(e), webtest.KioskOf(e) + "?q=ada", webtest.KioskOf(e) + "/confirm?player=" + id, webtest.KioskOf(e) + "/signup", webtest.KioskOf(e) + "/lock"}
	b.post(webtest.KioskOf(e)+"/checkin", url.Values{"player": {id}})
	pages = append(pages, webtest.KioskOf(e)+"/done", webtest.KioskOf(e)+"/deck")
	b.post(webtest.KioskOf(e)+"/signup", url.Values{"name": {"chris lee"}})
	pages = append(pages, webtest.KioskOf(e)+"/same")
	css, err := staticFiles.ReadFile("static/kiosk.css")
	if err != nil || !strings.Contains(string(css), "body.kiosk > .top, body.kiosk > .tabs { display: none; }") {
		t.Fatal("kiosk.css does not hide the frame's header")
	}
	for _, p := range pages {
		a := b.get(p).must(t, 200, p)
		if !strings.Contains(a.body, `<body class="kiosk"`) {
			t.Errorf("%s is not a kiosk page", p)
		}
		main := a.body[strings.Index(a.body, "<main"):]
		for _, l := range pageLinks(main) {
			if !strings.HasPrefix(l, webtest.KioskOf(e)) && !strings.HasPrefix(l, "/static/") {
				t.Errorf("%s leads to %s", p, l)
			}
		}
		for _, word := range []string{"Pair round", "Publish", "Settings", "judge"} {
			if strings.Contains(pageText(main), word) {
				t.Errorf("%s mentions %q", p, word)
			}
		}
	}
	b.get(pages[0]).shows(t, "Organizer: lock this kiosk")
}
