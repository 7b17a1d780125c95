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
// Heresy needs no form: at time the current player finishes the turn,
// then nobody wins (H4, H5), and the round's result panel scores the
// table with Time-out ticked. Other games need none either: their
// two-player results are entered with Time-out as usual. KindOf and Show say so with an error that wraps ErrNotNeeded.
package timeout

import (
	"context"

	"fyne.io/fyne/v2"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/core/rules"
	"tablekeeper/ui/internal/labels"
	"tablekeeper/ui/internal/work"
)

// Kind is the going-to-time form a table needs: the procedure core/rules
// names for its game (rules.AtTimeFor).
type Kind = rules.AtTime

// The forms.
const (
	// KeyForgeGame decides one game by K7.
	KeyForgeGame = rules.AtTimeKeyForgeGame
	// KeyForgeMatch decides a best-of-three match by K8.
	KeyForgeMatch = rules.AtTimeKeyForgeMatch
	// Shadowfist places a Shadowfist table by S8.
	Shadowfist = rules.AtTimeShadowfist
)

// ErrNotNeeded marks a table whose game needs no going-to-time form (a
// Heresy table, a two-player game of another kind, a bye). The error that
// wraps it says in a sentence what to do instead.
var ErrNotNeeded = rules.ErrNoAtTimeForm

// Director is what the forms need of the director: saving the table's
// result. The director's Rounds service is one.
type Director interface {
	RecordResultSeen(ctx context.Context, id event.EventID, round, table int, seen *event.Result, res event.Result) error
}

var _ Director = (*director.Rounds)(nil)

// KindOf returns the form that table t of round sheet sh needs when time
// is called, as core/rules says for its game (rules.AtTimeFor), or an
// error saying in one sentence why there is none: an error wrapping
// ErrNotNeeded when the game needs no form, another when the table cannot
// take a result now (a draft round). The round's own games per match
// count, not the event's (labels.BestOf): KeyForge plays its loss rounds
// as single games and its playoff as best of three (K6).
func KindOf(sh director.Sheet, t director.SheetTable) (Kind, error) {
	seats := len(t.Players)
	if t.Bye {
		seats = 1
	}
	k, err := rules.AtTimeFor(sh.Event, labels.BestOf(sh.Round, sh.Event.Settings), seats, t.Number)
	if err != nil {
		return k, err
	}
	return needed(sh, k)
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
//	err := timeout.Show(s.d.Rounds, s.run, s.win, s.sheet, table, func(res event.Result) { s.changed(id) })
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
	// KeyForge (K7, K8): the counts the judge typed, as core/rules
	// records them (rules.StatKeys …).
	StatKeys      = rules.StatKeys
	StatAember    = rules.StatAember
	StatChains    = rules.StatChains
	StatCreatures = rules.StatCreatures
	StatFirst     = rules.StatFirst
	StatForged    = rules.StatForged
	// Shadowfist (S8): the Feng Shui Sites the player controlled at time
	// and the sites they needed to win. The game points go in Points, and
	// their counts of rule 5.3, when typed, under scoring's keys.
	StatSites      = "timeSites"
	StatSitesToWin = "timeSitesToWin"
)
