package ui

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/core/event"
	"tablekeeper/ui/internal/work"
)

// Report is one report the Print menu offers.
type Report struct {
	// Key names the report ("pairings", "slips"); Name is the menu's
	// wording; Ext the file type ("pdf", "csv").
	Key, Name, Ext string
	// Round: the report is of one round (the latest).
	Round bool
}

// Printer writes an event's reports; app/ provides it (the window never
// builds a report itself). Write returns a one-line summary of what it
// wrote.
type Printer interface {
	Reports() []Report
	Write(ctx context.Context, key string, id event.EventID, round int, paper string, w io.Writer) (string, error)
	// WriteFile writes a report to a file whole or not at all, never over
	// a database, and returns what Write returns.
	WriteFile(ctx context.Context, key string, id event.EventID, round int, paper, path string) (string, error)
	// ImportPlayers registers the players of a CSV file (name, member
	// number, email) in an event, and says which rows it could not read
	// or register.
	ImportPlayers(ctx context.Context, id event.EventID, r io.Reader) (added int, problems []string, err error)
	// Backup writes a consistent copy of the database to a new file.
	Backup(ctx context.Context, path string) error
}

// paperKey is the preference that keeps the paper size reports print on.
const paperKey = "print.paper"

// printMenu is the event header's Print button and what it does.
type printMenu struct {
	p     Printer
	run   work.Runner
	alert work.Alert
	win   fyne.Window
	app   fyne.App

	// event is the open event; round the round a round report prints
	// (0: the latest).
	event event.Event
	round int

	button   *widget.Button
	progress dialog.Dialog
	// done is told where the file went (tests; the window opens it).
	done func(path, summary string)
	// lastImport is what the last player import said.
	lastImport string
	// lastBackup is where the last backup went.
	lastBackup string
	// now names backups by the time (injected by the event view).
	now func() time.Time
}

func newPrintMenu(p Printer, run work.Runner, alert work.Alert, win fyne.Window, app fyne.App) *printMenu {
	m := &printMenu{p: p, run: run, alert: alert, win: win, app: app, now: time.Now}
	m.button = &widget.Button{Text: "Print", Icon: theme.DocumentPrintIcon(), OnTapped: m.show}
	if p == nil {
		m.button.Hide()
	}
	m.done = m.open
	return m
}

func (m *printMenu) paper() string {
	if m.app == nil {
		return "A4"
	}
	return m.app.Preferences().StringWithFallback(paperKey, "A4")
}

// show pops up the list of reports, and the paper size to switch to.
func (m *printMenu) show() {
	var items []*fyne.MenuItem
	for _, r := range m.p.Reports() {
		items = append(items, fyne.NewMenuItem(r.Name+"…", func() { m.choose(r) }))
	}
	other := "Letter"
	if m.paper() == "Letter" {
		other = "A4"
	}
	items = append(items, fyne.NewMenuItemSeparator(),
		fyne.NewMenuItem("Back up the database…", m.chooseBackup),
		fyne.NewMenuItem(fmt.Sprintf("Paper: %s (switch to %s)", m.paper(), other), func() {
			if m.app != nil {
				m.app.Preferences().SetString(paperKey, other)
			}
		}))
	pos := fyne.CurrentApp().Driver().AbsolutePositionForObject(m.button)
	widget.ShowPopUpMenuAtPosition(fyne.NewMenu("", items...), m.win.Canvas(), pos.Add(fyne.NewPos(0, m.button.Size().Height)))
}

// safeName replaces the characters no file name may hold on some system.
func safeName(s string) string {
	return strings.Map(func(c rune) rune {
		if strings.ContainsRune(`/\:*?"<>|`, c) || c < 32 {
			return '-'
		}
		return c
	}, s)
}

// fileName suggests a file name that carries the event, the round (for a
// round's report) and the kind, so round 2's pairings never replace round
// 1's: "Friday Swiss - round 2 - pairings-by-name.pdf".
func fileName(e event.Event, round int, r Report) string {
	name := safeName(e.Name)
	kind := strings.TrimSuffix(r.Key, "-csv")
	if r.Round && round > 0 {
		return fmt.Sprintf("%s - round %d - %s.%s", name, round, kind, r.Ext)
	}
	return fmt.Sprintf("%s - %s.%s", name, kind, r.Ext)
}

// choose asks where to save the report, then writes it.
func (m *printMenu) choose(r Report) {
	save := dialog.NewFileSave(func(w fyne.URIWriteCloser, err error) {
		if err != nil {
			m.alert(err)
			return
		}
		if w == nil {
			return
		}
		path := w.URI().Path()
		w.Close()
		m.Export(r, path)
	}, m.win)
	save.SetFileName(fileName(m.event, m.round, r))
	save.SetFilter(storage.NewExtensionFileFilter([]string{"." + r.Ext}))
	save.Show()
}

// chooseBackup asks where to save a backup of the database, then writes it.
func (m *printMenu) chooseBackup() {
	save := dialog.NewFileSave(func(w fyne.URIWriteCloser, err error) {
		if err != nil {
			m.alert(err)
			return
		}
		if w == nil {
			return
		}
		path := w.URI().Path()
		w.Close()
		// The dialog made an empty file there; the backup writes a new one.
		os.Remove(path)
		m.Backup(path)
	}, m.win)
	save.SetFileName(fmt.Sprintf("%s - backup %s.db", safeName(m.event.Name), m.now().Format("2006-01-02 1504")))
	save.Show()
}

// Backup writes a consistent copy of the database to path and says where
// it went and how to restore it.
func (m *printMenu) Backup(path string) {
	work.Call(m.run, func(ctx context.Context) (struct{}, error) {
		return struct{}{}, m.p.Backup(ctx, path)
	}, func(_ struct{}, err error) {
		if err != nil {
			m.alert(err)
			return
		}
		m.lastBackup = path
		dialog.ShowInformation("Backed up", fmt.Sprintf("The database was copied to %s.\nTo restore it, start Tablekeeper with that file (--db), or copy it over the database while Tablekeeper is closed.", path), m.win)
	})
}

// Export writes report r of the open event to path, through a temporary
// file so a failure never leaves half a file, showing progress meanwhile;
// then opens the file.
func (m *printMenu) Export(r Report, path string) {
	id, round, paper := m.event.ID, m.round, m.paper()
	if !r.Round {
		round = 0
	}
	m.progress = dialog.NewCustomWithoutButtons("Writing "+strings.ToLower(r.Name), widget.NewProgressBarInfinite(), m.win)
	m.progress.Show()
	work.Call(m.run, func(ctx context.Context) (string, error) {
		return m.p.WriteFile(ctx, r.Key, id, round, paper, path)
	}, func(summary string, err error) {
		m.progress.Hide()
		if err != nil {
			m.alert(err)
			return
		}
		m.done(path, summary)
	})
}

// open shows the written file in the system's viewer, and says where it
// went.
func (m *printMenu) open(path, summary string) {
	if m.app != nil {
		if err := m.app.OpenURL(&url.URL{Scheme: "file", Path: filepath.ToSlash(path)}); err != nil {
			dialog.ShowInformation("Saved", fmt.Sprintf("Wrote %s to %s.", summary, path), m.win)
		}
	}
}

// importPlayers asks for a CSV file and registers its players in the open
// event, then lists the rows it could not take.
func (m *printMenu) importPlayers(done func()) {
	open := dialog.NewFileOpen(func(r fyne.URIReadCloser, err error) {
		if err != nil {
			m.alert(err)
			return
		}
		if r == nil {
			return
		}
		data, err := io.ReadAll(io.LimitReader(r, 64<<20))
		r.Close()
		if err != nil {
			m.alert(err)
			return
		}
		m.importData(data, done)
	}, m.win)
	open.SetFilter(storage.NewExtensionFileFilter([]string{".csv", ".txt"}))
	open.Show()
}

// importResult is what an import did.
type importResult struct {
	added    int
	problems []string
}

// importData registers the players of a CSV file's bytes.
func (m *printMenu) importData(data []byte, done func()) {
	id := m.event.ID
	work.Call(m.run, func(ctx context.Context) (importResult, error) {
		n, problems, err := m.p.ImportPlayers(ctx, id, bytes.NewReader(data))
		return importResult{n, problems}, err
	}, func(res importResult, err error) {
		if err != nil {
			m.alert(err)
			return
		}
		msg := fmt.Sprintf("%d player(s) registered from the file.", res.added)
		if len(res.problems) > 0 {
			shown := res.problems
			if len(shown) > 12 {
				shown = append(shown[:12:12], fmt.Sprintf("… and %d more", len(res.problems)-12))
			}
			msg += fmt.Sprintf("\n\n%d row(s) not taken:\n%s", len(res.problems), strings.Join(shown, "\n"))
		}
		m.lastImport = msg
		dialog.ShowInformation("Import players", msg, m.win)
		if done != nil {
			done()
		}
	})
}
