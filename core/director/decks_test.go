package director_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
)

// heresyDeck is 15 lines of 4 copies ("4 Card 00"...) and copies of
// Extra Card.
func heresyDeck(copies int) string {
	return numberedDeck(15, "4 Card %02d", fmt.Sprintf("%d Extra Card", copies))
}

// numberedDeck is a decklist of n lines, line (a format of the line's
// number) for each, then the line last.
func numberedDeck(n int, line, last string) string {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, line+"\n", i)
	}
	b.WriteString(last + "\n")
	return b.String()
}

// Rules H1 and S2: a deck is saved even when illegal, with the problems
// named; it locks when round 1 is paired and a change is refused.
func TestDecksAreCheckedSavedAndLocked(t *testing.T) {
	ctx, d, e := openEvent(t, "heresy", "reascension", nil)
	en := register(t, d, e.ID, names(7)...)
	if _, _, err := d.Decks.ImportCardList(ctx, "heresy", "name,type\nExtra Card,character\n"); err != nil {
		t.Fatal(err)
	}
	c, err := d.Decks.SaveDeck(ctx, en[0].ID, "Tau Rush", heresyDeck(5))
	must(t, err)
	if c.Legal() || !strings.Contains(c.Report.Problems[0].Message, "Extra Card") {
		t.Errorf("a deck with 5 copies: %+v", c.Report)
	}
	if c, err = d.Decks.SaveDeck(ctx, en[0].ID, "Tau Rush", heresyDeck(4)); err != nil || !c.Legal() {
		t.Fatalf("the fixed deck: %+v, %v", c.Report, err)
	}
	if rep, _ := d.Decks.CheckDeck(ctx, e.ID, "4 Card\n0 Other Card\n"); rep.Legal() || !strings.HasPrefix(rep.Problems[len(rep.Problems)-1].Message, "Line 2 ") {
		t.Errorf("a line that cannot be read: %+v", rep)
	}
	if _, err := d.Decks.SaveDeck(ctx, en[1].ID, "", "   "); !errors.Is(err, event.ErrInvalid) {
		t.Errorf("an empty list: %v", err)
	}
	if _, err := d.Rounds.PairNextRound(ctx, e.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := d.Decks.SaveDeck(ctx, en[0].ID, "Tau Rush", heresyDeck(3)); !errors.Is(err, event.ErrState) || !strings.Contains(event.Message(err), "locked") {
		t.Errorf("a change after round 1: %v", err)
	}
	decks, err := d.Decks.Decks(ctx, e.ID)
	if err != nil || len(decks) != 1 || decks[0].Deck.LockedAt.IsZero() || !decks[0].Legal() {
		t.Errorf("decks %+v, %v", decks, err)
	}
}

// Rule A2: a limited deck may change between games from the pool, so it
// stays open after round 1.
func TestLimitedDecksStayOpen(t *testing.T) {
	ctx, d, e := openEvent(t, "altered", "sealed", nil)
	en := register(t, d, e.ID, names(4)...)
	if _, err := d.Decks.SaveDeck(ctx, en[0].ID, "", "Hero: Sierra\n30 Some Card\n"); err != nil {
		t.Fatal(err)
	}
	if _, err := d.Rounds.PairNextRound(ctx, e.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := d.Decks.SaveDeck(ctx, en[0].ID, "", "Hero: Sierra\n31 Some Card\n"); err != nil {
		t.Errorf("a limited deck after round 1: %v", err)
	}
}

func TestCardListImportAndDeckSettings(t *testing.T) {
	ctx := context.Background()
	d, _ := newDirector(t)
	n, rows, err := d.Decks.ImportCardList(ctx, "altered", "name,rarity,faction\nSierra,rare,Axiom\n,rare,Axiom\n")
	if err != nil || n != 1 || len(rows) != 1 {
		t.Fatalf("import: %d cards, rows %v, %v", n, rows, err)
	}
	if _, _, err := d.Decks.ImportCardList(ctx, "altered", "nonsense"); !errors.Is(err, event.ErrInvalid) {
		t.Errorf("a file without cards: %v", err)
	}
	_, err = d.Events.CreateEvent(ctx, director.NewEvent{Name: "x", Game: "generic", Format: "swiss",
		Settings: &event.Settings{Structure: event.StructureSwiss, TableSize: 2, GamesPerMatch: 3, Points: event.Points{Win: 3}, DeckRules: "magic"}})
	if !errors.Is(err, event.ErrInvalid) {
		t.Errorf("unknown deck rules: %v", err)
	}
	e := eventOf(t, d, "shadowfist", "final-brawl", nil)
	s := e.Settings
	s.Shadowfist.Environment = "old-masters"
	if err := d.Events.UpdateSettings(ctx, e.ID, s); err != nil {
		t.Errorf("Old Masters: %v", err)
	}
	s.Shadowfist.Environment = "future"
	if err := d.Events.UpdateSettings(ctx, e.ID, s); !errors.Is(err, event.ErrInvalid) {
		t.Errorf("an unknown environment: %v", err)
	}
}

// Rule S2: a deck first registered after round 1 (a late entry's) locks
// at once.
func TestALateDeckLocksAtOnce(t *testing.T) {
	ctx, d, e := openEvent(t, "heresy", "reascension", nil)
	en := register(t, d, e.ID, names(7)...)
	if _, err := d.Rounds.PairNextRound(ctx, e.ID); err != nil {
		t.Fatal(err)
	}
	c, err := d.Decks.SaveDeck(ctx, en[2].ID, "", heresyDeck(4))
	if err != nil || c.Deck.LockedAt.IsZero() {
		t.Fatalf("a late deck: locked %v, %v", c.Deck.LockedAt, err)
	}
	if _, err := d.Decks.SaveDeck(ctx, en[2].ID, "", heresyDeck(3)); !errors.Is(err, event.ErrState) {
		t.Errorf("changing it: %v", err)
	}
}

// revelationsDeck is a Revelations deck of 50 cards (H7: "the minimum
// number of cards is dropped to 50"), the last card named as given.
func revelationsDeck(last string) string {
	return numberedDeck(49, "1 Drafted Card %02d", "1 "+last)
}

// Rule H7, Heresy 5.3.2: "any player may spend 5 minutes tuning his or her
// deck between matches, adding only Ultracommon domains and those cards
// from the draft currently not in the deck, and removing any cards he or
// she desires, so long as the minimum size is maintained. This rule may be
// negated by the judges if they so desire, but must be announced in advance
// of the tournament." A Revelations deck stays open once round 1 is paired,
// and still checked (the minimum of 50); an event whose judges negated the
// rule before round 1 (logged) locks its decks, and the refusal cites H7,
// not Shadowfist's S2.
func TestH7RevelationsDecksMayBeTunedBetweenMatches(t *testing.T) {
	ctx := context.Background()
	d, _ := newDirector(t)
	open := eventOf(t, d, "heresy", "revelations", nil)
	en := register(t, d, open.ID, names(6)...)
	if _, err := d.Decks.SaveDeck(ctx, en[0].ID, "", revelationsDeck("Urban Sprawl")); err != nil {
		t.Fatal(err)
	}
	if _, err := d.Rounds.PairNextRound(ctx, open.ID); err != nil {
		t.Fatal(err)
	}
	c, err := d.Decks.SaveDeck(ctx, en[0].ID, "", revelationsDeck("Euroreach"))
	if err != nil || !c.Legal() || !c.Deck.LockedAt.IsZero() {
		t.Fatalf("tuning after round 1: %+v, %v", c, err)
	}
	if c, err = d.Decks.SaveDeck(ctx, en[0].ID, "", "49 Drafted Card\n"); err != nil || c.Legal() {
		t.Errorf("a tuned deck below 50 cards is saved and shown illegal: %+v, %v", c.Report, err)
	}
	if c, err = d.Decks.SaveDeck(ctx, en[1].ID, "", revelationsDeck("Free City")); err != nil || !c.Deck.LockedAt.IsZero() {
		t.Errorf("a deck registered after round 1 stays open too: %+v, %v", c.Deck, err)
	}
	w, err := d.Decks.DeckRegistration(ctx, open.ID)
	if err != nil || !strings.Contains(w.Status().String(), "H7") {
		t.Errorf("the desk is told decks may be tuned: %q, %v", w.Status(), err)
	}

	negated := eventOf(t, d, "heresy", "revelations", func(s *event.Settings) { s.Heresy.NoTuning = true })
	en = register(t, d, negated.ID, names(6)...)
	if _, err := d.Decks.SaveDeck(ctx, en[0].ID, "", revelationsDeck("Urban Sprawl")); err != nil {
		t.Fatal(err)
	}
	log, err := d.Events.Log(ctx, negated.ID)
	if err != nil || !slices.ContainsFunc(log, func(l event.LogEntry) bool { return strings.Contains(l.Message.String(), "negated deck tuning") }) {
		t.Errorf("the judges' choice is logged: %v, %v", log, err)
	}
	if _, err := d.Rounds.PairNextRound(ctx, negated.ID); err != nil {
		t.Fatal(err)
	}
	_, err = d.Decks.SaveDeck(ctx, en[0].ID, "", revelationsDeck("Euroreach"))
	if msg := event.Message(err); !errors.Is(err, event.ErrState) || !strings.Contains(msg, "(H7)") || strings.Contains(msg, "S2") {
		t.Errorf("a change once the judges negated tuning: %v", err)
	}
	s := negated.Settings
	s.Heresy.NoTuning = false
	if err := d.Events.UpdateSettings(ctx, negated.ID, s); !errors.Is(err, event.ErrState) {
		t.Errorf("the choice is made in advance; after round 1 it stands: %v", err)
	}
}

// Rules H1, S2, K2: once round 1 is paired a locked deck's refusal cites
// the rule of the event's own game: Heresy 2.2.2 ("No cards may be added to
// or removed from the deck between games, except where noted"), SWS 3.0 d.
func TestALockedDeckCitesItsOwnGamesRule(t *testing.T) {
	ctx := context.Background()
	d, _ := newDirector(t)
	for _, c := range []struct {
		game, format, list, rule string
	}{
		{"heresy", "reascension", heresyDeck(4), "(H1)"},
		{"shadowfist", "final-brawl", "5 Some Card\n", "(S2)"},
	} {
		e := eventOf(t, d, c.game, c.format, nil)
		en := register(t, d, e.ID, names(6)...)
		if _, err := d.Decks.SaveDeck(ctx, en[0].ID, "", c.list); err != nil {
			t.Fatal(err)
		}
		if _, err := d.Rounds.PairNextRound(ctx, e.ID); err != nil {
			t.Fatal(err)
		}
		_, err := d.Decks.SaveDeck(ctx, en[0].ID, "", c.list)
		if msg := event.Message(err); !errors.Is(err, event.ErrState) || !strings.HasSuffix(msg, c.rule) {
			t.Errorf("%s/%s: a change after round 1: %v", c.game, c.format, err)
		}
	}
}
