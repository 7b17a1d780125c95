package reports

import (
	"strings"
	"time"

	"tablekeeper/core/i18n"
)

// The list reports (pairings by name, standings) share the pairings sheet's
// page head: the event and the report's title on the first line, the game,
// the date and the page number on the second, and a teal rule under them.

// listHead is the text of a list report's page head.
type listHead struct {
	event string // left, bold
	title string // right, bold teal: "Round 3 pairings", "Final standings"
	game  string // second line, left
	date  time.Time
	// note, when set, goes before the page number: the names a page of
	// the list by name runs from and to.
	note string
}

// headHeight is how far below the top margin a list report's content
// starts.
const headHeight = 20.0

// subtitleLeft joins the game and the date for the second line of the head.
func (h listHead) subtitleLeft(lang i18n.Lang) string {
	var parts []string
	if g := strings.TrimSpace(h.game); g != "" {
		parts = append(parts, g)
	}
	if !h.date.IsZero() {
		parts = append(parts, i18n.Date(lang, h.date))
	}
	return strings.Join(parts, " · ")
}

// drawListHead draws the head of page n of total.
func drawListHead(c *canvas, h listHead, n, total int) {
	ts := c.ts
	left, right := pageMargin, c.pageW-pageMargin
	line1 := baselineFor(pageMargin+4, titleSize)
	line2 := line1 + 7

	// The title may take what the event's name leaves, and two thirds of
	// the line whatever the name: a long title ("Standings — round 3 in
	// progress: 431 of 512 results") must say all it counts, while the
	// event's name, shortened, is still recognisable.
	room := max((right-left)*2/3, right-left-8-ts.width(ts.layout(h.event, styleBold), titleSize))
	title, tsize := ts.fit(h.title, styleBold, titleSize, titleMinSize, room)
	titleW := ts.width(title, tsize)
	c.text(title, tsize, right-titleW, right, line1, alignRight, colorTeal)
	c.fitText(h.event, styleBold, titleSize, titleMinSize, left, right-titleW-8, line1, alignLeft, colorInk)

	page := ts.layout(i18n.T(c.lang(), "Page %d of %d", n, total), styleRegular)
	pageW := ts.width(page, subtitleSize)
	c.text(page, subtitleSize, right-pageW, right, line2, alignRight, colorMuted)
	rightEnd := right - pageW
	if h.note != "" {
		const gap = 5.0
		end := rightEnd - gap
		w := c.fitText(h.note, styleBold, subtitleSize, subtitleSize-2, end-(right-left)/2, end, line2, alignRight, colorInk)
		rightEnd = end - w
	}
	c.fitText(h.subtitleLeft(c.lang()), styleRegular, subtitleSize, subtitleSize-2, left, rightEnd-8, line2, alignLeft, colorMuted)

	c.line(left, pageMargin+16, right, pageMargin+16, 0.5, colorTeal, false)
}

// drawListHeads draws the list head on every page of c once the pages are
// all laid out and their number is known, ahead of each page's other
// operations. head returns the head of page i, from 0.
func drawListHeads(c *canvas, head func(i int) listHead) {
	total := len(c.pages)
	for i, pg := range c.pages {
		body := pg.ops
		pg.ops = make([]drawOp, 0, len(body)+8)
		c.cur = pg
		drawListHead(c, head(i), i+1, total)
		pg.ops = append(pg.ops, body...)
	}
}
