package web

import (
	"context"
	"net/http"
	"testing"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/ui/web/internal/webtest"
)

// A page's HTML is built once per event and language and kept through
// the round's results (it names only the event); its ETag answers a
// reload with 304. A change of the event itself builds it again. A read
// of an event that is not there keeps nothing.
func TestPagesAreKeptThroughResults(t *testing.T) {
	f := newFixture(t)
	e, _, r := f.OpenRound(8)
	path := "/events/" + webtest.Itoa64(int64(e.ID)) + "/pairings"
	key := langKey(pageKeys+"pairings", "en")
	resp, body := f.do("GET", path, nil)
	etag := resp.Header.Get("ETag")
	if resp.StatusCode != http.StatusOK || etag == "" || resp.Header.Get("Content-Type") != "text/html; charset=utf-8" {
		t.Fatalf("GET %s: %d, ETag %q, %s", path, resp.StatusCode, etag, body)
	}
	if _, ok := f.srv.cache.gen(e.ID).blobs.Load(key); !ok {
		t.Fatal("the page is not kept")
	}
	if err := f.d.Rounds.RecordResult(context.Background(), e.ID, 1, r.Tables[0].Number, event.Result{Seats: []event.SeatResult{{GamesWon: 2}, {GamesWon: 0}}}); err != nil {
		t.Fatal(err)
	}
	if _, ok := f.srv.cache.gen(e.ID).blobs.Load(key); !ok {
		t.Error("a result dropped the page's HTML")
	}
	if resp, _ := f.do("GET", path, nil, "If-None-Match", etag); resp.StatusCode != http.StatusNotModified {
		t.Errorf("a reload after a result: %d, want 304", resp.StatusCode)
	}
	// A query (a search on the player's page) is built for its request.
	if resp, body := f.do("GET", "/events/"+webtest.Itoa64(int64(e.ID))+"?q=ada", nil); resp.StatusCode != http.StatusOK || resp.Header.Get("ETag") != "" {
		t.Errorf("a search page: %d, ETag %q: %.200s", resp.StatusCode, resp.Header.Get("ETag"), body)
	}
	// An address naming no event leaves nothing in the cache.
	if resp, _ := f.do("GET", "/api/events/999999/pairings", nil); resp.StatusCode != http.StatusNotFound {
		t.Errorf("no such event: %d", resp.StatusCode)
	}
	if _, ok := f.srv.cache.gens.Load(event.EventID(999999)); ok {
		t.Error("a read of no event is kept in the cache")
	}
	f.srv.cache.invalidate(director.Change{Event: e.ID, What: director.ChangeEvent})
	if _, ok := f.srv.cache.gen(e.ID).blobs.Load(key); ok {
		t.Error("a change of the event kept its pages")
	}
}
