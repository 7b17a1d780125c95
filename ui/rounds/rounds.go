// Package rounds is the Round tab of an event: the tables of a round with
// their results, and the keyboard result entry a scorekeeper uses at the
// desk (table number, Enter, result, Enter).
package rounds

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/ui/internal/columns"
	"tablekeeper/ui/internal/work"
)

// Director is what the round tab calls.
type Director interface {
	Rounds(ctx context.Context, id event.EventID) ([]event.Round, error)
	RoundSheet(ctx context.Context, id event.EventID, number int) (director.Sheet, error)
	RecordResult(ctx context.Context, id event.EventID, round, table int, res event.Result) error
}

// Screen is the Round tab.
type Screen struct {
	// OnChanged is called after a result is saved.
	OnChanged func()

	d     Director
	run   work.Runner
	alert work.Alert
	win   fyne.Window

	eventID event.EventID
	count   int // rounds paired
	number  int // round shown
	sheet   director.Sheet

	roundSelect *widget.Select
	progress    *widget.Label
	table       *widget.Entry
	result      *widget.Entry
	saveButton  *widget.Button
	status      *widget.Label
	cols        *columns.Layout
	list        *widget.List
	empty       *widget.Label
	content     fyne.CanvasObject
}

// New returns the tab; Load shows an event's rounds in it.
func New(d Director, run work.Runner, alert work.Alert, win fyne.Window) *Screen {
	s := &Screen{d: d, run: run, alert: alert, win: win}
	s.roundSelect = &widget.Select{PlaceHolder: "No rounds", OnChanged: s.onRoundSelected}
	s.progress = &widget.Label{TextStyle: fyne.TextStyle{Bold: true}, Truncation: fyne.TextTruncateEllipsis}
	s.table = &widget.Entry{PlaceHolder: "Table", OnSubmitted: s.onTableSubmitted}
	s.result = &widget.Entry{PlaceHolder: "2-1", OnSubmitted: s.onResultSubmitted}
	s.saveButton = &widget.Button{Text: "Save result", Icon: theme.DocumentSaveIcon(), OnTapped: s.onSave}
	s.status = &widget.Label{Wrapping: fyne.TextWrapWord, TextStyle: fyne.TextStyle{Bold: true}}
	hint := columns.Secondary(ResultHint, true)
	s.cols = columns.New(
		columns.Col{Width: 56},           // table
		columns.Col{Width: 150, Grow: 2}, // seat 1, right-aligned towards the result
		columns.Col{Width: 44},           // points
		columns.Col{Width: 80},           // result
		columns.Col{Width: 44},           // points
		columns.Col{Width: 150, Grow: 2}, // seat 2
		columns.Col{Width: 160, Grow: 3}, // why
	)
	s.list = &widget.List{Length: s.length, CreateItem: s.createItem, UpdateItem: s.updateItem, OnSelected: s.onRowSelected}
	s.empty = &widget.Label{Text: "No round paired yet. When registration is done, press Pair round 1 above.", Alignment: fyne.TextAlignCenter, Wrapping: fyne.TextWrapWord, Importance: widget.LowImportance}

	entryHeight := s.table.MinSize().Height
	entryBar := container.NewHBox(
		&widget.Label{Text: "Table", TextStyle: fyne.TextStyle{Bold: true}},
		container.NewGridWrap(fyne.NewSize(90, entryHeight), s.table),
		&widget.Label{Text: "Result", TextStyle: fyne.TextStyle{Bold: true}},
		container.NewGridWrap(fyne.NewSize(140, entryHeight), s.result),
		s.saveButton,
	)
	top := container.NewVBox(
		container.NewBorder(nil, nil, s.roundSelect, nil, s.progress),
		container.NewBorder(nil, nil, container.NewVBox(entryBar), nil, s.status),
		hint,
		widget.NewSeparator(),
		s.header(),
	)
	s.content = container.NewBorder(top, nil, nil, nil, container.NewStack(s.list, container.NewVBox(s.empty)))
	return s
}

// header names the columns: the two seats face each other across the
// result, each with its points before the round.
func (s *Screen) header() *fyne.Container {
	cell := func(text string, align fyne.TextAlign) fyne.CanvasObject {
		return &widget.Label{Text: text, Alignment: align, TextStyle: fyne.TextStyle{Bold: true}}
	}
	return s.cols.Row(
		cell("Table", fyne.TextAlignCenter), cell("Seat 1", fyne.TextAlignTrailing), cell("Pts", fyne.TextAlignCenter),
		cell("Result", fyne.TextAlignCenter), cell("Pts", fyne.TextAlignCenter), cell("Seat 2", fyne.TextAlignLeading),
		cell("Pairing", fyne.TextAlignLeading),
	)
}

// Content returns the tab's widgets.
func (s *Screen) Content() fyne.CanvasObject { return s.content }

// Sheet returns the round shown.
func (s *Screen) Sheet() director.Sheet { return s.sheet }

// FocusTable puts the cursor in the Table field.
func (s *Screen) FocusTable() { s.win.Canvas().Focus(s.table) }

// Load shows the event's latest round (or keeps the round shown when it
// is the same event and no round was paired since).
func (s *Screen) Load(id event.EventID) {
	if id != s.eventID {
		s.eventID, s.count, s.number = id, 0, 0
		s.sheet = director.Sheet{}
		s.setStatus("", widget.MediumImportance)
		s.table.SetText("")
		s.result.SetText("")
	}
	work.Call(s.run, func(ctx context.Context) ([]event.Round, error) {
		return s.d.Rounds(ctx, id)
	}, func(rounds []event.Round, err error) {
		if err != nil {
			s.alert(err)
			return
		}
		if id != s.eventID {
			return
		}
		s.showRounds(len(rounds))
	})
}

func (s *Screen) showRounds(count int) {
	latest := count > s.count || s.number == 0 || s.number > count
	s.count = count
	options := make([]string, count)
	for i := range options {
		options[i] = roundName(i + 1)
	}
	s.roundSelect.Options = options
	s.empty.Hidden = count > 0
	s.empty.Refresh()
	if count == 0 {
		s.number = 0
		s.sheet = director.Sheet{}
		s.roundSelect.ClearSelected()
		s.progress.SetText("")
		s.list.Refresh()
		return
	}
	n := s.number
	if latest {
		n = count
	}
	if s.roundSelect.Selected == roundName(n) {
		s.loadSheet(n)
		return
	}
	s.roundSelect.SetSelected(roundName(n)) // calls onRoundSelected
}

func roundName(n int) string { return fmt.Sprintf("Round %d", n) }

func (s *Screen) onRoundSelected(name string) {
	n, err := strconv.Atoi(strings.TrimPrefix(name, "Round "))
	if err != nil {
		return
	}
	s.loadSheet(n)
}

func (s *Screen) loadSheet(n int) {
	id := s.eventID
	s.number = n
	work.Call(s.run, func(ctx context.Context) (director.Sheet, error) {
		return s.d.RoundSheet(ctx, id, n)
	}, func(sh director.Sheet, err error) {
		if err != nil {
			s.alert(err)
			return
		}
		if id != s.eventID || n != s.number {
			return
		}
		s.sheet = sh
		s.progress.SetText(Progress(sh, n == s.count))
		s.list.Refresh()
	})
}

// Progress says how many results of a round are in: "5 of 12 results in",
// and what comes next once they all are.
func Progress(sh director.Sheet, latest bool) string {
	played, in := 0, 0
	for _, t := range sh.Tables {
		if t.Bye {
			continue
		}
		played++
		if t.Result != nil {
			in++
		}
	}
	s := fmt.Sprintf("%d of %d results in", in, played)
	if in < played || !latest {
		return s
	}
	if sh.Event.State == event.StateFinished {
		return s + " · the event is finished"
	}
	return s + fmt.Sprintf(" · round complete: pair round %d or finish the event", sh.Round.Number+1)
}

// --- result entry ---

// onTableSubmitted moves to the Result field; it never saves, so a result
// left over from a refused attempt is not saved on the wrong table.
func (s *Screen) onTableSubmitted(string) {
	s.win.Canvas().Focus(s.result)
}

func (s *Screen) onResultSubmitted(string) { s.onSave() }

func (s *Screen) setStatus(text string, imp widget.Importance) {
	s.status.Importance = imp
	s.status.SetText(text)
}

// fail shows the problem in red on the status line; nothing was saved.
func (s *Screen) fail(err error) { s.setStatus(work.Sentence(err), widget.DangerImportance) }

func (s *Screen) onSave() {
	if s.number == 0 {
		s.fail(event.Statef("there is no round to record results for yet"))
		return
	}
	number, err := strconv.Atoi(strings.TrimSpace(s.table.Text))
	if err != nil {
		s.fail(event.Invalidf("type the table number first (%q is not a number)", strings.TrimSpace(s.table.Text)))
		s.win.Canvas().Focus(s.table)
		return
	}
	res, err := ParseResult(s.result.Text)
	if err != nil {
		s.fail(err)
		s.win.Canvas().Focus(s.result)
		return
	}
	id, round := s.eventID, s.number
	before, _ := s.sheetTable(number)
	work.Do(s.run, func(ctx context.Context) error {
		return s.d.RecordResult(ctx, id, round, number, res)
	}, func(err error) {
		if err != nil {
			s.setStatus("Not saved: "+work.Sentence(err), widget.DangerImportance)
			s.win.Canvas().Focus(s.result)
			return
		}
		s.setStatus(Saved(before, number, res), widget.SuccessImportance)
		s.table.SetText("")
		s.result.SetText("")
		s.FocusTable()
		s.Load(id)
		if s.OnChanged != nil {
			s.OnChanged()
		}
	})
}

// Saved is the status line after a result is saved: "Table 7: Ada Lovelace
// 2–1 Bob Stone saved", or "… corrected (was 2–0)" when it replaced one.
func Saved(t director.SheetTable, number int, res event.Result) string {
	now := t.Table
	now.Result = &res
	text := ResultText(now)
	if len(t.Players) == 2 {
		text = fmt.Sprintf("%s %s %s", t.Players[0].Name, text, t.Players[1].Name)
	}
	if t.Result != nil {
		return fmt.Sprintf("Table %d: %s corrected (was %s)", number, text, ResultText(t.Table))
	}
	return fmt.Sprintf("Table %d: %s saved", number, text)
}

func (s *Screen) sheetTable(number int) (director.SheetTable, bool) {
	for _, t := range s.sheet.Tables {
		if !t.Bye && t.Number == number {
			return t, true
		}
	}
	return director.SheetTable{}, false
}

// --- the tables ---

func (s *Screen) length() int { return len(s.sheet.Tables) }

func (s *Screen) createItem() fyne.CanvasObject {
	table := &widget.Label{Alignment: fyne.TextAlignCenter, TextStyle: fyne.TextStyle{Bold: true}}
	p1, p2 := columns.Cell(), columns.Cell()
	p1.Alignment = fyne.TextAlignTrailing
	pts1 := &widget.Label{Alignment: fyne.TextAlignCenter}
	pts2 := &widget.Label{Alignment: fyne.TextAlignCenter}
	result := &widget.Label{Alignment: fyne.TextAlignCenter, TextStyle: fyne.TextStyle{Bold: true}}
	return s.cols.Row(table, p1, pts1, result, pts2, p2, columns.Secondary("", false))
}

func (s *Screen) updateItem(i widget.ListItemID, o fyne.CanvasObject) {
	if i >= len(s.sheet.Tables) {
		return
	}
	t := s.sheet.Tables[i]
	cells := o.(*fyne.Container).Objects
	label := func(j int) *widget.Label { return cells[j].(*widget.Label) }
	if t.Bye {
		label(0).SetText("BYE")
	} else {
		label(0).SetText(strconv.Itoa(t.Number))
	}
	for seat, cell := range [][2]int{{1, 2}, {5, 4}} { // name, points
		if seat < len(t.Players) {
			label(cell[0]).SetText(t.Players[seat].Name)
			label(cell[1]).SetText(strconv.Itoa(t.Players[seat].Points))
		} else {
			label(cell[0]).SetText("—")
			label(cell[1]).SetText("")
		}
	}
	result := label(3)
	result.SetText(ResultText(t.Table))
	if t.Result == nil {
		result.Importance = widget.WarningImportance
	} else {
		result.Importance = widget.MediumImportance
	}
	result.Refresh()
	columns.SetSecondary(cells[6].(*widget.RichText), t.Why)
}

// onRowSelected fills the Table field from the row clicked and moves to the
// Result field.
func (s *Screen) onRowSelected(i widget.ListItemID) {
	s.list.Unselect(i)
	if i >= len(s.sheet.Tables) || s.sheet.Tables[i].Bye {
		return
	}
	s.table.SetText(strconv.Itoa(s.sheet.Tables[i].Number))
	s.win.Canvas().Focus(s.result)
}
