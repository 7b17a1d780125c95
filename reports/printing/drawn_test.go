package printing

import (
	"bytes"
	"encoding/csv"
	"slices"
	"strings"
	"testing"

	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
)

// The standings PDF marks the players whose order among those equal on
// points and every tiebreaker was drawn, and says how the tie was broken,
// in English and in French (issue 20 item 1): after one round of 1–0
// wins, the four winners share first place and the four losers fifth.
func TestTheStandingsReportMarksDrawnTies(t *testing.T) {
	ctx, d := pdfDirector(t)
	e := newEvent(ctx, t, d, "Friday Night", "swiss-top8", numbered(8)...)
	r1 := pairPublished(ctx, t, d, e.ID)
	write := func(p Printer) string {
		t.Helper()
		var buf bytes.Buffer
		if _, err := p.Write(ctx, "standings", e.ID, 0, "A4", &buf); err != nil {
			t.Fatal(err)
		}
		return pdfText(t, &buf)
	}
	if text := write(Printer{D: ServicesOf(d)}); strings.Contains(text, "*") {
		t.Errorf("before any result nothing is drawn, yet the standings mark a tie:\n%s", text)
	}
	recordAll(ctx, t, d, e.ID, r1, event.Result{Seats: []event.SeatResult{{GamesWon: 2}, {GamesWon: 0}}})
	for lang, note := range map[i18n.Lang]string{
		i18n.English: "* Equal on points and every tiebreaker: their order was drawn at random",
		i18n.French:  "* À égalité de points et sur tous les départages : leur ordre a été tiré au sort",
	} {
		text := write(Printer{D: ServicesOf(d), Lang: lang})
		if strings.Count(text, "1*") != 4 || strings.Count(text, "5*") != 4 || !strings.Contains(text, note) {
			t.Errorf("%s: the standings do not mark the eight drawn players (1*, 5*) or lack %q:\n%s", lang, note, text)
		}
	}
	// The CSV says it in a column of its own, under a translated heading.
	for lang, want := range map[i18n.Lang][2]string{i18n.English: {"tie order", "drawn"}, i18n.French: {"ordre à égalité", "tiré au sort"}} {
		var buf bytes.Buffer
		if _, err := (Printer{D: ServicesOf(d), Lang: lang}).Write(ctx, "standings-csv", e.ID, 0, "", &buf); err != nil {
			t.Fatal(err)
		}
		rows, err := csv.NewReader(&buf).ReadAll()
		if err != nil {
			t.Fatal(err)
		}
		col := slices.Index(rows[0], want[0])
		if col < 0 {
			t.Fatalf("%s: the standings CSV has no column %q: %q", lang, want[0], rows[0])
		}
		for _, r := range rows[1:] {
			if r[col] != want[1] {
				t.Errorf("%s: the standings CSV does not say %q of %s: %q", lang, want[1], r[1], r)
			}
		}
	}
}
