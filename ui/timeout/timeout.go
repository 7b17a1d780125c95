// Package timeout holds the going-to-time form a judge fills in at a
// table when the round's time is called and the game has no winner yet:
// the judge types what is on the table, the form says live who wins and
// which step of the rules decided, and Save records that result through
// the director.
//
// One panel renders every game's form: core/rules gives it as a value
// (rules.AtTimeFormFor) with its fields, titles, previews and decision,
// each game's in its own file there (KeyForge's K7 and K8 in
// keyforgeform.go, Shadowfist's S8 in shadowfistform.go), so a game with
// a procedure of its own needs nothing here. Which form a table needs
// depends on the game and the round (KindOf). A game whose tables need
// none (Heresy finishes the turn and scores the table with Time-out
// ticked; most games enter their two-player results with Time-out as
// usual) opens nothing: KindOf and Show say so with an error that wraps
// ErrNotNeeded.
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
