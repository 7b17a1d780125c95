package sim

import (
	"context"
	"io"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
)

// Demo creates the sample event --demo opens: a Friday-night Altered
// Standard event of 24 players, two rounds played and round 3 paired with
// half of its results in, so a newcomer sees every screen with data.
func Demo(ctx context.Context, d *director.Director, seed uint64) (event.EventID, error) {
	s := New(d, io.Discard, seed)
	e, err := d.Events.CreateEvent(ctx, director.NewEvent{Name: "Friday Night Altered (demo)", Game: "altered", Format: "standard-bo3"})
	if err != nil {
		return 0, err
	}
	for i, name := range sampleNames(24, s.names) {
		en, err := d.Registration.RegisterNew(ctx, e.ID, director.NewPlayer{Name: name})
		if err != nil {
			return 0, err
		}
		if i == 23 { // a no-show, dropped before round 1 as on a real night
			if err := d.Registration.Drop(ctx, en.ID); err != nil {
				return 0, err
			}
			continue
		}
		if err := d.Registration.CheckIn(ctx, en.ID, true); err != nil {
			return 0, err
		}
	}
	for n := 1; n <= 3; n++ {
		r, err := d.Rounds.PairNextRound(ctx, e.ID)
		if err != nil {
			return 0, err
		}
		if err := d.Drafts.PublishRound(ctx, e.ID, r.Number); err != nil {
			return 0, err
		}
		if n == 3 {
			r.Tables = r.Tables[:len(r.Tables)/2]
		}
		if err := s.playRound(ctx, e, r); err != nil {
			return 0, err
		}
	}
	return e.ID, nil
}
