package cluster

import (
	"errors"
	"fmt"

	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
	"tablekeeper/core/storage"
)

// The kinds of the cluster's refusals (each comes as an event.Error
// with a sentence to show; test its Kind with errors.Is).
var (
	// ErrStandby: this laptop is a standby; the leader takes writes
	// (the core's storage.ErrStandby, which the director can test).
	ErrStandby = storage.ErrStandby
	// ErrElecting: the laptops are choosing a leader, or the new one is
	// catching up; the write can be sent again in a moment.
	ErrElecting = errors.New("the laptops are choosing a leader")
	// ErrNotSaved: the leader lost its majority while the write was on
	// its way: the write was not saved, or it is not known yet whether
	// the next leader has it (the sentence says which); sent again with
	// its request id it is recorded once.
	ErrNotSaved = errors.New("not saved")
	// ErrJoinRefused: the cluster did not take this laptop in (no join code,
	// a wrong one, another schema version).
	ErrJoinRefused = errors.New("refused by the cluster")
	// errCarriedOnToo: a laptop that comes back carried on alone too
	// (both laptops took over); it is an ErrJoinRefused.
	errCarriedOnToo = fmt.Errorf("%w: it carried on alone too", ErrJoinRefused)
	// ErrTakeover: a takeover was refused (this laptop leads, or the
	// host still answers).
	ErrTakeover = errors.New("no takeover")
)

func refusal(kind error, t i18n.Text) error {
	return &event.Error{Kind: kind, Message: t.String(), Text: t}
}

func errStandby(leader string) error {
	if leader == "" {
		return refusal(ErrStandby, i18n.F("This laptop is a standby and the laptops are choosing a host: try again in a few seconds."))
	}
	return refusal(ErrStandby, i18n.F("This laptop is a standby of the host at %s: changes are made there.", leader))
}

func errElecting() error {
	return refusal(ErrElecting, i18n.F("The laptops are choosing a host: try again in a few seconds."))
}

func errNoLeader() error {
	return refusal(ErrElecting, i18n.F("No laptop of the event has answered as its host: check that the host is running and on this network."))
}

func errStopped() error {
	return refusal(ErrNotSaved, i18n.F("This laptop has left the event's cluster: restart it to take part again."))
}

func errNotSaved(cause error) error {
	t := i18n.F("Not saved: the host lost touch with the other laptops while saving (%s). Send it again.", cause.Error())
	return refusal(ErrNotSaved, t)
}

// errNotKnown: the write may yet be saved, by a leader that has it, once
// this laptop hears from the others again. A page sends it again with
// its request id, which records it once either way; a person should look
// before typing it again.
func errNotKnown(cause error) error {
	t := i18n.F("Not confirmed: the host lost touch with the other laptops while saving (%s), and whether it was saved is not known yet. Look again in a moment before entering it again.", cause.Error())
	return refusal(ErrNotSaved, t)
}

func errNeedCode() error {
	return refusal(ErrJoinRefused, i18n.F("Joining an event needs its join code: the host shows it in its Store network panel and prints it as \"join code:\"."))
}
