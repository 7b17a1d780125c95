package director

import (
	"context"
	"strings"
	"tablekeeper/core/i18n"
	"time"

	"tablekeeper/core/clock"
	"tablekeeper/core/event"
)

// Once round 1 is paired the kiosk is a read-only "find my table" station
// (issue 11): a player types part of their name and sees their table,
// seat, opponents and the time left, all from one read (KioskFindTable).

// KioskTables is the kiosk's "find my table" view of an event's latest
// round, for the players whose name matches what was typed.
type KioskTables struct {
	EventName string
	// Finished: the event is over; there are no tables to find.
	Finished bool
	// Round is the latest round's number; 0 before round 1 is paired.
	Round int
	// RoundName is the round's own name ("top 8", "final table"), if any.
	RoundName i18n.Text
	// Published: the round's pairings are out. While they are a draft the
	// kiosk shows no table (they may still change) and Seats is empty.
	Published bool
	// Clock is the round's clock; TimeLeft reads it.
	Clock event.Clock
	// Seats are the matching players, at most eight, in registration
	// order; empty for fewer than MinQuery characters.
	Seats []KioskSeat
}

// KioskSeat is where one player sits in the round.
type KioskSeat struct {
	// Entry is the player's entry in the event, so a page can remember who
	// was found.
	Entry event.EntryID
	Name  string
	// Playing: the player is in the round. False for a player who dropped
	// or joins in a later round: the kiosk sends them to the organizer.
	Playing bool
	// Bye: the player has the round's bye, so no table.
	Bye bool
	// Table is the table number; Seat is the seat at it, from 1.
	Table, Seat int
	// Opponents are the other players at the table (in a team event, the
	// other team's), in seat order; Teammates the player's team-mates at it.
	Opponents, Teammates []string
	// Reported: the table's result is in.
	Reported bool
	// Extension is time added to this table alone (S11), on top of the
	// round's clock.
	Extension time.Duration
}

// TimeLeft reads the round's clock at now for s's table: the round's time
// left plus the table's extension (core/clock's TableRemaining), so a table
// on extension sees its own time.
func (v KioskTables) TimeLeft(s KioskSeat, now time.Time) clock.Reading {
	r := clock.Read(v.Clock, now)
	if r.Timed {
		r.Remaining = clock.TableRemaining(v.Clock, s.Extension, now)
		r.Expired = r.Started && r.Remaining <= 0
	}
	return r
}

// KioskFindTable returns the event's latest round for the players whose
// name contains query (case and accents folded), or whose member number is
// exactly query, in one read: their table, seat, opponents and the clock.
// Like KioskSearch it shows nothing for fewer than MinQuery characters
// and at most eight players.
func (d *Kiosk) KioskFindTable(ctx context.Context, id event.EventID, query string) (KioskTables, error) {
	query = strings.Join(strings.Fields(query), " ")
	var v KioskTables
	err := d.store.Read(ctx, func(tx Tx) error {
		e, err := tx.Event(id)
		if err != nil {
			return err
		}
		v = KioskTables{EventName: e.Name, Finished: e.State == event.StateFinished}
		rounds, err := tx.Rounds(id)
		if err != nil || len(rounds) == 0 || v.Finished {
			return err
		}
		r := rounds[len(rounds)-1]
		v.Round, v.RoundName, v.Published, v.Clock = r.Number, r.Name, r.Published(), r.Clock
		if !v.Published || QueryTooShort(query) {
			return nil
		}
		entries, err := tx.Entries(id)
		if err != nil {
			return err
		}
		v.Seats = findSeats(e, r, entries, query)
		return nil
	})
	return v, err
}

// findSeats finds the entries matching query in round r.
func findSeats(e event.Event, r event.Round, entries []event.Entry, query string) []KioskSeat {
	names := nameIndex(entries)
	at := map[event.EntryID]int{} // entry → index of its table in r.Tables
	for i, t := range r.Tables {
		for _, s := range t.Seats {
			at[s.EntryID] = i
		}
	}
	fold := event.FoldName(query)
	var out []KioskSeat
	for _, en := range entries {
		if len(out) == kioskLimit {
			break
		}
		if !strings.Contains(event.FoldName(en.Name), fold) && (en.MemberNo == "" || !strings.EqualFold(en.MemberNo, query)) {
			continue
		}
		i, ok := at[en.ID]
		if !ok {
			if en.Active() {
				out = append(out, KioskSeat{Entry: en.ID, Name: en.Name})
			}
			continue
		}
		out = append(out, seatOf(e, r.Tables[i], en.ID, names))
	}
	return out
}

// seatOf is where entry sits at table t.
func seatOf(e event.Event, t event.Table, entry event.EntryID, names map[event.EntryID]string) KioskSeat {
	s := KioskSeat{Entry: entry, Name: names[entry], Playing: true, Bye: t.Bye, Table: t.Number, Reported: t.Result != nil, Extension: t.Extension}
	mine := 0
	for k, seat := range t.Seats {
		if seat.EntryID == entry {
			s.Seat, mine = k+1, k
		}
	}
	if t.Bye {
		return s
	}
	for k, seat := range t.Seats {
		switch {
		case k == mine:
		case e.Settings.Teams() && k%2 == mine%2: // teams sit A1, B1, A2, B2
			s.Teammates = append(s.Teammates, names[seat.EntryID])
		default:
			s.Opponents = append(s.Opponents, names[seat.EntryID])
		}
	}
	return s
}
