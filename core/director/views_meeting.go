package director

import "tablekeeper/core/event"

// MeetingSeat is a player's seat at the player meeting (issue 30): before
// round 1 the players sit by name, table after table, so that the
// organizer can call the roll and settle registration (Cobra's "player
// meeting").
type MeetingSeat struct {
	Entry event.EntryID
	Name  string
	// Table and Seat are where she sits, from 1.
	Table, Seat int
}

// MeetingSeats is the player meeting's seating of e: every player still
// in, by name (event.SortByName, as every list by name), the event's
// table size a table (two for a duel).
func MeetingSeats(e event.Event, entries []event.Entry) []MeetingSeat {
	in := make([]event.Entry, 0, len(entries))
	for _, en := range entries {
		if en.Active() {
			in = append(in, en)
		}
	}
	event.SortByName(in, func(en event.Entry) string { return en.Name })
	size := max(2, e.Settings.TableSize)
	out := make([]MeetingSeat, len(in))
	for i, en := range in {
		out[i] = MeetingSeat{Entry: en.ID, Name: en.Name, Table: i/size + 1, Seat: i%size + 1}
	}
	return out
}

// Meeting is the player meeting's seating of the board's event.
func (b Board) Meeting() []MeetingSeat { return MeetingSeats(b.Event(), b.Entries) }

// ShowsMeeting says whether the TV shows the player meeting: the event
// asks for one (Settings.Meeting) and no round is paired yet.
func (b Board) ShowsMeeting() bool { return b.Event().Settings.Meeting && len(b.Rounds) == 0 }
