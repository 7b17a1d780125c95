package director_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/internal/testdb"
)

// signInDirector is a director on a database file of its own with a
// clock the test moves; open makes another director on the same file
// (a restart).
func signInDirector(t *testing.T) (*director.Director, *testdb.Clock, func() *director.Director) {
	t.Helper()
	c := testdb.NewClock(friday)
	db := testdb.Open(t)
	open := func() *director.Director {
		db.Close()
		db = testdb.Reopen(t, db.Path())
		return testdb.Director(db, c.Now, 1, 2)
	}
	return testdb.Director(db, c.Now, 1, 2), c, open
}

func try(kind, secret, device string, n int) director.SignInTry {
	return director.SignInTry{Kind: kind, Secret: secret, Device: device, Address: fmt.Sprintf("10.0.%d.%d", n/250, n%250),
		Token: fmt.Sprintf("%064x", n), TTL: time.Hour}
}

// The judges' PIN and the kiosk code are two secrets of eight characters
// of the code alphabet; each signs in its own kind only.
func TestTheJudgesPINAndTheKioskCodeAreSeparate(t *testing.T) {
	ctx := context.Background()
	d, _, _ := signInDirector(t)
	pin, err := d.Phones.JudgePIN(ctx)
	must(t, err)
	code, err := d.Phones.KioskCode(ctx)
	if err != nil || code == pin || len(code) != director.SecretLength || strings.Trim(code, director.TableCodeAlphabet) != "" {
		t.Fatalf("kiosk code %q, %v (PIN %q)", code, err, pin)
	}
	if err := d.Phones.SignIn(ctx, try(director.KindKiosk, pin, "dev1", 1)); !errors.Is(err, director.ErrWrongPIN) {
		t.Errorf("the judges' PIN unlocked a kiosk: %v", err)
	}
	typed := " " + strings.ToLower(director.FormatSecret(code)) + " "
	if err := d.Phones.SignIn(ctx, try(director.KindKiosk, typed, "dev1", 2)); err != nil {
		t.Errorf("the kiosk code %q typed as %q: %v", code, typed, err)
	}
	for _, bad := range []string{"ABC", "K7QM-X2P0", "k7qm x2pai"} {
		if _, err := d.Phones.SetJudgePIN(ctx, bad); !errors.Is(err, event.ErrInvalid) {
			t.Errorf("SetJudgePIN(%q): %v", bad, err)
		}
	}
	if got, err := d.Phones.SetJudgePIN(ctx, "k7qm-x2pa"); err != nil || got != "K7QMX2PA" {
		t.Errorf("SetJudgePIN: %q, %v", got, err)
	}
}

// No guess locks anyone out: 3,000 wrong PINs from 3,000 devices at once
// are all evaluated and refused as wrong, the right PIN still signs in at
// once, and nothing is written per wrong PIN. (The web counts them in its
// alert: ui/web/floods.)
func TestAFloodOfWrongPINsLocksNoOneOut(t *testing.T) {
	ctx := context.Background()
	d, _, _ := signInDirector(t)
	pin, _ := d.Phones.JudgePIN(ctx)
	const tries = 3000
	var wg sync.WaitGroup
	var mu sync.Mutex
	counts := map[error]int{}
	for i := range tries {
		wg.Add(1)
		go func() {
			defer wg.Done()
			err := d.Phones.SignIn(ctx, try(director.KindJudge, fmt.Sprintf("GUESS%03d", i%1000), fmt.Sprintf("dev%d", i), i))
			if errors.Is(err, director.ErrWrongPIN) {
				err = director.ErrWrongPIN
			}
			mu.Lock()
			counts[err]++
			mu.Unlock()
		}()
	}
	wg.Wait()
	if counts[director.ErrWrongPIN] != tries || len(counts) != 1 {
		t.Fatalf("outcomes %v; want %d wrong", counts, tries)
	}
	if err := d.Phones.SignIn(ctx, try(director.KindJudge, pin, "judge", 9999)); err != nil {
		t.Errorf("the right PIN after the flood: %v", err)
	}
	if lines, _ := d.Phones.SignInLog(ctx, 10); len(lines) != 1 || lines[0].Outcome != "signed-in" {
		t.Errorf("the log holds %+v; want the one sign-in", lines)
	}
}

// Sessions are kept in the database: listed, kept over a restart, ended
// by the device itself, by the organizer (the device learns why) and by
// a new secret of their kind only.
func TestSignedInDevicesAreKeptListedAndSignedOut(t *testing.T) {
	ctx := context.Background()
	d, clock, open := signInDirector(t)
	pin, _ := d.Phones.JudgePIN(ctx)
	code, _ := d.Phones.KioskCode(ctx)
	for i, tr := range []director.SignInTry{try(director.KindJudge, pin, "phone1", 1), try(director.KindJudge, pin, "phone2", 2), try(director.KindKiosk, code, "tab1", 3)} {
		if i == 2 {
			tr.Event = 7
		}
		must(t, d.Phones.SignIn(ctx, tr))
	}
	d = open()
	list, err := d.Phones.SignedInDevices(ctx)
	if err != nil || len(list) != 3 || list[0].Device != "phone1" || list[2].Kind != director.KindKiosk || list[2].Event != 7 {
		t.Fatalf("devices %+v, %v", list, err)
	}
	tok := func(n int) string { return fmt.Sprintf("%064x", n) }
	clock.Add(2 * time.Minute)
	s, ok, err := d.Phones.StaffSessionOf(ctx, director.KindJudge, tok(1), "10.9.9.9")
	if !ok || err != nil || s.Address != "10.9.9.9" || !s.LastSeen.Equal(clock.Now()) {
		t.Errorf("phone1: %+v %v %v", s, ok, err)
	}
	if _, ok, _ := d.Phones.StaffSessionOf(ctx, director.KindKiosk, tok(1), ""); ok {
		t.Error("a judge's session unlocked a kiosk")
	}
	must(t, d.Phones.SignOutDevice(ctx, list[1].ID))
	wantEnded(t, d, director.KindJudge, tok(2), director.WhyOrganizer)
	if err := d.Phones.SignOutDevice(ctx, list[1].ID); !errors.Is(err, event.ErrNotFound) {
		t.Errorf("signing out twice: %v", err)
	}
	if _, err := d.Phones.RenewJudgePIN(ctx); err != nil {
		t.Fatal(err)
	}
	wantEnded(t, d, director.KindJudge, tok(1), director.WhyRenewed)
	if _, ok, _ := d.Phones.StaffSessionOf(ctx, director.KindKiosk, tok(3), ""); !ok {
		t.Error("a new judges' PIN locked the kiosk")
	}
	must(t, d.Phones.EndStaffSession(ctx, tok(3)))
	wantEnded(t, d, director.KindKiosk, tok(3), director.WhySignedOut)
	if list, _ := d.Phones.SignedInDevices(ctx); len(list) != 0 {
		t.Errorf("still listed: %+v", list)
	}
	lines, _ := d.Phones.SignInLog(ctx, 10)
	if len(lines) != 3 || lines[0].Outcome != "signed-in" || lines[0].Device != "tab1" {
		t.Errorf("log %+v", lines)
	}
}

// wantEnded checks that the session of token ended, and why.
func wantEnded(t *testing.T, d *director.Director, kind, token, why string) {
	t.Helper()
	if s, ok, err := d.Phones.StaffSessionOf(context.Background(), kind, token, ""); ok || err != nil || s.Why != why {
		t.Errorf("session %s…: open %v, why %q, %v; want ended, %q", token[:8], ok, s.Why, err, why)
	}
}
