package web

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"tablekeeper/core/event"
	"tablekeeper/internal/testdb"
)

// Only a phone signed in as the player asks for her, from the event's own
// page, and a request names no one.
func TestADropNeedsHerOwnSignedInPhone(t *testing.T) {
	f := newFixture(t)
	e, entries := f.Event("KeyForge", "archon-standard", "Ada", "Bob", "Cy", "Di")
	f.Publish(e.ID)
	drop := fmt.Sprintf("/api/events/%d/me/drop", e.ID)

	// Not signed in: nothing to show, and no write.
	anon := f.playerPhone()
	if status, body := anon.get(drop); status != 200 || !strings.Contains(body, `"signedIn":false`) {
		t.Fatalf("not signed in: %d %s", status, body)
	}
	if status, body := anon.post(drop, `{}`); status != 401 || !strings.Contains(errorOf(t, body), "player code") {
		t.Fatalf("asked without signing in: %d %s", status, body)
	}

	ada := f.signedPhone(e.ID, entries[0].ID)
	if status, body := ada.get(drop); status != 200 || !strings.Contains(body, `"state":"can-ask"`) || !strings.Contains(body, `"rounds":1`) {
		t.Fatalf("before asking: %d %s", status, body)
	}
	// Her own entry only: a request naming another is refused, not read.
	if status, body := ada.post(drop, fmt.Sprintf(`{"entry":%d}`, entries[1].ID)); status != 400 || !strings.Contains(errorOf(t, body), "entry") {
		t.Fatalf("naming Bob: %d %s", status, body)
	}
	if status, body := ada.post(drop, `{}`, "Origin", "http://evil.example"); status != 403 {
		t.Fatalf("from another site: %d %s", status, body)
	}
	if open, _ := f.d.Drops.OpenDropRequests(context.Background(), e.ID); len(open) != 0 {
		t.Fatalf("a refused request was kept: %+v", open)
	}
}

// She asks (twice: one request), Bob's phone sees only his own, she
// withdraws, asks again; the desk accepts and her phone says she dropped;
// the log names her phone.
func TestAPlayerAsksToDropFromHerPhone(t *testing.T) {
	f := newFixture(t)
	e, entries := f.Event("KeyForge", "archon-standard", "Ada", "Bob", "Cy", "Di")
	f.Publish(e.ID)
	drop := fmt.Sprintf("/api/events/%d/me/drop", e.ID)
	ada := f.signedPhone(e.ID, entries[0].ID)
	for range 2 { // twice: the same request
		if status, body := ada.post(drop, `{}`); status != 200 || !strings.Contains(body, `"state":"waiting"`) || !strings.Contains(body, `"round":1`) {
			t.Fatalf("asked: %d %s", status, body)
		}
	}
	open, err := f.d.Drops.OpenDropRequests(context.Background(), e.ID)
	if err != nil || len(open) != 1 || open[0].EntryID != entries[0].ID || open[0].Device == "" || open[0].Device == "unknown" {
		t.Fatalf("open requests: %+v, %v; want Ada's one, with her phone's device", open, err)
	}
	// Bob's phone sees his own state, not hers.
	bob := f.signedPhone(e.ID, entries[1].ID)
	if _, body := bob.get(drop); !strings.Contains(body, `"state":"can-ask"`) || !strings.Contains(body, fmt.Sprintf(`"entry":%d`, entries[1].ID)) {
		t.Fatalf("Bob's phone: %s", body)
	}
	if status, body := bob.post(drop+"/withdraw", `{}`); status != 400 || !strings.Contains(errorOf(t, body), "no request to drop") {
		t.Fatalf("Bob withdrawing Ada's request: %d %s", status, body)
	}
	if status, body := ada.post(drop+"/withdraw", `{}`); status != 200 || !strings.Contains(body, `"state":"can-ask"`) {
		t.Fatalf("withdrawn: %d %s", status, body)
	}
	// Asked again and accepted at the desk: her phone says she dropped.
	ada.post(drop, `{}`)
	open, _ = f.d.Drops.OpenDropRequests(context.Background(), e.ID)
	if err := f.d.Drops.AcceptDrop(context.Background(), e.ID, open[0].ID); err != nil {
		t.Fatal(err)
	}
	if _, body := ada.get(drop); !strings.Contains(body, `"state":"dropped"`) || !strings.Contains(body, `"droppedAfter":1`) {
		t.Fatalf("accepted: %s", body)
	}
	if status, body := ada.post(drop, `{}`); status != 400 || !strings.Contains(errorOf(t, body), "already left") {
		t.Fatalf("asked after dropping: %d %s", status, body)
	}
	logHas(t, f, e.ID, "Ada asked to drop after round 1: waiting for the organizer (player's phone, device "+open[0].Device+")",
		"Ada withdrew the request to drop (player's phone, device "+open[0].Device+")")
}

// logHas fails unless the event's log has every line of want.
func logHas(t *testing.T, f *fixture, id event.EventID, want ...string) {
	t.Helper()
	all := testdb.Log(t, f.d, id)
	for _, w := range want {
		if !strings.Contains(all, w) {
			t.Fatalf("the log lacks %q:\n%s", w, all)
		}
	}
}

func TestNoDropFromThePhoneOnceTheEventIsOver(t *testing.T) {
	f := newFixture(t)
	e, entries := f.Event("KeyForge", "archon-standard", "Ada", "Bob")
	ada := f.signedPhone(e.ID, entries[0].ID)
	ctx := context.Background()
	r := f.Publish(e.ID)
	for _, tb := range r.Tables {
		if tb.Bye {
			continue
		}
		if err := f.d.Rounds.RecordResult(ctx, e.ID, 1, tb.Number, event.Result{Seats: []event.SeatResult{{GamesWon: 1}, {GamesWon: 0}}}); err != nil {
			t.Fatal(err)
		}
	}
	if err := f.d.Events.FinishEvent(ctx, e.ID); err != nil {
		t.Fatal(err)
	}
	drop := fmt.Sprintf("/api/events/%d/me/drop", e.ID)
	if status, body := ada.post(drop, `{}`); status != 400 || !strings.Contains(errorOf(t, body), "is over") {
		t.Fatalf("asked after the end: %d %s", status, body)
	}
	if _, body := ada.get(drop); !strings.Contains(body, `"state":"closed"`) {
		t.Fatalf("after the end: %s", body)
	}
}

// With drops from phones set to apply without approval, her request
// drops her at once.
func TestAPhoneDropAppliesAtOnceWhenTheEventSaysSo(t *testing.T) {
	f := newFixture(t)
	e, entries := f.Event("KeyForge", "archon-standard", "Ada", "Bob", "Cy")
	f.ChangeSettings(&e, func(s *event.Settings) { s.PhoneDropsWithoutApproval = true })
	ada := f.signedPhone(e.ID, entries[0].ID)
	if status, body := ada.post(fmt.Sprintf("/api/events/%d/me/drop", e.ID), `{}`); status != 200 || !strings.Contains(body, `"state":"dropped"`) {
		t.Fatalf("asked before round 1: %d %s", status, body)
	}
	if r := f.Publish(e.ID); len(r.Tables) != 1 {
		t.Fatalf("round 1 of Bob and Cy has %d tables", len(r.Tables))
	}
}

// Asking and withdrawing in a loop is bounded per player, whatever the
// phone: the seventh write within minutes is refused with a wait, and
// her other phone shares the budget.
func TestDropRequestsAreBoundedPerPlayer(t *testing.T) {
	f := newFixture(t)
	e, entries := f.Event("KeyForge", "archon-standard", "Ada", "Bob")
	drop := fmt.Sprintf("/api/events/%d/me/drop", e.ID)
	ada := f.signedPhone(e.ID, entries[0].ID)
	for i := range 6 {
		path := drop
		if i%2 == 1 {
			path += "/withdraw"
		}
		if status, body := ada.post(path, `{}`); status != 200 {
			t.Fatalf("write %d: %d %s", i+1, status, body)
		}
	}
	tablet := f.signedPhone(e.ID, entries[0].ID)
	if status, body := tablet.post(drop, `{}`); status != 429 || !strings.Contains(errorOf(t, body), "asked to drop and withdrawn many times") {
		t.Fatalf("seventh write: %d %s", status, body)
	}
	if status, body := f.signedPhone(e.ID, entries[1].ID).post(drop, `{}`); status != 200 {
		t.Fatalf("Bob is not bounded by Ada: %d %s", status, body)
	}
}
