package printing

import (
	"bytes"
	"strings"
	"testing"

	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
)

// A report is said in the event's print language when it has one, else in
// the printer's (the screen's), else in English; the line that says what
// was written is the screen's.
func TestReportsAreSaidInTheEventsLanguageElseThePrinters(t *testing.T) {
	ctx, d := pdfDirector(t)
	event1 := func(name, language string) event.EventID {
		t.Helper()
		e := newEvent(ctx, t, d, name, "swiss", "Ada Lovelace", "Zoë Ødegård", "李小龍", "김민준")
		s := e.Settings
		s.Language = language
		if err := d.Events.UpdateSettings(ctx, e.ID, s); err != nil {
			t.Fatal(err)
		}
		if _, err := d.Rounds.PairNextRound(ctx, e.ID); err != nil {
			t.Fatal(err)
		}
		return e.ID
	}
	write := func(p Printer, id event.EventID) (summary, text string) {
		t.Helper()
		var buf bytes.Buffer
		summary, err := p.Write(ctx, "pairings", id, 0, "A4", &buf)
		if err != nil {
			t.Fatal(err)
		}
		return summary, pdfText(t, &buf)
	}
	none, french, english := event1("Friday Night", ""), event1("Vendredi soir", "fr"), event1("Sunday Cup", "en")
	for _, c := range []struct {
		name        string
		p           Printer
		id          event.EventID
		summary     string
		page, never string
		game        string
	}{
		{"no language anywhere", Printer{D: ServicesOf(d)}, none, "round 1 pairings of Friday Night, 2 tables", "Round 1 pairings", "Appariements", "Any card game"},
		{"the screen's French", Printer{D: ServicesOf(d), Lang: i18n.French}, none, "appariements de la ronde 1 de Friday Night, 2 tables", "Appariements de la ronde 1", "Round 1 pairings", "Tout jeu de cartes"},
		{"the event's French", Printer{D: ServicesOf(d)}, french, "round 1 pairings of Vendredi soir, 2 tables", "Appariements de la ronde 1", "Round 1 pairings", "Tout jeu de cartes"},
		{"the event's English over the screen's French", Printer{D: ServicesOf(d), Lang: i18n.French}, english, "appariements de la ronde 1 de Sunday Cup, 2 tables", "Round 1 pairings", "Appariements", "Any card game"},
	} {
		summary, text := write(c.p, c.id)
		if summary != c.summary {
			t.Errorf("%s: the summary is %q, want %q", c.name, summary, c.summary)
		}
		if !strings.Contains(text, c.page) || strings.Contains(text, c.never) {
			t.Errorf("%s: the sheet does not say %q (or says %q):\n%s", c.name, c.page, c.never, text)
		}
		if !strings.Contains(text, c.game) {
			t.Errorf("%s: the sheet does not name the game as %q:\n%s", c.name, c.game, text)
		}
	}
}

// A report's error is kept as a sentence the window says in its language.
func TestAReportsErrorIsSaidInFrench(t *testing.T) {
	_, err := Printer{}.Write(t.Context(), "no-such-report", 1, 0, "A4", &bytes.Buffer{})
	if got := i18n.Error(i18n.French, err); !strings.HasPrefix(got, `il n’y a pas de rapport "no-such-report"`) {
		t.Errorf("the French error is %q", got)
	}
}

// Decimal numbers of the core take the language's separator.
func TestDecimalIn(t *testing.T) {
	for in, want := range map[string]string{"66.67": "66,67", "3": "3", "": "", "n/a": "n/a", "1.2.3": "1.2.3"} {
		if got := decimalIn(i18n.French, in); got != want {
			t.Errorf("decimalIn(fr, %q) = %q, want %q", in, got, want)
		}
	}
	if got := decimalIn(i18n.English, "66.67"); got != "66.67" {
		t.Errorf("decimalIn(en, 66.67) = %q", got)
	}
}
