package rounds

import (
	"strconv"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/core/rules"
	"tablekeeper/ui/internal/columns"
	"tablekeeper/ui/internal/tr"
)

// A multiplayer table is one row of the list, its seats stacked one per
// line in seat order: seat number, name, points before the round and the
// seat's result side by side, so that a row of five long names stays
// readable on a laptop screen. The pairing reason wraps beside them.

// Column indexes of a multiplayer row.
const (
	mcTable = iota
	mcSeat
	mcName
	mcPoints
	mcResult
	mcWhy
)

// newMultiColumns returns the columns of the multiplayer rows.
func newMultiColumns() *columns.Layout {
	return columns.New(
		columns.Col{Width: 56},           // table
		columns.Col{Width: 24},           // seat number
		columns.Col{Width: 190, Grow: 2}, // names
		columns.Col{Width: 44},           // points before the round
		columns.Col{Width: 96},           // result
		columns.Col{Width: 200, Grow: 3}, // why
	)
}

// lineStride is the height of one line of a stacked seat column: a line
// of text and a little space.
func lineStride() float32 {
	return fyne.MeasureText("Ag", theme.TextSize(), fyne.TextStyle{}).Height + theme.Padding()
}

// labelOverhang is how far a label's padding reaches above (and below) a
// stacked line it is centred on.
func labelOverhang() float32 {
	return max((widget.NewLabel("Ag").MinSize().Height-lineStride())/2, 0)
}

// lines stacks its visible objects one lineStride apart. An object taller
// than a line (a label with its padding) is centred on its line.
type lines struct{}

func (lines) MinSize(objects []fyne.CanvasObject) fyne.Size {
	var w float32
	n := 0
	for _, o := range objects {
		if o.Visible() {
			w = max(w, o.MinSize().Width)
			n++
		}
	}
	return fyne.NewSize(w, float32(n)*lineStride())
}

func (lines) Layout(objects []fyne.CanvasObject, size fyne.Size) {
	stride := lineStride()
	y := float32(0)
	for _, o := range objects {
		if !o.Visible() {
			continue
		}
		h := max(stride, o.MinSize().Height)
		o.Move(fyne.NewPos(0, y+(stride-h)/2))
		o.Resize(fyne.NewSize(size.Width, h))
		y += stride
	}
}

// topText places one object (wrapped text) so that its first line lines
// up with the first of the stacked lines beside it.
type topText struct{}

func (topText) MinSize(objects []fyne.CanvasObject) fyne.Size {
	return fyne.NewSize(objects[0].MinSize().Width, lineStride())
}

func (topText) Layout(objects []fyne.CanvasObject, size fyne.Size) {
	up := labelOverhang()
	objects[0].Move(fyne.NewPos(0, -up))
	objects[0].Resize(fyne.NewSize(size.Width, size.Height+up))
}

// multiHeader names the columns of the multiplayer rows.
func (s *Screen) multiHeader() *fyne.Container {
	cell := func(text string, align fyne.TextAlign) *widget.Label {
		return &widget.Label{Text: text, Alignment: align, TextStyle: fyne.TextStyle{Bold: true}}
	}
	s.resultHeading = cell(tr.L("Result"), fyne.TextAlignLeading)
	return s.mcols.Row(
		cell(tr.L("Table"), fyne.TextAlignCenter), cell("#", fyne.TextAlignTrailing), cell(tr.L("Players"), fyne.TextAlignLeading),
		cell(tr.L("Pts"), fyne.TextAlignTrailing), s.resultHeading, cell(tr.L("Pairing"), fyne.TextAlignLeading),
	)
}

// multiLines is the most lines a row needs: five seats and the time-out.
const multiLines = event.MaxSeats + 1

func (s *Screen) createMultiItem() fyne.CanvasObject {
	stack := func(newLine func() fyne.CanvasObject) *fyne.Container {
		objs := make([]fyne.CanvasObject, multiLines)
		for k := range objs {
			objs[k] = newLine()
		}
		return container.New(lines{}, objs...)
	}
	table := container.New(lines{}, &widget.Label{Alignment: fyne.TextAlignCenter, TextStyle: fyne.TextStyle{Bold: true}})
	seat := stack(func() fyne.CanvasObject {
		return &widget.Label{Alignment: fyne.TextAlignTrailing, Importance: widget.LowImportance}
	})
	name := stack(func() fyne.CanvasObject { return newCompactSeatCell() })
	points := stack(func() fyne.CanvasObject { return &widget.Label{Alignment: fyne.TextAlignTrailing} })
	result := stack(func() fyne.CanvasObject { return &widget.Label{Truncation: fyne.TextTruncateEllipsis} })
	why := container.New(topText{}, columns.Secondary("", true))
	return s.mcols.Row(table, seat, name, points, result, why)
}

// multiRowLines is how many lines table t takes: a line a seat, and one
// more saying that time ran out.
func multiRowLines(t director.SheetTable) int {
	n := max(len(t.Players), 1)
	if t.Result != nil && t.Result.TimeOut {
		n++
	}
	return n
}

// multiRowHeight is the height of a row of n lines.
func multiRowHeight(n int) float32 {
	return float32(n)*lineStride() + theme.Padding()
}

// setRowHeights gives each multiplayer row the height of its lines.
func (s *Screen) setRowHeights() {
	for i, t := range s.sheet.Tables {
		s.mlist.SetItemHeight(i, multiRowHeight(multiRowLines(t)))
	}
}

func (s *Screen) updateMultiItem(i widget.ListItemID, o fyne.CanvasObject) {
	t, ok := s.rowTable(i)
	if !ok {
		return
	}
	set := s.sheet.Event.Settings
	cells := o.(*fyne.Container).Objects
	objects := func(c int) []fyne.CanvasObject { return cells[c].(*fyne.Container).Objects }

	number := objects(mcTable)[0].(*widget.Label)
	if t.Bye {
		number.SetText(tr.L("BYE"))
	} else {
		number.SetText(strconv.Itoa(t.Number))
	}
	draft := s.Draft()
	for k := range multiLines {
		seatNo := objects(mcSeat)[k].(*widget.Label)
		name := objects(mcName)[k].(*seatCell)
		points := objects(mcPoints)[k].(*widget.Label)
		show := k < len(t.Players)
		for _, w := range []fyne.CanvasObject{seatNo, name, points} {
			if show {
				w.Show()
			} else {
				w.Hide()
			}
		}
		if !show {
			continue
		}
		p := t.Players[k]
		seatNo.SetText(strconv.Itoa(k + 1))
		name.strong = !draft && t.Result != nil && k < len(t.Result.Seats) && t.Result.Seats[k].Place == 1
		name.set(p.Name, draft, s.swapping && s.picked.Entry == p.Entry)
		name.OnTapped = func() { s.onSeatTapped(i, p) }
		points.SetText(strconv.Itoa(p.Points))
	}
	s.updateMultiResult(t, set, objects(mcResult))
	for _, c := range []int{mcSeat, mcName, mcPoints, mcResult} {
		cells[c].Refresh()
	}
	setPairing(objects(mcWhy)[0].(*widget.RichText), t)
}

// updateMultiResult fills the result lines of table t: each seat's score
// and mark ("14 · won"), "time-out" below them when time ran out, "—"
// while the table has not reported.
func (s *Screen) updateMultiResult(t director.SheetTable, set event.Settings, objs []fyne.CanvasObject) {
	r := t.Result
	for k, o := range objs {
		l := o.(*widget.Label)
		l.Importance = widget.MediumImportance
		l.TextStyle = fyne.TextStyle{}
		text, show := "", false
		switch {
		case t.Bye:
			text, show = tr.L("bye"), k == 0
		case r == nil || len(r.Seats) != len(t.Players):
			text, show = "—", k == 0
			l.Importance = widget.WarningImportance
			l.TextStyle.Bold = true
		case k < len(r.Seats):
			text, show = seatLine(set, *r, k), true
			l.TextStyle.Bold = r.Seats[k].Place == 1
		case k == len(r.Seats) && r.TimeOut:
			text, show = tr.L("time-out"), true
			l.TextStyle.Italic = true
		}
		l.Text = text
		l.Hidden = !show
		l.Refresh()
	}
}

// seatLine is a seat's result line: "14 · won", "5", "lead".
func seatLine(s event.Settings, r event.Result, k int) string {
	score, mark := rules.MultiFormFor(s).SeatScore(r, k), rules.SeatMark(r, k)
	if mark != "" {
		mark = tr.L(mark)
	}
	switch {
	case score == "":
		return mark
	case mark == "":
		return score
	}
	return score + " · " + mark
}
