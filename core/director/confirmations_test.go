package director_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/core/rules"
	"tablekeeper/internal/testdb"
)

// confirmEvent is a published round 1 of game/format whose results both
// players confirm, with a clock the test moves.
func confirmEvent(t *testing.T, game, format string, players int) (*director.Director, *testdb.Clock, event.Event, event.Round) {
	t.Helper()
	ctx := context.Background()
	c := testdb.NewClock(friday)
	d := testdb.Director(testdb.Open(t), c.Now, 1, 2)
	d.SetCodeSource(rand.NewChaCha8([32]byte{22}))
	var e event.Event
	if game == "altered" {
		e, _, _ = teamEvent(t, d, players)
	} else {
		e = eventOf(t, d, game, format, nil)
		register(t, d, e.ID, names(players)...)
	}
	s := e.Settings
	s.PlayersConfirmResults = true
	must(t, d.Events.UpdateSettings(ctx, e.ID, s))
	e.Settings = s
	r := mustPair(t, ctx, d, e.ID)
	return d, c, e, r
}

// tableOf returns the round's table number n.
func tableOf(t *testing.T, d *director.Director, id event.EventID, round, n int) event.Table {
	t.Helper()
	rounds := mustCall(t, d.Rounds.Rounds, id)
	return found(t, rounds[round-1].Tables, func(tb event.Table) bool { return tb.Number == n }, "table", n)
}

// Both players send the same result: the second report records it, as
// reported by players, logged with both devices; the first saw "waiting".
// Sending it again says recorded and changes nothing; another result
// after it is recorded is refused with the result on record named.
func TestPlayersConfirmingTheSameResultRecordIt(t *testing.T) {
	ctx := context.Background()
	d, _, e, r := confirmEvent(t, "generic", "swiss", 4)
	tb := r.Tables[0]
	ada, bob := tb.Seats[0].EntryID, tb.Seats[1].EntryID
	var heard changeLog
	defer d.Subscribe(heard.add)()
	c, err := d.Confirmations.ReportAsPlayer(ctx, director.PlayerResult{Event: e.ID, Entry: ada, Round: 1, Result: "2-0", Device: "phone-a"})
	if err != nil || c.State != director.ConfirmWaiting || c.Reported != 1 || len(c.Silent) != 1 || c.Table != tb.Number {
		t.Fatalf("first report: %+v, %v", c, err)
	}
	if got := tableOf(t, d, e.ID, 1, tb.Number).Result; got != nil {
		t.Fatalf("a result only one side sent was recorded: %+v", got)
	}
	checkToldPlayers(t, heard.take(), ada, bob)
	seen, err := d.Confirmations.ConfirmationOf(ctx, e.ID, bob)
	if err != nil || seen.State != director.ConfirmToConfirm || len(seen.Reports) != 1 || seen.Reports[0].Text != "2-0" ||
		!strings.Contains(seen.Reports[0].Said.String(), "won 2–0") {
		t.Fatalf("the opponent sees %+v, %v", seen, err)
	}
	c, err = d.Confirmations.ReportAsPlayer(ctx, director.PlayerResult{Event: e.ID, Entry: bob, Round: 1, Result: seen.Reports[0].Text, Device: "phone-b"})
	if err != nil || c.State != director.ConfirmRecorded || c.Recorded.IsZero() {
		t.Fatalf("confirming: %+v, %v", c, err)
	}
	got := tableOf(t, d, e.ID, 1, tb.Number).Result
	if got == nil || !got.ByPlayers || got.Seats[0].GamesWon != 2 || got.Seats[1].GamesWon != 0 {
		t.Fatalf("recorded %+v", got)
	}
	log, _ := d.Events.Log(ctx, e.ID)
	last := log[len(log)-1].Message.String()
	if !strings.Contains(last, "phone-a") || !strings.Contains(last, "phone-b") {
		t.Errorf("the log's line of the agreement: %s", last)
	}
	checkSettledRefusals(t, d, e, ada, bob)
}

// checkToldPlayers checks the change of a report: player reports only,
// naming the table's players.
func checkToldPlayers(t *testing.T, ch []director.Change, ada, bob event.EntryID) {
	t.Helper()
	if len(ch) != 1 || !ch[0].What.Has(director.ChangePlayerReports) || ch[0].What.Has(director.ChangeResult) ||
		!slices.Contains(ch[0].Players, ada) || !slices.Contains(ch[0].Players, bob) {
		t.Errorf("the change of a report: %+v", ch)
	}
}

// checkSettledRefusals checks reports after a table was settled: the
// same result says recorded; another is refused with the result on
// record, and the organizer's list stays empty.
func checkSettledRefusals(t *testing.T, d *director.Director, e event.Event, ada, bob event.EntryID) {
	t.Helper()
	ctx := context.Background()
	if c, err := d.Confirmations.ReportAsPlayer(ctx, director.PlayerResult{Event: e.ID, Entry: ada, Round: 1, Result: "2-0", Device: "phone-a"}); err != nil || c.State != director.ConfirmRecorded {
		t.Errorf("the same result again: %+v, %v", c, err)
	}
	_, err := d.Confirmations.ReportAsPlayer(ctx, director.PlayerResult{Event: e.ID, Entry: bob, Round: 1, Result: "0-2", Device: "phone-b"})
	if !errors.Is(err, director.ErrReportConflict) || !strings.Contains(event.Message(err), "already has its result") {
		t.Errorf("a late different report: %v", err)
	}
	if reps, _ := d.Network.PhoneReports(ctx, e.ID); len(reps) != 0 {
		t.Errorf("the organizer's list after agreement: %+v", reps)
	}
}

// A player may change her report until the table is settled: the new one
// replaces hers, and agreement is with what she sent last.
func TestAPlayerReplacesHerReport(t *testing.T) {
	ctx := context.Background()
	d, _, e, r := confirmEvent(t, "generic", "swiss", 4)
	tb := r.Tables[1]
	ada, bob := tb.Seats[0].EntryID, tb.Seats[1].EntryID
	for _, rep := range []director.PlayerResult{
		{Event: e.ID, Entry: ada, Round: 1, Result: "2-0", Device: "a"},
		{Event: e.ID, Entry: bob, Round: 1, Result: "2-1", Device: "b"},
	} {
		mustReport(t, d, rep)
	}
	c, _ := d.Confirmations.ConfirmationOf(ctx, e.ID, ada)
	if c.State != director.ConfirmOrganizer || !c.Disagree || len(c.Reports) != 2 {
		t.Fatalf("a disagreement: %+v", c)
	}
	reps, _ := d.Network.PhoneReports(ctx, e.ID)
	if len(reps) != 2 || reps[0].Player == "" || !reps[0].Disagree || reps[0].Entry != ada || reps[1].Entry != bob {
		t.Fatalf("the organizer's list: %+v", reps)
	}
	c, err := d.Confirmations.ReportAsPlayer(ctx, director.PlayerResult{Event: e.ID, Entry: ada, Round: 1, Result: "2-1", Device: "a2"})
	if err != nil || c.State != director.ConfirmRecorded {
		t.Fatalf("she changed hers to agree: %+v, %v", c, err)
	}
	if got := tableOf(t, d, e.ID, 1, tb.Number).Result; got == nil || got.Seats[0].GamesWon != 2 || got.Seats[1].GamesWon != 1 {
		t.Errorf("recorded %+v", got)
	}
	if reps, _ := d.Network.PhoneReports(ctx, e.ID); len(reps) != 0 {
		t.Errorf("the list once settled: %+v", reps)
	}
}

// A disagreement waits for the organizer, who accepts one report; a lone
// report goes to her list only once the table's time is up (its
// extension counted); a result typed at the desk closes the reports.
func TestDisagreementsAndLoneReportsReachTheOrganizer(t *testing.T) {
	ctx := context.Background()
	d, clk, e, r := confirmEvent(t, "generic", "swiss", 6)
	t1, t2, t3 := r.Tables[0], r.Tables[1], r.Tables[2]
	send := func(tb event.Table, seat int, result string) {
		t.Helper()
		mustReport(t, d, director.PlayerResult{Event: e.ID, Entry: tb.Seats[seat].EntryID, Round: 1, Result: result, Device: fmt.Sprint("dev-", seat)})
	}
	send(t1, 0, "2-0")
	send(t1, 1, "0-2")
	send(t2, 0, "2-1")
	send(t3, 1, "1-2")
	reps, _ := d.Network.PhoneReports(ctx, e.ID)
	if len(reps) != 2 || reps[0].Table != t1.Number || !reps[0].Disagree {
		t.Fatalf("before time, the list holds the disagreement only: %+v", reps)
	}
	if _, err := d.Clocks.StartClock(ctx, e.ID, 1); err != nil {
		t.Fatal(err)
	}
	clk.Add(time.Duration(e.Settings.RoundMinutes)*time.Minute - time.Second)
	if reps, _ = d.Network.PhoneReports(ctx, e.ID); len(reps) != 2 {
		t.Fatalf("a second before time: %+v", reps)
	}
	clk.Add(2 * time.Second)
	reps, _ = d.Network.PhoneReports(ctx, e.ID)
	if len(reps) != 4 || reps[2].Table != t2.Number || !reps[2].Late || reps[2].Disagree || reps[3].Table != t3.Number {
		t.Fatalf("at time, the lone reports join the list: %+v", reps)
	}
	if c, _ := d.Confirmations.ConfirmationOf(ctx, e.ID, t2.Seats[1].EntryID); c.State != director.ConfirmOrganizer || !c.Late {
		t.Errorf("the silent player's phone at time: %+v", c)
	}
	checkRoundTabCounts(t, d, e.ID, t2.Number)
	// The organizer accepts Bob's report of table 1.
	must(t, d.Network.ResolveReport(ctx, e.ID, reps[1].ID, true))
	if got := tableOf(t, d, e.ID, 1, t1.Number).Result; got == nil || !got.ByPlayers || got.Seats[1].GamesWon != 2 {
		t.Errorf("accepted %+v", got)
	}
	if err := d.Network.ResolveReport(ctx, e.ID, reps[0].ID, true); !errors.Is(err, event.ErrState) {
		t.Errorf("the other report of the settled table: %v", err)
	}
	// The organizer types table 2's slip: its report closes.
	must(t, d.Rounds.RecordResult(ctx, e.ID, 1, t2.Number, win(0, 2)))
	if c, _ := d.Confirmations.ConfirmationOf(ctx, e.ID, t2.Seats[0].EntryID); c.State != director.ConfirmRecorded || len(c.Reports) != 0 {
		t.Errorf("after the desk typed the slip: %+v", c)
	}
	reps, _ = d.Network.PhoneReports(ctx, e.ID)
	if len(reps) != 1 || reps[0].Table != t3.Number {
		t.Errorf("what is left: %+v", reps)
	}
}

// checkRoundTabCounts checks the Round tab's view: table's 1 of 2
// reported, and the four reports listed.
func checkRoundTabCounts(t *testing.T, d *director.Director, id event.EventID, table int) {
	t.Helper()
	v, _ := d.Views.RoundView(context.Background(), id, 1, 1)
	if v.Reported[table] != (director.ReportedCount{In: 1, Of: 2}) || len(v.Reports) != 4 {
		t.Errorf("the Round tab's counts %+v", v.Reported)
	}
}

// The setting decides which way a phone reports: on, the table code alone
// is refused with a sentence that says what to do; off, a player's own
// report is refused.
func TestTheSettingChoosesHowPhonesReport(t *testing.T) {
	ctx := context.Background()
	d, _, e, r := confirmEvent(t, "generic", "swiss", 4)
	codes, _ := d.Network.TableCodes(ctx, e.ID, 1)
	tb := r.Tables[0]
	_, err := d.Network.ReportByCode(ctx, director.TableReport{Event: e.ID, Round: 1, Table: tb.Number, Code: codes[tb.Number], Result: "2-0"})
	if !errors.Is(err, event.ErrInvalid) || !strings.Contains(event.Message(err), "player code") {
		t.Errorf("a table code when players confirm: %v", err)
	}
	d2, e2, r2, _ := phoneEvent(t, nil, "Ada", "Bob")
	_, err = d2.Confirmations.ReportAsPlayer(ctx, director.PlayerResult{Event: e2.ID, Entry: r2.Tables[0].Seats[0].EntryID, Round: 1, Result: "2-0"})
	if !errors.Is(err, director.ErrNotConfirming) {
		t.Errorf("a player's report when the event takes table codes: %v", err)
	}
	_, err = d.Confirmations.ReportAsPlayer(ctx, director.PlayerResult{Event: e.ID, Entry: tb.Seats[0].EntryID, Round: 2, Result: "2-0"})
	if !errors.Is(err, event.ErrInvalid) {
		t.Errorf("a report for another round: %v", err)
	}
	_, err = d.Confirmations.ReportAsPlayer(ctx, director.PlayerResult{Event: e.ID, Entry: tb.Seats[0].EntryID, Round: 1, Result: "9-9"})
	if !errors.Is(err, event.ErrInvalid) {
		t.Errorf("a result the format refuses: %v", err)
	}
}

// A team match needs one report from each team; a multiplayer table one
// from every player.
func TestSidesOfTeamAndMultiplayerTables(t *testing.T) {
	ctx := context.Background()
	d, _, e, r := confirmEvent(t, "altered", "2v2", 8)
	tb := r.Tables[0]
	mustReport(t, d, director.PlayerResult{Event: e.ID, Entry: tb.Seats[0].EntryID, Round: 1, Result: "1-0"})
	if c, _ := d.Confirmations.ConfirmationOf(ctx, e.ID, tb.Seats[2].EntryID); c.State != director.ConfirmWaiting || len(c.Sides) != 2 {
		t.Errorf("her teammate reported: %+v", c)
	}
	if c, err := d.Confirmations.ReportAsPlayer(ctx, director.PlayerResult{Event: e.ID, Entry: tb.Seats[3].EntryID, Round: 1, Result: "1-0"}); err != nil || c.State != director.ConfirmRecorded {
		t.Fatalf("one member of each team: %+v, %v", c, err)
	}

	d, _, e, r = confirmEvent(t, "heresy", "reascension", 7)
	tb = r.Tables[0]
	if len(tb.Seats) != 4 {
		t.Fatalf("table %+v", tb)
	}
	for i, s := range tb.Seats {
		c, err := d.Confirmations.ReportAsPlayer(ctx, director.PlayerResult{Event: e.ID, Entry: s.EntryID, Round: 1, Result: "2 | 5 | 9 | 3 | 0"})
		want := director.ConfirmWaiting
		if i == len(tb.Seats)-1 {
			want = director.ConfirmRecorded
		}
		if err != nil || c.State != want || c.Reported != i+1 {
			t.Fatalf("player %d of 4: %+v, %v", i+1, c, err)
		}
	}
}

// Property: over many seeded events (two-player, team, multiplayer), each
// player of each table reports the table's result, another one, or
// nothing, in a random order, some changing their minds; then time is
// up. Every table where someone reported ends with exactly one recorded
// result or on the organizer's list, never both; a recorded result was
// sent by every side, and is exactly what they sent; no table with a
// silent side or two different reports has a result; after the
// organizer accepts one report of each listed table, every such table
// has a result and the list is empty.
func TestConfirmingOverSeededEvents(t *testing.T) {
	ctx := context.Background()
	kinds := [][3]any{{"generic", "swiss", 10}, {"altered", "2v2", 12}, {"heresy", "reascension", 11}, {"keyforge", "archon-standard", 9}}
	for seed := range uint64(16) {
		k := kinds[seed%uint64(len(kinds))]
		d, clk, e, r := confirmEvent(t, k[0].(string), k[1].(string), k[2].(int))
		rng := rand.New(rand.NewPCG(seed, 22))
		last := sendAll(t, d, e, randomSends(e, r, rng))
		if _, err := d.Clocks.StartClock(ctx, e.ID, 1); err != nil {
			t.Fatal(err)
		}
		clk.Add(24 * time.Hour)
		reps := mustCall(t, d.Network.PhoneReports, e.ID)
		listed := map[int]int64{}
		for _, p := range reps {
			listed[p.Table] = p.ID
		}
		rounds, _ := d.Rounds.Rounds(ctx, e.ID)
		for _, tb := range rounds[0].Tables {
			if !tb.Bye {
				checkSettled(t, e, tb, last, listed)
			}
		}
		for table, id := range listed {
			if err := d.Network.ResolveReport(ctx, e.ID, id, true); err != nil {
				t.Fatalf("seed %d: accepting table %d's report: %v", seed, table, err)
			}
		}
		if reps, _ := d.Network.PhoneReports(ctx, e.ID); len(reps) != 0 {
			t.Fatalf("seed %d: the list after accepting: %+v", seed, reps)
		}
	}
}

// playerSend is one report a player sends in the property test.
type playerSend struct {
	entry event.EntryID
	text  string
}

// randomSends has each player of each table of r send the table's
// result, another one, both (changing her mind), or nothing, shuffled.
func randomSends(e event.Event, r event.Round, rng *rand.Rand) []playerSend {
	var sends []playerSend
	for _, tb := range r.Tables {
		if tb.Bye {
			continue
		}
		truth := resultLine(e, r, tb, rng)
		for _, s := range tb.Seats {
			switch rng.IntN(6) {
			case 0: // silent
			case 1: // another result
				sends = append(sends, playerSend{s.EntryID, resultLine(e, r, tb, rng)})
			case 2: // changes her mind
				sends = append(sends, playerSend{s.EntryID, resultLine(e, r, tb, rng)}, playerSend{s.EntryID, truth})
			default:
				sends = append(sends, playerSend{s.EntryID, truth})
			}
		}
	}
	rng.Shuffle(len(sends), func(i, j int) { sends[i], sends[j] = sends[j], sends[i] })
	return sends
}

// mustReport sends a player's report, failing the test when it is
// refused.
func mustReport(t *testing.T, d *director.Director, r director.PlayerResult) {
	t.Helper()
	_, err := d.Confirmations.ReportAsPlayer(context.Background(), r)
	must(t, err)
}

// sendAll sends the reports and returns what each player last sent that
// was taken: a different report after her table was settled is refused,
// and only then.
func sendAll(t *testing.T, d *director.Director, e event.Event, sends []playerSend) map[event.EntryID]string {
	t.Helper()
	last := map[event.EntryID]string{}
	settled := map[event.EntryID]bool{}
	for _, s := range sends {
		c, err := d.Confirmations.ReportAsPlayer(context.Background(), director.PlayerResult{Event: e.ID, Entry: s.entry, Round: 1, Result: s.text, Device: "d"})
		switch {
		case errors.Is(err, director.ErrReportConflict) && settled[s.entry]:
			continue
		case err != nil:
			t.Fatalf("%q: %v", s.text, err)
		}
		last[s.entry] = s.text
		if c.State == director.ConfirmRecorded {
			for _, st := range tableOf(t, d, e.ID, 1, c.Table).Seats {
				settled[st.EntryID] = true
			}
		}
	}
	return last
}

// checkSettled checks one table once time is up: exactly one of recorded
// or listed when someone reported; a recorded result by players, sent by
// every side, all the same, and what they sent.
func checkSettled(t *testing.T, e event.Event, tb event.Table, last map[event.EntryID]string, listed map[int]int64) {
	t.Helper()
	sent := 0
	texts := map[string]bool{}
	for _, s := range tb.Seats {
		if txt, ok := last[s.EntryID]; ok {
			sent++
			texts[txt] = true
		}
	}
	_, onList := listed[tb.Number]
	switch {
	case tb.Result != nil && onList:
		t.Fatalf("%s table %d: recorded and on the list", e.Format, tb.Number)
	case tb.Result != nil && !tb.Result.ByPlayers:
		t.Fatalf("%s table %d: a result not by players", e.Format, tb.Number)
	case tb.Result != nil && !everySideSent(e, tb, last):
		t.Fatalf("%s table %d: a result only some sides sent: %v", e.Format, tb.Number, last)
	case tb.Result != nil && len(texts) != 1:
		t.Fatalf("%s table %d: recorded over different reports %v", e.Format, tb.Number, texts)
	case tb.Result == nil && sent > 0 && !onList:
		t.Fatalf("%s table %d: reported (%d) but neither recorded nor on the list", e.Format, tb.Number, sent)
	}
	if tb.Result != nil {
		checkRecordedIsSent(t, e, tb, texts)
	}
}

// everySideSent reports whether every side of tb has a report in last.
func everySideSent(e event.Event, tb event.Table, last map[event.EntryID]string) bool {
	sides := map[int]bool{}
	for i, s := range tb.Seats {
		side := i
		if e.Settings.Teams() {
			side = i % 2
		}
		if _, ok := last[s.EntryID]; ok {
			sides[side] = true
		}
	}
	if e.Settings.Teams() {
		return len(sides) == 2
	}
	return len(sides) == len(tb.Seats)
}

// checkRecordedIsSent checks that the recorded result says what the one
// line every side sent says, read by the table's form: each seat's games
// and place (a team's for each member), the drawn games and time-out.
func checkRecordedIsSent(t *testing.T, e event.Event, tb event.Table, texts map[string]bool) {
	t.Helper()
	for text := range texts {
		sent, err := rules.ParseTableResult(e.Settings, len(tb.Seats), text)
		must(t, err)
		got := tb.Result
		ok := len(sent.Seats) > 0 && sent.GamesDrawn == got.GamesDrawn && sent.TimeOut == got.TimeOut
		for i := range got.Seats {
			want := sent.Seats[i%len(sent.Seats)]
			ok = ok && want.GamesWon == got.Seats[i].GamesWon && (want.Place == 0 || want.Place == got.Seats[i].Place)
		}
		if !ok {
			t.Fatalf("table %d recorded %+v; the players sent %q (%+v)", tb.Number, got, text, sent)
		}
	}
}

// resultLine is a possible result of tb in its form's syntax.
func resultLine(e event.Event, r event.Round, tb event.Table, rng *rand.Rand) string {
	switch {
	case e.Settings.Teams():
		return []string{"1-0", "0-1"}[rng.IntN(2)]
	case len(tb.Seats) > 2 || e.Settings.TableSize > 2:
		return multiLine(e.Settings, len(tb.Seats), rng)
	case r.GamesPerMatch(e.Settings) == 3:
		return []string{"2-0", "2-1", "1-2", "0-2"}[rng.IntN(4)]
	}
	return []string{"1-0", "0-1"}[rng.IntN(2)]
}

// Both players sending at once are two writes one after the other: the
// table is recorded once, with what both sent, whichever came first.
func TestBothPlayersSendingAtOnceRecordOnce(t *testing.T) {
	ctx := context.Background()
	d, _, e, r := confirmEvent(t, "generic", "swiss", 16)
	var heard changeLog
	defer d.Subscribe(heard.add)()
	errs := make(chan error, 2*len(r.Tables))
	for _, tb := range r.Tables {
		for _, s := range tb.Seats {
			go func() {
				_, err := d.Confirmations.ReportAsPlayer(ctx, director.PlayerResult{Event: e.ID, Entry: s.EntryID, Round: 1, Result: "2-1", Device: "d"})
				errs <- err
			}()
		}
	}
	for range 2 * len(r.Tables) {
		must(t, <-errs)
	}
	recorded := 0
	for _, c := range heard.take() {
		if c.What.Has(director.ChangeResult) {
			recorded++
		}
	}
	for _, tb := range mustCall(t, d.Rounds.Rounds, e.ID)[0].Tables {
		if tb.Result == nil || tb.Result.Seats[0].GamesWon != 2 || tb.Result.Seats[1].GamesWon != 1 {
			t.Errorf("table %d: %+v", tb.Number, tb.Result)
		}
	}
	if recorded != len(r.Tables) {
		t.Errorf("%d results recorded for %d tables", recorded, len(r.Tables))
	}
	log, _ := d.Events.Log(ctx, e.ID)
	corrected := 0
	for _, l := range log {
		if strings.Contains(l.Message.String(), "corrected") {
			corrected++
		}
	}
	if corrected != 0 {
		t.Errorf("%d results recorded twice (corrected)", corrected)
	}
}

// A scorekeeper station's slip settles a table as the desk's result does:
// a player's lone report closes, and the organizer's list keeps nothing of
// the table.
func TestAStationSlipClosesThePlayersReports(t *testing.T) {
	ctx := context.Background()
	d, clk, e, r := confirmEvent(t, "generic", "swiss", 4)
	t1 := r.Tables[0]
	mustReport(t, d, director.PlayerResult{Event: e.ID, Entry: t1.Seats[0].EntryID, Round: 1, Result: "2-0", Device: "dev-0"})
	if _, err := d.Clocks.StartClock(ctx, e.ID, 1); err != nil {
		t.Fatal(err)
	}
	clk.Add(time.Duration(e.Settings.RoundMinutes+1) * time.Minute)
	if reps, _ := d.Network.PhoneReports(ctx, e.ID); len(reps) != 1 {
		t.Fatalf("at time, the lone report is on the list: %+v", reps)
	}
	if _, err := d.Stations.RecordSlip(ctx, director.Slip{Event: e.ID, Round: 1, Table: t1.Number, Result: "0-2",
		Station: director.Station{Device: "0123456789abcdef0123456789abcdef", Name: "Sam"}}); err != nil {
		t.Fatal(err)
	}
	if reps, _ := d.Network.PhoneReports(ctx, e.ID); len(reps) != 0 {
		t.Errorf("after the station's slip: %+v", reps)
	}
	if c, _ := d.Confirmations.ConfirmationOf(ctx, e.ID, t1.Seats[0].EntryID); c.State != director.ConfirmRecorded || len(c.Reports) != 0 {
		t.Errorf("her phone after the station's slip: %+v", c)
	}
}
