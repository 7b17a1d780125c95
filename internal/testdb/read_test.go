package testdb

import (
	"testing"

	"tablekeeper/core/event"
)

// ChangedDecks counts a deck changed and a deck registered since, not
// a deck kept.
func TestChangedDecksCountsWhatIsNotAsBefore(t *testing.T) {
	before := map[event.EntryID]string{1: "A\nlist", 2: "B\nlist"}
	after := map[event.EntryID]string{1: "A\nlist", 2: "B\nother", 3: "C\nnew"}
	if n := ChangedDecks(before, after); n != 2 {
		t.Errorf("ChangedDecks = %d, want 2", n)
	}
	if n := ChangedDecks(before, before); n != 0 {
		t.Errorf("ChangedDecks of the same decks = %d", n)
	}
}
