package store

import (
	"errors"
	"fmt"
	"tablekeeper/core/i18n"
	"testing"
	"time"

	"tablekeeper/core/event"
)

// sampleRound is round 1 of f (9 entries): a four-seat table, a two-seat
// table with a detailed result and a one-seat bye with its result.
func sampleRound(f fixture) event.Round {
	e := func(i int) event.Seat { return event.Seat{EntryID: f.entries[i].ID} }
	return event.Round{
		EventID:  f.event.ID,
		Number:   1,
		Stage:    event.StageSwiss,
		Seed:     -8_070_450_532_247_928_832, // any int64
		PairedAt: t0,
		Clock:    event.Clock{Duration: 50 * time.Minute},
		Tables: []event.Table{
			{Number: 1, Seats: []event.Seat{e(3), e(0), e(5), e(1)}, Why: i18n.F("pod of %d on %d points", 4, 0)},
			{Number: 2, Seats: []event.Seat{e(2), e(4)}, Why: i18n.F("same points (%d)", 3), Extension: 3*time.Minute + 30*time.Second,
				Result: &event.Result{
					Seats: []event.SeatResult{
						{GamesWon: 2, Points: 6, Games: []event.GameDetail{
							{Won: true, Stats: map[string]int{"keys": 3, "æmber": 12, "chains": 1}},
							{Won: false, Stats: map[string]int{"keys": 2, "æmber": -1}},
							{Won: true},
						}},
						{GamesWon: 1, Points: 3, Games: []event.GameDetail{}},
					},
					GamesDrawn: 0,
					RecordedAt: t0.Add(40 * time.Minute),
				}},
			{Number: 0, Bye: true, Seats: []event.Seat{e(6)}, Why: i18n.F("bye: lowest-ranked player without a bye"),
				Result: &event.Result{Seats: []event.SeatResult{{GamesWon: 1, Points: 3}}, RecordedAt: t0}},
		},
	}
}

func TestRoundsRoundTrip(t *testing.T) {
	db, f := openFixture(t, 9)
	// Zoë plays at the detailed table.
	zoe := f.players[2]
	zoe.Name = "Zoë Ødegård 李小龍"
	write(t, db, func(tx *Tx) error { return tx.UpdatePlayer(zoe) })

	r := sampleRound(f)
	write(t, db, func(tx *Tx) error { return tx.CreateRound(&r) })
	if r.ID == 0 {
		t.Fatal("CreateRound did not set the round's ID")
	}
	for _, tb := range r.Tables {
		if tb.ID == 0 || tb.RoundID != r.ID {
			t.Fatalf("table %d: ID %d, round %d", tb.Number, tb.ID, tb.RoundID)
		}
	}
	readBack(t, db, "rounds", (*Tx).Rounds, f.event.ID, []event.Round{r})

	// A result recorded, a result corrected, a result cleared.
	four, two, bye := r.Tables[0], r.Tables[1], r.Tables[2]
	places := &event.Result{Seats: []event.SeatResult{{Place: 2, Points: 4}, {Place: 1, Points: 7}, {Place: 4}, {Place: 3, Points: 1}},
		TimeOut: true, RecordedAt: t0.Add(50 * time.Minute)}
	corrected := &event.Result{Seats: []event.SeatResult{{GamesWon: 1}, {GamesWon: 1}}, GamesDrawn: 1, RecordedAt: t0.Add(55 * time.Minute)}
	write(t, db, func(tx *Tx) error {
		must(t, tx.SetResult(four.ID, places))
		must(t, tx.SetResult(two.ID, corrected))
		return tx.SetResult(bye.ID, nil)
	})
	r.Tables[0].Result, r.Tables[1].Result, r.Tables[2].Result = places, corrected, nil

	// The clock paused and a table extended.
	r.Clock = event.Clock{Duration: 50 * time.Minute, StartedAt: t0.Add(time.Minute), PausedAt: t0.Add(20 * time.Minute),
		Paused: 90 * time.Second, Added: 5 * time.Minute}
	write(t, db, func(tx *Tx) error {
		must(t, tx.SetClock(r.ID, r.Clock))
		return tx.SetExtension(four.ID, 7*time.Minute)
	})
	r.Tables[0].Extension = 7 * time.Minute

	read(t, db, func(tx *Tx) error {
		got, err := tx.Rounds(f.event.ID)
		equal(t, "rounds after results, clock and extension", got, []event.Round{r})
		if len(got) == 1 && got[0].Missing() != 1 {
			t.Errorf("%d tables without a result, want 1", got[0].Missing())
		}
		return err
	})

	// The clock running again, and round 2 after round 1.
	r.Clock.PausedAt = time.Time{}
	r2 := event.Round{EventID: f.event.ID, Number: 2, Stage: event.StageElimination, Seed: 2,
		Tables: []event.Table{{Number: 1, Seats: []event.Seat{{EntryID: f.entries[0].ID}, {EntryID: f.entries[1].ID}}}}}
	write(t, db, func(tx *Tx) error {
		must(t, tx.SetClock(r.ID, r.Clock))
		return tx.CreateRound(&r2)
	})
	readBack(t, db, "two rounds", (*Tx).Rounds, f.event.ID, []event.Round{r, r2})

	// One table read alone, and the count of rounds.
	read(t, db, func(tx *Tx) error {
		for _, want := range r.Tables {
			if want.Bye {
				continue
			}
			got, err := tx.Table(f.event.ID, 1, want.Number)
			must(t, err)
			equal(t, fmt.Sprintf("table %d alone", want.Number), got, want)
		}
		got, err := tx.Table(f.event.ID, 2, 1)
		must(t, err)
		equal(t, "round 2 table 1", got, r2.Tables[0])
		for _, missing := range [][2]int{{1, 99}, {3, 1}, {0, 1}, {1, 0}} {
			if _, err := tx.Table(f.event.ID, missing[0], missing[1]); !errors.Is(err, event.ErrNotFound) {
				t.Errorf("round %d table %d: %v, want not found", missing[0], missing[1], err)
			}
		}
		n, err := tx.RoundCount(f.event.ID)
		if n != 2 {
			t.Errorf("RoundCount %d, want 2", n)
		}
		return err
	})
}

func TestDeleteRoundRemovesTablesSeatsAndResults(t *testing.T) {
	db, f, r := openRound(t, 9)
	write(t, db, func(tx *Tx) error { return tx.DeleteRound(r.ID) })
	read(t, db, func(tx *Tx) error {
		for _, table := range []string{"rounds", "tables", "seats", "results", "seat_results"} {
			var n int
			must(t, tx.queryRow(`SELECT count(*) FROM `+table).Scan(&n))
			if n != 0 {
				t.Errorf("%d rows left in %s", n, table)
			}
		}
		return nil
	})

	// Paired again: the old table IDs are not reused, so a screen still
	// holding one is told, instead of writing to the new round.
	again := sampleRound(f)
	write(t, db, func(tx *Tx) error { return tx.CreateRound(&again) })
	for i := range again.Tables {
		if again.Tables[i].ID == r.Tables[i].ID {
			t.Errorf("table ID %d reused", again.Tables[i].ID)
		}
	}
	err := writeErr(db, func(tx *Tx) error { return tx.SetResult(r.Tables[0].ID, nil) })
	if !errors.Is(err, event.ErrNotFound) {
		t.Errorf("a result for a deleted table: %v", err)
	}
	if err := writeErr(db, func(tx *Tx) error { return tx.DeleteRound(r.ID) }); !errors.Is(err, event.ErrNotFound) {
		t.Errorf("deleting a deleted round: %v", err)
	}
}

func TestRoundsRefuseWhatCannotBe(t *testing.T) {
	db, f := openFixture(t, 9)
	other := newFixture(t, db, 0)
	var stranger event.Entry
	write(t, db, func(tx *Tx) error {
		stranger = event.Entry{EventID: other.event.ID, PlayerID: f.players[0].ID, Status: event.EntryActive}
		return tx.CreateEntry(&stranger)
	})
	r := sampleRound(f)
	write(t, db, func(tx *Tx) error { return tx.CreateRound(&r) })

	seat := func(id event.EntryID) event.Seat { return event.Seat{EntryID: id} }
	tests := []struct {
		name  string
		round func() event.Round
		kind  error
		msg   string
	}{
		{"round 1 paired twice", func() event.Round { return sampleRound(f) }, event.ErrConflict,
			"round 1 of Friday Night is already paired"},
		{"a player at two tables", func() event.Round {
			return event.Round{EventID: f.event.ID, Number: 2, Tables: []event.Table{
				{Number: 1, Seats: []event.Seat{seat(f.entries[0].ID), seat(f.entries[1].ID)}},
				{Number: 2, Seats: []event.Seat{seat(f.entries[2].ID), seat(f.entries[0].ID)}},
			}}
		}, event.ErrConflict, "Player 0000 is seated twice in round 2"},
		{"two tables numbered 1", func() event.Round {
			return event.Round{EventID: f.event.ID, Number: 2, Tables: []event.Table{
				{Number: 1, Seats: []event.Seat{seat(f.entries[0].ID), seat(f.entries[1].ID)}},
				{Number: 1, Seats: []event.Seat{seat(f.entries[2].ID), seat(f.entries[3].ID)}},
			}}
		}, event.ErrConflict, "table 1 appears twice in round 2"},
		{"six seats", func() event.Round {
			var seats []event.Seat
			for _, e := range f.entries[:6] {
				seats = append(seats, seat(e.ID))
			}
			return event.Round{EventID: f.event.ID, Number: 2, Tables: []event.Table{{Number: 1, Seats: seats}}}
		}, event.ErrInvalid, "table 1 has 6 seats; a table has 1 to 5"},
		{"no seats", func() event.Round {
			return event.Round{EventID: f.event.ID, Number: 2, Tables: []event.Table{{Number: 1}}}
		}, event.ErrInvalid, "table 1 has 0 seats; a table has 1 to 5"},
		{"a result for the wrong number of seats", func() event.Round {
			return event.Round{EventID: f.event.ID, Number: 2, Tables: []event.Table{{Number: 0, Bye: true,
				Seats: []event.Seat{seat(f.entries[0].ID)}, Result: &event.Result{Seats: make([]event.SeatResult, 2)}}}}
		}, event.ErrInvalid, "table 0 has 1 seats but its result has 2"},
		{"an entry that does not exist", func() event.Round {
			return event.Round{EventID: f.event.ID, Number: 2, Tables: []event.Table{{Number: 1, Seats: []event.Seat{seat(999)}}}}
		}, event.ErrNotFound, "there is no entry with ID 999"},
		{"an entry of another event", func() event.Round {
			return event.Round{EventID: f.event.ID, Number: 2, Tables: []event.Table{{Number: 1,
				Seats: []event.Seat{seat(f.entries[1].ID), seat(stranger.ID)}}}}
		}, event.ErrInvalid, "Player 0000 is not registered in Friday Night"},
		{"an event that does not exist", func() event.Round {
			return event.Round{EventID: 999, Number: 1}
		}, event.ErrNotFound, "there is no event with ID 999"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := tt.round()
			// The caller ignores the error and commits: still nothing
			// of the round may be saved.
			var err error
			write(t, db, func(tx *Tx) error {
				err = tx.CreateRound(&r)
				return nil
			})
			if !errors.Is(err, tt.kind) {
				t.Fatalf("error %v, want %v", err, tt.kind)
			}
			if got := event.Message(err); got != tt.msg {
				t.Errorf("message %q, want %q", got, tt.msg)
			}
			if r.ID != 0 || len(r.Tables) > 0 && r.Tables[0].ID != 0 {
				t.Error("a failed CreateRound set IDs")
			}
			read(t, db, func(tx *Tx) error {
				var rounds, tables int
				must(t, tx.queryRow(`SELECT (SELECT count(*) FROM rounds), (SELECT count(*) FROM tables)`).Scan(&rounds, &tables))
				if rounds != 1 || tables != 3 {
					t.Errorf("%d rounds and %d tables saved, want round 1's 1 and 3", rounds, tables)
				}
				return nil
			})
		})
	}
}

func TestSetResultChecksTheTable(t *testing.T) {
	db, f, r := openRound(t, 9)
	two := r.Tables[1]

	err := writeErr(db, func(tx *Tx) error {
		return tx.SetResult(two.ID, &event.Result{Seats: []event.SeatResult{{GamesWon: 1}}})
	})
	if !errors.Is(err, event.ErrInvalid) {
		t.Errorf("one seat's result for two seats: %v", err)
	}
	if err := writeErr(db, func(tx *Tx) error { return tx.SetResult(999, nil) }); !errors.Is(err, event.ErrNotFound) {
		t.Errorf("SetResult(999): %v", err)
	}
	if err := writeErr(db, func(tx *Tx) error { return tx.SetClock(999, event.Clock{}) }); !errors.Is(err, event.ErrNotFound) {
		t.Errorf("SetClock(999): %v", err)
	}
	if err := writeErr(db, func(tx *Tx) error { return tx.SetExtension(999, time.Minute) }); !errors.Is(err, event.ErrNotFound) {
		t.Errorf("SetExtension(999): %v", err)
	}
	// The invalid result left the recorded one alone.
	read(t, db, func(tx *Tx) error {
		got, err := tx.Rounds(f.event.ID)
		equal(t, "result", got[0].Tables[1].Result, two.Result)
		return err
	})
}

// bigEvent saves rounds × (players/2) two-seat tables with results.
func bigEvent(t testing.TB, db *DB, players, rounds int) event.EventID {
	t.Helper()
	f := newFixture(t, db, players)
	write(t, db, func(tx *Tx) error {
		for n := 1; n <= rounds; n++ {
			r := event.Round{EventID: f.event.ID, Number: n, Stage: event.StageSwiss, Seed: int64(n), PairedAt: t0}
			for i := 0; i+1 < players; i += 2 {
				a, b := f.entries[(i+n)%players], f.entries[(i+1+n)%players]
				// A Swiss round's reasons: a few messages for many tables.
				r.Tables = append(r.Tables, event.Table{Number: i/2 + 1, Why: i18n.F("same points (%d)", 3*(i*n/players)),
					Seats: []event.Seat{{EntryID: a.ID}, {EntryID: b.ID}},
					Result: &event.Result{Seats: []event.SeatResult{{GamesWon: 2, Points: i}, {GamesWon: 1}},
						RecordedAt: t0}})
			}
			if err := tx.CreateRound(&r); err != nil {
				return err
			}
		}
		return nil
	})
	return f.event.ID
}

func TestRoundsOfABigEvent(t *testing.T) {
	db := openTemp(t)
	start := time.Now()
	id := bigEvent(t, db, 4096, 12)
	built := time.Since(start)
	start = time.Now()
	var rounds []event.Round
	read(t, db, func(tx *Tx) (err error) {
		rounds, err = tx.Rounds(id)
		return err
	})
	t.Logf("4096 players × 12 rounds: saved in %v, read in %v", built, time.Since(start))
	if len(rounds) != 12 {
		t.Fatalf("%d rounds", len(rounds))
	}
	for _, r := range rounds {
		if len(r.Tables) != 2048 || !r.Complete() {
			t.Fatalf("round %d: %d tables, complete %v", r.Number, len(r.Tables), r.Complete())
		}
		for i, tb := range r.Tables {
			if tb.Number != i+1 || len(tb.Seats) != 2 || tb.Result.Seats[0].Points != 2*i {
				t.Fatalf("round %d table %d: %+v", r.Number, i+1, tb)
			}
		}
	}
}

func BenchmarkRounds(b *testing.B) {
	for _, size := range []struct{ players, rounds int }{{64, 5}, {4096, 12}} {
		b.Run(fmt.Sprintf("%dx%d", size.players, size.rounds), func(b *testing.B) {
			db := openTemp(b)
			id := bigEvent(b, db, size.players, size.rounds)
			b.ResetTimer()
			for b.Loop() {
				read(b, db, func(tx *Tx) error {
					_, err := tx.Rounds(id)
					return err
				})
			}
		})
	}
}

func BenchmarkSetResult(b *testing.B) {
	db := openTemp(b)
	f := newFixture(b, db, 64)
	r := event.Round{EventID: f.event.ID, Number: 1, Stage: event.StageSwiss}
	for i := 0; i < 64; i += 2 {
		r.Tables = append(r.Tables, event.Table{Number: i/2 + 1,
			Seats: []event.Seat{{EntryID: f.entries[i].ID}, {EntryID: f.entries[i+1].ID}}})
	}
	write(b, db, func(tx *Tx) error { return tx.CreateRound(&r) })
	i := 0
	for b.Loop() {
		tb := r.Tables[i%len(r.Tables)]
		write(b, db, func(tx *Tx) error {
			return tx.SetResult(tb.ID, &event.Result{Seats: []event.SeatResult{{GamesWon: i % 3}, {GamesWon: 1}}, RecordedAt: t0})
		})
		i++
	}
}
