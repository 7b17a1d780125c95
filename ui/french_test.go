package ui

import (
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/assets"
	"tablekeeper/core/rules"
	"tablekeeper/ui/clock"
	"tablekeeper/ui/internal/keys"
	"tablekeeper/ui/internal/uitest"
	"tablekeeper/ui/internal/work"
)

// At 1366×768 in French, the event's header and the Round tab's clock
// bar fit the window: every button of the header ends inside it, the
// subtitle keeps to its two lines, and the clock bar's round name shows
// whole, a top cut's "Ronde 4 · top 8 : quart de finale" included, once
// the clock runs (it read "Ronde 4 · t…", even "R…").
func TestTheFrenchHeaderAndClockFitTheWindow(t *testing.T) {
	if !uitest.InFrench(t) {
		return
	}
	_, _, s, w := windowOnGame(t, "Tournoi du vendredi soir au magasin", "generic", "swiss-top8", "Ada Lovelace", "Bob Stone", "Carol Reed", "Dan Brown", "Eve Martin", "Fay Wong", "Gus Ortiz", "Hal Berg")
	v := s.view
	c := w.Canvas()
	for round := 1; round <= 3; round++ {
		test.Tap(v.pairButton)
		test.Tap(uitest.Button(t, w.Content(), "Publier les appariements", 0))
		for _, n := range []string{"1", "2", "3", "4"} {
			v.round.FocusTable()
			test.Type(c.Focused(), n)
			pressEnter(c)
			test.Type(c.Focused(), "2-0")
			pressEnter(c)
		}
	}
	test.Tap(v.pairButton)
	if top := c.Overlays().Top(); top != nil {
		// Where the organizer is asked first (the cut's tie draw), the
		// question's last button goes ahead.
		var yes func()
		for _, o := range uitest.Objects(top) {
			switch b := o.(type) {
			case *widget.Button:
				yes = b.OnTapped
			case *keys.Button:
				yes = b.OnTapped
			}
		}
		if yes == nil {
			t.Fatalf("a question with no button: %q", uitest.Texts(top))
		}
		yes()
	}
	test.Tap(uitest.Button(t, w.Content(), "Publier les appariements", 0))
	test.Tap(uitest.Button(t, w.Content(), "Démarrer", 0))
	w.Resize(fyne.NewSize(1366, 768))

	width := c.Size().Width
	drv := fyne.CurrentApp().Driver()
	for _, b := range []*widget.Button{v.otherButton, v.kioskButton, v.print.button, v.settingsButton, v.pairButton} {
		if !b.Visible() {
			continue
		}
		pos := drv.AbsolutePositionForObject(b)
		if right := pos.X + b.Size().Width; right > width+0.5 || pos.X < 0 {
			t.Errorf("the header's button %q spans x %.0f to %.0f in a window %.0f wide", b.Text, pos.X, right, width)
		}
		if b.Size().Width+0.5 < b.MinSize().Width {
			t.Errorf("the header's button %q is %.0f wide, narrower than its text (%.0f)", b.Text, b.Size().Width, b.MinSize().Width)
		}
	}
	if n := wrappedLines(v.subtitle); n > 2 {
		t.Errorf("the subtitle %q takes %d lines in %.0f px; it shows two", v.subtitle.Text, n, v.subtitle.Size().Width)
	}
	named := false
	for _, o := range uitest.Objects(v.clock.Content()) {
		l, ok := o.(*widget.Label)
		if !ok || !strings.HasPrefix(l.Text, "Ronde 4") {
			continue
		}
		named = true
		fit := int((l.Size().Height - 2*theme.InnerPadding()) / lineHeight(l))
		if n := wrappedLines(l); n > fit {
			t.Errorf("the clock bar cuts %q: %d lines in %.0f×%.0f px, room for %d", l.Text, n, l.Size().Width, l.Size().Height, fit)
		}
	}
	if !named {
		t.Errorf("the clock bar does not name round 4: %q", uitest.Texts(v.clock.Content()))
	}
}

// lineHeight is the height of one line of l's text.
func lineHeight(l *widget.Label) float32 {
	return fyne.MeasureText("Ag", theme.TextSize(), l.TextStyle).Height
}

// wrappedLines counts the lines l's text takes when wrapped at word
// boundaries in l's width, as Fyne wraps it.
func wrappedLines(l *widget.Label) int { return clock.WrapLines(l, l.Size().Width) }

// At 1366×768 in French, every format's header subtitle (game, format,
// date, state and what the rounds will be) fits its two lines.
func TestEveryFrenchSubtitleFitsTwoLines(t *testing.T) {
	if !uitest.InFrench(t) {
		return
	}
	d := uitest.Director(t)
	s, w := newWindow(t, ServicesOf(d), Options{})
	v := s.view
	for _, g := range rules.Catalogue() {
		for _, f := range g.Formats {
			e := uitest.EventOf(t, d, "Tournoi du vendredi soir", g.Key, f.Key)
			s.open(e.ID)
			w.Resize(fyne.NewSize(1366, 768))
			if n := wrappedLines(v.subtitle); n > 2 {
				t.Errorf("%s %s: the subtitle %q takes %d lines in %.0f px; it shows two", g.Key, f.Key, v.subtitle.Text, n, v.subtitle.Size().Width)
			}
		}
	}
}

// In French the save dialog is French throughout: its title, its button,
// the places Fyne names in English ("Home", "Computer"), and the file
// name it suggests; the Paper item says Lettre US; a refused print job
// says what to do in French and gives the system's words on a line of
// their own; About names the fonts and the Go library in French.
func TestFilesPrintingAndAboutSpeakFrench(t *testing.T) {
	if !uitest.InFrench(t) {
		return
	}
	var jobs []printed
	m, errs := newTestPrintMenu(t, "fr_FR.UTF-8", &jobs)
	m.round = 2
	m.choose(Report{Key: "pairings-by-name", Name: "Pairings by name (for the wall)", Ext: "pdf", Round: true})
	top := m.win.Canvas().Overlays().Top()
	if top == nil {
		t.Fatal("Save as PDF showed no dialog")
	}
	texts := uitest.Texts(top)
	for _, want := range []string{"Enregistrer un fichier", "Dossier personnel"} {
		if !slices.Contains(texts, want) {
			t.Errorf("the save dialog does not say %q: %q", want, texts)
		}
	}
	for _, english := range []string{"Home", "Computer", "Save File", "Enregistrer File", "Desktop", "Downloads"} {
		if slices.Contains(texts, english) {
			t.Errorf("the save dialog says %q: %q", english, texts)
		}
	}
	uitest.Button(t, top, "Enregistrer", 0)
	uitest.Button(t, top, "Annuler", 0)
	var name string
	for _, o := range uitest.Objects(top) {
		if e, ok := o.(*widget.Entry); ok {
			name = e.Text
		}
		if e, ok := o.(*keys.Entry); ok { // the file name, passing Esc on
			name = e.Text
		}
	}
	if want := "Print night - ronde 2 - appariements-par-nom.pdf"; name != want {
		t.Errorf("the suggested file name is %q, want %q", name, want)
	}
	if got := fileName(m.event, 0, Report{Key: "standings-csv", Ext: "csv"}); got != "Print night - classement.csv" {
		t.Errorf("the standings CSV is suggested as %q", got)
	}

	var paper string
	for _, it := range m.menuItems() {
		if strings.HasPrefix(it.Label, "Papier") {
			paper = it.Label
		}
	}
	if paper != "Papier\u00a0: A4 (passer au format Lettre US)" {
		t.Errorf("the paper item reads %q", paper)
	}

	got := work.Sentence(printError("lp", "lp: The printer or class does not exist."))
	if got != "Rien n’a été imprimé\u00a0: l’imprimante n’a pas accepté le travail d’impression (vérifiez qu’elle est allumée, branchée et configurée)." {
		t.Errorf("the print error reads %q", got)
	}

	for _, c := range []struct {
		l    assets.License
		want string
	}{
		{assets.License{Name: "DejaVu Sans", Font: true}, "DejaVu Sans (police)"},
		{assets.License{Name: "Go standard library and runtime", Std: true}, "Bibliothèque standard et environnement d’exécution de Go"},
		{assets.License{Name: "golang.org/x/text"}, "golang.org/x/text"},
	} {
		if got := licenseName(c.l); got != c.want {
			t.Errorf("About names %q as %q, want %q", c.l.Name, got, c.want)
		}
	}
	if got := licenseDetail(assets.License{Name: "DejaVu Sans", Kind: "Bitstream Vera, public domain", Font: true}); got != "Bitstream Vera, domaine public" {
		t.Errorf("About says DejaVu's licence as %q", got)
	}
	errs.None(t)
}
