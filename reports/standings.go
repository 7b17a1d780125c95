package reports

import (
	"fmt"
	"io"
	"strconv"
	"time"

	"github.com/jung-kurt/gofpdf"

	"tablekeeper/core/i18n"
	"tablekeeper/core/rules"
	"tablekeeper/core/standings"
)

// Standings is the model of a standings list: the players in rank order
// with points, record and tiebreakers. The tiebreakers come as headings and
// already formatted values, so any set of tiebreakers prints ("OMW%",
// "Game points", "Tau"), in whatever form the event shows them.
type Standings struct {
	EventName string
	// Game names the game and format, as on the pairings sheet.
	Game string
	// Title says what the standings count ("Standings — round 3 in
	// progress: 431 of 512 results"): the director's Basis.Title, so the
	// paper says what the screens say. When it is zero, Round and Final
	// title the model: Round is the last round the standings count, and
	// Final prints "Final standings" instead of "Standings after round N".
	Title i18n.Text
	Round int
	Final bool
	// Date is the day printed under the title; zero leaves it off.
	Date time.Time
	// Tiebreakers are the headings of the tiebreaker columns, in order;
	// every row has a value for each.
	Tiebreakers []string
	// Rows are the players in the order printed, normally by rank.
	Rows []StandingsRow
	// DrawNote says how the ties of Drawn rows were broken; it is
	// printed under the rows of every page that has one, and needed
	// when a row is Drawn.
	DrawNote i18n.Text
}

// StandingsRow is one player's line of the standings.
type StandingsRow struct {
	// Rank is the player's place; players who share a place share the
	// rank. Zero prints no rank.
	Rank int
	Name string
	// Team is the player's team; the team column prints when any row
	// has one.
	Team   string
	Points int
	// Wins, Losses and Draws are the player's match record.
	Wins, Losses, Draws int
	// Tiebreakers are the values of Standings.Tiebreakers, formatted.
	Tiebreakers []string
	// Dropped marks a player who left the event; they keep their place.
	Dropped bool
	// Drawn marks a player whose order among those sharing the rank was
	// drawn (core/standings): the rank prints with standings.DrawMark
	// and the page with Standings.DrawNote.
	Drawn bool
}

// record formats the row's record as every surface does (rules.Record:
// W–L–D), in l.
func (r StandingsRow) record(l i18n.Lang) string {
	return rules.Record(r.Wins, r.Losses, r.Draws).In(l)
}

// title is the standings' title: Title, else "Final standings" or
// "Standings after round N".
func (s Standings) title(lang i18n.Lang) string {
	if !s.Title.IsZero() {
		return s.Title.In(lang)
	}
	if s.Final {
		return i18n.T(lang, "Final standings")
	}
	return i18n.T(lang, "Standings after round %d", s.Round)
}

// WriteStandings writes the standings s as PDF to w: rank, name, team (when
// any player has one), points, record and the tiebreaker columns, with the
// header row repeated on every page and dropped players marked. It returns
// an error, and writes nothing, when the model cannot be printed.
func WriteStandings(w io.Writer, s Standings, opt Options) error {
	return writePDF(w, opt, printJob{
		what: "standings", check: s.validate,
		title:     func() string { return s.title(opt.Lang) },
		eventName: s.EventName,
		plan:      func(paper, title string) (*gofpdf.Fpdf, *canvas) { return planStandings(paper, title, s, opt) },
		layout:    func(c *canvas) { layoutStandings(c, s) },
	})
}

// validate reports whether s can be printed.
func (s Standings) validate() error {
	if s.Title.IsZero() && !s.Final && s.Round < 1 {
		return fmt.Errorf("round %d: rounds are numbered from 1", s.Round)
	}
	if len(s.Tiebreakers) > maxTiebreakers {
		return fmt.Errorf("%d tiebreaker columns: at most %d fit a page", len(s.Tiebreakers), maxTiebreakers)
	}
	for i, r := range s.Rows {
		if len(r.Tiebreakers) != len(s.Tiebreakers) {
			return fmt.Errorf("row %d (%s) has %d tiebreaker values for %d tiebreaker columns", i+1, r.Name, len(r.Tiebreakers), len(s.Tiebreakers))
		}
		if r.Rank < 0 || r.Wins < 0 || r.Losses < 0 || r.Draws < 0 {
			return fmt.Errorf("row %d (%s) has a negative rank or record", i+1, r.Name)
		}
		if r.Drawn && s.DrawNote.IsZero() {
			return fmt.Errorf("row %d (%s) is marked drawn, but no note says how its tie was broken", i+1, r.Name)
		}
	}
	return nil
}

// Sizes of the standings, in points for type and millimetres for space.
const (
	maxTiebreakers  = 8
	stRowH          = 7.0
	stNameSize      = 11.5
	stNameMin       = 8.5
	stValueSize     = 10.5
	stValueMin      = 7.0
	stHeadSize      = 9.0
	stHeadMin       = 6.5
	stHeadTwoLines  = 7.5 // a heading set on two lines
	stDroppedSize   = 8.0
	stRankW         = 15.0
	stPointsW       = 16.0
	stRecordW       = 19.0
	stTieMinW       = 15.0
	stTieMaxW       = 32.0
	stNameMinW      = 50.0 // the player column is never narrower
	stTeamMinW      = 25.0 // nor the team column
	stTeamShare     = 0.45 // at most, of the room left for names and teams
	stDroppedGap    = 2.0
	stNoPlayersSize = 14.0
	stNoteSize      = 8.5
	stNoteMin       = 6.5
)

// stColumn is a column of the standings table.
type stColumn struct {
	heading     string
	left, right float64
	a           align
}

// planStandings returns the document and canvas for s: portrait, or
// landscape when the tiebreaker values would not fit across a portrait
// page at their size.
func planStandings(paper, title string, s Standings, opt Options) (*gofpdf.Fpdf, *canvas) {
	pdf := newDocument(paper, title, opt)
	c := newCanvas(pdf, opt.typesetter(pdf))
	if _, squeezed := standingsColumns(c, s); squeezed {
		pdf = newOrientedDocument("L", paper, title, opt)
		c = newCanvas(pdf, opt.typesetter(pdf))
	}
	return pdf, c
}

// layoutStandings lays the standings out on c.
func layoutStandings(c *canvas, s Standings) {
	cols, _ := standingsColumns(c, s)
	layoutStandingsPages(c, s, cols)
}

// standingsColumns returns the columns of the standings table on c's
// pages, and whether the tiebreaker columns had to be narrowed so far that
// their values shrink.
func standingsColumns(c *canvas, s Standings) ([]stColumn, bool) {
	ts := c.ts
	left, right := pageMargin, c.pageW-pageMargin
	hasTeam := false
	for _, r := range s.Rows {
		hasTeam = hasTeam || r.Team != ""
	}

	// Each tiebreaker column as wide as its widest value and its heading
	// (on two lines if that is narrower), within limits.
	natural := make([]float64, len(s.Tiebreakers))
	least := make([]float64, len(s.Tiebreakers))
	for i, h := range s.Tiebreakers {
		values := 0.0
		for _, r := range s.Rows {
			values = max(values, ts.width(ts.layout(r.Tiebreakers[i], styleRegular), stValueSize))
		}
		head, _, _ := headingLines(ts, h)
		least[i] = min(max(values+2*cellPad, stTieMinW), stTieMaxW)
		natural[i] = min(max(values, head)+2*cellPad, stTieMaxW)
		natural[i] = max(natural[i], least[i])
	}
	fixed := stRankW + stPointsW + stRecordW
	minFlex := stNameMinW
	if hasTeam {
		minFlex += stTeamMinW
	}
	// Too many tiebreakers: first the headings give up room (and shrink
	// or are cut), then the values.
	room := right - left - fixed - minFlex
	sumNatural, sumLeast := sum(natural), sum(least)
	tieW := natural
	switch {
	case sumNatural <= room:
	case sumLeast <= room:
		t := (room - sumLeast) / (sumNatural - sumLeast)
		for i := range tieW {
			tieW[i] = least[i] + t*(natural[i]-least[i])
		}
	default:
		for i := range tieW {
			tieW[i] = least[i] * room / sumLeast
		}
	}
	total := min(sumNatural, room)
	squeezed := sumLeast > room
	flex := right - left - fixed - total
	nameW, teamW := flex, 0.0
	if hasTeam {
		// As wide as the longest team name, within limits.
		for _, r := range s.Rows {
			teamW = max(teamW, ts.width(ts.layout(r.Team, styleRegular), stValueSize)+2*cellPad)
		}
		teamW = min(max(teamW, stTeamMinW), flex*stTeamShare, flex-stNameMinW)
		nameW = flex - teamW
	}

	var cols []stColumn
	x := left
	add := func(heading string, w float64, a align) {
		cols = append(cols, stColumn{heading, x, x + w, a})
		x += w
	}
	add(i18n.T(ts.lang, "Rank"), stRankW, alignCenter)
	add(i18n.T(ts.lang, "Player"), nameW, alignLeft)
	if hasTeam {
		add(i18n.T(ts.lang, "Team"), teamW, alignLeft)
	}
	add(i18n.T(ts.lang, "Points"), stPointsW, alignRight)
	add(i18n.T(ts.lang, "W–L–D"), stRecordW, alignCenter)
	for i, h := range s.Tiebreakers {
		add(h, tieW[i], alignRight)
	}
	return cols, squeezed
}

// layoutStandingsPages draws the pages of s with the columns cols.
func layoutStandingsPages(c *canvas, s Standings, cols []stColumn) {
	left, right := pageMargin, c.pageW-pageMargin
	hasTeam := len(cols) > 4+len(s.Tiebreakers) // rank, player, points, record, tiebreakers
	head := listHead{event: s.EventName, title: s.title(c.lang()), game: s.Game, date: s.Date}
	top := pageMargin + headHeight
	rowsTop := top + headRowHeight
	bottom := c.pageH - pageMargin
	if s.anyDrawn() {
		bottom -= stRowH // room for the note under the rows
	}
	perPage := max(1, int((bottom-rowsTop)/stRowH))
	pages := max(1, (len(s.Rows)+perPage-1)/perPage)
	for pg := range pages {
		c.addPage()
		drawListHead(c, head, pg+1, pages)
		if len(s.Rows) == 0 {
			c.fitText(i18n.T(c.lang(), "No players yet"), styleRegular, stNoPlayersSize, stNoPlayersSize, left, right, top+10, alignLeft, colorInk)
			break
		}
		drawStandingsHeadRow(c, cols, top)
		y := rowsTop
		drawn := false
		for i := pg * perPage; i < min(len(s.Rows), (pg+1)*perPage); i++ {
			drawStandingsRow(c, cols, hasTeam, s.Rows[i], y, i%2 == 1)
			drawn = drawn || s.Rows[i].Drawn
			y += stRowH
		}
		c.line(left, y, right, y, 0.3, colorRule, false)
		if drawn {
			c.fitText(s.DrawNote.In(c.lang()), styleRegular, stNoteSize, stNoteMin, left, right, baselineFor(y+stRowH/2, stNoteSize), alignLeft, colorMuted)
		}
	}
}

// anyDrawn reports whether a row is Drawn.
func (s Standings) anyDrawn() bool {
	for _, r := range s.Rows {
		if r.Drawn {
			return true
		}
	}
	return false
}

// drawStandingsHeadRow draws the headings at top.
func drawStandingsHeadRow(c *canvas, cols []stColumn, top float64) {
	c.fillRect(cols[0].left, top, cols[len(cols)-1].right-cols[0].left, headRowHeight, colorTeal)
	y := baselineFor(top+headRowHeight/2, stHeadSize)
	for _, col := range cols {
		l, r := col.left+cellPad, col.right-cellPad
		if _, lines, size := headingLines(c.ts, col.heading); len(lines) == 2 && c.ts.width(c.ts.layout(col.heading, styleBold), stHeadSize) > r-l {
			// Two lines, each fitted to the column.
			c.fitText(lines[0], styleBold, size, stHeadMin, l, r, top+headRowHeight/2-0.4, col.a, colorWhite)
			c.fitText(lines[1], styleBold, size, stHeadMin, l, r, top+headRowHeight/2+capHeight(size)+0.6, col.a, colorWhite)
			continue
		}
		c.fitText(col.heading, styleBold, stHeadSize, stHeadMin, l, r, y, col.a, colorWhite)
	}
}

// headingLines returns how a column heading is best set: its width, and
// either the heading whole at stHeadSize or, when two lines are narrower,
// those two lines (broken at the space that balances them best) at
// stHeadTwoLines.
func headingLines(ts *typesetter, h string) (float64, []string, float64) {
	one := ts.width(ts.layout(h, styleBold), stHeadSize)
	best, lines := one, []string{h}
	for i, r := range h {
		if r != ' ' {
			continue
		}
		a, b := h[:i], h[i+1:]
		w := max(ts.width(ts.layout(a, styleBold), stHeadTwoLines), ts.width(ts.layout(b, styleBold), stHeadTwoLines))
		if w < best {
			best, lines = w, []string{a, b}
		}
	}
	if len(lines) == 2 {
		return best, lines, stHeadTwoLines
	}
	return best, lines, stHeadSize
}

// sum adds up ws.
func sum(ws []float64) float64 {
	t := 0.0
	for _, w := range ws {
		t += w
	}
	return t
}

// drawStandingsRow draws one player's line at top.
func drawStandingsRow(c *canvas, cols []stColumn, hasTeam bool, r StandingsRow, top float64, zebra bool) {
	ts := c.ts
	if zebra {
		c.fillRect(cols[0].left, top, cols[len(cols)-1].right-cols[0].left, stRowH, colorZebra)
	}
	mid := top + stRowH/2
	ink := colorInk
	if r.Dropped {
		ink = colorMuted
	}
	yv := baselineFor(mid, stValueSize)
	cell := func(col stColumn, text string, style fontStyle) {
		c.fitText(text, style, stValueSize, stValueMin, col.left+cellPad, col.right-cellPad, yv, col.a, ink)
	}
	i := 0
	next := func() stColumn { i++; return cols[i-1] }

	rank := next()
	if r.Rank > 0 {
		text := strconv.Itoa(r.Rank)
		if r.Drawn {
			text += standings.DrawMark
		}
		cell(rank, text, styleBold)
	}
	name := next()
	nl, nr := name.left+cellPad, name.right-cellPad
	yn := baselineFor(mid, stNameSize)
	if r.Dropped {
		tag := ts.layout(i18n.T(ts.lang, "dropped"), styleBold)
		tagW := ts.width(tag, stDroppedSize)
		sp, size := ts.fit(r.Name, styleRegular, stNameSize, stNameMin, nr-nl-tagW-stDroppedGap)
		c.text(sp, size, nl, nr-tagW-stDroppedGap, yn, alignLeft, ink)
		x := nl
		if !sp.empty() {
			x += ts.width(sp, size) + stDroppedGap
		}
		c.text(tag, stDroppedSize, x, x+tagW, yn, alignLeft, colorTeal)
	} else {
		c.fitText(r.Name, styleRegular, stNameSize, stNameMin, nl, nr, yn, alignLeft, ink)
	}
	if hasTeam {
		cell(next(), r.Team, styleRegular)
	}
	cell(next(), strconv.Itoa(r.Points), styleBold)
	cell(next(), r.record(ts.lang), styleRegular)
	for _, v := range r.Tiebreakers {
		cell(next(), v, styleRegular)
	}
}
