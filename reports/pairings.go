package reports

import (
	"fmt"
	"io"
	"strconv"
	"time"

	"github.com/jung-kurt/gofpdf"

	"tablekeeper/core/i18n"
)

// Pairings is the model of a round's pairings sheet: who sits at which
// table, printed for the wall and the floor. The caller builds it from the
// round the director paired; WritePairings only draws it.
type Pairings struct {
	EventName string
	// Game names the game and format, e.g. "Altered · Standard (best of
	// three)".
	Game  string
	Round int
	// Unpublished: the round is a draft whose pairings may still change;
	// the title says so.
	Unpublished bool
	// Date is the day the round is played; zero leaves it off the sheet.
	Date time.Time
	// Tables are in table order, byes last. WritePairings prints any bye
	// after the tables wherever it stands.
	Tables []PairingsTable
	// QR is what a QR code at the foot of each page says (the store
	// network's address of the event, while the network is on, printed
	// beside it), "" for none.
	QR string
}

// PairingsTable is one table of the round, or one player's bye.
type PairingsTable struct {
	// Number is the table number, from 1; 0 for a bye.
	Number int
	Bye    bool
	// Seats are the players in seat order: 2 to 5 at a table, exactly one
	// for a bye.
	Seats []PairingsSeat
	// Code is the table's code for reporting its result from a phone
	// (the store network), for the organizer's pairings CSV and the match
	// slips handed to the table; "" when it has none. The pairings sheets
	// for the wall never print it: a code is for its own table only.
	Code string
}

// PairingsSeat is a player at a table.
type PairingsSeat struct {
	Name string
	// Points are the player's match points before this round.
	Points int
	// MemberNumber is the player's membership number with the game's
	// organized play, for the pairings CSV; the PDF reports leave it out.
	MemberNumber string
}

// maxSeats is the most players a table seats (Shadowfist plays five).
const maxSeats = 5

// Sizes of the pairings sheet, in points for type and millimetres for space.
const (
	titleSize     = 18.0 // event name and "Round N pairings"
	titleMinSize  = 12.0
	subtitleSize  = 11.0 // game and date
	headRowSize   = 10.0 // labels of the table's header row
	tableNumSize  = 15.0
	nameSize      = 13.0 // player names; long ones shrink down to nameMinSize
	nameMinSize   = 11.0
	pointsSize    = 11.0
	labelSize     = 10.0 // "vs", "Seat 1"
	footerSize    = 9.0
	noTablesSize  = 14.0
	headRowHeight = 8.0
	matchRowH     = 9.0 // a two-player table or a bye
	seatLineH     = 7.5 // one seat of a table of three or more
	podRowPad     = 1.0 // above and below the seats of such a table
	tableColW     = 18.0
	vsColW        = 10.0
	seatLabelW    = 18.0
	pointsGap     = 1.5 // between a name and its points
	footerHeight  = 10.0
	qrFooterH     = 26.0 // the foot with a QR code
	qrFootSize    = 18.0 // the QR code's side
	qrFootText    = 11.0 // the address beside it
)

// WritePairings writes the pairings sheet for p as PDF to w: a header with
// the event, game, round and date on every page, then one row per table in
// table order with the players and their match points, byes at the end.
// Tables of three to five players list their seats one per line. It returns
// an error, and writes nothing, when the model is not a round that can be
// printed.
func WritePairings(w io.Writer, p Pairings, opt Options) error {
	paper, err := opt.paperSize()
	if err != nil {
		return fmt.Errorf("reports: pairings: %w", err)
	}
	if err := p.validate(); err != nil {
		return fmt.Errorf("reports: pairings: %w", err)
	}
	title := pairingsTitle(opt.Lang, p.Round, p.Unpublished)
	if p.EventName != "" {
		title = p.EventName + " – " + title
	}
	pdf := newDocument(paper, title, opt)
	s := newPairingsSheet(pdf, p, opt)
	if p.QR != "" {
		if s.qr, err = QRModules(p.QR); err != nil {
			return fmt.Errorf("reports: pairings: %w", err)
		}
	}
	s.draw()
	if err := s.ts.Err(); err != nil {
		return fmt.Errorf("reports: pairings: %w", err)
	}
	if err := pdf.Output(w); err != nil {
		return fmt.Errorf("reports: pairings: write PDF: %w", err)
	}
	return nil
}

// validate reports whether p describes a round that can be printed.
func (p Pairings) validate() error {
	if p.Round < 1 {
		return fmt.Errorf("round %d: rounds are numbered from 1", p.Round)
	}
	for i, t := range p.Tables {
		switch {
		case t.Bye && len(t.Seats) != 1:
			return fmt.Errorf("a bye is given to exactly one player, not %d (entry %d of the tables)", len(t.Seats), i+1)
		case t.Bye:
		case t.Number < 1:
			return fmt.Errorf("table number %d (entry %d of the tables): tables are numbered from 1", t.Number, i+1)
		case len(t.Seats) < 2 || len(t.Seats) > maxSeats:
			return fmt.Errorf("table %d has %d seats: a table seats 2 to %d players", t.Number, len(t.Seats), maxSeats)
		}
	}
	return nil
}

// pairingsSheet lays out and draws one pairings document.
type pairingsSheet struct {
	p   Pairings
	pdf *gofpdf.Fpdf
	ts  *typesetter
	// rows are the tables in print order: tables, then byes.
	rows []PairingsTable
	// pods: every table seats three or more, so the header names seats
	// rather than two opposing players.
	pods bool
	// pages holds, per page, the range [start, end) of rows it prints.
	pages [][2]int

	pageW, pageH float64
	// x positions of the columns: table, first player, vs, second player,
	// and the right edge of the table.
	xTable, xP1, xVs, xP2, xEnd float64
	// the vertical extent of the rows on a page.
	rowsTop, rowsBottom float64
	// qr is the QR code's modules (Pairings.QR), nil for none.
	qr [][]bool
}

// newPairingsSheet lays p out on pdf's pages.
func newPairingsSheet(pdf *gofpdf.Fpdf, p Pairings, opt Options) *pairingsSheet {
	s := &pairingsSheet{p: p, pdf: pdf, ts: opt.typesetter(pdf)}
	s.pageW, s.pageH = pdf.GetPageSize()

	s.rows = make([]PairingsTable, 0, len(p.Tables))
	tables, pods := 0, 0
	for _, t := range p.Tables {
		if !t.Bye {
			s.rows = append(s.rows, t)
			tables++
			if len(t.Seats) > 2 {
				pods++
			}
		}
	}
	for _, t := range p.Tables {
		if t.Bye {
			s.rows = append(s.rows, t)
		}
	}
	s.pods = tables > 0 && pods == tables

	content := s.pageW - 2*pageMargin
	playerW := (content - tableColW - vsColW) / 2
	s.xTable = pageMargin
	s.xP1 = s.xTable + tableColW
	s.xVs = s.xP1 + playerW
	s.xP2 = s.xVs + vsColW
	s.xEnd = s.xP2 + playerW

	s.rowsTop = pageMargin + 20 + headRowHeight
	s.rowsBottom = s.pageH - pageMargin - s.footHeight()
	s.paginate()
	return s
}

// rowHeight returns the height of the row for t.
func rowHeight(t PairingsTable) float64 {
	if t.Bye || len(t.Seats) <= 2 {
		return matchRowH
	}
	return 2*podRowPad + float64(len(t.Seats))*seatLineH
}

// paginate splits the rows into pages; a row never breaks across pages.
// An empty round still has its one page.
func (s *pairingsSheet) paginate() {
	avail := s.rowsBottom - s.rowsTop
	start, used := 0, 0.0
	for i, t := range s.rows {
		h := rowHeight(t)
		if used+h > avail && i > start {
			s.pages = append(s.pages, [2]int{start, i})
			start, used = i, 0
		}
		used += h
	}
	s.pages = append(s.pages, [2]int{start, len(s.rows)})
}

// draw draws every page.
func (s *pairingsSheet) draw() {
	for n, pg := range s.pages {
		s.pdf.AddPage()
		s.drawHeader()
		if len(s.rows) == 0 {
			setText(s.pdf, colorInk)
			sp := s.ts.layout(i18n.T(s.ts.lang, "No tables in this round"), styleRegular)
			s.ts.draw(sp, noTablesSize, pageMargin, s.rowsTop-headRowHeight+10)
		} else {
			s.drawHeadRow()
			y := s.rowsTop
			for i := pg[0]; i < pg[1]; i++ {
				h := rowHeight(s.rows[i])
				s.drawRow(i, s.rows[i], y, h)
				y += h
			}
			setDraw(s.pdf, colorRule)
			s.pdf.SetLineWidth(0.3)
			s.pdf.Line(s.xTable, y, s.xEnd, y)
		}
		s.drawFooter(n+1, len(s.pages))
	}
}

// drawHeader draws the event name and round on the first line, the game
// and date under them, and a rule.
func (s *pairingsSheet) drawHeader() {
	ts := s.ts
	left, right := pageMargin, s.pageW-pageMargin
	line1 := baselineFor(pageMargin+4, titleSize)
	line2 := line1 + 7

	round := ts.layout(pairingsTitle(ts.lang, s.p.Round, s.p.Unpublished), styleBold)
	setText(s.pdf, colorTeal)
	ts.drawRight(round, titleSize, right, line1)
	avail := right - left - ts.width(round, titleSize) - 8
	name, size := ts.fit(s.p.EventName, styleBold, titleSize, titleMinSize, avail)
	setText(s.pdf, colorInk)
	ts.draw(name, size, left, line1)

	setText(s.pdf, colorMuted)
	var date span
	if !s.p.Date.IsZero() {
		date = ts.layout(i18n.Date(ts.lang, s.p.Date), styleRegular)
		ts.drawRight(date, subtitleSize, right, line2)
	}
	avail = right - left - ts.width(date, subtitleSize) - 8
	game, size := ts.fit(s.p.Game, styleRegular, subtitleSize, subtitleSize-2, avail)
	ts.draw(game, size, left, line2)

	setDraw(s.pdf, colorTeal)
	s.pdf.SetLineWidth(0.5)
	s.pdf.Line(left, pageMargin+16, right, pageMargin+16)
}

// drawHeadRow draws the table's header row at the top of the rows.
func (s *pairingsSheet) drawHeadRow() {
	ts := s.ts
	top := s.rowsTop - headRowHeight
	setFill(s.pdf, colorTeal)
	s.pdf.Rect(s.xTable, top, s.xEnd-s.xTable, headRowHeight, "F")
	setText(s.pdf, colorWhite)
	y := baselineFor(top+headRowHeight/2, headRowSize)
	label := func(text string) span { return ts.layout(i18n.T(ts.lang, text), styleBold) }
	ts.drawCentered(label(i18n.K("Table")), headRowSize, s.xTable+tableColW/2, y)
	if s.pods {
		ts.draw(label(i18n.K("Seat")), headRowSize, s.xP1+cellPad, y)
		ts.draw(label(i18n.K("Player (points)")), headRowSize, s.xP1+seatLabelW, y)
		return
	}
	ts.draw(label(i18n.K("Player (points)")), headRowSize, s.xP1+cellPad, y)
	ts.draw(label(i18n.K("Player (points)")), headRowSize, s.xP2+cellPad, y)
}

// drawRow draws row i, table t, from top to top+h.
func (s *pairingsSheet) drawRow(i int, t PairingsTable, top, h float64) {
	ts := s.ts
	if i%2 == 1 {
		setFill(s.pdf, colorZebra)
		s.pdf.Rect(s.xTable, top, s.xEnd-s.xTable, h, "F")
	}
	mid := top + h/2

	if t.Bye {
		setText(s.pdf, colorTeal)
		ts.drawCentered(ts.layout(i18n.T(ts.lang, "BYE"), styleBold), pointsSize, s.xTable+tableColW/2, baselineFor(mid, pointsSize))
		s.drawPlayer(t.Seats[0], s.xP1, s.xEnd, baselineFor(mid, nameSize))
		return
	}

	setText(s.pdf, colorInk)
	num, numSize := ts.fit(strconv.Itoa(t.Number), styleBold, tableNumSize, labelSize, tableColW-2)
	ts.drawCentered(num, numSize, s.xTable+tableColW/2, baselineFor(mid, tableNumSize))

	if len(t.Seats) == 2 {
		y := baselineFor(mid, nameSize)
		s.drawPlayer(t.Seats[0], s.xP1, s.xVs, y)
		setText(s.pdf, colorMuted)
		ts.drawCentered(ts.layout(i18n.T(ts.lang, "vs"), styleRegular), labelSize, s.xVs+vsColW/2, y)
		s.drawPlayer(t.Seats[1], s.xP2, s.xEnd, y)
		return
	}
	for n, seat := range t.Seats {
		y := baselineFor(top+podRowPad+seatLineH*(float64(n)+0.5), nameSize)
		setText(s.pdf, colorMuted)
		ts.draw(ts.layout(i18n.T(ts.lang, "Seat %d", n+1), styleRegular), labelSize, s.xP1+cellPad, y)
		s.drawPlayer(seat, s.xP1+seatLabelW, s.xEnd, y)
	}
}

// drawPlayer draws a player's name and, after it, their points in
// parentheses, in the cell from left to right on baseline y. The name
// shrinks, then is cut, so that both fit the cell.
func (s *pairingsSheet) drawPlayer(seat PairingsSeat, left, right, y float64) {
	ts := s.ts
	points := ts.layout("("+strconv.Itoa(seat.Points)+")", styleRegular)
	pointsW := ts.width(points, pointsSize)
	avail := right - left - 2*cellPad - pointsGap - pointsW
	name, size := ts.fit(seat.Name, styleRegular, nameSize, nameMinSize, avail)
	x := left + cellPad
	setText(s.pdf, colorInk)
	ts.draw(name, size, x, y)
	if !name.empty() {
		x += ts.width(name, size) + pointsGap
	}
	setText(s.pdf, colorMuted)
	ts.draw(points, pointsSize, x, y)
}

// footHeight is the height of a page's foot: taller with a QR code.
func (s *pairingsSheet) footHeight() float64 {
	if s.p.QR != "" {
		return qrFooterH
	}
	return footerHeight
}

// drawFooter draws the rule, "Tablekeeper" and "Page n of total" at the
// foot of the page and, with Pairings.QR, the QR code with the address
// beside it.
func (s *pairingsSheet) drawFooter(n, total int) {
	ts := s.ts
	ruleY := s.pageH - pageMargin - s.footHeight() + 4
	setDraw(s.pdf, colorRule)
	s.pdf.SetLineWidth(0.3)
	s.pdf.Line(pageMargin, ruleY, s.pageW-pageMargin, ruleY)
	y := ruleY + 5
	left := pageMargin
	if s.qr != nil {
		drawQRPDF(s.pdf, s.qr, left, ruleY+2, qrFootSize)
		x := left + qrFootSize + 4
		setText(s.pdf, colorInk)
		ts.draw(ts.layout(i18n.T(ts.lang, "Pairings, clock and standings on your phone:"), styleRegular), qrFootText, x, ruleY+9)
		addr, size := ts.fit(s.p.QR, styleBold, qrFootText, footerSize, s.pageW-pageMargin-x-30)
		ts.draw(addr, size, x, ruleY+15)
		y = ruleY + 15
		left = x
		setText(s.pdf, colorMuted)
		page := ts.layout(i18n.T(ts.lang, "Page %d of %d", n, total), styleRegular)
		ts.drawRight(page, footerSize, s.pageW-pageMargin, y)
		return
	}
	setText(s.pdf, colorMuted)
	ts.draw(ts.layout("Tablekeeper", styleRegular), footerSize, left, y)
	page := ts.layout(i18n.T(ts.lang, "Page %d of %d", n, total), styleRegular)
	ts.drawRight(page, footerSize, s.pageW-pageMargin, y)
}

// pairingsTitle heads a round's pairings: "Round 2 pairings", or "Round 2
// pairings (draft, not published)" while they may still change.
func pairingsTitle(lang i18n.Lang, round int, unpublished bool) string {
	if unpublished {
		return i18n.T(lang, "Round %d pairings (draft, not published)", round)
	}
	return i18n.T(lang, "Round %d pairings", round)
}
