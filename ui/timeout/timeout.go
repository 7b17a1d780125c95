// Package timeout holds the going-to-time forms a judge fills in at a
// table when the round's time is called and the game has no winner yet:
// the judge types what is on the table, the form says live who wins and
// which step of the rules decided, and Save records that result through
// the director.
//
// The form depends on the game and the round (KindOf):
//   - KeyForge, one game (K7): keys forged, Æmber, chains and friendly
//     creatures of each player, and who went first; decided by
//     clock.KeyForgeGameAtTime.
//   - KeyForge, best of three (K8, the playoff): keys, Æmber left and
//     chains of each game finished before time, and the K7 counts of the
//     game in progress; decided by clock.KeyForgeMatchAtTime.
//   - Shadowfist (S8, rule 5.5), tables of 2 to 5: the Feng Shui Sites each
//     player controls, the sites they need, and their game points; placed
//     by clock.ShadowfistAtTime.
//
// Heresy needs no form: at time nobody wins (H4, H5), and the round's
// result panel scores the table with Time-out ticked. Other games need
// none either: their two-player results are entered with Time-out as
// usual. KindOf and Show say so with an error that wraps ErrNotNeeded.
package timeout

import (
	"context"
	"errors"
	"fmt"

	"fyne.io/fyne/v2"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/ui/internal/labels"
	"tablekeeper/ui/internal/work"
)

// The rules catalogue's keys of the games with a form (core/rules).
const (
	gameKeyForge   = "keyforge"
	gameShadowfist = "shadowfist"
	gameHeresy     = "heresy"
)

// Kind is the going-to-time form a table needs.
type Kind int

// The forms.
const (
	// KeyForgeGame decides one game by K7.
	KeyForgeGame Kind = iota + 1
	// KeyForgeMatch decides a best-of-three match by K8.
	KeyForgeMatch
	// Shadowfist places a Shadowfist table by S8.
	Shadowfist
)

// String names the form as its dialog's heading does.
func (k Kind) String() string {
	switch k {
	case KeyForgeGame:
		return "KeyForge game at time (K7)"
	case KeyForgeMatch:
		return "KeyForge best of three at time (K8)"
	case Shadowfist:
		return "Shadowfist time-out (S8)"
	}
	return "no form"
}

// ErrNotNeeded marks a table whose game needs no going-to-time form (a
// Heresy table, a two-player game of another kind, a bye). The error that
// wraps it says in a sentence what to do instead.
var ErrNotNeeded = errors.New("no going-to-time form is needed")

// Director is what the forms need of the director: saving the table's
// result. *director.Director is one.
type Director interface {
	RecordResultSeen(ctx context.Context, id event.EventID, round, table int, seen *event.Result, res event.Result) error
}

var _ Director = (*director.Director)(nil)

// KindOf returns the form that table t of round sheet sh needs when time
// is called, or an error saying in one sentence why there is none: an
// error wrapping ErrNotNeeded when the game needs no form, another when
// the table cannot take a result now (a draft round).
//
// The round decides between K7 and K8: KeyForge plays its loss rounds as
// single games and its playoff as best of three (K6), so the round's own
// games per match count, not the event's (labels.BestOf).
func KindOf(sh director.Sheet, t director.SheetTable) (Kind, error) {
	e := sh.Event
	s := e.Settings
	notNeeded := func(format string, args ...any) (Kind, error) {
		return 0, errors.Join(event.Statef(format, args...), ErrNotNeeded)
	}
	switch {
	case t.Bye || len(t.Players) < 2:
		return notNeeded("a bye has no game to decide at time")
	case s.Teams():
		return notNeeded("a team match at time is entered as usual: each team's games won, with Time-out ticked")
	case e.Game == gameHeresy:
		return notNeeded("at time nobody wins in Heresy (H5): open the table's result, type each seat's Tau stored and tick Time-out")
	case e.Game == gameKeyForge:
		if len(t.Players) != 2 {
			return 0, event.Invalidf("table %d seats %d players; a KeyForge game has two", t.Number, len(t.Players))
		}
		switch labels.BestOf(sh.Round, s) {
		case 1:
			return needed(sh, KeyForgeGame)
		case 3:
			return needed(sh, KeyForgeMatch)
		default:
			return notNeeded("KeyForge decides a single game (K7) or a best of three (K8) at time, not a best of %d: enter the games won with Time-out ticked", labels.BestOf(sh.Round, s))
		}
	case e.Game == gameShadowfist:
		if s.Structure == event.StructureChallenges {
			return notNeeded("an open challenge is recorded as it was played; it has no round time to call")
		}
		if n := len(t.Players); n > event.MaxSeats {
			return 0, event.Invalidf("table %d seats %d players; a Shadowfist table has 2 to %d", t.Number, n, event.MaxSeats)
		}
		return needed(sh, Shadowfist)
	}
	return notNeeded("this game needs no form at time: enter the games won with Time-out ticked (level games are a draw)")
}

// needed returns kind, unless the round is still a draft.
func needed(sh director.Sheet, kind Kind) (Kind, error) {
	if !sh.Round.Published() {
		return 0, event.Statef("round %d is a draft; publish its pairings before entering results", sh.Round.Number)
	}
	return kind, nil
}

// Show opens the going-to-time form of table t of round sheet sh over win,
// with the focus in its first field. Save records the decided result with
// d.RecordResult through run and then calls onSaved (if not nil) with the
// result as sent; Cancel or Esc closes the form without saving. A table
// that needs no form (see KindOf) opens nothing: the error says why, in a
// sentence for the organizer (work.Sentence).
//
// The Round tab wires it to its "Time called…" button of a table:
//
//	err := timeout.Show(s.d, s.run, s.win, s.sheet, table, func(res event.Result) { s.changed(id) })
func Show(d Director, run work.Runner, win fyne.Window, sh director.Sheet, t director.SheetTable, onSaved func(event.Result)) error {
	f, err := newForm(d, run, win, sh, t, onSaved)
	if err != nil {
		return err
	}
	f.show()
	return nil
}

// Stats keys of the per-game details (event.GameDetail.Stats) the forms
// record, so that a decision can be checked and recomputed later.
const (
	// KeyForge (K7, K8): the counts the judge typed. For a game decided at
	// time they are the counts before the tie-breaker's first step; Forged
	// is 1 when that step forged a key for the player (6 Æmber paid). For
	// a game finished before time they are what K8 records after it.
	StatKeys      = "keys"
	StatAember    = "aember"
	StatChains    = "chains"
	StatCreatures = "creatures"
	StatFirst     = "first"
	StatForged    = "forged"
	// Shadowfist (S8): the Feng Shui Sites the player controlled at time
	// and the sites they needed to win. The game points go in Points, and
	// their counts of rule 5.3, when typed, under scoring's keys.
	StatSites      = "timeSites"
	StatSitesToWin = "timeSitesToWin"
)

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}
