package director

// Director runs events on a store. Its operations are grouped by concern
// into services, each a field of the Director; the Director itself only
// wires them (New, SetSnapshot, SetCodeSource, Subscribe, InSnapshot).
//
// Every service embeds the same core, so a service's method reaches the
// store, the clock and the shared helpers as d.store, d.now, d.log..., and
// a sibling service through d.dir (d.dir.Rounds.Standings).
type Director struct {
	*core

	// Events creates, settles, reads and finishes events (events.go).
	Events *Events
	// Registration finds, registers, checks in, drops and seeds players
	// (registration.go).
	Registration *Registration
	// Directory edits and merges the store's players (directory.go).
	Directory *Directory
	// Rounds pairs rounds, records results and reads rounds, standings
	// and the event's progress (rounds*.go).
	Rounds *Rounds
	// Drafts publishes, repairs and withdraws a paired round before play,
	// and draws draft pods (drafts*.go).
	Drafts *Drafts
	// Clocks runs the round clocks and their announcements (clocks.go).
	Clocks *Clocks
	// Judging keeps the judges, the judge log and the challenges
	// (judging*.go).
	Judging *Judging
	// Phones signs staff and players in on the store network: sessions,
	// PINs and codes, player codes, reveals and player links (phones_*.go).
	Phones *Phones
	// Network takes the results reported by table code, the desk's list of
	// reports, and the saved counts of guesses that the web's flood watch
	// keeps for another process (network*.go).
	Network *Network
	// Kiosk serves the self check-in kiosk (kiosk*.go).
	Kiosk *Kiosk
	// Stations serves the scorekeeper stations (stations.go).
	Stations *Stations
	// Decks checks, saves and registers decks, at the desk and at the
	// kiosk (decks*.go).
	Decks *Decks
	// Drops takes the players' drop requests (drops*.go).
	Drops *Drops
	// Confirmations takes the results players report and confirm
	// (confirmations.go).
	Confirmations *Confirmations
	// History reads the players' past events (history.go).
	History *History
	// Leagues groups events into leagues (leagues.go).
	Leagues *Leagues
	// Teams forms and reads teams (teams.go).
	Teams *Teams
	// Transfer exports and imports events and imports players
	// (transfer*.go).
	Transfer *Transfer
	// Views reads what a screen shows in one transaction: rounds,
	// registration, standings, challenges, the judge tab, the board and
	// the bracket (views*.go).
	Views *Views
}

// The services. Each is the shared core seen through one concern; their
// doc is on the Director's fields.
type (
	Events        struct{ *core }
	Registration  struct{ *core }
	Directory     struct{ *core }
	Rounds        struct{ *core }
	Drafts        struct{ *core }
	Clocks        struct{ *core }
	Judging       struct{ *core }
	Phones        struct{ *core }
	Network       struct{ *core }
	Kiosk         struct{ *core }
	Stations      struct{ *core }
	Decks         struct{ *core }
	Drops         struct{ *core }
	Confirmations struct{ *core }
	History       struct{ *core }
	Leagues       struct{ *core }
	Teams         struct{ *core }
	Transfer      struct{ *core }
	Views         struct{ *core }
)

// newDirector wires the services around c.
func newDirector(c *core) *Director {
	d := &Director{
		core:          c,
		Events:        &Events{c},
		Registration:  &Registration{c},
		Directory:     &Directory{c},
		Rounds:        &Rounds{c},
		Drafts:        &Drafts{c},
		Clocks:        &Clocks{c},
		Judging:       &Judging{c},
		Phones:        &Phones{c},
		Network:       &Network{c},
		Kiosk:         &Kiosk{c},
		Stations:      &Stations{c},
		Decks:         &Decks{c},
		Drops:         &Drops{c},
		Confirmations: &Confirmations{c},
		History:       &History{c},
		Leagues:       &Leagues{c},
		Teams:         &Teams{c},
		Transfer:      &Transfer{c},
		Views:         &Views{c},
	}
	c.dir = d
	return d
}
