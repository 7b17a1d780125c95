package store

import (
	"context"
	"testing"

	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
	"tablekeeper/core/storage"
)

// The requests a laptop remembers are pruned at the same indexes on every
// laptop, and only those older than both an hour of the leader's clock
// and requestsKept units: a request from a host whose clock was behind
// the new host's is still known while a page may be retrying it.
func TestOldRequestsAreForgottenAndRecentOnesKept(t *testing.T) {
	db, f := openFixture(t, 2)
	at := t0.UnixMilli()
	// unit records a log line as request at the leader's time at, captured
	// on what db holds when it is first applied, as a leader would.
	unit := func(request string, at int64) func(index uint64) bool {
		var u *storage.Unit
		return func(index uint64) bool {
			if u == nil {
				c := captureUnit(t, db, context.Background(), func(tx *Tx) error {
					return tx.AppendLog(&event.LogEntry{EventID: f.event.ID, At: t0, Message: i18n.Plain(request)})
				})
				c.Request, c.At = request, at
				u = &c
			}
			return apply(t, db, index, *u)
		}
	}
	known := func(id string) bool {
		ok, err := db.RequestApplied(context.Background(), id)
		must(t, err)
		return ok
	}
	old, behind := unit("p-old.1", at), unit("p-behind.1", at)
	if !old(10) || !behind(requestsKept+3000) {
		t.Fatal("a new request was not applied")
	}
	if !known("p-old.1") {
		t.Fatal("a request from 10 units and 0 s ago was forgotten")
	}
	ahead := unit("p-ahead.1", at+2*requestsKeptMs)
	if !ahead(requestsKept + pruneEvery + 10) {
		t.Fatal("a new request was not applied")
	}
	if known("p-old.1") {
		t.Error("a request more than requestsKept units and an hour old is still kept")
	}
	if !known("p-behind.1") || !known("p-ahead.1") {
		t.Error("a recent request was forgotten")
	}
	if behind(requestsKept + pruneEvery + 11) {
		t.Error("a request sent again after a prune was recorded twice")
	}
	if !unit("p-last.1", at)(requestsKept+pruneEvery+12) || !known("p-behind.1") {
		t.Error("a unit past the prune forgot a recent request")
	}
}
