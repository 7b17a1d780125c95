package reports

import (
	"bytes"
	"testing"
)

// BenchmarkFontCostPairings256 writes the pairings of 256 players three
// times over: Latin names only, with one Chinese name, and with one Korean
// name. It reports the size of each PDF (bytes/pdf), so a font added to
// the fallback chain shows what it costs a report that uses it and one
// that does not: gofpdf embeds a font only when the typesetter draws with
// it, and then only the glyphs drawn.
func BenchmarkFontCostPairings256(b *testing.B) {
	for _, tc := range []struct{ name, extra string }{
		{"latin", ""},
		{"chinese", "李小龍"},
		{"korean", "김민준"},
	} {
		p := twoPlayerRound(128, playerName)
		if tc.extra != "" {
			p.Tables[10].Seats[1].Name = tc.extra
		}
		b.Run(tc.name, func(b *testing.B) {
			var buf bytes.Buffer
			for b.Loop() {
				buf.Reset()
				if err := WritePairings(&buf, p, Options{Created: testDate}); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(buf.Len()), "bytes/pdf")
		})
	}
}
