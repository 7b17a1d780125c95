package event

import "time"

// RaffleID identifies a raffle.
type RaffleID int64

// RafflePool is who a raffle is drawn among.
type RafflePool string

// The pools a raffle is drawn among.
const (
	// RafflePresent: the players checked in and still in.
	RafflePresent RafflePool = "present"
	// RaffleStillIn: every player still in (not dropped).
	RaffleStillIn RafflePool = "in"
)

// Raffle is a prize drawn at random among an event's players (issue 30):
// kept with its seed, so the draw is said again as it was.
type Raffle struct {
	ID      RaffleID
	EventID EventID
	At      time.Time
	Pool    RafflePool
	// Seed drew the winners from the pool in entry order; Among is how
	// many players the pool held.
	Seed  uint64
	Among int
	// Winners are the entries drawn, in the order drawn.
	Winners []EntryID
}
