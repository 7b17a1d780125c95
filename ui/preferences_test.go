package ui

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/ui/internal/prefs"
	"tablekeeper/ui/internal/uitest"
)

// A first start writes an empty preferences file before the toolkit looks,
// so it does not print "Preferences load error: EOF"; an existing file is
// left as it is.
func TestAFirstStartSeedsThePreferencesFile(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	t.Setenv("HOME", t.TempDir())
	dir, err := os.UserConfigDir()
	if err != nil {
		t.Fatal(err)
	}
	const appID = "org.tablekeeper.test"
	path := filepath.Join(dir, "fyne", appID, "preferences.json")
	SeedPreferences(appID)
	if b, err := os.ReadFile(path); err != nil || string(b) != "{}\n" {
		t.Fatalf("preferences after a first start: %q, %v", b, err)
	}
	if err := os.WriteFile(path, []byte(`{"paper":"Letter"}`), 0o600); err != nil {
		t.Fatal(err)
	}
	SeedPreferences(appID)
	if b, _ := os.ReadFile(path); string(b) != `{"paper":"Letter"}` {
		t.Errorf("an existing preferences file was replaced: %q", b)
	}
}

// The About window offers the screens' language: the system's, or each
// shipped translation named in its own language. A choice is remembered
// for the next start, and the window says when it applies; System forgets
// it again.
func TestAboutChoosesTheLanguageForTheNextStart(t *testing.T) {
	a := test.NewTempApp(t)
	choice := newLanguageChoice(prefs.Of(a)).(*fyne.Container)
	var sel *widget.Select
	var note *widget.Label
	for _, o := range choice.Objects {
		switch o := o.(type) {
		case *widget.Select:
			sel = o
		case *widget.Label:
			note = o
		}
	}
	if sel == nil || note == nil {
		t.Fatal("no language list and note")
	}
	if want := []string{"System", "English", "Français"}; !slices.Equal(sel.Options, want) {
		t.Errorf("options %q, want %q", sel.Options, want)
	}
	if sel.Selected != "System" {
		t.Errorf("a first start shows %q chosen", sel.Selected)
	}
	sel.SetSelected("Français")
	if got := prefs.Of(a).Language(); got != "fr" {
		t.Errorf("chose Français, remembered %q", got)
	}
	if !strings.Contains(note.Text, "next start") {
		t.Errorf("the note says %q", note.Text)
	}
	if again := newLanguageChoice(prefs.Of(a)).(*fyne.Container); !uitest.HasText(again, "Français") {
		t.Error("the choice does not show at the next opening")
	}
	sel.SetSelected("System")
	if got := prefs.Of(a).Language(); got != "" {
		t.Errorf("chose System, remembered %q", got)
	}
}
