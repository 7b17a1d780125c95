package clock

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"

	"tablekeeper/core/i18n/pseudo"
	"tablekeeper/ui/internal/tr"
	"tablekeeper/ui/internal/uitest"
)

// The clock bar and the projector said in the pseudo-locale have no word
// left in plain English: before the start, running with the pairings by
// name, and at time with the tables still out. Names, numbers and times
// aside, every word passed through a translation.
func TestPseudoTheClockAndProjectorAreTranslated(t *testing.T) {
	if !pseudo.Run(t) {
		return
	}
	tr.Setup(string(pseudo.Lang))
	players := []string{"Ada Lovelace", "Bob Stone", "Carol Reed", "Dan Brown", "Eve Moss", "Fay Wu", "Gus Hale", "Hal Ito", "Ivy Lee"}
	f := setup(t, players...)
	names := append(players, "Friday Swiss")
	check := func(where string, texts []string) {
		t.Helper()
		seen := map[string]bool{}
		for _, u := range pseudo.Untranslated(strings.Join(texts, "\n"), names...) {
			if word, _, _ := strings.Cut(u, " in "); !seen[word] {
				seen[word] = true
				t.Errorf("%s: %s", where, u)
			}
		}
	}
	check("the bar before the start", uitest.Drawn(f.w.Content()))
	f.b.OpenProjector()
	p := f.b.Projector()
	p.Window().Resize(fyne.NewSize(1920, 1080))
	check("the projector before the start", drawn(p))
	f.tap(t, tr.L("Start"))
	f.at(mins(10))
	check("the bar running", uitest.Drawn(f.w.Content()))
	check("the projector running", drawn(p))
	f.at(mins(51))
	sh, err := f.d.Rounds.RoundSheet(t.Context(), f.e.ID, 1)
	if err != nil {
		t.Fatal(err)
	}
	out := len(sh.Outstanding())
	if waiting := tr.N("Waiting for results: %d tables", out, out); !draws(p, waiting) {
		t.Fatalf("at time the projector does not draw %q: %q", waiting, drawn(p))
	}
	check("the bar at time", uitest.Drawn(f.w.Content()))
	check("the projector at time", drawn(p))
}
