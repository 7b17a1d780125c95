// Package files shows the toolkit's file dialogs in the organizer's
// language.
//
// Fyne's file dialog takes most of its words from its lang bundle, which
// tr.Setup loads with our translation files: when the language chosen is
// not the system's, the system's locale answers from our file alone, so the
// words the dialog asks for ("File", "New Folder", "Enter filename"…) are
// kept in our files too (below). Its title joins two words ("Save" +
// "File": "Enregistrer File" or "Enregistrer Fichier"), so Save and Open
// set a whole title of their own; and it names its places in English
// ("Home", "Computer", "Desktop"…), so Show says them again in the
// organizer's language once the dialog is built.
package files

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/ui/internal/keys"
	"tablekeeper/ui/internal/tr"
)

// These are the keys Fyne's file dialog says through its lang
// bundle (fyne.io/fyne/v2/dialog, file.go and fileitem.go), kept in our
// translation files so the dialog speaks the screens' language whatever
// the system's.
var _ = []string{
	tr.K("Open"), tr.K("Save"), tr.K("Cancel"), tr.K("File"), tr.K("Folder"),
	tr.K("Enter filename"), tr.K("New Folder"), tr.K("Create Folder"),
	tr.K("Show Hidden Files"), tr.K("file.name"), tr.K("file.parent"),
}

// places are the names Fyne gives the dialog's places, which it never
// translates, and how each is said.
var places = map[string]string{
	"Home":      tr.K("Home"),
	"Computer":  tr.K("Computer"),
	"App Files": tr.K("App Files"),
	"Desktop":   tr.K("Desktop"),
	"Documents": tr.K("Documents"),
	"Downloads": tr.K("Downloads"),
	"Music":     tr.K("Music"),
	"Pictures":  tr.K("Pictures"),
	"Videos":    tr.K("Videos"),
	"Movies":    tr.K("Movies"),
}

// Save returns a dialog that asks where to save a file, titled in the
// screens' language; show it with Show.
func Save(callback func(fyne.URIWriteCloser, error), win fyne.Window) *dialog.FileDialog {
	return worded(dialog.NewFileSave(callback, win), tr.L("Save a file"), tr.L("Save"))
}

// Open returns a dialog that asks for a file to open, titled in the
// screens' language; show it with Show.
func Open(callback func(fyne.URIReadCloser, error), win fyne.Window) *dialog.FileDialog {
	return worded(dialog.NewFileOpen(callback, win), tr.L("Open a file"), tr.L("Open"))
}

// worded gives a file dialog its title and confirm button's word, and
// Cancel to dismiss it.
func worded(d *dialog.FileDialog, title, confirm string) *dialog.FileDialog {
	d.SetTitleText(title)
	d.SetConfirmText(confirm)
	d.SetDismissText(tr.L("Cancel"))
	return d
}

// Show shows d over win, says its places in the screens' language, and
// makes Esc cancel it, as it does every other dialog of the desk.
func Show(d *dialog.FileDialog, win fyne.Window) {
	d.Show()
	if top := win.Canvas().Overlays().Top(); top != nil {
		walk(top, sayPlaces, widenPlaces)
		escape(d, win, top)
	}
}

// escape makes Esc dismiss d, shown as the overlay top. Fyne's file
// dialog ignores Esc: with nothing focused (Open) the key goes to the
// window's canvas, which passes it on here; in Save the cursor is in the
// file name, a Fyne entry that swallows Esc, so an entry of ours that
// passes Esc on takes its place and keeps the dialog's in step, the one
// the dialog reads when it saves.
func escape(d *dialog.FileDialog, win fyne.Window, top fyne.CanvasObject) {
	c := win.Canvas()
	prev := c.OnTypedKey()
	c.SetOnTypedKey(func(ev *fyne.KeyEvent) {
		if ev.Name == fyne.KeyEscape && c.Overlays().Top() == top {
			d.Dismiss()
			return
		}
		if prev != nil {
			prev(ev)
		}
	})
	d.SetOnClosed(func() { c.SetOnTypedKey(prev) })

	scroll, name := fileName(top)
	if name == nil {
		return
	}
	proxy := keys.NewEntry(name.PlaceHolder)
	proxy.SetText(name.Text)
	proxy.OnKey = map[fyne.KeyName]func(){fyne.KeyEscape: d.Dismiss}
	proxy.OnSubmitted = name.OnSubmitted
	proxy.OnChanged = func(s string) {
		if name.Text != s {
			name.SetText(s)
		}
	}
	// The dialog sets its entry when a file is clicked: the proxy follows.
	changed := name.OnChanged
	name.OnChanged = func(s string) {
		if changed != nil {
			changed(s)
		}
		if proxy.Text != s {
			proxy.SetText(s)
		}
	}
	scroll.Content = proxy
	scroll.Refresh()
	c.Focus(proxy)
}

// fileName finds the Save dialog's file-name entry under o, and the
// scroller that holds it.
func fileName(o fyne.CanvasObject) (*container.Scroll, *widget.Entry) {
	switch x := o.(type) {
	case *widget.PopUp:
		return fileName(x.Content)
	case *fyne.Container:
		for _, c := range x.Objects {
			if s, e := fileName(c); e != nil {
				return s, e
			}
		}
	case *container.Split:
		if s, e := fileName(x.Leading); e != nil {
			return s, e
		}
		return fileName(x.Trailing)
	case *container.Scroll:
		if e, ok := x.Content.(*widget.Entry); ok {
			return x, e
		}
		return fileName(x.Content)
	}
	return nil, nil
}

// widenPlaces makes the places list of split wide enough for the longest
// place said ("Dossier personnel" is wider than Fyne's "Home", and the
// list keeps the width of its English template).
func widenPlaces(split *container.Split) {
	if _, ok := split.Leading.(*widget.List); !ok || split.Size().Width <= 0 {
		return
	}
	var widest float32
	for _, key := range places {
		widest = max(widest, fyne.MeasureText(tr.L(key), theme.TextSize(), fyne.TextStyle{}).Width)
	}
	// The row's icon, the label's padding on both sides and the list's
	// scroll bar come on top of the text.
	need := widest + theme.IconInlineSize() + 4*theme.InnerPadding() + 2*theme.Padding() + theme.ScrollBarSize()
	if offset := float64(need / split.Size().Width); offset > split.Offset {
		split.SetOffset(min(offset, 0.5))
	}
}

// sayPlaces makes the places list say each place it shows through
// places: Fyne sets a row's text whenever it shows the row, so the list's
// own update runs first and the name is said after it.
func sayPlaces(l *widget.List) {
	update := l.UpdateItem
	if update == nil {
		return
	}
	l.UpdateItem = func(id widget.ListItemID, item fyne.CanvasObject) {
		update(id, item)
		if row, ok := item.(*fyne.Container); ok {
			for _, o := range row.Objects {
				if label, ok := o.(*widget.Label); ok {
					if key, ok := places[label.Text]; ok {
						label.SetText(tr.L(key))
					}
				}
			}
		}
	}
	l.Refresh()
}

// walk calls list for every list and split for every split under o,
// through the containers the file dialog is built of.
func walk(o fyne.CanvasObject, list func(*widget.List), split func(*container.Split)) {
	switch x := o.(type) {
	case *widget.List:
		list(x)
	case *widget.PopUp:
		walk(x.Content, list, split)
	case *fyne.Container:
		for _, c := range x.Objects {
			walk(c, list, split)
		}
	case *container.Split:
		split(x)
		walk(x.Leading, list, split)
		walk(x.Trailing, list, split)
	case *container.Scroll:
		walk(x.Content, list, split)
	}
}

// SaveTo returns a Save dialog (titled as Save titles it) that hands the
// path chosen to write. The dialog makes an empty file there; SaveTo
// closes it and write writes the file afresh. A dialog that fails goes to
// fail; a cancelled one does nothing.
func SaveTo(win fyne.Window, fail func(error), write func(path string)) *dialog.FileDialog {
	return Save(func(w fyne.URIWriteCloser, err error) {
		if err != nil {
			fail(err)
			return
		}
		if w == nil {
			return
		}
		path := w.URI().Path()
		_ = w.Close()
		write(path)
	}, win)
}
