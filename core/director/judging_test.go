package director_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/core/judgelog"
)

// judgedEvent returns a published round 1 of a four-player event of the
// game and format, and its head judge.
func judgedEvent(t *testing.T, game, format string) (*director.Director, event.Event, event.Judge, event.Round) {
	t.Helper()
	ctx, d, e := openEvent(t, game, format, nil)
	register(t, d, e.ID, "Ada Lovelace", "Bob Stone", "Carol Reed", "Dan Brown")
	j, err := d.Judging.AddJudge(ctx, e.ID, director.NewJudge{Name: "Grace Hopper", Role: event.RoleHeadJudge})
	must(t, err)
	r := mustCall(t, d.Rounds.PairNextRound, e.ID)
	must(t, d.Drafts.PublishRound(ctx, e.ID, 1))
	return d, e, j, r
}

func standingOf(t *testing.T, d *director.Director, id event.EventID, entry event.EntryID) (points, deducted int) {
	t.Helper()
	st, err := d.Rounds.Standings(context.Background(), id)
	must(t, err)
	for _, s := range st {
		if s.EntryID == entry {
			return s.Points, s.Deducted
		}
	}
	t.Fatalf("entry %d not in the standings", entry)
	return 0, 0
}

// Rule S9: a stalling point deduction lowers the player's points in the
// standings; a corrective Void entry gives them back.
func TestAPointDeductionChangesTheStandingsUntilWithdrawn(t *testing.T) {
	ctx := context.Background()
	d, e, j, r := judgedEvent(t, "shadowfist", "big-man")
	tb := r.Tables[0]
	a, b := tb.Seats[0].EntryID, tb.Seats[1].EntryID
	// A game of Who's the Big Man Now? is placed (S10): seat 1 wins.
	must(t, d.Rounds.RecordResult(ctx, e.ID, 1, tb.Number, event.Result{Seats: []event.SeatResult{{Place: 1}, {}}}))
	ded, err := d.Judging.LogJudgeEntry(ctx, event.JudgeLogEntry{EventID: e.ID, Round: 1, Table: tb.Number, JudgeID: j.ID, EntryID: a,
		Kind: event.LogPenalty, Infraction: "stalling", Penalty: judgelog.PointDeduction, Points: 3, Description: "second stall"})
	must(t, err)
	if p, dd := standingOf(t, d, e.ID, a); p != 1 || dd != 3 {
		t.Errorf("after the deduction %d points, %d deducted; want 1 and 3", p, dd)
	}
	if _, err := d.Judging.LogJudgeEntry(ctx, event.JudgeLogEntry{EventID: e.ID, JudgeID: j.ID, EntryID: a, Kind: event.LogPenalty,
		Penalty: judgelog.Void, Corrects: ded.ID, Description: "wrong player"}); err != nil {
		t.Fatal(err)
	}
	if p, dd := standingOf(t, d, e.ID, a); p != 4 || dd != 0 {
		t.Errorf("after the withdrawal %d points, %d deducted; want 4 and 0", p, dd)
	}
	if p, _ := standingOf(t, d, e.ID, b); p != 0 {
		t.Errorf("the opponent has %d points", p)
	}
}

// Rule K10: a disqualification drops the player and, mid-match, gives
// the match to the opponent; withdrawing it reinstates the player.
func TestADisqualificationMidMatchGivesTheOpponentTheMatch(t *testing.T) {
	ctx := context.Background()
	d, e, j, r := judgedEvent(t, "keyforge", "archon-standard")
	tb := r.Tables[0]
	if tb.Bye {
		tb = r.Tables[1]
	}
	cheat, opp := tb.Seats[0].EntryID, tb.Seats[1].EntryID
	dq, err := d.Judging.LogJudgeEntry(ctx, event.JudgeLogEntry{EventID: e.ID, Round: 1, Table: tb.Number, JudgeID: j.ID, EntryID: cheat,
		Kind: event.LogPenalty, Infraction: "cheating", Penalty: judgelog.Disqualification, Description: "marked cards"})
	must(t, err)
	rs, _ := d.Rounds.Rounds(ctx, e.ID)
	got := rs[0].Tables[tb.Number-1]
	if got.Result == nil || got.Result.Seats[1].GamesWon == 0 || got.Seats[1].EntryID != opp {
		t.Fatalf("table after the disqualification: %+v", got.Result)
	}
	entry := func(id event.EntryID) event.Entry { return entryOf(t, d, e.ID, id) }
	if en := entry(cheat); en.Status != event.EntryDisqualified {
		t.Errorf("status %v", en.Status)
	}
	if _, err := d.Judging.LogJudgeEntry(ctx, event.JudgeLogEntry{EventID: e.ID, JudgeID: j.ID, EntryID: cheat, Kind: event.LogPenalty,
		Penalty: judgelog.Void, Corrects: dq.ID, Description: "overturned on appeal"}); err != nil {
		t.Fatal(err)
	}
	if en := entry(cheat); en.Status != event.EntryActive {
		t.Errorf("after the withdrawal: %v", en.Status)
	}
}

// A match loss enters the table's result; an extension adds time to the
// table (S11), and a refused entry changes nothing.
func TestAMatchLossAndAnExtension(t *testing.T) {
	ctx := context.Background()
	d, e, j, r := judgedEvent(t, "generic", "swiss")
	tb := r.Tables[0]
	if _, err := d.Judging.LogJudgeEntry(ctx, event.JudgeLogEntry{EventID: e.ID, Round: 1, Table: tb.Number, JudgeID: j.ID, EntryID: tb.Seats[1].EntryID,
		Kind: event.LogPenalty, Infraction: "absence", Penalty: judgelog.MatchLoss}); err != nil {
		t.Fatal(err)
	}
	if _, err := d.Judging.LogJudgeEntry(ctx, event.JudgeLogEntry{EventID: e.ID, Round: 1, Table: tb.Number, JudgeID: j.ID,
		Kind: event.LogExtension, Extension: 4 * time.Minute, Description: "long ruling"}); err != nil {
		t.Fatal(err)
	}
	rs, _ := d.Rounds.Rounds(ctx, e.ID)
	got := rs[0].Tables[0]
	if got.Result == nil || got.Result.Seats[0].GamesWon != 2 || got.Extension != 4*time.Minute {
		t.Errorf("table: result %+v, extension %v", got.Result, got.Extension)
	}
	_, err := d.Judging.LogJudgeEntry(ctx, event.JudgeLogEntry{EventID: e.ID, Kind: event.LogPenalty, Penalty: judgelog.FormalWarning})
	if !errors.Is(err, event.ErrInvalid) {
		t.Errorf("an entry without a judge: %v", err)
	}
	log, _ := d.Judging.JudgeLog(ctx, e.ID)
	if len(log) != 2 {
		t.Errorf("%d log entries, want 2", len(log))
	}
}

func TestTheJudgeRoster(t *testing.T) {
	ctx, d, e := openEvent(t, "shadowfist", "final-brawl", nil)
	if problem, err := d.Judging.RosterProblem(ctx, e.ID); err != nil || problem == nil {
		t.Errorf("a Shadowfist event without a head judge has no roster problem (%v)", err)
	}
	if _, err := d.Judging.AddJudge(ctx, e.ID, director.NewJudge{Name: "Ana", Role: event.RoleHeadJudge}); err != nil {
		t.Fatal(err)
	}
	if _, err := d.Judging.AddJudge(ctx, e.ID, director.NewJudge{Name: "Ben", Role: event.RoleHeadJudge}); !errors.Is(err, event.ErrConflict) {
		t.Errorf("a second head judge: %v", err)
	}
	if _, err := d.Judging.AddJudge(ctx, e.ID, director.NewJudge{Name: "ana", Role: event.RoleJudge, Order: 2}); !errors.Is(err, event.ErrConflict) {
		t.Errorf("the same judge twice: %v", err)
	}
	if problem, err := d.Judging.RosterProblem(ctx, e.ID); problem != nil || err != nil {
		t.Errorf("roster problem %v (%v)", problem, err)
	}
}

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
	c.Add(2 * time.Hour) // past the session's hour
	if err := d.Phones.ChooseJudge(ctx, judge.Token, other.ID, ida.ID); !errors.Is(err, event.ErrState) {
		t.Errorf("an expired session chose a judge: %v, want ErrState", err)
	}
}
