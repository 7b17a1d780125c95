package ui

import (
	"bytes"
	"log"
	"os"
	"os/exec"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/core/rules"
	"tablekeeper/ui/internal/tr"
	"tablekeeper/ui/internal/uitest"
)

// A French start logs nothing: no "Translation failure" for a key (a
// game's name, a player's) that the toolkit's translations lack. The test
// runs again in a process of its own on a French system (LANG=fr_FR, so
// Fyne's lang answers in French, as at a French store); the window opens
// on an event of every game, and the new-event form lists every game and
// format.
func TestAFrenchStartLogsNoTranslationFailure(t *testing.T) {
	if os.Getenv("TABLEKEEPER_TEST_FRENCH_SYSTEM") != "1" {
		cmd := exec.Command(os.Args[0], "-test.run=^"+t.Name()+"$", "-test.count=1", "-test.v")
		cmd.Env = append(os.Environ(), "TABLEKEEPER_TEST_FRENCH_SYSTEM=1", "LANGUAGE=", "LC_ALL=fr_FR.UTF-8", "LC_MESSAGES=fr_FR.UTF-8", "LANG=fr_FR.UTF-8")
		out, err := cmd.CombinedOutput()
		if err != nil || !strings.Contains(string(out), "--- PASS: "+t.Name()) {
			t.Errorf("on a French system: %v\n%s", err, out)
		}
		return
	}
	tr.Setup("fr")
	var logged bytes.Buffer
	log.SetOutput(&logged)
	defer log.SetOutput(nil)
	d := uitest.Director(t)
	for _, g := range rules.Catalogue() {
		e := uitest.EventOf(t, d, g.Name+" night", g.Key, g.Formats[0].Key)
		uitest.Players(t, d, e.ID, "Ada Lovelace", "Bob Stone")
	}
	s, w := newWindow(t, ServicesOf(d), Options{})
	es, _ := d.Events.Events(t.Context())
	for _, e := range es {
		s.open(e.ID)
	}
	test.Tap(uitest.Button(t, w.Content(), "Nouveau tournoi", 0))
	form := w.Canvas().Overlays().Top()
	for _, o := range uitest.Objects(form) {
		if sel, ok := o.(*widget.Select); ok {
			for _, opt := range sel.Options {
				sel.SetSelected(opt)
			}
		}
	}
	if logged.Len() > 0 {
		t.Errorf("a French start logged:\n%s", logged.String())
	}
}
