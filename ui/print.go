package ui

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
	"tablekeeper/reports"
	"tablekeeper/ui/internal/files"
	"tablekeeper/ui/internal/keys"
	"tablekeeper/ui/internal/prefs"
	"tablekeeper/ui/internal/quietcmd"
	"tablekeeper/ui/internal/tr"
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
	// printFile hands a written PDF to the system's printing (systemPrint;
	// tests record instead of printing) and says what became of it.
	printFile func(ctx context.Context, path, title string) (string, error)
	// offer is the last dialog that said nothing was printed (offerSave).
	offer *keys.Confirm
	// locale names the system's locale, which chooses the paper until
	// the organizer picks one (systemLocale).
	locale func() string
	// lastPrint is what the last Print said.
	lastPrint string
}

func newPrintMenu(p Printer, run work.Runner, alert work.Alert, win fyne.Window, app fyne.App) *printMenu {
	m := &printMenu{p: p, run: run, alert: alert, win: win, app: app, now: time.Now, printFile: systemPrint, locale: systemLocale}
	m.button = &widget.Button{Text: tr.L("Print"), Icon: theme.DocumentPrintIcon(), OnTapped: m.show}
	if p == nil {
		m.button.Hide()
	}
	m.done = m.open
	return m
}

// paper is the paper reports print on: the organizer's choice once made,
// else the locale's (Letter in the US, Canada and the other Letter
// countries, A4 elsewhere).
func (m *printMenu) paper() string {
	return prefs.Of(m.app).Paper(reports.PaperForLocale(m.locale()))
}

// systemLocale is the locale that chooses the paper: LC_ALL, LC_PAPER or
// LANG where set (Unix), else the system's (Windows, macOS apps).
func systemLocale() string {
	if l := reports.PaperLocale(os.Getenv); l != "" {
		return l
	}
	return string(lang.SystemLocale())
}

// menuItems are the Print menu's items: print each PDF report; save any
// report as a file (PDF or CSV); back up; the paper size to switch to.
func (m *printMenu) menuItems() []*fyne.MenuItem {
	var items, pdfs, csvs []*fyne.MenuItem
	for _, r := range m.p.Reports() {
		save := fyne.NewMenuItem(tr.L(r.Name)+"…", func() { m.choose(r) })
		if r.Ext != "pdf" {
			csvs = append(csvs, save)
			continue
		}
		pdfs = append(pdfs, save)
		items = append(items, fyne.NewMenuItem(tr.F("Print %s", lowerFirst(tr.L(r.Name))), func() { m.Print(r) }))
	}
	other := "Letter"
	if m.paper() == "Letter" {
		other = "A4"
	}
	items = append(items, fyne.NewMenuItemSeparator())
	if len(pdfs) > 0 {
		items = append(items, &fyne.MenuItem{Label: tr.L("Save as PDF"), ChildMenu: fyne.NewMenu("", pdfs...)})
	}
	if len(csvs) > 0 {
		items = append(items, &fyne.MenuItem{Label: tr.L("Save as CSV"), ChildMenu: fyne.NewMenu("", csvs...)})
	}
	return append(items, fyne.NewMenuItemSeparator(),
		fyne.NewMenuItem(tr.L("Back up the database…"), m.chooseBackup),
		fyne.NewMenuItem(tr.F("Paper: %s (switch to %s)", paperName(m.paper()), paperName(other)), func() {
			if m.app != nil {
				prefs.Of(m.app).SetPaper(other)
			}
		}))
}

// paperName says a paper size the organizer's way: A4 is A4 everywhere,
// Letter is "Lettre US" in French.
func paperName(paper string) string {
	if paper == "Letter" {
		return tr.L("Letter")
	}
	return paper
}

// lowerFirst writes a report's name inside a sentence: "Match slips" as
// "match slips".
func lowerFirst(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	return string(unicode.ToLower(r)) + s[n:]
}

// show pops up the Print menu below its button.
func (m *printMenu) show() {
	items := m.menuItems()
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
// 1's: "Friday Swiss - round 2 - pairings-by-name.pdf", in the screens'
// language ("Tournoi du vendredi - ronde 2 - appariements-par-nom.pdf").
func fileName(e event.Event, round int, r Report) string {
	name := safeName(e.Name)
	key, _, _ := strings.Cut(r.Key, "/") // one player's slip: "player-slips/N"
	kind := safeName(tr.L(strings.TrimSuffix(key, "-csv")))
	if r.Round && round > 0 {
		return tr.F("%s - round %d - %s.%s", name, round, kind, r.Ext)
	}
	return fmt.Sprintf("%s - %s.%s", name, kind, r.Ext)
}

// The reports' keys as a file's name says them (fileName): each report
// of reports/printing, its "-csv" left out.
var _ = []string{
	tr.K("pairings"), tr.K("pairings-by-name"), tr.K("slips"), tr.K("standings"),
	tr.K("players"), tr.K("results"), tr.K("decklists"), tr.K("blank-decklist"),
	tr.K("seatings"), tr.K("bracket"), tr.K("judgelog"), tr.K("summary"),
	tr.K("player-slips"),
}

// printPlayerSlips prints the open event's player slips with the players'
// codes: entry's alone (the Registration tab's Player codes dialog), or
// every player's (0). One player's slip is the report
// "player-slips/N" (reports/printing's PlayerSlipKey).
func (m *printMenu) printPlayerSlips(entry event.EntryID) {
	r := Report{Key: "player-slips", Name: tr.K("Player slips (player codes)"), Ext: "pdf"}
	if entry != 0 {
		r.Key += "/" + strconv.FormatInt(int64(entry), 10)
	}
	m.Print(r)
}

// choose asks where to save the report, then writes it.
func (m *printMenu) choose(r Report) {
	save := files.SaveTo(m.win, func(err error) { m.alert(saveError(err)) }, func(path string) { m.Export(r, path) })
	save.SetFileName(fileName(m.event, m.round, r))
	save.SetFilter(storage.NewExtensionFileFilter([]string{"." + r.Ext}))
	files.Show(save, m.win)
}

// chooseBackup asks where to save a backup of the database, then writes it.
func (m *printMenu) chooseBackup() {
	save := files.SaveTo(m.win, m.alert, func(path string) {
		// The dialog made an empty file there; the backup writes a new one.
		_ = os.Remove(path) // a file left there is replaced, or the backup says why it cannot be
		m.Backup(path)
	})
	save.SetFileName(tr.F("%s - backup %s.db", safeName(m.event.Name), m.now().Format("2006-01-02 1504")))
	files.Show(save, m.win)
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
		keys.Inform(m.win, tr.L("Backed up"), tr.F("The database was copied to %s.\nTo restore it, start Tablekeeper with that file (--db), or copy it over the database while Tablekeeper is closed.", path))
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
	m.progress = dialog.NewCustomWithoutButtons(tr.F("Writing %s", strings.ToLower(tr.L(r.Name))), widget.NewProgressBarInfinite(), m.win)
	m.progress.Show()
	work.Call(m.run, func(ctx context.Context) (string, error) {
		return m.p.WriteFile(ctx, r.Key, id, round, paper, path)
	}, func(summary string, err error) {
		m.progress.Hide()
		if err != nil {
			m.alert(saveError(err))
			return
		}
		m.done(path, summary)
	})
}

// saveError says why a file could not be saved, and what to do, in a
// sentence: a message of Tablekeeper's own stands; a system error (a
// folder that does not exist, as when a whole path is typed as the file's
// name, or one Tablekeeper may not write in) becomes a sentence naming
// the folder.
func saveError(err error) error {
	var own *event.Error
	if errors.As(err, &own) {
		return err
	}
	folder := i18n.F("the folder chosen")
	var pe *fs.PathError
	if errors.As(err, &pe) {
		folder = i18n.F("the folder %s", filepath.Dir(pe.Path))
	}
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return event.Invalidf("The file could not be saved because %s does not exist: choose the folder in the dialog, then type only the file's name (such as \"round 2 - pairings.pdf\").", folder)
	case errors.Is(err, fs.ErrPermission):
		return event.Invalidf("Tablekeeper may not write in %s: choose another folder, such as your Documents.", folder)
	}
	return event.Invalidf("The file could not be saved in %s: choose another folder or name, and check that the disk is not full.", folder)
}

// open shows the written file in the system's viewer, and says where it
// went.
func (m *printMenu) open(path, summary string) {
	if m.app != nil {
		if err := m.app.OpenURL(&url.URL{Scheme: "file", Path: filepath.ToSlash(path)}); err != nil {
			keys.Inform(m.win, tr.L("Saved"), tr.F("Wrote %s to %s.", summary, path))
		}
	}
}

// importPlayers asks for a CSV file and registers its players in the open
// event, then lists the rows it could not take.
func (m *printMenu) importPlayers() {
	open := files.Open(func(r fyne.URIReadCloser, err error) {
		if err != nil {
			m.alert(err)
			return
		}
		if r == nil {
			return
		}
		data, err := io.ReadAll(io.LimitReader(r, 64<<20))
		_ = r.Close() // read to the end already; nothing is lost on a reader's close
		if err != nil {
			m.alert(err)
			return
		}
		m.importData(data)
	}, m.win)
	open.SetFilter(storage.NewExtensionFileFilter([]string{".csv", ".txt"}))
	files.Show(open, m.win)
}

// importResult is what an import did.
type importResult struct {
	added    int
	problems []string
}

// importData registers the players of a CSV file's bytes.
func (m *printMenu) importData(data []byte) {
	id := m.event.ID
	work.Call(m.run, func(ctx context.Context) (importResult, error) {
		n, problems, err := m.p.ImportPlayers(ctx, id, bytes.NewReader(data))
		return importResult{n, problems}, err
	}, func(res importResult, err error) {
		if err != nil {
			m.alert(err)
			return
		}
		msg := tr.N("%d players registered from the file.", res.added, res.added)
		if len(res.problems) > 0 {
			shown := res.problems
			if len(shown) > 12 {
				shown = append(shown[:12:12], tr.F("… and %d more", len(res.problems)-12))
			}
			msg += "\n\n" + tr.N("%d rows not taken:", len(res.problems), len(res.problems)) + "\n" + strings.Join(shown, "\n")
		}
		m.lastImport = msg
		keys.Inform(m.win, tr.L("Import players"), msg)
	})
}

// Print writes report r of the open event to a temporary PDF and hands it
// to the system's printing (printFile): the Print menu's items. What
// happened, or why nothing could be printed and what to do instead, is
// shown in a dialog.
func (m *printMenu) Print(r Report) {
	id, round, paper, now := m.event.ID, m.round, m.paper(), m.now()
	if !r.Round {
		round = 0
	}
	name := fileName(m.event, round, r)
	title := strings.TrimSuffix(name, "."+r.Ext)
	m.progress = dialog.NewCustomWithoutButtons(tr.F("Printing %s", lowerFirst(tr.L(r.Name))), widget.NewProgressBarInfinite(), m.win)
	m.progress.Show()
	work.Call(m.run, func(ctx context.Context) (string, error) {
		sweepPrints(os.TempDir(), now)
		dir, err := os.MkdirTemp("", printDirPattern)
		if err != nil {
			return "", errNoTempFile
		}
		path := filepath.Join(dir, name)
		summary, err := m.p.WriteFile(ctx, r.Key, id, round, paper, path)
		if err != nil {
			_ = os.RemoveAll(dir) // the temporary folder goes on the way out; the sweep removes it later if not
			return "", err
		}
		how, err := m.printFile(ctx, path, title)
		if err != nil {
			_ = os.RemoveAll(dir) // the temporary folder goes on the way out; the sweep removes it later if not
			return "", err
		}
		return summary + ": " + tr.L(how), nil
	}, func(said string, err error) {
		m.progress.Hide()
		if err != nil {
			m.lastPrint = work.Sentence(err)
			if notPrinted(err) {
				m.offer = offerSave(m.win, m.lastPrint, tr.L("Save as PDF…"), func() { m.choose(r) })
				return
			}
			m.alert(err)
			return
		}
		m.lastPrint = upperFirst(said) + "."
		keys.Inform(m.win, tr.L("Print"), m.lastPrint)
	})
}

func upperFirst(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	return string(unicode.ToUpper(r)) + s[n:]
}

// printJob is how the system prints a PDF: the command to run, what to
// tell the organizer once it ran, and whether the file must stay (a
// viewer reads it after the command returns; lp has spooled it).
// fallback is what to run when the command fails: on Windows, opening
// the PDF in the viewer when no program prints it directly.
type printJob struct {
	args     []string
	how      string
	keep     bool
	fallback *printJob
}

// printCommand chooses how to print the PDF at path on system goos, given
// the programs lookPath finds: lp (CUPS: Linux, macOS, the BSDs) sends it
// to the default printer; without lp, Windows' PowerShell asks the
// default PDF program to print it (its Print verb), and opens it in the
// viewer when no program has that verb; elsewhere the desktop's opener
// (rundll32's file handler on Windows without PowerShell, xdg-open, open)
// shows it in the viewer to print from. With none of them it says to
// save the PDF instead.
func printCommand(goos string, lookPath func(string) (string, error), path, title string) (printJob, error) {
	has := func(name string) bool { _, err := lookPath(name); return err == nil }
	switch {
	case goos != "windows" && has("lp"):
		return printJob{args: []string{"lp", "-t", title, "--", path}, how: tr.K("sent to the default printer")}, nil
	case goos == "windows" && has("powershell"):
		quoted := "'" + strings.ReplaceAll(path, "'", "''") + "'"
		ps := func(script string) []string {
			return []string{"powershell", "-NoProfile", "-NonInteractive", "-Command", script}
		}
		// Start-Process returns once the PDF program has the file, before
		// it prints: the sentence says the file was handed over, no more.
		return printJob{
			args: ps("Start-Process -FilePath " + quoted + " -Verb Print"),
			how:  tr.K("handed to your PDF program to print on the default printer"), keep: true,
			fallback: &printJob{args: ps("Start-Process -FilePath " + quoted), how: tr.K("opened in your PDF viewer (no program on this computer prints a PDF directly); print it from there with Ctrl+P"), keep: true},
		}, nil
	case goos == "windows" && has("rundll32"):
		return printJob{args: []string{"rundll32", "url.dll,FileProtocolHandler", path}, how: tr.K("opened in your PDF viewer (no program on this computer prints a PDF directly); print it from there with Ctrl+P"), keep: true}, nil
	case goos == "darwin" && has("open"):
		return printJob{args: []string{"open", path}, how: tr.K("opened in Preview; print it from there with Command-P"), keep: true}, nil
	case goos != "windows" && goos != "darwin" && has("xdg-open"):
		return printJob{args: []string{"xdg-open", path}, how: tr.K("opened in your PDF viewer (there is no lp print command here); print it from there with Ctrl+P"), keep: true}, nil
	}
	return printJob{}, printFailure{event.Invalidf("Nothing was printed: this computer has no print command (lp) and no program to open a PDF with.")}
}

// systemPrint prints the PDF at path the system's way (printCommand) and
// says what became of it; a failure is a sentence saying what to do.
func systemPrint(ctx context.Context, path, title string) (string, error) {
	job, err := printCommand(runtime.GOOS, exec.LookPath, path, title)
	if err != nil {
		return "", err
	}
	return runPrint(ctx, job, path, func(ctx context.Context, args []string) ([]byte, error) {
		return quietcmd.Command(ctx, args[0], args[1:]...).CombinedOutput()
	})
}

// runPrint runs a print job with run, then its fallback if it failed, and
// says what the one that worked did. The PDF's folder goes once the job
// no longer needs it (lp has spooled it); a viewer's is swept by a later
// Print (sweepPrints).
func runPrint(ctx context.Context, job printJob, path string, run func(context.Context, []string) ([]byte, error)) (string, error) {
	out, err := run(ctx, job.args)
	if err != nil && job.fallback != nil {
		first := job.args[0]
		job = *job.fallback
		if out, err = run(ctx, job.args); err != nil {
			// Neither printing nor opening worked: say why the first failed.
			return "", printError(first, string(out))
		}
	}
	if err != nil {
		return "", printError(job.args[0], string(out))
	}
	if !job.keep {
		_ = os.RemoveAll(filepath.Dir(path)) // printed: the temporary folder goes; the sweep removes it later if not
	}
	return job.how, nil
}

// printDirPattern names the temporary folders Print writes its PDFs in.
const printDirPattern = "tablekeeper-print-"

// sweepPrints removes from dir the folders of earlier Prints older than
// an hour: a PDF handed to a viewer or to Windows' PDF program must stay
// while it reads it, so it cannot go when the command returns, but by
// the next Print an hour later it has been read.
func sweepPrints(dir string, now time.Time) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range entries {
		if !e.IsDir() || !strings.HasPrefix(e.Name(), printDirPattern) {
			continue
		}
		if info, err := e.Info(); err == nil && now.Sub(info.ModTime()) > time.Hour {
			_ = os.RemoveAll(filepath.Join(dir, e.Name())) // best effort: a folder still in use is swept by the next Print
		}
	}
}

// printError says, in one sentence, why the print command refused the
// job and what to do; what the command printed is for whoever looks after
// the printer, not the organizer, and is left out: "lp: Error - ..." in
// the middle of an event says nothing a person at the desk can act on.
func printError(command, output string) error {
	said := strings.TrimSpace(output)
	switch {
	case command == "lp" && strings.Contains(said, "no default destination"):
		return printFailure{event.Invalidf("Nothing was printed: no default printer is set up on this computer (choose one in the system's printer settings).")}
	case command == "powershell":
		return printFailure{event.Invalidf("Nothing was printed: Windows found no program to print a PDF with (install a PDF reader and make it the default for PDF files).")}
	}
	return printFailure{event.Invalidf("Nothing was printed: the printer did not take the job (check that it is on, connected and set up).")}
}

// printFailure is a print that did not happen for a reason of the
// computer's (no printer, no program): the dialog that says so offers to
// save the PDF instead, in the same dialog.
type printFailure struct{ error }

func (e printFailure) Unwrap() error { return e.error }

// errNoTempFile: the temporary PDF to print could not be made.
var errNoTempFile = printFailure{event.Invalidf("Nothing was printed: Tablekeeper could not make a temporary file (the temporary folder is full or not writable).")}

// notPrinted reports whether err is a print the computer could not do.
func notPrinted(err error) bool {
	var f printFailure
	return errors.As(err, &f)
}

// offerSave says on win, in a dialog, that nothing was printed and why,
// with a button that saves the PDF instead (save, labelled label): Enter
// saves, Esc closes.
func offerSave(win fyne.Window, sentence, label string, save func()) *keys.Confirm {
	c := keys.NewConfirm(win, keys.ConfirmOptions{Title: tr.L("Print"), Message: sentence,
		Yes: label, No: tr.L("Close"), YesByDefault: true}, func(yes bool) {
		if yes {
			save()
		}
	})
	c.Show()
	return c
}
