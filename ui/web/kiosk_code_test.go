package web

import (
	"context"
	"encoding/base64"
	"fmt"
	"html"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
	"tablekeeper/reports"
	"tablekeeper/ui/web/internal/webtest"
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

// wantQR is the data a done page's QR image holds for the link that
// signs entry in with token.
func wantQR(t *testing.T, e event.Event, entry event.EntryID, token string) string {
	t.Helper()
	svg, err := reports.QRSVG(director.PlayerLink("http://192.168.1.20:8080/events/"+webtest.Itoa64(int64(e.ID)), entry, token))
	if err != nil {
		t.Fatal(err)
	}
	return base64.StdEncoding.EncodeToString(svg)
}

// A player found by name at the kiosk tablet is checked in and told
// where her code is, never shown it: anyone can tap a name. A player who
// signs up there, brand new, reads her own new code on the done page
// ("ABC-234"), with the QR code of the link (her link token, not the
// code) that signs her phone in; the page is kept by no cache, and shows
// the code for 30 seconds only: the next in the queue going back finds
// none. The activity log says the code was shown, and on which tablet.
func TestTheKioskShowsOnlyANewPlayerHerCode(t *testing.T) {
	f := newFixture(t)
	e, _ := f.Event("altered", "standard-bo3", "Ada Lovelace", "Zoë Ødegård")
	b := f.unlocked(e)

	page := b.get(webtest.KioskOf(e)+"?q=zoe").must(t, 200, "search")
	b.post(webtest.KioskOf(e)+"/checkin", url.Values{"player": {matchID(t, page.body, "Zoë Ødegård")}}).must(t, http.StatusSeeOther, "check in")
	done := b.get(webtest.KioskOf(e)+"/done").must(t, 200, "done")
	done.shows(t, "You're checked in, Zoë Ødegård.", "Your player code, for your phone, is on your player slip; the organizer gives it to you at the desk.")
	if shown, qr := kioskCodeShown(t, done.body); shown != "" || qr != "" || strings.Contains(done.body, "k-code") {
		t.Fatalf("checking in by name shows a code: %q", shown)
	}

	// A sign-up gets her own code.
	b.post(webtest.KioskOf(e)+"/signup", url.Values{"name": {"Quentin Roux"}}).must(t, http.StatusSeeOther, "sign up")
	done = b.get(webtest.KioskOf(e)+"/done").must(t, 200, "done after sign-up").shows(t, "Welcome, Quentin Roux!", "Your player code",
		"Use it on your phone to send your decklist and report results")
	quentin, ok := f.EntryNamed(e, "Quentin Roux")
	if !ok {
		t.Fatal("Quentin was not signed up")
	}
	cred, err := f.d.Phones.RevealPlayerCode(context.Background(), quentin.ID, director.CodeReveal{Via: director.RevealDesk})
	if err != nil {
		t.Fatal(err)
	}
	shown, qr := kioskCodeShown(t, done.body)
	if shown != director.FormatPlayerCode(cred.Code) {
		t.Fatalf("the done page shows code %q; Quentin's is %q", shown, cred.Code)
	}
	if want := wantQR(t, e, quentin.ID, cred.Token); qr != want {
		t.Errorf("the QR code is not the link that signs Quentin in:\n got %.60s…\nwant %.60s…", qr, want)
	}
	if cc := done.header.Get("Cache-Control"); cc != "no-store" {
		t.Errorf("the done page with a code has Cache-Control %q, want no-store", cc)
	}
	if strings.Contains(done.body, cred.Code) || strings.Contains(done.body, cred.Token) {
		t.Error("the code or the token is in the page as typed (in a link?): only written, and in the QR image")
	}
	// Time to copy it: 30 s, or the minute the deck's offer keeps.
	if strings.Contains(done.body, `data-idle="10"`) {
		t.Error("the done page with a code goes back to the start after 10 s, too soon to copy it")
	}
	log, err := f.d.Events.Log(context.Background(), e.ID)
	if err != nil {
		t.Fatal(err)
	}
	said := ""
	for _, l := range log {
		said += l.Message.In(i18n.English) + "\n"
	}
	if !strings.Contains(said, "player code shown to the new player on kiosk tablet ") || !strings.Contains(said, ": Quentin Roux") {
		t.Errorf("the log does not say where Quentin's code was shown:\n%s", said)
	}

	// 30 seconds on, going back to the done page shows no code.
	f.clock.Add(31 * time.Second)
	later := b.get(webtest.KioskOf(e)+"/done").must(t, 200, "done, later")
	if shown, qr := kioskCodeShown(t, later.body); shown != "" || qr != "" {
		t.Errorf("the done page still shows the code after 30 s: %q", shown)
	}
	// Quentin checking in again by name is shown no code either.
	page = b.get(webtest.KioskOf(e)+"?q=quentin").must(t, 200, "search again")
	b.post(webtest.KioskOf(e)+"/checkin", url.Values{"player": {matchID(t, page.body, "Quentin Roux")}}).must(t, http.StatusSeeOther, "again")
	if shown, _ := kioskCodeShown(t, b.get(webtest.KioskOf(e)+"/done").body); shown != "" {
		t.Errorf("checked in again by name, the kiosk shows %q", shown)
	}
}

// An unlocked kiosk tablet gives nobody another player's code (issue 27):
// walking every name of the event and of the directory, tapping each
// ("Yes, that's me"), reading each done page, signing up under each name
// ("Is this you?") and with a regular's own member number harvests 0
// codes, link tokens or sign-in QR codes of existing players in any
// response body or header.
func TestAnUnlockedKioskTabletWalkingEveryNameHarvestsNoCode(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	names := webtest.Names(40)
	e, entries := f.Event("altered", "standard-bo3", names...)
	for _, n := range []string{"Regular Una", "Regular Vic"} {
		if _, err := f.d.Registration.AddPlayer(ctx, director.NewPlayer{Name: n, MemberNo: "M-" + n[8:]}); err != nil {
			t.Fatal(err)
		}
		names = append(names, n)
	}
	if err := f.d.Registration.CheckIn(ctx, entries[0].ID, true); err != nil {
		t.Fatal(err)
	}
	b := f.unlocked(e)

	var seen strings.Builder
	keep := func(a staffAnswer) staffAnswer {
		fmt.Fprintf(&seen, "%d %s %v\n%s\n", a.status, a.location, a.header, a.body)
		return a
	}
	taps := 0
	for _, n := range names {
		f.clock.Add(5 * time.Second) // within the tablet's write budget
		q := n
		page := keep(b.get(webtest.KioskOf(e)+"?q="+url.QueryEscape(q)).must(t, 200, "search "+q))
		for _, m := range kioskNameIDs(page.body) {
			keep(b.get(webtest.KioskOf(e) + "/confirm?player=" + m))
			keep(b.post(webtest.KioskOf(e)+"/checkin", url.Values{"player": {m}}).must(t, http.StatusSeeOther, "check in "+m))
			keep(b.get(webtest.KioskOf(e)+"/done").must(t, 200, "done"))
			keep(b.get(webtest.KioskOf(e) + "/deck"))
			taps++
		}
		su := keep(b.post(webtest.KioskOf(e)+"/signup", url.Values{"name": {n}}))
		if su.location != webtest.KioskOf(e)+"/same" {
			t.Fatalf("signing up as %s, who is known, led to %q: %d %s", n, su.location, su.status, pageText(su.body))
		}
		keep(b.get(webtest.KioskOf(e)+"/same").must(t, 200, "is this you"))
	}
	// The pages and the API the tablet can read besides.
	id := webtest.Itoa64(int64(e.ID))
	for _, path := range []string{"/", "/events/" + id, "/events/" + id + "/pairings", "/events/" + id + "/standings",
		"/api/events", "/api/events/" + id, "/api/events/" + id + "/find?q=" + url.QueryEscape(names[0]), "/api/events/" + id + "/me",
		"/api/events/" + id + "/me/table", "/api/events/" + id + "/me/deck", "/api/events/" + id + "/me/drop"} {
		keep(b.get(path))
	}
	keep(b.post(webtest.KioskOf(e)+"/signup", url.Values{"name": {"regular una"}, "member": {"M-Una"}}).must(t, http.StatusSeeOther, "her member number"))
	keep(b.get(webtest.KioskOf(e)+"/done").must(t, 200, "done")).shows(t, "You're checked in, Regular Una.")
	if taps < len(names) {
		t.Fatalf("only %d names were tapped of %d", taps, len(names))
	}

	// Every existing player's secrets, drawn now (the regulars were
	// entered by the walk), in every form they could be shown.
	creds, err := f.d.Phones.RevealPlayerCodes(ctx, e.ID)
	if err != nil {
		t.Fatal(err)
	}
	if len(creds) != len(names) {
		t.Fatalf("%d entries after the walk, want %d (nobody new)", len(creds), len(names))
	}
	body := seen.String()
	harvested := 0
	for entry, c := range creds {
		for _, s := range []string{c.Code, director.FormatPlayerCode(c.Code), c.Token, wantQR(t, e, entry, c.Token)} {
			if strings.Contains(body, s) {
				harvested++
				t.Errorf("the walk found entry %d's secret %q", entry, s)
				break
			}
		}
	}
	if harvested != 0 {
		t.Fatalf("an unlocked kiosk gave away %d codes of %d players", harvested, len(creds))
	}
	if strings.Contains(body, "k-code-value") {
		t.Error("a done page of the walk shows a code")
	}
}

// kioskNameIDs lists the players a kiosk search page offers.
func kioskNameIDs(body string) []string {
	var out []string
	for _, m := range regexp.MustCompile(`/confirm\?player=(\d+)`).FindAllStringSubmatch(body, -1) {
		out = append(out, m[1])
	}
	return out
}
