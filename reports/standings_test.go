package reports

import (
	"fmt"
	"io"
	"strings"
	"testing"
	"time"

	"tablekeeper/core/i18n"
)

// testStandings returns standings of n players with three tiebreakers,
// every seventh player dropped and, with teams, every other one in a team.
func testStandings(n int, final, teams bool) Standings {
	s := Standings{EventName: "Friday Night Altered", Game: "Altered · Standard", Round: 5, Final: final,
		Date:        time.Date(2025, 11, 21, 0, 0, 0, 0, time.UTC),
		Tiebreakers: []string{"OMW%", "GW%", "OGW%"}}
	for i := range n {
		r := StandingsRow{Rank: i + 1, Name: playerName(i), Points: 15 - 3*(i*5/n), Wins: 5 - i*5/n, Losses: i * 5 / n,
			Tiebreakers: []string{fmt.Sprintf("%.2f%%", 70-float64(i%37)), fmt.Sprintf("%.2f%%", 66.67-float64(i%23)), fmt.Sprintf("%.2f%%", 55.5+float64(i%11))}}
		if teams && i%2 == 0 {
			r.Team = []string{"Les Dragons", "Team Ødegård", "李小龍 Club"}[i%3]
		}
		r.Dropped = i%7 == 5
		s.Rows = append(s.Rows, r)
	}
	return s
}

func TestWriteStandingsPrintsEveryColumn(t *testing.T) {
	s := testStandings(8, false, false)
	s.Rows[1].Name = "李小龍"
	s.Rows[2].Name = longName
	s.Rows[3].Draws = 1
	text := pdfText(t, writeTestPDF(t, func(w io.Writer) error { return WriteStandings(w, s, testOptions("")) }))
	containsAll(t, "the standings", text, "Friday Night Altered", "Standings after round 5", "Altered · Standard · 21 Nov 2025",
		"Page 1 of 1", "Rank", "Player", "Points", "W–L–D", "OMW%", "GW%", "OGW%",
		"Æmber Ødegård", "李小龍", "Maximiliana", "…", "5–0–0", "4–1–1", "70.00%", "dropped")
	if strings.Contains(text, "Team") {
		t.Error("a team column without teams")
	}
	if strings.Contains(text, longName) {
		t.Error("the 100-character name printed whole")
	}
}

func TestWriteStandingsFinalWithTeamsOverPages(t *testing.T) {
	s := testStandings(500, true, true)
	pdf := writeTestPDF(t, func(w io.Writer) error { return WriteStandings(w, s, testOptions("Letter")) })
	text := pdfText(t, pdf)
	containsAll(t, "the final standings", text, "Final standings", "Team", "Les Dragons", "Team Ødegård", "李小龍 Club", "500")
	pages := pageCount(pdf)
	if pages < 2 {
		t.Fatalf("500 players on %d page", pages)
	}
	if got := strings.Count(text, "OGW%"); got != pages {
		t.Errorf("the header row is on %d of %d pages", got, pages)
	}
	containsAll(t, "the final standings", text, fmt.Sprintf("Page %d of %d", pages, pages))
	for _, r := range s.Rows {
		name := r.Name
		if r.Dropped {
			// The "dropped" mark takes room: a long name may be cut.
			name = string([]rune(name)[:min(12, len([]rune(name)))])
		}
		if !strings.Contains(text, name) {
			t.Errorf("%q is missing", name)
		}
	}
}

func TestWriteStandingsWithAnyTiebreakers(t *testing.T) {
	for _, tbs := range [][]string{nil, {"Game points"}, {"Opponents' match-win %", "Tau", "SoS", "ESoS"},
		{"Opponents' match-win percentage", "Tau", "SoS", "ESoS", "Random", "Head to head", "Extra", "Last"}} {
		s := testStandings(40, false, true)
		s.Tiebreakers = tbs
		for i := range s.Rows {
			s.Rows[i].Tiebreakers = nil
			for j := range tbs {
				s.Rows[i].Tiebreakers = append(s.Rows[i].Tiebreakers, fmt.Sprintf("%d.%03d", i*j, i))
			}
		}
		_, c := planStandings("A4", "test", s, testOptions(""))
		layoutStandings(c, s)
		checkLayout(t, c)
		// Portrait while the values fit across at their size.
		if landscape := c.pageW > c.pageH; landscape != (len(tbs) >= 4) {
			t.Errorf("%d tiebreakers: landscape %v", len(tbs), landscape)
		}
		for _, h := range tbs {
			if !strings.Contains(pageTexts(c)[0], h[:2]) {
				t.Errorf("the heading %q is missing", h)
			}
		}
	}
}

func TestStandingsLayoutKeepsTextInItsBoxes(t *testing.T) {
	for _, n := range []int{0, 1, 8, 64, 512} {
		for _, paper := range []string{"A4", "Letter"} {
			s := testStandings(n, n%2 == 0, n > 8)
			for i := range s.Rows {
				switch i % 9 {
				case 2:
					s.Rows[i].Name = longName
					s.Rows[i].Team = longName
				case 4:
					s.Rows[i].Name = strings.Repeat("龍", 40)
				}
			}
			checkLayout(t, layOut(t, paper, func(c *canvas) { layoutStandings(c, s) }))
		}
	}
}

func TestStandingsGolden(t *testing.T) {
	s := testStandings(8, false, false)
	s.Rows[1].Name = "李小龍"
	s.Rows[2].Name = longName
	checkGolden(t, "standings-8", layOut(t, "A4", func(c *canvas) { layoutStandings(c, s) }))
	final := testStandings(12, true, true)
	checkGolden(t, "standings-final-teams-letter", layOut(t, "Letter", func(c *canvas) { layoutStandings(c, final) }))
}

func TestWriteStandingsIsByteStable(t *testing.T) {
	s := testStandings(100, true, true)
	checkByteStable(t, "standings", func(w io.Writer) error { return WriteStandings(w, s, testOptions("")) })
}

func TestWriteStandingsRejectsStandingsItCannotPrint(t *testing.T) {
	checkRejects(t, "rejected standings", WriteStandings, []rejected[Standings]{
		{"round zero", Standings{}, Options{}, "numbered from 1"},
		{"a missing tiebreaker", Standings{Round: 1, Tiebreakers: []string{"OMW%"}, Rows: []StandingsRow{{Name: "Ann"}}}, Options{}, "0 tiebreaker values for 1"},
		{"too many tiebreakers", Standings{Round: 1, Tiebreakers: make([]string, 9)}, Options{}, "at most 8"},
		{"a negative record", Standings{Round: 1, Rows: []StandingsRow{{Name: "Ann", Wins: -1}}}, Options{}, "negative"},
	})
}

// BenchmarkWriteStandings4096 writes the standings of 4096 players.
func BenchmarkWriteStandings4096(b *testing.B) {
	s := testStandings(4096, true, true)
	b.ReportAllocs()
	for b.Loop() {
		if err := WriteStandings(io.Discard, s, Options{Created: testDate}); err != nil {
			b.Fatal(err)
		}
	}
}

// Rows whose order among tied players was drawn print their rank with
// the mark, and every page with such a row says how the tie was broken
// under its rows; a page without one does not.
func TestWriteStandingsMarksDrawnTies(t *testing.T) {
	s := testStandings(120, false, false)
	note := i18n.F("* Equal on points and every tiebreaker: their order was drawn at random, once for the round, not by name.")
	s.DrawNote = note
	for i := 6; i <= 8; i++ {
		s.Rows[i].Rank, s.Rows[i].Drawn = 7, true
	}
	_, c := planStandings("A4", "test", s, testOptions(""))
	layoutStandings(c, s)
	checkLayout(t, c)
	pages := pageTexts(c)
	if len(pages) < 2 {
		t.Fatalf("120 players on %d page", len(pages))
	}
	if !strings.Contains(pages[0], "7*") || !strings.Contains(pages[0], note.In(i18n.English)) {
		t.Errorf("the first page has no mark or no note: %q", pages[0])
	}
	if strings.Contains(pages[1], "*") {
		t.Errorf("a page without drawn rows has the mark or note: %q", pages[1])
	}
	s.DrawNote = i18n.Text{}
	if err := WriteStandings(io.Discard, s, testOptions("")); err == nil || !strings.Contains(err.Error(), "marked drawn") {
		t.Errorf("drawn rows without a note printed: %v", err)
	}
}
