package rules

import (
	"fmt"
	"strings"

	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
)

// This file reads a table's result typed as one line of text, whatever
// the table's form: a two-player or team match as the keyboard entry
// types it (ParseResult), a multiplayer table as its form's fields joined
// by "|". The store network's phones and its JSON API send results this
// way, so a result typed anywhere is read by the same code.

// LineSeparator separates the fields of a multiplayer result typed on one
// line: no seat value or Winner field uses it.
const LineSeparator = "|"

// Line returns the form's input as one line, in the syntax ParseLine
// reads: the Winner field, then each seat's value in seat order, separated
// by " | ", and " t" at the end when time ran out ("2 | 5 | 14 | 9 | 3",
// "| 5 | 0 | 12 | 3 t"). When every value is blank the line is the Winner
// field alone ("3", "2 t").
func (in MultiInput) Line() string {
	parts := []string{strings.TrimSpace(in.Winners)}
	blank := true
	for _, v := range in.Values {
		blank = blank && strings.TrimSpace(v) == ""
	}
	if !blank {
		for _, v := range in.Values {
			parts = append(parts, strings.TrimSpace(v))
		}
	}
	line := strings.TrimSpace(strings.Join(parts, " "+LineSeparator+" "))
	if in.TimeOut {
		line = strings.TrimSpace(line + " t")
	}
	return line
}

// ParseMultiLine reads a multiplayer result typed on one line for a table
// of seats players into the form's input: the Winner field, then either
// nothing (every value blank) or exactly one value per seat, all separated
// by "|", and "t" at the end when time ran out. Whether the values and
// winners make sense is for MultiForm.Build and the director to say.
func ParseMultiLine(text string, seats int) (MultiInput, error) {
	in := MultiInput{Values: make([]string, seats)}
	line := strings.TrimSpace(text)
	if rest, ok := cutTimeOut(line); ok {
		line, in.TimeOut = rest, true
	}
	fields := strings.Split(line, LineSeparator)
	if in.TimeOut && len(fields) == seats+2 && strings.TrimSpace(fields[seats+1]) == "" {
		fields = fields[:seats+1] // "… | 9 | t": the t in a field of its own
	}
	switch len(fields) {
	case 1:
	case seats + 1:
		for i, f := range fields[1:] {
			in.Values[i] = strings.TrimSpace(f)
		}
	default:
		return MultiInput{}, event.Invalidf("a table of %d players takes the winner's seat, then the %d seats' values, "+
			"all separated by %s (%d fields), not %d fields: for example %q",
			seats, seats, LineSeparator, seats+1, len(fields), exampleLine(seats))
	}
	in.Winners = strings.TrimSpace(fields[0])
	return in, nil
}

// cutTimeOut removes the "t" that ends a line typed at time ("… 3 t",
// "… | t", "t"), leaving any separator before it.
func cutTimeOut(line string) (string, bool) {
	rest, ok := strings.CutSuffix(line, "t")
	if !ok {
		rest, ok = strings.CutSuffix(line, "T")
	}
	if !ok {
		return line, false
	}
	if rest != "" {
		if last := rest[len(rest)-1]; last != ' ' && last != '\t' && last != LineSeparator[0] {
			return line, false
		}
	}
	return strings.TrimSpace(rest), true
}

// exampleLine is a line for a table of seats players: seat 2 won.
func exampleLine(seats int) string {
	in := MultiInput{Winners: "2", Values: make([]string, seats)}
	for i := range in.Values {
		in.Values[i] = fmt.Sprint(3 + 2*i)
	}
	return in.Line()
}

// ParseLine reads a multiplayer table's result typed on one line
// (ParseMultiLine) and builds it as the form's fields would (Build).
func (f MultiForm) ParseLine(text string, seats int) (event.Result, error) {
	in, err := ParseMultiLine(text, seats)
	if err != nil {
		return event.Result{}, err
	}
	r, err := f.Build(in)
	if err != nil && !strings.Contains(text, LineSeparator) {
		// "2-1" at a table of four: say how the line goes.
		return r, event.Invalidf("%s. %s", trimmedError{err}, f.LineHint(seats))
	}
	return r, err
}

// ReadInput builds a multiplayer table's result from the form's fields as
// a phone sent them (a structured result, never turned into text): the
// same result, and the same refusal, as ParseLine of the fields' Line. A
// field the line would read otherwise (one holding the separator, a last
// field ending in the time-out "t", fields of another number of seats)
// is read through the line, so that it still reads the same.
func (f MultiForm) ReadInput(in MultiInput, seats int) (event.Result, error) {
	norm := MultiInput{Winners: strings.TrimSpace(in.Winners), Values: make([]string, len(in.Values)), TimeOut: in.TimeOut}
	blank := true
	for i, v := range in.Values {
		norm.Values[i] = strings.TrimSpace(v)
		blank = blank && norm.Values[i] == ""
	}
	if len(in.Values) != seats || lineReadsOtherwise(norm, blank) {
		return f.ParseLine(in.Line(), seats)
	}
	if blank {
		norm.Values = make([]string, seats)
	}
	r, err := f.Build(norm)
	if err != nil && blank {
		// The Winner field alone, as "2-1" typed on one line: say how
		// the line goes.
		return r, event.Invalidf("%s. %s", trimmedError{err}, f.LineHint(seats))
	}
	return r, err
}

// lineReadsOtherwise reports whether Line of in (fields trimmed) would
// not read back as in: a field holds the separator, or the line's last
// field ends in a "t" that ParseMultiLine takes for the time-out.
func lineReadsOtherwise(in MultiInput, blank bool) bool {
	last := in.Winners
	if !blank {
		last = in.Values[len(in.Values)-1]
	}
	if _, cut := cutTimeOut(last); cut {
		return true
	}
	if strings.Contains(in.Winners, LineSeparator) {
		return true
	}
	for _, v := range in.Values {
		if strings.Contains(v, LineSeparator) {
			return true
		}
	}
	return false
}

// LineHint says how the result of a table of seats players is typed on
// one line.
func (f MultiForm) LineHint(seats int) i18n.Text {
	return i18n.F("Type the winner's seat, then each seat's %s in seat order, separated by %s, e.g. %s; t at the end when time was called.",
		lowerKey(f.ValueName()), LineSeparator, exampleLine(seats))
}

// trimmedError is an error's sentence without its final full stop, said
// in the reader's language.
type trimmedError struct{ err error }

// In says the error in l.
func (t trimmedError) In(l i18n.Lang) string { return strings.TrimSuffix(i18n.Error(l, t.err), ".") }

// ParseTableResult reads the result of a table of seats players of an
// event with settings s, typed on one line in the syntax of the table's
// form: a two-player match or a team match as the keyboard entry types it
// (ParseResult: "2-1", "1-1-1", "d", "2-0 t"), a multiplayer table
// (MultiplayerResult) as ParseLine reads it ("2 | 5 | 14 | 9"). Whether
// the result is possible in the event is for the director to say.
func ParseTableResult(s event.Settings, seats int, text string) (event.Result, error) {
	if MultiplayerResult(s, seats) {
		return MultiFormFor(s).ParseLine(text, seats)
	}
	return ParseResult(text)
}

// ParseTableResultFor is ParseTableResult at a table of round r of event
// e: a match's text that is no result is refused with the results its
// length and draws allow (ParseResultFor).
func ParseTableResultFor(e event.Event, r event.Round, seats int, text string) (event.Result, error) {
	if MultiplayerResult(e.Settings, seats) {
		return MultiFormFor(e.Settings).ParseLine(text, seats)
	}
	draws, _ := MatchDraws(e, r)
	return ParseResultFor(text, r.GamesPerMatch(e.Settings), draws)
}
