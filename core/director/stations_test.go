package director_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
)

// The scorekeeper code is a third secret: it signs in stations only, a
// station needs a name and keeps it on its session, and a new code signs
// every station out, and no judge.
func TestScorekeeperCodeSignsStationsInWithTheirName(t *testing.T) {
	ctx := context.Background()
	d, _, _ := signInDirector(t)
	pin, _ := d.Phones.JudgePIN(ctx)
	kiosk, _ := d.Phones.KioskCode(ctx)
	code, err := d.Stations.ScorekeeperCode(ctx)
	if err != nil || code == pin || code == kiosk || len(code) != director.SecretLength {
		t.Fatalf("scorekeeper code %q, %v (PIN %q, kiosk %q)", code, err, pin, kiosk)
	}
	again, _ := d.Stations.ScorekeeperCode(ctx)
	if again != code {
		t.Errorf("the code changed on reading: %q, then %q", code, again)
	}
	stationSignInRefusals(t, d, code, pin, kiosk)
	st := try(director.KindScorekeeper, strings.ToLower(director.FormatSecret(code)), "dev1", 5)
	st.Name = "  Bea   Martin "
	must(t, d.Phones.SignIn(ctx, st))
	judge := try(director.KindJudge, pin, "dev2", 6)
	must(t, d.Phones.SignIn(ctx, judge))
	s, ok, err := d.Phones.StaffSessionOf(ctx, director.KindScorekeeper, st.Token, "10.0.0.5")
	if err != nil || !ok || s.Name != "Bea Martin" || s.Kind != director.KindScorekeeper {
		t.Fatalf("station session %+v, %v, %v", s, ok, err)
	}
	if _, ok, _ := d.Phones.StaffSessionOf(ctx, director.KindJudge, st.Token, ""); ok {
		t.Error("a station's session passed as a judge's")
	}
	devices, _ := d.Phones.SignedInDevices(ctx)
	if len(devices) != 2 {
		t.Errorf("signed in: %+v", devices)
	}
	renewed, err := d.Stations.RenewScorekeeperCode(ctx)
	if err != nil || renewed == code {
		t.Fatalf("renewed %q, %v", renewed, err)
	}
	if s, ok, _ := d.Phones.StaffSessionOf(ctx, director.KindScorekeeper, st.Token, ""); ok || s.Why != director.WhyRenewed {
		t.Errorf("a station stayed signed in after a new code: %+v", s)
	}
	if _, ok, _ := d.Phones.StaffSessionOf(ctx, director.KindJudge, judge.Token, ""); !ok {
		t.Error("a new scorekeeper code signed a judge out")
	}
	if _, err := d.Stations.SetScorekeeperCode(ctx, "abc"); !errors.Is(err, event.ErrInvalid) {
		t.Errorf("a short chosen code: %v", err)
	}
	if got, err := d.Stations.SetScorekeeperCode(ctx, "k7qm-x2pa"); err != nil || got != "K7QMX2PA" {
		t.Errorf("a chosen code: %q, %v", got, err)
	}
}

// stationSignInRefusals: another secret signs no station in, the
// scorekeeper code signs no judge in, and a station needs a name of at
// most MaxStationName characters.
func stationSignInRefusals(t *testing.T, d *director.Director, code, pin, kiosk string) {
	t.Helper()
	ctx := context.Background()
	for _, s := range []string{pin, kiosk} {
		tr := try(director.KindScorekeeper, s, "dev1", 1)
		tr.Name = "Bea"
		if err := d.Phones.SignIn(ctx, tr); !errors.Is(err, director.ErrWrongPIN) {
			t.Errorf("another secret signed a station in: %v", err)
		}
	}
	if err := d.Phones.SignIn(ctx, try(director.KindJudge, code, "dev1", 2)); !errors.Is(err, director.ErrWrongPIN) {
		t.Errorf("the scorekeeper code signed a judge in: %v", err)
	}
	noName := try(director.KindScorekeeper, code, "dev1", 3)
	if err := d.Phones.SignIn(ctx, noName); !errors.Is(err, event.ErrInvalid) || !strings.Contains(event.Message(err), "name") {
		t.Errorf("a station without a name: %v", err)
	}
	long := try(director.KindScorekeeper, code, "dev1", 4)
	long.Name = strings.Repeat("n", director.MaxStationName+1)
	if err := d.Phones.SignIn(ctx, long); !errors.Is(err, event.ErrInvalid) {
		t.Errorf("a name of %d characters: %v", director.MaxStationName+1, err)
	}
}

// station is the station of the tests.
var station = director.Station{Device: "abc123", Name: "Bea"}

// A slip is recorded as the desk records it and logged with the station;
// a table with a result is refused unless the operator saw that result
// and confirmed replacing it; a table changed since the station showed it
// is refused with the saved result named.
func TestRecordSlipRefusesToOverwriteSilently(t *testing.T) {
	ctx := context.Background()
	d, e, r, codes := phoneEvent(t, nil, "Ada Lovelace", "Bob Stone", "Cy Young", "Dee Hall")
	t1, t2 := r.Tables[0], r.Tables[1]
	first := d1Name(t, d, e.ID, t1)
	view, err := d.Stations.StationTableOf(ctx, e.ID, t1.Number)
	if err != nil || len(view.Players) != 2 || view.Mark != "" || !view.Result.IsZero() {
		t.Fatalf("table before: %+v, %v", view, err)
	}
	slip := director.Slip{Event: e.ID, Round: 1, Table: t1.Number, Result: "2-1", Station: station}
	got, err := d.Stations.RecordSlip(ctx, slip)
	if err != nil || got.Outcome != director.SlipRecorded || got.Mark == "" || !strings.Contains(got.Said.String(), "2–1") {
		t.Fatalf("first slip: %+v, %v", got, err)
	}
	logHas(t, d, e.ID, "entered by Bea at scorekeeper station abc123")
	rounds, _ := d.Rounds.Rounds(ctx, e.ID)
	if res := rounds[0].Tables[0].Result; res == nil || res.ByPlayers || res.Seats[0].GamesWon != 2 {
		t.Fatalf("saved %+v", res)
	}
	// The same result again changes nothing.
	if again, err := d.Stations.RecordSlip(ctx, slip); err != nil || again.Outcome != director.SlipAlreadyRecorded {
		t.Errorf("the same slip again: %+v, %v", again, err)
	}
	other := refuseUnconfirmedReplacements(t, d, e.ID, slip, got, first)
	// Seen and confirmed: replaced, the log says so.
	other.Replace = true
	rep, err := d.Stations.RecordSlip(ctx, other)
	if err != nil || rep.Outcome != director.SlipReplaced || rep.Mark == got.Mark {
		t.Fatalf("a confirmed replacement: %+v, %v", rep, err)
	}
	logHas(t, d, e.ID, "corrected")
	slipOverAPhoneReport(t, d, e.ID, t2, codes)
	refuseBadSlips(t, d, e.ID, t1, t2)
}

// refuseUnconfirmedReplacements: another result over a saved one is
// refused (naming it) unless seen and confirmed, and a stale mark is
// refused; none changes anything. It returns the slip seen, not yet
// confirmed.
func refuseUnconfirmedReplacements(t *testing.T, d *director.Director, id event.EventID, slip director.Slip, got director.SlipReceipt, first string) director.Slip {
	t.Helper()
	ctx := context.Background()
	// Another result, the station having seen none: refused, naming it.
	other := slip
	other.Result = "0-2"
	before := state(t, d, id)
	_, err := d.Stations.RecordSlip(ctx, other)
	if !errors.Is(err, director.ErrTableHasResult) || !errors.Is(err, event.ErrConflict) ||
		!strings.Contains(event.Message(err), first) || !strings.Contains(event.Message(err), "2–1") || !strings.Contains(event.Message(err), "Bea") {
		t.Errorf("a slip over a result not seen: %v", err)
	}
	// Seen, not confirmed: refused the same.
	other.Seen = got.Mark
	if _, err := d.Stations.RecordSlip(ctx, other); !errors.Is(err, director.ErrTableHasResult) || !strings.Contains(event.Message(err), "look again") {
		t.Errorf("a replacement not confirmed: %v", err)
	}
	// A stale mark: refused.
	stale := other
	stale.Seen, stale.Replace = "0123456789abcdef", true
	if _, err := d.Stations.RecordSlip(ctx, stale); !errors.Is(err, director.ErrTableHasResult) || !strings.Contains(event.Message(err), "changed while you were typing") {
		t.Errorf("a stale slip: %v", err)
	}
	if after := state(t, d, id); after != before {
		t.Errorf("a refused slip changed something:\n%s\n%s", before, after)
	}
	return other
}

// slipOverAPhoneReport: a phone report now recorded makes the station's
// view stale; its refusal names the players.
func slipOverAPhoneReport(t *testing.T, d *director.Director, id event.EventID, t2 event.Table, codes map[int]string) {
	t.Helper()
	ctx := context.Background()
	if _, err := d.Network.ReportByCode(ctx, director.TableReport{Event: id, Round: 1, Table: t2.Number, Code: codes[t2.Number], Result: "2-0", Device: "phone-x"}); err != nil {
		t.Fatal(err)
	}
	_, err := d.Stations.RecordSlip(ctx, director.Slip{Event: id, Round: 1, Table: t2.Number, Result: "1-2", Station: station})
	if !errors.Is(err, director.ErrTableHasResult) || !strings.Contains(event.Message(err), "the players, from a phone") {
		t.Errorf("a slip over a phone's result: %v", err)
	}
	tv, err := d.Stations.StationTableOf(ctx, id, t2.Number)
	if err != nil || tv.Mark == "" || !strings.Contains(tv.By.String(), "phone") || tv.At == "" {
		t.Errorf("table seen: %+v, %v", tv, err)
	}
}

// refuseBadSlips: an unknown table, a result the form cannot read,
// another round, a station with no name are refused; the station's view
// then lists its two tables.
func refuseBadSlips(t *testing.T, d *director.Director, id event.EventID, t1, t2 event.Table) {
	t.Helper()
	ctx := context.Background()
	for _, bad := range []director.Slip{
		{Event: id, Round: 1, Table: 99, Result: "2-0", Station: station},
		{Event: id, Round: 1, Table: t2.Number, Result: "banana", Station: station},
		{Event: id, Round: 2, Table: t2.Number, Result: "2-0", Station: station},
		{Event: id, Round: 1, Table: t2.Number, Result: "2-0", Station: director.Station{Device: "x"}},
	} {
		if _, err := d.Stations.RecordSlip(ctx, bad); err == nil || errors.Is(err, director.ErrTableHasResult) {
			t.Errorf("slip %+v: %v", bad, err)
		}
	}
	v, err := d.Stations.StationViewOf(ctx, id, station)
	if err != nil || v.Round != 1 || len(v.Missing) != 0 || len(v.Mine) != 2 || v.Mine[0].Table != t1.Number {
		t.Errorf("the station's view: round %d, missing %+v, mine %+v, %v", v.Round, v.Missing, v.Mine, err)
	}
}

// d1Name is the name of the first player at table tb.
func d1Name(t *testing.T, d *director.Director, id event.EventID, tb event.Table) string {
	t.Helper()
	return entryOf(t, d, id, tb.Seats[0].EntryID).Name
}

// slipOp is one write of the interleavings: a station's slip (typed with
// nothing seen, no replacement) or a phone report.
type slipOp struct {
	table  int
	result string
	phone  bool
}

// Property: over many seeded random interleavings of station slips (three
// stations, each table's slip typed once or twice) and phone reports of
// the same round (with and without approval, in turn and at once), every
// table ends with exactly one recorded result that one of them typed, no
// result is ever replaced (no "corrected" line), every station slip that
// disagrees is refused naming the saved result, and every phone report
// that disagrees is on the organizer's list as one to check, once.
func TestSlipsAndPhoneReportsInterleaved(t *testing.T) {
	scores := []string{"2-0", "2-1", "1-2", "0-2"}
	names := make([]string, 16)
	for i := range names {
		names[i] = fmt.Sprintf("Player %02d", i)
	}
	for seed := range uint64(24) {
		approval, together := seed%3 == 1, seed%4 == 3
		t.Run(fmt.Sprintf("seed%d", seed), func(t *testing.T) {
			ctx := context.Background()
			d, e, r, codes := phoneEvent(t, func(s *event.Settings) { s.PhoneReportsNeedApproval = approval }, names...)
			rng := rand.New(rand.NewPCG(seed, 22))
			var ops []slipOp
			for _, tb := range r.Tables {
				for range 1 + rng.IntN(2) {
					ops = append(ops, slipOp{table: tb.Number, result: scores[rng.IntN(len(scores))]})
				}
				for range rng.IntN(3) {
					ops = append(ops, slipOp{table: tb.Number, result: scores[rng.IntN(len(scores))], phone: true})
				}
			}
			rng.Shuffle(len(ops), func(i, j int) { ops[i], ops[j] = ops[j], ops[i] })
			errs := make([]error, len(ops))
			run := func(i int) {
				op := ops[i]
				if op.phone {
					_, errs[i] = d.Network.ReportByCode(ctx, director.TableReport{Event: e.ID, Round: 1, Table: op.table, Code: codes[op.table], Result: op.result, Device: fmt.Sprintf("phone%d", i)})
					return
				}
				st := director.Station{Device: fmt.Sprintf("st%d", i%3), Name: fmt.Sprintf("Keeper %d", i%3)}
				_, errs[i] = d.Stations.RecordSlip(ctx, director.Slip{Event: e.ID, Round: 1, Table: op.table, Result: op.result, Station: st})
			}
			if together {
				var wg sync.WaitGroup
				for i := range ops {
					wg.Go(func() { run(i) })
				}
				wg.Wait()
			} else {
				for i := range ops {
					run(i)
				}
			}
			checkInterleaving(t, d, e, ops, errs)
		})
	}
}

// checkInterleaving checks the end of an interleaving (see
// TestSlipsAndPhoneReportsInterleaved).
func checkInterleaving(t *testing.T, d *director.Director, e event.Event, ops []slipOp, errs []error) {
	t.Helper()
	rounds := mustCall(t, d.Rounds.Rounds, e.ID)
	final := map[int]string{}
	for _, tb := range rounds[0].Tables {
		if tb.Result == nil {
			t.Errorf("table %d has no result", tb.Number)
			continue
		}
		final[tb.Number] = fmt.Sprintf("%d-%d", tb.Result.Seats[0].GamesWon, tb.Result.Seats[1].GamesWon)
	}
	typed := map[int]map[string]bool{}
	wantListed := map[string]bool{}
	for i, op := range ops {
		if typed[op.table] == nil {
			typed[op.table] = map[string]bool{}
		}
		typed[op.table][op.result] = true
		if checkInterleavedOp(t, op, errs[i], final[op.table]) {
			wantListed[fmt.Sprintf("%d:%s", op.table, op.result)] = true
		}
	}
	for n, res := range final {
		if !typed[n][res] {
			t.Errorf("table %d has %s, which no one typed", n, res)
		}
	}
	checkInterleavedList(t, d, e.ID, wantListed)
}

// checkInterleavedOp checks one write of an interleaving against the
// result its table has at the end, and says whether it is a phone report
// the organizer's list must show.
func checkInterleavedOp(t *testing.T, op slipOp, err error, final string) bool {
	t.Helper()
	agrees := final == op.result
	switch {
	case !op.phone && agrees && err != nil:
		t.Errorf("station slip %+v agreeing with the result was refused: %v", op, err)
	case !op.phone && !agrees && !errors.Is(err, director.ErrTableHasResult):
		t.Errorf("station slip %+v over %s: %v", op, final, err)
	case !op.phone && !agrees && !strings.Contains(event.Message(err), said(final)):
		t.Errorf("station slip %+v refused without the saved result: %v", op, err)
	case !op.phone && !agrees && strings.Contains(event.Message(err), "the desk"):
		t.Errorf("station slip %+v refused naming the desk, which entered nothing: %v", op, err)
	case op.phone && err != nil && !errors.Is(err, director.ErrReportConflict):
		t.Errorf("phone report %+v: %v", op, err)
	case op.phone && !agrees:
		return true
	}
	return false
}

// checkInterleavedList checks the organizer's list of reports to check is
// wantListed, each once, and that no result was replaced.
func checkInterleavedList(t *testing.T, d *director.Director, id event.EventID, wantListed map[string]bool) {
	t.Helper()
	ctx := context.Background()
	reports := mustCall(t, d.Network.PhoneReports, id)
	listed := map[string]bool{}
	for _, p := range reports {
		k := fmt.Sprintf("%d:%s", p.Table, p.Result)
		if listed[k] || !p.Conflict {
			t.Errorf("report listed twice or not as one to check: %+v", p)
		}
		listed[k] = true
	}
	if fmt.Sprint(listed) != fmt.Sprint(wantListed) {
		t.Errorf("the organizer's list has %v, want %v", listed, wantListed)
	}
	lines, _ := d.Events.Log(ctx, id)
	for _, l := range lines {
		if strings.Contains(l.Message.String(), "corrected") {
			t.Errorf("a result was replaced: %s", l.Message)
		}
	}
}

// said is how a refusal says a two-player score "a-b": the winner's
// games first ("won 2–1").
func said(score string) string {
	var a, b int
	fmt.Sscanf(score, "%d-%d", &a, &b)
	return fmt.Sprintf("won %d–%d", max(a, b), min(a, b))
}

// A station drops a player and checks a late one in, through the desk's
// rules, each logged with the station.
func TestStationDropAndLateCheckIn(t *testing.T) {
	ctx := context.Background()
	d, e, _, _ := phoneEvent(t, nil, "Ada Lovelace", "Bob Stone", "Cy Young", "Dee Hall")
	entries, _ := d.Registration.Entries(ctx, e.ID)
	must(t, d.Stations.StationDrop(ctx, e.ID, entries[0].ID, station))
	logHas(t, d, e.ID, "by Bea at scorekeeper station abc123")
	if err := d.Stations.StationDrop(ctx, e.ID, entries[0].ID, station); !errors.Is(err, event.ErrState) {
		t.Errorf("dropped twice: %v", err)
	}
	if err := d.Stations.StationDrop(ctx, e.ID+7, entries[1].ID, station); !errors.Is(err, event.ErrNotFound) {
		t.Errorf("a player of another event: %v", err)
	}
	late, err := d.Stations.StationCheckIn(ctx, e.ID, "  Eve   Moreau ", station)
	if err != nil || late.Name != "Eve Moreau" || late.JoinedRound != 2 || !late.CheckedIn {
		t.Fatalf("late entry %+v, %v", late, err)
	}
	logHas(t, d, e.ID, "checked in: Eve Moreau (by Bea at scorekeeper station abc123)")
	if _, err := d.Stations.StationCheckIn(ctx, e.ID, "eve moreau", station); !errors.Is(err, event.ErrState) {
		t.Errorf("checked in twice: %v", err)
	}
	if _, err := d.Stations.StationCheckIn(ctx, e.ID, "Ada Lovelace", station); !errors.Is(err, event.ErrState) || !strings.Contains(event.Message(err), "re-instate") {
		t.Errorf("a dropped player: %v", err)
	}
	if _, err := d.Stations.StationCheckIn(ctx, e.ID, "", station); !errors.Is(err, event.ErrInvalid) {
		t.Errorf("no name: %v", err)
	}
	after, _ := d.Registration.Entries(ctx, e.ID)
	if len(after) != 5 || after[0].Status != event.EntryDropped {
		t.Errorf("entries %+v", after)
	}
}

// A station's typed result is said as it would be saved, the winner first
// with her name, and nothing is written.
func TestSaySlipNamesTheWinnerFirst(t *testing.T) {
	ctx, d, e := alteredEvent(t, "standard-bo3")
	en := register(t, d, e.ID, "Ada", "Bob")
	r := mustPair(t, ctx, d, e.ID)
	second := map[event.EntryID]string{en[0].ID: "Ada", en[1].ID: "Bob"}[r.Tables[0].Seats[1].EntryID]
	said, err := d.Stations.SaySlip(ctx, e.ID, 1, r.Tables[0].Number, "0-2")
	if err != nil || said.In(i18n.English) != second+" won 2–0" {
		t.Fatalf("SaySlip(0-2) = %q, %v; want %q", said.In(i18n.English), err, second+" won 2–0")
	}
	if _, err := d.Stations.SaySlip(ctx, e.ID, 1, r.Tables[0].Number, "banana"); !errors.Is(err, event.ErrInvalid) {
		t.Errorf("SaySlip(banana) = %v; want ErrInvalid", err)
	}
	sheet, _ := d.Rounds.RoundSheet(ctx, e.ID, 1)
	if sheet.Tables[0].Result != nil {
		t.Error("SaySlip saved a result")
	}
}
