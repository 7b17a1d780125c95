package director_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
)

func heresyDeck(copies int) string {
	var b strings.Builder
	for i := 0; i < 15; i++ {
		fmt.Fprintf(&b, "4 Card %02d\n", i)
	}
	fmt.Fprintf(&b, "%d Extra Card\n", copies)
	return b.String()
}

// Rules H1 and S2: a deck is saved even when illegal, with the problems
// named; it locks when round 1 is paired and a change is refused.
func TestDecksAreCheckedSavedAndLocked(t *testing.T) {
	ctx := context.Background()
	d, _ := newDirector(t)
	e := eventOf(t, d, "heresy", "reascension", nil)
	en := register(t, d, e.ID, names(7)...)
	if _, _, err := d.ImportCardList(ctx, "heresy", "name,type\nExtra Card,character\n"); err != nil {
		t.Fatal(err)
	}
	c, err := d.SaveDeck(ctx, en[0].ID, "Tau Rush", heresyDeck(5))
	if err != nil {
		t.Fatal(err)
	}
	if c.Legal() || !strings.Contains(c.Report.Problems[0].Message, "Extra Card") {
		t.Errorf("a deck with 5 copies: %+v", c.Report)
	}
	if c, err = d.SaveDeck(ctx, en[0].ID, "Tau Rush", heresyDeck(4)); err != nil || !c.Legal() {
		t.Fatalf("the fixed deck: %+v, %v", c.Report, err)
	}
	if rep, _ := d.CheckDeck(ctx, e.ID, "4 Card\n0 Other Card\n"); rep.Legal() || !strings.HasPrefix(rep.Problems[len(rep.Problems)-1].Message, "Line 2 ") {
		t.Errorf("a line that cannot be read: %+v", rep)
	}
	if _, err := d.SaveDeck(ctx, en[1].ID, "", "   "); !errors.Is(err, event.ErrInvalid) {
		t.Errorf("an empty list: %v", err)
	}
	if _, err := d.PairNextRound(ctx, e.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := d.SaveDeck(ctx, en[0].ID, "Tau Rush", heresyDeck(3)); !errors.Is(err, event.ErrState) || !strings.Contains(event.Message(err), "locked") {
		t.Errorf("a change after round 1: %v", err)
	}
	decks, err := d.Decks(ctx, e.ID)
	if err != nil || len(decks) != 1 || decks[0].Deck.LockedAt.IsZero() || !decks[0].Legal() {
		t.Errorf("decks %+v, %v", decks, err)
	}
}

// Rule A2: a limited deck may change between games from the pool, so it
// stays open after round 1.
func TestLimitedDecksStayOpen(t *testing.T) {
	ctx := context.Background()
	d, _ := newDirector(t)
	e := eventOf(t, d, "altered", "sealed", nil)
	en := register(t, d, e.ID, names(4)...)
	if _, err := d.SaveDeck(ctx, en[0].ID, "", "Hero: Sierra\n30 Some Card\n"); err != nil {
		t.Fatal(err)
	}
	if _, err := d.PairNextRound(ctx, e.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := d.SaveDeck(ctx, en[0].ID, "", "Hero: Sierra\n31 Some Card\n"); err != nil {
		t.Errorf("a limited deck after round 1: %v", err)
	}
}

func TestCardListImportAndDeckSettings(t *testing.T) {
	ctx := context.Background()
	d, _ := newDirector(t)
	n, rows, err := d.ImportCardList(ctx, "altered", "name,rarity,faction\nSierra,rare,Axiom\n,rare,Axiom\n")
	if err != nil || n != 1 || len(rows) != 1 {
		t.Fatalf("import: %d cards, rows %v, %v", n, rows, err)
	}
	if _, _, err := d.ImportCardList(ctx, "altered", "nonsense"); !errors.Is(err, event.ErrInvalid) {
		t.Errorf("a file without cards: %v", err)
	}
	_, err = d.CreateEvent(ctx, director.NewEvent{Name: "x", Game: "generic", Format: "swiss",
		Settings: &event.Settings{Structure: event.StructureSwiss, TableSize: 2, GamesPerMatch: 3, Points: event.Points{Win: 3}, DeckRules: "magic"}})
	if !errors.Is(err, event.ErrInvalid) {
		t.Errorf("unknown deck rules: %v", err)
	}
	e := eventOf(t, d, "shadowfist", "final-brawl", nil)
	s := e.Settings
	s.Shadowfist.Environment = "old-masters"
	if err := d.UpdateSettings(ctx, e.ID, s); err != nil {
		t.Errorf("Old Masters: %v", err)
	}
	s.Shadowfist.Environment = "future"
	if err := d.UpdateSettings(ctx, e.ID, s); !errors.Is(err, event.ErrInvalid) {
		t.Errorf("an unknown environment: %v", err)
	}
}

// Rule S2: a deck first registered after round 1 (a late entry's) locks
// at once.
func TestALateDeckLocksAtOnce(t *testing.T) {
	ctx := context.Background()
	d, _ := newDirector(t)
	e := eventOf(t, d, "heresy", "reascension", nil)
	en := register(t, d, e.ID, names(7)...)
	if _, err := d.PairNextRound(ctx, e.ID); err != nil {
		t.Fatal(err)
	}
	c, err := d.SaveDeck(ctx, en[2].ID, "", heresyDeck(4))
	if err != nil || c.Deck.LockedAt.IsZero() {
		t.Fatalf("a late deck: locked %v, %v", c.Deck.LockedAt, err)
	}
	if _, err := d.SaveDeck(ctx, en[2].ID, "", heresyDeck(3)); !errors.Is(err, event.ErrState) {
		t.Errorf("changing it: %v", err)
	}
}
