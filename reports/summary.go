package reports

import (
	"fmt"
	"io"
	"strconv"
	"time"

	"tablekeeper/core/i18n"
)

// Summary is the model of an event's summary: a page for the record or the
// store's notice board once the event is over (or a snapshot while it
// runs): who won, who made the top places, and the event in a few numbers.
// The caller fills it from the director's event, standings and logs.
type Summary struct {
	EventName string
	// Game names the game and format, as on the pairings sheet.
	Game string
	// Date is the day of the event; zero leaves it off.
	Date time.Time
	// Structure describes the rounds in a line: "5 rounds of Swiss, best
	// of three, then a top 8".
	Structure string
	// Registered, Dropped and Disqualified count the players.
	Registered, Dropped, Disqualified int
	// RoundsPlayed counts the rounds played, playoff rounds included.
	RoundsPlayed int
	// Winner is the event's winner; empty leaves the winner out, while
	// the event runs.
	Winner string
	// TopTitle heads the top places: "Top 8", "Final table". Empty means
	// "Top N" for N places.
	TopTitle string
	// Top are the top places in order, the winner first.
	Top []SummaryPlace
	// TablesPlayed counts the tables played over all rounds, Byes the
	// byes given, Penalties the penalties in the judge log.
	TablesPlayed, Byes, Penalties int
	// DecksRegistered and DecksLegal count the registered decks and those
	// found legal; with no deck registered, decks are left out.
	DecksRegistered, DecksLegal int
}

// SummaryPlace is one of the top places.
type SummaryPlace struct {
	// Rank is the place; zero prints none.
	Rank   int
	Name   string
	Points int
	// Record is the match record, "4–1–0"; Detail anything else worth a
	// column, a deck or a team. Each column prints when a place has it.
	Record, Detail string
}

// topTitle returns the title of the top places.
func (s Summary) topTitle(lang i18n.Lang) string {
	if s.TopTitle != "" {
		return s.TopTitle
	}
	return i18n.T(lang, "Top %d", len(s.Top))
}

// WriteSummary writes the event summary s as PDF to w: the winner in a
// band, the structure of the event, its numbers (players registered,
// dropped and disqualified, rounds, tables, byes, penalties, legal decks)
// and the top places with their points. It takes one page, two when the
// top places run long. It returns an error, and writes nothing, when the
// model cannot be printed.
func WriteSummary(w io.Writer, s Summary, opt Options) error {
	return writePDF(w, opt, printJob{
		what: "summary", check: s.validate,
		title:     func() string { return i18n.T(opt.Lang, "Event summary") },
		eventName: s.EventName,
		layout:    func(c *canvas) { layoutSummary(c, s) },
	})
}

// validate reports whether s can be printed.
func (s Summary) validate() error {
	for _, n := range []int{s.Registered, s.Dropped, s.Disqualified, s.RoundsPlayed, s.TablesPlayed, s.Byes, s.Penalties, s.DecksRegistered, s.DecksLegal} {
		if n < 0 {
			return fmt.Errorf("a count of %d: counts are never negative", n)
		}
	}
	if s.DecksLegal > s.DecksRegistered {
		return fmt.Errorf("%d legal decks of %d registered", s.DecksLegal, s.DecksRegistered)
	}
	for i, p := range s.Top {
		if p.Rank < 0 {
			return fmt.Errorf("place %d (%s) has rank %d", i+1, p.Name, p.Rank)
		}
	}
	return nil
}

// Sizes of the summary, in points for type and millimetres for space.
const (
	smBandH       = 24.0
	smBandLabel   = 10.0
	smWinnerSize  = 22.0
	smWinnerMin   = 13.0
	smPointsSize  = 13.0
	smTextSize    = 11.0
	smTextLineH   = 5.2
	smFigureH     = 21.0
	smFigureGap   = 4.0
	smFigureSize  = 22.0
	smFigureLabel = 8.5
	smFigures     = 4 // a row
	smHeadingSize = 13.0
	smRowH        = 7.5
	smNameSize    = 12.0
	smNameMin     = 8.5
	smValueSize   = 11.0
	smRankW       = 15.0
	smPointsW     = 18.0
	smRecordW     = 22.0
)

// layoutSummary lays the summary out on c.
func layoutSummary(c *canvas, s Summary) {
	ts := c.ts
	left, right := pageMargin, c.pageW-pageMargin
	w := right - left
	top, bottom := pageMargin+headHeight, c.pageH-pageMargin
	head := listHead{event: s.EventName, title: i18n.T(c.lang(), "Event summary"), game: s.Game, date: s.Date}
	c.addPage()
	y := top

	// The winner.
	if s.Winner != "" {
		c.fillRect(left, y, w, smBandH, colorTeal)
		c.fitText(i18n.T(c.lang(), "Winner"), styleRegular, smBandLabel, smBandLabel, left+5, right-5, y+6.5, alignLeft, colorWhite)
		nameRight := right - 5
		for _, p := range s.Top {
			if p.Name == s.Winner {
				pts := ts.layout(pointsWord(c.lang(), p.Points), styleRegular)
				pw := ts.width(pts, smPointsSize)
				c.text(pts, smPointsSize, right-5-pw, right-5, y+17.5, alignRight, colorWhite)
				nameRight = right - 5 - pw - 6
				break
			}
		}
		c.fitText(s.Winner, styleBold, smWinnerSize, smWinnerMin, left+5, nameRight, y+18, alignLeft, colorWhite)
		y += smBandH + 6
	}

	// The structure.
	if s.Structure != "" {
		label := ts.layout(i18n.T(c.lang(), "Structure"), styleBold)
		lw := ts.width(label, smTextSize) + 4
		lines := ts.wrap(s.Structure, styleRegular, smTextSize, w-lw)
		c.text(label, smTextSize, left, left+lw, y+smTextLineH-1.2, alignLeft, colorMuted)
		for _, l := range lines {
			c.text(l, smTextSize, left+lw, right, y+smTextLineH-1.2, alignLeft, colorInk)
			y += smTextLineH
		}
		y += 4
	}

	// The numbers.
	type figure struct{ value, label string }
	lang := c.lang()
	figures := []figure{
		{strconv.Itoa(s.Registered), i18n.N(lang, "players registered", s.Registered)},
		{strconv.Itoa(s.Dropped), i18n.N(lang, "players dropped", s.Dropped)},
		{strconv.Itoa(s.Disqualified), i18n.N(lang, "disqualified", s.Disqualified)},
		{strconv.Itoa(s.RoundsPlayed), i18n.N(lang, "rounds played", s.RoundsPlayed)},
		{strconv.Itoa(s.TablesPlayed), i18n.N(lang, "tables played", s.TablesPlayed)},
		{strconv.Itoa(s.Byes), i18n.N(lang, "byes", s.Byes)},
		{strconv.Itoa(s.Penalties), i18n.N(lang, "penalties logged", s.Penalties)},
	}
	if s.DecksRegistered > 0 {
		figures = append(figures, figure{strconv.Itoa(s.DecksLegal) + " / " + strconv.Itoa(s.DecksRegistered), i18n.T(lang, "decks legal / registered")})
	}
	figW := (w - float64(smFigures-1)*smFigureGap) / smFigures
	for i, f := range figures {
		x := left + float64(i%smFigures)*(figW+smFigureGap)
		fy := y + float64(i/smFigures)*(smFigureH+smFigureGap)
		c.fillRect(x, fy, figW, smFigureH, colorZebra)
		c.fitText(f.value, styleBold, smFigureSize, smFigureSize-8, x+4, x+figW-4, fy+11, alignLeft, colorTeal)
		c.fitText(f.label, styleRegular, smFigureLabel, smFigureLabel-1.5, x+4, x+figW-4, fy+17, alignLeft, colorMuted)
	}
	y += float64((len(figures)+smFigures-1)/smFigures)*(smFigureH+smFigureGap) + 6

	// The top places, over a second page if they must.
	if len(s.Top) == 0 {
		drawListHeads(c, func(int) listHead { return head })
		return
	}
	hasRecord, hasDetail := false, false
	for _, p := range s.Top {
		hasRecord = hasRecord || p.Record != ""
		hasDetail = hasDetail || p.Detail != ""
	}
	xName := left + smRankW
	xPoints := right - smPointsW
	xRecord := xPoints
	if hasRecord {
		xRecord = xPoints - smRecordW
	}
	xDetail := xRecord
	if hasDetail {
		xDetail = xName + (xRecord-xName)*0.55
	}
	headRow := func() {
		c.fitText(s.topTitle(c.lang()), styleBold, smHeadingSize, smHeadingSize-3, left, right, y+5, alignLeft, colorTeal)
		y += 8
		c.fillRect(left, y, w, headRowHeight, colorTeal)
		base := baselineFor(y+headRowHeight/2, headRowSize)
		c.fitText(i18n.T(lang, "Rank"), styleBold, headRowSize, headRowSize-3, left, xName, base, alignCenter, colorWhite)
		c.fitText(i18n.T(lang, "Player"), styleBold, headRowSize, headRowSize-2, xName+cellPad, xDetail-cellPad, base, alignLeft, colorWhite)
		if hasDetail {
			c.fitText(i18n.T(lang, "Deck, team"), styleBold, headRowSize, headRowSize-2, xDetail+cellPad, xRecord-cellPad, base, alignLeft, colorWhite)
		}
		if hasRecord {
			c.fitText(i18n.T(lang, "W–L–D"), styleBold, headRowSize, headRowSize-3, xRecord, xPoints, base, alignCenter, colorWhite)
		}
		c.fitText(i18n.T(lang, "Points"), styleBold, headRowSize, headRowSize-3, xPoints, right-cellPad, base, alignRight, colorWhite)
		y += headRowHeight
	}
	if y+8+headRowHeight+smRowH > bottom {
		c.addPage()
		y = top
	}
	headRow()
	for i, p := range s.Top {
		if y+smRowH > bottom {
			c.addPage()
			y = top
			headRow()
		}
		if i%2 == 1 {
			c.fillRect(left, y, w, smRowH, colorZebra)
		}
		mid := y + smRowH/2
		bv := baselineFor(mid, smValueSize)
		if p.Rank > 0 {
			c.fitText(strconv.Itoa(p.Rank), styleBold, smValueSize, labelSize-2, left, xName, bv, alignCenter, colorInk)
		}
		style := styleRegular
		if p.Name == s.Winner {
			style = styleBold
		}
		c.fitText(p.Name, style, smNameSize, smNameMin, xName+cellPad, xDetail-cellPad, baselineFor(mid, smNameSize), alignLeft, colorInk)
		if hasDetail {
			c.fitText(p.Detail, styleRegular, smValueSize-1, smNameMin-1, xDetail+cellPad, xRecord-cellPad, bv, alignLeft, colorMuted)
		}
		if hasRecord {
			c.fitText(p.Record, styleRegular, smValueSize, labelSize-2, xRecord, xPoints, bv, alignCenter, colorInk)
		}
		c.fitText(strconv.Itoa(p.Points), styleBold, smValueSize, labelSize-2, xPoints, right-cellPad, bv, alignRight, colorInk)
		y += smRowH
	}
	c.line(left, y, right, y, 0.3, colorRule, false)
	drawListHeads(c, func(int) listHead { return head })
}

// pointsWord returns a number of points in words in lang: "1 point",
// "15 points".
func pointsWord(lang i18n.Lang, n int) string {
	return i18n.N(lang, "%d points", max(n, -n), n)
}
