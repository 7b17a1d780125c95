package reports

import (
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"time"

	"tablekeeper/core/i18n"
)

// Decklists is the model of an event's registered decks, printed a deck a
// page for deck checks: who registered it and when, whether it is legal
// and why not, and the list itself. The caller fills it from the decks
// the director holds and their validation reports.
type Decklists struct {
	EventName string
	// FormatName names the game and the deck rules the decks were checked
	// against, e.g. "Altered · Standard constructed".
	FormatName string
	// Date is the day of the event; zero leaves it off.
	Date time.Time
	// Decks are printed in the order given, one (or, for a very long
	// list, more) page each.
	Decks []Decklist
}

// Decklist is one player's registered deck.
type Decklist struct {
	Player string
	// MemberNumber is the player's organized play number; empty prints
	// nothing.
	MemberNumber string
	DeckName     string
	// Registered is when the deck was registered; Locked when it was
	// locked against changes, zero while it is not.
	Registered, Locked time.Time
	// Unchecked marks a deck whose rules were not checked (a game without
	// deck rules): without problems, its status reads "Not checked"
	// rather than "Legal".
	Unchecked bool
	// Problems say, a sentence each, what makes the deck illegal;
	// Warnings what the check could not decide. A deck with no problems
	// is legal.
	Problems, Warnings []string
	// Sections are the cards grouped as the player listed them, in
	// order. A section without a title prints its cards without a
	// heading.
	Sections []DeckSection
}

// DeckSection is one group of a deck list: "Hero", "Characters", "Cards",
// a KeyForge house.
type DeckSection struct {
	Title string
	Cards []DeckCard
}

// DeckCard is one line of a deck list: how many copies of which card.
type DeckCard struct {
	// Count is the number of copies, at least 1.
	Count int
	Name  string
}

// status returns the deck's validation status as printed, and its colour.
func (d Decklist) status(lang i18n.Lang) (string, rgb) {
	switch {
	case len(d.Problems) > 0:
		return i18n.N(lang, "Not legal: %d problems", len(d.Problems), len(d.Problems)), colorAlert
	case d.Unchecked:
		return i18n.T(lang, "Not checked"), colorMuted
	}
	return i18n.T(lang, "Legal"), colorTeal
}

// cards returns the number of cards in the deck.
func (d Decklist) cards() int {
	n := 0
	for _, s := range d.Sections {
		for _, c := range s.Cards {
			n += c.Count
		}
	}
	return n
}

// WriteDecklists writes the decks of d as PDF to w, each on its own page:
// the player (and member number), the deck's name, when it was registered
// and locked, its status ("Legal", or "Not legal: N problems" with the
// problems and warnings listed) and its cards by section, in two or three
// columns when the list is long. A list too long for one page goes on over
// the next. It returns an error, and writes nothing, when the model cannot
// be printed.
func WriteDecklists(w io.Writer, d Decklists, opt Options) error {
	return writePDF(w, opt, printJob{
		what: "deck lists", check: d.validate,
		title:     func() string { return i18n.T(opt.Lang, "Registered decks") },
		eventName: d.EventName,
		layout:    func(c *canvas) { layoutDecklists(c, d) },
	})
}

// validate reports whether d can be printed.
func (d Decklists) validate() error {
	for i, dk := range d.Decks {
		for _, s := range dk.Sections {
			for _, card := range s.Cards {
				if card.Count < 1 {
					return fmt.Errorf("deck %d (%s): %d copies of %q: a deck lists at least one copy of a card", i+1, dk.Player, card.Count, card.Name)
				}
			}
		}
	}
	return nil
}

// Sizes of the deck lists, in points for type and millimetres for space.
const (
	dlPlayerSize  = 17.0
	dlPlayerMin   = 12.0
	dlLabelSize   = 7.5 // the labels over the fields
	dlValueSize   = 10.5
	dlValueMin    = 8.0
	dlStatusSize  = 11.0
	dlStatusH     = 7.5
	dlIssueSize   = 9.5
	dlIssueLineH  = 4.6
	dlIssueIndent = 5.0
	dlListSize    = 11.0 // "Deck list" and the card count
	dlCardSize    = 10.0
	dlCardMin     = 7.5
	dlSectionSize = 10.0
	dlRowH        = 5.6 // a card's line
	dlRowMinH     = 4.6 // or closer, down to this, to fit the page
	dlHeadingRows = 1.4 // a section heading, in card lines
	dlQtyW        = 8.0
	dlGutter      = 7.0
	dlMaxColumns  = 3
)

// dlItem is a line of a deck list as laid out: a section heading or a card.
type dlItem struct {
	heading bool
	text    string
	count   int
}

// height returns the height of the item in lines of rowH.
func (it dlItem) height(rowH float64) float64 {
	if it.heading {
		return dlHeadingRows * rowH
	}
	return rowH
}

// layoutDecklists lays the decks out on c, a deck (at least) a page.
func layoutDecklists(c *canvas, d Decklists) {
	head := listHead{event: d.EventName, title: i18n.T(c.lang(), "Deck registration"), game: d.FormatName, date: d.Date}
	if len(d.Decks) == 0 {
		c.addPage()
		c.fitText(i18n.T(c.lang(), "No decks registered"), styleRegular, noTablesSize, noTablesSize, pageMargin, c.pageW-pageMargin, pageMargin+headHeight+10, alignLeft, colorInk)
	}
	for _, dk := range d.Decks {
		layoutDeck(c, dk)
	}
	drawListHeads(c, func(int) listHead { return head })
}

// layoutDeck lays one deck out from the top of a new page.
func layoutDeck(c *canvas, dk Decklist) {
	c.addPage()
	y := pageMargin + headHeight
	y = drawDeckPlayer(c, dk, y)
	y = drawDeckFields(c, dk, y)
	y = drawDeckStatus(c, dk, y)
	drawDeckItems(c, dk, deckItems(dk), y)
}

// drawDeckPlayer draws the player, and their member number on the right.
func drawDeckPlayer(c *canvas, dk Decklist, y float64) float64 {
	ts := c.ts
	left, right := pageMargin, c.pageW-pageMargin
	base := y + 6
	nameRight := right
	if dk.MemberNumber != "" {
		num, size := ts.fit(dk.MemberNumber, styleBold, dlValueSize+1, dlValueMin, (right-left)/3)
		numW := ts.width(num, size)
		c.text(num, size, right-numW, right, base, alignRight, colorInk)
		label := ts.layout(i18n.T(c.lang(), "Member no."), styleRegular)
		labelW := ts.width(label, dlLabelSize)
		c.text(label, dlLabelSize, right-numW-2-labelW, right-numW-2, base, alignRight, colorMuted)
		nameRight = right - numW - labelW - 8
	}
	player := dk.Player
	if player == "" {
		player = i18n.T(c.lang(), "(no name)")
	}
	c.fitText(player, styleBold, dlPlayerSize, dlPlayerMin, left, nameRight, base, alignLeft, colorInk)
	y += 10

	return y
}

// drawDeckFields draws the deck's name, when it was registered and locked.
func drawDeckFields(c *canvas, dk Decklist, y float64) float64 {
	left, right := pageMargin, c.pageW-pageMargin
	registered, locked := "—", i18n.T(c.lang(), "Not locked")
	if !dk.Registered.IsZero() {
		registered = i18n.DateTime(c.lang(), dk.Registered)
	}
	if !dk.Locked.IsZero() {
		locked = i18n.DateTime(c.lang(), dk.Locked)
	}
	deckName := dk.DeckName
	if deckName == "" {
		deckName = "—"
	}
	w := right - left
	fields := []struct {
		label, value string
		width        float64
	}{{i18n.T(c.lang(), "Deck"), deckName, w * 0.5}, {i18n.T(c.lang(), "Registered"), registered, w * 0.25}, {i18n.T(c.lang(), "Locked"), locked, w * 0.25}}
	x := left
	for _, f := range fields {
		c.fitText(f.label, styleRegular, dlLabelSize, dlLabelSize, x, x+f.width-4, y+3, alignLeft, colorMuted)
		c.fitText(f.value, styleRegular, dlValueSize, dlValueMin, x, x+f.width-4, y+8.5, alignLeft, colorInk)
		x += f.width
	}
	y += 12
	c.line(left, y, right, y, 0.3, colorRule, false)
	y += 4

	return y
}

// drawDeckStatus draws the status, then the problems and warnings.
func drawDeckStatus(c *canvas, dk Decklist, y float64) float64 {
	ts := c.ts
	left, right := pageMargin, c.pageW-pageMargin
	bottom := c.pageH - pageMargin
	w := right - left
	status, col := dk.status(c.lang())
	sp, size := ts.fit(status, styleBold, dlStatusSize, dlStatusSize-2, w-8)
	boxW := ts.width(sp, size) + 8
	c.fillRect(left, y, boxW, dlStatusH, col)
	c.text(sp, size, left, left+boxW, baselineFor(y+dlStatusH/2, size), alignCenter, colorWhite)
	if n := len(dk.Warnings); n > 0 {
		note := i18n.N(c.lang(), "%d warnings", n, n)
		c.fitText(note, styleRegular, dlIssueSize, dlIssueSize-1, left+boxW+4, right, baselineFor(y+dlStatusH/2, dlIssueSize), alignLeft, colorMuted)
	}
	y += dlStatusH + 3
	issues := func(title string, list []string, bullet string, bulletCol, ink rgb) {
		if len(list) == 0 {
			return
		}
		y += 1
		c.fitText(title, styleBold, dlLabelSize+1, dlLabelSize, left, right, y+3, alignLeft, colorMuted)
		y += 4.5
		b := ts.layout(bullet, styleBold)
		for _, issue := range list {
			lines := ts.wrap(issue, styleRegular, dlIssueSize, w-dlIssueIndent)
			for i, line := range lines {
				if y+dlIssueLineH > bottom {
					y = continueDeck(c, dk)
				}
				base := y + dlIssueLineH - 1.2
				if i == 0 {
					c.text(b, dlIssueSize, left+1, left+dlIssueIndent, base, alignLeft, bulletCol)
				}
				c.text(line, dlIssueSize, left+dlIssueIndent, right, base, alignLeft, ink)
				y += dlIssueLineH
			}
		}
	}
	issues(i18n.T(c.lang(), "Problems"), dk.Problems, "•", colorAlert, colorInk)
	issues(i18n.T(c.lang(), "Warnings"), dk.Warnings, "–", colorMuted, colorMuted)
	y += 4

	return y
}

// deckItems lists the deck's sections and cards in order.
func deckItems(dk Decklist) []dlItem {
	var items []dlItem
	for _, s := range dk.Sections {
		if len(s.Cards) == 0 && s.Title == "" {
			continue
		}
		if s.Title != "" {
			n := 0
			for _, card := range s.Cards {
				n += card.Count
			}
			items = append(items, dlItem{heading: true, text: s.Title, count: n})
		}
		for _, card := range s.Cards {
			items = append(items, dlItem{text: card.Name, count: card.Count})
		}
	}
	return items
}

// drawDeckItems draws the list in as many columns and pages as it takes.
func drawDeckItems(c *canvas, dk Decklist, items []dlItem, y float64) {
	left, right := pageMargin, c.pageW-pageMargin
	bottom := c.pageH - pageMargin
	w := right - left
	if y+12 > bottom {
		y = continueDeck(c, dk)
	}
	y = drawDeckListHead(c, dk, y)
	if len(items) == 0 {
		c.fitText(i18n.T(c.lang(), "No cards listed"), styleRegular, dlCardSize, dlCardSize, left, right, y+5, alignLeft, colorMuted)
		return
	}
	for len(items) > 0 {
		n, rowH, cols := chooseDeckColumns(items, w, bottom-y)
		colW := (w - float64(n-1)*dlGutter) / float64(n)
		total := 0
		for _, col := range cols {
			total += col
		}
		size := deckCardSize(c, items[:total], colW)
		placed := 0
		for i, col := range cols {
			drawDeckColumn(c, items[placed:placed+col], left+float64(i)*(colW+dlGutter), colW, y, rowH, size)
			placed += col
		}
		// What is left goes on over the next page, under its section's
		// heading again when the page breaks inside a section.
		var heading *dlItem
		for i := placed - 1; i >= 0; i-- {
			if items[i].heading {
				heading = &items[i]
				break
			}
		}
		items = items[placed:]
		if len(items) == 0 {
			break
		}
		y = continueDeck(c, dk)
		y = drawDeckListHead(c, dk, y)
		if heading != nil && !items[0].heading {
			items = append([]dlItem{{heading: true, text: i18n.T(c.lang(), "%s (continued)", heading.text), count: heading.count}}, items...)
		}
	}
}

// continueDeck starts a new page for the rest of dk's deck list and
// returns where its content starts.
func continueDeck(c *canvas, dk Decklist) float64 {
	c.addPage()
	y := pageMargin + headHeight
	c.fitText(i18n.T(c.lang(), "%s (continued)", dk.Player), styleBold, dlValueSize+2, dlValueMin, pageMargin, c.pageW-pageMargin, y+5, alignLeft, colorInk)
	return y + 10
}

// drawDeckListHead draws "Deck list" and the number of cards over the
// list at y, and returns where the list starts.
func drawDeckListHead(c *canvas, dk Decklist, y float64) float64 {
	left, right := pageMargin, c.pageW-pageMargin
	count := c.ts.layout(cardsText(c.lang(), dk.cards()), styleBold)
	countW := c.ts.width(count, dlListSize)
	c.text(count, dlListSize, right-countW, right, y+4, alignRight, colorTeal)
	c.fitText(i18n.T(c.lang(), "Deck list"), styleBold, dlListSize, dlListSize, left, right-countW-4, y+4, alignLeft, colorInk)
	c.line(left, y+6, right, y+6, 0.5, colorTeal, false)
	return y + 8
}

// cardsText returns a number of cards: "1 card", "60 cards".
func cardsText(lang i18n.Lang, n int) string {
	return i18n.N(lang, "%d cards", n, n)
}

// chooseDeckColumns decides how the items (or as many of them as fit)
// go in columns of the width w and height h: one column at full line
// height if the list fits, else two, closer lines before three columns.
// It returns the columns, the line height and how many items each column
// takes.
func chooseDeckColumns(items []dlItem, w, h float64) (int, float64, []int) {
	for n := 1; n <= dlMaxColumns; n++ {
		if n > 1 && (w-float64(n-1)*dlGutter)/float64(n) < 50 {
			break
		}
		for _, rowH := range []float64{dlRowH, dlRowMinH} {
			if cols, ok := packDeckColumns(items, n, rowH, h); ok {
				return n, rowH, cols
			}
		}
	}
	// Too long for a page: fill this one and go on.
	n := dlMaxColumns
	if (w-float64(n-1)*dlGutter)/float64(n) < 50 {
		n = 2
	}
	cols, _ := packDeckColumns(items, n, dlRowMinH, h)
	return n, dlRowMinH, cols
}

// packDeckColumns shares items out over n columns of at most h: as evenly
// as it can, a section heading never last in its column. It returns how
// many items each column takes, and whether they all fit.
func packDeckColumns(items []dlItem, n int, rowH, h float64) ([]int, bool) {
	total := 0.0
	for _, it := range items {
		total += it.height(rowH)
	}
	// The shortest column height that takes every item, by bisection:
	// greedy packing only gets better as the columns get taller.
	pack := func(capH float64) ([]int, int) {
		var cols []int
		i := 0
		for range n {
			used, start := 0.0, i
			for i < len(items) && used+items[i].height(rowH) <= capH+1e-9 {
				used += items[i].height(rowH)
				i++
			}
			// A heading does not end a column when its cards follow.
			if i < len(items) && i-start > 1 && items[i-1].heading {
				i--
			}
			cols = append(cols, i-start)
		}
		return cols, i
	}
	if cols, placed := pack(h); placed < len(items) {
		return cols, false
	}
	lo, hi := total/float64(n), h
	for range 24 {
		mid := (lo + hi) / 2
		if _, placed := pack(mid); placed == len(items) {
			hi = mid
		} else {
			lo = mid
		}
	}
	cols, _ := pack(hi)
	return cols, true
}

// deckCardSize returns the size the cards of a page are set in, in
// columns colW wide: dlCardSize, or smaller so that all but the longest
// name in ten fit whole; the cards of a page read evenly and only the
// longest shrink further or are cut.
func deckCardSize(c *canvas, items []dlItem, colW float64) float64 {
	var ws []float64
	for _, it := range items {
		if !it.heading {
			ws = append(ws, c.ts.width(c.ts.layout(it.text, styleRegular), 1))
		}
	}
	if len(ws) == 0 {
		return dlCardSize
	}
	slices.Sort(ws)
	typical := ws[len(ws)-1-len(ws)/10]
	room := colW - dlQtyW - 2.5 - cellPad
	if typical*dlCardSize <= room {
		return dlCardSize
	}
	return max(dlCardMin, float64(int(room/typical*10))/10)
}

// drawDeckColumn draws items in a column at x, colW wide, from top, the
// cards at size points.
func drawDeckColumn(c *canvas, items []dlItem, x, colW, top, rowH, size float64) {
	y := top
	zebra := false
	for i, it := range items {
		if it.heading {
			if i > 0 {
				y += (dlHeadingRows - 1) * rowH
			}
			base := y + rowH - 1.3
			count := c.ts.layout(strconv.Itoa(it.count), styleBold)
			countW := c.ts.width(count, dlSectionSize)
			c.text(count, dlSectionSize, x+colW-cellPad-countW, x+colW-cellPad, base, alignRight, colorMuted)
			c.fitText(it.text, styleBold, dlSectionSize, dlCardMin, x, x+colW-cellPad-countW-3, base, alignLeft, colorTeal)
			c.line(x, y+rowH, x+colW, y+rowH, 0.3, colorRule, false)
			y += rowH
			zebra = false
			continue
		}
		if zebra {
			c.fillRect(x, y, colW, rowH, colorZebra)
		}
		zebra = !zebra
		base := baselineFor(y+rowH/2, size)
		c.fitText(strconv.Itoa(it.count), styleBold, size, dlCardMin, x, x+dlQtyW, base, alignRight, colorInk)
		c.fitText(it.text, styleRegular, size, dlCardMin, x+dlQtyW+2.5, x+colW-cellPad, base, alignLeft, colorInk)
		y += rowH
	}
}

// BlankDecklist is the model of a blank deck registration sheet for a
// format, handed to players to fill in by hand: the player's name, member
// number and deck name, any fields the format adds, ruled lines for the
// cards section by section, the format's notes and a line to sign.
type BlankDecklist struct {
	EventName string
	// FormatName names the game and format, e.g. "KeyForge · Archon
	// Standard".
	FormatName string
	// Date is the day of the event; zero leaves it off.
	Date time.Time
	// Fields are the one-line fields the format asks for besides the
	// player's name, member number and deck name: "Hero" for Altered,
	// "Set" and "Houses" for KeyForge.
	Fields []string
	// Sections are the titles of the groups of ruled lines, in order:
	// "Characters", "Spells", "Permanents" (Altered); "Cards",
	// "Locations" (Heresy); "House 1" to "House 3" (KeyForge); "Cards",
	// "No Max" (Shadowfist). None means one section, "Cards".
	Sections []string
	// Lines is the number of lines each section has room for, 12 for a
	// KeyForge house; zero shares the page out evenly between the
	// sections.
	Lines int
	// Notes are printed above the signature, a paragraph each: the deck
	// rules in brief.
	Notes []string
}

// WriteBlankDecklist writes the blank registration sheet b as PDF to w:
// the header fields, then each section with its ruled lines (quantity and
// card name), side by side in up to three columns, then the notes and a
// line for the signature and date. Sections with many lines go on over a
// second page. It returns an error, and writes nothing, when the model
// cannot be printed.
func WriteBlankDecklist(w io.Writer, b BlankDecklist, opt Options) error {
	return writePDF(w, opt, printJob{
		what: "blank deck list",
		check: func() error {
			if b.Lines < 0 || b.Lines > blMaxLines {
				return fmt.Errorf("%d lines a section: a sheet has 0 (fill the page) to %d", b.Lines, blMaxLines)
			}
			return nil
		},
		title: func() string {
			title := i18n.T(opt.Lang, "Deck registration")
			if b.FormatName != "" {
				title += " – " + b.FormatName
			}
			return title
		},
		layout: func(c *canvas) { layoutBlankDecklist(c, b) },
	})
}

// Sizes of the blank sheet, in points for type and millimetres for space.
const (
	blMaxLines     = 200
	blFieldH       = 13.0 // a field: the line to write on and its label
	blFieldLabel   = 7.5
	blHeadingUnits = 1.3 // a section heading, in lines
	blHeadingSize  = 10.5
	blRowH         = 7.0 // a line to write a card on, when the page is filled
	blRowMaxH      = 8.5
	blRowMinH      = 5.5
	blQtyW         = 11.0
	blGutter       = 8.0
	blNoteSize     = 8.5
	blNoteLineH    = 4.0
	blSignH        = 14.0
	blJudgesH      = 17.0 // the judges' box at the foot
)

// blItem is a line of a blank sheet: a section heading or a line to
// write on.
type blItem struct {
	heading bool
	title   string
	// continued marks a heading repeated at the top of a column.
	continued bool
}

// units returns the item's height in lines.
func (it blItem) units() float64 {
	if it.heading {
		return blHeadingUnits
	}
	return 1
}

// layoutBlankDecklist lays the blank sheet out on c.
func layoutBlankDecklist(c *canvas, b BlankDecklist) {
	ts := c.ts
	left, right := pageMargin, c.pageW-pageMargin
	w := right - left
	sections := b.Sections
	if len(sections) == 0 {
		sections = []string{i18n.K("Cards")}
	}
	c.addPage()
	y := pageMargin + headHeight + 2

	// The fields: two a row, the name fields wider.
	field := func(label string, l, r float64) {
		c.line(l, y+8, r, y+8, 0.4, colorInk, false)
		c.fitText(i18n.T(c.lang(), label), styleRegular, blFieldLabel, blFieldLabel-1, l, r, y+11, alignLeft, colorMuted)
	}
	wide := left + w*0.62
	field(i18n.K("Player name"), left, wide-6)
	field(i18n.K("Member number"), wide, right)
	y += blFieldH
	extra := b.Fields
	if len(extra) > 0 {
		field(i18n.K("Deck name"), left, wide-6)
		field(extra[0], wide, right)
		extra = extra[1:]
	} else {
		field(i18n.K("Deck name"), left, right)
	}
	y += blFieldH
	for i := 0; i < len(extra); i += 2 {
		if i+1 < len(extra) {
			field(extra[i], left, left+w/2-6)
			field(extra[i+1], left+w/2, right)
		} else {
			field(extra[i], left, left+w/2-6)
		}
		y += blFieldH
	}
	y += 3

	// The notes and the signature at the foot of the last page.
	var notes []span
	for i, n := range b.Notes {
		if i > 0 {
			notes = append(notes, span{})
		}
		notes = append(notes, ts.wrap(n, styleRegular, blNoteSize, w)...)
	}
	footH := blJudgesH + 4 + blSignH + float64(len(notes))*blNoteLineH
	if len(notes) > 0 {
		footH += 3
	}
	bottom := c.pageH - pageMargin

	pages := planBlankSections(sections, b.Lines, w, bottom-footH-y, bottom-footH-(pageMargin+headHeight+2))
	for p, pg := range pages {
		if p > 0 {
			c.addPage()
			y = pageMargin + headHeight + 2
		}
		colW := (w - float64(len(pg.cols)-1)*blGutter) / float64(len(pg.cols))
		for i, col := range pg.cols {
			drawBlankColumn(c, col, left+float64(i)*(colW+blGutter), colW, y, pg.rowH)
		}
	}

	// Foot: notes, then signature and date.
	y = bottom - footH
	for _, line := range notes {
		c.text(line, blNoteSize, left, right, y+blNoteLineH-1, alignLeft, colorMuted)
		y += blNoteLineH
	}
	y = bottom - blJudgesH - 4 - blSignH
	field(i18n.K("Signature"), left, wide-6)
	field(i18n.K("Date"), wide, right)

	// A box for the judges who receive and check the deck.
	y = bottom - blJudgesH
	c.fillRect(left, y, w, blJudgesH, colorZebra)
	c.fitText(i18n.T(c.lang(), "For the judges"), styleBold, blFieldLabel, blFieldLabel, left+cellPad, right-cellPad, y+4, alignLeft, colorMuted)
	y += 4
	third := (w - 2*cellPad) / 3
	for i, label := range []string{i18n.K("Received by"), i18n.K("Time"), i18n.K("Checked by, result")} {
		l := left + cellPad + float64(i)*third
		field(label, l, l+third-6)
	}

	head := listHead{event: b.EventName, title: i18n.T(c.lang(), "Deck registration"), game: b.FormatName, date: b.Date}
	drawListHeads(c, func(int) listHead { return head })
}

// blPage is a page of a blank sheet's sections: columns of items and the
// height of a line.
type blPage struct {
	cols [][]blItem
	rowH float64
}

// planBlankSections lays the sections out in columns. With a number of
// lines a section, whole sections go side by side in the columns that give
// the tallest lines (up to blRowMaxH); when even three columns would make
// the lines too close, and when the page is to be filled (lines 0), the
// sections run on from column to column, and page to page, their heading
// repeated. first is the height the first page has for them, rest the
// height of the pages after it.
func planBlankSections(sections []string, lines int, w, first, rest float64) []blPage {
	maxCols := min(3, int((w+blGutter)/(55+blGutter)))
	if lines > 0 {
		best, bestRowH := [][]int(nil), 0.0
		for n := 1; n <= min(maxCols, len(sections)); n++ {
			groups, units := partitionSections(len(sections), n, float64(lines)+blHeadingUnits)
			rowH := min(blRowMaxH, first/units)
			if rowH > bestRowH+1e-6 {
				best, bestRowH = groups, rowH
			}
		}
		if bestRowH >= blRowMinH {
			var cols [][]blItem
			for _, g := range best {
				var col []blItem
				for _, s := range g {
					col = append(col, blItem{heading: true, title: sections[s]})
					for range lines {
						col = append(col, blItem{})
					}
				}
				cols = append(cols, col)
			}
			return []blPage{{cols: cols, rowH: bestRowH}}
		}
	}

	// Run on: two columns, three for three sections or more.
	n := min(maxCols, max(2, len(sections)))
	if len(sections) == 4 {
		n = min(n, 2)
	}
	n = max(n, 1)
	rowH := blRowH
	if lines == 0 {
		// As many lines a section as fill one page.
		capacity := float64(n) * math.Floor(first/rowH+1e-9)
		lines = max(1, int((capacity-float64(len(sections)+n-1)*blHeadingUnits)/float64(len(sections))))
		for lines > 1 && len(flowBlank(sections, lines, n, first/rowH, rest/rowH)) > 1 {
			lines--
		}
	} else {
		rowH = blRowMinH + 0.5
	}
	var pages []blPage
	for _, cols := range flowBlank(sections, lines, n, first/rowH, rest/rowH) {
		pages = append(pages, blPage{cols: cols, rowH: rowH})
	}
	return pages
}

// partitionSections splits k sections of the same height (units lines)
// into n runs of consecutive sections, as even as can be, and returns the
// runs and the height of the tallest.
func partitionSections(k, n int, units float64) ([][]int, float64) {
	per := (k + n - 1) / n
	var groups [][]int
	for s := 0; s < k; s += per {
		var g []int
		for i := s; i < min(k, s+per); i++ {
			g = append(g, i)
		}
		groups = append(groups, g)
	}
	return groups, float64(per) * units
}

// flowBlank runs lines a section on over columns of n a page, first lines
// tall on the first page and rest on the others, a section heading never
// last in a column and repeated, "(continued)", at the top of a column
// that goes on with its section. It returns the pages' columns.
func flowBlank(sections []string, lines, n int, first, rest float64) [][][]blItem {
	var pages [][][]blItem
	var cols [][]blItem
	var col []blItem
	used, capH := 0.0, first
	next := func() {
		cols = append(cols, col)
		col, used = nil, 0
		if len(cols) == n {
			pages = append(pages, cols)
			cols, capH = nil, rest
		}
	}
	for s, title := range sections {
		for i := -1; i < lines; i++ {
			it := blItem{}
			if i < 0 {
				it = blItem{heading: true, title: title}
				// A heading needs a line under it in its column.
				if used+it.units()+1 > capH+1e-9 && len(col) > 0 {
					next()
				}
			} else if used+1 > capH+1e-9 {
				next()
				col = append(col, blItem{heading: true, title: sections[s], continued: true})
				used += blHeadingUnits
			}
			col = append(col, it)
			used += it.units()
		}
	}
	if len(col) > 0 {
		cols = append(cols, col)
	}
	if len(cols) > 0 {
		pages = append(pages, cols)
	}
	return pages
}

// drawBlankColumn draws a column of a blank sheet at x, colW wide, from
// top, with lines rowH apart.
func drawBlankColumn(c *canvas, items []blItem, x, colW, top, rowH float64) {
	y := top
	for i, it := range items {
		if it.heading {
			h := blHeadingUnits * rowH
			if i == 0 {
				h = rowH
			}
			title := i18n.T(c.lang(), it.title)
			if it.continued {
				title = i18n.T(c.lang(), "%s (continued)", title)
			}
			c.fitText(title, styleBold, blHeadingSize, blHeadingSize-2, x, x+colW, y+h-1.8, alignLeft, colorTeal)
			c.line(x, y+h, x+colW, y+h, 0.5, colorTeal, false)
			y += h
			continue
		}
		c.line(x+blQtyW, y+1, x+blQtyW, y+rowH, 0.3, colorRule, false)
		c.line(x, y+rowH, x+colW, y+rowH, 0.3, colorRule, false)
		y += rowH
	}
}
