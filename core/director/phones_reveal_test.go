package director_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
)

// secretsOf lists every existing player's code, in both written forms,
// and link token, drawn (and revealed to the desk) before the walk.
func secretsOf(t *testing.T, d *director.Director, id event.EventID) map[string]string {
	t.Helper()
	creds, err := d.Phones.RevealPlayerCodes(context.Background(), id)
	must(t, err)
	out := map[string]string{}
	for entry, c := range creds {
		who := fmt.Sprint("entry ", entry)
		out[c.Code], out[director.FormatPlayerCode(c.Code)], out[c.Token] = who, who, who
	}
	return out
}

// harvested returns the secrets of secrets found in what.
func harvested(secrets map[string]string, what string) []string {
	var out []string
	for s, who := range secrets {
		if strings.Contains(what, s) {
			out = append(out, who+": "+s)
		}
	}
	return out
}

// Nobody obtains another player's code at the kiosk (issue 27): someone
// at an unlocked kiosk, desktop or tablet, who walks every name, claims
// each one ("Yes, that's me"), signs up under each name and with each
// member number, harvests no code of an existing player. Only the
// namesake she adds as herself gets a code: her own, new.
func TestAKioskWalkingEveryNameHarvestsNoPlayerCode(t *testing.T) {
	ctx, d, e := openEvent(t, "generic", "swiss", nil)
	var names []string
	for i := range 24 {
		names = append(names, fmt.Sprintf("Player %c%c", 'A'+i%6, 'a'+i))
	}
	entries := register(t, d, e.ID, names...)
	must(t, d.Registration.CheckIn(ctx, entries[0].ID, true))
	// Regulars of the directory, not entered yet, one with a member
	// number: checking in enters them, and still shows no code.
	for i, n := range []string{"Regular Una", "Regular Vic", "Regular Wes"} {
		np := director.NewPlayer{Name: n}
		if i == 0 {
			np.MemberNo = "M-77"
		}
		if _, err := d.Registration.AddPlayer(ctx, np); err != nil {
			t.Fatal(err)
		}
		names = append(names, n)
	}
	secrets := secretsOf(t, d, e.ID)
	if len(secrets) == 0 {
		t.Fatal("no codes were drawn")
	}

	seen := walkTheKiosk(t, d, e.ID, names)
	// The regulars' entries now have codes too: none was shown.
	for s, who := range secretsOf(t, d, e.ID) {
		secrets[s] = who
	}
	if got := harvested(secrets, seen); len(got) > 0 {
		t.Fatalf("the kiosk gave away %d codes of existing players: %v", len(got), got)
	}

	namesakeGetsHerOwnCode(t, d, e.ID, names[3], secrets)
}

// walkTheKiosk claims every name at the kiosk, as someone at an
// unlocked kiosk would: each match checked in, a sign-up under each name,
// every other from a tablet, and a regular's own member number; it
// returns all the kiosk answered.
func walkTheKiosk(t *testing.T, d *director.Director, id event.EventID, names []string) string {
	t.Helper()
	ctx := context.Background()
	var seen strings.Builder
	say := func(what string, v any, err error) {
		if err != nil && !errors.Is(err, event.ErrState) {
			t.Fatalf("%s: %v", what, err)
		}
		fmt.Fprintf(&seen, "%s: %#v %v\n", what, v, err)
	}
	for i, n := range names {
		tablet := ""
		if i%2 == 1 {
			tablet = "0123456789abcdef0123456789abcdef"
		}
		ms, err := d.Kiosk.KioskSearch(ctx, id, n)
		say("search "+n, ms, err)
		for _, m := range ms {
			en, err := d.Kiosk.KioskCheckIn(ctx, id, m.PlayerID)
			say("check in "+m.Name, en, err)
		}
		su, err := d.Kiosk.KioskSignUp(ctx, id, tablet, director.NewPlayer{Name: n})
		say("sign up as "+n, su, err)
		if su.Entry.ID != 0 || su.Code.Code != "" {
			t.Fatalf("signing up as %s, who is known, gave %+v", n, su)
		}
	}
	// Her own member number with her name: the regular, checked in,
	// without a code.
	su, err := d.Kiosk.KioskSignUp(ctx, id, "", director.NewPlayer{Name: "regular una", MemberNo: "M-77"})
	say("sign up with the member number", su, err)
	if su.Entry.ID == 0 || su.Code != (director.PlayerCredential{}) {
		t.Fatalf("the regular's own member number: %+v; want her entry, checked in, no code", su)
	}
	return seen.String()
}

// namesakeGetsHerOwnCode signs up a true namesake of name: someone new,
// shown her own new code (none of secrets), once, logged with the tablet.
func namesakeGetsHerOwnCode(t *testing.T, d *director.Director, id event.EventID, name string, secrets map[string]string) {
	t.Helper()
	ctx := context.Background()
	nm, err := d.Kiosk.KioskSignUpNamesake(ctx, id, "0123456789abcdef0123456789abcdef", director.NewPlayer{Name: name})
	if err != nil || nm.Entry.ID == 0 || len(nm.Code.Code) != director.PlayerCodeLength || len(nm.Code.Token) != director.PlayerLinkTokenLength {
		t.Fatalf("the namesake: %+v, %v", nm, err)
	}
	if who, ok := secrets[nm.Code.Code]; ok {
		t.Fatalf("the namesake was given %s's code", who)
	}
	if code, _ := d.Phones.PlayerCode(ctx, nm.Entry.ID); code != nm.Code.Code {
		t.Fatalf("the namesake was shown %q; her entry's code is %q", nm.Code.Code, code)
	}
	// The log says every reveal: one to the namesake, on the tablet.
	log := mustCall(t, d.Events.Log, id)
	kiosk := 0
	for _, l := range log {
		if strings.HasPrefix(l.Message.Format, "player code shown to the new player") {
			kiosk++
			if got := l.Message.In(i18n.English); got != "player code shown to the new player on kiosk tablet 012345: "+name {
				t.Errorf("the reveal is logged as %q", got)
			}
		}
	}
	if kiosk != 1 {
		t.Errorf("%d reveals at the kiosk logged, want 1 (the namesake's)", kiosk)
	}
}

// A brand-new player signing up at the kiosk is shown her own new code,
// and the log says where.
func TestAKioskSignUpShowsTheNewPlayerHerOwnCode(t *testing.T) {
	ctx, d, e := openEvent(t, "generic", "swiss", nil)
	su, err := d.Kiosk.KioskSignUp(ctx, e.ID, "", director.NewPlayer{Name: "Noor Haddad"})
	if err != nil || su.Entry.ID == 0 || !su.Entry.CheckedIn {
		t.Fatalf("sign-up: %+v, %v", su, err)
	}
	code, err := d.Phones.PlayerCode(ctx, su.Entry.ID)
	if err != nil || su.Code.Code != code {
		t.Fatalf("the kiosk shows %q; her code is %q (%v)", su.Code.Code, code, err)
	}
	log, _ := d.Events.Log(ctx, e.ID)
	if len(log) == 0 || log[len(log)-1].Message.In(i18n.English) != "player code shown to the new player on the desktop kiosk: Noor Haddad" {
		t.Fatalf("the log ends %+v", log)
	}
}

// The desk and the slips reveal codes, and each reveal is a line of the
// event's log.
func TestEveryRevealAtTheDeskIsLogged(t *testing.T) {
	ctx, d, e := openEvent(t, "generic", "swiss", nil)
	entries := register(t, d, e.ID, "Ada Lovelace", "Grace Hopper", "Alan Turing")
	desk, err := d.Phones.RevealPlayerCode(ctx, entries[0].ID, director.CodeReveal{Via: director.RevealDesk})
	must(t, err)
	slip, err := d.Phones.RevealPlayerCode(ctx, entries[0].ID, director.CodeReveal{Via: director.RevealSlip})
	if err != nil || slip != desk {
		t.Fatalf("revealed again: %+v, %v; want the same %+v", slip, err, desk)
	}
	all, err := d.Phones.RevealPlayerCodes(ctx, e.ID)
	if err != nil || len(all) != 3 || all[entries[0].ID] != desk {
		t.Fatalf("all: %+v, %v", all, err)
	}
	log, _ := d.Events.Log(ctx, e.ID)
	var said []string
	for _, l := range log {
		if strings.Contains(l.Message.Format, "player code") {
			said = append(said, l.Message.In(i18n.English))
		}
	}
	want := []string{"player code shown at the desk: Ada Lovelace", "player slip printed with her player code: Ada Lovelace",
		"player slips printed with the player codes of 3 players"}
	if fmt.Sprint(said) != fmt.Sprint(want) {
		t.Fatalf("the log says\n%q\nwant\n%q", said, want)
	}
}

func signInByLink(d *director.Director, e event.EventID, entry event.EntryID, link, token string) (string, error) {
	return d.Phones.SignInPlayerByLink(context.Background(), director.PlayerLinkTry{Event: e, Entry: entry, LinkToken: link,
		Device: "0123456789abcdef0123456789abcdef", Address: "192.168.1.50", Token: token, TTL: time.Hour})
}

// The QR code's link token signs her in, and only her: it is 192 bits,
// not the code, different for each player and event; a wrong one is
// refused however often, and her right one then still works (nothing to
// spend). The sign-in is in the sign-in log with the phone.
func TestALinkTokenSignsInOnlyItsPlayer(t *testing.T) {
	ctx, d, _, e, entries := playerEvent(t, 3)
	ada, bea := entries[0], entries[1]
	if _, err := signInByLink(d, e.ID, ada.ID, strings.Repeat("A", director.PlayerLinkTokenLength), "t0"); !errors.Is(err, director.ErrWrongPlayerLink) {
		t.Fatalf("before any code was drawn: %v; want ErrWrongPlayerLink", err)
	}
	a, err := d.Phones.RevealPlayerCode(ctx, ada.ID, director.CodeReveal{Via: director.RevealSlip})
	must(t, err)
	b, err := d.Phones.RevealPlayerCode(ctx, bea.ID, director.CodeReveal{Via: director.RevealSlip})
	must(t, err)
	if len(a.Token) != director.PlayerLinkTokenLength || a.Token == b.Token || strings.Contains(a.Token, a.Code) {
		t.Fatalf("tokens %q and %q (codes %q, %q)", a.Token, b.Token, a.Code, b.Code)
	}
	for i := range 50 {
		wrong := []byte(a.Token)
		wrong[i%len(wrong)] ^= 1
		if _, err := signInByLink(d, e.ID, ada.ID, string(wrong), "t1"); !errors.Is(err, director.ErrWrongPlayerLink) {
			t.Fatalf("an altered token: %v", err)
		}
	}
	if _, err := signInByLink(d, e.ID, ada.ID, b.Token, "t1"); !errors.Is(err, director.ErrWrongPlayerLink) {
		t.Fatalf("Bea's token for Ada: %v", err)
	}
	if _, err := signInByLink(d, e.ID, ada.ID, a.Code, "t1"); !errors.Is(err, director.ErrWrongPlayerLink) {
		t.Fatalf("her code as a token: %v", err)
	}
	if _, err := signInByLink(d, e.ID+1, ada.ID, a.Token, "t1"); !errors.Is(err, event.ErrNotFound) {
		t.Fatalf("her token at another event: %v", err)
	}
	name, err := signInByLink(d, e.ID, ada.ID, a.Token, "t2")
	if err != nil || name != ada.Name {
		t.Fatalf("her own token: %q, %v", name, err)
	}
	if ps, ok, _ := d.Phones.PlayerSessionOf(ctx, e.ID, "t2", ""); !ok || ps.Entry != ada.ID {
		t.Fatalf("session = %+v, %v", ps, ok)
	}
	if _, ok, _ := d.Phones.PlayerSessionOf(ctx, e.ID, "t1", ""); ok {
		t.Fatal("a refused token left a session")
	}
	lines, err := d.Phones.SignInLog(ctx, 10)
	if err != nil || len(lines) != 1 || lines[0].Outcome != "signed-in" || lines[0].Kind != director.KindPlayer || lines[0].Address != "192.168.1.50" {
		t.Fatalf("the sign-in log: %+v, %v", lines, err)
	}
}
