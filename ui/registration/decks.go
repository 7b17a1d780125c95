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
	"tablekeeper/ui/internal/tr"
	"tablekeeper/ui/internal/work"
)

// DeckDirector is what the Decks dialog calls.
type DeckDirector interface {
	Decks(ctx context.Context, id event.EventID) ([]director.DeckCheck, error)
	CheckDeck(ctx context.Context, id event.EventID, list string) (deck.Report, error)
	SaveDeck(ctx context.Context, entry event.EntryID, name, list string) (director.DeckCheck, error)
	ImportCardList(ctx context.Context, game, csv string) (int, []deck.RowError, error)
}

// decksDialog registers the players' decklists (issue 5): a list of the
// event's players with their deck's status on the left, the selected
// player's deck on the right, checked against the event's deck rules as it
// is typed, and the import of the game's card list.
type decksDialog struct {
	s *Screen

	checks  map[event.EntryID]director.DeckCheck
	players []event.Entry
	current event.Entry
	seq     int // numbers checks so a slow answer never replaces a newer one

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
	left := container.NewBorder(&widget.Label{Text: tr.L("Players"), TextStyle: fyne.TextStyle{Bold: true}}, nil, nil, nil, g.list)
	// The problems keep room for several sentences below the list.
	problems := container.NewVScroll(g.problems)
	problems.SetMinSize(fyne.NewSize(0, 150))
	right := container.NewBorder(container.NewVBox(g.who, g.name), container.NewVBox(g.verdict, problems, container.NewHBox(g.load, g.save)), nil, nil, g.text)
	split := container.NewHSplit(left, right)
	split.Offset = 0.3
	body := container.NewBorder(nil, container.NewVBox(widget.NewSeparator(), container.NewBorder(nil, nil, nil, importButton, hint), g.imported), nil, nil, split)
	g.dialog = dialog.NewCustom(tr.L("Decks"), tr.L("Close"), body, s.win)
	return g
}

// ShowDecks opens the Decks dialog.
func (s *Screen) ShowDecks() {
	if s.decks == nil {
		s.decks = newDecksDialog(s)
	}
	s.decks.open()
}

func (g *decksDialog) open() {
	g.players = g.players[:0]
	for _, en := range g.s.entries {
		if en.Active() {
			g.players = append(g.players, en)
		}
	}
	g.dialog.Resize(fyne.NewSize(min(g.s.win.Canvas().Size().Width-40, 1100), min(g.s.win.Canvas().Size().Height-40, 680)))
	g.dialog.Show()
	g.reload()
}

func (g *decksDialog) reload() {
	id := g.s.eventID
	dd, ok := g.s.d.(DeckDirector)
	if !ok {
		return
	}
	work.Call(g.s.run, func(ctx context.Context) ([]director.DeckCheck, error) {
		return dd.Decks(ctx, id)
	}, func(checks []director.DeckCheck, err error) {
		if err != nil {
			g.s.alert(err)
			return
		}
		g.checks = map[event.EntryID]director.DeckCheck{}
		for _, c := range checks {
			g.checks[c.Deck.EntryID] = c
		}
		g.list.Refresh()
	})
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
	if i >= len(g.players) {
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
	dd, ok := g.s.d.(DeckDirector)
	if !ok {
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
	dd, ok := g.s.d.(DeckDirector)
	if !ok || g.current.ID == 0 {
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
		g.list.Refresh()
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
	dd, ok := g.s.d.(DeckDirector)
	if !ok {
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
