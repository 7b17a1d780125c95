package rules

import (
	"slices"
	"strconv"
	"strings"

	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
	"tablekeeper/core/scoring"
)

// MultiInput is what the result form of a multiplayer table holds: one
// value per seat as typed (MultiForm.ValueName says what it is), the
// Winner field and the Time-out box. The Fyne panel and the web form fill
// it the same way.
type MultiInput struct {
	Values  []string
	Winners string
	TimeOut bool
}

// MultiForm is the result form of a multiplayer table of a format: what
// each seat's value is, how the winner is typed, how the input becomes a
// result, what the seats would score, and how a saved result is typed
// back for a correction. Each game's part lives in that game's file
// (heresy.go, shadowfist.go, generic.go); front-ends only render it.
type MultiForm struct {
	set  event.Settings
	kind multiKind
}

// multiKind is one game's part of a multiplayer result form.
type multiKind interface {
	// valueName heads the seats' values; scoreName the preview; resultName
	// the result column of the round's tables.
	valueName() string
	scoreName() string
	resultName() string
	// rule says how a table scores; hint is the line under the Table
	// field, winnerHint the help under the Winner field (without the keys).
	rule(s event.Settings) i18n.Text
	hint(s event.Settings) i18n.Text
	winnerHint() i18n.Text
	// winnerRunes and valueRunes are the characters the fields accept.
	winnerRunes() string
	valueRunes() string
	// seat turns seat i's typed value into its result; unconventional
	// marks a win by other means than the last site (S7).
	seat(s event.Settings, i int, text string, unconventional bool) (event.SeatResult, error)
	// pending previews a seat whose result is not possible yet ("—"
	// unless the game scores every seat anyway).
	pending(s event.Settings, r event.Result, i int) string
	// shown is seat i's part of a saved result as the round shows it.
	shown(r event.Result, i int) string
	// typed is a saved seat as the form types it back.
	typed(st event.SeatResult, anyPoints bool) string
	// valueMax is the largest value a seat usually has; winnerAtTime
	// says whether a player can lead (and win) when time is called.
	valueMax(s event.Settings) int
	winnerAtTime() bool
}

// MultiFormFor returns the multiplayer result form of a format's
// settings.
func MultiFormFor(s event.Settings) MultiForm {
	var k multiKind = placementForm{}
	switch s.Scoring {
	case event.ScoringHeresy:
		k = heresyForm{}
	case event.ScoringShadowfist:
		k = shadowfistForm{}
	}
	return MultiForm{set: s, kind: k}
}

// NegativePoints reports whether a seat's game points can be below zero
// in a format with settings s (Shadowfist's can: a player may lose more
// than they made). The result field is the one door to points, so the
// minus it accepts is the rule; an event file with a negative count
// elsewhere holds a result that cannot have happened.
func NegativePoints(s event.Settings) bool {
	return strings.ContainsRune(MultiFormFor(s).ValueRunes(), '-')
}

// ValueName heads the seats' values ("Tau stored", "Game pts or sites",
// "Points"): a key of the translation files, to say with i18n.T.
func (f MultiForm) ValueName() string { return f.kind.valueName() }

// ScoreName heads the preview of what each seat scores (a key).
func (f MultiForm) ScoreName() string { return f.kind.scoreName() }

// ResultName heads the result column of the round's tables (a key).
func (f MultiForm) ResultName() string { return f.kind.resultName() }

// RuleLine says how a table of seats players scores, above its seats.
func (f MultiForm) RuleLine(seats int) i18n.Text {
	return i18n.F("%d players · %s", seats, f.kind.rule(f.set))
}

// Hint is the line under the Table field of a multiplayer round.
func (f MultiForm) Hint() i18n.Text {
	return i18n.F("%s In the panel Tab moves, Enter saves, Esc cancels; a click on a table opens it too.", f.kind.hint(f.set))
}

// WinnerHint is the help under the Winner field.
func (f MultiForm) WinnerHint() i18n.Text {
	return i18n.F("%s Tab moves · Enter saves · Esc cancels.", f.kind.winnerHint())
}

// WinnerSyntax is WinnerHint without the keys of the organizer's panel,
// for a Winner field on a player's phone.
func (f MultiForm) WinnerSyntax() i18n.Text { return f.kind.winnerHint() }

// WinnerRunes are the characters the Winner field accepts.
func (f MultiForm) WinnerRunes() string { return f.kind.winnerRunes() }

// ValueRunes are the characters a seat's value accepts.
func (f MultiForm) ValueRunes() string { return f.kind.valueRunes() }

// Build turns the form's input into the result the director checks: the
// winners (or, at time, the players in the lead) in Place 1 and each
// seat's value as the game reads it. A blank value is 0. Whether the
// result is possible (one Heresy winner, nobody winning at time) is for
// the director (scoring.Check) to say.
func (f MultiForm) Build(in MultiInput) (event.Result, error) {
	winners, unconventional, err := parseWinners(in.Winners, len(in.Values))
	if err != nil {
		return event.Result{}, err
	}
	r := event.Result{TimeOut: in.TimeOut, Seats: make([]event.SeatResult, len(in.Values))}
	for i, text := range in.Values {
		st, err := f.kind.seat(f.set, i, strings.TrimSpace(text), slices.Contains(unconventional, i+1))
		if err != nil {
			return event.Result{}, err
		}
		if slices.Contains(winners, i+1) {
			st.Place = 1
		}
		r.Seats[i] = st
	}
	return r, nil
}

// Preview returns what each seat of r would score, as text: the match
// points the format gives once the result is possible, and before that
// what the game can already say (Heresy's H5 score) or "—".
func (f MultiForm) Preview(r event.Result) []string {
	out := make([]string, len(r.Seats))
	c := r
	c.Seats = slices.Clone(r.Seats)
	if err := scoring.Check(f.set, &c); err == nil {
		for i := range c.Seats {
			out[i] = strconv.Itoa(scoring.MatchPoints(f.set, c, i))
		}
		return out
	}
	for i := range r.Seats {
		out[i] = f.kind.pending(f.set, r, i)
	}
	return out
}

// Scored returns res with the scores the director fills in (Heresy's
// Points), for a status line; res itself when it is not possible.
func (f MultiForm) Scored(res event.Result) event.Result {
	c := res
	c.Seats = slices.Clone(res.Seats)
	if scoring.Check(f.set, &c) != nil {
		return res
	}
	return c
}

// SeatScore is seat i's part of a saved result as the round shows it:
// Heresy's score, Shadowfist's game points, a placement format's points
// when the table gave any (blank otherwise).
func (f MultiForm) SeatScore(r event.Result, i int) string { return f.kind.shown(r, i) }

// Prefill returns the form's input for a table's saved result, so that a
// correction starts from what was entered; an empty input for seats seats
// without one.
func (f MultiForm) Prefill(r *event.Result, seats int) MultiInput {
	in := MultiInput{Values: make([]string, seats)}
	if r == nil || len(r.Seats) != seats {
		return in
	}
	in.TimeOut = r.TimeOut
	anyPoints := false
	for _, st := range r.Seats {
		anyPoints = anyPoints || st.Points != 0
	}
	var winners []string
	for i, st := range r.Seats {
		in.Values[i] = f.kind.typed(st, anyPoints)
		if st.Place == 1 {
			w := strconv.Itoa(i + 1)
			if scoring.Unconventional(st) {
				w += "u"
			}
			winners = append(winners, w)
		}
	}
	in.Winners = strings.Join(winners, " ")
	return in
}

// ValueMax is the largest value a seat usually takes (Heresy's Tau goal;
// 15 game points elsewhere), for simulated events.
func (f MultiForm) ValueMax() int { return f.kind.valueMax(f.set) }

// WinnerAtTime reports whether a player leads, and so wins, when time is
// called (not in Heresy, H5: at time nobody wins).
func (f MultiForm) WinnerAtTime() bool { return f.kind.winnerAtTime() }

// SeatMark says how seat i finished: "won", "lead" (ahead when time ran
// out) or nothing. The mark is a translation key: a front-end says it in
// the reader's language (i18n.T, tr.L).
func SeatMark(r event.Result, i int) string {
	switch {
	case r.Seats[i].Place != 1:
		return ""
	case r.TimeOut:
		return i18n.K("lead")
	}
	return i18n.K("won")
}

// MultiResultLine is a multiplayer result in one line, seat by seat, to be
// said in the reader's language: "Ada 5 · Bob 14 (won) · Cy 9", with
// "· time-out" at the end when time ran out. names are the seats' players
// in seat order; a seat beyond them is called "seat N".
func MultiResultLine(form MultiForm, r event.Result, names []string) i18n.Text {
	parts := make([]any, 0, len(r.Seats)+1)
	for i := range r.Seats {
		part := i18n.F("seat %d", i+1)
		if i < len(names) {
			part = i18n.Text{Format: "%s", Args: []any{names[i]}}
		}
		if score := form.SeatScore(r, i); score != "" {
			part = i18n.Text{Format: "%[1]s %[2]s", Args: []any{part, score}}
		}
		if mark := SeatMark(r, i); mark != "" {
			part = i18n.F("%[1]s (%[2]s)", part, i18n.Text{Format: mark})
		}
		parts = append(parts, part)
	}
	if r.TimeOut {
		parts = append(parts, i18n.F("time-out"))
	}
	verbs := make([]string, len(parts))
	for i := range verbs {
		verbs[i] = "%s"
	}
	return i18n.Text{Format: strings.Join(verbs, " · "), Args: parts}
}

// ParseWinners reads the Winner field: seat numbers from 1 to seats,
// separated by spaces or commas ("2", "2 3", "2,3"), in increasing order
// without repeats. Blank is no winner.
func ParseWinners(text string, seats int) ([]int, error) {
	winners, _, err := parseWinners(text, seats)
	return winners, err
}

// parseWinners reads the Winner field as ParseWinners does, and also the
// seats marked "u" for an unconventional win ("2u").
func parseWinners(text string, seats int) (winners, unconventional []int, err error) {
	for _, f := range strings.FieldsFunc(text, isWinnerSeparator) {
		u := false
		if t := strings.TrimRight(f, "uU"); t != f && t != "" {
			f, u = t, true
		}
		n, err := strconv.Atoi(f)
		if err != nil {
			return nil, nil, event.Invalidf("%q is not a seat number; type the winner's seat, 1 to %d", f, seats)
		}
		if n < 1 || n > seats {
			return nil, nil, event.Invalidf("there is no seat %d at this table; type a seat from 1 to %d", n, seats)
		}
		if !slices.Contains(winners, n) {
			winners = append(winners, n)
		}
		if u && !slices.Contains(unconventional, n) {
			unconventional = append(unconventional, n)
		}
	}
	slices.Sort(winners)
	return winners, unconventional, nil
}

func isWinnerSeparator(r rune) bool {
	switch r {
	case ' ', '\t', ',', ';', '+', '&', '/':
		return true
	}
	return false
}

// seatNumber reads a seat's whole-number value (blank is 0).
func seatNumber(i int, text, what string) (int, error) {
	if text == "" {
		return 0, nil
	}
	v, err := strconv.Atoi(text)
	if err != nil {
		return 0, event.Invalidf("seat %d: %q is not a number of %s", i+1, text, lowerKey(what))
	}
	return v, nil
}

// placementForm is the form of a placement format (any card game's
// multiplayer Swiss): the winner, points optional.
type placementForm struct{}

func (placementForm) valueName() string  { return i18n.K("Points") }
func (placementForm) scoreName() string  { return i18n.K("Match pts") }
func (placementForm) resultName() string { return i18n.K("Result") }
func (placementForm) rule(s event.Settings) i18n.Text {
	return i18n.F("the winner scores %d; at time the players sharing the lead score %d each.", s.Points.Win, s.Points.Draw)
}
func (placementForm) hint(event.Settings) i18n.Text {
	return i18n.F("Type a table number and press Enter, then the winner's seat number (points are optional). At time tick Time-out and type the player(s) in the lead.")
}
func (placementForm) winnerHint() i18n.Text {
	return i18n.F("Winner: the seat number. At time tick Time-out (or type t) and type the player(s) in the lead.")
}
func (placementForm) winnerRunes() string { return "0123456789 ,;+&/" }
func (placementForm) valueRunes() string  { return "0123456789" }
func (f placementForm) seat(_ event.Settings, i int, text string, _ bool) (event.SeatResult, error) {
	v, err := seatNumber(i, text, f.valueName())
	return event.SeatResult{Points: v}, err
}
func (placementForm) pending(event.Settings, event.Result, int) string { return "—" }
func (placementForm) valueMax(event.Settings) int                      { return 15 }
func (placementForm) winnerAtTime() bool                               { return true }
func (placementForm) shown(r event.Result, i int) string {
	for _, st := range r.Seats {
		if st.Points != 0 {
			return strconv.Itoa(r.Seats[i].Points)
		}
	}
	return ""
}
func (placementForm) typed(st event.SeatResult, anyPoints bool) string {
	if !anyPoints {
		return ""
	}
	return strconv.Itoa(st.Points)
}

// lowerKey is a key said in lower case, inside a sentence.
type lowerKey string

// In says the key in l, in lower case.
func (k lowerKey) In(l i18n.Lang) string { return strings.ToLower(i18n.T(l, string(k))) }

// String says the key in English, in lower case.
func (k lowerKey) String() string { return k.In(i18n.English) }
