package deck

import (
	"strings"
	"testing"
)

// Rule K3: an Alliance registration typed as text names its pods and is
// followed by the Archon deck lists it draws on.
func TestParseAlliance(t *testing.T) {
	text := "Pod: Dis from Deck One\nPod: Mars from Deck Two\nToken: Grumpus\nTide: no\n---\nDeck One\nCall of the Archons\nBrobnar, Dis, Logos\nDis\n1 Hand of Dis\n---\nDeck Two\nCall of the Archons\nMars, Sanctum, Shadows\n"
	reg, decks, errs := ParseAlliance(text)
	if len(errs) != 0 {
		t.Fatalf("errors %v", errs)
	}
	if len(reg.Pods) != 2 || reg.Pods[1] != (Pod{House: "Mars", Deck: "Deck Two"}) || len(reg.Tokens) != 1 || reg.Tide {
		t.Errorf("registration %+v", reg)
	}
	if len(decks) != 2 || decks[0].Name != "Deck One" || decks[1].Set != "Call of the Archons" {
		t.Errorf("decks %+v", decks)
	}
	_, _, errs = ParseAlliance("Pod: Dis\nHello\n")
	if len(errs) != 2 || !strings.HasPrefix(errs[0].Message, "line 1:") || !strings.Contains(errs[1].Message, "line 2") {
		t.Errorf("errors %v", errs)
	}
}
