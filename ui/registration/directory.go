package registration

import (
	"context"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/ui/internal/keys"
	"tablekeeper/ui/internal/tr"
	"tablekeeper/ui/internal/work"
)

// Directory is what the directory player dialog calls of the director's
// Directory: a player's corrected name, member number and e-mail, the
// merge of a player entered twice, and the directory's log of both.
type Directory interface {
	EditPlayer(ctx context.Context, id event.PlayerID, ed director.PlayerEdit) (event.Player, error)
	MergePlayers(ctx context.Context, gone, keep event.PlayerID) (director.Merged, error)
	DirectoryLog(ctx context.Context, id event.PlayerID) ([]event.DirectoryLogEntry, error)
}

// playerDialog corrects one directory player: her name (a typo at
// sign-up), member number and e-mail, or merges into her another player
// who is the same person entered twice. Each asks before it saves.
type playerDialog struct {
	s  *Screen
	dd Directory

	player event.Player
	others []event.Player // the search's players, her left out
	picked event.Player   // the other player to merge into her
	seq    int

	name, member, email *keys.Entry
	search              *keys.Entry
	list                *keys.List
	mergeButton         *keys.Button
	history             *widget.Label
	dialog              *dialog.CustomDialog
	unkey               func()
	// confirm is the open question, if any.
	confirm *keys.Confirm
}

func newPlayerDialog(s *Screen, dd Directory) *playerDialog {
	g := &playerDialog{s: s, dd: dd}
	g.name = keys.NewFormEntry(tr.L("Name"), func(string) { g.askSave() }, g.close)
	g.member = keys.NewFormEntry(tr.L("Member number (optional)"), func(string) { g.askSave() }, g.close)
	g.email = keys.NewFormEntry(tr.L("E-mail (optional)"), func(string) { g.askSave() }, g.close)
	save := keys.NewButton(tr.L("Save"), theme.DocumentSaveIcon(), g.askSave)
	save.Importance = widget.HighImportance
	g.search = keys.NewFormEntry(tr.L("Find the same person entered twice"), nil, g.close)
	g.search.OnChanged = g.find
	g.list = keys.NewList(func() int { return len(g.others) },
		func() fyne.CanvasObject { return &widget.Label{Truncation: fyne.TextTruncateEllipsis} },
		func(i widget.ListItemID, o fyne.CanvasObject) {
			if i < len(g.others) {
				o.(*widget.Label).SetText(playerLine(g.others[i]))
			}
		})
	g.list.OnSelected = func(i widget.ListItemID) {
		if i >= 0 && i < len(g.others) {
			g.picked = g.others[i]
			g.mergeButton.Enable()
		}
	}
	g.list.OnEscape = g.close
	g.mergeButton = keys.NewButton(tr.L("Merge into this player…"), theme.ContentRedoIcon(), g.askMerge)
	g.history = &widget.Label{Wrapping: fyne.TextWrapWord, Importance: widget.LowImportance}
	closeButton := keys.NewButton(tr.L("Close"), theme.CancelIcon(), g.close)
	save.OnEscape, g.mergeButton.OnEscape, closeButton.OnEscape = g.close, g.close, g.close

	form := widget.NewForm(
		widget.NewFormItem(tr.L("Name"), g.name),
		widget.NewFormItem(tr.L("Member number"), g.member),
		widget.NewFormItem(tr.L("E-mail"), g.email),
	)
	mergeTitle := &widget.Label{Text: tr.L("Merge a player entered twice"), TextStyle: fyne.TextStyle{Bold: true}}
	mergeHint := &widget.Label{Wrapping: fyne.TextWrapWord, Importance: widget.LowImportance,
		Text: tr.L("Pick the other player: her entries, results, decks and history become this player's, and she leaves the directory.")}
	top := container.NewVBox(form, container.NewHBox(layout.NewSpacer(), save), widget.NewSeparator(), mergeTitle, mergeHint, g.search)
	bottom := container.NewVBox(container.NewHBox(layout.NewSpacer(), g.mergeButton), widget.NewSeparator(), g.history)
	body := container.NewBorder(top, bottom, nil, nil, g.list)
	g.dialog = dialog.NewCustomWithoutButtons(tr.L("Directory player"), body, s.win)
	g.dialog.SetButtons([]fyne.CanvasObject{closeButton})
	g.dialog.SetOnClosed(func() {
		g.seq++
		if g.unkey != nil {
			g.unkey()
			g.unkey = nil
		}
	})
	return g
}

// playerLine is a player as a list shows her: her name and member number.
func playerLine(p event.Player) string {
	if p.MemberNo == "" {
		return p.Name
	}
	return p.Name + " · " + p.MemberNo
}

// ShowPlayer opens the directory player dialog for p (a director that
// edits the directory).
func (s *Screen) ShowPlayer(p event.Player) {
	dd := s.d.Directory
	if dd == nil {
		return
	}
	if s.player == nil {
		s.player = newPlayerDialog(s, dd)
	}
	s.player.open(p)
}

func (g *playerDialog) open(p event.Player) {
	g.show(p)
	size := g.s.win.Canvas().Size()
	g.dialog.Resize(fyne.NewSize(min(size.Width-40, 620), min(size.Height-40, 640)))
	g.dialog.Show()
	if g.unkey == nil {
		g.unkey = keys.EscapeDismisses(g.s.win, g.close)
	}
	g.s.win.Canvas().Focus(g.name)
}

// show fills the dialog with p as she is now.
func (g *playerDialog) show(p event.Player) {
	g.player = p
	g.name.SetText(p.Name)
	g.member.SetText(p.MemberNo)
	g.email.SetText(p.Email)
	g.search.SetText("")
	g.others, g.picked = nil, event.Player{}
	g.list.UnselectAll()
	g.list.Refresh()
	g.mergeButton.Disable()
	g.loadHistory()
}

func (g *playerDialog) close() {
	if g.confirm != nil && g.confirm.Visible() {
		g.confirm.Dismiss()
		return
	}
	g.dialog.Hide()
}

func (g *playerDialog) loadHistory() {
	g.seq++
	seq, id := g.seq, g.player.ID
	work.Call(g.s.run, func(ctx context.Context) ([]event.DirectoryLogEntry, error) {
		return g.dd.DirectoryLog(ctx, id)
	}, func(lines []event.DirectoryLogEntry, err error) {
		if seq != g.seq {
			return
		}
		if err != nil {
			g.s.alert(err)
			return
		}
		if len(lines) == 0 {
			g.history.SetText(tr.L("No rename or merge yet."))
			return
		}
		var b strings.Builder
		for i, l := range lines {
			if i > 0 {
				b.WriteByte('\n')
			}
			b.WriteString(tr.DateTime(l.At.Local()) + " — " + tr.Text(l.Message))
		}
		g.history.SetText(b.String())
	})
}

func (g *playerDialog) find(q string) {
	g.seq++
	seq, self := g.seq, g.player.ID
	if strings.TrimSpace(q) == "" {
		g.others, g.picked = nil, event.Player{}
		g.list.UnselectAll()
		g.list.Refresh()
		g.mergeButton.Disable()
		return
	}
	work.Call(g.s.run, func(ctx context.Context) ([]event.Player, error) {
		return g.s.d.Registration.FindPlayers(ctx, q, searchLimit)
	}, func(ps []event.Player, err error) {
		if seq != g.seq {
			return
		}
		if err != nil {
			g.s.alert(err)
			return
		}
		g.others = g.others[:0]
		for _, p := range ps {
			if p.ID != self {
				g.others = append(g.others, p)
			}
		}
		g.picked = event.Player{}
		g.list.UnselectAll()
		g.list.Refresh()
		g.mergeButton.Disable()
	})
}

func (g *playerDialog) edit() director.PlayerEdit {
	return director.PlayerEdit{Name: g.name.Text, MemberNo: g.member.Text, Email: g.email.Text}
}

// askSave asks before saving a changed name, member number or e-mail.
func (g *playerDialog) askSave() {
	ed, p := g.edit(), g.player
	name := strings.Join(strings.Fields(ed.Name), " ")
	if name == p.Name && strings.TrimSpace(ed.MemberNo) == p.MemberNo && strings.TrimSpace(ed.Email) == p.Email {
		g.dialog.Hide()
		return
	}
	msg := tr.F("Save %s's details? Every event she is entered in shows them, and the change is logged.", p.Name)
	if name != p.Name {
		msg = tr.F("Rename %s to %s? Every event she is entered in shows the new name, and the change is logged.", p.Name, name)
	}
	g.ask(keys.ConfirmOptions{Title: tr.L("Correct a directory player"), Message: msg, Yes: tr.L("Save"), YesByDefault: true}, g.save)
}

func (g *playerDialog) save() {
	ed, id := g.edit(), g.player.ID
	work.Call(g.s.run, func(ctx context.Context) (event.Player, error) {
		return g.dd.EditPlayer(ctx, id, ed)
	}, func(p event.Player, err error) {
		if err != nil {
			g.s.alert(err)
			return
		}
		g.dialog.Hide()
		g.s.search.SetText(p.Name)
		g.s.saved(tr.F("%s saved in the directory", p.Name))
	})
}

// askMerge asks before merging the player picked into this one.
func (g *playerDialog) askMerge() {
	gone, keep := g.picked, g.player
	if gone.ID == 0 {
		return
	}
	g.ask(keys.ConfirmOptions{
		Title: tr.L("Merge two directory players"),
		Message: tr.F("Merge %[1]s into %[2]s? Every entry of %[1]s, with its results, decks and history, becomes %[2]s's, and %[1]s leaves the directory. This cannot be undone.",
			playerLine(gone), playerLine(keep)),
		Yes: tr.L("Merge"), Danger: true,
	}, g.merge)
}

func (g *playerDialog) merge() {
	gone, keep := g.picked.ID, g.player.ID
	work.Call(g.s.run, func(ctx context.Context) (director.Merged, error) {
		return g.dd.MergePlayers(ctx, gone, keep)
	}, func(m director.Merged, err error) {
		if err != nil {
			g.s.alert(err)
			return
		}
		g.show(m.Kept)
		g.s.saved(tr.N("Merged into %[1]s: %[2]d entry moved", m.Entries, m.Kept.Name, m.Entries))
	})
}

func (g *playerDialog) ask(o keys.ConfirmOptions, yes func()) {
	g.confirm = keys.NewConfirm(g.s.win, o, func(ok bool) {
		if ok {
			yes()
		}
	})
	g.confirm.Show()
}
