package event

import "time"

// DropRequestID identifies a player's request to drop, sent from her
// phone.
type DropRequestID int64

// DropState is where a drop request stands.
type DropState string

// The states of a drop request. A request is open until the organizer
// accepts it (the player is dropped) or refuses it (she stays in), or the
// player withdraws it; an event that applies phones' drops without
// approval keeps the request as accepted at once.
const (
	DropOpen      DropState = "open"
	DropAccepted  DropState = "accepted"
	DropRefused   DropState = "refused"
	DropWithdrawn DropState = "withdrawn"
)

// DropRequest is a player's request, from her own phone signed in with
// her player code, to leave the event after the current round.
type DropRequest struct {
	ID      DropRequestID
	EventID EventID
	EntryID EntryID
	// Round is the last round paired when she asked (0 before round 1):
	// she asked to drop after it.
	Round int
	// Device is the opaque id the store network gives the phone.
	Device string
	At     time.Time
	State  DropState
	// ClosedAt is when the request was accepted, refused or withdrawn;
	// zero while it is open.
	ClosedAt time.Time
}

// Open reports whether the request still waits for the organizer.
func (r DropRequest) Open() bool { return r.State == DropOpen }
