package storage

import (
	"time"

	"tablekeeper/core/event"
)

// DropRequests are the players' requests, from their phones, to drop
// after the current round.
type DropRequests interface {
	// AddDropRequest saves a request and sets r.ID; the entry must be of
	// the event, and an entry with an open request cannot have a second
	// one (ErrConflict).
	AddDropRequest(r *event.DropRequest) error
	// DropRequest returns one request, open or closed.
	DropRequest(id event.DropRequestID) (event.DropRequest, error)
	// OpenDropRequests lists an event's open requests in the order they
	// came.
	OpenDropRequests(id event.EventID) ([]event.DropRequest, error)
	// LastDropRequest returns an entry's latest request, whatever its
	// state (ErrNotFound when she never asked).
	LastDropRequest(entry event.EntryID) (event.DropRequest, error)
	// CloseDropRequest closes an open request of event id as accepted,
	// refused or withdrawn (ErrState when it is already closed).
	CloseDropRequest(id event.EventID, req event.DropRequestID, state event.DropState, at time.Time) error
}
