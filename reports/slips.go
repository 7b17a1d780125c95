package reports

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"tablekeeper/core/rules"

	"tablekeeper/core/i18n"
)

// SlipKind chooses what a match slip asks the players to write: the kind
// core/rules gives each game (rules.SlipFor), whose spec
// (rules.SlipSpecOf) the one drawer here prints for every game.
type SlipKind = rules.SlipKind

// The kinds of match slip (see core/rules).
const (
	SlipGeneric    = rules.SlipGeneric
	SlipKeyForge   = rules.SlipKeyForge
	SlipHeresy     = rules.SlipHeresy
	SlipShadowfist = rules.SlipShadowfist
)

// Slips is the model of a round's match slips: one slip per table, on
// which the players write the result and sign, to be cut apart and handed
// out. Build it with SlipsFrom or fill it directly.
type Slips struct {
	EventName string
	// Game names the game and format, as on the pairings sheet.
	Game  string
	Round int
	// Unpublished: the round is a draft whose pairings may still change;
	// the title and each slip say so.
	Unpublished bool
	Kind        SlipKind
	// Games is the number of games a KeyForge match has room for: 1 for
	// the one-game rounds of rule K6, 3 for best of three (K8). Zero
	// means 3. Other kinds ignore it.
	Games int
	// Note is the sentence the format's rules give the match beyond its
	// score (rules.MatchNote: who chooses who goes first in a KeyForge
	// playoff, K6; that an Armageddon match plays all three games, H6),
	// printed as it is on every slip, above the signatures; "" prints
	// nothing.
	Note string
	// Tables are printed in the order given, one slip each. A bye gets no
	// slip: there is no result to write and no one to sign it, and the
	// pairings already tell the player.
	Tables []SlipTable
	// Address is where the store network serves the event
	// ("http://192.168.1.20:8080/"), printed beside each table's code
	// ("report at …") while the network is on; "" prints the code alone.
	Address string
	// QR is what the QR code on each slip says (the address, for a phone
	// to open), "" for none: the code is drawn in the square its head
	// leaves for it (slipQRRoom).
	QR string

	// qr is the code's modules, made once for every slip by WriteSlips.
	qr [][]bool
}

// SlipTable is one table of the round.
type SlipTable struct {
	// Number is the table number, from 1.
	Number int
	// Bye marks a bye, which gets no slip.
	Bye bool
	// Seats are the players in seat order, 2 to 5 (exactly 2 for
	// KeyForge), with their match points before the round.
	Seats []PairingsSeat
	// Extension is extra time the table was given, printed on the slip
	// ("+5 min extension"); zero prints nothing.
	Extension time.Duration
	// Code is the table's code for reporting the result from a phone,
	// printed in a box in the slip's head ("Table code ABC23D"); "" for
	// none.
	Code string
}

// SlipsFrom returns the slips of the round in p, of the given kind, with
// the tables' codes and no extensions: the caller adds those it knows of.
func SlipsFrom(p Pairings, kind SlipKind) Slips {
	s := Slips{EventName: p.EventName, Game: p.Game, Round: p.Round, Unpublished: p.Unpublished, Kind: kind}
	for _, t := range p.Tables {
		s.Tables = append(s.Tables, SlipTable{Number: t.Number, Bye: t.Bye, Seats: t.Seats, Code: t.Code})
	}
	return s
}

// WriteSlips writes the match slips of s as PDF to w: full-width slips
// stacked down the page with dashed cut lines between them, as many to a
// page as their height allows (five two-player slips, four KeyForge or
// four-player slips, three five-player ones on A4). Each slip names the
// event, round and table, any time extension, and each player with their
// points, and has boxes for the result as s.Kind says and lines to sign.
// Byes get no slip. It returns an error, and writes nothing, when the
// model cannot be printed.
func WriteSlips(w io.Writer, s Slips, opt Options) error {
	return writePDF(w, opt, printJob{
		what: "match slips",
		check: func() error {
			if err := s.validate(); err != nil {
				return err
			}
			if s.QR != "" {
				var err error
				if s.qr, err = QRModules(s.QR); err != nil {
					return err
				}
			}
			return nil
		},
		title:  func() string { return slipsTitle(s, opt.Lang) },
		layout: func(c *canvas) { layoutSlips(c, s) },
	})
}

// slipsTitle is the document title of the slips.
func slipsTitle(s Slips, lang i18n.Lang) string {
	title := i18n.T(lang, "Round %d match slips", s.Round)
	if s.Unpublished {
		title = i18n.T(lang, "Round %d match slips (draft, not published)", s.Round)
	}
	if s.EventName != "" {
		title = s.EventName + " – " + title
	}
	return title
}

// validate reports whether s can be printed.
func (s Slips) validate() error {
	if s.Round < 1 {
		return fmt.Errorf("round %d: rounds are numbered from 1", s.Round)
	}
	spec, ok := rules.SlipSpecOf(s.Kind)
	if !ok {
		return fmt.Errorf("unknown slip kind %d", int(s.Kind))
	}
	if spec.Layout == rules.SlipByGame && (len(spec.GameBoxes) == 0 || len(spec.Signatures) == 0) {
		return fmt.Errorf("slip kind %v has no boxes of a game or no signatures", s.Kind)
	}
	if s.Games < 0 || s.Games > 5 {
		return fmt.Errorf("%d games a match: a slip has room for 1 to 5", s.Games)
	}
	for i, t := range s.Tables {
		switch {
		case t.Bye:
		case t.Number < 1:
			return fmt.Errorf("table number %d (entry %d of the tables): tables are numbered from 1", t.Number, i+1)
		case spec.Seats != 0 && len(t.Seats) != spec.Seats:
			return fmt.Errorf("table %d has %d seats: %s", t.Number, len(t.Seats), spec.SeatsRule)
		case len(t.Seats) < 2 || len(t.Seats) > maxSeats:
			return fmt.Errorf("table %d has %d seats: a table seats 2 to %d players", t.Number, len(t.Seats), maxSeats)
		case t.Extension < 0:
			return fmt.Errorf("table %d has a negative extension (%v)", t.Number, t.Extension)
		}
	}
	return nil
}

// Sizes of the slips, in points for type and millimetres for space.
const (
	slipPad           = 3.5  // at least, between a slip and a cut line
	slipEdge          = 6.5  // at least, between a slip and the page's edge
	slipHeadH         = 11.5 // event, round and table
	slipEventSize     = 11.0
	slipSubSize       = 8.5
	slipTableSize     = 14.0
	slipTableH        = 10.0 // the teal table box, and the code box
	slipCodeSize      = 12.0 // the table's code
	slipCodeLabelSize = 8.5  // "Table code"
	slipCodeWhereSize = 7.0  // "report at …"
	slipCodePad       = 2.5
	slipQRSize        = 20.0 // the room left for a QR code
	slipExtSize       = 9.5
	slipLabelsH       = 5.0 // the labels above the boxes
	slipLabelSize     = 7.5
	slipRowH          = 9.0 // a player's row
	slipNameSize      = 12.0
	slipNameMin       = 9.0
	slipPointsSize    = 10.5
	slipFootH         = 7.5 // draws, time called, or the match total
	slipNoteSize      = 7.5
	slipRuleH         = 4.5 // the line of Slips.Note: four KeyForge slips still fit on A4 (three on Letter)
	slipRuleSize      = 8.5
	slipBoxW          = 12.0 // a box to write a number in
	slipBoxH          = 6.5
	slipTickBox       = 4.5 // a box to tick
	slipColW          = 18.0
	slipSeatW         = 9.0
	slipPointsW       = 13.0
	slipSignMin       = 44.0
	// KeyForge
	kfHeadingH = 7.0
	kfLabelsH  = 4.5
	kfGameH    = 7.0
	kfLabelW   = 24.0
	kfSignH    = 10.0
)

// slipHeight returns the height of the slip of t.
func slipHeight(s Slips, t SlipTable) float64 {
	note := 0.0
	if s.Note != "" {
		note = slipRuleH
	}
	head := s.headHeight()
	if s.spec().Layout == rules.SlipByGame {
		return head + kfHeadingH + kfLabelsH + float64(s.games())*kfGameH + kfGameH + note + kfSignH
	}
	return head + slipLabelsH + float64(len(t.Seats))*slipRowH + slipFootH + note
}

// headHeight is the height of a slip's head: taller when it leaves room
// for a QR code.
func (s Slips) headHeight() float64 {
	if s.QR != "" {
		return slipQRSize + slipHeadH - slipTableH
	}
	return slipHeadH
}

// spec is the spec of the slips' kind (validate refuses a kind without
// one).
func (s Slips) spec() rules.SlipSpec {
	spec, _ := rules.SlipSpecOf(s.Kind)
	return spec
}

// games returns the games a slip laid out by game has room for.
func (s Slips) games() int {
	if s.Games == 0 {
		return 3
	}
	return s.Games
}

// layoutSlips stacks the slips down the pages. A page takes slips while
// they fit with slipPad around each and slipEdge at the top and bottom of
// the page; the height left over is shared out between them, so that on a
// page of equal slips the cut lines are evenly spaced.
func layoutSlips(c *canvas, s Slips) {
	var tables []SlipTable
	for _, t := range s.Tables {
		if !t.Bye {
			tables = append(tables, t)
		}
	}
	if len(tables) == 0 {
		c.addPage()
		c.fitText(i18n.T(c.lang(), "Round %d has no tables to print slips for.", s.Round), styleRegular, noTablesSize, noTablesSize-3,
			pageMargin, c.pageW-pageMargin, pageMargin+10, alignLeft, colorInk)
		return
	}
	// Each slip takes its height and a pad above and below; the first and
	// last also take what makes their pad up to the edge margin.
	edges := 2 * (slipEdge - slipPad)
	for start := 0; start < len(tables); {
		end, used := start, edges
		for end < len(tables) {
			h := slipHeight(s, tables[end]) + 2*slipPad
			if end > start && used+h > c.pageH {
				break
			}
			used += h
			end++
		}
		// The last page shares out its height as if it were filled with
		// more of its last slip, so that its cut lines fall where they do
		// on the pages before: a stack of pages is cut in one go.
		cells := end - start
		if end == len(tables) {
			last := slipHeight(s, tables[end-1]) + 2*slipPad
			for used+last <= c.pageH {
				used += last
				cells++
			}
		}
		c.addPage()
		extra := max(0, c.pageH-used) / float64(cells)
		y := slipEdge - slipPad
		for i := start; i < end; i++ {
			h := slipHeight(s, tables[i])
			cell := h + 2*slipPad + extra
			if i > start {
				drawCutLine(c, y)
			}
			// The slip sits in the middle of its share of the page.
			drawSlip(c, s, tables[i], y+(cell-h)/2)
			y += cell
		}
		if cells > end-start {
			drawCutLine(c, y)
		}
		start = end
	}
}

// drawCutLine draws a dashed line across the page at y, from edge to edge,
// with scissors at its left end.
func drawCutLine(c *canvas, y float64) {
	const scissorsSize = 11.0
	sc := c.ts.layout("✂", styleRegular)
	x := pageMargin / 2
	w := c.ts.width(sc, scissorsSize)
	c.line(0, y, x-1, y, 0.25, colorMuted, true)
	c.line(x+w+1, y, c.pageW, y, 0.25, colorMuted, true)
	c.text(sc, scissorsSize, x, x+w, baselineFor(y, scissorsSize), alignLeft, colorMuted)
}

// drawSlip draws the slip of t with its top at top.
func drawSlip(c *canvas, s Slips, t SlipTable, top float64) {
	left, right := pageMargin, c.pageW-pageMargin
	drawSlipHead(c, s, t, top, left, right)
	y := top + s.headHeight()
	if s.spec().Layout == rules.SlipByGame {
		drawGamesSlip(c, s, t, y, left, right)
		return
	}
	drawSeatsSlip(c, s, t, y, left, right)
	if s.Note != "" {
		drawSlipNote(c, s.Note, top+slipHeight(s, t)-slipRuleH, left, right)
	}
}

// drawSlipNote prints the format's sentence for the match (Slips.Note) in
// a line of height slipRuleH from top, shrunk to fit the width.
func drawSlipNote(c *canvas, note string, top, left, right float64) {
	c.fitText(note, styleBold, slipRuleSize, slipNoteSize-1, left, right, baselineFor(top+slipRuleH/2, slipRuleSize), alignLeft, colorInk)
}

// drawSlipHead draws the event and round on the left, the table in a teal
// box on the right and, left of it, any extension.
func drawSlipHead(c *canvas, s Slips, t SlipTable, top, left, right float64) {
	ts := c.ts
	label := ts.layout(i18n.T(c.lang(), "Table %d", t.Number), styleBold)
	boxW := max(30, ts.width(label, slipTableSize)+8)
	boxX := right - boxW
	c.fillRect(boxX, top, boxW, slipTableH, colorTeal)
	c.text(label, slipTableSize, boxX, right, baselineFor(top+slipTableH/2, slipTableSize), alignCenter, colorWhite)

	end := boxX - 4
	if t.Extension > 0 {
		ext := ts.layout(extensionText(c.lang(), t.Extension), styleBold)
		w := ts.width(ext, slipExtSize) + 5
		c.strokeRect(end-w, top+1.5, w, slipTableH-3, 0.4, colorTeal)
		c.text(ext, slipExtSize, end-w, end, baselineFor(top+slipTableH/2, slipExtSize), alignCenter, colorTeal)
		end -= w + 4
	}
	if s.QR != "" {
		// The QR code's room comes first; the event and round follow.
		x, y, size := slipQRRoom(top)
		drawQR(c, s.qr, x, y, size)
		left = x + size + 4
	}
	if t.Code != "" {
		// The code box takes at most 60% of what the event's name has.
		end = drawSlipCode(c, s.Address, t.Code, top, left+(end-left)*0.4, end) - 4
	}
	c.fitText(s.EventName, styleBold, slipEventSize, slipEventSize-2, left, end, top+4.2, alignLeft, colorInk)
	sub := i18n.T(c.lang(), "Round %d", s.Round)
	if s.Unpublished {
		sub = i18n.T(c.lang(), "Round %d (draft, not published)", s.Round)
	}
	if s.Game != "" {
		sub += " · " + s.Game
	}
	c.fitText(sub, styleRegular, slipSubSize, slipSubSize-1.5, left, end, top+9, alignLeft, colorMuted)
}

// drawSlipCode draws the box with the table's code, ending at right and
// starting no further left than limit: "Table code ABC23D" in bold, and
// under it "report at <address>" when the address is known. It returns
// the box's left edge.
func drawSlipCode(c *canvas, address, code string, top, limit, right float64) float64 {
	ts := c.ts
	label := ts.layout(i18n.T(c.lang(), "Table code")+" ", styleRegular)
	value := ts.layout(code, styleBold)
	labelW, valueW := ts.width(label, slipCodeLabelSize), ts.width(value, slipCodeSize)
	// Every slip's box is as wide as the widest code's, so the boxes of
	// a stack of slips line up.
	widest := max(valueW, ts.width(ts.layout(strings.Repeat("W", len(code)), styleBold), slipCodeSize))
	where := ""
	if address != "" {
		where = i18n.T(c.lang(), "report at %s", address)
	}
	whereW := ts.width(ts.layout(where, styleRegular), slipCodeWhereSize)
	w := max(labelW+widest, whereW) + 2*slipCodePad
	left := max(limit, right-w)
	c.strokeRect(left, top, right-left, slipTableH, 0.5, colorTeal)
	codeBase := baselineFor(top+slipTableH/2, slipCodeSize)
	if where != "" {
		codeBase = top + 5.2
		c.fitText(where, styleRegular, slipCodeWhereSize, slipCodeWhereSize-1.5, left+slipCodePad, right-slipCodePad, top+8.6, alignLeft, colorInk)
	}
	// The code is never shrunk or cut: the label gives way first.
	x := left + slipCodePad + max(0, (right-left-2*slipCodePad-labelW-valueW)/2)
	if where != "" {
		x = left + slipCodePad
	}
	if right-slipCodePad-valueW-x >= labelW {
		c.text(label, slipCodeLabelSize, x, x+labelW, codeBase, alignLeft, colorTeal)
		x += labelW
	}
	c.fitText(code, styleBold, slipCodeSize, slipCodeLabelSize, x, max(x+valueW, right-slipCodePad), codeBase, alignLeft, colorTeal)
	return left
}

// slipQRRoom is the square a slip with a QR code (Slips.QR) leaves for it
// in its head, at the head's left end, for the slip whose top is at top:
// its left edge, its top and its side, in millimetres.
func slipQRRoom(top float64) (x, y, size float64) {
	return pageMargin, top, slipQRSize
}

// extensionText returns how an extension prints: "+5 min extension",
// "+1 min 30 s extension".
func extensionText(lang i18n.Lang, d time.Duration) string {
	d = d.Round(time.Second)
	m, sec := int(d/time.Minute), int(d%time.Minute/time.Second)
	switch {
	case sec == 0:
		return i18n.T(lang, "+%d min extension", m)
	case m == 0:
		return i18n.T(lang, "+%d s extension", sec)
	}
	return i18n.T(lang, "+%d min %d s extension", m, sec)
}

// drawSeatsSlip draws the rows of a slip with a row a player: seat (at a
// table of three or more), name, points, the boxes of the kind, and a line
// to sign on; then the foot: drawn games, or whether time was called, and
// the spec's note.
func drawSeatsSlip(c *canvas, s Slips, t SlipTable, top, left, right float64) {
	rows := s.spec().RowsFor(len(t.Seats))
	cols := rows.Columns
	seatW := 0.0
	if len(t.Seats) > 2 {
		seatW = slipSeatW
	}
	// Four boxes leave less room for the names: narrower columns and
	// the shortest signature line.
	colW, signW := slipColW, max(slipSignMin, (right-left)*0.28)
	if len(cols) > 2 {
		colW, signW = slipColW-2, slipSignMin
	}
	boxesW := float64(len(cols)) * colW
	xName := left + seatW
	xPoints := right - signW - boxesW - slipPointsW - 3
	xBoxes := xPoints + slipPointsW
	xSign := xBoxes + boxesW + 3

	label := func(text string, l, r float64, a align) {
		c.fitText(i18n.T(c.lang(), text), styleRegular, slipLabelSize, slipLabelSize-1.5, l, r, top+slipLabelsH-1.3, a, colorMuted)
	}
	if seatW > 0 {
		label(i18n.K("Seat"), left, xName, alignCenter)
	}
	label(i18n.K("Player"), xName+1, xPoints, alignLeft)
	label(i18n.K("Points"), xPoints, xBoxes, alignCenter)
	for i, col := range cols {
		x := xBoxes + float64(i)*colW
		label(col, x, x+colW, alignCenter)
	}
	label(i18n.K("Signature"), xSign, right, alignLeft)

	y := top + slipLabelsH
	// The rules between the rows stop short of the signature lines.
	ruleEnd := xSign - 3
	for n, seat := range t.Seats {
		mid := y + slipRowH/2
		c.line(left, y, ruleEnd, y, 0.2, colorRule, false)
		if seatW > 0 {
			c.fitText(strconv.Itoa(n+1), styleBold, slipPointsSize, slipPointsSize, left, xName, baselineFor(mid, slipPointsSize), alignCenter, colorMuted)
		}
		c.fitText(seat.Name, styleRegular, slipNameSize, slipNameMin, xName+1, xPoints-2, baselineFor(mid, slipNameSize), alignLeft, colorInk)
		c.fitText(strconv.Itoa(seat.Points), styleRegular, slipPointsSize, labelSize-2, xPoints, xBoxes, baselineFor(mid, slipPointsSize), alignCenter, colorMuted)
		for i := range cols {
			x := xBoxes + float64(i)*colW + (colW-slipBoxW)/2
			c.strokeRect(x, mid-slipBoxH/2, slipBoxW, slipBoxH, 0.3, colorInk)
		}
		c.line(xSign, y+slipRowH-1.5, right, y+slipRowH-1.5, 0.3, colorInk, false)
		y += slipRowH
	}
	c.line(left, y, ruleEnd, y, 0.2, colorRule, false)

	mid := y + slipFootH/2
	// The note takes the room right of what the foot has on its left.
	noteLeft := xName + 1
	switch {
	case rows.Draws:
		x := xBoxes + (colW-slipBoxW)/2
		c.fitText(i18n.T(c.lang(), "Drawn games"), styleRegular, slipLabelSize+1, slipLabelSize, xName+1, xBoxes-2, baselineFor(mid, slipLabelSize+1), alignRight, colorMuted)
		c.strokeRect(x, mid-slipBoxH/2, slipBoxW, slipBoxH, 0.3, colorInk)
		noteLeft = xBoxes + colW + 3
	case rows.TimeCalled:
		c.strokeRect(xName+1, mid-slipTickBox/2, slipTickBox, slipTickBox, 0.3, colorInk)
		noteLeft += slipTickBox + 2 + 4 + c.fitText(i18n.T(c.lang(), "Time was called"), styleRegular, slipLabelSize+1, slipLabelSize,
			xName+slipTickBox+3, xBoxes, baselineFor(mid, slipLabelSize+1), alignLeft, colorInk)
	}
	if rows.Note == "" {
		return
	}
	c.fitText(i18n.T(c.lang(), rows.Note), styleRegular, slipNoteSize, slipNoteSize-1, noteLeft, right, baselineFor(mid, slipNoteSize), alignRight, colorMuted)
}

// drawGamesSlip draws a slip laid out by game (KeyForge's): a block a
// player, a row a game with the spec's boxes (the winner ticked; keys,
// Æmber and chains written), the totals, and the signatures.
func drawGamesSlip(c *canvas, s Slips, t SlipTable, top, left, right float64) {
	spec := s.spec()
	blockW := (right - left - kfLabelW) / float64(len(t.Seats))
	colW := blockW / float64(len(spec.GameBoxes))
	blockX := func(p int) float64 { return left + kfLabelW + float64(p)*blockW }

	// Names and points, and the labels of the boxes.
	y := top
	for p, seat := range t.Seats {
		x := blockX(p)
		pts := c.ts.layout(pointsText(c.lang(), seat.Points), styleRegular)
		ptsW := c.ts.width(pts, slipPointsSize)
		base := baselineFor(y+kfHeadingH/2, slipNameSize)
		c.text(pts, slipPointsSize, x+blockW-cellPad-ptsW, x+blockW-cellPad, base, alignRight, colorMuted)
		c.fitText(seat.Name, styleBold, slipNameSize, slipNameMin, x+cellPad, x+blockW-cellPad-ptsW-2, base, alignLeft, colorInk)
		for i, box := range spec.GameBoxes {
			cx := x + float64(i)*colW
			c.fitText(i18n.T(c.lang(), box.Label), styleRegular, slipLabelSize, slipLabelSize-1.5, cx, cx+colW, y+kfHeadingH+kfLabelsH-1.1, alignCenter, colorMuted)
		}
	}
	for p := 1; p < len(t.Seats); p++ {
		x := blockX(p)
		c.line(x, top, x, top+kfHeadingH+kfLabelsH+float64(s.games()+1)*kfGameH, 0.3, colorRule, false)
	}
	y += kfHeadingH + kfLabelsH

	row := func(label string, bold bool, boxes func(p int, x, mid float64)) {
		mid := y + kfGameH/2
		c.line(left, y, right, y, 0.2, colorRule, false)
		style := styleRegular
		if bold {
			style = styleBold
		}
		c.fitText(label, style, slipPointsSize, slipLabelSize, left, left+kfLabelW-2, baselineFor(mid, slipPointsSize), alignLeft, colorInk)
		for p := range t.Seats {
			boxes(p, blockX(p), mid)
		}
		y += kfGameH
	}
	for g := range s.games() {
		row(i18n.T(c.lang(), "Game %d", g+1), false, func(_ int, x, mid float64) {
			for i, box := range spec.GameBoxes {
				cx := x + float64(i)*colW + colW/2
				if box.Tick {
					c.strokeRect(cx-slipTickBox/2, mid-slipTickBox/2, slipTickBox, slipTickBox, 0.3, colorInk)
					continue
				}
				c.strokeRect(cx-slipBoxW/2, mid-(slipBoxH-0.5)/2, slipBoxW, slipBoxH-0.5, 0.3, colorInk)
			}
		})
	}
	label := i18n.T(c.lang(), spec.Total)
	if s.games() == 1 {
		label = i18n.T(c.lang(), spec.TotalOne)
	}
	row(label, true, func(_ int, x, mid float64) {
		cx := x + colW/2
		c.strokeRect(cx-slipBoxW/2, mid-(slipBoxH-0.5)/2, slipBoxW, slipBoxH-0.5, 0.5, colorInk)
	})
	c.line(left, y, right, y, 0.2, colorRule, false)
	if s.Note != "" {
		drawSlipNote(c, s.Note, y, left, right)
		y += slipRuleH
	}

	// The spec's signatures: KeyForge's winner reports the result (K9),
	// with their name and signature, and the opponent's.
	lineY := y + kfSignH - 4.5
	captionY := lineY + 3
	third := (right - left) / float64(len(spec.Signatures))
	for i, caption := range spec.Signatures {
		l := left + float64(i)*third
		r := l + third - 5
		c.line(l, lineY, r, lineY, 0.3, colorInk, false)
		c.fitText(i18n.T(c.lang(), caption), styleRegular, slipLabelSize, slipLabelSize-1.5, l, r, captionY, alignLeft, colorMuted)
	}
}

// pointsText returns match points as a slip prints them: "1 pt", "6 pts".
func pointsText(lang i18n.Lang, n int) string {
	return i18n.N(lang, "%d pts", max(n, -n), n)
}
