package reports

import (
	"tablekeeper/core/event"

	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"time"

	"tablekeeper/core/i18n"
)

// PairingsByName is the model of the pairings list posted on the wall at
// the start of a round: every player in alphabetical order with their table,
// their opponents and their points, so a player finds their own name rather
// than scanning the tables for it. Build it with PairingsByNameFrom or fill
// it directly.
type PairingsByName struct {
	EventName string
	// Game names the game and format, as on the pairings sheet.
	Game  string
	Round int
	// Unpublished: the round is a draft whose pairings may still change;
	// the title says so.
	Unpublished bool
	// Date is the day the round is played; zero leaves it off the list.
	Date time.Time
	// Players are the players of the round in any order: the list is
	// sorted by name when it is written.
	Players []NamedPairing
}

// NamedPairing is one player's line of the list.
type NamedPairing struct {
	Name string
	// Table is the player's table number, from 1; 0 with a bye.
	Table int
	Bye   bool
	// Opponents are the other players at the table in seat order: one in a
	// two-player match, two to four at a table of three to five; none
	// with a bye.
	Opponents []string
	// Points are the player's match points before the round.
	Points int
}

// PairingsByNameFrom turns a round's pairings into the list by name: a line
// for every seat, whose opponents are the table's other seats.
func PairingsByNameFrom(p Pairings) PairingsByName {
	out := PairingsByName{EventName: p.EventName, Game: p.Game, Round: p.Round, Unpublished: p.Unpublished, Date: p.Date}
	for _, t := range p.Tables {
		for i, seat := range t.Seats {
			np := NamedPairing{Name: seat.Name, Table: t.Number, Bye: t.Bye, Points: seat.Points}
			if t.Bye {
				np.Table = 0
			} else {
				for j, other := range t.Seats {
					if j != i {
						np.Opponents = append(np.Opponents, other.Name)
					}
				}
			}
			out.Players = append(out.Players, np)
		}
	}
	return out
}

// WritePairingsByName writes the list by name for p as PDF to w: every
// player alphabetically, ignoring case and accents ("Zoë" sorts as "zoe",
// "Æ" as "ae"), with table, opponents ("BYE" for a bye) and points, in large
// type. Short names go in two or three columns a page, long ones in one;
// the page head names the event and round and numbers the pages. It returns
// an error, and writes nothing, when the model is not a round that can be
// printed.
func WritePairingsByName(w io.Writer, p PairingsByName, opt Options) error {
	return writePDF(w, opt, printJob{
		what: "pairings by name", check: p.validate,
		title: func() string {
			if p.Unpublished {
				return i18n.T(opt.Lang, "Round %d pairings by name (draft, not published)", p.Round)
			}
			return i18n.T(opt.Lang, "Round %d pairings by name", p.Round)
		},
		eventName: p.EventName,
		layout:    func(c *canvas) { layoutPairingsByName(c, p) },
	})
}

// validate reports whether p can be printed.
func (p PairingsByName) validate() error {
	if p.Round < 1 {
		return fmt.Errorf("round %d: rounds are numbered from 1", p.Round)
	}
	for i, pl := range p.Players {
		switch {
		case pl.Bye && len(pl.Opponents) > 0:
			return fmt.Errorf("player %d (%s) has a bye and %d opponents: a bye has none", i+1, pl.Name, len(pl.Opponents))
		case pl.Bye:
		case pl.Table < 1:
			return fmt.Errorf("player %d (%s) is at table %d: tables are numbered from 1", i+1, pl.Name, pl.Table)
		case len(pl.Opponents) < 1 || len(pl.Opponents) > maxSeats-1:
			return fmt.Errorf("player %d (%s) has %d opponents: a table seats 2 to %d players", i+1, pl.Name, len(pl.Opponents), maxSeats)
		}
	}
	return nil
}

// Sizes of the list by name, in points for type and millimetres for space.
const (
	byNameSize      = 14.0 // player names; long ones shrink to byNameMinSize
	byNameMinSize   = 10.5
	byTableSize     = 15.0
	byOppSize       = 12.0 // opponents; long ones shrink to byOppMinSize
	byOppMinSize    = 8.0
	byPointsSize    = 12.0
	byRowH          = 8.0 // the height of a line, when a page is not full
	byRowMinH       = 7.0 // or less, down to this, to save a page
	byTableW        = 15.0
	byPointsW       = 14.0
	byGutter        = 6.0
	byMaxColumns    = 3
	byMinOppW       = 15.0 // the opponents column is never narrower
	byOpponentsJoin = ", "
	byNameSpare     = 10.0 // most room a name cell gets beyond its longest name
	byMaxScale      = 1.3
)

// byNameColumns is how the columns of the list sit on a page.
type byNameColumns struct {
	n      int     // columns a page
	colW   float64 // width of one column
	nameW  float64 // width of its name cell, padding included
	perCol int     // rows in a full column
	rowH   float64 // height of a row
	// oppSize is the size the opponents are set in: smaller than
	// byOppSize when most would not fit at it, so that the column reads
	// evenly rather than shrinking row by row.
	oppSize float64
	// scale enlarges type and rows for a list that fills less than a
	// page, up to byMaxScale.
	scale float64
}

// tableW and pointsW are the widths of the table and points cells.
func (cols byNameColumns) tableW() float64  { return byTableW * cols.scale }
func (cols byNameColumns) pointsW() float64 { return byPointsW * cols.scale }

// layoutPairingsByName lays the list out on c.
func layoutPairingsByName(c *canvas, p PairingsByName) {
	players := slices.Clone(p.Players)
	event.SortByName(players, func(np NamedPairing) string { return np.Name })
	opponents := make([]string, len(players))
	pods := false
	for i, pl := range players {
		opponents[i] = strings.Join(pl.Opponents, byOpponentsJoin)
		pods = pods || len(pl.Opponents) > 1
	}

	head := listHead{event: p.EventName, title: pairingsTitle(c.lang(), p.Round, p.Unpublished), game: p.Game, date: p.Date}
	top := pageMargin + headHeight
	rowsTop := top + headRowHeight
	avail := c.pageH - pageMargin - rowsTop
	cols := chooseByNameColumns(c, players, opponents, max(1, int(avail/byRowMinH)), 1)
	cols.fitRows(len(players), avail)
	if cols.n == 1 && len(players) > 0 && len(players) < cols.perCol {
		// A short list: larger type in taller rows, still on one page.
		if scale := min(byMaxScale, avail/(float64(len(players))*byRowH)); scale > 1 {
			cols = chooseByNameColumns(c, players, opponents, len(players), scale)
			cols.perCol, cols.rowH = len(players), byRowH*scale
		}
	}

	if len(players) == 0 {
		c.addPage()
		drawListHead(c, head, 1, 1)
		c.fitText(i18n.T(c.lang(), "No players in this round"), styleRegular, noTablesSize, noTablesSize, pageMargin, c.pageW-pageMargin, top+10, alignLeft, colorInk)
		return
	}
	perPage := cols.n * cols.perCol
	total := (len(players) + perPage - 1) / perPage
	oppLabel := i18n.T(c.lang(), "Opponent")
	if pods {
		oppLabel = i18n.T(c.lang(), "Opponents")
	}
	for pg := range total {
		c.addPage()
		first := pg * perPage
		onPage := min(perPage, len(players)-first)
		if total > 1 {
			head.note = nameRange(players[first].Name, players[first+onPage-1].Name)
		}
		drawListHead(c, head, pg+1, total)
		columnRuns(first, onPage, cols.n, cols.perCol, func(col, from, to int) {
			x := pageMargin + float64(col)*(cols.colW+byGutter)
			drawByNameHeadRow(c, x, cols, top, oppLabel)
			y := rowsTop
			for i := from; i < to; i++ {
				drawByNameRow(c, x, cols, y, (i-from)%2 == 1, players[i], opponents[i])
				y += cols.rowH
			}
			c.line(x, y, x+cols.colW, y, 0.3, colorRule, false)
		})
	}
}

// chooseByNameColumns decides how many columns a page holds and how wide
// their name cells are. More columns are chosen when the names and
// opponents of all but the longest one in fifty still fit without being
// cut; fewer when they would print on as few pages.
func chooseByNameColumns(c *canvas, players []NamedPairing, opponents []string, perCol int, scale float64) byNameColumns {
	ts := c.ts
	nameWs := make([]float64, len(players))
	oppWs := make([]float64, len(players))
	for i, pl := range players {
		nameWs[i] = ts.width(ts.layout(pl.Name, styleRegular), byNameSize*scale)
		oppWs[i] = ts.width(ts.layout(opponents[i], styleRegular), byOppSize*scale)
	}
	// The width that all but the longest one in fifty fit in.
	typical := func(ws []float64) float64 {
		if len(ws) == 0 {
			return 0
		}
		s := slices.Sorted(slices.Values(ws))
		return s[len(s)-1-len(s)/50]
	}
	nameNeed, oppNeed := typical(nameWs), typical(oppWs)
	// The width three lines in four fit in: what sets the size of the
	// opponents, so that a few long ones shrink on their own line rather
	// than all of them shrinking.
	oppCommon := 0.0
	if len(oppWs) > 0 {
		s := slices.Sorted(slices.Values(oppWs))
		oppCommon = s[(len(s)-1)*3/4]
	}
	nameShrink, oppShrink := byNameMinSize/(byNameSize*scale), byOppMinSize/(byOppSize*scale)

	content := c.pageW - 2*pageMargin
	colW := func(n int) float64 { return (content - float64(n-1)*byGutter) / float64(n) }
	// free is what a column's name and opponents cells share, their
	// padding taken off.
	free := func(n int) float64 { return colW(n) - (byTableW+byPointsW)*scale - 4*cellPad }
	oppMin := max(oppNeed*oppShrink, byMinOppW)
	pages := func(n int) int { return max(1, (len(players)+n*perCol-1)/(n*perCol)) }
	n := 1
	for m := 2; m <= byMaxColumns; m++ {
		if nameNeed*nameShrink+oppMin <= free(m) && pages(m) < pages(n) {
			n = m
		}
	}
	f := free(n)
	var name float64
	switch {
	case nameNeed+oppNeed <= f: // both at full size
		// Keep the table number near the name; the opponents take the
		// rest.
		name = nameNeed + min((f-nameNeed-oppNeed)/3, byNameSpare*scale)
	case nameNeed+oppMin <= f: // names at full size, opponents shrink
		name = nameNeed
	default: // both shrink; the opponents keep what they need at their smallest
		name = max(f-oppMin, f/2)
	}
	oppSize := byOppSize * scale
	if oppCommon > f-name {
		oppSize = max(byOppMinSize, float64(int(oppSize*(f-name)/oppCommon*10))/10)
	}
	return byNameColumns{n: n, colW: colW(n), nameW: name + 2*cellPad, perCol: perCol, oppSize: oppSize, scale: scale}
}

// fitRows sets the row height and the rows a column holds for a list of
// count players in avail millimetres of column: rows of byRowH, or closer
// down to byRowMinH when that saves a page.
func (cols *byNameColumns) fitRows(count int, avail float64) {
	pages := func(perCol int) int { return max(1, (count+cols.n*perCol-1)/(cols.n*perCol)) }
	cols.rowH, cols.perCol = byRowH, max(1, int(avail/byRowH))
	tight := max(1, int(avail/byRowMinH))
	if p := pages(tight); p < pages(cols.perCol) {
		// As many rows as the fewer pages need, spread over the column.
		cols.perCol = (count + cols.n*p - 1) / (cols.n * p)
		cols.rowH = min(byRowH, avail/float64(cols.perCol))
	}
}

// drawByNameHeadRow draws the labels of a column at top.
func drawByNameHeadRow(c *canvas, x float64, cols byNameColumns, top float64, oppLabel string) {
	c.fillRect(x, top, cols.colW, headRowHeight, colorTeal)
	y := baselineFor(top+headRowHeight/2, headRowSize)
	xTable := x + cols.nameW
	xOpp := xTable + cols.tableW()
	xPoints := x + cols.colW - cols.pointsW()
	c.fitText(i18n.T(c.lang(), "Player"), styleBold, headRowSize, headRowSize-2, x+cellPad, xTable-cellPad, y, alignLeft, colorWhite)
	c.fitText(i18n.T(c.lang(), "Table"), styleBold, headRowSize, headRowSize-3, xTable, xOpp, y, alignCenter, colorWhite)
	c.fitText(oppLabel, styleBold, headRowSize, headRowSize-2, xOpp+cellPad, xPoints-cellPad, y, alignLeft, colorWhite)
	c.fitText(i18n.T(c.lang(), "Points"), styleBold, headRowSize, headRowSize-3, xPoints, x+cols.colW-cellPad, y, alignRight, colorWhite)
}

// drawByNameRow draws one player's line at top.
func drawByNameRow(c *canvas, x float64, cols byNameColumns, top float64, zebra bool, pl NamedPairing, opponents string) {
	if zebra {
		c.fillRect(x, top, cols.colW, cols.rowH, colorZebra)
	}
	mid := top + cols.rowH/2
	nameSize, tableSize, pointsSize := byNameSize*cols.scale, byTableSize*cols.scale, byPointsSize*cols.scale
	xTable := x + cols.nameW
	xOpp := xTable + cols.tableW()
	xPoints := x + cols.colW - cols.pointsW()
	c.fitText(pl.Name, styleRegular, nameSize, byNameMinSize, x+cellPad, xTable-cellPad, baselineFor(mid, nameSize), alignLeft, colorInk)
	if pl.Bye {
		c.fitText("—", styleBold, tableSize, tableSize, xTable, xOpp, baselineFor(mid, tableSize), alignCenter, colorMuted)
		c.fitText(i18n.T(c.lang(), "BYE"), styleBold, cols.oppSize, byOppMinSize, xOpp+cellPad, xPoints-cellPad, baselineFor(mid, cols.oppSize), alignLeft, colorTeal)
	} else {
		c.fitText(strconv.Itoa(pl.Table), styleBold, tableSize, labelSize, xTable, xOpp, baselineFor(mid, tableSize), alignCenter, colorTeal)
		c.fitText(opponents, styleRegular, cols.oppSize, byOppMinSize, xOpp+cellPad, xPoints-cellPad, baselineFor(mid, cols.oppSize), alignLeft, colorInk)
	}
	c.fitText(strconv.Itoa(pl.Points), styleRegular, pointsSize, labelSize, xPoints, x+cols.colW-cellPad, baselineFor(mid, pointsSize), alignRight, colorMuted)
}

// nameRange names the first and last player of a page the way a
// dictionary heads its pages, "Ana – Léa": by as many leading words as it
// takes to tell the two apart.
func nameRange(first, last string) string {
	a, b := strings.Fields(first), strings.Fields(last)
	k := 1
	for k < len(a) && k < len(b) && event.FoldName(strings.Join(a[:k], " ")) == event.FoldName(strings.Join(b[:k], " ")) {
		k++
	}
	return strings.Join(a[:min(k, len(a))], " ") + " – " + strings.Join(b[:min(k, len(b))], " ")
}

// columnRuns shares the onPage entries from first among n columns of
// perCol rows: columns of a full page are full; a page not full shares its
// rows out evenly, so that its columns end at about the same height. It
// calls f with each column that gets entries and its entries [from, to),
// and returns the rows of the longest column.
func columnRuns(first, onPage, n, perCol int, f func(col, from, to int)) int {
	inCol := perCol
	if onPage < n*perCol {
		inCol = (onPage + n - 1) / n
	}
	for col := range n {
		from := first + col*inCol
		to := min(from+inCol, first+onPage)
		if from >= to {
			break
		}
		f(col, from, to)
	}
	return inCol
}
