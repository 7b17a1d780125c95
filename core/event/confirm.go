package event

import "time"

// PlayerReportID identifies a result a player reported from her own
// phone in an event whose results both players confirm.
type PlayerReportID int64

// PlayerReport is the result one player of a table reported from her own
// phone, signed in with her player code (Settings.PlayersConfirmResults).
// A table has at most one per player: she may send again, which replaces
// hers, until the table is settled (its result recorded, by agreement or
// by the organizer), when the report closes.
type PlayerReport struct {
	ID      PlayerReportID
	EventID EventID
	// Entry is the player who sent it, from her phone's session.
	Entry EntryID
	// Round and Table are the round number and table number reported.
	Round int
	Table int
	// Text is the result as sent, spaces tidied, in the syntax of the
	// table's result form (core/rules); Parsed is Text read by the form.
	Text   string
	Parsed Result
	// Device is the opaque id the store network gives the phone.
	Device string
	At     time.Time
	// ClosedAt is when the table was settled; zero while it waits.
	// Accepted: the result recorded is the one this report said.
	ClosedAt time.Time
	Accepted bool
}

// Open reports whether the report's table still waits for its result.
func (r PlayerReport) Open() bool { return r.ClosedAt.IsZero() }
