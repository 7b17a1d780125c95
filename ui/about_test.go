package ui

import (
	"runtime"
	"runtime/debug"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"tablekeeper/assets"
	"tablekeeper/ui/internal/uitest"
	"tablekeeper/ui/internal/work"
)

var testAbout = AboutInfo{Version: "0.1.0", Build: 1, Commit: "86b1809c0ffe", CommitDate: "2026-05-01", GoVersion: "go1.26.0", Database: "/home/store/tablekeeper.db"}

// The sidebar's About button opens the About window: the version, the
// commit, the database, and the licence of every bundled part, each shown
// in full when chosen.
func TestAboutShowsTheVersionAndEveryLicence(t *testing.T) {
	a := test.NewTempApp(t)
	d := uitest.Director(t)
	s, w := createShell(a, ServicesOf(d), Options{About: testAbout}, work.Sync{})
	defer w.Close()
	test.Tap(s.aboutButton)
	about := s.aboutWin
	if about == nil {
		t.Fatal("About opened no window")
	}
	content := about.win.Content()
	for _, want := range []string{"Tablekeeper 0.1.0 (build 1)", "86b1809c0ffe", "2026-05-01 (the date of its commit)", "/home/store/tablekeeper.db"} {
		if !uitest.HasText(content, want) {
			t.Errorf("the About window does not say %q", want)
		}
	}
	licences := assets.Licenses()
	if n := about.list.Length(); n != len(licences) {
		t.Fatalf("the list has %d licences, want %d", n, len(licences))
	}
	for i, l := range licences {
		about.list.Select(i)
		if about.text.Text != l.Text {
			t.Errorf("choosing %s shows another text", l.Name)
		}
	}
	about.list.Select(indexOf(t, licences, "github.com/mattn/go-sqlite3"))
	if !strings.Contains(about.text.Text, "May you do good and not evil") {
		t.Error("the SQLite driver's licence does not carry SQLite's notice")
	}
	// A second press brings the same window forward.
	test.Tap(s.aboutButton)
	if s.aboutWin != about {
		t.Error("a second About opened a second window")
	}
}

// Enter and Esc close the About window, even after a licence was chosen
// with the mouse.
func TestAboutClosesOnEnterAndEsc(t *testing.T) {
	for _, key := range []fyne.KeyName{fyne.KeyReturn, fyne.KeyEscape} {
		a := test.NewTempApp(t)
		s, w := createShell(a, ServicesOf(uitest.Director(t)), Options{About: testAbout}, work.Sync{})
		s.showAbout()
		about := s.aboutWin
		about.list.Select(2)
		focused := about.win.Canvas().Focused()
		if focused == nil {
			t.Fatalf("%s: nothing has the focus", key)
		}
		focused.TypedKey(&fyne.KeyEvent{Name: key})
		if s.aboutWin != nil {
			t.Errorf("%s does not close the About window", key)
		}
		w.Close()
	}
}

func indexOf(t *testing.T, ls []assets.License, name string) int {
	t.Helper()
	for i, l := range ls {
		if l.Name == name {
			return i
		}
	}
	t.Fatalf("no licence for %s", name)
	return -1
}

// A build from a git checkout names its commit and the commit's date; a
// checkout with changes says so; a build without the stamp says unknown.
func TestWithBuildInfoReadsTheVCSStamp(t *testing.T) {
	info := &debug.BuildInfo{Settings: []debug.BuildSetting{
		{Key: "vcs.revision", Value: "86b1809c0ffee1234567890abcdef1234567890a"},
		{Key: "vcs.time", Value: "2026-05-01T18:30:00Z"},
		{Key: "vcs.modified", Value: "true"},
	}}
	a := AboutInfo{Version: "0.1.0", Build: 1}.WithBuildInfo(info, true)
	if a.Commit != "86b1809c0ffe (with uncommitted changes)" {
		t.Errorf("commit %q", a.Commit)
	}
	if a.DateLine() != "2026-05-01 (the date of its commit)" || a.GoVersion != runtime.Version() {
		t.Errorf("date line %q, Go %q", a.DateLine(), a.GoVersion)
	}
	if a.VersionLine() != "0.1.0 (build 1)" {
		t.Errorf("version line %q", a.VersionLine())
	}
	if dated := (AboutInfo{Date: "2026-06-02"}).WithBuildInfo(info, true); dated.DateLine() != "2026-06-02" {
		t.Errorf("a build date set by the build: %q", dated.DateLine())
	}
	for _, bare := range []AboutInfo{AboutInfo{}.WithBuildInfo(&debug.BuildInfo{}, true), AboutInfo{}.WithBuildInfo(nil, false)} {
		if !strings.HasPrefix(bare.CommitLine(), "unknown") || !strings.HasPrefix(bare.DateLine(), "unknown") {
			t.Errorf("a build without VCS stamp: commit %q, date %q", bare.CommitLine(), bare.DateLine())
		}
	}
}
