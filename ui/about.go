package ui

import (
	"runtime"
	"runtime/debug"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/assets"
	"tablekeeper/ui/internal/keys"
	"tablekeeper/ui/internal/prefs"
	"tablekeeper/ui/internal/tr"
)

// AboutInfo is what the About window says of the running program; app/
// fills it from the version constants and the build's VCS stamp.
type AboutInfo struct {
	// Version and Build are FyneApp.toml's Details.Version and Build.
	Version string
	Build   int
	// Date is the day the binary was built, when the build recorded it.
	Date string
	// Commit is the git commit it was built from, and CommitDate that
	// commit's date; both empty for a go run build.
	Commit, CommitDate string
	// GoVersion is the Go toolchain that built it.
	GoVersion string
	// Database is the database file the window has open.
	Database string
}

// WithBuildInfo fills in what the Go toolchain stamped into the binary
// (debug.ReadBuildInfo's answer): the toolchain, and from a go build in a
// git checkout the commit, its date, and whether it had uncommitted
// changes. go run and go test builds carry no commit.
func (a AboutInfo) WithBuildInfo(info *debug.BuildInfo, ok bool) AboutInfo {
	a.GoVersion = runtime.Version()
	if !ok {
		return a
	}
	var modified bool
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			a.Commit = s.Value
		case "vcs.time":
			if t, err := time.Parse(time.RFC3339, s.Value); err == nil {
				a.CommitDate = t.UTC().Format("2006-01-02")
			}
		case "vcs.modified":
			modified = s.Value == "true"
		}
	}
	if len(a.Commit) > 12 {
		a.Commit = a.Commit[:12]
	}
	if modified && a.Commit != "" {
		a.Commit += " " + tr.L("(with uncommitted changes)")
	}
	return a
}

// VersionLine is the version with its build number: "0.1.0 (build 1)".
func (a AboutInfo) VersionLine() string {
	if a.Build == 0 {
		return a.Version
	}
	return tr.F("%s (build %d)", a.Version, a.Build)
}

// DateLine is when the binary was built, or the date of its commit when
// the build did not record one.
func (a AboutInfo) DateLine() string {
	switch {
	case a.Date != "":
		return a.Date
	case a.CommitDate != "":
		return tr.F("%s (the date of its commit)", a.CommitDate)
	}
	return tr.L("unknown (a development build, made without git information)")
}

// CommitLine is the commit the binary was built from.
func (a AboutInfo) CommitLine() string {
	if a.Commit == "" {
		return tr.L("unknown (a development build, made without git information)")
	}
	return a.Commit
}

// aboutWindow is the About window: the version, where the database is, and
// the licences of everything the program bundles, one at a time.
type aboutWindow struct {
	win      fyne.Window
	licenses []assets.License
	list     *widget.List
	text     *widget.Label
	scroll   *container.Scroll
	close    *keys.Button
}

// showAbout opens the About window, or brings it forward when it is open.
func (s *shell) showAbout() {
	if s.aboutWin != nil {
		s.aboutWin.win.Show()
		s.aboutWin.win.RequestFocus()
		return
	}
	a := s.app
	if a == nil {
		a = fyne.CurrentApp()
	}
	s.aboutWin = newAboutWindow(a, s.aboutInfo)
	s.aboutWin.win.SetOnClosed(func() { s.aboutWin = nil })
	s.aboutWin.win.Show()
	s.aboutWin.win.Canvas().Focus(s.aboutWin.close)
}

func newAboutWindow(a fyne.App, info AboutInfo) *aboutWindow {
	w := &aboutWindow{win: a.NewWindow(tr.L("About Tablekeeper")), licenses: assets.Licenses()}
	w.close = keys.NewButton(tr.L("Close"), theme.CancelIcon(), w.win.Close)
	w.close.OnEscape = w.win.Close
	w.close.Importance = widget.HighImportance
	w.win.Canvas().SetOnTypedKey(func(ev *fyne.KeyEvent) {
		switch ev.Name {
		case fyne.KeyEscape, fyne.KeyReturn, fyne.KeyEnter:
			w.win.Close()
		}
	})

	title := &widget.Label{Text: "Tablekeeper " + info.VersionLine(), TextStyle: fyne.TextStyle{Bold: true}, SizeName: theme.SizeNameHeadingText}
	facts := widget.NewForm(
		widget.NewFormItem(tr.L("Built"), &widget.Label{Text: info.DateLine()}),
		widget.NewFormItem(tr.L("Commit"), &widget.Label{Text: info.CommitLine()}),
		widget.NewFormItem("Go", &widget.Label{Text: info.GoVersion}),
		widget.NewFormItem(tr.L("Database"), &widget.Label{Text: info.Database, Wrapping: fyne.TextWrapBreak}),
		widget.NewFormItem(tr.L("Language"), newLanguageChoice(prefs.Of(a))),
	)
	intro := &widget.Label{Wrapping: fyne.TextWrapWord, Text: tr.L("Tablekeeper carries the following fonts and libraries, each under its own licence. Choose one to read its licence in full.")}

	w.list = widget.NewList(
		func() int { return len(w.licenses) },
		func() fyne.CanvasObject {
			// The detail in caption size, not dimmed: it stays readable on
			// the selected row's highlight.
			return container.New(layout.NewCustomPaddedVBoxLayout(0),
				&widget.Label{TextStyle: fyne.TextStyle{Bold: true}, Truncation: fyne.TextTruncateEllipsis},
				&widget.Label{SizeName: theme.SizeNameCaptionText, Truncation: fyne.TextTruncateEllipsis})
		},
		func(id widget.ListItemID, o fyne.CanvasObject) {
			l := w.licenses[id]
			rows := o.(*fyne.Container).Objects
			rows[0].(*widget.Label).SetText(licenseName(l))
			rows[1].(*widget.Label).SetText(licenseDetail(l))
		})
	w.text = &widget.Label{TextStyle: fyne.TextStyle{Monospace: true}, Wrapping: fyne.TextWrapWord}
	w.scroll = container.NewVScroll(w.text)
	w.list.OnSelected = w.show
	split := container.NewHSplit(w.list, w.scroll)
	split.Offset = 0.38

	top := container.NewVBox(title, facts, widget.NewSeparator(), intro)
	hint := &widget.Label{Text: tr.L("Enter or Esc: close"), Importance: widget.LowImportance}
	bottom := container.NewHBox(hint, layout.NewSpacer(), w.close)
	w.win.SetContent(container.NewBorder(top, bottom, nil, nil, split))
	w.win.Resize(fyne.NewSize(820, 560))
	w.win.CenterOnScreen()
	w.list.Select(0)
	return w
}

// show puts licence id in the text pane, from its top, and gives the
// focus back to Close so that Enter and Esc still close the window.
func (w *aboutWindow) show(id widget.ListItemID) {
	if id < 0 || id >= len(w.licenses) {
		return
	}
	w.text.SetText(w.licenses[id].Text)
	w.scroll.ScrollToTop()
	w.win.Canvas().Focus(w.close)
}

// licenseName is a licence's first line in the list: what the part is
// called, said in the reader's language where it is our wording ("DejaVu
// Sans (police)", "Bibliothèque standard et environnement d'exécution de
// Go") and as its authors call it otherwise (a module's path).
func licenseName(l assets.License) string {
	switch {
	case l.Font:
		return tr.F("%s (font)", l.Name)
	case l.Std:
		return tr.L("Go standard library and runtime")
	}
	return l.Name
}

// licenseDetail is a licence's second line in the list: version and kind.
func licenseDetail(l assets.License) string {
	kind := l.Kind
	if key, ok := saidKinds[kind]; ok {
		kind = tr.L(key)
	}
	if l.Version == "" {
		return kind
	}
	return l.Version + " · " + kind
}

// saidKinds are the licence kinds written in words rather than as a
// licence's short name (MIT, OFL-1.1), said in the reader's language.
var saidKinds = map[string]string{
	"Bitstream Vera, public domain": tr.K("Bitstream Vera, public domain"),
}
