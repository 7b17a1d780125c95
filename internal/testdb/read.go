package testdb

import (
	"context"
	"strings"
	"testing"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
)

// What the tests read back of an event to check it, the same in every
// package's tests.

// Log is an event's log as the organizer reads it, a line a message.
func Log(t testing.TB, d *director.Director, id event.EventID) string {
	t.Helper()
	log, err := d.Events.Log(context.Background(), id)
	if err != nil {
		t.Fatalf("testdb: the log of event %d: %v", id, err)
	}
	lines := make([]string, len(log))
	for i, l := range log {
		lines[i] = l.Message.String()
	}
	return strings.Join(lines, "\n")
}

// Decks is each entry's registered deck in an event, as its name and
// list, for a test that checks which decks something changed.
func Decks(t testing.TB, d *director.Director, id event.EventID) map[event.EntryID]string {
	t.Helper()
	decks, err := d.Decks.Decks(context.Background(), id)
	if err != nil {
		t.Fatalf("testdb: the decks of event %d: %v", id, err)
	}
	out := map[event.EntryID]string{}
	for _, dc := range decks {
		out[dc.Deck.EntryID] = dc.Deck.Name + "\n" + dc.Deck.List
	}
	return out
}

// ChangedDecks counts the entries of after whose deck is not the one
// they had in before (a deck registered since counts).
func ChangedDecks(before, after map[event.EntryID]string) int {
	n := 0
	for entry, d := range after {
		if before[entry] != d {
			n++
		}
	}
	return n
}
