package web

import (
	"context"
	"encoding/base64"
	"html"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/reports"
)

// kioskCodeShown returns the player code a kiosk done page shows and the
// link its QR code holds ("" when none).
func kioskCodeShown(t *testing.T, body string) (code, qr string) {
	t.Helper()
	if i := strings.Index(body, `id="k-code" class="k-code-value">`); i >= 0 {
		rest := body[i+len(`id="k-code" class="k-code-value">`):]
		code = rest[:strings.IndexByte(rest, '<')]
	}
	const data = `src="data:image/svg&#43;xml;base64,`
	if i := strings.Index(body, data); i >= 0 {
		rest := body[i+len(data):]
		qr = html.UnescapeString(rest[:strings.IndexByte(rest, '"')])
	}
	return code, qr
}

// wantQR is the data a done page's QR image holds for the link of entry.
func wantQR(t *testing.T, f *fixture, e event.Event, entry event.EntryID, code string) string {
	t.Helper()
	svg, err := reports.QRSVG(director.PlayerLink("http://192.168.1.20:8080/events/"+itoa64(int64(e.ID)), entry, code))
	if err != nil {
		t.Fatal(err)
	}
	return base64.StdEncoding.EncodeToString(svg)
}

// A player who checks in at the kiosk tablet, or signs up there, reads her
// player code on the done page ("ABC-234"), with the QR code of the link
// that signs her phone in; the page is kept by no cache, and shows the
// code for 30 seconds only: the next in the queue going back finds none.
func TestTheKioskShowsThePlayerHerCode(t *testing.T) {
	f := newFixture(t)
	e, _ := f.event("altered", "standard-bo3", "Ada Lovelace", "Zoë Ødegård")
	b := f.unlocked(e)

	page := b.get(kioskOf(e)+"?q=zoe").must(t, 200, "search")
	b.post(kioskOf(e)+"/checkin", url.Values{"player": {matchID(t, page.body, "Zoë Ødegård")}}).must(t, http.StatusSeeOther, "check in")
	done := b.get(kioskOf(e)+"/done").must(t, 200, "done")
	done.shows(t, "Your player code", "Use it on your phone to send your decklist and report results")
	zoe, _ := f.entryNamed(e, "Zoë Ødegård")
	code, err := f.d.PlayerCode(context.Background(), zoe.ID)
	if err != nil {
		t.Fatal(err)
	}
	shown, qr := kioskCodeShown(t, done.body)
	if shown != director.FormatPlayerCode(code) {
		t.Fatalf("the done page shows code %q; Zoë's is %q", shown, code)
	}
	if want := wantQR(t, f, e, zoe.ID, code); qr != want {
		t.Errorf("the QR code is not the link that signs Zoë in:\n got %.60s…\nwant %.60s…", qr, want)
	}
	if cc := done.header.Get("Cache-Control"); cc != "no-store" {
		t.Errorf("the done page with a code has Cache-Control %q, want no-store", cc)
	}
	if strings.Contains(done.body, code) {
		t.Error("the code is in the page as typed (in a link?): it must only be shown written, and in the QR image")
	}
	// Time to copy it: 30 s, or the minute the deck's offer keeps.
	if strings.Contains(done.body, `data-idle="10"`) {
		t.Error("the done page with a code goes back to the start after 10 s, too soon to copy it")
	}

	// 30 seconds on, going back to the done page shows no code.
	f.clock.add(31 * time.Second)
	later := b.get(kioskOf(e)+"/done").must(t, 200, "done, later")
	if shown, qr := kioskCodeShown(t, later.body); shown != "" || qr != "" {
		t.Errorf("the done page still shows the code after 30 s: %q", shown)
	}

	// A sign-up gets her code too; the check-in again shows the same one.
	b.post(kioskOf(e)+"/signup", url.Values{"name": {"Quentin Roux"}}).must(t, http.StatusSeeOther, "sign up")
	done = b.get(kioskOf(e)+"/done").must(t, 200, "done after sign-up").shows(t, "Welcome, Quentin Roux!")
	quentin, ok := f.entryNamed(e, "Quentin Roux")
	if !ok {
		t.Fatal("Quentin was not signed up")
	}
	code, _ = f.d.PlayerCode(context.Background(), quentin.ID)
	if shown, _ := kioskCodeShown(t, done.body); shown != director.FormatPlayerCode(code) {
		t.Errorf("after the sign-up the page shows %q; Quentin's code is %q", shown, code)
	}
	page = b.get(kioskOf(e)+"?q=zoe").must(t, 200, "search again")
	b.post(kioskOf(e)+"/checkin", url.Values{"player": {matchID(t, page.body, "Zoë Ødegård")}}).must(t, http.StatusSeeOther, "again")
	zoeCode, _ := f.d.PlayerCode(context.Background(), zoe.ID)
	if shown, _ := kioskCodeShown(t, b.get(kioskOf(e)+"/done").body); shown != director.FormatPlayerCode(zoeCode) {
		t.Errorf("checked in again, Zoë sees %q, want her code %q", shown, zoeCode)
	}
}
