package director_test

import (
	"errors"
	"strings"
	"testing"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
)

// A kiosk saves a player's deck only with her player code (issue 27): a
// wrong code, or none, saves nothing; her own code, typed as a player
// types it (lower case, a dash), saves it and the log says where.
func TestAKioskSavesADeckOnlyWithThePlayersCode(t *testing.T) {
	ctx, d, e := openEvent(t, "heresy", "reascension", nil)
	en := register(t, d, e.ID, "Ada Lovelace", "Bob Stone")
	if _, _, err := d.Decks.ImportCardList(ctx, "heresy", "name,type\nExtra Card,character\n"); err != nil {
		t.Fatal(err)
	}
	if _, err := d.Decks.SaveDeck(ctx, en[0].ID, "Ada's own", heresyDeck(4)); err != nil {
		t.Fatal(err)
	}
	code := mustCall(t, d.Phones.PlayerCode, en[0].ID)
	other := mustCall(t, d.Phones.PlayerCode, en[1].ID)

	for _, wrong := range []string{"", other, "AAAAAA", code + "X"} {
		if _, err := d.Decks.CheckPlayerCode(ctx, e.ID, en[0].ID, wrong); !errors.Is(err, director.ErrWrongPlayerCode) {
			t.Errorf("CheckPlayerCode(%q) = %v, want a wrong code", wrong, err)
		}
		_, err := d.Decks.KioskSaveDeck(ctx, director.KioskDeck{Event: e.ID, Entry: en[0].ID, Code: wrong, Tablet: "0123456789abcdef", Name: "Stranger", List: heresyDeck(5)})
		if !errors.Is(err, director.ErrWrongPlayerCode) {
			t.Errorf("KioskSaveDeck with %q = %v, want a wrong code", wrong, err)
		}
	}
	// A number that is no entry of the event is not found, code or not.
	if _, err := d.Decks.CheckPlayerCode(ctx, e.ID, en[1].ID+100, other); !errors.Is(err, event.ErrNotFound) {
		t.Errorf("an entry not of the event: %v", err)
	}
	decks, err := d.Decks.Decks(ctx, e.ID)
	if err != nil || len(decks) != 1 || decks[0].Deck.Name != "Ada's own" {
		t.Fatalf("after the wrong codes the decks are %+v, %v", decks, err)
	}

	typed := strings.ToLower(director.FormatPlayerCode(code))
	if got, err := d.Decks.CheckPlayerCode(ctx, e.ID, en[0].ID, typed); err != nil || got.ID != en[0].ID {
		t.Fatalf("CheckPlayerCode(%q) = %+v, %v", typed, got, err)
	}
	dc, err := d.Decks.KioskSaveDeck(ctx, director.KioskDeck{Event: e.ID, Entry: en[0].ID, Code: typed, Tablet: "0123456789abcdef", Name: "Tau Rush", List: heresyDeck(5)})
	if err != nil || dc.Legal() {
		t.Fatalf("her own code: %+v, %v", dc.Report, err)
	}
	decks, _ = d.Decks.Decks(ctx, e.ID)
	if len(decks) != 1 || decks[0].Deck.Name != "Tau Rush" {
		t.Fatalf("her deck is %+v", decks)
	}
	if _, err := d.Decks.KioskSaveDeck(ctx, director.KioskDeck{Event: e.ID, Entry: en[0].ID, Code: code, List: heresyDeck(4)}); err != nil {
		t.Fatal(err)
	}
	log := mustCall(t, d.Events.Log, e.ID)
	var lines []string
	for _, l := range log {
		if strings.HasPrefix(l.Message.Format, "deck registered on") {
			lines = append(lines, l.Message.In(i18n.English))
		}
	}
	want := []string{
		"deck registered on kiosk tablet 012345 with the player's own code: Ada Lovelace (1 problem)",
		"deck registered on the desktop kiosk with the player's own code: Ada Lovelace (legal)",
	}
	if strings.Join(lines, "\n") != strings.Join(want, "\n") {
		t.Errorf("the log says %q, want %q", lines, want)
	}
}
