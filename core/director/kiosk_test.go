package director_test

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
)

func TestKioskSearchShowsNamesOnlyFromThreeCharacters(t *testing.T) {
	ctx, d, e := openEvent(t, "generic", "swiss", nil)
	register(t, d, e.ID, "Zoë Ødegård", "Zoe Park", "Bob Stone")
	regular, err := d.Registration.AddPlayer(ctx, director.NewPlayer{Name: "Zoltan Kiss", MemberNo: "KF-1234"})
	must(t, err)
	if got, _ := d.Kiosk.KioskSearch(ctx, e.ID, " zo "); len(got) != 0 {
		t.Errorf("two characters list %v", got)
	}
	got, err := d.Kiosk.KioskSearch(ctx, e.ID, "ZOË")
	if err != nil || len(got) != 2 || got[0].Name != "Zoë Ødegård" || got[0].EntryID == 0 {
		t.Fatalf("ZOË finds %+v, %v", got, err)
	}
	// Accents are ignored: "zoe od" finds Zoë Ødegård.
	if got, _ := d.Kiosk.KioskSearch(ctx, e.ID, "zoe od"); len(got) != 1 || got[0].Name != "Zoë Ødegård" {
		t.Errorf("zoe od finds %+v", got)
	}
	got, _ = d.Kiosk.KioskSearch(ctx, e.ID, "zol")
	if len(got) != 1 || got[0].PlayerID != regular.ID || got[0].EntryID != 0 {
		t.Errorf("a regular not entered yet: %+v", got)
	}
	// A member number matches whole, never in part.
	if got, _ := d.Kiosk.KioskSearch(ctx, e.ID, "KF-12"); len(got) != 0 {
		t.Errorf("part of a member number lists %+v", got)
	}
	if got, _ := d.Kiosk.KioskSearch(ctx, e.ID, "kf-1234"); len(got) != 1 || got[0].Name != "Zoltan Kiss" {
		t.Errorf("a whole member number finds %+v", got)
	}
}

func TestKioskCheckInEntersARegularAndClosesWithRoundOne(t *testing.T) {
	ctx, d, e := openEvent(t, "generic", "swiss", nil)
	en := register(t, d, e.ID, "Ada Lovelace", "Bob Stone")
	regular, _ := d.Registration.AddPlayer(ctx, director.NewPlayer{Name: "Cy Twombly"})
	if _, err := d.Kiosk.KioskCheckIn(ctx, e.ID, en[0].PlayerID); err != nil {
		t.Fatal(err)
	}
	got, err := d.Kiosk.KioskCheckIn(ctx, e.ID, regular.ID)
	if err != nil || got.ID == 0 || !got.CheckedIn {
		t.Fatalf("the regular: %+v, %v", got, err)
	}
	// Round 1 waits for Bob, who did not check in, and names him.
	if _, err := d.Rounds.PairNextRound(ctx, e.ID); !errors.Is(err, event.ErrState) || !errors.Is(err, director.ErrNotCheckedIn) || !strings.Contains(event.Message(err), "Bob Stone") {
		t.Fatalf("pairing with Bob absent: %v", err)
	}
	dropped, err := d.Registration.DropAbsent(ctx, e.ID)
	if err != nil || len(dropped) != 1 || dropped[0] != "Bob Stone" {
		t.Fatalf("dropped %v, %v", dropped, err)
	}
	if _, err := d.Rounds.PairNextRound(ctx, e.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := d.Kiosk.KioskCheckIn(ctx, e.ID, en[1].PlayerID); !errors.Is(err, event.ErrState) || !strings.Contains(event.Message(err), "closed when round 1 was paired") {
		t.Errorf("check-in after round 1: %v", err)
	}
	if _, err := d.Kiosk.KioskSignUp(ctx, e.ID, "", director.NewPlayer{Name: "Late Comer"}); !errors.Is(err, event.ErrState) {
		t.Errorf("sign-up after round 1: %v", err)
	}
}

func TestKioskSignUpNeverNamesAMemberNumbersOwner(t *testing.T) {
	ctx, d, e := openEvent(t, "generic", "swiss", nil)
	if _, err := d.Registration.AddPlayer(ctx, director.NewPlayer{Name: "Grace Hopper", MemberNo: "77"}); err != nil {
		t.Fatal(err)
	}
	_, err := d.Kiosk.KioskSignUp(ctx, e.ID, "", director.NewPlayer{Name: "Mallory", MemberNo: "77"})
	if !errors.Is(err, event.ErrConflict) || strings.Contains(event.Message(err), "Grace") {
		t.Errorf("sign-up with another's number: %v", err)
	}
	su, err := d.Kiosk.KioskSignUp(ctx, e.ID, "", director.NewPlayer{Name: "grace hopper", MemberNo: "77", Email: "x@y"})
	en := su.Entry
	if err != nil || !en.CheckedIn || en.Name != "Grace Hopper" {
		t.Errorf("a regular signing up with her own number: %+v, %v", en, err)
	}
	if _, err := d.Kiosk.KioskSignUp(ctx, e.ID, "", director.NewPlayer{Name: "  "}); !errors.Is(err, event.ErrInvalid) {
		t.Errorf("a blank name: %v", err)
	}
}

func TestKioskPIN(t *testing.T) {
	ctx := context.Background()
	d, _ := newDirector(t)
	if ok, _ := d.Kiosk.HasKioskPIN(ctx); ok {
		t.Fatal("a PIN before one is set")
	}
	for _, bad := range []string{"", "123", "123456789", "12a4"} {
		if err := d.Kiosk.SetKioskPIN(ctx, bad); !errors.Is(err, event.ErrInvalid) {
			t.Errorf("PIN %q: %v", bad, err)
		}
	}
	must(t, d.Kiosk.SetKioskPIN(ctx, "2468"))
	if ok, err := d.Kiosk.CheckKioskPIN(ctx, "2468"); !ok || err != nil {
		t.Errorf("the right PIN: %v, %v", ok, err)
	}
	if ok, _ := d.Kiosk.CheckKioskPIN(ctx, "2469"); ok {
		t.Error("a wrong PIN opened the kiosk")
	}
}

// Ghost sign-up (issue 11): "chris lee" typed at "I'm new here" while
// "Chris Lee" is registered and checked in must not register a second
// player; the kiosk is told who has that name instead.
func TestKioskGhostSignUpAsksIsThisYouForARegisteredName(t *testing.T) {
	ctx, d, e := openEvent(t, "generic", "swiss", nil)
	chris := register(t, d, e.ID, "Chris Lee", "Zoë Ødegård")
	must(t, d.Registration.CheckIn(ctx, chris[0].ID, true))
	for _, typed := range []string{"chris lee", "  CHRIS   LEE ", "Chrís Lee"} {
		got, err := d.Kiosk.KioskSignUp(ctx, e.ID, "", director.NewPlayer{Name: typed})
		if err != nil || got.Entry.ID != 0 || len(got.SameName) != 1 {
			t.Fatalf("%q: %+v, %v", typed, got, err)
		}
		if m := got.SameName[0]; m.EntryID != chris[0].ID || m.Name != "Chris Lee" || !m.CheckedIn {
			t.Errorf("%q: the match is %+v", typed, m)
		}
	}
	// "zoe odegard" is Zoë Ødegård, not checked in yet.
	got, err := d.Kiosk.KioskSignUp(ctx, e.ID, "", director.NewPlayer{Name: "zoe odegard"})
	if err != nil || len(got.SameName) != 1 || got.SameName[0].EntryID != chris[1].ID || got.SameName[0].CheckedIn {
		t.Fatalf("zoe odegard: %+v, %v", got, err)
	}
	// Choosing "that's me" checks the existing entry in: still two entries.
	en, err := d.Kiosk.KioskCheckIn(ctx, e.ID, got.SameName[0].PlayerID)
	if err != nil || en.ID != chris[1].ID || !en.CheckedIn {
		t.Fatalf("checking Zoë in: %+v, %v", en, err)
	}
	entries, _ := d.Registration.Entries(ctx, e.ID)
	if len(entries) != 2 {
		t.Fatalf("%d entries after the sign-ups, want 2 (no ghost)", len(entries))
	}
	// A part of the name is somebody else: "Chris" alone signs up.
	if got, err := d.Kiosk.KioskSignUp(ctx, e.ID, "", director.NewPlayer{Name: "Chris Leeds"}); err != nil || got.Entry.ID == 0 || got.Entry.Namesake {
		t.Errorf("Chris Leeds: %+v, %v", got, err)
	}
}

// A name only in the directory (a regular from last week) leads to that
// player, who is entered by checking in; a member number of the same
// player checks them in straight away.
func TestKioskGhostSignUpLeadsToTheDirectoryPlayer(t *testing.T) {
	ctx, d, e := openEvent(t, "generic", "swiss", nil)
	regular, err := d.Registration.AddPlayer(ctx, director.NewPlayer{Name: "Ana Ortiz", MemberNo: "KF-9"})
	must(t, err)
	got, err := d.Kiosk.KioskSignUp(ctx, e.ID, "", director.NewPlayer{Name: "ana ortiz"})
	if err != nil || len(got.SameName) != 1 || got.SameName[0].PlayerID != regular.ID || got.SameName[0].EntryID != 0 {
		t.Fatalf("ana ortiz: %+v, %v", got, err)
	}
	if entries, _ := d.Registration.Entries(ctx, e.ID); len(entries) != 0 {
		t.Fatalf("asking entered %+v", entries)
	}
	got, err = d.Kiosk.KioskSignUp(ctx, e.ID, "", director.NewPlayer{Name: "ANA ORTIZ", MemberNo: "KF-9"})
	if err != nil || got.Entry.PlayerID != regular.ID || !got.Entry.CheckedIn || got.Entry.Namesake {
		t.Fatalf("with her member number: %+v, %v", got, err)
	}
	// Once more with the number: the same entry, not a conflict.
	again, err := d.Kiosk.KioskSignUp(ctx, e.ID, "", director.NewPlayer{Name: "Ana Ortiz", MemberNo: "KF-9"})
	if err != nil || again.Entry.ID != got.Entry.ID {
		t.Fatalf("signing up twice with the number: %+v, %v", again, err)
	}
}

// A true namesake is added only through KioskSignUpNamesake, and the entry
// is marked for the organizer; a name nobody has is never marked.
func TestKioskGhostSignUpANamesakeIsAddedOnlyWhenSaidAndMarked(t *testing.T) {
	ctx, d, e := openEvent(t, "generic", "swiss", nil)
	chris := register(t, d, e.ID, "Chris Lee")
	su, err := d.Kiosk.KioskSignUpNamesake(ctx, e.ID, "", director.NewPlayer{Name: "chris lee"})
	en := su.Entry
	if err != nil || en.ID == 0 || en.ID == chris[0].ID || !en.CheckedIn || !en.Namesake {
		t.Fatalf("the namesake: %+v, %v", en, err)
	}
	entries, _ := d.Registration.Entries(ctx, e.ID)
	marked := 0
	for _, x := range entries {
		if x.Namesake {
			marked++
		}
	}
	if len(entries) != 2 || marked != 1 {
		t.Fatalf("entries %+v", entries)
	}
	log, err := d.Events.Log(ctx, e.ID)
	if err != nil || len(log) < 2 || !strings.Contains(log[len(log)-2].Message.String(), "namesake") {
		t.Errorf("the log does not say so: %+v, %v", log, err)
	}
	// Said for a name nobody has: an ordinary sign-up.
	if su, err := d.Kiosk.KioskSignUpNamesake(ctx, e.ID, "", director.NewPlayer{Name: "Noor Haddad"}); err != nil || su.Entry.Namesake {
		t.Errorf("Noor: %+v, %v", en, err)
	}
}

// After round 1 the kiosk finds a player's table, seat, opponent and the
// round's clock in one read; a draft round shows no table.
func TestKioskFindMyTableAfterRoundOne(t *testing.T) {
	ctx, d, e := openEvent(t, "generic", "swiss", nil)
	entries := register(t, d, e.ID, "Chris Lee", "Zoë Ødegård", "Bob Stone", "Ana Ortiz", "Dev Patel")
	for _, en := range entries {
		must(t, d.Registration.CheckIn(ctx, en.ID, true))
	}
	if v, err := d.Kiosk.KioskFindTable(ctx, e.ID, "chris"); err != nil || v.Round != 0 || len(v.Seats) != 0 {
		t.Fatalf("before round 1: %+v, %v", v, err)
	}
	r := mustCall(t, d.Rounds.PairNextRound, e.ID)
	if v, _ := d.Kiosk.KioskFindTable(ctx, e.ID, "chris"); v.Round != 1 || v.Published || len(v.Seats) != 0 {
		t.Fatalf("a draft round shows %+v", v)
	}
	must(t, d.Drafts.PublishRound(ctx, e.ID, 1))
	if _, err := d.Clocks.StartClock(ctx, e.ID, 1); err != nil {
		t.Fatal(err)
	}
	if v, _ := d.Kiosk.KioskFindTable(ctx, e.ID, "ch"); len(v.Seats) != 0 {
		t.Errorf("two characters find %+v", v.Seats)
	}
	names := map[event.EntryID]string{}
	for _, en := range entries {
		names[en.ID] = en.Name
	}
	for _, want := range r.Tables {
		for k := range want.Seats {
			checkKioskSeat(t, d, e.ID, want, k, names)
		}
	}
	// A dropped player is not playing; a late entry joins later.
	must(t, d.Registration.Drop(ctx, entries[4].ID))
	late, err := d.Registration.RegisterNew(ctx, e.ID, director.NewPlayer{Name: "Dev Late"})
	must(t, err)
	v, _ := d.Kiosk.KioskFindTable(ctx, e.ID, "dev")
	if len(v.Seats) != 2 || !v.Seats[0].Playing || v.Seats[1].Name != late.Name || v.Seats[1].Playing {
		t.Errorf("dev: %+v", v.Seats)
	}
	for _, tb := range r.Tables {
		if !tb.Bye {
			must(t, d.Rounds.RecordResult(ctx, e.ID, 1, tb.Number, event.Result{Seats: []event.SeatResult{{GamesWon: 2}, {GamesWon: 0}}}))
		}
	}
	if v, _ := d.Kiosk.KioskFindTable(ctx, e.ID, "chris"); len(v.Seats) != 1 || !v.Seats[0].Reported {
		t.Errorf("a reported table: %+v", v.Seats)
	}
	must(t, d.Events.FinishEvent(ctx, e.ID))
	if v, _ := d.Kiosk.KioskFindTable(ctx, e.ID, "chris"); !v.Finished || len(v.Seats) != 0 {
		t.Errorf("a finished event: %+v", v)
	}
}

// checkKioskSeat checks the kiosk finds the player in seat k of table want
// by her folded name, at her table and seat, with her opponent (none for
// a bye), the round published and its clock started.
func checkKioskSeat(t *testing.T, d *director.Director, id event.EventID, want event.Table, k int, names map[event.EntryID]string) {
	t.Helper()
	name := names[want.Seats[k].EntryID]
	v, err := d.Kiosk.KioskFindTable(context.Background(), id, strings.ToLower(event.FoldName(name)))
	if err != nil || len(v.Seats) != 1 || !v.Published || !v.Clock.Started() {
		t.Fatalf("%s: %+v, %v", name, v, err)
	}
	got := v.Seats[0]
	if got.Name != name || !got.Playing || got.Table != want.Number || got.Seat != k+1 || got.Bye != want.Bye {
		t.Errorf("%s: %+v, want table %d seat %d", name, got, want.Number, k+1)
	}
	if !want.Bye && (len(got.Opponents) != 1 || got.Opponents[0] != names[want.Seats[1-k].EntryID]) {
		t.Errorf("%s plays %v", name, got.Opponents)
	}
	if want.Bye && len(got.Opponents) != 0 {
		t.Errorf("%s has the bye and opponents %v", name, got.Opponents)
	}
}

// The time left at a table is the round's plus the table's extension (S11).
func TestKioskFindMyTableTimeLeftCountsTheExtension(t *testing.T) {
	start := time.Date(2026, 11, 20, 18, 0, 0, 0, time.UTC)
	v := director.KioskTables{Clock: event.Clock{Duration: 50 * time.Minute, StartedAt: start}}
	now := start.Add(45 * time.Minute)
	if r := v.TimeLeft(director.KioskSeat{}, now); r.Remaining != 5*time.Minute || r.Expired {
		t.Errorf("no extension: %+v", r)
	}
	if r := v.TimeLeft(director.KioskSeat{Extension: 3 * time.Minute}, now.Add(6*time.Minute)); r.Remaining != 2*time.Minute || r.Expired {
		t.Errorf("3 minutes' extension, a minute after time: %+v", r)
	}
	if r := v.TimeLeft(director.KioskSeat{}, now.Add(6*time.Minute)); !r.Expired {
		t.Errorf("time is up: %+v", r)
	}
	if r := (director.KioskTables{}).TimeLeft(director.KioskSeat{Extension: time.Minute}, now); r.Timed || r.Remaining != 0 {
		t.Errorf("untimed: %+v", r)
	}
}

// Ghost sign-up (issue 11): the "Is this you?" sentence says whether one
// player or several have the name, and whether they are signed up for this
// event or known from earlier ones, in the reader's language.
func TestSameNameTextSaysWhoHasTheName(t *testing.T) {
	entered := director.KioskMatch{EntryID: 1}
	regular := director.KioskMatch{}
	for _, c := range []struct {
		ms       []director.KioskMatch
		english  string
		inFrench string
	}{
		{[]director.KioskMatch{entered}, "A player called “Sam” is already signed up for this event. If that's you, choose your name.",
			"Un joueur nommé «\u00a0Sam\u00a0» est déjà inscrit à ce tournoi. Si c’est vous, choisissez votre nom."},
		{[]director.KioskMatch{regular}, "A player called “Sam” has played here before. If that's you, choose your name.",
			"Un joueur nommé «\u00a0Sam\u00a0» a déjà joué ici. Si c’est vous, choisissez votre nom."},
		{[]director.KioskMatch{regular, entered}, "Players called “Sam” are already signed up for this event. If one of them is you, choose your name.",
			"Des joueurs nommés «\u00a0Sam\u00a0» sont déjà inscrits à ce tournoi. Si l’un d’eux est vous, choisissez votre nom."},
		{[]director.KioskMatch{regular, regular}, "Players called “Sam” have played here before. If one of them is you, choose your name.",
			"Des joueurs nommés «\u00a0Sam\u00a0» ont déjà joué ici. Si l’un d’eux est vous, choisissez votre nom."},
	} {
		text := director.SameNameText("Sam", c.ms)
		if got := text.In(i18n.English); got != c.english {
			t.Errorf("got %q, want %q", got, c.english)
		}
		if got := text.In(i18n.French); got != c.inFrench {
			t.Errorf("got %q, want %q", got, c.inFrench)
		}
	}
}

// A name in a script written without spaces is found from two characters
// (王芳 is a whole name); Latin names keep three, and one character lists
// nobody. The kiosk's search, the Board's Find and MinQuery agree.
func TestTwoCharacterNamesAreFoundInScriptsWithoutSpaces(t *testing.T) {
	ctx, d, e := alteredEvent(t, "standard-bo3")
	register(t, d, e.ID, "王芳", "李小龙", "김민준", "Zoë Ødegård", "สมชาย ใจดี")

	b := mustCall(t, d.Views.Board, e.ID)
	for _, c := range []struct {
		query string
		min   int
		want  []string
	}{
		{"王芳", 2, []string{"王芳"}},
		{" 王芳 ", 2, []string{"王芳"}},
		{"王", 2, nil},
		{"李", 2, nil},
		{"小龙", 2, []string{"李小龙"}},
		// Korean puts spaces between words, not inside a name, and each
		// block is a syllable: two syllables are enough.
		{"김민준", 2, []string{"김민준"}},
		{"민준", 2, []string{"김민준"}},
		{"김", 2, nil},
		{"สม", 2, []string{"สมชาย ใจดี"}},
		{"Zoë", 3, []string{"Zoë Ødegård"}},
		{"zoe", 3, []string{"Zoë Ødegård"}},
		{"Zo", 3, nil},
		{"Z", 3, nil},
	} {
		if got := director.MinQuery(c.query); got != c.min {
			t.Errorf("MinQuery(%q) = %d, want %d", c.query, got, c.min)
		}
		if got := director.QueryTooShort(c.query); got != (c.want == nil) {
			t.Errorf("QueryTooShort(%q) = %v", c.query, got)
		}
		var names []string
		for _, s := range b.Find(c.query) {
			names = append(names, s.Name)
		}
		if !slices.Equal(names, c.want) {
			t.Errorf("Board.Find(%q) = %q, want %q", c.query, names, c.want)
		}
		ms, err := d.Kiosk.KioskSearch(ctx, e.ID, c.query)
		must(t, err)
		names = nil
		for _, m := range ms {
			names = append(names, m.Name)
		}
		if !slices.Equal(names, c.want) {
			t.Errorf("KioskSearch(%q) = %q, want %q", c.query, names, c.want)
		}
	}
}
