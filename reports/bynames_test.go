package reports

import (
	"bytes"
	"io"
	"slices"
	"strings"
	"testing"
	"time"
)

// podRound returns a round of tables of three, four and five players.
func podRound(players int) Pairings {
	p := Pairings{EventName: "Shadowfist Saturday", Game: "Shadowfist · Final Brawl", Round: 2,
		Date: time.Date(2025, 11, 22, 0, 0, 0, 0, time.UTC)}
	for i, table := 0, 1; i < players; table++ {
		size := min(3+table%3, players-i)
		if size < 3 && len(p.Tables) > 0 { // fold a remainder into the last table
			last := &p.Tables[len(p.Tables)-1]
			for ; i < players && len(last.Seats) < maxSeats; i++ {
				last.Seats = append(last.Seats, PairingsSeat{Name: playerName(i), Points: i % 9})
			}
			if i == players {
				break
			}
		}
		t := PairingsTable{Number: table}
		for range size {
			t.Seats = append(t.Seats, PairingsSeat{Name: playerName(i), Points: i % 9})
			i++
		}
		p.Tables = append(p.Tables, t)
	}
	return p
}

// shortName returns a short name, first name and initial, for player i.
func shortName(i int) string {
	first := []string{"Ann", "Bo", "Zoë", "Åsa", "Li", "Tom", "Eve", "Max", "Ida", "Ugo", "Kai"}
	return first[i%len(first)] + " " + string(rune('A'+i/len(first)%26)) + "."
}

func TestPairingsByNameFromListsEverySeatWithTheOthersAsOpponents(t *testing.T) {
	p := Pairings{Round: 1, Tables: []PairingsTable{
		{Number: 1, Seats: []PairingsSeat{{Name: "Ann", Points: 3}, {Name: "Bo", Points: 1}}},
		{Number: 2, Seats: []PairingsSeat{{Name: "Cy"}, {Name: "Di"}, {Name: "Ed"}}},
		{Bye: true, Seats: []PairingsSeat{{Name: "Flo", Points: 6}}},
	}}
	got := PairingsByNameFrom(p).Players
	want := []NamedPairing{
		{Name: "Ann", Table: 1, Opponents: []string{"Bo"}, Points: 3},
		{Name: "Bo", Table: 1, Opponents: []string{"Ann"}, Points: 1},
		{Name: "Cy", Table: 2, Opponents: []string{"Di", "Ed"}},
		{Name: "Di", Table: 2, Opponents: []string{"Cy", "Ed"}},
		{Name: "Ed", Table: 2, Opponents: []string{"Cy", "Di"}},
		{Name: "Flo", Bye: true, Points: 6},
	}
	if len(got) != len(want) {
		t.Fatalf("%d lines, want %d", len(got), len(want))
	}
	for i := range want {
		g, w := got[i], want[i]
		if g.Name != w.Name || g.Table != w.Table || g.Bye != w.Bye || g.Points != w.Points || !slices.Equal(g.Opponents, w.Opponents) {
			t.Errorf("line %d = %+v, want %+v", i+1, g, w)
		}
	}
}

func TestWritePairingsByNamePrintsEveryPlayerAlphabetically(t *testing.T) {
	withBye := twoPlayerRound(4, func(i int) string {
		return []string{"Zoë Łukasz", "Æmber Ødegård", "李小龍", "adam Smith", "Émile Zola", longName, "Bo Chan", "Ødegård Åse"}[i]
	})
	withBye.Tables = append(withBye.Tables, PairingsTable{Bye: true, Seats: []PairingsSeat{{Name: "Odd One Out", Points: 6}}})
	text := pdfText(t, writeTestPDF(t, func(w io.Writer) error {
		return WritePairingsByName(w, PairingsByNameFrom(withBye), testOptions(""))
	}))
	containsAll(t, "the list", text, "Friday Night Altered", "Round 3 pairings", "Altered · Standard (best of three)",
		"21 Nov 2025", "Page 1 of 1", "Player", "Table", "Opponent", "Points",
		"Æmber Ødegård", "Zoë Łukasz", "李小龍", "BYE", "Odd One Out", "Maximiliana", "…")
	if strings.Contains(text, longName) {
		t.Error("the 100-character name printed whole: it cannot fit its cell")
	}
	// Alphabetical, without case or accents: adam, Æmber, Bo, Émile, Max…,
	// Odd, Ødegård, Zoë, 李.
	order := []string{"adam Smith", "Æmber Ødegård", "Bo Chan", "Émile Zola", "Maximiliana", "Odd One Out", "Ødegård Åse", "Zoë Łukasz\n", "李小龍"}
	last := -1
	for _, name := range order {
		at := strings.Index(text[max(last, 0):], name)
		if at < 0 {
			t.Fatalf("%q is missing or out of order in:\n%s", name, text)
		}
		last += at + 1
	}
}

func TestWritePairingsByNameFromOneTo500Players(t *testing.T) {
	one := PairingsByName{EventName: "Solo", Round: 1, Players: []NamedPairing{{Name: "Zoë Łukasz", Bye: true, Points: 0}}}
	big := PairingsByNameFrom(twoPlayerRound(250, playerName))
	tests := []struct {
		name  string
		p     PairingsByName
		pages int
		want  []string
	}{
		{"one player", one, 1, []string{"Zoë Łukasz", "BYE", "Page 1 of 1"}},
		{"no players", PairingsByName{Round: 1}, 1, []string{"No players in this round"}},
		{"500 players", big, 15, []string{"Page 15 of 15", "Æmber Ødegård", "Zoë Łukasz", "Aurélie – Chloé"}},
		{"tables of three to five", PairingsByNameFrom(podRound(64)), 2, []string{"Opponents", "Page 2 of 2"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			pdf := writeTestPDF(t, func(w io.Writer) error { return WritePairingsByName(w, tt.p, testOptions("")) })
			if got := pageCount(pdf); got != tt.pages {
				t.Errorf("%d pages, want %d", got, tt.pages)
			}
			text := pdfText(t, pdf)
			containsAll(t, "the list", text, tt.want...)
			for _, pl := range tt.p.Players {
				if !strings.Contains(text, pl.Name) {
					t.Errorf("%q is missing", pl.Name)
				}
			}
		})
	}
}

func TestPairingsByNameUsesColumnsWhenNamesFit(t *testing.T) {
	tests := []struct {
		name    string
		players int
		names   func(int) string
		paper   string
		columns int
	}{
		{"short names in two columns on A4", 64, shortName, "A4", 2},
		{"short names in two columns on Letter", 64, shortName, "Letter", 2},
		{"full names in one column", 64, playerName, "A4", 1},
		{"a short list in one column", 8, shortName, "A4", 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := PairingsByNameFrom(twoPlayerRound(tt.players/2, tt.names))
			c := layOut(t, tt.paper, func(c *canvas) { layoutPairingsByName(c, p) })
			checkLayout(t, c)
			// A column starts with its "Player" heading.
			if got := strings.Count(pageTexts(c)[0], "Player |"); got != tt.columns {
				t.Errorf("%d columns on the first page, want %d", got, tt.columns)
			}
		})
	}
}

func TestPairingsByNameLayoutKeepsTextInItsBoxes(t *testing.T) {
	names := func(i int) string {
		switch i % 50 {
		case 7:
			return longName
		case 8:
			return "李小龍"
		case 9:
			return strings.Repeat("龍", 40)
		}
		return playerName(i)
	}
	for _, n := range []int{1, 8, 64, 512} {
		for _, paper := range []string{"A4", "Letter"} {
			p := PairingsByNameFrom(twoPlayerRound((n+1)/2, names))
			c := layOut(t, paper, func(c *canvas) { layoutPairingsByName(c, p) })
			checkLayout(t, c)
			pods := PairingsByNameFrom(podRound(n + 2))
			c = layOut(t, paper, func(c *canvas) { layoutPairingsByName(c, pods) })
			checkLayout(t, c)
		}
	}
}

func TestPairingsByNameGolden(t *testing.T) {
	p := twoPlayerRound(4, func(i int) string {
		return []string{"Zoë Łukasz", "Æmber Ødegård", "李小龍", "Bo Chan", "Émile Zola", longName, "Ann Lee", "Ødegård Åse"}[i]
	})
	p.Tables = append(p.Tables, PairingsTable{Bye: true, Seats: []PairingsSeat{{Name: "Odd One Out", Points: 6}}})
	checkGolden(t, "pairings-by-name-8", layOut(t, "A4", func(c *canvas) { layoutPairingsByName(c, PairingsByNameFrom(p)) }))
	short := PairingsByNameFrom(twoPlayerRound(40, shortName))
	checkGolden(t, "pairings-by-name-short-80-letter", layOut(t, "Letter", func(c *canvas) { layoutPairingsByName(c, short) }))
}

func TestWritePairingsByNameIsByteStable(t *testing.T) {
	p := PairingsByNameFrom(exampleRound(64))
	a := checkByteStable(t, "list", func(w io.Writer) error { return WritePairingsByName(w, p, testOptions("")) })
	// The order of the model does not matter: the list is sorted.
	slices.Reverse(p.Players)
	if c := writeTestPDF(t, func(w io.Writer) error { return WritePairingsByName(w, p, testOptions("")) }); !bytes.Equal(a, c) {
		t.Error("the list depends on the order of the players in the model")
	}
}

func TestWritePairingsByNameRejectsListsItCannotPrint(t *testing.T) {
	checkRejects(t, "a rejected list", WritePairingsByName, []rejected[PairingsByName]{
		{"round zero", PairingsByName{}, Options{}, "numbered from 1"},
		{"a table zero", PairingsByName{Round: 1, Players: []NamedPairing{{Name: "Ann", Opponents: []string{"Bo"}}}}, Options{}, "numbered from 1"},
		{"no opponent", PairingsByName{Round: 1, Players: []NamedPairing{{Name: "Ann", Table: 1}}}, Options{}, "2 to 5"},
		{"five opponents", PairingsByName{Round: 1, Players: []NamedPairing{{Name: "Ann", Table: 1, Opponents: make([]string, 5)}}}, Options{}, "2 to 5"},
		{"a bye with an opponent", PairingsByName{Round: 1, Players: []NamedPairing{{Name: "Ann", Bye: true, Opponents: []string{"Bo"}}}}, Options{}, "a bye has none"},
		{"unknown paper", PairingsByName{Round: 1}, Options{Paper: "A5"}, `"A4" or "Letter"`},
	})
}

// BenchmarkWritePairingsByName4096 writes the list by name of a round of
// 4096 players: it must stay under half a second.
func BenchmarkWritePairingsByName4096(b *testing.B) {
	p := twoPlayerRound(2048, playerName)
	p.Tables[100].Seats[1].Name = "李小龍"
	list := PairingsByNameFrom(p)
	b.ReportAllocs()
	for b.Loop() {
		if err := WritePairingsByName(io.Discard, list, Options{Created: testDate}); err != nil {
			b.Fatal(err)
		}
	}
}
