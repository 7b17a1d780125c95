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

func (n Names) entry(l i18n.Lang, id event.EntryID) string {
	if s := n.Entries[id]; s != "" {
		return s
	}
	return i18n.T(l, "player #%d", id)
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
func DescribeIn(l i18n.Lang, e event.JudgeLogEntry, n Names) string {
	var b strings.Builder
	b.WriteString(place(l, e))
	b.WriteString(i18n.T(l, ": "))
	if e.Corrects != 0 && e.Penalty != Void {
		b.WriteString(i18n.T(l, "correction of log entry %d: ", e.Corrects))
	}
	b.WriteString(body(l, e, n))
	if e.Extension > 0 && e.Kind != event.LogExtension {
		b.WriteString(", +" + minutes(l, e.Extension))
	}
	if e.JudgeID != 0 {
		b.WriteString(i18n.T(l, " (judge %s)", n.judge(e.JudgeID)))
	}
	return b.String()
}

func place(l i18n.Lang, e event.JudgeLogEntry) string {
	switch {
	case e.Round == 0:
		return i18n.T(l, "Before round 1")
	case e.Table == 0:
		return i18n.T(l, "Round %d", e.Round)
	default:
		return i18n.T(l, "Round %d, table %d", e.Round, e.Table)
	}
}

// body is the middle of the line: who, what and how it ended.
func body(l i18n.Lang, e event.JudgeLogEntry, n Names) string {
	colon := i18n.T(l, ": ")
	if e.Penalty == Void {
		return joinNonEmpty(colon, i18n.T(l, "log entry %d withdrawn", e.Corrects), e.Description)
	}
	who := ""
	if e.EntryID != 0 {
		who = n.entry(l, e.EntryID)
	}
	switch e.Kind {
	case event.LogPenalty:
		return joinNonEmpty(" — ", who, joinNonEmpty(", ", InfractionName(l, e.Infraction), penalty(l, e)))
	case event.LogDeckCheck:
		return joinNonEmpty(" — ", who, joinNonEmpty(", ", joinNonEmpty(colon, KindName(l, e.Kind), e.Outcome), penalty(l, e)))
	case event.LogAppeal:
		return joinNonEmpty(colon, i18n.T(l, "appeal by %s", who), e.Outcome)
	case event.LogExtension:
		what := i18n.T(l, "time extended by %s", minutes(l, e.Extension))
		if who != "" {
			what = i18n.T(l, "%s for %s", what, who)
		}
		return joinNonEmpty(colon, what, e.Description)
	default:
		what := KindName(l, e.Kind)
		if who != "" {
			what = i18n.T(l, "%s for %s", what, who)
		}
		return joinNonEmpty(colon, what, joinNonEmpty(" — ", e.Description, e.Outcome))
	}
}

func penalty(l i18n.Lang, e event.JudgeLogEntry) string {
	if e.Penalty == PointDeduction {
		return i18n.N(l, "point deduction of %d points", e.Points, e.Points)
	}
	return PenaltyName(l, e.Penalty)
}

func joinNonEmpty(sep string, parts ...string) string {
	var kept []string
	for _, p := range parts {
		if p = strings.TrimSpace(p); p != "" {
			kept = append(kept, p)
		}
	}
	return strings.Join(kept, sep)
}

// minutes writes a duration as "5 min", or "4m30s" when not whole minutes.
func minutes(l i18n.Lang, d time.Duration) string {
	if d%time.Minute == 0 {
		return i18n.T(l, "%d min", int(d/time.Minute))
	}
	return d.Round(time.Second).String()
}
