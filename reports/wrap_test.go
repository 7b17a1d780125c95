package reports

import (
	"strings"
	"testing"
)

func TestWrapBreaksTextIntoLinesThatFit(t *testing.T) {
	tests := []struct {
		name  string
		in    string
		width float64
		want  []string
	}{
		{"short text on one line", "Random deck check.", 100, []string{"Random deck check."}},
		{"at spaces", "Took well over the time for the turn after two reminders", 50,
			[]string{"Took well over the time for the", "turn after two reminders"}},
		{"a word too long for a line, between its runes", "Hohenzollern-Sigmaringen-Oppenheimer", 25,
			[]string{"Hohenzollern-Si", "gmaringen-Opp", "enheimer"}},
		{"Chinese, which has no spaces", strings.Repeat("龍", 12), 22, []string{"龍龍龍龍龍龍", "龍龍龍龍龍龍"}},
		{"newlines start paragraphs", "One.\n\nTwo.\nThree.", 100, []string{"One.", "", "Two.", "Three."}},
		{"runs of spaces are one", "a   b\t c", 100, []string{"a b c"}},
		{"empty text has no lines", "", 100, nil},
		{"nor has blank text", " \n \n", 100, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ts := newTestTypesetter(t)
			lines := ts.wrap(tt.in, styleRegular, 9, tt.width)
			var got []string
			for _, l := range lines {
				got = append(got, l.String())
				if w := ts.width(l, 9); w > tt.width {
					t.Errorf("%q is %.1f mm wide, more than %.1f", l.String(), w, tt.width)
				}
			}
			if strings.Join(got, "|") != strings.Join(tt.want, "|") {
				t.Errorf("wrap(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}
