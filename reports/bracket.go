package reports

import (
	"fmt"
	"io"
	"math/bits"
	"slices"
	"strconv"
	"strings"
	"time"

	"tablekeeper/core/i18n"
)

// BracketKind is the kind of elimination a bracket shows.
type BracketKind int

// The kinds of bracket.
const (
	// SingleElimination is one bracket: a top cut after Swiss (X2), a
	// playoff (K6), single elimination (S10, H6).
	SingleElimination BracketKind = iota
	// DoubleElimination is a winners bracket, a losers bracket that the
	// losers of the winners bracket drop into, and a grand final between
	// the two brackets' winners (S10, H6).
	DoubleElimination
)

// String returns the kind's name.
func (k BracketKind) String() string {
	switch k {
	case SingleElimination:
		return "single elimination"
	case DoubleElimination:
		return "double elimination"
	}
	return "BracketKind(" + strconv.Itoa(int(k)) + ")"
}

// Bracket is the model of an elimination bracket with its results so far,
// printed for the wall: matches as boxes of two players, joined round to
// round, the winners carried forward. The caller fills it from the playoff
// or elimination rounds the director paired; matches not yet paired may
// be left out and print as empty boxes.
type Bracket struct {
	EventName string
	// Game names the game and format, as on the pairings sheet.
	Game string
	// Date is the day printed under the title; zero leaves it off.
	Date time.Time
	// Title heads the pages. Empty means "Top N bracket" for single
	// elimination and "Double elimination bracket" for double.
	Title string
	// Kind is single or double elimination.
	Kind BracketKind
	// Size is the number of places in the first round of the (winners)
	// bracket: a power of two from 2 (4 for double elimination) to 128.
	// Players short of a power of two are given byes. Zero works the size
	// out from the matches.
	Size int
	// Winners is the bracket of single elimination, or the winners
	// bracket of double elimination. Its round r has Size/2^r matches;
	// the winner of slot s plays in slot (s+1)/2 of the next round, as A
	// from an odd slot and B from an even one.
	Winners BracketSection
	// Losers is the losers bracket of double elimination: 2·(log₂ Size −
	// 1) rounds, two rounds a size (Size/4 matches in rounds 1 and 2,
	// Size/8 in 3 and 4, …). Round 1 pairs the losers of winners round 1;
	// in each even round the survivor of slot s of the round before plays
	// in slot s as A, and a loser dropping from the winners bracket as B;
	// after an even round, slots pair up as in the winners bracket.
	Losers BracketSection
	// GrandFinal is the grand final of double elimination: round 1, the
	// winners bracket's winner (A) against the losers bracket's (B), and
	// a round 2 when the first is lost by A and the final is played
	// again.
	GrandFinal BracketSection
}

// BracketSection is one bracket of a double elimination, or the only one
// of a single elimination.
type BracketSection struct {
	// Title heads the bracket; empty gives "Winners bracket", "Losers
	// bracket" or "Grand final" in double elimination and nothing in
	// single.
	Title string
	// Rounds are the titles of the rounds, round 1 first; a round without
	// one is called "Quarterfinals", "Losers round 3" and so on.
	Rounds []string
	// Matches are the matches paired so far, in any order.
	Matches []BracketMatch
}

// BracketMatch is a match of a bracket, where it stands and how it went.
type BracketMatch struct {
	// Round is the round of the match, from 1; Slot its place in the
	// round from the top, from 1.
	Round, Slot int
	// A is the upper player of the box, B the lower; a place still to
	// be decided is left empty.
	A, B BracketSide
	// Score is the result as printed, "2–1"; empty until played.
	Score string
	// Winner is 1 when A won, 2 when B won, 0 while the match is not
	// decided. A player facing a bye wins without it being said.
	Winner int
}

// BracketSide is one player of a match.
type BracketSide struct {
	Name string
	// Seed is the player's seed, printed before the name; zero prints
	// none.
	Seed int
	// Bye marks a place with no player: the other player goes through.
	Bye bool
}

// empty reports whether the side is still to be decided.
func (s BracketSide) empty() bool { return s.Name == "" && !s.Bye }

// winner returns the side that goes through, 1 or 2, or 0: the side the
// model names, or the player facing a bye.
func (m BracketMatch) winner() int {
	switch {
	case m.Winner != 0:
		return m.Winner
	case m.B.Bye && m.A.Name != "":
		return 1
	case m.A.Bye && m.B.Name != "":
		return 2
	}
	return 0
}

// side returns side 1 (A) or 2 (B) of m.
func (m *BracketMatch) side(n int) *BracketSide {
	if n == 1 {
		return &m.A
	}
	return &m.B
}

// maxBracketSize is the largest bracket printed.
const maxBracketSize = 128

// WriteBracket writes the bracket b as PDF to w, landscape: each round a
// column of match boxes, each box the two players with their seeds, the
// score once played and the winner in bold, joined by lines to the match
// the winner goes on to, where the winner is carried. Matches not yet
// paired are empty boxes. Up to 32 players fit one page; larger brackets
// go over pages of 16 first-round matches, the later rounds on each. A
// double elimination prints the winners bracket, the losers bracket and
// the grand final, on one page up to 16 players. It returns an error, and
// writes nothing, when the model is not a bracket that can be printed.
func WriteBracket(w io.Writer, b Bracket, opt Options) error {
	return writePDF(w, opt, printJob{
		what: "bracket", landscape: true, check: b.validate,
		title:     func() string { return b.title(opt.Lang) },
		eventName: b.EventName,
		layout:    func(c *canvas) { layoutBracket(c, b) },
	})
}

// size returns the bracket's size: Size, or the least power of two that
// holds every match of the winners bracket (and of the losers bracket).
func (b Bracket) size() int {
	if b.Size != 0 {
		return b.Size
	}
	need := 0
	for _, m := range b.Winners.Matches {
		if m.Round >= 1 && m.Round < 16 {
			need = max(need, m.Slot<<m.Round)
		}
	}
	for _, m := range b.Losers.Matches {
		if m.Round >= 1 && m.Round < 30 {
			need = max(need, m.Slot<<(2+(m.Round-1)/2))
		}
	}
	if need == 0 {
		return 0
	}
	n := 2
	if b.Kind == DoubleElimination {
		n = 4
	}
	for n < need {
		n *= 2
	}
	return n
}

// title returns the bracket's title.
func (b Bracket) title(lang i18n.Lang) string {
	switch {
	case b.Title != "":
		return b.Title
	case b.Kind == DoubleElimination:
		return i18n.T(lang, "Double elimination bracket")
	case b.size() > 0:
		return i18n.T(lang, "Top %d bracket", b.size())
	}
	return i18n.T(lang, "Bracket")
}

// validate reports whether b is a bracket that can be printed.
func (b Bracket) validate() error {
	if b.Kind != SingleElimination && b.Kind != DoubleElimination {
		return fmt.Errorf("unknown bracket kind %d", int(b.Kind))
	}
	n := b.size()
	least := 2
	if b.Kind == DoubleElimination {
		least = 4
	}
	if n != 0 && (n < least || n > maxBracketSize || bits.OnesCount(uint(n)) != 1) {
		return fmt.Errorf("a bracket of %d: the size is a power of two from %d to %d", n, least, maxBracketSize)
	}
	if b.Kind == SingleElimination && (len(b.Losers.Matches) > 0 || len(b.GrandFinal.Matches) > 0) {
		return fmt.Errorf("a single elimination bracket has no losers bracket or grand final")
	}
	for _, sec := range bracketSections(b, i18n.English) {
		seen := map[[2]int]bool{}
		for _, m := range sec.in.Matches {
			switch {
			case m.Round < 1 || m.Round > len(sec.counts):
				return fmt.Errorf("%s: round %d: a bracket of %d has rounds 1 to %d", sec.name, m.Round, n, len(sec.counts))
			case m.Slot < 1 || m.Slot > sec.counts[m.Round-1]:
				return fmt.Errorf("%s: round %d, slot %d: the round has slots 1 to %d", sec.name, m.Round, m.Slot, sec.counts[m.Round-1])
			case m.Winner < 0 || m.Winner > 2:
				return fmt.Errorf("%s: round %d, slot %d: winner %d is not 0 (none), 1 (A) or 2 (B)", sec.name, m.Round, m.Slot, m.Winner)
			case seen[[2]int{m.Round, m.Slot}]:
				return fmt.Errorf("%s: round %d, slot %d is given twice", sec.name, m.Round, m.Slot)
			}
			seen[[2]int{m.Round, m.Slot}] = true
		}
	}
	return nil
}

// bkSection is a bracket section as laid out: its rounds and every match,
// paired or not, with the winners carried forward.
type bkSection struct {
	in     BracketSection
	name   string // for errors
	lang   i18n.Lang
	title  string
	rounds []string // titles, round 1 first
	counts []int    // matches a round
	// halving[r] says round r+2 has half the matches of round r+1 (both
	// from 0: halving[0] is about rounds 1 and 2); otherwise the same.
	halving []bool
	matches [][]BracketMatch // by round and slot, from 0
}

// bracketSections returns the sections of b with their structure, without
// matches: single elimination's one, or double elimination's three. The
// titles are said in lang.
func bracketSections(b Bracket, lang i18n.Lang) []*bkSection {
	n := b.size()
	k := 0
	for 1<<k < n {
		k++
	}
	win := &bkSection{in: b.Winners, name: "winners bracket", lang: lang}
	for r := 1; r <= k; r++ {
		win.counts = append(win.counts, n>>r)
		win.halving = append(win.halving, true)
		players := n >> (r - 1)
		var t string
		switch {
		case b.Kind == DoubleElimination && r == k:
			t = i18n.T(lang, "Winners final")
		case b.Kind == DoubleElimination:
			t = i18n.T(lang, "Winners round %d", r)
		case players == 2:
			t = i18n.T(lang, "Final")
		case players == 4:
			t = i18n.T(lang, "Semifinals")
		case players == 8:
			t = i18n.T(lang, "Quarterfinals")
		default:
			t = i18n.T(lang, "Round of %d", players)
		}
		win.rounds = append(win.rounds, t)
	}
	if b.Kind == SingleElimination {
		win.name = "bracket"
		win.title = b.Winners.Title
		return []*bkSection{win}
	}
	win.title = titleOr(b.Winners.Title, i18n.T(lang, "Winners bracket"))
	lose := &bkSection{in: b.Losers, name: "losers bracket", lang: lang, title: titleOr(b.Losers.Title, i18n.T(lang, "Losers bracket"))}
	for r := 1; r <= 2*(k-1); r++ {
		lose.counts = append(lose.counts, n>>(2+(r-1)/2))
		lose.halving = append(lose.halving, r%2 == 0)
		t := i18n.T(lang, "Losers round %d", r)
		if r == 2*(k-1) {
			t = i18n.T(lang, "Losers final")
		}
		lose.rounds = append(lose.rounds, t)
	}
	final := &bkSection{in: b.GrandFinal, name: "grand final", lang: lang, title: titleOr(b.GrandFinal.Title, i18n.T(lang, "Grand final")),
		counts: []int{1, 1}, halving: []bool{false, false}, rounds: []string{i18n.T(lang, "Grand final"), i18n.T(lang, "Grand final, second match")}}
	return []*bkSection{win, lose, final}
}

// titleOr returns title, or def when it is empty.
func titleOr(title, def string) string {
	if title != "" {
		return title
	}
	return def
}

// fill sets out every match of the section, those the model gives and
// empty ones, and carries each decided match's winner into the match it
// goes on to where that place is still empty.
func (s *bkSection) fill() {
	for i, t := range s.in.Rounds {
		if i < len(s.rounds) && t != "" {
			s.rounds[i] = t
		}
	}
	s.matches = make([][]BracketMatch, len(s.counts))
	for r, n := range s.counts {
		s.matches[r] = make([]BracketMatch, n)
		for i := range n {
			s.matches[r][i] = BracketMatch{Round: r + 1, Slot: i + 1}
		}
	}
	for _, m := range s.in.Matches {
		s.matches[m.Round-1][m.Slot-1] = m
	}
	if s.name == "grand final" {
		// Its second match is played only when the event plays a reset
		// and the losers bracket's winner took the first: the model says
		// so by giving it, never by the first's winner alone.
		return
	}
	for r := 0; r+1 < len(s.counts); r++ {
		for i, m := range s.matches[r] {
			w := m.winner()
			if w == 0 {
				continue
			}
			j, side := i, 1
			if s.halving[r] {
				j, side = i/2, 1+i%2
			}
			if to := s.matches[r+1][j].side(side); to.empty() {
				*to = *m.side(w)
			}
		}
	}
}

// champion returns who won the section's last round, if decided.
func (s *bkSection) champion() (BracketSide, bool) {
	last := s.matches[len(s.matches)-1]
	if len(last) != 1 || last[0].winner() == 0 {
		return BracketSide{}, false
	}
	return *last[0].side(last[0].winner()), true
}

// Sizes of the bracket, in points for type and millimetres for space.
const (
	bkMaxSlots     = 16   // first-round matches a page, top to bottom
	bkMaxColumns   = 7    // rounds a page, left to right
	bkMaxColW      = 80.0 // a round's column is never wider
	bkTitleH       = 7.0  // a section's title
	bkTitleSize    = 11.0
	bkRoundH       = 5.5 // the round titles over the columns
	bkRoundSize    = 9.0
	bkPanelGap     = 5.0 // between two sections on a page
	bkRowMaxH      = 9.0 // a player's line in a box
	bkRowMinH      = 3.4
	bkNameMaxSize  = 12.5
	bkNameMinSize  = 6.5
	bkBoxGap       = 2.5 // at least, between two boxes of a column
	bkSeedW        = 6.0
	bkScoreMaxW    = 16.0
	bkConnector    = 0.35
	bkGFLabelSpace = 4.5 // the grand final's title over its box
)

// bkPanel is part of a section drawn on a page: rounds r0 to r1 and, of
// round r0, the slots s0 to s1 (all from 1).
type bkPanel struct {
	sec    *bkSection
	title  string
	r0, r1 int
	s0, s1 int
	// Laid out on the page: the middle of each match, by round and slot
	// (from 1).
	ys   map[[2]int]float64
	colW float64 // a round's column
	st   bkStyle // the seed and score cells and the size of the names
}

// slots returns the first and last slot of round r (from 1) in the panel.
func (p *bkPanel) slots(r int) (int, int) {
	lo, hi := p.s0, p.s1
	for q := p.r0; q < r; q++ {
		if p.sec.halving[q-1] {
			lo, hi = (lo+1)/2, (hi+1)/2
		}
	}
	return lo, hi
}

// bkPage is a page of a bracket: sections one over the other, and the
// grand final at the right.
type bkPage struct {
	panels []*bkPanel
	final  *bkSection // nil on pages without the grand final
}

// planBracket splits the bracket's sections into pages.
func planBracket(secs []*bkSection) []bkPage {
	win := secs[0]
	if len(secs) == 1 {
		return splitSection(win, 0)
	}
	lose, final := secs[1], secs[2]
	if win.counts[0]+lose.counts[0] <= bkMaxSlots && max(len(win.counts), len(lose.counts))+1 <= bkMaxColumns {
		return []bkPage{{
			panels: []*bkPanel{whole(win), whole(lose)},
			final:  final,
		}}
	}
	pages := splitSection(win, 0)
	lp := splitSection(lose, 1)
	lp[len(lp)-1].final = final
	return append(pages, lp...)
}

// whole returns a panel of the whole section.
func whole(s *bkSection) *bkPanel {
	return &bkPanel{sec: s, title: s.title, r0: 1, r1: len(s.counts), s0: 1, s1: s.counts[0]}
}

// splitSection puts a section on pages: its rounds in runs of columns
// that fit a page (extra columns kept free on the last), and the first
// round of each run in pieces of bkMaxSlots matches with the later rounds
// they lead to.
func splitSection(s *bkSection, extra int) []bkPage {
	rounds := len(s.counts)
	runs := (rounds + extra + bkMaxColumns - 1) / bkMaxColumns
	per := (rounds + extra + runs - 1) / runs
	var pages []bkPage
	for r0 := 1; r0 <= rounds; r0 += per {
		r1 := min(rounds, r0+per-1)
		n := s.counts[r0-1]
		pieces := (n + bkMaxSlots - 1) / bkMaxSlots
		for p := range pieces {
			panel := &bkPanel{sec: s, title: s.title, r0: r0, r1: r1, s0: p*bkMaxSlots + 1, s1: min(n, (p+1)*bkMaxSlots)}
			var parts []string
			if runs > 1 {
				parts = append(parts, i18n.T(s.lang, "rounds %d–%d", r0, r1))
			}
			switch {
			case pieces == 2 && p == 0:
				parts = append(parts, i18n.T(s.lang, "top half"))
			case pieces == 2:
				parts = append(parts, i18n.T(s.lang, "bottom half"))
			case pieces > 2:
				parts = append(parts, i18n.T(s.lang, "part %d of %d", p+1, pieces))
			}
			switch {
			case len(parts) == 0:
			case panel.title == "":
				panel.title = upperFirst(strings.Join(parts, ", "))
			default:
				panel.title += " — " + strings.Join(parts, ", ")
			}
			pages = append(pages, bkPage{panels: []*bkPanel{panel}})
		}
	}
	return pages
}

// upperFirst returns s with its first letter in upper case (ASCII).
func upperFirst(s string) string {
	if s == "" || s[0] < 'a' || s[0] > 'z' {
		return s
	}
	return string(s[0]-'a'+'A') + s[1:]
}

// layoutBracket lays the bracket out on c.
func layoutBracket(c *canvas, b Bracket) {
	head := listHead{event: b.EventName, title: b.title(c.lang()), game: b.Game, date: b.Date}
	if b.size() == 0 {
		c.addPage()
		c.fitText(i18n.T(c.lang(), "No bracket yet"), styleRegular, noTablesSize, noTablesSize, pageMargin, c.pageW-pageMargin, pageMargin+headHeight+10, alignLeft, colorInk)
		drawListHeads(c, func(int) listHead { return head })
		return
	}
	secs := bracketSections(b, c.lang())
	for _, s := range secs {
		s.fill()
	}
	if len(secs) == 3 {
		// The brackets' winners meet in the grand final.
		gf := &secs[2].matches[0][0]
		for i, s := range secs[:2] {
			if w, ok := s.champion(); ok && gf.side(i+1).empty() {
				*gf.side(i + 1) = w
			}
		}
	}
	st := bracketStyle(c, secs)
	for _, pg := range planBracket(secs) {
		c.addPage()
		layoutBracketPage(c, pg, st)
	}
	drawListHeads(c, func(int) listHead { return head })
}

// bkStyle is what every box of a bracket shares: whether it has a seed
// cell, how wide it and the score cell are, and the size of the names.
type bkStyle struct {
	seedW, scoreW float64
	// scoreEm is the width of the widest score, in thousandths of an em.
	scoreEm int
	size    float64
}

// bracketStyle measures the seeds and scores of every match.
func bracketStyle(c *canvas, secs []*bkSection) bkStyle {
	var st bkStyle
	for _, s := range secs {
		for _, round := range s.matches {
			for _, m := range round {
				if m.A.Seed != 0 || m.B.Seed != 0 {
					st.seedW = max(st.seedW, bkSeedW)
					if m.A.Seed >= 100 || m.B.Seed >= 100 {
						st.seedW = bkSeedW + 1.5
					}
				}
				if m.Score != "" {
					st.scoreEm = max(st.scoreEm, c.ts.layout(m.Score, styleBold).width)
				}
			}
		}
	}
	return st
}

// fitNames sets the size names are set in, in boxes boxW wide, for the
// matches ms: at most size, and small enough that all but the longest
// name in ten fit whole, so that the names of a section read evenly and
// only the longest shrink further or are cut.
func (st *bkStyle) fitNames(c *canvas, ms []BracketMatch, boxW, size float64) {
	var ws []float64
	seen := map[string]bool{} // a winner is in several boxes: count them once
	for _, m := range ms {
		for _, side := range []BracketSide{m.A, m.B} {
			if side.Name != "" && !seen[side.Name] {
				seen[side.Name] = true
				ws = append(ws, c.ts.width(c.ts.layout(side.Name, styleBold), 1))
			}
		}
	}
	st.scoreW = 0
	if st.scoreEm > 0 {
		st.scoreW = min(bkScoreMaxW, c.ts.units(st.scoreEm, st.smallSize(size))+2*1.2)
	}
	st.size = size
	if len(ws) == 0 {
		return
	}
	slices.Sort(ws)
	typical := ws[len(ws)-1-min(len(ws)-1, max(1, len(ws)/10))]
	if room := st.nameW(boxW); typical*size > room {
		st.size = max(bkNameMinSize, float64(int(room/typical*10))/10)
		if st.scoreEm > 0 {
			st.scoreW = min(bkScoreMaxW, c.ts.units(st.scoreEm, st.smallSize(st.size))+2*1.2)
		}
	}
}

// matches returns the matches the panel shows.
func (p *bkPanel) matches() []BracketMatch {
	var ms []BracketMatch
	for r := p.r0; r <= p.r1; r++ {
		lo, hi := p.slots(r)
		ms = append(ms, p.sec.matches[r-1][lo-1:hi]...)
	}
	return ms
}

// smallSize returns the size of seeds and scores next to names of size.
func (bkStyle) smallSize(size float64) float64 { return max(bkNameMinSize, size-1.5) }

// nameW returns the room a name has in a box boxW wide.
func (st bkStyle) nameW(boxW float64) float64 {
	w := boxW - st.scoreW - 2*cellPad
	if st.seedW > 0 {
		w = boxW - st.seedW - 1.5 - st.scoreW - cellPad
	}
	return w
}

// layoutBracketPage draws a page of the bracket.
func layoutBracketPage(c *canvas, pg bkPage, st bkStyle) {
	left, right := pageMargin, c.pageW-pageMargin
	top, bottom := pageMargin+headHeight, c.pageH-pageMargin

	// The grand final's column as wide as a round's would be if every
	// column were alike; each section spreads its rounds over the rest.
	cols := 0
	for _, p := range pg.panels {
		cols = max(cols, p.r1-p.r0+1)
	}
	gfW := 0.0
	if pg.final != nil {
		gfW = min(bkMaxColW, (right-left)/float64(cols+1))
	}
	width := 0.0
	for _, p := range pg.panels {
		p.colW = min(bkMaxColW, (right-left-gfW)/float64(p.r1-p.r0+1))
		width = max(width, p.colW*float64(p.r1-p.r0+1))
	}
	x0 := left + (right-left-width-gfW)/2

	slotH, rowH, gfSt := sizeBracketPage(c, pg, st, gfW, bottom-top)
	y := top
	for _, p := range pg.panels {
		if p.title != "" {
			c.fitText(p.title, styleBold, bkTitleSize, bkTitleSize-3, left, right, y+4.5, alignLeft, colorTeal)
			y += bkTitleH
		}
		for r := p.r0; r <= p.r1; r++ {
			x := x0 + float64(r-p.r0)*p.colW
			c.fitText(p.sec.rounds[r-1], styleBold, bkRoundSize, bkRoundSize-2, x, x+p.colW-bkGap(p.colW), y+3.5, alignCenter, colorMuted)
		}
		y += bkRoundH
		p.place(y, slotH)
		p.draw(c, x0, rowH)
		y += slotH*float64(p.s1-p.s0+1) + bkPanelGap
	}
	if pg.final != nil {
		drawGrandFinal(c, pg, x0, x0+width, gfW, (top+bottom)/2, bottom, rowH, gfSt)
	}
}

// bkGap is the room between a round's match boxes and the next column,
// for the lines between them.
func bkGap(colW float64) float64 { return min(8, colW*0.12) }

// sizeBracketPage shares the page's height out by first-round matches and
// fits the names: the height of a first-round slot, of a name's row, and
// the style of the grand final's names.
func sizeBracketPage(c *canvas, pg bkPage, st bkStyle, gfW, height float64) (slotH, rowH float64, gfSt bkStyle) {
	slots, fixed := 0, float64(len(pg.panels)-1)*bkPanelGap
	for _, p := range pg.panels {
		slots += p.s1 - p.s0 + 1
		fixed += bkRoundH
		if p.title != "" {
			fixed += bkTitleH
		}
	}
	slotH = (height - fixed) / float64(slots)
	rowH = min(bkRowMaxH, max(bkRowMinH, (slotH-bkBoxGap)/2))
	size := min(bkNameMaxSize, max(bkNameMinSize, rowH*1.45))
	largest := 0.0
	for _, p := range pg.panels {
		p.st = st
		p.st.fitNames(c, p.matches(), p.colW-bkGap(p.colW), size)
		largest = max(largest, p.st.size)
	}
	if pg.final != nil {
		gfSt = st
		gfSt.fitNames(c, []BracketMatch{pg.final.matches[0][0], pg.final.matches[1][0]}, gfW-bkGap(gfW), size)
		largest = max(largest, gfSt.size)
	}
	// Rows no taller than the names need.
	rowH = min(rowH, max(bkRowMinH, largest*25.4/72*1.9+1))
	return slotH, rowH, gfSt
}

// place sets the middle of each of the panel's matches: the first round's
// evenly from y, each later match between the two it follows (or level
// with the one, in a round that does not halve).
func (p *bkPanel) place(y, slotH float64) {
	p.ys = map[[2]int]float64{}
	for s := p.s0; s <= p.s1; s++ {
		p.ys[[2]int{p.r0, s}] = y + (float64(s-p.s0)+0.5)*slotH
	}
	for r := p.r0 + 1; r <= p.r1; r++ {
		lo, hi := p.slots(r)
		for s := lo; s <= hi; s++ {
			if !p.sec.halving[r-2] {
				p.ys[[2]int{r, s}] = p.ys[[2]int{r - 1, s}]
				continue
			}
			sum, k := 0.0, 0
			for _, f := range []int{2*s - 1, 2 * s} {
				if fy, ok := p.ys[[2]int{r - 1, f}]; ok {
					sum += fy
					k++
				}
			}
			p.ys[[2]int{r, s}] = sum / float64(k)
		}
	}
}

// draw draws the panel's match boxes from x0, each joined to the match its
// winner goes on to.
func (p *bkPanel) draw(c *canvas, x0, rowH float64) {
	colW := p.colW
	boxW := colW - bkGap(colW)
	for r := p.r0; r <= p.r1; r++ {
		x := x0 + float64(r-p.r0)*colW
		lo, hi := p.slots(r)
		for s := lo; s <= hi; s++ {
			my := p.ys[[2]int{r, s}]
			drawMatchBox(c, p.sec.matches[r-1][s-1], x, my, boxW, rowH, p.st)
			if r == p.r1 {
				continue
			}
			// The line to the match the winner goes on to.
			ns, row := s, 0
			if p.sec.halving[r-1] {
				ns, row = (s+1)/2, 1-s%2
			}
			ty := p.ys[[2]int{r + 1, ns}] - rowH/2 + float64(row)*rowH
			drawConnector(c, x+boxW, my, x+colW, ty)
		}
	}
}

// drawGrandFinal draws the grand final at x, right of the panels drawn
// from x0, level with the finals that lead to it and joined to those on
// this page (in the middle, mid, when none is), with its second match under
// it (or over it when there is no room below).
func drawGrandFinal(c *canvas, pg bkPage, x0, x, gfW, mid, bottom, rowH float64, gfSt bkStyle) {
	boxW := gfW - bkGap(gfW)
	type feeder struct {
		x, y float64
		side int // of the grand final: 1 from the winners bracket, 2 from the losers
	}
	var from []feeder
	for _, p := range pg.panels {
		last := len(p.sec.counts)
		if p.r1 != last {
			continue
		}
		f := feeder{x: x0 + float64(p.r1-p.r0)*p.colW + p.colW - bkGap(p.colW), y: p.ys[[2]int{last, 1}], side: 2}
		if p.sec.name == "winners bracket" {
			f.side = 1
		}
		from = append(from, f)
	}
	gy := mid
	if len(from) > 0 {
		gy = 0
		for _, f := range from {
			gy += f.y / float64(len(from))
		}
	}
	for _, f := range from {
		drawConnector(c, f.x, f.y, x, gy-rowH/2+float64(f.side-1)*rowH)
	}
	c.fitText(pg.final.rounds[0], styleBold, bkRoundSize+1, bkRoundSize-1, x, x+boxW, gy-rowH-bkGFLabelSpace+3.5, alignCenter, colorTeal)
	drawMatchBox(c, pg.final.matches[0][0], x, gy, boxW, rowH, gfSt)
	second := pg.final.matches[1][0]
	if second.A.empty() && second.B.empty() && second.Score == "" {
		return
	}
	d := 2*rowH + bkGFLabelSpace + 4
	sy := gy + d
	if sy+rowH > bottom {
		sy = gy - d
	}
	c.fitText(pg.final.rounds[1], styleBold, bkRoundSize, bkRoundSize-2, x, x+boxW, sy-rowH-bkGFLabelSpace+3.5, alignCenter, colorMuted)
	drawMatchBox(c, second, x, sy, boxW, rowH, gfSt)
}

// drawConnector joins the right of a box at (x1, y1) to the left of the
// next round's box at (x2, y2): across, down or up half way, across.
func drawConnector(c *canvas, x1, y1, x2, y2 float64) {
	mid := (x1 + x2) / 2
	c.line(x1, y1, mid, y1, bkConnector, colorMuted, false)
	if y1 != y2 {
		c.line(mid, y1, mid, y2, bkConnector, colorMuted, false)
	}
	c.line(mid, y2, x2, y2, bkConnector, colorMuted, false)
}

// drawMatchBox draws match m as a box at x, boxW wide, its middle at my:
// two lines of rowH, A over B, each with the seed and the name, the
// winner in bold on a tinted line, and the score at the right.
func drawMatchBox(c *canvas, m BracketMatch, x, my, boxW, rowH float64, st bkStyle) {
	size := st.size
	top := my - rowH
	w := m.winner()
	for i, side := range []BracketSide{m.A, m.B} {
		y := top + float64(i)*rowH
		mid := y + rowH/2
		won := w == i+1
		if won {
			c.fillRect(x, y, boxW-st.scoreW, rowH, colorZebra)
		}
		nameL := x + cellPad
		if st.seedW > 0 {
			if side.Seed != 0 {
				small := st.smallSize(size)
				c.fitText(strconv.Itoa(side.Seed), styleRegular, small, bkNameMinSize-1.5, x+0.8, x+st.seedW, baselineFor(mid, small), alignRight, colorMuted)
			}
			nameL = x + st.seedW + 1.5
		}
		nameR := x + boxW - st.scoreW - cellPad
		switch {
		case side.Bye:
			c.fitText(i18n.T(c.lang(), "BYE"), styleBold, size-1, bkNameMinSize-1, nameL, nameR, baselineFor(mid, size-1), alignLeft, colorMuted)
		case side.Name != "":
			style, ink := styleRegular, colorInk
			if won {
				style = styleBold
			} else if w != 0 {
				ink = colorMuted
			}
			c.fitText(side.Name, style, size, bkNameMinSize, nameL, nameR, baselineFor(mid, size), alignLeft, ink)
		}
	}
	c.line(x, my, x+boxW-st.scoreW, my, 0.2, colorRule, false)
	if st.scoreW > 0 {
		sx := x + boxW - st.scoreW
		c.line(sx, top, sx, top+2*rowH, 0.2, colorRule, false)
		if m.Score != "" {
			small := st.smallSize(size)
			c.fitText(m.Score, styleBold, small, bkNameMinSize-1.5, sx+0.8, x+boxW-0.8, baselineFor(my, small), alignCenter, colorTeal)
		}
	}
	c.strokeRect(x, top, boxW, 2*rowH, 0.35, colorMuted)
}
