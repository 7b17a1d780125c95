package reports

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"os/exec"
	"regexp"
	"strings"
	"testing"
	"time"
)

// pdfDir, when set, keeps every PDF the tests write there, to look at:
//
//	go test ./reports/ -args -pdfs=/tmp/pdfs
var pdfDir = flag.String("pdfs", "", "write the PDFs the tests produce to this directory")

// testDate is the fixed creation date of the tests' documents.
var testDate = time.Date(2025, 11, 22, 10, 0, 0, 0, time.UTC)

// writeTestPairings writes p as PDF with a fixed creation date, failing the
// test on error, and keeps the PDF under -pdfs.
func writeTestPairings(t testing.TB, p Pairings) []byte {
	t.Helper()
	return writeTestPDF(t, writePairingsWith(p))
}

// writePairingsWith writes p as PDF with a fixed creation date.
func writePairingsWith(p Pairings) func(io.Writer) error {
	return func(w io.Writer) error { return WritePairings(w, p, Options{Created: testDate}) }
}

// pdfText extracts the text of a PDF with poppler's pdftotext.
func pdfText(t *testing.T, pdf []byte) string {
	t.Helper()
	bin, err := exec.LookPath("pdftotext")
	if err != nil {
		t.Fatal("this test reads the PDF back with pdftotext, which is not installed: " +
			"install poppler-utils (make test does; or apt-get install poppler-utils, brew install poppler)")
	}
	cmd := exec.Command(bin, "-enc", "UTF-8", "-", "-")
	cmd.Stdin = bytes.NewReader(pdf)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("pdftotext: %v: %s", err, stderr.String())
	}
	return string(out)
}

// pageCount counts the pages of a PDF from its page objects.
func pageCount(pdf []byte) int {
	return len(regexp.MustCompile(`/Type /Page\b[^s]`).FindAll(pdf, -1))
}

// twoPlayerRound returns a round of n tables of two players with names
// made by name(i) for the i-th player.
func twoPlayerRound(n int, name func(i int) string) Pairings {
	p := Pairings{
		EventName: "Friday Night Altered",
		Game:      "Altered · Standard (best of three)",
		Round:     3,
		Date:      time.Date(2025, 11, 21, 0, 0, 0, 0, time.UTC),
	}
	for i := range n {
		p.Tables = append(p.Tables, PairingsTable{
			Number: i + 1,
			Seats: []PairingsSeat{
				{Name: name(2 * i), Points: (2 * i) % 10},
				{Name: name(2*i + 1), Points: (2*i + 1) % 10},
			},
		})
	}
	return p
}

// playerName returns a distinct, plausible name for player i of up to 4096.
func playerName(i int) string {
	first := []string{"Æmber", "Zoë", "Léa", "Mateusz", "Ingrid", "Søren", "Chloé", "Björn", "Ana", "Tomás",
		"Yusuf", "Niamh", "Őrs", "Dagný", "Kateřina", "Jürgen", "Siobhán", "Luís", "Mária", "Ewa",
		"Oskar", "Fatima", "Hugo", "Irène", "Pål", "Rhiannon", "Ștefan", "Zsófia", "Emil", "Noor",
		"Aurélie", "Gwenaël"}
	last := []string{"Ødegård", "Łukasz", "Dubois", "Kowalczyk", "Müller", "Nørgaard", "García", "O'Brien",
		"Szabó", "Novák", "Lindqvist", "Ferreira", "Popescu", "Jóhannsdóttir", "Rossi", "Van den Berg"}
	return fmt.Sprintf("%s %s", first[i%len(first)], last[i/len(first)%len(last)]) +
		strings.Repeat(" Jr.", i/(len(first)*len(last)))
}

// hardNames is playerName with hard names among the easy ones: of every
// `every` players the long-th has the 100-character longName and the wide-th
// forty wide 龍.
func hardNames(every, long, wide int) func(int) string {
	return func(i int) string {
		switch i % every {
		case long:
			return longName
		case wide:
			return strings.Repeat("龍", 40)
		}
		return playerName(i)
	}
}

func TestWritePairingsPrintsEveryPlayerAndTable(t *testing.T) {
	long := "Maximiliana Alexandrina Theodora von Hohenzollern-Sigmaringen-Oppenheimer-Wittgenstein de la Tourell"
	if n := len([]rune(long)); n != 100 {
		t.Fatalf("the long name has %d characters, want 100", n)
	}
	fourSeats := Pairings{EventName: "Shadowfist Saturday", Game: "Shadowfist · Modern (pods of four)", Round: 1,
		Tables: []PairingsTable{
			{Number: 1, Seats: []PairingsSeat{{Name: "Ann Lee", Points: 3}, {Name: "Bo Chan", Points: 2}, {Name: "Cy Dorn", Points: 1}, {Name: "Di Eng", Points: 0}}},
			{Number: 2, Seats: []PairingsSeat{{Name: "Ed Fox", Points: 3}, {Name: "Flo Gil", Points: 2}, {Name: "Gus Ho", Points: 1}}},
			{Number: 3, Seats: []PairingsSeat{{Name: "Hal Ito", Points: 0}, {Name: "Ivy Jo", Points: 0}, {Name: "Jan Kerr", Points: 0}, {Name: "Kit Lam", Points: 0}, {Name: "Lu Moss", Points: 0}}},
		}}
	withBye := twoPlayerRound(3, playerName)
	withBye.Tables = append(withBye.Tables, PairingsTable{Bye: true, Seats: []PairingsSeat{{Name: "Odd One Out", Points: 6}}})
	fiveHundred := twoPlayerRound(250, playerName)

	var allNames []string
	for i := range 500 {
		allNames = append(allNames, playerName(i))
	}

	tests := []struct {
		name  string
		p     Pairings
		want  []string
		pages int
	}{
		{"names with diacritics", twoPlayerRound(1, func(i int) string { return []string{"Æmber Ødegård", "Zoë Łukasz"}[i] }),
			[]string{"Friday Night Altered", "Altered · Standard (best of three)", "Round 3 pairings", "21 Nov 2025",
				"Æmber Ødegård", "(0)", "Zoë Łukasz", "(1)", "vs", "Page 1 of 1", "Tablekeeper"}, 1},
		{"a Chinese name", twoPlayerRound(1, func(i int) string { return []string{"李小龍", "Bruce Lee 李小龍"}[i] }),
			[]string{"李小龍", "Bruce Lee 李小龍"}, 1},
		{"a 100-character name", twoPlayerRound(1, func(i int) string { return []string{long, "Zoë Łukasz"}[i] }),
			[]string{"Maximiliana Alexandrina", "…", "Zoë Łukasz"}, 1},
		{"tables of three to five", fourSeats,
			[]string{"Seat 1", "Seat 4", "Seat 5", "Ann Lee", "Di Eng", "Gus Ho", "Lu Moss", "Round 1 pairings"}, 1},
		{"a bye", withBye, []string{"BYE", "Odd One Out", "(6)"}, 1},
		{"one table", twoPlayerRound(1, playerName), []string{"Table", "Player (points)", "Æmber Ødegård", "Zoë Ødegård"}, 1},
		{"no tables", Pairings{EventName: "Empty", Round: 1}, []string{"No tables in this round", "Page 1 of 1"}, 1},
		{"500 players", fiveHundred, append(allNames, "250", "Page 10 of 10"), 10},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			pdf := writeTestPairings(t, tt.p)
			text := pdfText(t, pdf)
			for _, w := range tt.want {
				if !strings.Contains(text, w) {
					t.Errorf("the PDF does not show %q", w)
				}
			}
			if got := pageCount(pdf); got != tt.pages {
				t.Errorf("%d pages, want %d", got, tt.pages)
			}
			if tt.name == "a 100-character name" && strings.Contains(text, long) {
				t.Error("the 100-character name was printed whole: it cannot fit its cell")
			}
		})
	}
}

func TestWritePairingsPrintsByesAfterTheTables(t *testing.T) {
	p := twoPlayerRound(2, playerName)
	p.Tables = append([]PairingsTable{{Bye: true, Seats: []PairingsSeat{{Name: "Odd One Out", Points: 6}}}}, p.Tables...)
	text := pdfText(t, writeTestPairings(t, p))
	bye, last := strings.Index(text, "Odd One Out"), strings.Index(text, playerName(3))
	if bye < 0 || last < 0 || bye < last {
		t.Errorf("the bye should follow the last table:\n%s", text)
	}
}

func TestWritePairingsIsByteStable(t *testing.T) {
	p := twoPlayerRound(40, playerName)
	p.Tables[3].Seats[0].Name = "李小龍"
	p.Tables = append(p.Tables, PairingsTable{Bye: true, Seats: []PairingsSeat{{Name: "Odd One Out", Points: 6}}})
	a := checkByteStable(t, "pairings", writePairingsWith(p))
	if !bytes.Contains(a, []byte("D:20251122100000")) {
		t.Error("the creation date was not written")
	}
}

func TestWritePairingsUsesTheRequestedPaper(t *testing.T) {
	for paper, mediaBox := range map[string]string{
		"":       "/MediaBox [0 0 595.28 841.89]",
		"A4":     "/MediaBox [0 0 595.28 841.89]",
		"letter": "/MediaBox [0 0 612.00 792.00]",
	} {
		var buf bytes.Buffer
		if err := WritePairings(&buf, twoPlayerRound(1, playerName), Options{Paper: paper, Created: testDate}); err != nil {
			t.Fatalf("paper %q: %v", paper, err)
		}
		if !bytes.Contains(buf.Bytes(), []byte(mediaBox)) {
			t.Errorf("paper %q: want %s", paper, mediaBox)
		}
	}
}

func TestWritePairingsRejectsRoundsItCannotPrint(t *testing.T) {
	seats := func(n int) []PairingsSeat { return make([]PairingsSeat, n) }
	checkRejects(t, "a rejected round", WritePairings, []rejected[Pairings]{
		{"round zero", Pairings{Round: 0}, Options{}, "numbered from 1"},
		{"a table of one", Pairings{Round: 1, Tables: []PairingsTable{{Number: 1, Seats: seats(1)}}}, Options{}, "2 to 5"},
		{"a table of six", Pairings{Round: 1, Tables: []PairingsTable{{Number: 1, Seats: seats(6)}}}, Options{}, "2 to 5"},
		{"a table without a number", Pairings{Round: 1, Tables: []PairingsTable{{Seats: seats(2)}}}, Options{}, "numbered from 1"},
		{"a bye for two", Pairings{Round: 1, Tables: []PairingsTable{{Bye: true, Seats: seats(2)}}}, Options{}, "exactly one player"},
		{"unknown paper", Pairings{Round: 1}, Options{Paper: "A3"}, `"A4" or "Letter"`},
	})
}

// BenchmarkWritePairings4096 writes the pairings of a round of 4096
// players, 2048 tables: it must stay well under half a second.
func BenchmarkWritePairings4096(b *testing.B) {
	p := twoPlayerRound(2048, playerName)
	p.Tables[100].Seats[1].Name = "李小龍"
	b.ReportAllocs()
	for b.Loop() {
		if err := WritePairings(io.Discard, p, Options{Created: testDate}); err != nil {
			b.Fatal(err)
		}
	}
}
