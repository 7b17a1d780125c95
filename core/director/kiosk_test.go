package director_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
)

func TestKioskSearchShowsNamesOnlyFromThreeCharacters(t *testing.T) {
	ctx := context.Background()
	d, _ := newDirector(t)
	e := eventOf(t, d, "generic", "swiss", nil)
	register(t, d, e.ID, "Zoë Ødegård", "Zoe Park", "Bob Stone")
	regular, err := d.AddPlayer(ctx, director.NewPlayer{Name: "Zoltan Kiss", MemberNo: "KF-1234"})
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := d.KioskSearch(ctx, e.ID, " zo "); len(got) != 0 {
		t.Errorf("two characters list %v", got)
	}
	got, err := d.KioskSearch(ctx, e.ID, "ZOË")
	if err != nil || len(got) != 2 || got[0].Name != "Zoë Ødegård" || got[0].EntryID == 0 {
		t.Fatalf("ZOË finds %+v, %v", got, err)
	}
	// Accents are ignored: "zoe od" finds Zoë Ødegård.
	if got, _ := d.KioskSearch(ctx, e.ID, "zoe od"); len(got) != 1 || got[0].Name != "Zoë Ødegård" {
		t.Errorf("zoe od finds %+v", got)
	}
	got, _ = d.KioskSearch(ctx, e.ID, "zol")
	if len(got) != 1 || got[0].PlayerID != regular.ID || got[0].EntryID != 0 {
		t.Errorf("a regular not entered yet: %+v", got)
	}
	// A member number matches whole, never in part.
	if got, _ := d.KioskSearch(ctx, e.ID, "KF-12"); len(got) != 0 {
		t.Errorf("part of a member number lists %+v", got)
	}
	if got, _ := d.KioskSearch(ctx, e.ID, "kf-1234"); len(got) != 1 || got[0].Name != "Zoltan Kiss" {
		t.Errorf("a whole member number finds %+v", got)
	}
}

func TestKioskCheckInEntersARegularAndClosesWithRoundOne(t *testing.T) {
	ctx := context.Background()
	d, _ := newDirector(t)
	e := eventOf(t, d, "generic", "swiss", nil)
	en := register(t, d, e.ID, "Ada Lovelace", "Bob Stone")
	regular, _ := d.AddPlayer(ctx, director.NewPlayer{Name: "Cy Twombly"})
	if _, err := d.KioskCheckIn(ctx, e.ID, en[0].PlayerID); err != nil {
		t.Fatal(err)
	}
	got, err := d.KioskCheckIn(ctx, e.ID, regular.ID)
	if err != nil || got.ID == 0 || !got.CheckedIn {
		t.Fatalf("the regular: %+v, %v", got, err)
	}
	// Round 1 waits for Bob, who did not check in, and names him.
	if _, err := d.PairNextRound(ctx, e.ID); !errors.Is(err, event.ErrState) || !errors.Is(err, director.ErrNotCheckedIn) || !strings.Contains(event.Message(err), "Bob Stone") {
		t.Fatalf("pairing with Bob absent: %v", err)
	}
	dropped, err := d.DropAbsent(ctx, e.ID)
	if err != nil || len(dropped) != 1 || dropped[0] != "Bob Stone" {
		t.Fatalf("dropped %v, %v", dropped, err)
	}
	if _, err := d.PairNextRound(ctx, e.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := d.KioskCheckIn(ctx, e.ID, en[1].PlayerID); !errors.Is(err, event.ErrState) || !strings.Contains(event.Message(err), "closed when round 1 was paired") {
		t.Errorf("check-in after round 1: %v", err)
	}
	if _, err := d.KioskSignUp(ctx, e.ID, director.NewPlayer{Name: "Late Comer"}); !errors.Is(err, event.ErrState) {
		t.Errorf("sign-up after round 1: %v", err)
	}
}

func TestKioskSignUpNeverNamesAMemberNumbersOwner(t *testing.T) {
	ctx := context.Background()
	d, _ := newDirector(t)
	e := eventOf(t, d, "generic", "swiss", nil)
	if _, err := d.AddPlayer(ctx, director.NewPlayer{Name: "Grace Hopper", MemberNo: "77"}); err != nil {
		t.Fatal(err)
	}
	_, err := d.KioskSignUp(ctx, e.ID, director.NewPlayer{Name: "Mallory", MemberNo: "77"})
	if !errors.Is(err, event.ErrConflict) || strings.Contains(event.Message(err), "Grace") {
		t.Errorf("sign-up with another's number: %v", err)
	}
	en, err := d.KioskSignUp(ctx, e.ID, director.NewPlayer{Name: "grace hopper", MemberNo: "77", Email: "x@y"})
	if err != nil || !en.CheckedIn || en.Name != "Grace Hopper" {
		t.Errorf("a regular signing up with her own number: %+v, %v", en, err)
	}
	if _, err := d.KioskSignUp(ctx, e.ID, director.NewPlayer{Name: "  "}); !errors.Is(err, event.ErrInvalid) {
		t.Errorf("a blank name: %v", err)
	}
}

func TestKioskPIN(t *testing.T) {
	ctx := context.Background()
	d, _ := newDirector(t)
	if ok, _ := d.HasKioskPIN(ctx); ok {
		t.Fatal("a PIN before one is set")
	}
	for _, bad := range []string{"", "123", "123456789", "12a4"} {
		if err := d.SetKioskPIN(ctx, bad); !errors.Is(err, event.ErrInvalid) {
			t.Errorf("PIN %q: %v", bad, err)
		}
	}
	if err := d.SetKioskPIN(ctx, "2468"); err != nil {
		t.Fatal(err)
	}
	if ok, err := d.CheckKioskPIN(ctx, "2468"); !ok || err != nil {
		t.Errorf("the right PIN: %v, %v", ok, err)
	}
	if ok, _ := d.CheckKioskPIN(ctx, "2469"); ok {
		t.Error("a wrong PIN opened the kiosk")
	}
}
