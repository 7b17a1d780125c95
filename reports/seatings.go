package reports

import (
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"time"

	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
)

// Seatings is the model of a seating list: where each player sits for
// round 1 or for a draft, posted on the wall so that players find their
// own name, then the pods (or tables) seat by seat for the judges. The
// caller fills it from the seating the director drew (rule G3, and the
// draft pods of A5, H7 and S14).
type Seatings struct {
	EventName string
	// Game names the game and format, as on the pairings sheet.
	Game string
	// Date is the day printed under the title; zero leaves it off.
	Date time.Time
	// Title heads the pages. Empty means "Draft pods" for a draft and
	// "Round 1 seating" otherwise.
	Title string
	// Draft says the players sit in draft pods rather than at tables.
	Draft bool
	// Passes gives the direction each pack passes, pack 1 first: "left"
	// (to the next seat) or "right" (to the previous one).
	Passes []string
	// Pods are the pods or tables, each with its players in seat order,
	// clockwise from seat 1.
	Pods []SeatingPod
	// Byes are the players who sit out (a bye in round 1); they are
	// listed by name with "BYE".
	Byes []string
}

// SeatingPod is one draft pod or table and its players in seat order.
type SeatingPod struct {
	// Number is the pod or table number, from 1.
	Number int
	// Seats are the players' names, seat 1 first.
	Seats []string
}

// title returns the seating's title.
func (s Seatings) title(lang i18n.Lang) string {
	switch {
	case s.Title != "":
		return s.Title
	case s.Draft:
		return i18n.T(lang, "Draft pods")
	}
	return i18n.T(lang, "Round 1 seating")
}

// unit is what the players sit at: "Pod" or "Table".
func (s Seatings) unit() string {
	if s.Draft {
		return i18n.K("Pod")
	}
	return i18n.K("Table")
}

// numbered is a pod's or table's name in lang: "Pod 2", "Table 5".
func (s Seatings) numbered(lang i18n.Lang, n int) string {
	if s.Draft {
		return i18n.T(lang, "Pod %d", n)
	}
	return i18n.T(lang, "Table %d", n)
}

// passWords are the directions of a pass, the keys banner says them by.
var passWords = map[string]string{"left": i18n.K("left"), "right": i18n.K("right")}

// banner is the line over the list: the title and the pass directions,
// "Draft pods — pass left, right, left".
func (s Seatings) banner(lang i18n.Lang) string {
	if len(s.Passes) == 0 {
		return ""
	}
	passes := make([]string, len(s.Passes))
	for i, p := range s.Passes {
		passes[i] = i18n.T(lang, passWords[strings.ToLower(strings.TrimSpace(p))])
	}
	return i18n.T(lang, "%s — pass %s", s.title(lang), strings.Join(passes, ", "))
}

// WriteSeatings writes the seating s as PDF to w. The first part lists
// every player alphabetically, ignoring case and accents as the list by
// name does, with their pod (or table) and seat, in as many columns as
// the names allow, under a banner with the pass directions. The second
// part lists each pod with its players in seat order. It returns an
// error, and writes nothing, when the model cannot be printed.
func WriteSeatings(w io.Writer, s Seatings, opt Options) error {
	return writePDF(w, opt, printJob{
		what: "seating", check: s.validate,
		title:     func() string { return s.title(opt.Lang) },
		eventName: s.EventName,
		layout:    func(c *canvas) { layoutSeatings(c, s) },
	})
}

// validate reports whether s can be printed.
func (s Seatings) validate() error {
	for i, p := range s.Passes {
		if d := strings.ToLower(strings.TrimSpace(p)); d != "left" && d != "right" {
			return fmt.Errorf("pack %d passes %q: a pack passes left or right", i+1, p)
		}
	}
	for i, p := range s.Pods {
		if p.Number < 1 {
			return fmt.Errorf("%s number %d (entry %d): numbered from 1", strings.ToLower(s.unit()), p.Number, i+1)
		}
		if len(p.Seats) == 0 {
			return fmt.Errorf("%s %d has no players", strings.ToLower(s.unit()), p.Number)
		}
	}
	return nil
}

// Sizes of the seating, in points for type and millimetres for space.
const (
	seBannerSize  = 14.0
	seBannerNote  = 9.0
	seBannerH     = 15.0
	seNameSize    = 13.0
	seNameMin     = 9.5
	seNumSize     = 13.0
	seRowH        = 7.5
	seRowMinH     = 6.5
	seNumW        = 15.0 // the pod and seat cells
	seGutter      = 6.0
	seMaxColumns  = 4
	seNameSpare   = 12.0 // most room a name cell gets beyond its longest name
	seNameMaxW    = 110.0
	sePartGap     = 10.0 // between the list and the pods on one page
	seCardHeadH   = 7.5  // a pod's title bar
	seCardRowH    = 6.2  // a seat of a pod
	seCardPad     = 1.5  // under the last seat
	seCardGap     = 5.0  // between pods
	seCardMinW    = 58.0 // a pod is never narrower
	seCardMaxW    = 120.0
	seCardMaxCols = 4
	seSeatW       = 9.0
	seCardSize    = 11.0
	seCardMin     = 8.0
)

// seatedName is a player of the list by name.
type seatedName struct {
	name      string
	pod, seat int
	bye       bool
}

// layoutSeatings lays out the list by name, then the pods.
func layoutSeatings(c *canvas, s Seatings) {
	var names []seatedName
	for _, p := range s.Pods {
		for i, n := range p.Seats {
			names = append(names, seatedName{name: n, pod: p.Number, seat: i + 1})
		}
	}
	for _, n := range s.Byes {
		names = append(names, seatedName{name: n, bye: true})
	}
	event.SortByName(names, func(n seatedName) string { return n.name })

	top := pageMargin + headHeight
	left, right := pageMargin, c.pageW-pageMargin
	head := listHead{event: s.EventName, title: s.title(c.lang()), game: s.Game, date: s.Date}
	notes := map[int]string{} // page index: the names it runs from and to
	var heads []listHead

	c.addPage()
	y := top
	if b := s.banner(c.lang()); b != "" {
		c.fitText(b, styleBold, seBannerSize, seBannerSize-3, left, right, y+5.5, alignLeft, colorTeal)
		c.fitText(i18n.T(c.lang(), "Left passes to the next seat (1 → 2 → 3 …), right to the previous one."), styleRegular, seBannerNote, seBannerNote-1.5,
			left, right, y+11, alignLeft, colorMuted)
		y += seBannerH
	}
	if len(names) == 0 {
		c.fitText(i18n.T(c.lang(), "No players seated"), styleRegular, noTablesSize, noTablesSize, left, right, y+10, alignLeft, colorInk)
		drawListHeads(c, func(int) listHead { return head })
		return
	}

	// Part one: the list by name, in columns, page after page.
	cols := chooseSeatingColumns(c, names, right-left)
	for start := 0; start < len(names); {
		avail := c.pageH - pageMargin - (y + headRowHeight)
		perCol := max(1, int(avail/seRowH+1e-9))
		rowH := seRowH
		// Closer rows when that saves a page.
		if rest := len(names) - start; rest > cols.n*perCol && rest <= cols.n*int(avail/seRowMinH+1e-9) {
			perCol = (rest + cols.n - 1) / cols.n
			rowH = avail / float64(perCol)
		}
		onPage := min(cols.n*perCol, len(names)-start)
		inCol := columnRuns(start, onPage, cols.n, perCol, func(col, from, to int) {
			x := left + float64(col)*(cols.colW+seGutter)
			drawSeatingHeadRow(c, s, x, cols, y)
			ry := y + headRowHeight
			for i := from; i < to; i++ {
				drawSeatingRow(c, x, cols, ry, rowH, (i-from)%2 == 1, names[i])
				ry += rowH
			}
			c.line(x, ry, x+cols.colW, ry, 0.3, colorRule, false)
		})
		notes[len(c.pages)-1] = nameRange(names[start].name, names[start+onPage-1].name)
		start += onPage
		if start < len(names) {
			c.addPage()
			y = top
		} else {
			y += headRowHeight + float64(inCol)*rowH
		}
	}
	listPages := len(c.pages)
	for i := range listPages {
		h := head
		if listPages > 1 {
			h.note = notes[i]
		}
		heads = append(heads, h)
	}

	// Part two: the pods in seat order, on the same page when they all
	// fit under the list.
	podsHead := head
	podsHead.title = i18n.T(c.lang(), "Tables in seat order")
	if s.Draft {
		podsHead.title = i18n.T(c.lang(), "Pods in seat order")
	}
	podsHead.note = ""
	if len(s.Pods) > 0 {
		pods := slices.Clone(s.Pods)
		slices.SortStableFunc(pods, func(a, b SeatingPod) int { return a.Number - b.Number })
		grid := planPodGrid(c, pods, right-left)
		// Under the list, a title says what follows; on a page of its
		// own the page head does, and only the passes are repeated.
		y += sePartGap
		if y+seBannerH+grid.height(0, len(grid.rows)) > c.pageH-pageMargin {
			c.addPage()
			heads = append(heads, podsHead)
			y = top
			if len(s.Passes) > 0 {
				c.fitText(s.banner(c.lang()), styleBold, seBannerNote+2, seBannerNote, left, right, y+4.5, alignLeft, colorTeal)
				y += 8
			}
		} else {
			c.fitText(podsHead.title, styleBold, seBannerSize, seBannerSize-3, left, right, y+5.5, alignLeft, colorTeal)
			if len(s.Passes) > 0 {
				c.fitText(s.banner(c.lang()), styleRegular, seBannerNote, seBannerNote-1.5, left, right, y+11, alignLeft, colorMuted)
			}
			y += seBannerH
		}
		for r := range grid.rows {
			if h := grid.height(r, r+1); y+h > c.pageH-pageMargin {
				c.addPage()
				heads = append(heads, podsHead)
				y = top
			}
			y = drawPodRow(c, s, grid, r, y)
		}
	}
	drawListHeads(c, func(i int) listHead { return heads[i] })
}

// seatingColumns is how the columns of the list by name sit on a page.
type seatingColumns struct {
	n     int
	colW  float64
	nameW float64 // the name cell, padding included
}

// chooseSeatingColumns decides how many columns the list by name takes: as
// many as leave room for all but the longest name in fifty at the
// smallest size, up to seMaxColumns, and only as many as there are pages
// of rows to fill.
func chooseSeatingColumns(c *canvas, names []seatedName, w float64) seatingColumns {
	ts := c.ts
	ws := make([]float64, len(names))
	for i, n := range names {
		ws[i] = ts.width(ts.layout(n.name, styleRegular), seNameSize)
	}
	slices.Sort(ws)
	typical := ws[len(ws)-1-len(ws)/50]
	perCol := int((c.pageH - 2*pageMargin - headHeight - headRowHeight - seBannerH) / seRowMinH)
	colW := func(n int) float64 { return (w - float64(n-1)*seGutter) / float64(n) }
	pages := func(n int) int { return (len(names) + n*perCol - 1) / (n * perCol) }
	fixed := 2*seNumW + 2*cellPad
	n := 1
	for m := 2; m <= seMaxColumns; m++ {
		if typical*seNameMin/seNameSize+fixed > colW(m) {
			break
		}
		if pages(m) < pages(n) {
			n = m
		}
	}
	nameW := min(colW(n)-2*seNumW, typical+2*cellPad+seNameSpare, seNameMaxW)
	if n == 1 {
		return seatingColumns{n: 1, colW: nameW + 2*seNumW, nameW: nameW}
	}
	return seatingColumns{n: n, colW: colW(n), nameW: colW(n) - 2*seNumW}
}

// drawSeatingHeadRow draws the labels of a column of the list at top.
func drawSeatingHeadRow(c *canvas, s Seatings, x float64, cols seatingColumns, top float64) {
	c.fillRect(x, top, cols.colW, headRowHeight, colorTeal)
	y := baselineFor(top+headRowHeight/2, headRowSize)
	xPod := x + cols.nameW
	c.fitText(i18n.T(c.lang(), "Player"), styleBold, headRowSize, headRowSize-2, x+cellPad, xPod-cellPad, y, alignLeft, colorWhite)
	c.fitText(i18n.T(c.lang(), s.unit()), styleBold, headRowSize, headRowSize-3, xPod, xPod+seNumW, y, alignCenter, colorWhite)
	c.fitText(i18n.T(c.lang(), "Seat"), styleBold, headRowSize, headRowSize-3, xPod+seNumW, xPod+2*seNumW, y, alignCenter, colorWhite)
}

// drawSeatingRow draws a player's line of the list at top.
func drawSeatingRow(c *canvas, x float64, cols seatingColumns, top, rowH float64, zebra bool, n seatedName) {
	if zebra {
		c.fillRect(x, top, cols.colW, rowH, colorZebra)
	}
	mid := top + rowH/2
	xPod := x + cols.nameW
	c.fitText(n.name, styleRegular, seNameSize, seNameMin, x+cellPad, xPod-cellPad, baselineFor(mid, seNameSize), alignLeft, colorInk)
	if n.bye {
		c.fitText(i18n.T(c.lang(), "BYE"), styleBold, seNumSize-2, labelSize, xPod, xPod+2*seNumW, baselineFor(mid, seNumSize-2), alignCenter, colorTeal)
		return
	}
	c.fitText(strconv.Itoa(n.pod), styleBold, seNumSize, labelSize-2, xPod+0.5, xPod+seNumW-0.5, baselineFor(mid, seNumSize), alignCenter, colorTeal)
	c.fitText(strconv.Itoa(n.seat), styleRegular, seNumSize, labelSize-2, xPod+seNumW+0.5, xPod+2*seNumW-0.5, baselineFor(mid, seNumSize), alignCenter, colorInk)
}

// podGrid is the pods laid out in rows of cards.
type podGrid struct {
	pods  []SeatingPod
	n     int // cards a row
	cardW float64
	rows  [][2]int // pods [from, to) of each row
}

// planPodGrid decides how many pod cards go in a row: as many as fit at
// seCardMinW, fewer when the names need more room, at most seCardMaxCols.
func planPodGrid(c *canvas, pods []SeatingPod, w float64) podGrid {
	ts := c.ts
	var ws []float64
	for _, p := range pods {
		for _, n := range p.Seats {
			ws = append(ws, ts.width(ts.layout(n, styleRegular), seCardSize))
		}
	}
	slices.Sort(ws)
	typical := ws[len(ws)-1-len(ws)/50]
	need := max(seCardMinW, typical*seCardMin/seCardSize+seSeatW+2*cellPad)
	n := max(1, min(seCardMaxCols, len(pods), int((w+seCardGap)/(need+seCardGap))))
	g := podGrid{pods: pods, n: n, cardW: min(seCardMaxW, (w-float64(n-1)*seCardGap)/float64(n))}
	for i := 0; i < len(pods); i += n {
		g.rows = append(g.rows, [2]int{i, min(i+n, len(pods))})
	}
	return g
}

// cardHeight returns the height of a pod's card.
func cardHeight(p SeatingPod) float64 {
	return seCardHeadH + float64(len(p.Seats))*seCardRowH + seCardPad
}

// height returns the height of the rows [from, to) of the grid.
func (g podGrid) height(from, to int) float64 {
	h := 0.0
	for _, r := range g.rows[from:to] {
		tallest := 0.0
		for _, p := range g.pods[r[0]:r[1]] {
			tallest = max(tallest, cardHeight(p))
		}
		h += tallest + seCardGap
	}
	return h
}

// drawPodRow draws row r of the grid at y and returns where the next row
// starts.
func drawPodRow(c *canvas, s Seatings, g podGrid, r int, y float64) float64 {
	ts := c.ts
	row := g.rows[r]
	for i, p := range g.pods[row[0]:row[1]] {
		x := pageMargin + float64(i)*(g.cardW+seCardGap)
		h := cardHeight(p)
		c.fillRect(x, y, g.cardW, seCardHeadH, colorTeal)
		base := baselineFor(y+seCardHeadH/2, headRowSize+1)
		// How many players a pod has matters to a draft; a table's
		// players are all there is to it.
		var count span
		if s.Draft {
			count = ts.layout(playersText(c.lang(), len(p.Seats)), styleRegular)
		}
		countW := ts.width(count, headRowSize-1)
		c.text(count, headRowSize-1, x+g.cardW-cellPad-countW, x+g.cardW-cellPad, base, alignRight, colorWhite)
		c.fitText(s.numbered(c.lang(), p.Number), styleBold, headRowSize+1, headRowSize-2, x+cellPad, x+g.cardW-cellPad-countW-3, base, alignLeft, colorWhite)
		sy := y + seCardHeadH
		for j, n := range p.Seats {
			if j%2 == 1 {
				c.fillRect(x, sy, g.cardW, seCardRowH, colorZebra)
			}
			mid := sy + seCardRowH/2
			c.fitText(strconv.Itoa(j+1), styleBold, seCardSize, seCardMin, x, x+seSeatW, baselineFor(mid, seCardSize), alignCenter, colorTeal)
			c.fitText(n, styleRegular, seCardSize, seCardMin, x+seSeatW, x+g.cardW-cellPad, baselineFor(mid, seCardSize), alignLeft, colorInk)
			sy += seCardRowH
		}
		c.strokeRect(x, y, g.cardW, h, 0.3, colorRule)
	}
	return y + g.height(r, r+1)
}

// playersText returns a number of players: "1 player", "5 players".
func playersText(lang i18n.Lang, n int) string {
	return i18n.N(lang, "%d players", n, n)
}
