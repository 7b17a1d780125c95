package registration

import (
	"context"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/ui/internal/keys"
	"tablekeeper/ui/internal/toggle"
	"tablekeeper/ui/internal/tr"
	"tablekeeper/ui/internal/work"
)

// Phones is what the Player codes dialog calls of the director's Phones:
// a player's code, drawn the first time it is asked for, each showing
// logged in the event's activity log.
type Phones interface {
	RevealPlayerCode(ctx context.Context, entry event.EntryID, how director.CodeReveal) (director.PlayerCredential, error)
}

// codesDialog shows the organizer a player's code (issue 22), on demand
// and one player at a time: the code signs a phone in as her, so it is on
// no list, projector or public page; the organizer tells it to a player
// who lost it, or prints her slip (or everyone's).
type codesDialog struct {
	s *Screen

	players []event.Entry
	current event.Entry
	seq     int // numbers reads so a slow answer never replaces a newer one

	list     *keys.List
	who      *widget.Label
	code     *widget.Label
	why      *widget.Label
	printOne *keys.Button
	printAll *keys.Button
	// right holds who, the code and the buttons: laid out again when
	// they change (a long name wraps to two lines).
	right  *fyne.Container
	dialog *dialog.CustomDialog
	// unkey gives the window's keys back when the dialog closes (Esc
	// closes it while it is open).
	unkey func()
}

// SetPrintSlips shows the dialog's print buttons, which call fn with a
// player's entry (her slip) or 0 (every player's); nil hides them.
func (s *Screen) SetPrintSlips(fn func(entry event.EntryID)) {
	s.onPrintSlips = fn
	if s.codes != nil {
		s.codes.refreshButtons()
	}
}

func newCodesDialog(s *Screen) *codesDialog {
	g := &codesDialog{s: s}
	g.list = keys.NewList(func() int { return len(g.players) },
		func() fyne.CanvasObject {
			return &widget.Label{Truncation: fyne.TextTruncateEllipsis}
		},
		func(i widget.ListItemID, o fyne.CanvasObject) {
			if i < len(g.players) {
				o.(*widget.Label).SetText(g.players[i].Name)
			}
		})
	g.list.OnSelected = g.onSelected
	g.who = &widget.Label{TextStyle: fyne.TextStyle{Bold: true}, Wrapping: fyne.TextWrapWord, Text: tr.L("Pick a player on the left to see her player code.")}
	g.code = &widget.Label{SizeName: theme.SizeNameHeadingText, TextStyle: fyne.TextStyle{Monospace: true}}
	g.why = &widget.Label{Wrapping: fyne.TextWrapWord, Importance: widget.LowImportance,
		Text: tr.L("A player signs in on her phone with her code to send her decklist, confirm results and ask to drop. It is printed on her slip, and the kiosk shows it only to a new player as she signs up; tell it to her only, never aloud to the room. Each code shown here is noted in the Log tab.")}
	g.printOne = keys.NewButton(tr.L("Print her slip"), theme.DocumentPrintIcon(), func() {
		if g.current.ID != 0 && g.s.onPrintSlips != nil {
			g.s.onPrintSlips(g.current.ID)
		}
	})
	g.printAll = keys.NewButton(tr.L("Print every player's slip"), theme.DocumentPrintIcon(), func() {
		if g.s.onPrintSlips != nil {
			g.s.onPrintSlips(0)
		}
	})
	left := container.NewBorder(&widget.Label{Text: tr.L("Players"), TextStyle: fyne.TextStyle{Bold: true}}, nil, nil, nil, g.list)
	g.right = container.NewVBox(g.who, g.code, g.printOne, widget.NewSeparator(), g.why, container.NewHBox(g.printAll))
	split := container.NewHSplit(left, g.right)
	split.Offset = 0.35
	closeButton := keys.NewButton(tr.L("Close"), theme.CancelIcon(), func() { g.dialog.Hide() })
	g.dialog = dialog.NewCustomWithoutButtons(tr.L("Player codes"), split, s.win)
	g.dialog.SetButtons([]fyne.CanvasObject{closeButton})
	// Esc closes it wherever the focus is.
	g.list.OnEscape, g.printOne.OnEscape, g.printAll.OnEscape, closeButton.OnEscape = g.close, g.close, g.close, g.close
	// Closed, it forgets the code it showed.
	g.dialog.SetOnClosed(func() {
		g.clear()
		if g.unkey != nil {
			g.unkey()
			g.unkey = nil
		}
	})
	return g
}

// ShowPlayerCodes opens the Player codes dialog.
func (s *Screen) ShowPlayerCodes() {
	if s.codes == nil {
		s.codes = newCodesDialog(s)
	}
	s.codes.open()
}

func (g *codesDialog) open() {
	g.players = append(g.players[:0], g.s.entries...)
	g.clear()
	g.list.UnselectAll()
	g.list.Refresh()
	g.dialog.Resize(fyne.NewSize(min(g.s.win.Canvas().Size().Width-40, 760), min(g.s.win.Canvas().Size().Height-40, 520)))
	g.dialog.Show()
	if g.unkey == nil {
		g.unkey = keys.EscapeDismisses(g.s.win, g.close)
	}
}

// close closes the dialog (Esc, or its Close button).
func (g *codesDialog) close() { g.dialog.Hide() }

// clear shows no player and no code.
func (g *codesDialog) clear() {
	g.seq++
	g.current = event.Entry{}
	g.who.SetText(tr.L("Pick a player on the left to see her player code."))
	g.code.SetText("")
	g.refreshButtons()
}

func (g *codesDialog) refreshButtons() {
	toggle.Visible(g.printOne, g.s.onPrintSlips != nil)
	toggle.Visible(g.printAll, g.s.onPrintSlips != nil)
	if g.current.ID == 0 {
		g.printOne.Disable()
	} else {
		g.printOne.Enable()
	}
	g.right.Refresh()
}

func (g *codesDialog) onSelected(i widget.ListItemID) {
	cd := g.s.d.Phones
	if cd == nil || i < 0 || i >= len(g.players) {
		return
	}
	en := g.players[i]
	g.seq++
	seq := g.seq
	work.Call(g.s.run, func(ctx context.Context) (director.PlayerCredential, error) {
		return cd.RevealPlayerCode(ctx, en.ID, director.CodeReveal{Via: director.RevealDesk})
	}, func(c director.PlayerCredential, err error) {
		if seq != g.seq {
			return
		}
		if err != nil {
			g.s.alert(err)
			return
		}
		g.current = en
		g.who.SetText(tr.F("%s's player code", en.Name))
		g.code.SetText(director.FormatPlayerCode(c.Code))
		g.refreshButtons()
	})
}
