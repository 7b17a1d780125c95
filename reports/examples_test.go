package reports

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"testing"
	"time"

	"tablekeeper/core/i18n"
)

// exampleRound returns a two-player round of n players with a bye, a
// Chinese name and, past eight players, a name too long for any cell.
func exampleRound(n int) Pairings {
	p := twoPlayerRound(n/2, playerName)
	p.Tables[0].Seats[0].Name = "李小龍"
	if n > 8 {
		p.Tables[2].Seats[1].Name = longName
	}
	p.Tables = append(p.Tables, PairingsTable{Bye: true, Seats: []PairingsSeat{{Name: "Odd One Out", Points: 6}}})
	return p
}

// TestWriteExamples writes every report for events of 8, 64 and 512
// players into the -pdfs directory, to look at; without -pdfs it does
// nothing:
//
//	go test ./reports/ -run Examples -args -pdfs=/tmp/reports-look
//	pdftoppm -png -r 50 /tmp/reports-look/slips-keyforge-64.pdf /tmp/reports-look/slips-keyforge-64
func TestWriteExamples(t *testing.T) {
	if *pdfDir == "" {
		t.Skip("no -pdfs directory to write the examples to")
	}
	for _, n := range []int{8, 64, 512} {
		p, pods := exampleRound(n), podRound(n)
		short := twoPlayerRound(n/2, shortName)
		generic, keyforge := SlipsFrom(p, SlipGeneric), SlipsFrom(p, SlipKeyForge)
		generic.Tables[1].Extension = 5 * time.Minute
		keyforge.Game = "KeyForge · Archon Standard (best of three)"
		keyforge.Tables[1].Extension = 5 * time.Minute
		heresy := SlipsFrom(pods, SlipHeresy)
		heresy.EventName, heresy.Game = "Heresy at the Keep", "Heresy · Reascension"
		examples := map[string]func(io.Writer) error{
			"pairings":               func(w io.Writer) error { return WritePairings(w, p, exampleOptions("")) },
			"pairings-by-name":       func(w io.Writer) error { return WritePairingsByName(w, PairingsByNameFrom(p), exampleOptions("")) },
			"pairings-by-name-short": func(w io.Writer) error { return WritePairingsByName(w, PairingsByNameFrom(short), exampleOptions("")) },
			"pairings-by-name-pods": func(w io.Writer) error {
				return WritePairingsByName(w, PairingsByNameFrom(pods), exampleOptions("Letter"))
			},
			"slips-generic":    func(w io.Writer) error { return WriteSlips(w, generic, exampleOptions("")) },
			"slips-keyforge":   func(w io.Writer) error { return WriteSlips(w, keyforge, exampleOptions("Letter")) },
			"slips-heresy":     func(w io.Writer) error { return WriteSlips(w, heresy, exampleOptions("")) },
			"slips-shadowfist": func(w io.Writer) error { return WriteSlips(w, SlipsFrom(pods, SlipShadowfist), exampleOptions("")) },
			"standings":        func(w io.Writer) error { return WriteStandings(w, testStandings(n, false, false), exampleOptions("")) },
			"standings-final-teams": func(w io.Writer) error {
				return WriteStandings(w, testStandings(n, true, true), exampleOptions("Letter"))
			},
		}
		writeExamples(t, n, examples)
	}
}

// exampleLang is the language the examples are written in:
//
//	go test ./reports/ -run Examples -args -pdfs=/tmp/reports-look -lang=fr
var exampleLang = flag.String("lang", "", "the language the -pdfs examples are said in (en, fr)")

// exampleOptions are testOptions in the -lang language.
func exampleOptions(paper string) Options {
	opt := testOptions(paper)
	opt.Lang = i18n.Lang(*exampleLang)
	return opt
}

// writeExamples writes each example of n players to -pdfs as
// <name>-<n>.pdf.
func writeExamples(t *testing.T, n int, examples map[string]func(io.Writer) error) {
	t.Helper()
	for name, write := range examples {
		f, err := os.Create(filepath.Join(*pdfDir, fmt.Sprintf("%s-%d.pdf", name, n)))
		if err != nil {
			t.Fatal(err)
		}
		if err := write(f); err != nil {
			t.Errorf("%s-%d: %v", name, n, err)
		}
		if err := f.Close(); err != nil {
			t.Fatal(err)
		}
	}
}
