package rules

import (
	"strings"
	"testing"

	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
)

// A text that is no result is answered with what the match takes: a
// best of one without draws (KeyForge) never advises 2-1, 1-1-1 or d.
func TestParseResultForAdvisesOnlyWhatTheMatchTakes(t *testing.T) {
	for _, c := range []struct {
		text          string
		bestOf        int
		draws         bool
		want, notWant []string
	}{
		{"2-", 1, false, []string{`"2-" is not a result`, "1-0, 0-1"}, []string{"2-1", "1-1-1", "d "}},
		{"", 1, false, []string{"1-0, 0-1"}, []string{"2-1", "drawn"}},
		{"2-", 3, true, []string{"2-1", "1-1-1", "d for a drawn game"}, nil},
		{"x", 3, false, []string{"2-1, 2-0, 0-2"}, []string{"1-1-1", "drawn"}},
	} {
		_, err := ParseResultFor(c.text, c.bestOf, c.draws)
		if err == nil {
			t.Fatalf("%q read as a result", c.text)
		}
		said := i18n.Error(i18n.English, err)
		for _, w := range c.want {
			if !strings.Contains(said, w) {
				t.Errorf("%q in a best of %d (draws %v): %q does not say %q", c.text, c.bestOf, c.draws, said, w)
			}
		}
		for _, w := range c.notWant {
			if strings.Contains(said, w) {
				t.Errorf("%q in a best of %d (draws %v): %q says %q, which the match does not take", c.text, c.bestOf, c.draws, said, w)
			}
		}
	}
	if r, err := ParseResultFor("1-0", 1, false); err != nil || r.Seats[0].GamesWon != 1 {
		t.Errorf("1-0 = %+v, %v", r, err)
	}
	kf := event.Event{Settings: event.Settings{Structure: event.StructureKeyForge}}
	_, err := ParseTableResultFor(kf, event.Round{Number: 1, Stage: event.StageSwiss}, 2, "2-")
	if said := i18n.Error(i18n.English, err); strings.Contains(said, "1-1-1") || !strings.Contains(said, "1-0") {
		t.Errorf("a KeyForge round's 2- says %q", said)
	}
}
