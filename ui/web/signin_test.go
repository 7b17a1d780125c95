package web

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"

	"tablekeeper/core/director"
	"tablekeeper/ui/web/internal/webtest"
)

// signInFrom posts a PIN to path through the real handler from an
// address, with a device cookie when device is not "".
func (f *fixture) signInFrom(path, pin, addr, device string) *httptest.ResponseRecorder {
	req := httptest.NewRequest("POST", path, strings.NewReader(url.Values{"pin": {pin}}.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.RemoteAddr = addr + ":40000"
	if device != "" {
		req.AddCookie(&http.Cookie{Name: deviceCookie, Value: device})
	}
	w := httptest.NewRecorder()
	f.srv.ServeHTTP(w, req)
	return w
}

// A guesser rotating 300 source addresses and an invented device cookie
// each try sends 3,000 judges' PINs and kiosk codes at once: each address
// has its own budget read (403), every other try is refused (429) with a
// sentence; the invented cookies count for nothing; the organizer's alert
// counts all 3,000 from their 300 addresses; and the right PIN and kiosk
// code, typed on a new phone and tablet during the flood, sign in at once.
func TestAGuesserRotatingAddressesLocksNoStaffOut(t *testing.T) {
	f := newFixture(t)
	e, _, judges := f.JudgeEvent()
	ctx := context.Background()
	judge := f.judgePhone(e, judges[0])
	pin, _ := f.d.Phones.JudgePIN(ctx)
	if _, err := f.d.Phones.SetKioskCode(ctx, webtest.KioskPIN); err != nil {
		t.Fatal(err)
	}
	const tries, addrs = 3000, 300
	var mu sync.Mutex
	status := map[int]int{}
	var wg sync.WaitGroup
	work := make(chan int)
	for range 32 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range work {
				path, guess := "/judge/signin", fmt.Sprintf("%04d-%04d", i, i)
				if i%2 == 1 {
					path = webtest.KioskOf(e) + "/unlock"
				}
				w := f.signInFrom(path, guess, fmt.Sprintf("10.1.%d.%d", i%addrs/250, i%addrs%250+1), fmt.Sprintf("%032x", i+1))
				mu.Lock()
				status[w.Code]++
				mu.Unlock()
				if w.Code == http.StatusTooManyRequests && (w.Header().Get("Retry-After") == "" || !strings.Contains(w.Body.String(), "wait")) {
					t.Errorf("a refusal without Retry-After or a sentence: %s", w.Body.String())
				}
			}
		}()
	}
	for i := range tries {
		work <- i
		if i == tries/2 {
			// A new judge and a new tablet in the middle of the flood.
			if w := f.signInFrom("/judge/signin", pin, "10.2.0.1", ""); w.Code != http.StatusSeeOther {
				t.Errorf("the right PIN during the flood: %d %s", w.Code, pageText(w.Body.String()))
			}
			if w := f.signInFrom(webtest.KioskOf(e)+"/unlock", webtest.KioskPIN, "10.2.0.2", ""); w.Code != http.StatusSeeOther {
				t.Errorf("the kiosk code during the flood: %d %s", w.Code, pageText(w.Body.String()))
			}
		}
	}
	close(work)
	wg.Wait()
	read := addrs * int(rateWrongPIN.burst)
	if status[http.StatusForbidden] != read || status[http.StatusTooManyRequests] != tries-read {
		t.Fatalf("answers %v: want %d read (each address's budget) and the rest refused", status, read)
	}
	a, err := f.srv.floods.Alert(ctx)
	if err != nil || a.PIN.Tries != tries || a.PIN.Addresses != addrs || a.PIN.Devices != addrs {
		t.Errorf("alert %+v, %v; want %d wrong PINs from %d addresses", a, err, tries, addrs)
	}
	judge.get(webtest.JudgeOf(e)).must(t, 200, "a judge signed in before the flood").shows(t, judges[0].Name)
}

// The organizer signs a phone out, or renews the secret: the device is
// refused at its next request with a sentence saying why, once.
func TestSignedOutDevicesAreToldWhy(t *testing.T) {
	f := newFixture(t)
	e, _, judges := f.JudgeEvent()
	ctx := context.Background()
	b := f.judgePhone(e, judges[0])
	tablet := f.unlocked(e)
	list, err := f.d.Phones.SignedInDevices(ctx)
	if err != nil || len(list) != 2 || list[0].Kind != director.KindJudge || list[0].Device != b.deviceID() || list[0].Address != "127.0.0.1" {
		t.Fatalf("devices %+v, %v", list, err)
	}
	if err := f.d.Phones.SignOutDevice(ctx, list[0].ID); err != nil {
		t.Fatal(err)
	}
	b.post(webtest.JudgeOf(e)+"/tables/1/extend", url.Values{"minutes": {"3"}}).must(t, http.StatusForbidden, "a write after the organizer's sign-out").
		shows(t, "The organizer signed this phone out.")
	b.get("/judge").must(t, 200, "sign-in page").shows(t, "The organizer signed this phone out.", "Judges' PIN")
	if a := b.get("/judge"); strings.Contains(a.body, "The organizer signed") {
		t.Error("the sentence is said again after it was shown")
	}

	if _, err := f.d.Phones.RenewKioskCode(ctx); err != nil {
		t.Fatal(err)
	}
	tablet.get(webtest.KioskOf(e)).must(t, 200, "kiosk after a new code").shows(t, "The organizer changed the kiosk code, so this tablet was locked")
	tablet.post(webtest.KioskOf(e)+"/unlock", url.Values{"pin": {webtest.KioskPIN}}).must(t, http.StatusForbidden, "the old code")

	// A session kept in the database outlives the server's memory.
	c := f.judgePhone(e, judges[1])
	srv, err := New(Config{Director: f.d, Now: f.clock.Now})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	f.srv.Close()
	f.http.Config.Handler = srv
	c.get("/judge").must(t, 200, "after a restart").shows(t, "Friday Night")
	lines, _ := f.d.Phones.SignInLog(ctx, 20)
	if len(lines) != 3 || lines[0].Outcome != "signed-in" || lines[0].Device != c.deviceID() {
		t.Errorf("sign-in log %+v", lines)
	}
}
