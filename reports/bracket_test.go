package reports

import (
	"bytes"
	"io"
	"strings"
	"testing"
	"time"
)

// seedOrder returns the seeds of a bracket of n from top to bottom, so
// that the best seeds meet last: 1, 8, 4, 5, 2, 7, 3, 6 for 8 (rule X2).
func seedOrder(n int) []int {
	order := []int{1}
	for size := 2; size <= n; size *= 2 {
		var next []int
		for _, s := range order {
			next = append(next, s, size+1-s)
		}
		order = next
	}
	return order
}

// singleBracket returns a single elimination bracket of players seeded
// 1 to players, byes for the rest of the size, with the rounds up to
// decided played: the better seed wins, the results given without names
// after round 1 (the report carries the winners).
func singleBracket(players, decided int, names func(int) string) Bracket {
	size := 2
	for size < players {
		size *= 2
	}
	b := Bracket{EventName: "Friday Night Altered", Game: "Altered · Standard (best of three)", Date: time.Date(2025, 11, 21, 0, 0, 0, 0, time.UTC),
		Size: size}
	side := func(seed int) BracketSide {
		if seed > players {
			return BracketSide{Bye: true}
		}
		return BracketSide{Name: names(seed - 1), Seed: seed}
	}
	order := seedOrder(size)
	for i := 0; i < size; i += 2 {
		m := BracketMatch{Round: 1, Slot: i/2 + 1, A: side(order[i]), B: side(order[i+1])}
		if decided >= 1 && !m.B.Bye {
			m.Winner, m.Score = 1, []string{"2–0", "2–1"}[i/2%2]
		}
		b.Winners.Matches = append(b.Winners.Matches, m)
	}
	for r := 2; r <= decided && size>>r > 0; r++ {
		for s := 1; s <= size>>r; s++ {
			b.Winners.Matches = append(b.Winners.Matches, BracketMatch{Round: r, Slot: s, Winner: 1 + s%2, Score: "2–1"})
		}
	}
	return b
}

// doubleBracket returns a double elimination bracket of size players with
// winners round 1 and losers round 1 played.
func doubleBracket(size int, names func(int) string) Bracket {
	b := singleBracket(size, 1, names)
	b.Kind = DoubleElimination
	b.Title = ""
	for i := 0; i+1 < size/2; i += 2 {
		l1, l2 := b.Winners.Matches[i].B, b.Winners.Matches[i+1].B
		b.Losers.Matches = append(b.Losers.Matches, BracketMatch{Round: 1, Slot: i/2 + 1, A: l1, B: l2, Winner: 2, Score: "1–0"})
	}
	return b
}

// bracketNames returns the names of a bracket's tests.
func bracketNames(i int) string {
	return []string{"Æmber Ødegård", "Zoë Łukasz", "李小龍", longName, "Émile Zola", "Bo Chan", "Ann Lee", "Ødegård Åse"}[i%8] +
		strings.Repeat(" II", i/8)
}

func TestWriteBracketShowsResultsAndCarriesTheWinners(t *testing.T) {
	b := singleBracket(7, 1, bracketNames)
	b.Title = "Top 8 playoff"
	pdf := writeTestPDF(t, func(w io.Writer) error { return WriteBracket(w, b, testOptions("")) })
	if !bytes.Contains(pdf, []byte("/MediaBox [0 0 841.89 595.28]")) {
		t.Error("the bracket is not landscape A4")
	}
	text := pdfText(t, pdf)
	containsAll(t, "the bracket", text, "Friday Night Altered", "Top 8 playoff", "Quarterfinals", "Semifinals", "Final",
		"Æmber Ødegård", "Zoë Łukasz", "李小龍", "Maximiliana", "BYE", "2–0", "2–1", "Page 1 of 1")
	if strings.Contains(text, longName) {
		t.Error("the 100-character name printed whole")
	}
	// Seed 1 had a bye and the better seeds won round 1: each winner is
	// also in a semifinal box, the losers only in their quarterfinal.
	c := layOutBracket(t, "A4", b)
	checkLayout(t, c)
	if got := strings.Count(pageTexts(c)[0], "Ann Lee"); got != 1 {
		t.Errorf("Ann Lee, seed 7, is in %d boxes, want 1", got)
	}
	for _, name := range []string{"Æmber Ødegård", "Zoë Łukasz", "李小龍"} {
		if got := strings.Count(pageTexts(c)[0], name); got != 2 {
			t.Errorf("%s is in %d boxes, want 2 (quarterfinal and semifinal)", name, got)
		}
	}
}

// layOutBracket lays b out on landscape paper.
func layOutBracket(t testing.TB, paper string, b Bracket) *canvas {
	t.Helper()
	return layOutOriented(t, "L", paper, func(c *canvas) { layoutBracket(c, b) })
}

func TestBracketPagesBySize(t *testing.T) {
	tests := []struct {
		name  string
		b     Bracket
		pages int
		want  []string
	}{
		{"one player", singleBracket(1, 0, bracketNames), 1, []string{"Top 2 bracket", "Final", "Æmber Ødegård", "BYE"}},
		{"top 4", singleBracket(4, 2, bracketNames), 1, []string{"Semifinals", "Final"}},
		{"top 16", singleBracket(16, 1, bracketNames), 1, []string{"Round of 16", "Quarterfinals"}},
		{"top 32 on one page", singleBracket(32, 3, bracketNames), 1, []string{"Round of 32", "Round of 16", "Final"}},
		{"64 over two pages", singleBracket(64, 2, bracketNames), 2, []string{"Top half", "Bottom half", "Round of 64"}},
		{"128 over four", singleBracket(128, 1, bracketNames), 4, []string{"Part 1 of 4", "Part 4 of 4"}},
		{"double elimination of 8 on one page", doubleBracket(8, bracketNames), 1,
			[]string{"Winners bracket", "Losers bracket", "Grand final", "Winners final", "Losers round 1", "Losers final", "1–0"}},
		{"double elimination of 16 on one page", doubleBracket(16, bracketNames), 1, []string{"Losers round 5", "Losers final"}},
		{"double elimination of 32", doubleBracket(32, bracketNames), 3,
			[]string{"Winners bracket", "Losers bracket — rounds 1–5", "Losers bracket — rounds 6–8", "Grand final"}},
		{"double elimination of 64", doubleBracket(64, bracketNames), 4,
			[]string{"Winners bracket — top half", "Losers bracket — rounds 1–6", "Losers round 9"}},
		{"nothing yet", Bracket{EventName: "Empty"}, 1, []string{"No bracket yet"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := layOutBracket(t, "A4", tt.b)
			checkLayout(t, c)
			if len(c.pages) != tt.pages {
				t.Errorf("%d pages, want %d", len(c.pages), tt.pages)
			}
			containsAll(t, "the bracket", strings.Join(pageTexts(c), " | "), tt.want...)
		})
	}
}

func TestBracketLayoutKeepsTextInItsBoxes(t *testing.T) {
	names := hardNames(9, 2, 4)
	for _, n := range []int{0, 1, 2, 3, 8, 13, 32, 64, 100, 128} {
		for _, paper := range []string{"A4", "Letter"} {
			for decided := range 3 {
				b := singleBracket(n, decided, names)
				if n == 0 {
					b = Bracket{}
				}
				checkLayout(t, layOutBracket(t, paper, b))
				if n >= 4 {
					d := doubleBracket(max(4, b.Size), names)
					d.GrandFinal.Matches = []BracketMatch{{Round: 1, Slot: 1, B: BracketSide{Name: longName, Seed: 128}, Winner: 2, Score: "2–1 (time)"},
						{Round: 2, Slot: 1, A: BracketSide{Name: "李小龍"}, B: BracketSide{Name: longName}}}
					checkLayout(t, layOutBracket(t, paper, d))
				}
			}
		}
	}
}

func TestBracketGolden(t *testing.T) {
	b := singleBracket(7, 2, bracketNames)
	checkGolden(t, "bracket-top8", layOutBracket(t, "A4", b))
	d := doubleBracket(8, bracketNames)
	d.GrandFinal.Matches = []BracketMatch{{Round: 2, Slot: 1, A: BracketSide{Name: "Ann Lee"}, B: BracketSide{Name: "Bo Chan"}}}
	checkGolden(t, "bracket-double-8-letter", layOutBracket(t, "Letter", d))
}

func TestWriteBracketIsByteStable(t *testing.T) {
	b := singleBracket(64, 3, playerName)
	checkByteStable(t, "bracket", func(w io.Writer) error { return WriteBracket(w, b, testOptions("")) })
}

func TestWriteBracketRejectsBracketsItCannotPrint(t *testing.T) {
	checkRejects(t, "a rejected bracket", WriteBracket, []rejected[Bracket]{
		{"size 6", Bracket{Size: 6}, Options{}, "power of two"},
		{"size 256", Bracket{Size: 256}, Options{}, "power of two"},
		{"double of 2", Bracket{Kind: DoubleElimination, Size: 2}, Options{}, "from 4"},
		{"an unknown kind", Bracket{Kind: 5}, Options{}, "unknown bracket kind"},
		{"round 4 of 8", Bracket{Size: 8, Winners: BracketSection{Matches: []BracketMatch{{Round: 4, Slot: 1}}}}, Options{}, "rounds 1 to 3"},
		{"slot 3 of 2", Bracket{Size: 8, Winners: BracketSection{Matches: []BracketMatch{{Round: 2, Slot: 3}}}}, Options{}, "slots 1 to 2"},
		{"winner 3", Bracket{Size: 8, Winners: BracketSection{Matches: []BracketMatch{{Round: 1, Slot: 1, Winner: 3}}}}, Options{}, "winner 3"},
		{"twice", Bracket{Size: 8, Winners: BracketSection{Matches: []BracketMatch{{Round: 1, Slot: 1}, {Round: 1, Slot: 1}}}}, Options{}, "twice"},
		{"losers in single", Bracket{Size: 8, Losers: BracketSection{Matches: []BracketMatch{{Round: 1, Slot: 1}}}}, Options{}, "no losers bracket"},
	})
}

func TestBracketSizeFollowsFromTheMatches(t *testing.T) {
	for _, tt := range []struct {
		b    Bracket
		want int
	}{
		{Bracket{Winners: BracketSection{Matches: []BracketMatch{{Round: 1, Slot: 3}}}}, 8},
		{Bracket{Winners: BracketSection{Matches: []BracketMatch{{Round: 2, Slot: 1}}}}, 4},
		{Bracket{Kind: DoubleElimination, Losers: BracketSection{Matches: []BracketMatch{{Round: 3, Slot: 2}}}}, 16},
		{Bracket{}, 0},
	} {
		if got := tt.b.size(); got != tt.want {
			t.Errorf("size of %+v = %d, want %d", tt.b, got, tt.want)
		}
	}
}

// BenchmarkWriteBracket64 writes a bracket of 64 players, two rounds played.
func BenchmarkWriteBracket64(b *testing.B) {
	br := singleBracket(64, 2, playerName)
	b.ReportAllocs()
	for b.Loop() {
		if err := WriteBracket(io.Discard, br, Options{Created: testDate}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkWriteBracketDouble64 writes a double elimination of 64.
func BenchmarkWriteBracketDouble64(b *testing.B) {
	br := doubleBracket(64, playerName)
	b.ReportAllocs()
	for b.Loop() {
		if err := WriteBracket(io.Discard, br, Options{Created: testDate}); err != nil {
			b.Fatal(err)
		}
	}
}

// The grand final's second match is drawn only when the model gives it
// (a reset played after the losers bracket's winner took the first): the
// winner of the first alone, or a first won by B in an event without a
// reset, drew an empty second match with the champion carried into it.
func TestTheGrandFinalsSecondMatchOnlyWhenPlayed(t *testing.T) {
	a, b := BracketSide{Name: "Ann Lee", Seed: 1}, BracketSide{Name: "Bo Chan", Seed: 2}
	for _, tc := range []struct {
		name   string
		final  []BracketMatch
		second bool
	}{
		{"won by A", []BracketMatch{{Round: 1, Slot: 1, A: a, B: b, Winner: 1, Score: "2–0"}}, false},
		{"won by B, no reset", []BracketMatch{{Round: 1, Slot: 1, A: a, B: b, Winner: 2, Score: "0–2"}}, false},
		{"won by B, reset played", []BracketMatch{{Round: 1, Slot: 1, A: a, B: b, Winner: 2, Score: "0–2"},
			{Round: 2, Slot: 1, A: a, B: b, Winner: 1, Score: "2–1"}}, true},
	} {
		br := doubleBracket(8, bracketNames)
		br.GrandFinal.Matches = tc.final
		text := pageTexts(layOutBracket(t, "A4", br))[0]
		if got := strings.Contains(text, "Grand final, second match"); got != tc.second {
			t.Errorf("%s: the second match drawn %v, want %v:\n%s", tc.name, got, tc.second, text)
		}
	}
}
