// Package startup is the window Tablekeeper shows when it cannot open its
// database at start: a desktop icon that does nothing would leave the
// organizer guessing, so each bad start says what is wrong, what to do,
// and offers the one action that fits (create the database, or quit).
package startup

import (
	"context"
	"errors"
	"image/color"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/core/store"
	"tablekeeper/ui/internal/tr"
)

// Problem is what the window says.
type Problem struct {
	// Title is the window's heading ("Tablekeeper cannot open its database").
	Title string
	// Message says what is wrong, naming the file.
	Message string
	// Advice says what to do about it.
	Advice string
	// Create, when set, offers to create a new database (the file is
	// missing): it is called when the organizer chooses to.
	Create func()
}

// Show makes the window for p on a, with Enter on the default action and
// Esc or closing the window to quit; the caller shows it and runs the app.
// It is not the master window: once a database is created the main window
// takes over and this one closes.
func Show(a fyne.App, p Problem) fyne.Window {
	w := a.NewWindow("Tablekeeper")
	w.SetContent(Content(p, w, a.Quit))
	w.Resize(fyne.NewSize(620, 300))
	w.CenterOnScreen()
	return w
}

// Content builds the window's content; quit closes the app.
func Content(p Problem, w fyne.Window, quit func()) fyne.CanvasObject {
	title := &widget.Label{Text: p.Title, TextStyle: fyne.TextStyle{Bold: true}, SizeName: theme.SizeNameSubHeadingText, Wrapping: fyne.TextWrapWord}
	msg := &widget.Label{Text: p.Message, Wrapping: fyne.TextWrapWord}
	advice := &widget.Label{Text: p.Advice, Wrapping: fyne.TextWrapWord}
	quitButton := &widget.Button{Text: tr.L("Quit"), Icon: theme.CancelIcon(), OnTapped: quit}
	buttons := []fyne.CanvasObject{quitButton}
	def := quit
	if p.Create != nil {
		create := &widget.Button{Text: tr.L("Create a new database here"), Icon: theme.ContentAddIcon(), Importance: widget.HighImportance}
		create.OnTapped = func() {
			create.Disable()
			p.Create()
		}
		buttons = append([]fyne.CanvasObject{create}, buttons...)
		def = create.OnTapped
	}
	w.Canvas().SetOnTypedKey(func(k *fyne.KeyEvent) {
		switch k.Name {
		case fyne.KeyReturn, fyne.KeyEnter:
			def()
		case fyne.KeyEscape:
			quit()
		}
	})
	w.SetCloseIntercept(quit)
	icon := widget.NewIcon(theme.ErrorIcon())
	if p.Create != nil {
		icon = widget.NewIcon(theme.QuestionIcon())
	}
	// Wrapped labels ask for the width they are given: the strut keeps
	// the text from folding a word a line before the window has a size.
	strut := canvas.NewRectangle(color.Transparent)
	strut.SetMinSize(fyne.NewSize(520, 0))
	body := container.NewVBox(strut, title, msg, widget.NewSeparator(), advice)
	return container.NewPadded(container.NewBorder(nil, container.NewHBox(layout.NewSpacer(), container.NewHBox(buttons...)), container.NewVBox(icon), nil, body))
}

// Title heads every window of a bad start.
var Title = tr.K("Tablekeeper cannot open its database")

// Missing asks before a new database is made where --db names no file: a
// mistyped path must not silently start an empty event list.
func Missing(path string) Problem {
	return Problem{
		Title:   tr.L("No database at this path"),
		Message: tr.F("There is no Tablekeeper database at %s.", path),
		Advice:  tr.F("If the path is mistyped, quit and start again with the right --db path (your events are still in the file you meant). Otherwise Tablekeeper can create a new, empty database here, in %s.", filepath.Dir(path)),
	}
}

// Empty asks before a new database is made in an empty file at path: a
// failed copy or a broken backup leaves a 0-byte file, which SQLite would
// quietly take for a new database and start an empty event list in.
func Empty(path string) Problem {
	return Problem{
		Title:   tr.L("The database file is empty"),
		Message: tr.F("%s is empty (0 bytes): it holds no events. A copy or a backup that failed leaves such a file.", path),
		Advice:  tr.L("If your events are in another file or in a backup, quit and start again with --db and that file's path (the backups folder beside the database keeps a copy for each published round). Otherwise Tablekeeper can create a new, empty database in this file."),
	}
}

// ForError turns a failed open of the database at path into the window's
// sentences: what is wrong and what to do, for each kind of bad start.
func ForError(path string, err error) Problem {
	p := Problem{Title: tr.L(Title), Message: tr.Err(err)}
	backups := tr.L("Or open the newest copy in the backups folder beside it (Tablekeeper keeps one for each published round) with --db.")
	var pe *fs.PathError
	switch {
	case errors.Is(err, store.ErrLocked):
		p.Advice = tr.L("Close the other Tablekeeper first: look for its window on another desktop or minimised, then start again.")
	case errors.Is(err, store.ErrLinked):
		// The sentence says how to make the copy; a backup is the other way.
		p.Advice = backups
	case errors.Is(err, store.ErrTooNew):
		p.Advice = tr.L("Install the newer Tablekeeper that wrote this file, or open a backup made before it.")
	case strings.Contains(err.Error(), "it is a folder") || strings.Contains(err.Error(), "is a directory") || strings.Contains(err.Error(), "not a directory"):
		p.Advice = tr.L("Check the --db path: it must name a database file, not a folder.")
	case errors.Is(err, store.ErrNotTablekeeper):
		p.Advice = tr.L("Check the --db path: it must name a Tablekeeper database (.db). The file was left as it is.") + " " + backups
	case errors.Is(err, fs.ErrPermission):
		p.Advice = tr.L("Your account may not read or write this file or its folder: ask whoever set up this computer, or copy the file into your own folder and open the copy.")
	case strings.Contains(strings.ToLower(err.Error()), "malformed") || strings.Contains(strings.ToLower(err.Error()), "corrupt"):
		p.Advice = tr.L("The file is damaged.") + " " + backups
	case errors.As(err, &pe):
		p.Advice = tr.F("Check the --db path: Tablekeeper could not reach that file (%s).", pe.Err.Error())
	default:
		p.Advice = tr.L("Check the --db path.") + " " + backups
	}
	if path != "" && !strings.Contains(p.Message, path) {
		p.Message = tr.F("%s: %s", path, p.Message)
	}
	return p
}

// Offer shows the window for p on a and returns it; create, when given,
// is what its Create button does, and a failure replaces the window's text
// with why.
func Offer(a fyne.App, p Problem, create func() error) fyne.Window {
	var w fyne.Window
	if create != nil {
		p.Create = func() {
			if err := create(); err != nil {
				w.SetContent(Content(ForError("", err), w, a.Quit))
				return
			}
			w.Close()
		}
	}
	w = Show(a, p)
	w.Show()
	return w
}

// Open opens the window's database: as its one writer, or, when the file
// cannot be written (a read-only file, a backup on a locked medium),
// read-only, with the sentence the window's banner shows.
//
// A database that is one laptop's copy of an event run by several laptops
// (it has applied a unit of a cluster's log) opens read-only too: its
// changes go through the Tablekeeper that serves it (serve
// --cluster-addr), and the window would otherwise refuse each one. But
// when rejoins says the window itself ran it in its cluster (the window
// saved its address there), it opens writable: the window takes part in
// the cluster again, and its changes go through it.
func Open(path string, rejoins func(path string) bool) (st *store.DB, readOnly string, err error) {
	if store.Writable(path) {
		if st, err = store.Open(path); err != nil {
			return nil, "", err
		}
		idx, _, err := st.AppliedIndex(context.Background())
		if err != nil || idx == 0 || rejoins != nil && rejoins(path) {
			return st, "", err
		}
		if err := st.Close(); err != nil {
			return nil, "", err
		}
		if st, err = store.OpenReadOnly(path); err != nil {
			return nil, "", err
		}
		return st, tr.F("%s is this laptop's copy of an event run by several laptops, so you can look and print here but not change anything: changes are made through the Tablekeeper that serves it (serve --cluster-addr).", path), nil
	}
	if st, err = store.OpenReadOnly(path); err != nil {
		return nil, "", err
	}
	return st, tr.F("%s cannot be written, so you can look and print but not change anything. To make changes, copy the file somewhere you can write and open the copy.", path), nil
}

// Run opens the window's database at path with open and runs a: when ask
// is set (the path was named on the command line) and there is no file
// there, it first asks before creating one, since a mistyped --db must not
// quietly make folders and a new database; an empty file is asked about
// the same way, named or not; a failed open shows the window
// that says what to do, and is returned once the app ends.
func Run(a fyne.App, path string, ask bool, open func() error) error {
	info, err := os.Stat(path)
	switch {
	case ask && errors.Is(err, fs.ErrNotExist):
		Offer(a, Missing(path), open)
		a.Run()
		return nil
	case err == nil && info.Mode().IsRegular() && info.Size() == 0:
		// Asked whether or not the path was named: the app-data folder's
		// file can be the broken copy too.
		Offer(a, Empty(path), open)
		a.Run()
		return nil
	}
	if err := open(); err != nil {
		Offer(a, ForError(path, err), nil)
		a.Run()
		return err
	}
	a.Run()
	return nil
}
