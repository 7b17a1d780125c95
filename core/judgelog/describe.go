package judgelog

import (
	"fmt"
	"strings"
	"time"

	"tablekeeper/core/event"
)

// Names gives the names Describe writes: players by entry, judges by ID.
// A missing name is written as "player #7" or "judge #3".
type Names struct {
	Entries map[event.EntryID]string
	Judges  map[event.JudgeID]string
}

func (n Names) entry(id event.EntryID) string {
	if s := n.Entries[id]; s != "" {
		return s
	}
	return fmt.Sprintf("player #%d", id)
}

func (n Names) judge(id event.JudgeID) string {
	if s := n.Judges[id]; s != "" {
		return s
	}
	return fmt.Sprintf("#%d", id)
}

// Describe renders one judge log entry as a line for screens and reports,
// for instance "Round 3, table 12: Zoë — slow play, formal warning (judge
// Ana)". A correction says which entry it corrects.
func Describe(e event.JudgeLogEntry, n Names) string {
	var b strings.Builder
	b.WriteString(place(e))
	b.WriteString(": ")
	if e.Corrects != 0 && e.Penalty != Void {
		fmt.Fprintf(&b, "correction of log entry %d: ", e.Corrects)
	}
	b.WriteString(body(e, n))
	if e.Extension > 0 && e.Kind != event.LogExtension {
		fmt.Fprintf(&b, ", +%s", minutes(e.Extension))
	}
	if e.JudgeID != 0 {
		fmt.Fprintf(&b, " (judge %s)", n.judge(e.JudgeID))
	}
	return b.String()
}

func place(e event.JudgeLogEntry) string {
	switch {
	case e.Round == 0:
		return "Before round 1"
	case e.Table == 0:
		return fmt.Sprintf("Round %d", e.Round)
	default:
		return fmt.Sprintf("Round %d, table %d", e.Round, e.Table)
	}
}

// body is the middle of the line: who, what and how it ended.
func body(e event.JudgeLogEntry, n Names) string {
	if e.Penalty == Void {
		return joinNonEmpty(": ", fmt.Sprintf("log entry %d withdrawn", e.Corrects), e.Description)
	}
	who := ""
	if e.EntryID != 0 {
		who = n.entry(e.EntryID)
	}
	switch e.Kind {
	case event.LogPenalty:
		return joinNonEmpty(" — ", who, joinNonEmpty(", ", e.Infraction, penalty(e)))
	case event.LogDeckCheck:
		return joinNonEmpty(" — ", who, joinNonEmpty(", ", joinNonEmpty(": ", "deck check", e.Outcome), penalty(e)))
	case event.LogAppeal:
		return joinNonEmpty(": ", "appeal by "+who, e.Outcome)
	case event.LogExtension:
		what := "time extended by " + minutes(e.Extension)
		if who != "" {
			what += " for " + who
		}
		return joinNonEmpty(": ", what, e.Description)
	default:
		what := string(e.Kind)
		if who != "" {
			what += " for " + who
		}
		return joinNonEmpty(": ", what, joinNonEmpty(" — ", e.Description, e.Outcome))
	}
}

func penalty(e event.JudgeLogEntry) string {
	if e.Penalty == PointDeduction {
		if e.Points == 1 {
			return "point deduction of 1 point"
		}
		return fmt.Sprintf("point deduction of %d points", e.Points)
	}
	return e.Penalty
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
func minutes(d time.Duration) string {
	if d%time.Minute == 0 {
		return fmt.Sprintf("%d min", d/time.Minute)
	}
	return d.Round(time.Second).String()
}
