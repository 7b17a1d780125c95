package clock

import (
	"cmp"
	"maps"
	"slices"
	"strconv"
	"time"

	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
)

// ShadowfistWarning is when the head judge warns before time (S5, rule
// 5.1 b: 10 minutes before; "no other references to remaining time").
const ShadowfistWarning = 10 * time.Minute

// Kind is what an announcement is about.
type Kind int

// The announcements a round makes.
const (
	// Warning: the round's time is nearly up (S5).
	Warning Kind = iota + 1
	// TimeCalled: the round's time is up.
	TimeCalled
	// TableTimeCalled: an extended table's time is up (S11).
	TableTimeCalled
)

// Announcement is one thing to tell the players now.
type Announcement struct {
	Kind Kind
	// Table is the table whose extended time is up (TableTimeCalled).
	Table int
	// Left is the round's time left when a Warning is due.
	Left time.Duration
}

// Key names the announcement in an Announced record: "warning", "time",
// "table 4".
func (a Announcement) Key() string {
	switch a.Kind {
	case Warning:
		return "warning"
	case TimeCalled:
		return "time"
	default:
		return "table " + strconv.Itoa(a.Table)
	}
}

// Text is the sentence to announce, to say in the reader's language.
func (a Announcement) Text() i18n.Text {
	switch a.Kind {
	case Warning:
		return i18n.F("Time warning: %s left in the round.", Format(a.Left))
	case TimeCalled:
		return i18n.F("Time: the round's time is up.")
	default:
		return i18n.F("Table %d: your extended time is up.", a.Table)
	}
}

// In is the sentence to announce, in l.
func (a Announcement) In(l i18n.Lang) string { return a.Text().In(l) }

// String is the sentence to announce, in English.
func (a Announcement) String() string { return a.In(i18n.English) }

// Announced records which announcements were made for one start of a
// round's clock. The caller saves it with the round (it is JSON-ready) and
// passes it back to Due; the zero value means nothing announced yet.
//
// Each announcement is kept with the moment, in clock time, it marked (the
// round's Total; the table's Total plus its extension). It fires once for
// that moment, across any number of restarts; if time is later added so
// that the moment moves later, the announcement is due again when the new
// moment comes (players who got five more minutes hear "time" again).
type Announced struct {
	// StartedAt is the start of the clock the record belongs to; a reset
	// clock, started again, starts a fresh record.
	StartedAt time.Time `json:"startedAt"`
	// Made maps an announcement's Key to the clock time it marked.
	Made map[string]time.Duration `json:"made,omitempty"`
}

// Due returns the announcements due at now, in the order to make them, and
// the record to save once they are made. It is edge-triggered through the
// record rather than through the time of the last look: whatever happened
// between two looks (a pause, added time, a restart hours later), it
// compares the clock as it stands now with what was already announced.
//
// A paused, untimed or unstarted clock announces nothing. warning is how
// long before time the warning comes (ShadowfistWarning; 0 for none). A
// warning whose moment passed while nobody looked and whose time is already
// up is recorded without being announced ("time" says more); in a round no
// longer than the warning, it comes at the start. Extended
// tables are announced in the order their time ran out.
func Due(c event.Clock, warning time.Duration, extensions Extensions, done Announced, now time.Time) ([]Announcement, Announced) {
	if !Timed(c) || !c.Started() {
		return nil, done
	}
	if !done.StartedAt.Equal(c.StartedAt) {
		done = Announced{StartedAt: c.StartedAt}
	}
	if !Running(c) {
		return nil, done
	}
	next := Announced{StartedAt: done.StartedAt, Made: maps.Clone(done.Made)}
	if next.Made == nil {
		next.Made = map[string]time.Duration{}
	}
	var due []Announcement
	mark := func(a Announcement, moment time.Duration, say bool) {
		if at, ok := next.Made[a.Key()]; ok && at >= moment {
			return
		}
		next.Made[a.Key()] = moment
		if say {
			due = append(due, a)
		}
	}
	left, total := Remaining(c, now), Total(c)
	if warning > 0 && left <= warning {
		mark(Announcement{Kind: Warning, Left: left}, total, left > 0)
	}
	if left <= 0 {
		mark(Announcement{Kind: TimeCalled}, total, true)
	}
	tables := slices.Collect(maps.Keys(extensions))
	slices.SortFunc(tables, func(a, b int) int {
		return cmp.Or(cmp.Compare(extensions[a], extensions[b]), cmp.Compare(a, b))
	})
	for _, t := range tables {
		if d := extensions[t]; d > 0 && left+d <= 0 {
			mark(Announcement{Kind: TableTimeCalled, Table: t}, total+d, true)
		}
	}
	if maps.Equal(next.Made, done.Made) {
		return nil, done
	}
	return due, next
}
