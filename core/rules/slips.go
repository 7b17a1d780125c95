package rules

import (
	"slices"
	"strconv"
	"sync"

	"tablekeeper/core/event"
)

// SlipKind chooses what a match slip asks the players to write, by game:
// a handle on the game's SlipSpec (SlipSpecOf), which one drawer in
// reports prints for every game.
type SlipKind int

// The kinds of match slip of this build's games; a game with a slip of its
// own adds its spec with AddSlip.
const (
	// SlipGeneric is for any two-player match: games won by each player
	// and drawn games. At a table of three or more it asks for each
	// player's placement instead.
	SlipGeneric SlipKind = iota
	// SlipKeyForge is for a KeyForge match of one game or best of three
	// (Slips.Games): per game and player the keys forged, Æmber left and
	// chains, and the game's winner (rule K8); then the match winner, who
	// reports the result, signs (K9). Two players only.
	SlipKeyForge
	// SlipHeresy is for a Heresy: Kingdom Come game: each player's Tau
	// stored and placement, and whether time was called (H4, H5).
	SlipHeresy
	// SlipShadowfist is for a Shadowfist game: each player's Feng Shui
	// sites seized, burned and played, for the game points (S7), and
	// placement, and whether time was called (S8).
	SlipShadowfist
)

// SlipLayout is how a slip lays out what the players write.
type SlipLayout int

// The layouts.
const (
	// SlipBySeat: a row a player, with a box a column, a line to sign on
	// each row, and a foot (SlipRows).
	SlipBySeat SlipLayout = iota
	// SlipByGame: a block of columns a player and a row a game, then a
	// row of totals and a line of signatures (KeyForge, K8 and K9).
	SlipByGame
)

// SlipSpec is a match slip as a value: what it asks the players to write,
// in what order, and what it says. Each game's spec is in the game's file
// (keyforgeSlipSpec …); reports draws any spec.
type SlipSpec struct {
	// Name names the spec, as the golden files and benchmarks do.
	Name string
	// Layout is how the slip lays out its boxes.
	Layout SlipLayout
	// Seats is the only number of players a table may seat (KeyForge: 2);
	// 0 allows 2 to event.MaxSeats. SeatsRule is the sentence's end when
	// a table seats another number ("a KeyForge match is between 2
	// players").
	Seats     int
	SeatsRule string
	// Rows are the rows of a SlipBySeat slip; TwoSeats, when set, replaces
	// them at a table of two (the generic slip's games won and draws).
	Rows     SlipRows
	TwoSeats *SlipRows
	// GameBoxes are a SlipByGame slip's boxes of a game, per player, in
	// order (each a key of the translation files).
	GameBoxes []SlipBox
	// Total and TotalOne label the row of totals after the games: Total
	// when the slip has room for several games, TotalOne for one.
	Total, TotalOne string
	// Signatures are the captions of the lines to sign under a SlipByGame
	// slip, left to right.
	Signatures []string
}

// SlipBox is one box a player fills in.
type SlipBox struct {
	// Label is the box's column heading, a key of the translation files.
	Label string
	// Tick: a small box to tick (a game's winner) rather than a number.
	Tick bool
}

// SlipRows are the rows of a SlipBySeat slip: the boxes of each player,
// and what its foot asks.
type SlipRows struct {
	// Columns label each player's boxes, in order (keys of the
	// translation files).
	Columns []string
	// Draws: the foot has a box for the drawn games.
	Draws bool
	// TimeCalled: the foot has a box to tick when time was called.
	TimeCalled bool
	// Note is the foot's sentence, a key of the translation files.
	Note string
}

// RowsFor returns the rows of a SlipBySeat slip at a table of seats.
func (s SlipSpec) RowsFor(seats int) SlipRows {
	if seats == 2 && s.TwoSeats != nil {
		return *s.TwoSeats
	}
	return s.Rows
}

// slipSpecs are the specs of the kinds, by kind; AddSlip adds to them.
var slipSpecs = struct {
	sync.RWMutex
	list []SlipSpec
}{list: []SlipSpec{SlipGeneric: genericSlipSpec, SlipKeyForge: keyforgeSlipSpec, SlipHeresy: heresySlipSpec, SlipShadowfist: shadowfistSlipSpec}}

// SlipSpecOf returns the spec of kind k, false for a kind nobody added.
func SlipSpecOf(k SlipKind) (SlipSpec, bool) {
	slipSpecs.RLock()
	defer slipSpecs.RUnlock()
	if k < 0 || int(k) >= len(slipSpecs.list) {
		return SlipSpec{}, false
	}
	return slipSpecs.list[k], true
}

// AddSlip adds the slip spec of a game with a slip of its own and returns
// its kind, for the game's slip rule (Game.WithSlip) to return. A kind is
// never taken back: a spec added twice has two kinds.
func AddSlip(spec SlipSpec) SlipKind {
	slipSpecs.Lock()
	defer slipSpecs.Unlock()
	slipSpecs.list = append(slipSpecs.list, spec)
	return SlipKind(len(slipSpecs.list) - 1)
}

// String returns the kind's name, as in the golden files.
func (k SlipKind) String() string {
	if spec, ok := SlipSpecOf(k); ok {
		return spec.Name
	}
	return "SlipKind(" + strconv.Itoa(int(k)) + ")"
}

// SlipFor returns the kind of match slip an event's tables need: the
// game's own (KeyForge's keys, Æmber and chains; Heresy's Tau; Shadowfist's
// sites at a multiplayer table), else the generic games-won slip.
func SlipFor(e event.Event) SlipKind {
	if k := gameOf(e.Game).slip; k != nil {
		return k(e.Settings)
	}
	return SlipGeneric
}

// WithSlip returns g with slip kind k for every one of its events (a kind
// AddSlip returned).
func (g Game) WithSlip(k SlipKind) Game {
	g.slip = func(event.Settings) SlipKind { return k }
	return g
}

// registered are the games added to the catalogue by Register.
var registered = struct {
	sync.RWMutex
	games []Game
}{}

// Register adds game g to the catalogue (Catalogue, Lookup and every
// question of a game's key) until the returned function is called: a game
// built in core alone, such as a test's, is then run by every front-end as
// the others are.
func Register(g Game) (remove func()) {
	registered.Lock()
	registered.games = append(registered.games, g)
	registered.Unlock()
	return func() {
		registered.Lock()
		defer registered.Unlock()
		registered.games = slices.DeleteFunc(registered.games, func(o Game) bool { return o.Key == g.Key })
	}
}

// registeredGames returns a copy of the games Register added.
func registeredGames() []Game {
	registered.RLock()
	defer registered.RUnlock()
	return slices.Clone(registered.games)
}
