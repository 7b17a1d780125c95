package registration

import (
	"context"
	"io"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/core/deck"
	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/ui/internal/columns"
	"tablekeeper/ui/internal/files"
	"tablekeeper/ui/internal/keys"
	"tablekeeper/ui/internal/tr"
	"tablekeeper/ui/internal/work"
)

// Decks is what the Decks dialog calls of the director's Decks.
type Decks interface {
	DeckStatus(ctx context.Context, id event.EventID) (director.DeckStatus, error)
	CloseDeckRegistration(ctx context.Context, id event.EventID) error
	ReopenDeckRegistration(ctx context.Context, id event.EventID) error
	CheckDeck(ctx context.Context, id event.EventID, list string) (deck.Report, error)
	SaveDeck(ctx context.Context, entry event.EntryID, name, list string) (director.DeckCheck, error)
	ImportCardList(ctx context.Context, game, csv string) (int, []deck.RowError, error)
}

// decksDialog registers the players' decklists (issue 5): a list of the
// event's players with their deck's status on the left, the selected
// player's deck on the right, checked against the event's deck rules as it
// is typed, and the import of the game's card list. Above them (issue 22)
// the counts of lists registered, with problems and missing, whether
// players' phones may still send lists, and the button that closes deck
// registration from phones or reopens it; the list follows what phones
// send while the dialog is open.
type decksDialog struct {
	s *Screen

	checks  map[event.EntryID]director.DeckCheck
	status  director.DeckStatus
	players []event.Entry
	current event.Entry
	seq     int // numbers checks so a slow answer never replaces a newer one
	shown   bool
	// quiet marks the list's selection made again after a reload: the
	// list being typed stays as it is.
	quiet bool

	counts  *widget.Label
	window  *widget.Label
	closeBn *widget.Button
	filter  *widget.Select
	confirm *keys.Confirm

	list     *widget.List
	who      *widget.Label
	name     *widget.Entry
	text     *widget.Entry
	verdict  *widget.Label
	problems *widget.Label
	save     *widget.Button
	load     *widget.Button
	imported *widget.Label
	dialog   *dialog.CustomDialog
}

func newDecksDialog(s *Screen) *decksDialog {
	g := &decksDialog{s: s, checks: map[event.EntryID]director.DeckCheck{}}
	g.list = &widget.List{
		Length: func() int { return len(g.players) },
		CreateItem: func() fyne.CanvasObject {
			return container.NewBorder(nil, nil, nil, &widget.Label{}, &widget.Label{Truncation: fyne.TextTruncateEllipsis})
		},
		UpdateItem: g.updateRow,
		OnSelected: g.onSelected,
	}
	g.who = &widget.Label{TextStyle: fyne.TextStyle{Bold: true}, Text: tr.L("Pick a player on the left.")}
	g.name = &widget.Entry{PlaceHolder: tr.L("Deck name (optional)")}
	g.text = &widget.Entry{MultiLine: true, Wrapping: fyne.TextWrapOff, PlaceHolder: tr.L("One card per line: 3 Card Name, 3x Card Name, sections like Hero:"), OnChanged: g.onTyped}
	g.verdict = &widget.Label{TextStyle: fyne.TextStyle{Bold: true}}
	g.problems = &widget.Label{Wrapping: fyne.TextWrapWord}
	g.save = &widget.Button{Text: tr.L("Save deck"), Icon: theme.DocumentSaveIcon(), Importance: widget.HighImportance, OnTapped: g.onSave}
	g.load = &widget.Button{Text: tr.L("Load from file…"), Icon: theme.FolderOpenIcon(), OnTapped: g.onLoad}
	g.load.Disable()
	g.save.Disable()
	g.imported = &widget.Label{Wrapping: fyne.TextWrapWord}
	importButton := &widget.Button{Text: tr.L("Import card list…"), Icon: theme.FolderOpenIcon(), OnTapped: g.onImport}
	hint := columns.Secondary(tr.L("A card list (CSV with a name column, and rarity, faction, type, no max, designators, set, house as the rules need) lets the checks decide what a decklist alone cannot."), true)
	g.counts = &widget.Label{TextStyle: fyne.TextStyle{Bold: true}, Wrapping: fyne.TextWrapWord}
	g.window = &widget.Label{Wrapping: fyne.TextWrapWord}
	g.closeBn = &widget.Button{Text: tr.L("Close deck registration"), Icon: theme.CancelIcon(), OnTapped: g.onCloseTapped}
	g.filter = widget.NewSelect(filterNames(), func(string) { g.applyFilter() })
	g.filter.SetSelectedIndex(0)
	head := container.NewBorder(nil, nil, nil, container.NewCenter(g.closeBn), container.NewVBox(g.counts, g.window))
	left := container.NewBorder(container.NewVBox(&widget.Label{Text: tr.L("Players"), TextStyle: fyne.TextStyle{Bold: true}}, g.filter), nil, nil, nil, g.list)
	// The problems keep room for several sentences below the list.
	problems := container.NewVScroll(g.problems)
	problems.SetMinSize(fyne.NewSize(0, 150))
	right := container.NewBorder(container.NewVBox(g.who, g.name), container.NewVBox(g.verdict, problems, container.NewHBox(g.load, g.save)), nil, nil, g.text)
	split := container.NewHSplit(left, right)
	split.Offset = 0.3
	body := container.NewBorder(container.NewVBox(head, widget.NewSeparator()), container.NewVBox(widget.NewSeparator(), container.NewBorder(nil, nil, nil, importButton, hint), g.imported), nil, nil, split)
	g.dialog = dialog.NewCustom(tr.L("Decks"), tr.L("Close"), body, s.win)
	g.dialog.SetOnClosed(func() { g.shown = false })
	return g
}

// The filters of the players' list, in the order filterNames gives.
const (
	showEveryone = iota
	showMissing
	showProblems
	showRegistered
)

func filterNames() []string {
	return []string{tr.L("Every player"), tr.L("No list yet"), tr.L("Lists with problems"), tr.L("Lists registered")}
}

// keeps reports whether the filter chosen shows a player whose list is in
// state st.
func (g *decksDialog) keeps(st director.DeckState) bool {
	switch g.filter.SelectedIndex() {
	case showMissing:
		return st == director.DeckMissing
	case showProblems:
		return st == director.DeckProblems
	case showRegistered:
		return st != director.DeckMissing
	}
	return true
}

// applyFilter lists the players the filter keeps, keeping the player
// being edited selected.
func (g *decksDialog) applyFilter() {
	if g.list == nil {
		return
	}
	g.players = g.players[:0]
	for _, row := range g.status.Rows {
		if g.keeps(row.State) {
			g.players = append(g.players, row.Entry)
		}
	}
	g.quiet = true
	g.list.UnselectAll()
	for i, en := range g.players {
		if en.ID == g.current.ID {
			g.list.Select(i)
		}
	}
	g.quiet = false
	g.list.Refresh()
}

// refresh reloads the statuses while the dialog is open (a phone sent a
// list, the organizer closed registration at another window).
func (g *decksDialog) refresh() {
	if g != nil && g.shown {
		g.reload()
	}
}

// showStatus writes the counts, the window and the close button's label.
func (g *decksDialog) showStatus() {
	st := g.status
	all := st.Submitted + st.Missing
	g.counts.SetText(tr.F("%[1]s · %[2]s · %[3]s",
		tr.N("%[1]d of %[2]d lists registered", st.Submitted, st.Submitted, all),
		tr.N("%d with problems", st.Problems, st.Problems),
		tr.N("%d missing", st.Missing, st.Missing)))
	g.window.SetText(st.Window.Status().In(tr.Lang()))
	closed := !st.Window.ClosedAt.IsZero()
	if closed {
		g.closeBn.SetText(tr.L("Reopen deck registration"))
		g.closeBn.SetIcon(theme.ViewRefreshIcon())
	} else {
		g.closeBn.SetText(tr.L("Close deck registration"))
		g.closeBn.SetIcon(theme.CancelIcon())
	}
	// Once round 1 is paired phones are closed for good (DeckWindow): nothing to
	// close or reopen.
	if st.Window.Paired || st.Window.Finished {
		g.closeBn.Disable()
	} else {
		g.closeBn.Enable()
	}
}

// onCloseTapped asks before closing (or reopening) deck registration from
// phones: players mid-list would lose the chance to send it.
func (g *decksDialog) onCloseTapped() {
	closing := g.status.Window.ClosedAt.IsZero()
	title, msg, yes := tr.L("Close deck registration"), tr.N("Close deck registration from phones?\n%d players have no list yet. After this, players see their lists read-only; you can still register or change a list here.", g.status.Missing, g.status.Missing), tr.L("Close deck registration")
	if !closing {
		title, msg, yes = tr.L("Reopen deck registration"), tr.L("Reopen deck registration from phones?\nPlayers can send or change their lists again until round 1 is paired."), tr.L("Reopen deck registration")
	}
	g.confirm = keys.NewConfirm(g.s.win, keys.ConfirmOptions{Title: title, Message: msg, Yes: yes, Danger: closing}, func(ok bool) {
		if ok {
			g.setRegistration(closing)
		}
	})
	g.confirm.Show()
}

// setRegistration closes or reopens deck registration from phones.
func (g *decksDialog) setRegistration(closing bool) {
	dd := g.s.d.Decks
	if dd == nil {
		return
	}
	id := g.s.eventID
	work.Call(g.s.run, func(ctx context.Context) (struct{}, error) {
		if closing {
			return struct{}{}, dd.CloseDeckRegistration(ctx, id)
		}
		return struct{}{}, dd.ReopenDeckRegistration(ctx, id)
	}, func(_ struct{}, err error) {
		if err != nil {
			g.s.alert(err)
			return
		}
		if closing {
			g.s.setStatus(tr.L("Deck registration from phones closed"), widget.SuccessImportance)
		} else {
			g.s.setStatus(tr.L("Deck registration from phones reopened"), widget.SuccessImportance)
		}
		g.reload()
	})
}

// ShowDecks opens the Decks dialog.
func (s *Screen) ShowDecks() {
	if s.decks == nil {
		s.decks = newDecksDialog(s)
	}
	s.decks.open()
}

func (g *decksDialog) open() {
	g.shown = true
	g.dialog.Resize(fyne.NewSize(min(g.s.win.Canvas().Size().Width-40, 1100), min(g.s.win.Canvas().Size().Height-40, 680)))
	g.dialog.Show()
	g.reload()
}

func (g *decksDialog) reload() {
	id := g.s.eventID
	dd := g.s.d.Decks
	if dd == nil {
		return
	}
	work.Call(g.s.run, func(ctx context.Context) (director.DeckStatus, error) {
		return dd.DeckStatus(ctx, id)
	}, work.Shown(g.s.alert, func() bool { return id == g.s.eventID }, func(st director.DeckStatus) {
		g.status = st
		g.checks = map[event.EntryID]director.DeckCheck{}
		for _, row := range st.Rows {
			if row.State != director.DeckMissing {
				g.checks[row.Entry.ID] = row.Check
			}
		}
		g.showStatus()
		g.applyFilter()
	}))
}

func (g *decksDialog) updateRow(i widget.ListItemID, o fyne.CanvasObject) {
	if i >= len(g.players) {
		return
	}
	c := o.(*fyne.Container)
	en := g.players[i]
	c.Objects[0].(*widget.Label).SetText(en.Name)
	st := c.Objects[1].(*widget.Label)
	check, ok := g.checks[en.ID]
	switch {
	case !ok:
		st.SetText(tr.L("no deck"))
		st.Importance = widget.LowImportance
	case check.Legal():
		st.SetText(tr.L("legal"))
		st.Importance = widget.SuccessImportance
	default:
		st.SetText(tr.N("%d problems", len(check.Report.Problems), len(check.Report.Problems)))
		st.Importance = widget.DangerImportance
	}
	if ok && !check.Deck.LockedAt.IsZero() {
		st.SetText(st.Text + " · " + tr.L("locked"))
	}
	st.Refresh()
}

func (g *decksDialog) onSelected(i widget.ListItemID) {
	if i >= len(g.players) || g.quiet {
		return
	}
	g.current = g.players[i]
	g.who.SetText(g.current.Name)
	c, ok := g.checks[g.current.ID]
	g.name.SetText(c.Deck.Name)
	g.text.SetText(c.Deck.List)
	if ok {
		g.show(c.Report)
	} else {
		g.verdict.SetText("")
		g.problems.SetText("")
	}
	g.save.Enable()
	g.load.Enable()
	g.s.win.Canvas().Focus(g.text)
}

func (g *decksDialog) onTyped(text string) {
	if g.current.ID == 0 {
		return
	}
	dd := g.s.d.Decks
	if dd == nil {
		return
	}
	g.seq++
	seq, id := g.seq, g.s.eventID
	work.Call(g.s.run, func(ctx context.Context) (deck.Report, error) {
		return dd.CheckDeck(ctx, id, text)
	}, func(rep deck.Report, err error) {
		if seq != g.seq {
			return
		}
		if err != nil {
			g.verdict.SetText(work.Sentence(err))
			return
		}
		g.show(rep)
	})
}

// show writes a check's verdict and its problems and warnings.
func (g *decksDialog) show(rep deck.Report) {
	if rep.Legal() {
		g.verdict.SetText(tr.L("Legal"))
		g.verdict.Importance = widget.SuccessImportance
	} else {
		g.verdict.SetText(tr.N("Not legal: %d problems", len(rep.Problems), len(rep.Problems)))
		g.verdict.Importance = widget.DangerImportance
	}
	g.verdict.Refresh()
	var lines []string
	for _, p := range rep.Problems {
		lines = append(lines, "× "+p.In(tr.Lang()))
	}
	for _, w := range rep.Warnings {
		lines = append(lines, "? "+w.In(tr.Lang()))
	}
	g.problems.SetText(strings.Join(lines, "\n"))
}

func (g *decksDialog) onSave() {
	dd := g.s.d.Decks
	if dd == nil || g.current.ID == 0 {
		return
	}
	en, name, list := g.current, g.name.Text, g.text.Text
	work.Call(g.s.run, func(ctx context.Context) (director.DeckCheck, error) {
		return dd.SaveDeck(ctx, en.ID, name, list)
	}, func(c director.DeckCheck, err error) {
		if err != nil {
			g.verdict.SetText(work.Sentence(err))
			g.verdict.Importance = widget.DangerImportance
			g.verdict.Refresh()
			return
		}
		g.checks[en.ID] = c
		g.show(c.Report)
		g.reload()
		g.s.setStatus(tr.F("%s's deck saved", en.Name), widget.SuccessImportance)
		if g.s.OnChanged != nil {
			g.s.OnChanged()
		}
	})
}

// onLoad reads a decklist from a text file (as deckbuilding sites export
// them) into the list, where it is checked like a typed one.
func (g *decksDialog) onLoad() {
	open := files.Open(func(r fyne.URIReadCloser, err error) {
		if err != nil || r == nil {
			return
		}
		defer r.Close()
		b, err := io.ReadAll(io.LimitReader(r, 64<<10+1))
		switch {
		case err != nil:
			g.s.alert(err)
		case len(b) > 64<<10:
			g.verdict.SetText(tr.L("That file is larger than a decklist (64 KB); choose the text file with the list."))
		default:
			g.text.SetText(string(b))
		}
	}, g.s.win)
	files.Show(open, g.s.win)
}

func (g *decksDialog) onImport() {
	open := files.Open(func(r fyne.URIReadCloser, err error) {
		if err != nil || r == nil {
			return
		}
		defer r.Close()
		b, err := io.ReadAll(io.LimitReader(r, 32<<20))
		if err != nil {
			g.s.alert(err)
			return
		}
		g.importCSV(string(b))
	}, g.s.win)
	files.Show(open, g.s.win)
}

// importCSV saves the card list and says how it went.
func (g *decksDialog) importCSV(text string) {
	dd := g.s.d.Decks
	if dd == nil {
		return
	}
	game := g.s.event.Game
	type outcome struct {
		n    int
		rows []deck.RowError
	}
	work.Call(g.s.run, func(ctx context.Context) (outcome, error) {
		n, rows, err := dd.ImportCardList(ctx, game, text)
		return outcome{n, rows}, err
	}, func(o outcome, err error) {
		if err != nil {
			g.imported.SetText(work.Sentence(err))
			return
		}
		msg := tr.N("Card list imported: %d cards.", o.n, o.n)
		if len(o.rows) > 0 {
			msg += " " + tr.N("%d rows skipped: %s", len(o.rows), len(o.rows), o.rows[0].In(tr.Lang()))
		}
		g.imported.SetText(msg)
		g.reload()
		if g.current.ID != 0 {
			g.onTyped(g.text.Text)
		}
	})
}
