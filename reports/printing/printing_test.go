package printing

import (
	"strings"
	"testing"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
)

// The pairings sheet of a 2v2 round names each player's team.
func TestTeamPairingsNameTheTeams(t *testing.T) {
	team := func(name string, ids ...event.EntryID) director.SheetTeam {
		return director.SheetTeam{Name: name, Entry: ids[0]}
	}
	sh := director.Sheet{Tables: []director.SheetTable{{
		Table:   event.Table{Number: 1, Seats: []event.Seat{{EntryID: 1}, {EntryID: 3}, {EntryID: 2}, {EntryID: 4}}},
		Players: []director.SheetPlayer{{Entry: 1, Name: "Ada"}, {Entry: 3, Name: "Cy"}, {Entry: 2, Name: "Bob"}, {Entry: 4, Name: "Dee"}},
		Teams:   []director.SheetTeam{team("Owls", 1, 2), team("Cy & Dee", 3, 4)},
	}, {
		Table:   event.Table{Bye: true, Seats: []event.Seat{{EntryID: 5}}},
		Players: []director.SheetPlayer{{Entry: 5, Name: "Eve"}},
		Teams:   []director.SheetTeam{team("Larks", 5, 6)},
	}}}
	p := PairingsReport(sh)
	var got []string
	for _, tb := range p.Tables {
		for _, s := range tb.Seats {
			got = append(got, s.Name)
		}
	}
	if want := "Ada (Owls)|Cy (Cy & Dee)|Bob (Owls)|Dee (Cy & Dee)|Eve (Larks)"; strings.Join(got, "|") != want {
		t.Errorf("seats %q, want %q", strings.Join(got, "|"), want)
	}
}
