package printing

import (
	"bytes"
	"strings"
	"testing"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
)

// The printed judge log names KeyForge's head judge as the desk and the
// judges' phones do: the marshal (K11).
func TestTheJudgeLogSaysTheGamesWordForTheHeadJudge(t *testing.T) {
	ctx, d := pdfDirector(t)
	for _, c := range []struct{ game, format, want, never string }{
		{"keyforge", "archon-standard", "Marshal (head judge)", ""},
		{"shadowfist", "final-brawl", "Head judge", "Marshal"},
	} {
		e, err := d.Events.CreateEvent(ctx, director.NewEvent{Name: "Judged", Game: c.game, Format: c.format})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := d.Judging.AddJudge(ctx, e.ID, director.NewJudge{Name: "Grace Hopper", Role: event.RoleHeadJudge}); err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		if _, err := (Printer{D: ServicesOf(d)}).Write(ctx, "judgelog", e.ID, 0, "A4", &buf); err != nil {
			t.Fatal(err)
		}
		if text := pdfText(t, &buf); !strings.Contains(text, c.want) || c.never != "" && strings.Contains(text, c.never) {
			t.Errorf("%s: the judge log does not say %q (or says %q):\n%s", c.game, c.want, c.never, text)
		}
	}
}
