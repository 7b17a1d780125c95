package rules

import (
	"strconv"
	"strings"

	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
)

// AtTimeForm is a game's at-time procedure as a value: the form a judge
// fills in at a table when time is called, and how its answers become the
// result. One panel of each front-end renders any form: it lays the rows
// out in its columns, keeps the answers, shows the titles that change
// with them (Titles), and after every change shows the decision (Decide)
// with its previews, or what stops it. The game's file builds its forms
// (keyforgetime.go, shadowfist.go); a game with a procedure of its own
// gives its builder with Game.WithAtTime.
type AtTimeForm struct {
	// Rule is the line above the fields: the rule that applies and what
	// to count. Hint is the line of keys under them.
	Rule, Hint i18n.Text
	// Columns are the widths of the grid's columns.
	Columns []AtTimeColumn
	// Rows are the grid's rows, a cell a column. The fields take the
	// focus in the order they appear, row by row; the first one first.
	Rows [][]AtTimeCell
	// Titles returns the headings whose words follow the answers, by the
	// cell's ID (K8's game in progress is numbered after the games
	// finished); nil: none change.
	Titles func(AtTimeAnswers) map[string]i18n.Text
	// Decide reads the answers and decides, or says what is wrong.
	Decide func(AtTimeAnswers) (AtTimeOutcome, error)
}

// AtTimeColumn is one column of a form's grid: its least width, and its
// share of the width left over.
type AtTimeColumn struct {
	Width, Grow float32
}

// AtTimeCellKind is what a cell of a form holds.
type AtTimeCellKind int

// The kinds of cell.
const (
	// CellSpace is an empty cell.
	CellSpace AtTimeCellKind = iota
	// CellHeading is a bold column heading, cut with an ellipsis when
	// long; one with an ID is retitled by the form's Titles.
	CellHeading
	// CellName is a player's name, cut with an ellipsis when long.
	CellName
	// CellSeat is a seat's number, bold.
	CellSeat
	// CellEntry is a field the judge types a count into.
	CellEntry
	// CellMark is one circle of a group (Group) of which at most one is
	// marked: the player who went first, the winner of a game. Space
	// marks it, and clears it when it is marked.
	CellMark
	// CellPreview shows what the decision gives the row (Shadowfist's
	// place and match points); blank until the form decides.
	CellPreview
)

// AtTimeCell is one cell of a form's grid.
type AtTimeCell struct {
	Kind AtTimeCellKind
	// Text is the words of a heading, name or seat.
	Text i18n.Text
	// Trailing aligns the cell's words to its end.
	Trailing bool
	// ID names an entry's answer, a preview, or a heading Titles changes.
	ID string
	// Placeholder is shown in an empty entry; Allow holds the characters
	// it accepts ("": any).
	Placeholder, Allow string
	// Value is what an entry holds when the form opens: a default, or
	// what a saved result recorded, for a correction.
	Value string
	// Default is a value that counts as blank (Shadowfist's usual five
	// sites to win): a form whose entries are empty or at their default
	// and whose marks are clear is untouched, and shows no decision.
	Default string
	// Group and Index place a mark in its group; Marked says it is
	// marked when the form opens.
	Group  string
	Index  int
	Marked bool
}

// AtTimeAnswers are what the judge has typed and marked: each entry's
// text by its ID, and each group's marked index.
type AtTimeAnswers struct {
	Texts map[string]string
	Marks map[string]int
}

// Text returns the entry id's text, blanks trimmed.
func (a AtTimeAnswers) Text(id string) string { return strings.TrimSpace(a.Texts[id]) }

// Mark returns the index marked in group, -1 when none is.
func (a AtTimeAnswers) Mark(group string) int {
	if i, ok := a.Marks[group]; ok {
		return i
	}
	return -1
}

// AtTimeOutcome is a decision as the form shows and saves it.
type AtTimeOutcome struct {
	// Headline says who wins and which step decided, after "Decision:".
	Headline i18n.Localizer
	// Detail is the decider's explanation; nil: none.
	Detail i18n.Localizer
	// Result is what Save records.
	Result event.Result
	// Previews are what the preview cells show, by ID.
	Previews map[string]AtTimePreview
}

// AtTimePreview is what a preview cell shows; Bold marks a leader.
type AtTimePreview struct {
	Text i18n.Text
	Bold bool
}

// Answers returns the answers the form opens with.
func (f AtTimeForm) Answers() AtTimeAnswers {
	a := AtTimeAnswers{Texts: map[string]string{}, Marks: map[string]int{}}
	for _, row := range f.Rows {
		for _, c := range row {
			switch {
			case c.Kind == CellEntry:
				a.Texts[c.ID] = c.Value
			case c.Kind == CellMark && c.Marked:
				a.Marks[c.Group] = c.Index
			}
		}
	}
	return a
}

// Blank reports whether nothing has been typed or marked yet: every
// entry is empty or at its default, and no circle is marked.
func (f AtTimeForm) Blank(a AtTimeAnswers) bool {
	for _, row := range f.Rows {
		for _, c := range row {
			switch c.Kind {
			case CellEntry:
				if t := a.Text(c.ID); t != "" && t != c.Default {
					return false
				}
			case CellMark:
				if a.Mark(c.Group) >= 0 {
					return false
				}
			}
		}
	}
	return true
}

// blankOf reports whether the entries ids are empty and the groups
// unmarked: a part of a form (a game of a match) left blank.
func blankOf(a AtTimeAnswers, ids []string, groups ...string) bool {
	for _, id := range ids {
		if a.Text(id) != "" {
			return false
		}
	}
	for _, g := range groups {
		if a.Mark(g) >= 0 {
			return false
		}
	}
	return true
}

// Digits are the characters a count's entry accepts.
const Digits = "0123456789"

// AtTimeCount reads a count typed in an entry: blank is 0, and a count
// beyond most, or not a number, is refused in a sentence naming who and
// what was counted.
func AtTimeCount(text string, who, what any, most int) (int, error) {
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

// AtTimeTable is the table a form is built for: the event's settings,
// the round's games per match, the table's number, its players' names by
// seat, and the result saved for it (nil: none yet).
type AtTimeTable struct {
	Settings event.Settings
	BestOf   int
	Number   int
	Names    []string
	Saved    *event.Result
}

// AtTimeFormFor returns the form of procedure kind (AtTimeFor) for table
// t of an event of game; false when the game builds none for it.
func AtTimeFormFor(game string, kind AtTime, t AtTimeTable) (AtTimeForm, bool) {
	build := gameOf(game).atTimeBuild
	if build == nil || kind == AtTimeNone {
		return AtTimeForm{}, false
	}
	return build(kind, t), true
}

// WithAtTime returns g with an at-time procedure of its own for its
// two-player tables: build makes the form of a table. A bye, a team match
// and a table of another size need no form.
func (g Game) WithAtTime(build func(AtTimeTable) AtTimeForm) Game {
	g.atTime = func(_ event.Settings, _, seats, table int) (AtTime, error) {
		if seats != 2 {
			return AtTimeNone, event.Invalidf("table %d seats %d players; the game is between two", table, seats)
		}
		return AtTimeOwn, nil
	}
	g.atTimeForm = true
	g.atTimeBuild = func(_ AtTime, t AtTimeTable) AtTimeForm { return build(t) }
	return g
}

// heading is a bold column heading.
func heading(text i18n.Text) AtTimeCell { return AtTimeCell{Kind: CellHeading, Text: text} }

// nameCell is a player's name.
func nameCell(name string) AtTimeCell { return AtTimeCell{Kind: CellName, Text: i18n.Plain(name)} }

// entry is a count's entry.
func entry(id, placeholder, allow string) AtTimeCell {
	return AtTimeCell{Kind: CellEntry, ID: id, Placeholder: placeholder, Allow: allow}
}

// joined is texts said one after the other.
type joined []i18n.Text

// In says the texts in l.
func (j joined) In(l i18n.Lang) string { return i18n.JoinIn(l, j, "") }
