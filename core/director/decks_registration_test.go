package director_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
)

// deckPhones is a Heresy event (its decks are checked by H1) of n players
// whose first two, Ada and Bob, are signed in on their phones.
func deckPhones(t *testing.T, n int) (*director.Director, event.Event, []event.Entry, director.PlayerSession, director.PlayerSession) {
	t.Helper()
	d, _, _ := signInDirector(t)
	ctx := context.Background()
	e := eventOf(t, d, "heresy", "reascension", nil)
	if e.Settings.DeckRules == "" {
		t.Fatal("the Heresy event asks for no decklists")
	}
	if _, _, err := d.Decks.ImportCardList(ctx, "heresy", "name,type\nExtra Card,character\n"); err != nil {
		t.Fatal(err)
	}
	en := register(t, d, e.ID, append([]string{"Ada", "Bob"}, names(n-2)...)...)
	session := func(i int, token string) director.PlayerSession {
		code := mustCall(t, d.Phones.PlayerCode, en[i].ID)
		if _, err := d.Phones.SignInPlayer(ctx, director.PlayerSignInTry{Event: e.ID, Entry: en[i].ID, Code: code,
			Device: strings.Repeat(string(rune('a'+i)), 32), Address: "192.168.1.5", Token: token, TTL: 3600e9}); err != nil {
			t.Fatal(err)
		}
		ps, ok, err := d.Phones.PlayerSessionOf(ctx, e.ID, token, "192.168.1.5")
		if err != nil || !ok {
			t.Fatalf("session %s: %v, %v", token, ok, err)
		}
		return ps
	}
	return d, e, en, session(0, "ada"), session(1, "bob")
}

func lastLog(t *testing.T, d *director.Director, id event.EventID) string {
	t.Helper()
	log, err := d.Events.Log(context.Background(), id)
	if err != nil || len(log) == 0 {
		t.Fatalf("log: %v, %v", log, err)
	}
	return log[len(log)-1].Message.In(i18n.English)
}

// A player registers her own deck from her phone while the window is
// open; each save is logged with her device; the organizer's close
// refuses her with a sentence, the desk still registers, and a reopen
// lets her change it again until round 1 is paired (S2 unchanged).
func TestPhoneDecksFollowTheWindow(t *testing.T) {
	ctx := context.Background()
	d, e, en, ada, bob := deckPhones(t, 6)
	w, err := d.Decks.DeckRegistration(ctx, e.ID)
	if err != nil || !w.Open() {
		t.Fatalf("a new event's window: %+v, %v; want open", w, err)
	}
	c, err := d.Decks.SavePlayerDeck(ctx, ada, "Tau", heresyDeck(5))
	if err != nil || c.Legal() || c.Deck.EntryID != en[0].ID {
		t.Fatalf("Ada's illegal deck: %+v, %v; want saved with its problems", c, err)
	}
	if got := lastLog(t, d, e.ID); !strings.Contains(got, "from a phone: Ada") || !strings.Contains(got, ada.Device) || !strings.Contains(got, "1 problem") {
		t.Errorf("log line %q; want Ada, her device and her problem", got)
	}
	if c, err = d.Decks.SavePlayerDeck(ctx, ada, "Tau", heresyDeck(4)); err != nil || !c.Legal() {
		t.Fatalf("Ada's fixed deck: %+v, %v", c.Report, err)
	}
	if _, err := d.Decks.SavePlayerDeck(ctx, bob, "", "  \n "); !errors.Is(err, event.ErrInvalid) {
		t.Errorf("an empty list: %v; want invalid", err)
	}

	phoneDecksWhileClosed(t, d, e.ID, en, ada, bob)

	if _, err := d.Rounds.PairNextRound(ctx, e.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := d.Decks.SavePlayerDeck(ctx, ada, "", heresyDeck(3)); !errors.Is(err, event.ErrState) || !strings.Contains(event.Message(err), "round 1") {
		t.Errorf("Ada after round 1: %v; want refused", err)
	}
	// S2 unchanged at the desk: a locked deck needs the head judge.
	if _, err := d.Decks.SaveDeck(ctx, en[0].ID, "", heresyDeck(3)); !errors.Is(err, event.ErrState) || !strings.Contains(event.Message(err), "locked") {
		t.Errorf("the desk after round 1: %v; want the S2 lock", err)
	}
}

// phoneDecksWhileClosed closes the window: phones are refused with the
// closed sentence and see their saved deck, the desk registers as before;
// reopened, phones save again. The log says both.
func phoneDecksWhileClosed(t *testing.T, d *director.Director, id event.EventID, en []event.Entry, ada, bob director.PlayerSession) {
	t.Helper()
	ctx := context.Background()
	must(t, d.Decks.CloseDeckRegistration(ctx, id))
	if got := lastLog(t, d, id); got != "deck registration from phones closed" {
		t.Errorf("log line %q", got)
	}
	if w, _ := d.Decks.DeckRegistration(ctx, id); w.Open() || !strings.Contains(w.Status().In(i18n.English), "closed at ") {
		t.Errorf("the window after the close: %+v, %q", w, w.Status().In(i18n.English))
	}
	_, err := d.Decks.SavePlayerDeck(ctx, bob, "", heresyDeck(4))
	if !errors.Is(err, event.ErrState) || !strings.Contains(event.Message(err), "closed") || !strings.Contains(event.Message(err), "organizer") {
		t.Fatalf("Bob after the close: %v; want the closed sentence", err)
	}
	if pd, err := d.Decks.PlayerDeckOf(ctx, bob); err != nil || pd.Has || pd.Window.Open() {
		t.Errorf("Bob's view after the close: %+v, %v; want no deck, window closed", pd, err)
	}
	if pd, err := d.Decks.PlayerDeckOf(ctx, ada); err != nil || !pd.Has || !pd.Check.Legal() || pd.Check.Deck.Name != "Tau" {
		t.Errorf("Ada's view after the close: %+v, %v; want her saved deck", pd, err)
	}
	// The desk registers as before.
	if _, err := d.Decks.SaveDeck(ctx, en[1].ID, "", heresyDeck(4)); err != nil {
		t.Errorf("the desk after the close: %v", err)
	}
	must(t, d.Decks.ReopenDeckRegistration(ctx, id))
	if got := lastLog(t, d, id); got != "deck registration from phones reopened" {
		t.Errorf("log line %q", got)
	}
	if _, err := d.Decks.SavePlayerDeck(ctx, bob, "Bob's", heresyDeck(3)); err != nil {
		t.Errorf("Bob after the reopen: %v", err)
	}
}

// The phone names no entry: her session's entry is the one saved, and a
// session of Ada reads nothing of Bob's.
func TestPhoneDecksAreHerOwnOnly(t *testing.T) {
	ctx := context.Background()
	d, e, en, ada, bob := deckPhones(t, 4)
	if _, err := d.Decks.SaveDeck(ctx, en[1].ID, "Bob's secret", heresyDeck(4)+"1 Bob Only Card\n"); err != nil {
		t.Fatal(err)
	}
	pd, err := d.Decks.PlayerDeckOf(ctx, ada)
	if err != nil || pd.Has || strings.Contains(pd.Check.Deck.List, "Bob Only") {
		t.Fatalf("Ada's view: %+v, %v; want nothing of Bob's", pd, err)
	}
	if _, err := d.Decks.SavePlayerDeck(ctx, ada, "Ada's", heresyDeck(4)); err != nil {
		t.Fatal(err)
	}
	bobs, has, err := d.Decks.EntryDeck(ctx, e.ID, en[1].ID)
	if err != nil || !has || bobs.Deck.Name != "Bob's secret" {
		t.Fatalf("Bob's deck after Ada's save: %+v, %v, %v; want unchanged", bobs, has, err)
	}
	if pd, _ := d.Decks.PlayerDeckOf(ctx, bob); pd.Check.Deck.Name != "Bob's secret" {
		t.Errorf("Bob's own view: %+v", pd.Check.Deck)
	}
	// A session of another event's entry, or of an entry not the
	// event's, is refused.
	forged := ada
	forged.Event = e.ID + 1
	if _, err := d.Decks.SavePlayerDeck(ctx, forged, "", heresyDeck(4)); !errors.Is(err, event.ErrNotFound) {
		t.Errorf("a session whose entry is not of its event: %v", err)
	}
	if _, _, err := d.Decks.EntryDeck(ctx, e.ID+1, en[1].ID); !errors.Is(err, event.ErrNotFound) {
		t.Errorf("Bob's deck through another event: %v", err)
	}
}

// The desk's status counts every active entry once: submitted, with
// problems, missing; a dropped player is not counted.
func TestDeckStatusCountsActiveEntries(t *testing.T) {
	ctx := context.Background()
	d, e, en, ada, bob := deckPhones(t, 5)
	if _, err := d.Decks.SavePlayerDeck(ctx, ada, "", heresyDeck(4)); err != nil {
		t.Fatal(err)
	}
	if _, err := d.Decks.SavePlayerDeck(ctx, bob, "", heresyDeck(6)); err != nil {
		t.Fatal(err)
	}
	if _, err := d.Decks.SaveDeck(ctx, en[4].ID, "", heresyDeck(4)); err != nil {
		t.Fatal(err)
	}
	must(t, d.Registration.Drop(ctx, en[4].ID))
	st := mustCall(t, d.Decks.DeckStatus, e.ID)
	if len(st.Rows) != 4 || st.Submitted != 2 || st.Problems != 1 || st.Missing != 2 || !st.Window.Open() {
		t.Fatalf("status: %d rows, %d submitted, %d with problems, %d missing, window %+v; want 4, 2, 1, 2, open",
			len(st.Rows), st.Submitted, st.Problems, st.Missing, st.Window)
	}
	want := map[event.EntryID]director.DeckState{en[0].ID: director.DeckLegal, en[1].ID: director.DeckProblems,
		en[2].ID: director.DeckMissing, en[3].ID: director.DeckMissing}
	for _, r := range st.Rows {
		if want[r.Entry.ID] != r.State {
			t.Errorf("%s: state %d, want %d", r.Entry.Name, r.State, want[r.Entry.ID])
		}
	}
	if bobRow := st.Rows[1]; len(bobRow.Check.Report.Problems) == 0 {
		t.Errorf("Bob's row carries no problem: %+v", bobRow.Check.Report)
	}
}

// An event that asks for no decklists has no window and cannot be
// closed.
func TestNoDeckWindowWithoutDeckRules(t *testing.T) {
	ctx, d, _, e, entries := playerEvent(t, 2)
	s := e.Settings
	s.DeckRules = ""
	must(t, d.Events.UpdateSettings(ctx, e.ID, s))
	w, err := d.Decks.DeckRegistration(ctx, e.ID)
	if err != nil || w.Open() || w.Refusal() == nil {
		t.Fatalf("window %+v, %v; want shut", w, err)
	}
	if err := d.Decks.CloseDeckRegistration(ctx, e.ID); !errors.Is(err, event.ErrState) {
		t.Errorf("closing: %v; want refused", err)
	}
	code, _ := d.Phones.PlayerCode(ctx, entries[0].ID)
	if _, err := signInPlayer(d, e.ID, entries[0].ID, code, "tk"); err != nil {
		t.Fatal(err)
	}
	ps, _, _ := d.Phones.PlayerSessionOf(ctx, e.ID, "tk", "")
	if _, err := d.Decks.SavePlayerDeck(ctx, ps, "", "1 Card"); !errors.Is(err, event.ErrState) || !strings.Contains(event.Message(err), "does not ask") {
		t.Errorf("a deck at an event without decklists: %v", err)
	}
}

// BenchmarkDeckStatusOfARegional reads the desk's Decks dialog (and the
// judges' decklists page) at a 1,000-player Altered regional where 900
// players sent a 40-card list, one in ten of them with a problem: one
// read, the card list read once. The dialog reads it again each time a
// phone sends a list while it is open. Run with:
// go test ./core/director -run '^$' -bench DeckStatusOfARegional -benchtime 20x
func BenchmarkDeckStatusOfARegional(b *testing.B) {
	ctx := context.Background()
	d, e := regionalOf(b, "altered", "standard-bo3")
	entries, err := d.Registration.Entries(ctx, e.ID)
	must(b, err)
	var list strings.Builder
	list.WriteString("Hero: Akesha & Taru\n")
	for i := 1; i <= 13; i++ {
		fmt.Fprintf(&list, "3 Axiom Card %d (C)\n", i)
	}
	for i, en := range entries[:900] {
		l := list.String()
		if i%10 == 0 {
			l = strings.Replace(l, "3 Axiom Card 2", "33 Axiom Card 2", 1)
		}
		if _, err := d.Decks.SaveDeck(ctx, en.ID, "", l); err != nil {
			b.Fatal(err)
		}
	}
	for b.Loop() {
		st, err := d.Decks.DeckStatus(ctx, e.ID)
		if err != nil || st.Submitted != 900 || st.Problems != 90 || st.Missing != 100 {
			b.Fatalf("%d submitted, %d with problems, %d missing: %v", st.Submitted, st.Problems, st.Missing, err)
		}
	}
}
