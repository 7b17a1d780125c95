package web

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"tablekeeper/core/director"
)

// The QR code's link token signs a phone in as its player and no other,
// with no budget of wrong tries: wrong tokens are refused with a sentence
// however many, and neither they nor the player's typed-code budget stop
// her right token or her code.
func TestALinkTokenSignsThePhoneInWithoutABudget(t *testing.T) {
	f := newFixture(t)
	e, entries := f.Event("KeyForge", "archon-standard", "Ada", "Bob")
	ctx := context.Background()
	ada, err := f.d.Phones.RevealPlayerCode(ctx, entries[0].ID, director.CodeReveal{Via: director.RevealSlip})
	if err != nil {
		t.Fatal(err)
	}
	bob, err := f.d.Phones.RevealPlayerCode(ctx, entries[1].ID, director.CodeReveal{Via: director.RevealSlip})
	if err != nil {
		t.Fatal(err)
	}
	path := fmt.Sprintf("/api/events/%d/me/link", e.ID)
	link := func(p *playerPhone, entry int64, token string) (int, string) {
		return p.post(path, fmt.Sprintf(`{"entry":%d,"token":%q}`, entry, token))
	}
	p := f.playerPhone()
	for i := range 20 {
		wrong := bob.Token
		if i%2 == 1 {
			wrong = strings.Repeat("x", i)
		}
		if status, body := link(p, int64(entries[0].ID), wrong); status != 403 || !strings.Contains(errorOf(t, body), "This link does not sign this player in") {
			t.Fatalf("wrong token %d: %d %s", i, status, body)
		}
	}
	if status, body := link(p, 9999, ada.Token); status != 404 {
		t.Fatalf("a player of no event: %d %s", status, body)
	}
	if status, body := p.post(path, `{"entry":1,"code":"ABCDEF"}`); status != 400 || !strings.Contains(errorOf(t, body), "code") {
		t.Fatalf("a code sent as a link: %d %s", status, body)
	}
	if status, body := link(p, int64(entries[0].ID), ada.Token); status != 200 || !strings.Contains(body, `"name":"Ada"`) {
		t.Fatalf("her own token: %d %s", status, body)
	}
	if _, body := p.get(fmt.Sprintf("/api/events/%d/me", e.ID)); !strings.Contains(body, `"signedIn":true`) {
		t.Fatalf("after the link: %s", body)
	}
	// The typed code's budget for Ada was never touched.
	if status, body := f.playerPhone().signIn(e.ID, entries[0].ID, ada.Code); status != 200 {
		t.Fatalf("her typed code after the wrong links: %d %s", status, body)
	}
	// Another site's page cannot use a link.
	if status, _ := p.post(path, fmt.Sprintf(`{"entry":%d,"token":%q}`, entries[0].ID, ada.Token), "Origin", "http://evil.example"); status != 403 {
		t.Errorf("a link sent from another site: %d", status)
	}
}
