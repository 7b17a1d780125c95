package reports

import (
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"tablekeeper/core/i18n"
)

// JudgeLog is the model of an event's judge log (rule G4) as printed for
// the record: the judges, then every penalty, deck check, ruling, appeal
// and time extension in the order logged, corrections and withdrawals
// included and marked. The caller fills it from the log the director
// keeps.
type JudgeLog struct {
	EventName string
	// Game names the game and format, as on the pairings sheet.
	Game string
	// Date is the day of the event; entries logged on other days print
	// their date as well as their time. Zero takes the day of the first
	// entry.
	Date time.Time
	// Judges are the event's judges in the order given.
	Judges []JudgeLogJudge
	// Entries are printed in the order given, normally the order logged.
	Entries []JudgeLogEntry
}

// JudgeLogJudge is a judge of the event (G1, S11).
type JudgeLogJudge struct {
	Name string
	// Role is the judge's role, "head-judge" or "Head judge"; a role in
	// the store's form prints with its hyphens as spaces and a capital.
	Role string
	// Order is the judge's place in a multi-judge system (S11), the head
	// judge 1; zero prints none.
	Order int
}

// JudgeLogEntry is one entry of the judge log.
type JudgeLogEntry struct {
	// Number is the entry's number in the log, from 1: "#12".
	Number int
	// At is when the entry was logged; zero prints no time.
	At time.Time
	// Round and Table say where it happened; zero for none.
	Round, Table int
	// Kind is the kind of entry: "penalty", "deck-check", "ruling",
	// "appeal", "extension" (printed "Deck check" and so on), or any
	// wording of the caller's.
	Kind   string
	Player string
	// Infraction and Penalty use the wording of the game's rules.
	Infraction, Penalty string
	// Points is the number of points a point deduction takes away (S9).
	Points int
	// Extension is the time the entry added to the table.
	Extension time.Duration
	// Judge is the judge who made the ruling or gave the penalty.
	Judge string
	// Source says where the entry was written when not at the
	// organizer's computer ("judge phone, device 9c1e"), printed under
	// the judge; "" for none.
	Source string
	// Description is the judge's account, as long as it needs: it wraps.
	Description string
	// Outcome is how a deck check or an appeal ended.
	Outcome string
	// Corrects is the number of the entry this one corrects, 0 for none.
	// The corrected entry is marked "corrected by #N".
	Corrects int
	// Withdraws marks a correction that withdraws the entry it corrects
	// altogether; that entry is marked "withdrawn".
	Withdraws bool
}

// kindLabel returns how a kind of entry prints: "Deck check" for
// "deck-check".
func kindLabel(kind string) string {
	s := strings.ReplaceAll(strings.TrimSpace(kind), "-", " ")
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 {
		return ""
	}
	return string(unicode.ToUpper(r)) + s[n:]
}

// kindLabels are the labels kindLabel gives the kinds of entry and the
// judges' roles of core/event, the keys kindLabelIn says them by.
var kindLabels = []string{i18n.K("Penalty"), i18n.K("Deck check"), i18n.K("Ruling"), i18n.K("Appeal"),
	i18n.K("Extension"), i18n.K("Organizer"), i18n.K("Head judge"), i18n.K("Judge")}

// kindLabelIn is kindLabel said in lang: a kind or role of core/event in
// its words, any other as kindLabel writes it.
func kindLabelIn(lang i18n.Lang, kind string) string {
	label := kindLabel(kind)
	if slices.Contains(kindLabels, label) {
		return i18n.T(lang, label)
	}
	return label
}

// penaltyText returns the penalty of e as printed: the penalty, the points
// it deducts and the time it adds.
func (e JudgeLogEntry) penaltyText(lang i18n.Lang) string {
	var parts []string
	if e.Penalty != "" {
		parts = append(parts, e.Penalty)
	}
	if e.Points > 0 {
		parts = append(parts, i18n.N(lang, "−%d points", e.Points, e.Points))
	}
	if e.Extension > 0 {
		parts = append(parts, extensionText(lang, e.Extension))
	}
	return strings.Join(parts, ", ")
}

// WriteJudgeLog writes the judge log l as PDF to w, landscape: the judges
// with their roles and order, then a row an entry with its number, time,
// round, table, kind, player, infraction and penalty (points deducted,
// minutes added), judge (and where the entry was written, when not at the
// organizer's computer), and the description and outcome wrapped over as
// many lines as they take. An entry later corrected is marked "corrected
// by #N", one withdrawn "withdrawn by #N", both in grey. It returns an
// error, and writes nothing, when the model cannot be printed.
func WriteJudgeLog(w io.Writer, l JudgeLog, opt Options) error {
	return writePDF(w, opt, printJob{
		what: "judge log", landscape: true, check: l.validate,
		title:     func() string { return i18n.T(opt.Lang, "Judge log") },
		eventName: l.EventName,
		layout:    func(c *canvas) { layoutJudgeLog(c, l) },
	})
}

// validate reports whether l can be printed.
func (l JudgeLog) validate() error {
	numbers := map[int]bool{}
	for _, e := range l.Entries {
		if e.Number < 1 {
			return fmt.Errorf("entry number %d: entries are numbered from 1", e.Number)
		}
		if numbers[e.Number] {
			return fmt.Errorf("entry #%d is given twice", e.Number)
		}
		numbers[e.Number] = true
	}
	for _, e := range l.Entries {
		switch {
		case e.Round < 0 || e.Table < 0:
			return fmt.Errorf("entry #%d: round %d, table %d: numbered from 1, or 0 for none", e.Number, e.Round, e.Table)
		case e.Points < 0:
			return fmt.Errorf("entry #%d deducts %d points: a deduction is a positive number of points", e.Number, e.Points)
		case e.Extension < 0:
			return fmt.Errorf("entry #%d has a negative extension (%v)", e.Number, e.Extension)
		case e.Corrects == e.Number:
			return fmt.Errorf("entry #%d corrects itself", e.Number)
		case e.Corrects != 0 && !numbers[e.Corrects]:
			return fmt.Errorf("entry #%d corrects #%d, which is not in the log", e.Number, e.Corrects)
		case e.Withdraws && e.Corrects == 0:
			return fmt.Errorf("entry #%d withdraws an entry but does not say which", e.Number)
		}
	}
	return nil
}

// Sizes of the judge log, in points for type and millimetres for space.
const (
	jlSize       = 9.0
	jlMinSize    = 7.0
	jlLineH      = 4.1
	jlPad        = 1.6 // above and below the lines of a row
	jlHeadSize   = 8.5
	jlJudgesSize = 10.0
	jlJudgeW     = 66.0 // a judge's cell
	jlJudgeH     = 6.0
	jlMinSplit   = 3 // lines, at least, before a row goes on over a page
)

// jlColumn is a column of the log: its heading and width.
type jlColumn struct {
	heading string
	w       float64
	a       align
}

// The columns of the log; the description takes what the page leaves.
var jlColumns = [...]jlColumn{
	{"#", 12, alignLeft},
	{i18n.K("Time"), 20, alignLeft},
	{i18n.K("Round"), 14, alignCenter},
	{i18n.K("Table"), 12, alignCenter},
	{i18n.K("Kind"), 21, alignLeft},
	{i18n.K("Player"), 36, alignLeft},
	{i18n.K("Infraction, penalty"), 44, alignLeft},
	{i18n.K("Judge"), 28, alignLeft},
	{i18n.K("Description, outcome"), 0, alignLeft},
}

// jlLine is a line of a cell: text already fitted to its column.
type jlLine struct {
	sp    span
	size  float64
	color rgb
}

// jlRow is an entry laid out: the lines of each cell.
type jlRow struct {
	cells [len(jlColumns)][]jlLine
	muted bool
}

// lines returns the number of lines of the row's tallest cell.
func (r jlRow) lines() int {
	n := 1
	for _, cell := range r.cells {
		n = max(n, len(cell))
	}
	return n
}

// layoutJudgeLog lays the log out on c.
func layoutJudgeLog(c *canvas, l JudgeLog) {
	left, right := pageMargin, c.pageW-pageMargin
	bottom := c.pageH - pageMargin
	top := pageMargin + headHeight
	head := listHead{event: l.EventName, title: i18n.T(c.lang(), "Judge log"), game: l.Game, date: l.Date}

	c.addPage()
	y := top
	y = drawJudges(c, l.Judges, y)
	if len(l.Entries) == 0 {
		c.fitText(i18n.T(c.lang(), "Nothing logged"), styleRegular, noTablesSize, noTablesSize, left, right, y+10, alignLeft, colorInk)
		drawListHeads(c, func(int) listHead { return head })
		return
	}

	xs := make([]float64, len(jlColumns)+1)
	xs[0] = left
	for i, col := range jlColumns {
		w := col.w
		if w == 0 {
			w = right - xs[i]
			for _, after := range jlColumns[i+1:] {
				w -= after.w
			}
		}
		xs[i+1] = xs[i] + w
	}
	rows := judgeLogRows(c, l, xs)

	drawJudgeLogHeadRow(c, xs, y)
	y += headRowHeight
	for i, row := range rows {
		from := 0
		for from < row.lines() {
			rest := row.lines() - from
			fits := int((bottom - y - 2*jlPad) / jlLineH)
			full := int((bottom - top - headRowHeight - 2*jlPad) / jlLineH)
			// A row that fits a page is not split; one that does not
			// starts where at least a few lines fit.
			if fits < rest && (rest <= full || fits < jlMinSplit) {
				c.line(left, y, right, y, 0.3, colorRule, false)
				c.addPage()
				y = top
				drawJudgeLogHeadRow(c, xs, y)
				y += headRowHeight
				fits = full
			}
			n := min(rest, fits)
			h := float64(n)*jlLineH + 2*jlPad
			if i%2 == 1 {
				c.fillRect(left, y, right-left, h, colorZebra)
			}
			for col, cell := range row.cells {
				cellLines := cell[min(from, len(cell)):min(from+n, len(cell))]
				if from > 0 && col == 0 {
					// The number again on the rows that go on.
					cellLines = cell[:1]
				}
				for j, line := range cellLines {
					base := y + jlPad + float64(j)*jlLineH + jlLineH - 1.1
					c.text(line.sp, line.size, xs[col]+cellPad/2, xs[col+1]-cellPad/2, base, jlColumns[col].a, line.color)
				}
			}
			y += h
			from += n
		}
	}
	c.line(left, y, right, y, 0.3, colorRule, false)
	drawListHeads(c, func(int) listHead { return head })
}

// drawJudges draws the judges at y, several a line, and returns where the
// log starts.
func drawJudges(c *canvas, judges []JudgeLogJudge, y float64) float64 {
	if len(judges) == 0 {
		return y
	}
	ts := c.ts
	left, right := pageMargin, c.pageW-pageMargin
	label := ts.layout(i18n.T(c.lang(), "Judges"), styleBold)
	labelW := ts.width(label, jlJudgesSize) + 5
	c.text(label, jlJudgesSize, left, left+labelW, baselineFor(y+jlJudgeH/2, jlJudgesSize), alignLeft, colorTeal)
	perLine := max(1, int((right-left-labelW)/jlJudgeW))
	cellW := (right - left - labelW) / float64(perLine)
	for i, j := range judges {
		x := left + labelW + float64(i%perLine)*cellW
		ly := y + float64(i/perLine)*jlJudgeH
		base := baselineFor(ly+jlJudgeH/2, jlJudgesSize)
		if j.Order > 0 {
			c.fitText(strconv.Itoa(j.Order), styleBold, jlJudgesSize, jlMinSize, x, x+6, base, alignLeft, colorTeal)
		}
		role := ts.layout(kindLabelIn(c.lang(), j.Role), styleRegular)
		roleW := min(ts.width(role, jlJudgesSize-1), cellW/3)
		nameR := x + cellW - 4 - roleW - 2
		w := c.fitText(j.Name, styleRegular, jlJudgesSize, jlMinSize, x+6, nameR, base, alignLeft, colorInk)
		if !role.empty() {
			c.fitText(kindLabelIn(c.lang(), j.Role), styleRegular, jlJudgesSize-1, jlMinSize, x+6+w+2, x+cellW-4, base, alignLeft, colorMuted)
		}
	}
	lines := (len(judges) + perLine - 1) / perLine
	return y + float64(lines)*jlJudgeH + 4
}

// drawJudgeLogHeadRow draws the headings of the log at top.
func drawJudgeLogHeadRow(c *canvas, xs []float64, top float64) {
	c.fillRect(xs[0], top, xs[len(xs)-1]-xs[0], headRowHeight, colorTeal)
	y := baselineFor(top+headRowHeight/2, jlHeadSize)
	for i, col := range jlColumns {
		c.fitText(i18n.T(c.lang(), col.heading), styleBold, jlHeadSize, jlMinSize-1, xs[i]+cellPad/2, xs[i+1]-cellPad/2, y, col.a, colorWhite)
	}
}

// judgeLogRows lays out the cells of every entry for columns at xs.
func judgeLogRows(c *canvas, l JudgeLog, xs []float64) []jlRow {
	correctedBy, withdrawnBy := jlLinks(l.Entries)
	day := l.Date
	if day.IsZero() && len(l.Entries) > 0 {
		day = l.Entries[0].At
	}
	rows := make([]jlRow, len(l.Entries))
	for i, e := range l.Entries {
		r := &rows[i]
		r.muted = withdrawnBy[e.Number] != 0 || len(correctedBy[e.Number]) > 0
		b := jlCells{c: c, r: r, xs: xs, ink: colorInk}
		if r.muted {
			b.ink = colorMuted
		}
		b.one(0, "#"+strconv.Itoa(e.Number), styleBold, colorTeal)
		if !e.At.IsZero() {
			if !sameDate(e.At, day) {
				b.one(1, i18n.Date(b.c.lang(), e.At), styleRegular, b.ink)
			}
			b.one(1, i18n.Clock(b.c.lang(), e.At), styleRegular, b.ink)
		}
		if e.Round > 0 {
			b.one(2, strconv.Itoa(e.Round), styleRegular, b.ink)
		}
		if e.Table > 0 {
			b.one(3, strconv.Itoa(e.Table), styleRegular, b.ink)
		}
		b.name(4, kindLabelIn(b.c.lang(), e.Kind))
		b.name(5, e.Player)
		b.wrapped(6, e.Infraction, styleRegular, b.ink)
		b.wrapped(6, e.penaltyText(b.c.lang()), styleBold, b.ink)
		b.name(7, e.Judge)
		b.wrapped(7, e.Source, styleRegular, colorMuted)
		b.notes(e, withdrawnBy[e.Number], correctedBy[e.Number])
	}
	return rows
}

// jlLinks maps each entry to the entries that correct it and the one that
// withdraws it.
func jlLinks(entries []JudgeLogEntry) (correctedBy map[int][]int, withdrawnBy map[int]int) {
	correctedBy, withdrawnBy = map[int][]int{}, map[int]int{}
	for _, e := range entries {
		switch {
		case e.Corrects == 0:
		case e.Withdraws:
			withdrawnBy[e.Corrects] = e.Number
		default:
			correctedBy[e.Corrects] = append(correctedBy[e.Corrects], e.Number)
		}
	}
	return correctedBy, withdrawnBy
}

// sameDate reports whether a and b fall on the same calendar day.
func sameDate(a, b time.Time) bool {
	y1, m1, d1 := a.Date()
	y2, m2, d2 := b.Date()
	return y1 == y2 && m1 == m2 && d1 == d2
}

// jlCells fills the cells of one judge-log row.
type jlCells struct {
	c   *canvas
	r   *jlRow
	xs  []float64
	ink rgb
}

func (b jlCells) width(col int) float64 { return b.xs[col+1] - b.xs[col] - cellPad }

// one puts s on one line of column col, smaller if it must.
func (b jlCells) one(col int, s string, style fontStyle, color rgb) {
	if s == "" {
		return
	}
	sp, size := b.c.ts.fit(s, style, jlSize, jlMinSize, b.width(col))
	b.r.cells[col] = append(b.r.cells[col], jlLine{sp, size, color})
}

// wrapped puts s on as many lines of column col as it takes.
func (b jlCells) wrapped(col int, s string, style fontStyle, color rgb) {
	for _, sp := range b.c.ts.wrap(s, style, jlSize, b.width(col)) {
		b.r.cells[col] = append(b.r.cells[col], jlLine{sp, jlSize, color})
	}
}

// name puts a name on one line, smaller if it must, or on two with the
// rest cut.
func (b jlCells) name(col int, s string) {
	if s == "" {
		return
	}
	ts := b.c.ts
	sp, size := ts.fit(s, styleRegular, jlSize, jlMinSize, b.width(col))
	if size > jlMinSize || sp.String() == plainText(s) {
		b.r.cells[col] = append(b.r.cells[col], jlLine{sp, size, b.ink})
		return
	}
	lines := ts.wrap(s, styleRegular, jlMinSize, b.width(col))
	rest := make([]string, 0, len(lines))
	for _, l := range lines[1:] {
		rest = append(rest, l.String())
	}
	second, _ := ts.fit(strings.Join(rest, " "), styleRegular, jlMinSize, jlMinSize, b.width(col))
	b.r.cells[col] = append(b.r.cells[col], jlLine{lines[0], jlMinSize, b.ink}, jlLine{second, jlMinSize, b.ink})
}

// notes fills the last column: what withdrew or corrected the entry, what
// it corrects, its description and its outcome.
func (b jlCells) notes(e JudgeLogEntry, withdrawnBy int, correctedBy []int) {
	if withdrawnBy != 0 {
		b.wrapped(8, i18n.T(b.c.lang(), "Withdrawn by #%d", withdrawnBy), styleBold, colorAlert)
	}
	if len(correctedBy) > 0 {
		refs := make([]string, len(correctedBy))
		for j, n := range correctedBy {
			refs[j] = "#" + strconv.Itoa(n)
		}
		b.wrapped(8, i18n.T(b.c.lang(), "Corrected by %s", strings.Join(refs, ", ")), styleBold, colorAlert)
	}
	switch {
	case e.Withdraws:
		b.wrapped(8, i18n.T(b.c.lang(), "Withdraws #%d", e.Corrects), styleBold, colorTeal)
	case e.Corrects != 0:
		b.wrapped(8, i18n.T(b.c.lang(), "Corrects #%d", e.Corrects), styleBold, colorTeal)
	}
	b.wrapped(8, e.Description, styleRegular, b.ink)
	if e.Outcome != "" {
		b.wrapped(8, i18n.T(b.c.lang(), "Outcome: %s", e.Outcome), styleRegular, b.ink)
	}
}
