package director_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
)

// The judge a phone chose is kept with its session, read back with it by
// a director opened again (a restart), and chosen only by an open judge's
// session among the event's own judges.
func TestAJudgesChoiceIsKeptWithHerSession(t *testing.T) {
	ctx := context.Background()
	d, c, reopen := signInDirector(t)
	e, err := d.Events.CreateEvent(ctx, director.NewEvent{Name: "Friday", Game: "altered", Format: "standard-bo3"})
	must(t, err)
	other, err := d.Events.CreateEvent(ctx, director.NewEvent{Name: "Saturday", Game: "altered", Format: "standard-bo3"})
	must(t, err)
	grace, err := d.Judging.AddJudge(ctx, e.ID, director.NewJudge{Name: "Grace Hopper", Role: event.RoleHeadJudge})
	must(t, err)
	ida, err := d.Judging.AddJudge(ctx, other.ID, director.NewJudge{Name: "Ida Wells", Role: event.RoleHeadJudge})
	must(t, err)
	pin, _ := d.Phones.JudgePIN(ctx)
	kiosk, _ := d.Phones.KioskCode(ctx)
	judge, tablet := try(director.KindJudge, pin, "phone", 1), try(director.KindKiosk, kiosk, "tablet", 2)
	tablet.Event = e.ID
	for _, s := range []director.SignInTry{judge, tablet} {
		must(t, d.Phones.SignIn(ctx, s))
	}

	if err := d.Phones.ChooseJudge(ctx, judge.Token, e.ID, ida.ID); !errors.Is(err, event.ErrNotFound) {
		t.Errorf("another event's judge: %v, want ErrNotFound", err)
	}
	for name, token := range map[string]string{"a kiosk": tablet.Token, "no session": try("", "", "", 3).Token} {
		if err := d.Phones.ChooseJudge(ctx, token, e.ID, grace.ID); !errors.Is(err, event.ErrState) {
			t.Errorf("%s chose a judge: %v, want ErrState", name, err)
		}
	}
	must(t, d.Phones.ChooseJudge(ctx, judge.Token, e.ID, grace.ID))

	d = reopen()
	s, ok, err := d.Phones.StaffSessionOf(ctx, director.KindJudge, judge.Token, "10.0.0.1")
	if err != nil || !ok || s.Judges[e.ID] != grace.ID || len(s.Judges) != 1 {
		t.Fatalf("after a restart the phone's session is %+v (open %v, %v)", s, ok, err)
	}
	c.add(2 * time.Hour) // past the session's hour
	if err := d.Phones.ChooseJudge(ctx, judge.Token, other.ID, ida.ID); !errors.Is(err, event.ErrState) {
		t.Errorf("an expired session chose a judge: %v, want ErrState", err)
	}
}
