package event

import "time"

// PhoneReportID identifies a result reported from a phone.
type PhoneReportID int64

// PhoneReport is a result the players of a table typed on a phone with the
// table's code (the store network), kept while it waits for the organizer:
// the event asks for approval of phone reports, or the table already held
// a different result ("to check"). A report is open until the organizer
// accepts or rejects it, or a result that agrees with it is recorded.
type PhoneReport struct {
	ID      PhoneReportID
	EventID EventID
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
	// Conflict: when reported, the table already held a different result.
	Conflict bool
	At       time.Time
	// ClosedAt is when the report was accepted, rejected or settled by an
	// agreeing result; zero while it is open. Accepted says which.
	ClosedAt time.Time
	Accepted bool
}

// Open reports whether the report still waits for the organizer.
func (r PhoneReport) Open() bool { return r.ClosedAt.IsZero() }
