package timeout

import (
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/core/clock"
	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/core/rules"
	"tablekeeper/ui/internal/columns"
	"tablekeeper/ui/internal/tr"
)

// The KeyForge forms: one game at time (K7) and a best-of-three match at
// time (K8). Both lay out a row per player with the same columns, so the
// games of a match line up under each other.

const digits = "0123456789"

// Largest counts the forms accept. Keys are checked by the deciders
// (three keys win the game, so a game at time has at most two); 24 chains
// is the most a player can have; the other bounds only catch typing
// slips.
const (
	maxTyped  = 99
	maxChains = 24
)

// kfColumns lays out a KeyForge row: player, keys, Æmber, chains,
// creatures, and the mark (first player, or winner of a finished game).
func kfColumns() *columns.Layout {
	return columns.New(
		columns.Col{Width: 190, Grow: 1},
		columns.Col{Width: 72},
		columns.Col{Width: 108},
		columns.Col{Width: 72},
		columns.Col{Width: 92},
		columns.Col{Width: 64},
	)
}

// counts are one player's count fields of a KeyForge game; creatures is
// nil in a game finished before time (K8 records keys, Æmber and chains).
type counts struct {
	keys, aember, chains, creatures *numberEntry
}

// newCounts makes the fields of a game at time (with creatures, blanks
// reading as 0), or of a game finished before time (without, and blank
// with no placeholder, since a blank game was not played).
func newCounts(f *form, atTime bool) *counts {
	placeholder := ""
	if atTime {
		placeholder = "0"
	}
	c := &counts{keys: newNumberEntry(placeholder, digits), aember: newNumberEntry(placeholder, digits), chains: newNumberEntry(placeholder, digits)}
	if atTime {
		c.creatures = newNumberEntry(placeholder, digits)
	}
	for _, e := range c.entries() {
		f.wire(&e.keys)
		e.OnChanged = func(string) { f.changed() }
	}
	return c
}

func (c *counts) entries() []*numberEntry {
	out := []*numberEntry{c.keys, c.aember, c.chains}
	if c.creatures != nil {
		out = append(out, c.creatures)
	}
	return out
}

// blank reports whether no count has been typed.
func (c *counts) blank() bool {
	for _, e := range c.entries() {
		if strings.TrimSpace(e.Text) != "" {
			return false
		}
	}
	return true
}

// cells are the row's count cells, a spacer standing in for creatures.
func (c *counts) cells() []fyne.CanvasObject {
	creatures := layout.NewSpacer()
	if c.creatures != nil {
		creatures = c.creatures
	}
	return []fyne.CanvasObject{c.keys, c.aember, c.chains, creatures}
}

// player reads the counts of the player called name; first marks the
// player who took the first turn.
func (c *counts) player(name string, first bool) (clock.KeyForgePlayer, error) {
	p := clock.KeyForgePlayer{Name: name, First: first}
	var err error
	if p.Keys, err = count(c.keys.Text, name, tr.L("keys forged"), maxTyped); err != nil {
		return p, err
	}
	if p.Aember, err = count(c.aember.Text, name, tr.L("Æmber"), maxTyped); err != nil {
		return p, err
	}
	if p.Chains, err = count(c.chains.Text, name, tr.L("chains"), maxChains); err != nil {
		return p, err
	}
	if c.creatures != nil {
		if p.Creatures, err = count(c.creatures.Text, name, tr.L("friendly creatures in play"), maxTyped); err != nil {
			return p, err
		}
	}
	return p, nil
}

// set fills the fields from recorded stats.
func (c *counts) set(stats map[string]int) {
	c.keys.SetText(strconv.Itoa(stats[StatKeys]))
	c.aember.SetText(strconv.Itoa(stats[StatAember]))
	c.chains.SetText(strconv.Itoa(stats[StatChains]))
	if c.creatures != nil {
		c.creatures.SetText(strconv.Itoa(stats[StatCreatures]))
	}
}

// count reads a count typed in a field: blank is 0.
func count(text, who, what string, most int) (int, error) {
	text = strings.TrimSpace(text)
	if text == "" {
		return 0, nil
	}
	n, err := strconv.Atoi(text)
	if err != nil || n < 0 || n > most {
		return 0, event.Invalidf("%s: %s %s is not possible; count 0 to %d", who, text, what, most)
	}
	return n, nil
}

// atTime is the game in progress when time was called: each player's
// counts after the turn steps, and who went first.
type atTime struct {
	rows  [2]*counts
	first radioGroup
	title *widget.Label
}

func newAtTime(f *form) *atTime {
	g := &atTime{title: header("", fyne.TextAlignLeading)}
	g.first.onChange = f.changed
	for i := range g.rows {
		g.rows[i] = newCounts(f, true)
		r := newRadio("")
		f.wire(&r.keys)
		g.first.add(r)
	}
	return g
}

func (g *atTime) blank() bool {
	return g.rows[0].blank() && g.rows[1].blank() && g.first.selected() < 0
}

// players reads both players' counts.
func (g *atTime) players(names [2]string) ([2]clock.KeyForgePlayer, error) {
	var out [2]clock.KeyForgePlayer
	for i, r := range g.rows {
		p, err := r.player(names[i], g.first.selected() == i)
		if err != nil {
			return out, err
		}
		out[i] = p
	}
	return out, nil
}

// lines lays out the game: a heading row, then a row per player.
func (g *atTime) lines(cols *columns.Layout, names [2]string, title string) []fyne.CanvasObject {
	g.title.SetText(title)
	out := []fyne.CanvasObject{cols.Row(g.title, header(tr.L("Keys"), fyne.TextAlignLeading), header(tr.L("Æmber"), fyne.TextAlignLeading),
		header(tr.L("Chains"), fyne.TextAlignLeading), header(tr.L("Creatures"), fyne.TextAlignLeading), header(tr.L("First"), fyne.TextAlignLeading))}
	for i, r := range g.rows {
		cells := append([]fyne.CanvasObject{nameCell(names[i])}, r.cells()...)
		out = append(out, cols.Row(append(cells, g.first.radios[i])...))
	}
	return out
}

// prefill fills the game from a recorded one.
func (g *atTime) prefill(stats [2]map[string]int) {
	for i, s := range stats {
		g.rows[i].set(s)
		if s[StatFirst] == 1 {
			g.first.radios[i].SetSelected(true)
		}
	}
}

// --- K7: one game ---

// gameForm decides a single game at time by K7.
type gameForm struct {
	names [2]string
	game  *atTime
}

func newGameForm(f *form, t director.SheetTable) *gameForm {
	g := &gameForm{names: [2]string{t.Players[0].Name, t.Players[1].Name}, game: newAtTime(f)}
	if stats, ok := rules.KeyForgeRecordedGames(t.Result); ok && len(stats[0]) == 1 {
		g.game.prefill([2]map[string]int{stats[0][0], stats[1][0]})
	}
	return g
}

func (g *gameForm) rule() string {
	return tr.L("K7 · After the turn steps, count each player's keys forged, Æmber in the pool, chains and friendly creatures in play, and mark who took the first turn. A player with 6 Æmber or more forges one key (paying 6); then most keys wins, then most Æmber, fewest chains, most creatures, and last the first player.")
}

func (g *gameForm) content() fyne.CanvasObject {
	return container.NewVBox(g.game.lines(kfColumns(), g.names, tr.L("Player"))...)
}

func (g *gameForm) first() fyne.Focusable { return g.game.rows[0].keys }

func (g *gameForm) blank() bool { return g.game.blank() }

func (g *gameForm) decide() (outcome, error) {
	players, err := g.game.players(g.names)
	if err != nil {
		return outcome{}, err
	}
	d, err := clock.KeyForgeGameAtTime(players)
	if err != nil {
		return outcome{}, err
	}
	return outcome{headline: tr.Text(rules.KeyForgeGameHeadline(d, g.names)), detail: d.Explanation.In(tr.Lang()), result: rules.KeyForgeGameResult(players, d)}, nil
}

// --- K8: best of three ---

// finished is a game finished before time: each player's keys forged,
// Æmber left and chains as K8 records them, and the winner.
type finished struct {
	rows [2]*counts
	won  radioGroup
}

func newFinished(f *form) *finished {
	g := &finished{}
	g.won.onChange = f.changed
	for i := range g.rows {
		g.rows[i] = newCounts(f, false)
		r := newRadio("")
		f.wire(&r.keys)
		g.won.add(r)
	}
	return g
}

func (g *finished) blank() bool {
	return g.rows[0].blank() && g.rows[1].blank() && g.won.selected() < 0
}

func (g *finished) lines(cols *columns.Layout, names [2]string, title string) []fyne.CanvasObject {
	out := []fyne.CanvasObject{cols.Row(header(title, fyne.TextAlignLeading), header(tr.L("Keys"), fyne.TextAlignLeading),
		header(tr.L("Æmber left"), fyne.TextAlignLeading), header(tr.L("Chains"), fyne.TextAlignLeading), layout.NewSpacer(), header(tr.L("Won"), fyne.TextAlignLeading))}
	for i, r := range g.rows {
		cells := append([]fyne.CanvasObject{nameCell(names[i])}, r.cells()...)
		out = append(out, cols.Row(append(cells, g.won.radios[i])...))
	}
	return out
}

// record reads the game numbered n.
func (g *finished) record(n int, names [2]string) (clock.KeyForgeGameRecord, error) {
	rec := clock.KeyForgeGameRecord{Winner: g.won.selected() + 1}
	if rec.Winner == 0 {
		return rec, event.Invalidf("game %d: mark its winner in the Won column, or leave the game blank if it was not played", n)
	}
	for i, r := range g.rows {
		p, err := r.player(tr.F("game %d, %s", n, names[i]), false)
		if err != nil {
			return rec, err
		}
		rec.Players[i] = clock.KeyForgeTally{Keys: p.Keys, Aember: p.Aember, Chains: p.Chains}
	}
	return rec, nil
}

func (g *finished) prefill(stats [2]map[string]int, won [2]bool) {
	for i, s := range stats {
		g.rows[i].set(s)
		if won[i] {
			g.won.radios[i].SetSelected(true)
		}
	}
}

// matchForm decides a best-of-three match at time by K8: the games
// finished before time (none, one or two) and the game in progress, if
// any. A game left blank was not played.
type matchForm struct {
	names [2]string
	games [2]*finished
	now   *atTime
}

func newMatchForm(f *form, t director.SheetTable) *matchForm {
	m := &matchForm{names: [2]string{t.Players[0].Name, t.Players[1].Name}, now: newAtTime(f)}
	for i := range m.games {
		m.games[i] = newFinished(f)
	}
	if stats, ok := rules.KeyForgeRecordedGames(t.Result); ok {
		k := 0
		for g := range stats[0] {
			s := [2]map[string]int{stats[0][g], stats[1][g]}
			if _, atTime := s[0][StatFirst]; atTime {
				m.now.prefill(s)
				break
			}
			if k < len(m.games) {
				m.games[k].prefill(s, [2]bool{t.Result.Seats[0].Games[g].Won, t.Result.Seats[1].Games[g].Won})
				k++
			}
		}
	}
	m.update()
	return m
}

func (m *matchForm) rule() string {
	return tr.L("K8 · Fill in each game finished before time as recorded after it (keys forged, Æmber left, chains, winner), then the game in progress after its turn steps, decided by K7. Leave a game blank if it was not played. The match goes to most games won, then most keys, most Æmber left, fewest chains over the match, and last the winner of game 1.")
}

func (m *matchForm) content() fyne.CanvasObject {
	cols := kfColumns()
	var lines []fyne.CanvasObject
	for i, g := range m.games {
		lines = append(lines, g.lines(cols, m.names, tr.F("Game %d", i+1))...)
	}
	lines = append(lines, m.now.lines(cols, m.names, m.now.title.Text)...)
	return container.NewVBox(lines...)
}

func (m *matchForm) first() fyne.Focusable { return m.games[0].rows[0].keys }

func (m *matchForm) blank() bool {
	return m.games[0].blank() && m.games[1].blank() && m.now.blank()
}

// played counts the finished games filled in.
func (m *matchForm) played() int {
	n := 0
	for _, g := range m.games {
		if !g.blank() {
			n++
		}
	}
	return n
}

// update numbers the game in progress after the finished ones.
func (m *matchForm) update() {
	m.now.title.SetText(tr.F("Game %d, in progress at time", m.played()+1))
}

func (m *matchForm) decide() (outcome, error) {
	match := clock.KeyForgeMatch{Names: m.names}
	for i, g := range m.games {
		if g.blank() {
			continue
		}
		if i > 0 && m.games[i-1].blank() {
			return outcome{}, event.Invalidf("game %d is blank but game %d is filled in: enter the games in the order they were played", i, i+1)
		}
		rec, err := g.record(i+1, m.names)
		if err != nil {
			return outcome{}, err
		}
		match.Games = append(match.Games, rec)
	}
	if n := len(match.Games); n == 2 && match.Games[0].Winner == match.Games[1].Winner {
		return outcome{}, event.Invalidf("%s won games 1 and 2, so the match was over before time: enter the 2–0 as usual", m.names[match.Games[0].Winner-1])
	}
	var players [2]clock.KeyForgePlayer
	if !m.now.blank() {
		var err error
		if players, err = m.now.players(m.names); err != nil {
			return outcome{}, event.Invalidf("game %d, in progress at time: %s", len(match.Games)+1, err)
		}
		match.InProgress = &players
	}
	d, err := clock.KeyForgeMatchAtTime(match)
	if err != nil {
		return outcome{}, err
	}
	return outcome{headline: tr.Text(rules.KeyForgeMatchHeadline(d, m.names)), detail: d.Explanation.In(tr.Lang()), result: rules.KeyForgeMatchResult(match, d)}, nil
}
