package director_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
	"tablekeeper/internal/testdb"
)

// playerEvent is an event of n players on a director of its own, whose
// clock stands still until moved, with the context the test runs in.
func playerEvent(t *testing.T, n int) (context.Context, *director.Director, *testdb.Clock, event.Event, []event.Entry) {
	t.Helper()
	d, c, _ := signInDirector(t)
	ctx := context.Background()
	e, err := d.Events.CreateEvent(ctx, director.NewEvent{Name: "Friday", Game: "KeyForge", Format: "archon-standard"})
	must(t, err)
	var names []string
	for i := range n {
		names = append(names, "Player "+string(rune('A'+i)))
	}
	return ctx, d, c, e, register(t, d, e.ID, names...)
}

func TestPlayerCodesAreDrawnOnceEachAndDifferent(t *testing.T) {
	ctx, d, _, e, entries := playerEvent(t, 20)
	first, err := d.Phones.PlayerCode(ctx, entries[3].ID)
	if err != nil || len(first) != director.PlayerCodeLength {
		t.Fatalf("PlayerCode = %q, %v; want %d characters", first, err, director.PlayerCodeLength)
	}
	again, err := d.Phones.PlayerCode(ctx, entries[3].ID)
	if err != nil || again != first {
		t.Fatalf("asked again: %q, %v; want the same %q", again, err, first)
	}
	all := mustCall(t, d.Phones.PlayerCodes, e.ID)
	if len(all) != len(entries) || all[entries[3].ID] != first {
		t.Fatalf("PlayerCodes gave %d codes (entry 3: %q); want %d with %q", len(all), all[entries[3].ID], len(entries), first)
	}
	seen := map[string]bool{}
	for _, c := range all {
		if seen[c] {
			t.Fatalf("code %q given twice", c)
		}
		seen[c] = true
		if director.NormalizeTableCode(c) != c {
			t.Fatalf("code %q is not in the kept form", c)
		}
	}
}

func signInPlayer(d *director.Director, e event.EventID, entry event.EntryID, code, token string) (string, error) {
	return d.Phones.SignInPlayer(context.Background(), director.PlayerSignInTry{Event: e, Entry: entry, Code: code,
		Device: "0123456789abcdef0123456789abcdef", Address: "192.168.1.50", Token: token, TTL: time.Hour})
}

func TestAPlayerSignsInWithHerCodeOnly(t *testing.T) {
	ctx, d, c, e, entries := playerEvent(t, 4)
	ada := entries[0]
	// Nobody was shown a code yet: no code works, not even an empty one.
	if _, err := signInPlayer(d, e.ID, ada.ID, "", "t0"); !errors.Is(err, director.ErrWrongPlayerCode) {
		t.Fatalf("sign-in before any code was drawn: %v; want ErrWrongPlayerCode", err)
	}
	code := mustCall(t, d.Phones.PlayerCode, ada.ID)
	other := mustCall(t, d.Phones.PlayerCode, entries[1].ID)
	if _, err := signInPlayer(d, e.ID, ada.ID, other, "t1"); !errors.Is(err, director.ErrWrongPlayerCode) {
		t.Fatalf("another player's code: %v; want ErrWrongPlayerCode", err)
	}
	if _, err := signInPlayer(d, e.ID+1, ada.ID, code, "t1"); !errors.Is(err, event.ErrNotFound) {
		t.Fatalf("her code at another event: %v; want ErrNotFound", err)
	}
	typed := code[:3] + "-" + code[3:]
	name, err := signInPlayer(d, e.ID, ada.ID, " "+typed+" ", "t2")
	if err != nil || name != ada.Name {
		t.Fatalf("her own code as typed %q: %q, %v", typed, name, err)
	}
	ps, ok, err := d.Phones.PlayerSessionOf(ctx, e.ID, "t2", "192.168.1.50")
	if err != nil || !ok || ps.Entry != ada.ID || ps.Name != ada.Name || ps.Device == "" {
		t.Fatalf("session = %+v, %v, %v; want Ada's with her device", ps, ok, err)
	}
	if _, ok, _ := d.Phones.PlayerSessionOf(ctx, e.ID+1, "t2", ""); ok {
		t.Fatal("a player's session opened another event")
	}
	if _, ok, _ := d.Phones.PlayerSessionOf(ctx, e.ID, "t1", ""); ok {
		t.Fatal("a refused sign-in left a session")
	}
	// A player's session is no staff session.
	if _, ok, _ := d.Phones.StaffSessionOf(ctx, director.KindJudge, "t2", ""); ok {
		t.Fatal("a player's session signed in as a judge")
	}
	devices, err := d.Phones.SignedInDevices(ctx)
	if err != nil || len(devices) != 0 {
		t.Fatalf("staff devices = %v, %v; players' phones are not staff", devices, err)
	}
	// The session ends with its time.
	c.Add(2 * time.Hour)
	if _, ok, _ := d.Phones.PlayerSessionOf(ctx, e.ID, "t2", ""); ok {
		t.Fatal("a session outlived its time")
	}
}

func TestSignedOutPlayerPhoneIsRefused(t *testing.T) {
	ctx, d, _, e, entries := playerEvent(t, 2)
	code := mustCall(t, d.Phones.PlayerCode, entries[0].ID)
	if _, err := signInPlayer(d, e.ID, entries[0].ID, code, "tok"); err != nil {
		t.Fatal(err)
	}
	must(t, d.Phones.EndStaffSession(ctx, "tok"))
	if _, ok, _ := d.Phones.PlayerSessionOf(ctx, e.ID, "tok", ""); ok {
		t.Fatal("a signed-out phone kept its session")
	}
}

func TestShortDeviceNamesAPhoneForPeople(t *testing.T) {
	for in, want := range map[string]string{
		"1e0a5eb9245e653c0ea2567c522e9ede": "1e0a5e",
		"ip:192.168.1.57":                  "ip:192.168.1.57",
		"abc":                              "abc",
		"":                                 "",
		director.NoDevice:                  director.NoDevice,
	} {
		if got := director.ShortDevice(in); got != want {
			t.Errorf("ShortDevice(%q) = %q, want %q", in, got, want)
		}
	}
}

// A sign-in that came with no device cookie is kept with NoDevice; people
// read it whole and in their language, never cut to "unknow". (A wrong
// PIN is counted in the alert, not logged line by line: the sign-in is a
// right one.)
func TestASignInWithoutADeviceIsNamedInTheReadersLanguage(t *testing.T) {
	d, _ := newDirector(t)
	ctx := t.Context()
	pin, err := d.Phones.JudgePIN(ctx)
	must(t, err)
	if err := d.Phones.SignIn(ctx, director.SignInTry{Kind: director.KindJudge, Secret: pin, Address: "192.168.1.9",
		Token: strings.Repeat("a", 64), TTL: time.Hour}); err != nil {
		t.Fatalf("the judges' PIN: %v", err)
	}
	log, err := d.Phones.SignInLog(ctx, 10)
	if err != nil || len(log) != 1 {
		t.Fatalf("the sign-in log: %v %v", log, err)
	}
	for lang, want := range map[i18n.Lang]string{i18n.English: "unknown (no cookie)", i18n.French: "inconnu (sans cookie)"} {
		if got := director.DeviceName(log[0].Device).In(lang); got != want {
			t.Errorf("%s: a sign-in without a device is named %q, want %q", lang, got, want)
		}
	}
	if got := director.DeviceName("1e0a5eb9245e653c0ea2567c522e9ede").In(i18n.French); got != "1e0a5e" {
		t.Errorf("a phone is named %q", got)
	}
}
