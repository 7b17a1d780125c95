package judgelog

import (
	"fmt"
	"strings"
	"time"

	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
)

// Names gives the names Describe writes: players by entry, judges by ID.
// A missing name is written as "player #7" or "judge #3".
type Names struct {
	Entries map[event.EntryID]string
	Judges  map[event.JudgeID]string
}

func (n Names) entry(id event.EntryID) i18n.Text {
	if s := n.Entries[id]; s != "" {
		return i18n.Plain(s)
	}
	return i18n.F("player #%d", id)
}

func (n Names) judge(id event.JudgeID) string {
	if s := n.Judges[id]; s != "" {
		return s
	}
	return fmt.Sprintf("#%d", id)
}

// Describe renders one judge log entry as a line for screens and reports,
// in English (DescribeIn says it in another language), for instance
// "Round 3, table 12: Zoë — slow play, formal warning (judge Ana)". A
// correction says which entry it corrects.
func Describe(e event.JudgeLogEntry, n Names) string { return DescribeIn(i18n.English, e, n) }

// DescribeIn is Describe said in l: the catalogue's infractions and the
// penalties are translated, what the judge typed is left as typed.
func DescribeIn(l i18n.Lang, e event.JudgeLogEntry, n Names) string { return DescribeText(e, n).In(l) }

// DescribeText is Describe kept as a message, to say in a reader's
// language later (the activity log stores it so).
func DescribeText(e event.JudgeLogEntry, n Names) i18n.Text {
	parts := []i18n.Text{place(e), i18n.F(": ")}
	if e.Corrects != 0 && e.Penalty != Void {
		parts = append(parts, i18n.F("correction of log entry %d: ", e.Corrects))
	}
	parts = append(parts, body(e, n))
	if e.Extension > 0 && e.Kind != event.LogExtension {
		parts = append(parts, i18n.Plain(", +"), minutes(e.Extension))
	}
	if e.JudgeID != 0 {
		parts = append(parts, i18n.F(" (judge %s)", n.judge(e.JudgeID)))
	}
	return concat(parts...)
}

// concat keeps texts said one after the other, with nothing between.
func concat(parts ...i18n.Text) i18n.Text {
	var out i18n.Text
	for _, p := range parts {
		switch {
		case p.IsZero():
		case out.IsZero():
			out = p
		default:
			out = i18n.Text{Format: "%s%s", Args: []any{out, p}}
		}
	}
	return out
}

func place(e event.JudgeLogEntry) i18n.Text {
	switch {
	case e.Round == 0:
		return i18n.F("Before round 1")
	case e.Table == 0:
		return i18n.F("Round %d", e.Round)
	default:
		return i18n.F("Round %d, table %d", e.Round, e.Table)
	}
}

// typed is what a judge typed, kept as typed (blank is nothing).
func typed(s string) i18n.Text { return i18n.Plain(strings.TrimSpace(s)) }

// body is the middle of the line: who, what and how it ended.
func body(e event.JudgeLogEntry, n Names) i18n.Text {
	colon := i18n.F(": ")
	dash, comma := i18n.Plain(" — "), i18n.Plain(", ")
	if e.Penalty == Void {
		return joinNonEmpty(colon, i18n.F("log entry %d withdrawn", e.Corrects), typed(e.Description))
	}
	var who i18n.Text
	if e.EntryID != 0 {
		who = n.entry(e.EntryID)
	}
	switch e.Kind {
	case event.LogPenalty:
		return joinNonEmpty(dash, who, joinNonEmpty(comma, infractionText(e.Infraction), penalty(e)))
	case event.LogDeckCheck:
		return joinNonEmpty(dash, who, joinNonEmpty(comma, joinNonEmpty(colon, kindText(e.Kind), typed(e.Outcome)), penalty(e)))
	case event.LogAppeal:
		return joinNonEmpty(colon, i18n.F("appeal by %s", who), typed(e.Outcome))
	case event.LogExtension:
		what := i18n.F("time extended by %s", minutes(e.Extension))
		if !who.IsZero() {
			what = i18n.F("%s for %s", what, who)
		}
		return joinNonEmpty(colon, what, typed(e.Description))
	default:
		what := kindText(e.Kind)
		if !who.IsZero() {
			what = i18n.F("%s for %s", what, who)
		}
		return joinNonEmpty(colon, what, joinNonEmpty(dash, typed(e.Description), typed(e.Outcome)))
	}
}

// infractionText is an infraction as stored: a catalogue name said in the
// reader's language, a judge's own wording as typed.
func infractionText(stored string) i18n.Text {
	if strings.TrimSpace(stored) == "" {
		return i18n.Text{}
	}
	return i18n.Text{Format: stored}
}

func penalty(e event.JudgeLogEntry) i18n.Text {
	if e.Penalty == PointDeduction {
		return i18n.FN("point deduction of %d points", e.Points, e.Points)
	}
	if k, ok := penaltyNames[e.Penalty]; ok {
		return i18n.F(k)
	}
	return typed(e.Penalty)
}

// joinNonEmpty keeps the parts that say something, sep between them.
func joinNonEmpty(sep i18n.Text, parts ...i18n.Text) i18n.Text {
	var kept []i18n.Text
	for _, p := range parts {
		if !p.IsZero() {
			if len(kept) > 0 {
				kept = append(kept, sep)
			}
			kept = append(kept, p)
		}
	}
	return concat(kept...)
}

// minutes writes a duration as "5 min", or "4m30s" when not whole minutes.
func minutes(d time.Duration) i18n.Text {
	if d%time.Minute == 0 {
		return i18n.F("%d min", int(d/time.Minute))
	}
	return i18n.Plain(d.Round(time.Second).String())
}
