package director_test

import (
	"errors"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"tablekeeper/core/event"
	"tablekeeper/internal/testdb"
)

// A raffle draws among the players present (checked in, still in), or
// every player still in, never one an earlier raffle drew; its seed,
// kept with it and in the log, says the draw again; the board holds it
// for the TV. Too few players, a count out of range or an unknown pool
// is refused with a sentence and nothing is drawn.
func TestARaffleDrawsFairlyAmongThePlayersPresent(t *testing.T) {
	ctx, d, e := openEvent(t, "generic", "swiss", nil)
	es := register(t, d, e.ID, "Ada Lovelace", "Bram Berg", "Chiara Rossi", "Zoë Lefèvre", "李小龍")
	for _, en := range es[:4] {
		must(t, d.Registration.CheckIn(ctx, en.ID, true))
	}
	must(t, d.Registration.Drop(ctx, es[3].ID))
	present := []event.EntryID{es[0].ID, es[1].ID, es[2].ID}

	r, err := d.Registration.Raffle(ctx, e.ID, event.RafflePresent, 2)
	must(t, err)
	if r.Among != 3 || len(r.Winners) != 2 || r.ID == 0 || len(r.Names) != 2 || r.Names[0] == "" {
		t.Fatalf("raffle %+v", r)
	}
	for i, at := range rand.New(rand.NewPCG(r.Seed, 0)).Perm(3)[:2] {
		if r.Winners[i] != present[at] {
			t.Errorf("winner %d is %d; the seed says %d", i, r.Winners[i], present[at])
		}
	}
	if log := testdb.Log(t, d, e.ID); !strings.Contains(log, "raffle among the 3 players present (seed "+strconv.FormatUint(r.Seed, 10)+"): ") {
		t.Errorf("the log does not say the raffle:\n%s", log)
	}

	// The one left is the only one a second raffle among the present can
	// draw; a third finds nobody.
	again, err := d.Registration.Raffle(ctx, e.ID, event.RafflePresent, 1)
	must(t, err)
	if again.Among != 1 || again.Winners[0] == r.Winners[0] || again.Winners[0] == r.Winners[1] {
		t.Errorf("second raffle %+v after %+v", again, r)
	}
	if _, err := d.Registration.Raffle(ctx, e.ID, event.RafflePresent, 1); !errors.Is(err, event.ErrState) || !strings.Contains(err.Error(), "has no player present who has not won a raffle yet: check players in") {
		t.Errorf("nobody left: %v", err)
	}
	// Among the players still in: 李小龍, never checked in, is the one left.
	in, err := d.Registration.Raffle(ctx, e.ID, event.RaffleStillIn, 1)
	must(t, err)
	if in.Among != 1 || in.Winners[0] != es[4].ID {
		t.Errorf("still in: %+v", in)
	}
	for _, bad := range []struct {
		pool  event.RafflePool
		count int
	}{{event.RaffleStillIn, 0}, {event.RaffleStillIn, 51}, {"everyone", 1}} {
		if _, err := d.Registration.Raffle(ctx, e.ID, bad.pool, bad.count); !errors.Is(err, event.ErrInvalid) {
			t.Errorf("%+v: %v", bad, err)
		}
	}
	b, err := d.Views.Board(ctx, e.ID)
	must(t, err)
	if last, ok := b.LatestRaffle(); !ok || last.ID != in.ID || len(b.Raffles) != 3 {
		t.Errorf("the board's raffles: %+v", b.Raffles)
	}
}
