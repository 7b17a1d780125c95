package web

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
	"tablekeeper/ui/web/internal/webtest"
)

// deckPhones is an Altered event (decks checked) with Ada and Bob signed
// in on phones of their own.
func deckPhones(t *testing.T) (*fixture, event.Event, []event.Entry, *playerPhone, *playerPhone) {
	t.Helper()
	f := newFixture(t)
	e, entries := f.Event("altered", "standard-bo3", "Ada", "Bob", "Cy", "Dee")
	return f, e, entries, f.signedPhone(e.ID, entries[0].ID), f.signedPhone(e.ID, entries[1].ID)
}

func deckBody(name, list string) string {
	b, _ := json.Marshal(map[string]string{"name": name, "list": list})
	return string(b)
}

func myDeck(t *testing.T, p *playerPhone, id event.EventID) myDeckJSON {
	t.Helper()
	status, body := p.get(webtest.DeckPath(id))
	if status != http.StatusOK {
		t.Fatalf("GET my deck: %d %s", status, body)
	}
	var j myDeckJSON
	if err := json.Unmarshal([]byte(body), &j); err != nil {
		t.Fatal(err)
	}
	return j
}

// Ada checks her list as she types, saves an illegal one (kept, with what
// to fix), fixes and saves it; she reads it back; the log names her
// phone; Bob's phone reads nothing of hers.
func TestAPlayerSendsHerDecklistFromHerPhone(t *testing.T) {
	f, e, entries, ada, bob := deckPhones(t)
	path := webtest.DeckPath(e.ID)
	if j := myDeck(t, ada, e.ID); !j.SignedIn || !j.Asked || !j.Open || j.Has || j.Player != "Ada" || !strings.Contains(j.Rules, "one card per line") {
		t.Fatalf("Ada's deck before any = %+v", j)
	}
	four := strings.Replace(webtest.AlteredDeck(), "3 Axiom Card 13", "4 Axiom Card 13", 1)
	adaChecksAnIllegalList(t, f, e, ada, four)

	status, body := ada.post(path, deckBody("Axiom", four))
	if status != http.StatusOK || !strings.Contains(body, "Saved. Fix the problems above before round 1") {
		t.Fatalf("save of an illegal list: %d %s", status, body)
	}
	status, body = ada.post(path, deckBody("Axiom", webtest.AlteredDeck()))
	if status != http.StatusOK || !strings.Contains(body, "Your deck is registered, Ada. Good luck!") {
		t.Fatalf("save of the fixed list: %d %s", status, body)
	}
	j := myDeck(t, ada, e.ID)
	if !j.Has || j.Name != "Axiom" || j.List != strings.TrimSpace(webtest.AlteredDeck()) || j.Check == nil || !j.Check.Legal || j.Updated == "" {
		t.Fatalf("Ada's deck read back = %+v", j)
	}
	log, err := f.d.Events.Log(context.Background(), e.ID)
	if err != nil {
		t.Fatal(err)
	}
	last := log[len(log)-1].Message.In(i18n.English)
	if !strings.HasPrefix(last, "deck registered from a phone: Ada (legal), device ") || len(last) < len("deck registered from a phone: Ada (legal), device ")+32 {
		t.Errorf("log line %q; want Ada's save with her device", last)
	}
	bobReadsNothingOfAdas(t, f, e, entries, ada, bob)
}

// adaChecksAnIllegalList: the check of Ada's list four (one card too
// many) says what to fix, an empty list is said empty, and a check saves
// nothing.
func adaChecksAnIllegalList(t *testing.T, f *fixture, e event.Event, ada *playerPhone, four string) {
	t.Helper()
	path := webtest.DeckPath(e.ID)
	status, body := ada.post(path+"/check", deckBody("", four))
	var rep deckReport
	if err := json.Unmarshal([]byte(body), &rep); status != http.StatusOK || err != nil {
		t.Fatalf("check: %d %s", status, body)
	}
	if rep.Legal || rep.Verdict != "Not legal yet: 1 problem to fix" || len(rep.Problems) != 1 {
		t.Fatalf("check of an illegal list = %+v", rep)
	}
	// The phone's check words the problem as the kiosk does: one function.
	if status, body := ada.post(path+"/check", deckBody("", "")); status != http.StatusOK || !strings.Contains(body, `"empty":true`) {
		t.Errorf("empty check: %d %s", status, body)
	}
	if decks, _ := f.d.Decks.Decks(context.Background(), e.ID); len(decks) != 0 {
		t.Fatal("a check saved a deck")
	}
}

// bobReadsNothingOfAdas: Bob's phone reads his own deck (none), nothing
// of Ada's, and his save leaves hers alone.
func bobReadsNothingOfAdas(t *testing.T, f *fixture, e event.Event, entries []event.Entry, ada, bob *playerPhone) {
	t.Helper()
	path := webtest.DeckPath(e.ID)
	status, body := bob.get(path)
	if status != http.StatusOK || strings.Contains(body, "Axiom") || strings.Contains(body, `"has":true`) || !strings.Contains(body, `"player":"Bob"`) {
		t.Fatalf("Bob's phone reads %d %s", status, body)
	}
	if status, _ := bob.post(path, deckBody("Bob's", webtest.AlteredDeck())); status != http.StatusOK {
		t.Fatal("Bob's save")
	}
	if j := myDeck(t, ada, e.ID); j.Name != "Axiom" {
		t.Errorf("Bob's save changed Ada's deck: %+v", j)
	}
	if dc, has, err := f.d.Decks.EntryDeck(context.Background(), e.ID, entries[1].ID); err != nil || !has || dc.Deck.Name != "Bob's" {
		t.Errorf("Bob's deck = %+v, %v, %v", dc.Deck, has, err)
	}
}

// Every refusal says what is wrong: a phone not signed in, another
// player's entry named (an unknown field: the entry is the session's),
// bad JSON, a list too long, a page of another site, registration closed.
func TestPlayerDeckRefusals(t *testing.T) {
	f, e, entries, ada, _ := deckPhones(t)
	path := webtest.DeckPath(e.ID)
	aStrangerIsRefused(t, f, e)
	other := fmt.Sprintf(`{"entry":%d,"name":"","list":"1 Card"}`, entries[1].ID)
	if status, body := ada.post(path, other); status != http.StatusBadRequest || !strings.Contains(errorOf(t, body), `{"name":"…","list":"…"}`) {
		t.Errorf("another's entry named: %d %s", status, body)
	}
	if _, has, _ := f.d.Decks.EntryDeck(context.Background(), e.ID, entries[1].ID); has {
		t.Fatal("Bob has a deck Ada's phone sent")
	}
	if status, body := ada.post(path, `{"list": 3}`); status != http.StatusBadRequest || !strings.Contains(errorOf(t, body), "is not what this address takes") {
		t.Errorf("bad JSON: %d %s", status, body)
	}
	if status, body := ada.post(path, deckBody("", "   ")); status != http.StatusBadRequest || !strings.Contains(errorOf(t, body), "type or paste your list first") {
		t.Errorf("empty list: %d %s", status, body)
	}
	long := strings.Repeat("1 Axiom Card 1 (C)\n", 700)
	if status, body := ada.post(path, deckBody("", long)); status != http.StatusBadRequest || !strings.Contains(errorOf(t, body), "at most 12000 fit") {
		t.Errorf("a list too long: %d %s", status, body)
	}
	if status, body := ada.post(path, deckBody(strings.Repeat("x", 101), "1 Card")); status != http.StatusBadRequest || !strings.Contains(errorOf(t, body), "The deck's name is 101 characters long") {
		t.Errorf("a name too long: %d %s", status, body)
	}
	if status, _ := ada.post(path, deckBody("", "1 Card"), "Origin", "http://evil.example"); status != http.StatusForbidden {
		t.Errorf("from another site: %d", status)
	}
	if status, _ := ada.post(path, deckBody("", "1 Card"), "Content-Type", "text/plain"); status != http.StatusBadRequest {
		t.Errorf("not JSON: %d", status)
	}

	// The check as she types is bounded per phone, as the kiosk's: a
	// burst of 20, then 2 a second (the test's clock stands still).
	checks := 0
	for range 25 {
		if status, _ := ada.post(path+"/check", deckBody("", "1 Card")); status == http.StatusOK {
			checks++
		} else if status != http.StatusTooManyRequests {
			t.Fatalf("check: %d", status)
		}
	}
	if checks != 20 {
		t.Errorf("%d checks went through in a burst; want 20", checks)
	}

	closedIsSaid(t, f, e, ada)
}

// aStrangerIsRefused: a phone not signed in saves and checks nothing, and
// reads no one's deck.
func aStrangerIsRefused(t *testing.T, f *fixture, e event.Event) {
	t.Helper()
	path := webtest.DeckPath(e.ID)
	stranger := f.playerPhone()
	if status, body := stranger.post(path, deckBody("", webtest.AlteredDeck())); status != http.StatusUnauthorized || !strings.Contains(errorOf(t, body), "Sign in with your player code first") {
		t.Errorf("save, not signed in: %d %s", status, body)
	}
	if status, body := stranger.post(path+"/check", deckBody("", webtest.AlteredDeck())); status != http.StatusUnauthorized {
		t.Errorf("check, not signed in: %d %s", status, body)
	}
	if status, body := stranger.get(path); status != http.StatusOK || strings.Contains(body, `"signedIn":true`) || !strings.Contains(body, `"asked":true`) {
		t.Errorf("read, not signed in: %d %s", status, body)
	}
}

// closedIsSaid closes deck registration: Ada's save is refused with why,
// in English and in French, and her view says it is closed.
func closedIsSaid(t *testing.T, f *fixture, e event.Event, ada *playerPhone) {
	t.Helper()
	path := webtest.DeckPath(e.ID)
	if err := f.d.Decks.CloseDeckRegistration(context.Background(), e.ID); err != nil {
		t.Fatal(err)
	}
	status, body := ada.post(path, deckBody("", webtest.AlteredDeck()))
	if status != http.StatusBadRequest || errorOf(t, body) != "deck registration is closed; to register or change your deck, see the organizer" {
		t.Errorf("after the close: %d %s", status, body)
	}
	if j := myDeck(t, ada, e.ID); j.Open || j.Has || !strings.Contains(j.Why, "closed") {
		t.Errorf("Ada's view after the close = %+v", j)
	}
	// Said in French to a French phone.
	req, _ := http.NewRequest("POST", f.http.URL+path, strings.NewReader(deckBody("", webtest.AlteredDeck())))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept-Language", "fr")
	if status, body := ada.send(req); status != http.StatusBadRequest || !strings.Contains(errorOf(t, body), "l’enregistrement des decks est fermé\u00a0; pour enregistrer ou changer votre deck, adressez-vous à l’organisateur") {
		t.Errorf("in French: %d %s", status, body)
	}
}

// The public pages and the public JSON carry no decklist, whoever asks.
func TestPublicPagesCarryNoDecklist(t *testing.T) {
	f, e, entries, ada, _ := deckPhones(t)
	secret := strings.Replace(webtest.AlteredDeck(), "Axiom Card 7", "Zephyrine Secret", 1)
	if status, body := ada.post(webtest.DeckPath(e.ID), deckBody("Hidden Tech", secret)); status != http.StatusOK {
		t.Fatalf("save: %d %s", status, body)
	}
	id := webtest.Itoa64(int64(e.ID))
	paths := []string{"/", "/events/" + id, "/events/" + id + "/deck", "/events/" + id + "/pairings", "/events/" + id + "/standings",
		"/api/events", "/api/events/" + id, "/api/events/" + id + "/players/" + webtest.Itoa64(int64(entries[0].ID)),
		"/api/events/" + id + "/find?q=ada", "/api/events/" + id + "/pairings", "/api/events/" + id + "/standings",
		"/api/events/" + id + "/me/deck", "/judge/events/" + id + "/decks", "/judge/events/" + id + "/decks/" + webtest.Itoa64(int64(entries[0].ID))}
	for i := 0; i < 2; i++ {
		f.publishIf(i == 1, e.ID)
		for _, p := range paths {
			_, body := f.do("GET", p, nil)
			if strings.Contains(body, "Zephyrine") || strings.Contains(body, "Hidden Tech") {
				t.Errorf("%s shows Ada's list to a phone not signed in", p)
			}
		}
	}
}

// publishIf publishes round 1 when do is true.
func (f *fixture) publishIf(do bool, id event.EventID) {
	if do {
		f.Publish(id)
	}
}

// A judge signed in opens the decklists: the counts, who has sent what,
// and a player's list with its check; a player's phone, the kiosk's
// tablet and a phone not signed in get the judges' sign-in, never a list.
func TestOnlyJudgesReadAPlayersList(t *testing.T) {
	f, e, entries, ada, _ := deckPhones(t)
	grace, err := f.d.Judging.AddJudge(context.Background(), e.ID, director.NewJudge{Name: "Grace Hopper", Role: event.RoleHeadJudge})
	if err != nil {
		t.Fatal(err)
	}
	four := strings.Replace(webtest.AlteredDeck(), "3 Axiom Card 13", "4 Axiom Card 13", 1)
	if status, _ := ada.post(webtest.DeckPath(e.ID), deckBody("Zephyr Axiom", four)); status != http.StatusOK {
		t.Fatal("Ada's save")
	}
	if _, err := f.d.Decks.SaveDeck(context.Background(), entries[1].ID, "", webtest.AlteredDeck()); err != nil {
		t.Fatal(err)
	}
	list := webtest.JudgeOf(e) + "/decks"
	one := list + "/" + webtest.Itoa64(int64(entries[0].ID))

	// Nobody else: each is sent to the judges' sign-in, with no list.
	for who, get := range map[string]func(string) (int, string){
		"a phone not signed in": func(p string) (int, string) { r, b := f.do("GET", p, nil); return r.StatusCode, b },
		"Ada's own phone":       ada.get,
		"the kiosk":             func(p string) (int, string) { a := f.unlocked(e).get(p); return a.status, a.body },
	} {
		for _, p := range []string{list, one} {
			status, body := get(p)
			if strings.Contains(body, "Zephyr") || strings.Contains(body, "Axiom Card") || strings.Contains(body, "Decklists") {
				t.Errorf("%s reads %s: %d", who, p, status)
			}
			if status != http.StatusSeeOther && !strings.Contains(body, `id="j-pin"`) {
				t.Errorf("%s asking %s: %d, not the judges' sign-in", who, p, status)
			}
		}
	}

	j := f.judgePhone(e, grace)
	j.get(webtest.JudgeOf(e)).must(t, 200, "event").shows(t, "Decklists")
	j.get(list).must(t, 200, "decklists").shows(t, "2 lists registered · 1 with problems · 2 missing",
		"Players can still send or change their lists from their phones.", "Ada", "1 problem", "Bob", "Legal ✓", "Cy", "No list registered")
	j.get(list+"?q=bo").must(t, 200, "filtered").shows(t, "Bob")
	if a := j.get(list + "?q=bo"); strings.Contains(pageText(a.body), "Ada") {
		t.Error("the filter kept Ada")
	}
	j.get(one).must(t, 200, "Ada's list").shows(t, "Zephyr Axiom", "4 Axiom Card 13 (C)", "Not legal yet: 1 problem to fix", "Registered or changed at")
	j.get(list+"/"+webtest.Itoa64(int64(entries[2].ID))).must(t, 200, "Cy's").shows(t, "No list registered")
	_, eve := f.Event("altered", "standard-bo3", "Eve")
	j.get(list+"/"+webtest.Itoa64(int64(eve[0].ID))).must(t, http.StatusNotFound, "a player of another event")
	j.get(list+"/999999").must(t, http.StatusNotFound, "an entry of no event")
}
