package web

import (
	"net/http"
	"strings"
	"testing"
)

// A KeyForge event's decklist page asks for what its check reads (the
// deck's name, Set: and Houses:), not one card per line, and shows a
// KeyForge example in the empty field.
func TestAKeyForgeDecklistPageAsksForTheDecksNameSetAndHouses(t *testing.T) {
	f := newFixture(t)
	e, entries := f.Event("keyforge", "archon-standard", "Ada", "Bob")
	code := f.PlayerCodeOf(entries[0].ID)
	p := f.playerPhone()
	if status, body := p.signIn(e.ID, entries[0].ID, code); status != http.StatusOK {
		t.Fatalf("sign-in: %d %s", status, body)
	}
	j := myDeck(t, p, e.ID)
	if !j.Asked || strings.Contains(j.Rules, "one card per line") || !strings.Contains(j.Rules, "Set:") || !strings.Contains(j.Rules, "Houses:") {
		t.Errorf("the KeyForge page's rules say %q", j.Rules)
	}
	if !strings.Contains(j.Example, "Houses: ") || strings.Contains(j.Example, "Hero:") {
		t.Errorf("the KeyForge page's example is %q", j.Example)
	}
}
