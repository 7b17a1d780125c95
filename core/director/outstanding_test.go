package director

import (
	"reflect"
	"testing"

	"tablekeeper/core/event"
)

// Missing results: the tables still out, sorted by table, byes and
// reported tables left out, multiplayer tables with every name.
func TestOutstandingListsTheTablesStillOutSortedByTable(t *testing.T) {
	p := func(names ...string) []SheetPlayer {
		out := make([]SheetPlayer, len(names))
		for i, n := range names {
			out[i] = SheetPlayer{Name: n}
		}
		return out
	}
	sh := Sheet{Tables: []SheetTable{
		{Table: event.Table{Number: 11}, Players: p("Kim", "Lou")},
		{Table: event.Table{Number: 2, Result: &event.Result{}}, Players: p("Ada", "Bob")},
		{Table: event.Table{Number: 0, Bye: true}, Players: p("Zoë")},
		{Table: event.Table{Number: 3}, Players: p("Cy", "Dee", "Eve")},
		{Table: event.Table{Number: 1}, Teams: []SheetTeam{{Name: "Reds"}, {Name: "Blues"}}},
	}}
	got := sh.Outstanding()
	want := []Outstanding{
		{Number: 1, Names: []string{"Reds", "Blues"}},
		{Number: 3, Names: []string{"Cy", "Dee", "Eve"}},
		{Number: 11, Names: []string{"Kim", "Lou"}},
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("Outstanding() = %+v, want %+v", got, want)
	}
	if got[0].Label() != "Reds v Blues" || got[1].Label() != "Cy · Dee · Eve" {
		t.Errorf("labels %q, %q", got[0].Label(), got[1].Label())
	}
	if len((Sheet{}).Outstanding()) != 0 {
		t.Error("an empty sheet has tables out")
	}
}
