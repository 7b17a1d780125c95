package reports

import (
	"io"
	"testing"
)

// TestWriteMoreExamples writes the deck lists, seatings, brackets, judge
// logs and summaries of events of 8, 64 and 512 players into the -pdfs
// directory, to look at; without -pdfs it does nothing:
//
//	go test ./reports/ -run MoreExamples -args -pdfs=/tmp/reports-look2
//	pdftoppm -png -r 50 /tmp/reports-look2/bracket-64.pdf /tmp/reports-look2/bracket-64
func TestWriteMoreExamples(t *testing.T) {
	if *pdfDir == "" {
		t.Skip("no -pdfs directory to write the examples to")
	}
	for _, n := range []int{8, 64, 512} {
		bracketSize := min(n, 64)
		examples := map[string]func(io.Writer) error{
			"decklists":      func(w io.Writer) error { return WriteDecklists(w, testDecklists(n), exampleOptions("")) },
			"seatings-draft": func(w io.Writer) error { return WriteSeatings(w, draftSeating(n, 8, playerName), exampleOptions("")) },
			"seatings-round1": func(w io.Writer) error {
				return WriteSeatings(w, tableSeating(n, playerName), exampleOptions("Letter"))
			},
			"bracket": func(w io.Writer) error {
				return WriteBracket(w, singleBracket(bracketSize, 2, playerName), exampleOptions(""))
			},
			"bracket-double": func(w io.Writer) error {
				return WriteBracket(w, doubleBracket(bracketSize, playerName), exampleOptions(""))
			},
			"bracket-nameless": func(w io.Writer) error {
				return WriteBracket(w, singleBracket(bracketSize-3, 0, bracketNames), exampleOptions("Letter"))
			},
			"judgelog": func(w io.Writer) error { return WriteJudgeLog(w, testJudgeLog(n), exampleOptions("")) },
			"summary":  func(w io.Writer) error { return WriteSummary(w, testSummary(n, 8), exampleOptions("")) },
		}
		if n == 8 {
			for name, b := range blankSheets {
				examples["blank-decklist-"+name] = func(w io.Writer) error { return WriteBlankDecklist(w, b, exampleOptions("")) }
			}
		}
		writeExamples(t, n, examples)
	}
}
