package ui

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/core/event"
	"tablekeeper/ui/internal/keys"
	"tablekeeper/ui/internal/prefs"
	"tablekeeper/ui/internal/uitest"
	"tablekeeper/ui/internal/work"
)

// printed is what a test's printFile was handed.
type printed struct{ path, title, content string }

// newTestPrintMenu is a Print menu over the fake printer, in locale
// locale, whose printing is recorded in jobs instead of printed.
func newTestPrintMenu(t *testing.T, locale string, jobs *[]printed) (*printMenu, *uitest.Errors) {
	t.Helper()
	app := test.NewTempApp(t)
	errs := &uitest.Errors{}
	m := newPrintMenu(&fakePrinter{}, work.Sync{}, errs.Alert, test.NewTempWindow(t, nil), app)
	m.event = event.Event{ID: 7, Name: "Print night"}
	m.locale = func() string { return locale }
	m.printFile = func(_ context.Context, path, title string) (string, error) {
		b, err := os.ReadFile(path)
		if err != nil {
			t.Errorf("the file handed to the printer cannot be read: %v", err)
		}
		*jobs = append(*jobs, printed{path, title, string(b)})
		return "sent to the default printer", nil
	}
	return m, errs
}

// Issue 11 §5: Print prints: the report goes to a temporary PDF handed to
// the system's printing (injected here), on the locale's paper, and the
// organizer is told it was sent; nothing asks where to save.
func TestPrintSendsTheReportToThePrinter(t *testing.T) {
	var jobs []printed
	m, errs := newTestPrintMenu(t, "en_US.UTF-8", &jobs)
	m.round = 2
	m.Print(Report{Key: "slips", Name: "Match slips", Ext: "pdf", Round: true})
	errs.None(t)
	if len(jobs) != 1 {
		t.Fatalf("%d print jobs, want 1", len(jobs))
	}
	j := jobs[0]
	if j.content != "slips of event 7 round 2 on Letter" {
		t.Errorf("printed %q", j.content)
	}
	if filepath.Base(j.path) != "Print night - round 2 - slips.pdf" || j.title != "Print night - round 2 - slips" {
		t.Errorf("printed %s titled %q", j.path, j.title)
	}
	if m.lastPrint != "Slips written: sent to the default printer." {
		t.Errorf("told %q", m.lastPrint)
	}
	_ = os.RemoveAll(filepath.Dir(j.path))
}

// A report that fails is never handed to the printer, and the temporary
// file goes.
func TestPrintOfABrokenReportPrintsNothing(t *testing.T) {
	var jobs []printed
	m, errs := newTestPrintMenu(t, "de_DE.UTF-8", &jobs)
	m.Print(Report{Key: "broken", Name: "Broken", Ext: "pdf"})
	if len(jobs) != 0 || len(*errs) != 1 || work.Sentence((*errs)[0]) != "The printer is out of paper" {
		t.Errorf("jobs %v, errors %v", jobs, *errs)
	}
}

// With no way to print (no lp, nothing to open a PDF with), Print says in
// one sentence that nothing was printed, and its dialog offers Save as
// PDF, which asks where to save the same report.
func TestPrintWithNoPrintPathOffersSaveAsPDF(t *testing.T) {
	var jobs []printed
	m, errs := newTestPrintMenu(t, "en_GB", &jobs)
	nothing := func(string) (string, error) { return "", errors.New("not found") }
	m.printFile = func(_ context.Context, path, title string) (string, error) {
		job, err := printCommand("linux", nothing, path, title)
		if err == nil {
			t.Errorf("a job %v with no program", job)
		}
		return "", err
	}
	m.Print(Report{Key: "standings", Name: "Standings", Ext: "pdf"})
	errs.None(t)
	const want = "Nothing was printed: this computer has no print command (lp) and no program to open a PDF with."
	if m.lastPrint != want {
		t.Errorf("told %q, want %q", m.lastPrint, want)
	}
	c := m.win.Canvas()
	top := c.Overlays().Top()
	if top == nil || !uitest.HasText(top, want) {
		t.Fatalf("no dialog says nothing was printed: %q", uitest.Texts(top))
	}
	save := uitest.Button(t, top, "Save as PDF…", 0)
	if b, ok := c.Focused().(*keys.Button); !ok || b.Text != "Save as PDF…" {
		t.Errorf("Enter is not on Save as PDF…")
	}
	test.Tap(save)
	if top = c.Overlays().Top(); top == nil || !uitest.HasText(top, "Save a file") {
		t.Fatalf("Save as PDF… did not ask where to save: %q", uitest.Texts(top))
	}
	if !hasEntryText(top, "Print night - standings.pdf") {
		t.Errorf("the save dialog does not suggest the report's file name: %q", uitest.Texts(top))
	}
}

// hasEntryText reports whether an entry under o holds text.
func hasEntryText(o fyne.CanvasObject, text string) bool {
	for _, x := range uitest.Objects(o) {
		if e, ok := x.(*keys.Entry); ok && e.Text == text {
			return true
		}
		if e, ok := x.(*widget.Entry); ok && e.Text == text {
			return true
		}
	}
	return false
}

// How each system prints: lp wherever CUPS is (Linux, macOS), the PDF
// program's Print verb on Windows, else the viewer, else nothing.
func TestPrintCommand(t *testing.T) {
	const path = `/tmp/tk/Bob's night - pairings.pdf`
	for _, c := range []struct {
		name, goos string
		has        []string
		want       string // the command line, "" for none
		keep       bool
	}{
		{"Linux with CUPS", "linux", []string{"lp", "xdg-open"}, "lp -t T -- " + path, false},
		{"macOS", "darwin", []string{"lp", "open"}, "lp -t T -- " + path, false},
		{"FreeBSD with CUPS", "freebsd", []string{"lp"}, "lp -t T -- " + path, false},
		{"Linux without lp", "linux", []string{"xdg-open"}, "xdg-open " + path, true},
		{"macOS without lp", "darwin", []string{"open"}, "open " + path, true},
		{"Windows", "windows", []string{"powershell", "lp"}, "powershell -NoProfile -NonInteractive -Command Start-Process -FilePath '/tmp/tk/Bob''s night - pairings.pdf' -Verb Print", true},
		{"Linux with nothing", "linux", nil, "", false},
		{"Windows without PowerShell", "windows", []string{"lp", "rundll32"}, "rundll32 url.dll,FileProtocolHandler " + path, true},
		{"Windows with nothing", "windows", []string{"lp"}, "", false},
	} {
		look := func(name string) (string, error) {
			if slices.Contains(c.has, name) {
				return "/usr/bin/" + name, nil
			}
			return "", errors.New("not found")
		}
		job, err := printCommand(c.goos, look, path, "T")
		if c.want == "" {
			if err == nil || !notPrinted(err) || !strings.HasPrefix(work.Sentence(err), "Nothing was printed: ") {
				t.Errorf("%s: job %v, error %v", c.name, job.args, err)
			}
			continue
		}
		if got := strings.Join(job.args, " "); err != nil || got != c.want || job.keep != c.keep || job.how == "" {
			t.Errorf("%s: %q keep %v (%v), want %q keep %v", c.name, got, job.keep, err, c.want, c.keep)
		}
	}
}

// Windows prints with the PDF program's Print verb and, when no program
// has one, opens the PDF in the viewer: the fallback is the same file
// opened without the verb.
func TestPrintCommandOnWindowsFallsBackToTheViewer(t *testing.T) {
	const path = `C:\Users\Bob\AppData\Local\Temp\tablekeeper-print-1\night.pdf`
	look := func(string) (string, error) { return `C:\Windows\System32\x.exe`, nil }
	job, err := printCommand("windows", look, path, "T")
	if err != nil || job.fallback == nil {
		t.Fatalf("job %+v, %v: want a fallback", job, err)
	}
	want := "powershell -NoProfile -NonInteractive -Command Start-Process -FilePath '" + path + "'"
	if got := strings.Join(job.fallback.args, " "); got != want || !job.fallback.keep {
		t.Errorf("fallback %q keep %v, want %q kept", got, job.fallback.keep, want)
	}
	if strings.Contains(job.how, "sent") || !strings.Contains(job.fallback.how, "print it from there") {
		t.Errorf("told %q, then %q", job.how, job.fallback.how)
	}
}

// runPrint says what the command that worked did: the printer's
// sentence when printing worked, the viewer's when only opening did,
// never a print when none happened; and a PDF lp spooled goes at once.
func TestRunPrint(t *testing.T) {
	printJ := printJob{args: []string{"powershell", "print"}, how: "handed to print", keep: true,
		fallback: &printJob{args: []string{"powershell", "open"}, how: "opened", keep: true}}
	fails := func(word string) func(context.Context, []string) ([]byte, error) {
		return func(_ context.Context, args []string) ([]byte, error) {
			if word == "" || args[1] == word {
				return []byte("Start-Process : no application is associated"), errors.New("exit status 1")
			}
			return nil, nil
		}
	}
	for _, c := range []struct {
		name, fail, want string
	}{
		{"prints", "none", "handed to print"},
		{"only opens", "print", "opened"},
		{"neither", "", ""},
	} {
		dir := t.TempDir()
		path := filepath.Join(dir, "x.pdf")
		how, err := runPrint(t.Context(), printJ, path, fails(c.fail))
		if how != c.want || (c.want == "") != (err != nil) {
			t.Errorf("%s: told %q, %v", c.name, how, err)
		}
		if err != nil && !notPrinted(err) {
			t.Errorf("%s: %q is not a print failure (its dialog offers Save as PDF)", c.name, work.Sentence(err))
		}
		if _, err := os.Stat(dir); err != nil {
			t.Errorf("%s: the viewer's PDF went before it was read", c.name)
		}
	}
	dir := filepath.Join(t.TempDir(), "tablekeeper-print-1")
	if err := os.Mkdir(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	lp := printJob{args: []string{"lp", "x"}, how: "sent"}
	if how, err := runPrint(t.Context(), lp, filepath.Join(dir, "x.pdf"), fails("none")); how != "sent" || err != nil {
		t.Errorf("lp: %q, %v", how, err)
	}
	if _, err := os.Stat(dir); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("the PDF lp spooled stayed: %v", err)
	}
}

// The temporary PDFs a viewer kept are removed by a later Print once an
// hour old; a recent one, and any other folder, stay.
func TestSweepPrints(t *testing.T) {
	tmp := t.TempDir()
	now := time.Date(2026, 11, 27, 20, 0, 0, 0, time.UTC)
	for name, age := range map[string]time.Duration{
		"tablekeeper-print-old": 2 * time.Hour, "tablekeeper-print-new": 10 * time.Minute, "other-old": 5 * time.Hour,
	} {
		dir := filepath.Join(tmp, name)
		if err := os.Mkdir(dir, 0o700); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "x.pdf"), []byte("%PDF"), 0o600); err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(dir, now.Add(-age), now.Add(-age)); err != nil {
			t.Fatal(err)
		}
	}
	sweepPrints(tmp, now)
	for name, stays := range map[string]bool{"tablekeeper-print-old": false, "tablekeeper-print-new": true, "other-old": true} {
		if _, err := os.Stat(filepath.Join(tmp, name)); (err == nil) != stays {
			t.Errorf("%s: stays %v, want %v", name, err == nil, stays)
		}
	}
}

// A refused print job says in one sentence what happened and what to
// check, never the command's own words, and is a print failure (its
// dialog offers Save as PDF).
func TestPrintErrorIsASentence(t *testing.T) {
	for _, c := range []struct{ command, output, want string }{
		{"lp", "lp: Error - no default destination available.\n", "Nothing was printed: no default printer is set up on this computer (choose one in the system's printer settings)."},
		{"lp", "lp: The printer or class does not exist.", "Nothing was printed: the printer did not take the job (check that it is on, connected and set up)."},
		{"powershell", "Start-Process : This command cannot be run because no application is associated…", "Nothing was printed: Windows found no program to print a PDF with (install a PDF reader and make it the default for PDF files)."},
		{"xdg-open", "", "Nothing was printed: the printer did not take the job (check that it is on, connected and set up)."},
	} {
		err := printError(c.command, c.output)
		if got := work.Sentence(err); got != c.want || !notPrinted(err) {
			t.Errorf("%s %q: %q (a print failure: %v)", c.command, c.output, got, notPrinted(err))
		}
	}
}

// Issue 11 §5: Save as PDF… to a folder that does not exist (as when a
// whole path is typed as the file's name) or may not be written says so
// in a sentence naming the folder, never a raw error.
func TestSaveErrorIsASentence(t *testing.T) {
	test.NewTempApp(t)
	missing := filepath.Join(t.TempDir(), "home", "ada", "Documents")
	_, dialogErr := storage.Writer(storage.NewFileURI(filepath.Join(missing, "pairings.pdf")))
	if dialogErr == nil {
		t.Fatal("writing into a missing folder did not fail")
	}
	for _, c := range []struct {
		name string
		err  error
		want string
	}{
		{"the save dialog's error for a missing folder", dialogErr, "The file could not be saved because the folder " + missing + " does not exist: choose the folder in the dialog, then type only the file's name"},
		{"permission", &fs.PathError{Op: "open", Path: "/srv/reports/x.pdf", Err: fs.ErrPermission}, "Tablekeeper may not write in the folder /srv/reports: choose another folder"},
		{"anything else", errors.New("write /mnt/usb/x.pdf: input/output error"), "The file could not be saved in the folder chosen: choose another folder or name"},
		{"Tablekeeper's own", event.Invalidf("Cannot write over a database."), "Cannot write over a database."},
	} {
		got := work.Sentence(saveError(c.err))
		if !strings.HasPrefix(got, c.want) {
			t.Errorf("%s: %q", c.name, got)
		}
	}
}

// The paper follows the locale (Letter in the US and Canada, A4
// elsewhere) until the organizer chooses one, which is kept.
func TestPaperFollowsTheLocaleUntilChosen(t *testing.T) {
	for _, c := range []struct{ locale, stored, want string }{
		{"en_US.UTF-8", "", "Letter"},
		{"fr_CA.UTF-8", "", "Letter"},
		{"en-GB", "", "A4"},
		{"C.UTF-8", "", "A4"},
		{"en_US.UTF-8", "A4", "A4"},
		{"de_DE.UTF-8", "Letter", "Letter"},
	} {
		var jobs []printed
		m, _ := newTestPrintMenu(t, c.locale, &jobs)
		if c.stored != "" {
			m.app.Preferences().SetString(prefs.KeyPaper, c.stored)
		}
		if got := m.paper(); got != c.want {
			t.Errorf("locale %q, stored %q: %s, want %s", c.locale, c.stored, got, c.want)
		}
	}
}

// The menu prints each PDF report, and saves any report through Save as
// PDF and Save as CSV.
func TestPrintMenuOffersPrintAndSave(t *testing.T) {
	var jobs []printed
	m, _ := newTestPrintMenu(t, "en_US", &jobs)
	m.p = csvPrinter{m.p}
	var labels []string
	children := map[string][]string{}
	for _, it := range m.menuItems() {
		labels = append(labels, it.Label)
		if it.ChildMenu != nil {
			for _, c := range it.ChildMenu.Items {
				children[it.Label] = append(children[it.Label], c.Label)
			}
		}
	}
	for _, want := range []string{"Print match slips", "Print standings", "Save as PDF", "Save as CSV", "Back up the database…", "Paper: Letter (switch to A4)"} {
		if !slices.Contains(labels, want) {
			t.Errorf("no %q in %q", want, labels)
		}
	}
	if slices.Contains(labels, "Print players") {
		t.Error("a CSV offered to the printer")
	}
	if !slices.Equal(children["Save as PDF"], []string{"Match slips…", "Standings…"}) || !slices.Equal(children["Save as CSV"], []string{"Players…"}) {
		t.Errorf("save menus %q", children)
	}
}

// csvPrinter adds a CSV report to a printer's.
type csvPrinter struct{ Printer }

func (p csvPrinter) Reports() []Report {
	return append(p.Printer.Reports(), Report{Key: "players-csv", Name: "Players", Ext: "csv"})
}
