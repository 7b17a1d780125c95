package director

import (
	"time"

	"tablekeeper/core/event"
)

// A drop request is part of the registration: the Round tab lists the
// open ones, and the phone that sent it follows its state.

func (r *recorder) AddDropRequest(q *event.DropRequest) error {
	r.mark(q.EventID, ChangeRegistration)
	return r.Tx.AddDropRequest(q)
}

func (r *recorder) CloseDropRequest(id event.EventID, req event.DropRequestID, state event.DropState, at time.Time) error {
	r.mark(id, ChangeRegistration)
	return r.Tx.CloseDropRequest(id, req, state, at)
}
