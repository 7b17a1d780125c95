package reports

import (
	"io"
	"strings"
	"testing"
)

// Rule K9 (document 000, "Official Tournament Formats", each format's
// "Elimination Rounds"): "The winner of each match is responsible for
// reporting the match result to the event HQ." The KeyForge slip, which
// every KeyForge format prints (core/rules TestSlipForEveryFormat), names
// the match winner as the one who reports, with the winner's and the
// opponent's signatures; the generic slip of other games names no reporter.
func TestK9KeyForgeSlipSaysTheWinnerReportsTheResult(t *testing.T) {
	two := twoPlayerRound(1, func(i int) string { return []string{"Ada", "Bram"}[i] })
	for _, games := range []int{1, 3} {
		s := SlipsFrom(two, SlipKeyForge)
		s.Games = games
		text := pdfText(t, writeTestPDF(t, func(w io.Writer) error { return WriteSlips(w, s, testOptions("")) }))
		containsAll(t, "a KeyForge slip", text, "Match winner (reports the result)", "Winner's signature", "Opponent's signature")
	}
	generic := pdfText(t, writeTestPDF(t, func(w io.Writer) error {
		return WriteSlips(w, SlipsFrom(two, SlipGeneric), testOptions(""))
	}))
	if strings.Contains(generic, "reports the result") {
		t.Error("the generic slip says who reports the result; only KeyForge's rules say so")
	}
}
