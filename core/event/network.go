package event

import "time"

// ReportID identifies a result reported from a phone or a station, of
// either kind (Report.Entry).
type ReportID int64

// Report is a result proposed for a table from outside the organizer's
// keyboard, kept while it waits: one report lifecycle for every way a
// phone proposes a result. Two kinds share it:
//
//   - a report typed with the table's code (the store network; Entry is
//     0): kept when the event asks for approval of phone reports, or when
//     the table already held a different result ("to check"). It is open
//     until the organizer accepts or rejects it, or a result that agrees
//     with it is recorded.
//   - a player's own report, signed in with her player code
//     (Settings.PlayersConfirmResults; Entry is she): a table has at most
//     one per player, which she may send again (it replaces hers) until
//     the table is settled (its result recorded, by agreement, by the
//     organizer or at a station), when it closes.
type Report struct {
	ID      ReportID
	EventID EventID
	// Entry is the player who sent a player's own report, from her
	// phone's session; 0 for a report typed with the table's code.
	Entry EntryID
	// Round and Table are the round number and table number reported.
	Round int
	Table int
	// Text is the result as typed, spaces tidied, in the syntax of the
	// table's result form (core/rules).
	Text string
	// Parsed is Text read by the table's form, before the director's
	// checks fill in scores.
	Parsed Result
	// Device is the opaque id the store network gives the phone.
	Device string
	// Conflict: when a report by table code came, the table already held
	// a different result.
	Conflict bool
	At       time.Time
	// ClosedAt is when the report was accepted, rejected or settled; zero
	// while it is open. Accepted: the result recorded is the one it said.
	ClosedAt time.Time
	Accepted bool
}

// ByPlayer reports whether r is a player's own report (signed in with her
// player code) rather than one typed with the table's code.
func (r Report) ByPlayer() bool { return r.Entry != 0 }

// Open reports whether the report still waits.
func (r Report) Open() bool { return r.ClosedAt.IsZero() }
