package reports

import (
	"bytes"
	"fmt"
	"io"
	"slices"
	"strings"
	"testing"
	"time"

	"tablekeeper/core/i18n"
)

// slipsPerPage lays out the slips of s and returns how many each page has.
func slipsPerPage(t *testing.T, paper string, s Slips) []int {
	t.Helper()
	c := layOut(t, paper, func(c *canvas) { layoutSlips(c, s) })
	checkLayout(t, c)
	var out []int
	for _, text := range pageTexts(c) {
		out = append(out, strings.Count(text, "Table "))
	}
	return out
}

// seatedRound returns a round of n tables of the given size.
func seatedRound(n, size int) Pairings {
	p := Pairings{EventName: "Heresy at the Keep", Game: "Heresy · Reascension", Round: 4}
	for i := range n {
		t := PairingsTable{Number: i + 1}
		for s := range size {
			t.Seats = append(t.Seats, PairingsSeat{Name: playerName(i*size + s), Points: (i + s) % 15})
		}
		p.Tables = append(p.Tables, t)
	}
	return p
}

func TestWriteSlipsPrintsWhatEachKindAsksFor(t *testing.T) {
	two := twoPlayerRound(2, func(i int) string { return []string{"Æmber Ødegård", "Zoë Łukasz", "李小龍", longName}[i] })
	two.Tables = append(two.Tables, PairingsTable{Bye: true, Seats: []PairingsSeat{{Name: "Odd One Out", Points: 6}}})
	withExtension := func(s Slips) Slips {
		s.Tables[0].Extension = 5 * time.Minute
		return s
	}
	tests := []struct {
		name  string
		s     Slips
		want  []string
		never []string
	}{
		{"generic", withExtension(SlipsFrom(two, SlipGeneric)),
			[]string{"Friday Night Altered", "Round 3 · Altered · Standard (best of three)", "Table 1", "Table 2",
				"+5 min extension", "Æmber Ødegård", "Zoë Łukasz", "李小龍", "Maximiliana", "…",
				"Player", "Points", "Games won", "Drawn games", "Signature"},
			[]string{"Odd One Out", longName, "Placement"}},
		{"KeyForge best of three", withExtension(SlipsFrom(two, SlipKeyForge)),
			[]string{"Table 1", "+5 min extension", "Æmber Ødegård", "0 pts", "1 pt", "Game 1", "Game 2", "Game 3", "Won", "Keys", "Æmber", "Chains",
				"Games won", "Match winner (reports the result)", "Winner's signature", "Opponent's signature"},
			[]string{"Odd One Out", "Drawn games"}},
		{"KeyForge one game", Slips{Round: 1, Kind: SlipKeyForge, Games: 1, Tables: SlipsFrom(two, SlipKeyForge).Tables},
			[]string{"Game 1", "Keys"}, []string{"Game 2"}},
		{"Heresy", SlipsFrom(seatedRound(2, 4), SlipHeresy),
			[]string{"Heresy at the Keep", "Round 4 · Heresy · Reascension", "Seat", "Tau stored", "Placement", "Time was called", "Tau stored (at most the goal) plus 2"},
			[]string{"Games won"}},
		{"Shadowfist", SlipsFrom(podRound(9), SlipShadowfist),
			[]string{"Sites seized", "Burned", "Played", "Placement", "Time was called", "Seat"},
			[]string{"Games won"}},
		{"generic multiplayer", SlipsFrom(podRound(8), SlipGeneric),
			[]string{"Placement", "every player signs"}, []string{"Games won", "Drawn games"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			text := pdfText(t, writeTestPDF(t, func(w io.Writer) error { return WriteSlips(w, tt.s, testOptions("")) }))
			containsAll(t, "the slips", text, tt.want...)
			for _, n := range tt.never {
				if strings.Contains(text, n) {
					t.Errorf("the slips show %q", n)
				}
			}
			for _, tb := range tt.s.Tables {
				for _, seat := range tb.Seats {
					if !tb.Bye && seat.Name != longName && !strings.Contains(text, seat.Name) {
						t.Errorf("%q is missing", seat.Name)
					}
				}
			}
		})
	}
}

func TestWriteSlipsFitsAsManySlipsAsThePageHolds(t *testing.T) {
	tests := []struct {
		name  string
		s     Slips
		paper string
		want  []int
	}{
		{"two players on A4", SlipsFrom(twoPlayerRound(12, playerName), SlipGeneric), "A4", []int{5, 5, 2}},
		{"two players on Letter", SlipsFrom(twoPlayerRound(12, playerName), SlipGeneric), "Letter", []int{5, 5, 2}},
		{"KeyForge on A4", SlipsFrom(twoPlayerRound(9, playerName), SlipKeyForge), "A4", []int{4, 4, 1}},
		{"KeyForge on Letter", SlipsFrom(twoPlayerRound(9, playerName), SlipKeyForge), "Letter", []int{4, 4, 1}},
		{"three players on A4", SlipsFrom(seatedRound(6, 3), SlipHeresy), "A4", []int{5, 1}},
		{"four players on Letter", SlipsFrom(seatedRound(6, 4), SlipShadowfist), "Letter", []int{4, 2}},
		{"five players on A4", SlipsFrom(seatedRound(7, 5), SlipShadowfist), "A4", []int{3, 3, 1}},
		{"five players on Letter", SlipsFrom(seatedRound(7, 5), SlipHeresy), "Letter", []int{3, 3, 1}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := slipsPerPage(t, tt.paper, tt.s)
			if len(got) != len(tt.want) {
				t.Fatalf("slips per page %v, want %v", got, tt.want)
			}
			for i := range got {
				if got[i] != tt.want[i] {
					t.Fatalf("slips per page %v, want %v", got, tt.want)
				}
			}
		})
	}
}

func TestWriteSlipsPrintsNoSlipForAByeAndCutLinesBetweenSlips(t *testing.T) {
	p := twoPlayerRound(3, playerName)
	p.Tables = append(p.Tables, PairingsTable{Bye: true, Seats: []PairingsSeat{{Name: "Odd One Out", Points: 6}}})
	c := layOut(t, "A4", func(c *canvas) { layoutSlips(c, SlipsFrom(p, SlipGeneric)) })
	if got := strings.Count(pageTexts(c)[0], "Table "); got != 3 {
		t.Errorf("%d slips for 3 tables and a bye", got)
	}
	cuts := 0
	for _, op := range c.pages[0].ops {
		if op.kind == opLine && op.dash {
			cuts++
			if op.y != op.y2 {
				t.Error("a cut line is not level")
			}
		}
	}
	// Three slips on a page with room for five: a cut line after each,
	// where it falls on a full page, each in two pieces either side of the
	// scissors.
	if cuts != 6 {
		t.Errorf("%d cut line pieces for 3 slips, want 6", cuts)
	}
	cutsAt := func(pg *layoutPage) []float64 {
		var ys []float64
		for _, op := range pg.ops {
			if op.kind == opLine && op.dash && op.x == 0 {
				ys = append(ys, op.y)
			}
		}
		return ys
	}
	full := layOut(t, "A4", func(c *canvas) { layoutSlips(c, SlipsFrom(twoPlayerRound(5, playerName), SlipGeneric)) })
	if got, want := cutsAt(c.pages[0]), cutsAt(full.pages[0])[:3]; !slices.Equal(got, want) {
		t.Errorf("cut lines at %.1f mm on the last page, at %.1f mm on a full one", got, want)
	}

	onlyByes := Slips{Round: 2, Tables: []SlipTable{{Bye: true, Seats: []PairingsSeat{{Name: "Odd One Out"}}}}}
	text := pdfText(t, writeTestPDF(t, func(w io.Writer) error { return WriteSlips(w, onlyByes, testOptions("")) }))
	containsAll(t, "a round of byes", text, "Round 2 has no tables to print slips for.")
}

func TestSlipsLayoutKeepsTextInItsBoxes(t *testing.T) {
	names := hardNames(7, 3, 5)
	long := twoPlayerRound(9, names)
	long.EventName = strings.Repeat("The Grand Autumn Championship ", 8)
	long.Game = strings.Repeat("Altered · Standard ", 10)
	for _, kind := range []SlipKind{SlipGeneric, SlipKeyForge} {
		s := SlipsFrom(long, kind)
		s.Tables[1].Extension = 90 * time.Second
		s.Tables[2].Extension = 125 * time.Minute
		s.Tables[3].Number = 99999
		for _, paper := range []string{"A4", "Letter"} {
			checkLayout(t, layOut(t, paper, func(c *canvas) { layoutSlips(c, s) }))
		}
	}
	for _, kind := range []SlipKind{SlipGeneric, SlipHeresy, SlipShadowfist} {
		pods := podRound(40)
		for i := range pods.Tables {
			for j := range pods.Tables[i].Seats {
				pods.Tables[i].Seats[j].Name = names(i + j)
			}
		}
		s := SlipsFrom(pods, kind)
		s.Tables[0].Extension = 10 * time.Minute
		for _, paper := range []string{"A4", "Letter"} {
			checkLayout(t, layOut(t, paper, func(c *canvas) { layoutSlips(c, s) }))
		}
	}
}

func TestExtensionText(t *testing.T) {
	for d, want := range map[time.Duration]string{
		5 * time.Minute:                   "+5 min extension",
		90 * time.Second:                  "+1 min 30 s extension",
		45 * time.Second:                  "+45 s extension",
		10*time.Minute + time.Millisecond: "+10 min extension",
	} {
		if got := extensionText(i18n.English, d); got != want {
			t.Errorf("extensionText(%v) = %q, want %q", d, got, want)
		}
	}
}

func TestSlipsGolden(t *testing.T) {
	two := twoPlayerRound(2, func(i int) string { return []string{"Æmber Ødegård", "Zoë Łukasz", "李小龍", longName}[i] })
	two.Tables = append(two.Tables, PairingsTable{Bye: true, Seats: []PairingsSeat{{Name: "Odd One Out", Points: 6}}})
	generic := SlipsFrom(two, SlipGeneric)
	generic.Tables[1].Extension = 5 * time.Minute
	keyforge := SlipsFrom(two, SlipKeyForge)
	keyforge.Game = "KeyForge · Archon Standard (best of three)"
	keyforge.Tables[0].Extension = 5 * time.Minute
	tests := []struct {
		name, paper string
		s           Slips
	}{
		{"slips-generic", "A4", generic},
		{"slips-keyforge-letter", "Letter", keyforge},
		{"slips-heresy", "A4", SlipsFrom(seatedRound(2, 4), SlipHeresy)},
		{"slips-shadowfist", "A4", SlipsFrom(podRound(9), SlipShadowfist)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			checkGolden(t, tt.name, layOut(t, tt.paper, func(c *canvas) { layoutSlips(c, tt.s) }))
		})
	}
}

func TestWriteSlipsIsByteStable(t *testing.T) {
	s := SlipsFrom(exampleRound(64), SlipKeyForge)
	s.Tables[3].Extension = 5 * time.Minute
	a := checkByteStable(t, "slips", func(w io.Writer) error { return WriteSlips(w, s, testOptions("Letter")) })
	if !bytes.Contains(a, []byte("/MediaBox [0 0 612.00 792.00]")) {
		t.Error("the slips are not on Letter paper")
	}
}

func TestWriteSlipsRejectsSlipsItCannotPrint(t *testing.T) {
	seats := func(n int) []PairingsSeat { return make([]PairingsSeat, n) }
	checkRejects(t, "rejected slips", WriteSlips, []rejected[Slips]{
		{"round zero", Slips{}, Options{}, "numbered from 1"},
		{"an unknown kind", Slips{Round: 1, Kind: 9}, Options{}, "unknown slip kind"},
		{"six games", Slips{Round: 1, Kind: SlipKeyForge, Games: 6}, Options{}, "1 to 5"},
		{"a table zero", Slips{Round: 1, Tables: []SlipTable{{Seats: seats(2)}}}, Options{}, "numbered from 1"},
		{"KeyForge for three", Slips{Round: 1, Kind: SlipKeyForge, Tables: []SlipTable{{Number: 1, Seats: seats(3)}}}, Options{}, "between 2 players"},
		{"a table of six", Slips{Round: 1, Tables: []SlipTable{{Number: 1, Seats: seats(6)}}}, Options{}, "2 to 5"},
		{"a negative extension", Slips{Round: 1, Tables: []SlipTable{{Number: 1, Seats: seats(2), Extension: -time.Minute}}}, Options{}, "negative extension"},
	})
}

// BenchmarkWriteSlips2048 writes the slips of a round of 2048 tables: it
// must stay under half a second.
func BenchmarkWriteSlips2048(b *testing.B) {
	p := twoPlayerRound(2048, playerName)
	p.Tables[100].Seats[1].Name = "李小龍"
	for _, kind := range []SlipKind{SlipGeneric, SlipKeyForge} {
		s := SlipsFrom(p, kind)
		s.Tables[7].Extension = 5 * time.Minute
		b.Run(kind.String(), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if err := WriteSlips(io.Discard, s, Options{Created: testDate}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// K6: a KeyForge playoff slip says who chooses who goes first in games 2
// and 3, in the sentence the rules give (Slips.Note, from
// rules.MatchNote); it stays inside the slip, four slips still fit on A4
// (three on Letter, whose page is 18 mm shorter), and a slip without a
// note prints none. H6's note prints on a two-player slip the same way,
// five slips a page as before.
func TestK6PlayoffSlipSaysTheLoserOfThePreviousGameChooses(t *testing.T) {
	const k6 = "Games 2 and 3: the loser of the previous game chooses who goes first (K6)."
	const h6 = "Play all 3 games, even after the match is won: byes go to the fewest lost games (H6), so 3-0 is a result."
	playoff := SlipsFrom(twoPlayerRound(9, playerName), SlipKeyForge)
	playoff.Note = k6
	armageddon := SlipsFrom(twoPlayerRound(12, playerName), SlipGeneric)
	armageddon.Note = h6
	for _, c := range []struct {
		s       Slips
		note    string
		perPage map[string][]int
	}{
		{playoff, k6, map[string][]int{"A4": {4, 4, 1}, "Letter": {3, 3, 3}}},
		{armageddon, h6, map[string][]int{"A4": {5, 5, 2}, "Letter": {5, 5, 2}}},
	} {
		text := pdfText(t, writeTestPDF(t, func(w io.Writer) error { return WriteSlips(w, c.s, testOptions("")) }))
		if n := strings.Count(text, c.note); n != len(c.s.Tables) {
			t.Errorf("the note %q is on %d slips, want %d", c.note, n, len(c.s.Tables))
		}
		for _, paper := range []string{"A4", "Letter"} {
			if got := slipsPerPage(t, paper, c.s); !slices.Equal(got, c.perPage[paper]) {
				t.Errorf("%s: slips per page %v, want %v", paper, got, c.perPage[paper])
			}
		}
	}
	plain := SlipsFrom(twoPlayerRound(2, playerName), SlipKeyForge)
	if text := pdfText(t, writeTestPDF(t, func(w io.Writer) error { return WriteSlips(w, plain, testOptions("")) })); strings.Contains(text, "chooses who goes first") {
		t.Error("a slip without a note prints one")
	}
}

// withCodes gives the tables of s codes, and s the network's address.
func withCodes(s Slips, address string) Slips {
	for i := range s.Tables {
		if !s.Tables[i].Bye {
			s.Tables[i].Code = fmt.Sprintf("C%05d", 23456+i)
		}
	}
	s.Address = address
	return s
}

// Each table's slip shows its own code in a labelled box, with where to
// report while the network is on; a slip without a code shows none. The
// box takes no height: as many slips fit on a page.
func TestSlipsShowTheTablesCode(t *testing.T) {
	two := twoPlayerRound(3, func(i int) string { return []string{"Zoë Łukasz", "李小龍", "김민준", longName}[i%4] })
	for _, kind := range []SlipKind{SlipGeneric, SlipKeyForge} {
		s := withCodes(SlipsFrom(two, kind), "http://192.168.100.200:8080/")
		s.Tables[1].Code = ""
		text := pdfText(t, writeTestPDF(t, func(w io.Writer) error { return WriteSlips(w, s, testOptions("")) }))
		containsAll(t, "the slips", text, "Table code C23456", "Table code C23458", "report at http://192.168.100.200:8080/")
		if strings.Contains(text, "C23457") || strings.Count(text, "Table code") != 2 || strings.Count(text, "report at") != 2 {
			t.Errorf("%v: a table without a code shows one, or a code is shown twice:\n%s", kind, text)
		}
		s.Address = ""
		if text := pdfText(t, writeTestPDF(t, func(w io.Writer) error { return WriteSlips(w, s, testOptions("")) })); strings.Contains(text, "report at") {
			t.Errorf("%v: where to report without an address", kind)
		}
	}
	for _, paper := range []string{"A4", "Letter"} {
		kf := withCodes(SlipsFrom(twoPlayerRound(9, playerName), SlipKeyForge), "http://192.168.100.200:8080/")
		kf.Note = "The higher seed chooses who goes first."
		plain := kf
		plain.Tables = SlipsFrom(twoPlayerRound(9, playerName), SlipKeyForge).Tables
		// slipsPerPage counts "Table ": each slip with a code has it twice.
		got, want := slipsPerPage(t, paper, kf), slipsPerPage(t, paper, plain)
		for i := range want {
			want[i] *= 2
		}
		if !slices.Equal(got, want) {
			t.Errorf("%s: %v slips a page with codes, %v without", paper, got, want)
		}
	}
}

// A slip with a QR code (Slips.QR) leaves the square for it in its head,
// with nothing else in it, and stays in its boxes however long the names.
func TestSlipsLeaveRoomForAQRCode(t *testing.T) {
	long := twoPlayerRound(6, func(i int) string { return []string{longName, strings.Repeat("龍", 40), "Zoë"}[i%3] })
	long.EventName = strings.Repeat("The Grand Autumn Championship ", 8)
	for _, kind := range []SlipKind{SlipGeneric, SlipKeyForge, SlipShadowfist} {
		s := withCodes(SlipsFrom(long, kind), "http://192.168.100.200:8080/")
		s.QR = "http://192.168.100.200:8080/"
		s.Tables[0].Extension = 125 * time.Minute
		if kind == SlipShadowfist {
			s = withCodes(SlipsFrom(podRound(10), kind), "http://[fe80::1234:5678:9abc:def0]:8080/")
			s.QR = "x"
		}
		for _, paper := range []string{"A4", "Letter"} {
			c := layOut(t, paper, func(c *canvas) { layoutSlips(c, s) })
			checkLayout(t, c)
			if slipHeight(s, s.Tables[0]) <= slipHeight(Slips{Kind: s.Kind, Games: s.Games}, s.Tables[0]) {
				t.Errorf("%v: a slip with a QR code is no taller", kind)
			}
			for _, op := range c.pages[0].ops {
				x, _, size := slipQRRoom(0)
				if op.kind == opText && op.x < x+size && op.x+c.ts.width(op.sp, op.size) > x && op.y < slipEdge+size {
					t.Errorf("%v: %q is in the QR code's room", kind, op.sp.String())
				}
			}
		}
	}
}
