package reports

import (
	"fmt"
	"io"
	"strings"
	"testing"
	"time"
)

// testSummary returns the summary of an event of n players with a top
// of top places.
func testSummary(n, top int) Summary {
	s := Summary{EventName: "Friday Night Altered", Game: "Altered · Standard (best of three)", Date: time.Date(2025, 11, 21, 0, 0, 0, 0, time.UTC),
		Structure:  "5 rounds of Swiss, best of three, 50 minutes, then a top 8 single elimination (X2).",
		Registered: n, Dropped: n / 10, Disqualified: n / 100, RoundsPlayed: 5 + 3*min(1, top/8), TablesPlayed: n * 5 / 2, Byes: n % 2 * 5,
		Penalties: n / 8, DecksRegistered: n, DecksLegal: n - n/20, TopTitle: "Top 8"}
	for i := range min(n, top) {
		s.Top = append(s.Top, SummaryPlace{Rank: i + 1, Name: playerName(i), Points: 15 - i, Record: fmt.Sprintf("%d–%d–0", 5-i/3, i/3)})
	}
	if len(s.Top) > 0 {
		s.Winner = s.Top[0].Name
	}
	return s
}

func TestWriteSummaryPrintsTheEventInNumbers(t *testing.T) {
	s := testSummary(64, 8)
	s.Top[1].Name = "李小龍"
	s.Top[2].Name = longName
	pdf := writeTestPDF(t, func(w io.Writer) error { return WriteSummary(w, s, testOptions("")) })
	if got := pageCount(pdf); got != 1 {
		t.Errorf("%d pages, want 1", got)
	}
	text := strings.Join(strings.Fields(pdfText(t, pdf)), " ")
	containsAll(t, "the summary", text, "Friday Night Altered", "Event summary", "Altered · Standard (best of three) · 21 Nov 2025",
		"Winner", "Æmber Ødegård", "15 points", "Structure", "5 rounds of Swiss, best of three",
		"64", "players registered", "dropped", "disqualified", "rounds played", "160", "tables played", "byes", "penalties logged",
		"61 / 64", "decks legal / registered", "Top 8", "Rank", "Player", "W–L–D", "Points", "李小龍", "Maximiliana", "…", "5–0–0", "3–2–0")
	if strings.Contains(text, longName) {
		t.Error("the 100-character name printed whole")
	}
}

func TestSummaryWithoutWinnerDecksOrTop(t *testing.T) {
	s := Summary{EventName: "Heresy at the Keep", Registered: 1, RoundsPlayed: 0}
	c := layOut(t, "A4", func(c *canvas) { layoutSummary(c, s) })
	checkLayout(t, c)
	text := pageTexts(c)[0]
	for _, never := range []string{"Winner", "decks legal", "Top", "Structure"} {
		if strings.Contains(text, never) {
			t.Errorf("the summary shows %q", never)
		}
	}
	containsAll(t, "the summary", text, "player registered", "Event summary")
}

func TestSummaryLayoutKeepsTextInItsBoxes(t *testing.T) {
	for _, n := range []int{0, 1, 8, 64, 512} {
		for _, paper := range []string{"A4", "Letter"} {
			for _, top := range []int{4, 8, 64} {
				s := testSummary(n, top)
				for i := range s.Top {
					switch i % 3 {
					case 1:
						s.Top[i].Name, s.Top[i].Detail = longName, longName
					case 2:
						s.Top[i].Name = strings.Repeat("龍", 40)
					}
				}
				if n > 8 {
					s.Winner, s.EventName, s.Structure = longName, longName, strings.Repeat(longName+" ", 4)
					s.TablesPlayed = 123456789
				}
				c := layOut(t, paper, func(c *canvas) { layoutSummary(c, s) })
				checkLayout(t, c)
				if top <= 8 && len(c.pages) != 1 {
					t.Errorf("%d players, top %d: %d pages", n, top, len(c.pages))
				}
			}
		}
	}
}

func TestSummaryGolden(t *testing.T) {
	s := testSummary(64, 8)
	s.Top[1].Name = "李小龍"
	s.Top[3].Detail = "Ordis Control"
	checkGolden(t, "summary-64", layOut(t, "A4", func(c *canvas) { layoutSummary(c, s) }))
}

func TestWriteSummaryIsByteStable(t *testing.T) {
	s := testSummary(512, 8)
	checkByteStable(t, "summary", func(w io.Writer) error { return WriteSummary(w, s, testOptions("Letter")) })
}

func TestWriteSummaryRejectsSummariesItCannotPrint(t *testing.T) {
	checkRejects(t, "a rejected summary", WriteSummary, []rejected[Summary]{
		{"negative players", Summary{Registered: -1}, Options{}, "never negative"},
		{"more legal decks than registered", Summary{DecksRegistered: 2, DecksLegal: 3}, Options{}, "3 legal decks of 2"},
		{"a negative rank", Summary{Top: []SummaryPlace{{Rank: -1, Name: "Ann"}}}, Options{}, "rank -1"},
	})
}
