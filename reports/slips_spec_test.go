package reports

import (
	"bytes"
	"io"
	"strings"
	"testing"

	"tablekeeper/core/rules"
	"tablekeeper/core/rules/rulestest"
)

// A game built in core alone, with a slip of its own, prints through the
// one slip drawer: its boxes, totals and signatures as its spec says, each
// player's name and points, and a table of three is refused with the
// spec's own reason. Nothing in reports knows the game.
func TestASlipSpecOfAGameBuiltInCorePrints(t *testing.T) {
	e := rulestest.Register(t)
	kind := rules.SlipFor(e)
	if kind == SlipGeneric || kind.String() != rulestest.GemDuelSlip.Name {
		t.Fatalf("the registered game's slip is %v", kind)
	}
	round := twoPlayerRound(2, func(i int) string {
		return []string{"Æmber Zoë 李 김민준", "Ada", "Zoë Łukasz", "李小龍"}[i]
	})
	s := SlipsFrom(round, kind)
	c := layOut(t, "", func(c *canvas) { layoutSlips(c, s) })
	checkLayout(t, c)
	texts := pageTexts(c)
	if len(texts) != 1 {
		t.Fatalf("%d pages, want 1", len(texts))
	}
	for _, want := range []string{"Table 1", "Table 2", "Æmber Zoë 李 김민준", "Zoë Łukasz", "Won", "Gems", "Crowns", "Game 1", "Game 3",
		"Total", "First duellist", "Second duellist"} {
		if !strings.Contains(texts[0], want) {
			t.Errorf("the slips lack %q:\n%s", want, texts[0])
		}
	}
	for _, never := range []string{"Keys", "Chains", "Match winner", "Signature"} {
		if strings.Contains(texts[0], never) {
			t.Errorf("the slips print %q, which the spec does not ask for", never)
		}
	}
	// A heading a box of the spec, a block a player: the drawer follows
	// the spec's boxes.
	if got := strings.Count(texts[0], "Gems"); got != 4 {
		t.Errorf("%d Gems headings, want one a player on each of two slips", got)
	}
	s.Games = 1
	one := layOut(t, "", func(c *canvas) { layoutSlips(c, s) })
	if text := pageTexts(one)[0]; strings.Count(text, "Crowns") != 6 || strings.Contains(text, "Total") || strings.Contains(text, "Game 2") {
		t.Errorf("a one-game slip: %s", text)
	}
	var buf bytes.Buffer
	if err := WriteSlips(&buf, s, Options{}); err != nil || !bytes.HasPrefix(buf.Bytes(), []byte("%PDF")) {
		t.Fatalf("WriteSlips: %v", err)
	}
	s.Tables[0].Seats = append(s.Tables[0].Seats, PairingsSeat{Name: "Third"})
	if err := WriteSlips(io.Discard, s, Options{}); err == nil || !strings.Contains(err.Error(), "a Gem Duel is between 2 players") {
		t.Errorf("a table of three: %v", err)
	}
}
