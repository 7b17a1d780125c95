package judge

import (
	"fmt"
	"image/color"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/core/event"
	"tablekeeper/core/judgelog"
	"tablekeeper/ui/internal/columns"
	"tablekeeper/ui/internal/toggle"
	"tablekeeper/ui/internal/tr"
)

// lineState is where a log entry stands in its correction chain.
type lineState int

const (
	// stateInForce: the entry is in force (judgelog.Effective).
	stateInForce lineState = iota
	// stateWithdrawal: a void correction, standing; it withdraws
	// another entry and is not itself in force.
	stateWithdrawal
	// stateCorrected: a later entry corrects this one.
	stateCorrected
	// stateWithdrawn: a later void correction withdraws this one.
	stateWithdrawn
)

// line is one row of the log list.
type line struct {
	entry event.JudgeLogEntry
	// text is judgelog.Describe's sentence; place and body are its two
	// halves, before and after the first ": " ("Round 3, table 12" and
	// "Zoë — stalling, formal warning (judge Ana)").
	text, place, body string
	state             lineState
	// by is the entry that corrects or withdraws this one.
	by event.JudgeLogID
}

// logLines describes the log, newest entry first, with each entry's place
// in its correction chain.
func logLines(log []event.JudgeLogEntry, names judgelog.Names) []line {
	inForce := map[event.JudgeLogID]bool{}
	for _, e := range judgelog.Effective(log) {
		inForce[e.ID] = true
	}
	void := map[event.JudgeLogID]bool{}
	by := map[event.JudgeLogID]event.JudgeLogID{}
	for _, e := range log {
		void[e.ID] = e.Penalty == judgelog.Void
		if e.Corrects != 0 {
			by[e.Corrects] = e.ID // the later correction wins, as in judgelog
		}
	}
	out := make([]line, 0, len(log))
	for i := len(log) - 1; i >= 0; i-- {
		e := log[i]
		l := line{entry: e, text: judgelog.DescribeIn(tr.Lang(), e, names)}
		l.place, l.body, _ = strings.Cut(l.text, ": ")
		switch next, ok := by[e.ID]; {
		case ok && void[next]:
			l.state, l.by = stateWithdrawn, next
		case ok:
			l.state, l.by = stateCorrected, next
		case e.Penalty == judgelog.Void:
			l.state = stateWithdrawal
		case !inForce[e.ID]: // not expected: Effective is the authority
			l.state = stateCorrected
		}
		out = append(out, l)
	}
	return out
}

// status is the row's marker: "corrected by #14", "withdrawn by #15".
func (l line) status() string {
	switch l.state {
	case stateCorrected:
		if l.by == 0 {
			return tr.L("not in force")
		}
		return tr.F("corrected by #%d", l.by)
	case stateWithdrawn:
		return tr.F("withdrawn by #%d", l.by)
	case stateWithdrawal:
		return tr.L("withdrawal")
	}
	return ""
}

// struck reports whether the row is no longer in force.
func (l line) struck() bool { return l.state == stateCorrected || l.state == stateWithdrawn }

// meta is the row's first line: "#12 · 18:30 · Round 3, table 12", and
// where the entry was written when not at this computer ("· judge
// phone, device 9c1e").
func (l line) meta() string {
	s := fmt.Sprintf("#%d · %s · %s", l.entry.ID, tr.Clock(l.entry.At), l.place)
	if l.entry.Source != "" {
		s += " · " + l.entry.Source
	}
	return s
}

// note explains why an entry cannot be corrected, or "" when it can.
func (l line) note() string {
	switch l.state {
	case stateCorrected:
		return tr.F("Entry #%[1]d corrects this one: correct or withdraw #%[1]d instead.", l.by)
	case stateWithdrawn:
		return tr.F("Withdrawn by entry #%d.", l.by)
	case stateWithdrawal:
		return tr.F("This entry withdraws entry #%d.", l.entry.Corrects)
	}
	return ""
}

// logPanel is the left side of the tab: the marshal's flags, the log and
// the entry selected.
type logPanel struct {
	s *Screen

	flags     *fyne.Container // the banner
	flagRows  *fyne.Container
	count     *widget.Label
	status    *widget.Label
	newButton *widget.Button
	list      *widget.List
	empty     *widget.Label

	detail      *widget.Label
	detailNote  *widget.RichText
	correctBtn  *widget.Button
	withdrawBtn *widget.Button
	detailBox   *fyne.Container

	withdraw *withdrawDialog
	content  fyne.CanvasObject
}

func newLogPanel(s *Screen) *logPanel {
	p := &logPanel{s: s}
	title := &widget.Label{Text: tr.L("Judge log"), TextStyle: fyne.TextStyle{Bold: true}, SizeName: theme.SizeNameSubHeadingText}
	p.count = &widget.Label{}
	p.newButton = &widget.Button{Text: tr.L("New entry…"), Icon: theme.DocumentCreateIcon(), Importance: widget.HighImportance, OnTapped: s.NewEntry}
	p.status = &widget.Label{Wrapping: fyne.TextWrapWord, TextStyle: fyne.TextStyle{Bold: true}}
	p.status.Hide()
	p.flagRows = container.NewVBox()
	tint := canvas.NewRectangle(color.NRGBA{R: 0xff, G: 0x98, B: 0x00, A: 0x38})
	tint.CornerRadius = theme.InputRadiusSize()
	p.flags = container.NewStack(tint, container.NewPadded(p.flagRows))
	p.flags.Hide()
	p.list = &widget.List{Length: p.length, CreateItem: p.createItem, UpdateItem: p.updateItem, OnSelected: p.onSelected}
	p.empty = &widget.Label{Text: tr.L("The judge log is empty."), Alignment: fyne.TextAlignCenter, Wrapping: fyne.TextWrapWord, Importance: widget.LowImportance}

	p.detail = &widget.Label{Wrapping: fyne.TextWrapWord}
	p.detailNote = columns.Secondary("", true)
	p.correctBtn = &widget.Button{Text: tr.L("Correct…"), Icon: theme.DocumentCreateIcon(), OnTapped: p.onCorrect}
	p.withdrawBtn = &widget.Button{Text: tr.L("Withdraw…"), Icon: theme.DeleteIcon(), OnTapped: p.onWithdraw}
	p.detailBox = container.NewVBox(widget.NewSeparator(), p.detail, p.detailNote,
		container.NewHBox(p.correctBtn, p.withdrawBtn))
	p.detailBox.Hide()
	p.withdraw = newWithdrawDialog(s)

	head := container.NewBorder(nil, nil, container.NewHBox(title, container.NewCenter(p.count)), p.newButton)
	top := container.NewVBox(p.flags, head, p.status, widget.NewSeparator())
	p.content = container.NewBorder(top, p.detailBox, nil, nil,
		container.NewStack(p.list, container.NewVBox(p.empty)))
	return p
}

func (p *logPanel) setStatus(text string, imp widget.Importance) {
	p.status.Importance = imp
	p.status.SetText(text)
	toggle.Visible(p.status, text != "")
}

// loading says the log is being read (an event just opened): no entries,
// no New entry, and no word on an empty log it has not read.
func (p *logPanel) loading() {
	p.count.SetText("")
	p.empty.SetText(tr.L("Loading…"))
	toggle.Visible(p.empty, true)
	p.newButton.Disable()
	p.list.Refresh()
}

// show shows the snapshot's log and flags, keeping the entry selected.
func (p *logPanel) show() {
	s := p.s
	sn := s.data
	inForce := 0
	for _, l := range s.lines {
		if l.state == stateInForce {
			inForce++
		}
	}
	switch n := len(s.lines); n {
	case 0:
		p.count.SetText("")
	default:
		p.count.SetText(tr.N("%d entries, %d in force", n, n, inForce))
	}
	switch {
	case s.closed():
		p.empty.SetText(tr.L("The event is finished: its judge log is closed."))
	case len(sn.judges) == 0:
		p.empty.SetText(tr.L("The judge log is empty. Add yourself as the organizer (on the right) to log entries."))
	default:
		p.empty.SetText(tr.L("The judge log is empty. Log penalties, deck checks, rulings, appeals and time extensions with New entry."))
	}
	toggle.Visible(p.empty, len(s.lines) == 0)
	if len(sn.judges) == 0 || s.closed() {
		p.newButton.Disable()
	} else {
		p.newButton.Enable()
	}
	p.showFlags()
	p.list.Refresh()
	p.list.UnselectAll()
	for i, l := range s.lines {
		if l.entry.ID == s.selected {
			p.list.Select(i) // calls onSelected
			return
		}
	}
	p.showDetail(nil)
}

// showFlags lists the open K10 flags in the banner, each with a button to
// log the marshal's decision.
func (p *logPanel) showFlags() {
	s := p.s
	flags := judgelog.MarshalFlags(s.data.event.Game, s.data.log)
	names := s.names()
	rows := make([]fyne.CanvasObject, 0, len(flags))
	for _, f := range flags {
		// Bold text on the orange banner, as the Round tab's draft banner:
		// orange text on it would be hard to read in the light theme.
		text := &widget.Label{Text: f.SentenceIn(tr.Lang(), names.Entries[f.Entry]), Wrapping: fyne.TextWrapWord,
			TextStyle: fyne.TextStyle{Bold: true}}
		entry := f.Entry
		decide := &widget.Button{Text: tr.L("Log decision…"), Icon: theme.DocumentCreateIcon(), OnTapped: func() { s.decide(entry) }}
		if s.closed() {
			decide.Disable()
		}
		rows = append(rows, container.NewBorder(nil, nil, container.NewVBox(widget.NewIcon(theme.WarningIcon())), container.NewVBox(decide), text))
	}
	p.flagRows.Objects = rows
	toggle.Visible(p.flags, len(rows) > 0)
	p.content.(*fyne.Container).Refresh() // the banner's height changed
}

func (p *logPanel) length() int { return len(p.s.lines) }

// A row: "#12 · 18:30 · Round 3, table 12" over the rest of the sentence,
// with the entry's status on the right.
func (p *logPanel) createItem() fyne.CanvasObject {
	meta := columns.Secondary("", false)
	status := columns.Secondary("", false)
	status.Truncation = fyne.TextTruncateOff // on the right of a border: never cut
	body := newStruckLabel()
	return columns.Lines(container.NewBorder(nil, nil, nil, status, meta), body)
}

func (p *logPanel) updateItem(i widget.ListItemID, o fyne.CanvasObject) {
	if i >= len(p.s.lines) {
		return
	}
	l := p.s.lines[i]
	rows := o.(*fyne.Container).Objects
	top := rows[0].(*fyne.Container)
	columns.SetSecondary(top.Objects[0].(*widget.RichText), l.meta())
	columns.SetSecondary(top.Objects[1].(*widget.RichText), l.status())
	rows[1].(*struckLabel).set(l.body, l.struck(), l.state == stateWithdrawal)
}

func (p *logPanel) onSelected(i widget.ListItemID) {
	if i < 0 || i >= len(p.s.lines) {
		return
	}
	l := p.s.lines[i]
	p.s.selected = l.entry.ID
	p.showDetail(&l)
}

// showDetail shows the entry selected in full, with what can be done to
// it; nil hides the detail.
func (p *logPanel) showDetail(l *line) {
	if l == nil {
		p.s.selected = 0
		p.detailBox.Hide()
		return
	}
	e := l.entry
	text := fmt.Sprintf("#%d, %s — %s.", e.ID, tr.Clock(e.At), l.text)
	if e.Source != "" {
		text += "\n" + tr.F("From: %s", e.Source)
	}
	if d := strings.TrimSpace(e.Description); d != "" && e.Penalty != judgelog.Void && e.Kind != event.LogRuling && e.Kind != event.LogExtension {
		text += "\n" + tr.F("Notes: %s", d)
	}
	p.detail.SetText(text)
	columns.SetSecondary(p.detailNote, l.note())
	toggle.Visible(p.detailNote, l.note() != "")
	ok := l.state == stateInForce && !p.s.closed() && len(p.s.data.judges) > 0
	for _, b := range []*widget.Button{p.correctBtn, p.withdrawBtn} {
		if ok {
			b.Enable()
		} else {
			b.Disable()
		}
	}
	p.detailBox.Show()
}

// current returns the line selected.
func (p *logPanel) current() (line, bool) {
	for _, l := range p.s.lines {
		if l.entry.ID == p.s.selected && p.s.selected != 0 {
			return l, true
		}
	}
	return line{}, false
}

func (p *logPanel) onCorrect() {
	if l, ok := p.current(); ok && l.state == stateInForce {
		p.s.correct(l.entry)
	}
}

func (p *logPanel) onWithdraw() {
	if l, ok := p.current(); ok && l.state == stateInForce && !p.s.closed() {
		p.withdraw.open(l)
	}
}

// struckLabel is a one-line text that can be greyed and struck through,
// for the entries no longer in force. Greyed is the placeholder colour, not
// the disabled one, so the text stays readable in the light theme.
type struckLabel struct {
	widget.BaseWidget
	text *widget.RichText
	seg  *widget.TextSegment
	line *canvas.Line
}

func newStruckLabel() *struckLabel {
	l := &struckLabel{
		seg:  &widget.TextSegment{Style: widget.RichTextStyleInline},
		line: canvas.NewLine(theme.Color(theme.ColorNamePlaceHolder)),
	}
	l.text = &widget.RichText{Segments: []widget.RichTextSegment{l.seg}, Truncation: fyne.TextTruncateEllipsis, Scroll: fyne.ScrollNone}
	l.line.StrokeWidth = 1
	l.line.Hide()
	l.ExtendBaseWidget(l)
	return l
}

// set shows text, struck through and greyed when struck, in italics when
// italic.
func (l *struckLabel) set(text string, struck, italic bool) {
	l.seg.Text = text
	l.seg.Style.TextStyle.Italic = italic
	l.seg.Style.ColorName = theme.ColorNameForeground
	if struck {
		l.seg.Style.ColorName = theme.ColorNamePlaceHolder
	}
	toggle.Visible(l.line, struck)
	l.Refresh()
}

// CreateRenderer implements fyne.Widget.
func (l *struckLabel) CreateRenderer() fyne.WidgetRenderer {
	return &struckRenderer{l: l}
}

type struckRenderer struct{ l *struckLabel }

func (r *struckRenderer) Layout(size fyne.Size) {
	r.l.text.Resize(size)
	r.l.text.Move(fyne.NewPos(0, 0))
	pad := theme.InnerPadding()
	w := fyne.MeasureText(r.l.seg.Text, theme.TextSize(), r.l.seg.Style.TextStyle).Width
	w = min(w, size.Width-2*pad)
	y := size.Height / 2
	r.l.line.Position1 = fyne.NewPos(pad, y)
	r.l.line.Position2 = fyne.NewPos(pad+max(w, 0), y)
}

func (r *struckRenderer) MinSize() fyne.Size { return r.l.text.MinSize() }

func (r *struckRenderer) Refresh() {
	r.l.line.StrokeColor = theme.Color(theme.ColorNamePlaceHolder)
	r.Layout(r.l.Size())
	r.l.text.Refresh()
	r.l.line.Refresh()
}

func (r *struckRenderer) Objects() []fyne.CanvasObject {
	return []fyne.CanvasObject{r.l.text, r.l.line}
}

func (r *struckRenderer) Destroy() {}
