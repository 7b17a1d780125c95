package printing

import (
	"bytes"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
)

// The standings PDF says what it counts, as the screens do: with round 2
// a draft (even one with a result typed in) it counts round 1 and says
// so; with round 2 published and one result in, it says the round is in
// progress with how many results, in English and in French; the CSV
// counts the same rows.
func TestTheStandingsReportSaysWhatItCounts(t *testing.T) {
	ctx, d := pdfDirector(t)
	e := newEvent(ctx, t, d, "Friday Night", "swiss", numbered(8)...)
	win := event.Result{Seats: []event.SeatResult{{GamesWon: 1}, {GamesWon: 0}}}
	recordAll(ctx, t, d, e.ID, pairPublished(ctx, t, d, e.ID), win)
	write := func(p Printer, key string) string {
		t.Helper()
		var buf bytes.Buffer
		if _, err := p.Write(ctx, key, e.ID, 0, "A4", &buf); err != nil {
			t.Fatal(err)
		}
		if key == "standings-csv" {
			return buf.String()
		}
		return pdfText(t, &buf)
	}
	says := func(what, text string, want string, never ...string) {
		t.Helper()
		if !strings.Contains(text, want) {
			t.Errorf("%s does not say %q:\n%s", what, want, text)
		}
		for _, n := range never {
			if strings.Contains(text, n) {
				t.Errorf("%s says %q:\n%s", what, n, text)
			}
		}
	}
	r2, err := d.Rounds.PairNextRound(ctx, e.ID)
	if err != nil {
		t.Fatal(err)
	}
	// A result typed into a draft (were the desk to allow it) would not
	// count either.
	in := 1
	if d.Rounds.RecordResult(ctx, e.ID, 2, r2.Tables[0].Number, win) == nil {
		in++
	}
	says("the standings with round 2 a draft", write(Printer{D: ServicesOf(d)}, "standings"), "Standings after round 1", "round 2", "2–0–0", "1–1–0")
	says("the standings CSV with round 2 a draft", write(Printer{D: ServicesOf(d)}, "standings-csv"), "Player", ",6,2,0,0,", ",3,1,1,0,")
	// The summary's counts sit above their words: "1" over "round played".
	if summary := write(Printer{D: ServicesOf(d)}, "summary"); !regexp.MustCompile(`\s1\n.*\sround played\n`).MatchString(summary) {
		t.Errorf("the summary with round 2 a draft does not say 1 round played:\n%s", summary)
	}

	if err := d.Drafts.PublishRound(ctx, e.ID, 2); err != nil {
		t.Fatal(err)
	}
	if err := d.Rounds.RecordResult(ctx, e.ID, 2, r2.Tables[len(r2.Tables)-1].Number, win); err != nil {
		t.Fatal(err)
	}
	open := write(Printer{D: ServicesOf(d)}, "standings")
	says("the standings with round 2 open", open, fmt.Sprintf("Standings — round 2 in progress: %d of 4 results", in), "after round")
	// The round's one result counts: two players have played twice.
	if n := strings.Count(open, "2–0–0") + strings.Count(open, "1–1–0") + strings.Count(open, "0–2–0"); n != 2*(in-1)+2 {
		t.Errorf("the standings with round 2 open count %d players at two matches, want %d:\n%s", n, 2*(in-1)+2, open)
	}
	says("the French standings with round 2 open", write(Printer{D: ServicesOf(d), Lang: i18n.French}, "standings"), fmt.Sprintf("Classement — ronde 2 en cours : %d résultat", in), "après la ronde")
}
