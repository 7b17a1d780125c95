package printing

import (
	"context"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/core/standings"
	"tablekeeper/core/transfer"
)

// Services are the director's services the reports read and the files
// import, each through the small interface of the methods called of it;
// the field names are the director's (core/director/services.go).
type Services struct {
	Events       Events
	Registration Registration
	Rounds       Rounds
	Drafts       Drafts
	Judging      Judging
	Phones       Phones
	Network      Network
	Decks        Decks
	Transfer     Transfer
	Views        Views
	// Snapshot runs a report's reads in one read transaction (the
	// director's InSnapshot), on the services it is given.
	Snapshot Snapshot
}

// Snapshot runs fn on a director whose every read is of one moment.
type Snapshot interface {
	InSnapshot(ctx context.Context, fn func(*director.Director) error) error
}

// ServicesOf returns d's services as the printer calls them.
func ServicesOf(d *director.Director) Services {
	return Services{
		Events: d.Events, Registration: d.Registration, Rounds: d.Rounds,
		Drafts: d.Drafts, Judging: d.Judging, Phones: d.Phones,
		Network: d.Network, Decks: d.Decks, Transfer: d.Transfer, Views: d.Views,
		Snapshot: d,
	}
}

// Events reads the event a report is of (director.Events).
type Events interface {
	Event(ctx context.Context, id event.EventID) (event.Event, error)
}

// Registration reads the event's players (director.Registration).
type Registration interface {
	Entries(ctx context.Context, id event.EventID) ([]event.Entry, error)
}

// Rounds reads the rounds and standings (director.Rounds).
type Rounds interface {
	RoundSheet(ctx context.Context, id event.EventID, number int) (director.Sheet, error)
	Rounds(ctx context.Context, id event.EventID) ([]event.Round, error)
	Standings(ctx context.Context, id event.EventID) ([]standings.Standing, error)
}

// Drafts reads the draft pods (director.Drafts).
type Drafts interface {
	DraftPods(ctx context.Context, id event.EventID) (event.DraftSeating, error)
}

// Judging reads the judges and their log (director.Judging).
type Judging interface {
	JudgeLog(ctx context.Context, id event.EventID) ([]event.JudgeLogEntry, error)
	Judges(ctx context.Context, id event.EventID) ([]event.Judge, error)
}

// Phones reveals the players' codes for their slips (director.Phones).
type Phones interface {
	RevealPlayerCode(ctx context.Context, entry event.EntryID, how director.CodeReveal) (director.PlayerCredential, error)
	RevealPlayerCodes(ctx context.Context, id event.EventID) (map[event.EntryID]director.PlayerCredential, error)
}

// Network reads the tables' codes for the match slips
// (director.Network).
type Network interface {
	TableCodes(ctx context.Context, id event.EventID, round int) (map[int]string, error)
}

// Decks reads the decks registered (director.Decks).
type Decks interface {
	Decks(ctx context.Context, id event.EventID) ([]director.DeckCheck, error)
}

// Transfer exports and imports events and imports players
// (director.Transfer).
type Transfer interface {
	ExportEvent(ctx context.Context, id event.EventID) (transfer.Document, error)
	ImportEvents(ctx context.Context, docs ...transfer.Document) ([]event.Event, error)
	ImportPlayers(ctx context.Context, id event.EventID, rows []director.NewPlayer) (director.ImportReport, error)
}

// Views reads the bracket and the standings (director.Views).
type Views interface {
	Bracket(ctx context.Context, id event.EventID) (director.BracketView, error)
	StandingsView(ctx context.Context, id event.EventID) (director.StandingsView, error)
}
