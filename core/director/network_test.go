package director_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
	"tablekeeper/core/rules"
)

// phoneEvent is a published round 1 of a generic best-of-three Swiss of
// the given players, with table codes drawn from a seeded source.
func phoneEvent(t *testing.T, change func(*event.Settings), players ...string) (*director.Director, event.Event, event.Round, map[int]string) {
	t.Helper()
	ctx := context.Background()
	d, _ := newDirector(t)
	d.SetCodeSource(rand.NewChaCha8([32]byte{14}))
	e := eventOf(t, d, "generic", "swiss", change)
	register(t, d, e.ID, players...)
	r := mustPair(t, ctx, d, e.ID)
	codes, err := d.Network.TableCodes(ctx, e.ID, r.Number)
	must(t, err)
	return d, e, r, codes
}

// state is what a refused report must leave untouched: the event's log,
// results and open phone reports.
func state(t *testing.T, d *director.Director, id event.EventID) string {
	t.Helper()
	log := mustCall(t, d.Events.Log, id)
	rounds := mustCall(t, d.Rounds.Rounds, id)
	reports := mustCall(t, d.Network.PhoneReports, id)
	var b strings.Builder
	fmt.Fprintf(&b, "%d log lines, %d reports;", len(log), len(reports))
	for _, r := range rounds {
		for _, tb := range r.Tables {
			fmt.Fprintf(&b, " %d/%d:%v", r.Number, tb.Number, tb.Result)
		}
	}
	return b.String()
}

// Property: over many seeded events of every kind of table (two-player,
// team, multiplayer, KeyForge), every numbered table of a published round
// has a code of 6 characters of the alphabet, no code is used twice in an
// event (so codes differ between rounds), byes have none, drafts have
// none until published, and a code typed in lower case with spaces and
// dashes reads back as itself.
func TestTableCodesAreUniqueEveryRoundAndReadBack(t *testing.T) {
	ctx := context.Background()
	formats := [][2]string{{"generic", "swiss"}, {"altered", "2v2"}, {"heresy", "reascension"}, {"keyforge", "archon-standard"}, {"shadowfist", "final-brawl"}}
	for seed := range uint64(12) {
		game, format := formats[seed%uint64(len(formats))][0], formats[seed%uint64(len(formats))][1]
		d, _ := newDirector(t)
		d.SetCodeSource(rand.NewChaCha8([32]byte{byte(seed)}))
		rng := rand.New(rand.NewPCG(seed, 7))
		var e event.Event
		if game == "altered" {
			e, _, _ = teamEvent(t, d, 8+2*rng.IntN(6))
		} else {
			e = eventOf(t, d, game, format, nil)
			register(t, d, e.ID, names(9+rng.IntN(14))...)
		}
		used := map[string]string{}
		for n := 1; n <= 3; n++ {
			r, err := d.Rounds.PairNextRound(ctx, e.ID)
			if err != nil {
				t.Fatalf("%s round %d: %v", format, n, err)
			}
			if codes, err := d.Network.TableCodes(ctx, e.ID, n); err != nil || len(codes) != 0 {
				t.Fatalf("%s: the draft round %d has codes %v, %v", format, n, codes, err)
			}
			must(t, d.Drafts.PublishRound(ctx, e.ID, n))
			codes, err := d.Network.TableCodes(ctx, e.ID, n)
			must(t, err)
			numbered := 0
			for _, tb := range r.Tables {
				if tb.Bye {
					continue
				}
				numbered++
				code := codes[tb.Number]
				if len(code) != director.TableCodeLength || strings.Trim(code, director.TableCodeAlphabet) != "" {
					t.Fatalf("%s round %d table %d: code %q", format, n, tb.Number, code)
				}
				where := fmt.Sprintf("round %d table %d", n, tb.Number)
				if other, ok := used[code]; ok {
					t.Fatalf("%s: code %s of %s was already the code of %s", format, code, where, other)
				}
				used[code] = where
				typed := strings.ToLower(code[:3]) + " - " + strings.ToLower(code[3:])
				if director.NormalizeTableCode(typed) != code {
					t.Fatalf("%q reads as %q, not %q", typed, director.NormalizeTableCode(typed), code)
				}
			}
			if len(codes) != numbered {
				t.Fatalf("%s round %d: %d codes for %d tables", format, n, len(codes), numbered)
			}
			finishRound(t, d, e, r, rng)
		}
	}
}

// finishRound records a result at every table of r through the round's
// own result syntax, reported from a phone: a sim of a round played in
// the store.
func finishRound(t *testing.T, d *director.Director, e event.Event, r event.Round, rng *rand.Rand) {
	t.Helper()
	ctx := context.Background()
	codes, err := d.Network.TableCodes(ctx, e.ID, r.Number)
	must(t, err)
	for _, tb := range r.Tables {
		if tb.Bye {
			continue
		}
		text := "1-0"
		switch {
		case e.Settings.Teams():
		case len(tb.Seats) > 2 || e.Settings.TableSize > 2:
			text = multiLine(e.Settings, len(tb.Seats), rng)
		case r.GamesPerMatch(e.Settings) == 3:
			text = "2-1"
		}
		out, err := d.Network.ReportByCode(ctx, director.TableReport{Event: e.ID, Round: r.Number, Table: tb.Number, Code: codes[tb.Number], Result: text, Device: "sim"})
		if err != nil || out != director.ReportRecorded {
			t.Fatalf("%s round %d table %d: %q: %v, %v", e.Format, r.Number, tb.Number, text, out, err)
		}
	}
}

// multiLine is a possible one-line multiplayer result: a random winner
// whose values suit every game (Heresy's goal of 9 Tau).
func multiLine(s event.Settings, seats int, rng *rand.Rand) string {
	w := rng.IntN(seats)
	parts := []string{fmt.Sprint(w + 1)}
	for i := range seats {
		v := rng.IntN(8)
		if i == w {
			v = 9
		}
		parts = append(parts, fmt.Sprint(v))
	}
	return strings.Join(parts, " | ")
}

// The same seeded code source draws the same codes; the default source
// (crypto/rand) draws others.
func TestCodeSourceCanBeInjected(t *testing.T) {
	ctx := context.Background()
	draw := func(src func(*director.Director)) map[int]string {
		d, _ := newDirector(t)
		src(d)
		e := eventOf(t, d, "generic", "swiss", nil)
		register(t, d, e.ID, names(8)...)
		mustPair(t, ctx, d, e.ID)
		codes, err := d.Network.TableCodes(ctx, e.ID, 1)
		must(t, err)
		return codes
	}
	seeded := func(d *director.Director) { d.SetCodeSource(rand.NewChaCha8([32]byte{1})) }
	a, b := draw(seeded), draw(seeded)
	c := draw(func(d *director.Director) { d.SetCodeSource(nil) })
	if fmt.Sprint(a) != fmt.Sprint(b) {
		t.Errorf("the same seed drew %v and %v", a, b)
	}
	if fmt.Sprint(a) == fmt.Sprint(c) || len(c) != 4 {
		t.Errorf("crypto/rand drew %v (the seeded source %v)", c, a)
	}
	d, _ := newDirector(t)
	if _, err := d.Network.TableCodes(ctx, 99, 1); !errors.Is(err, event.ErrNotFound) {
		t.Errorf("codes of an unknown event: %v", err)
	}
	e := eventOf(t, d, "generic", "swiss", nil)
	if _, err := d.Network.TableCodes(ctx, e.ID, 1); !errors.Is(err, event.ErrNotFound) {
		t.Errorf("codes of a round not paired: %v", err)
	}
}

// A report with the right code is recorded at once, marked "reported by
// players" in the round's sheet and view, logged with its source, and
// heard by the subscribers; the same report again changes nothing.
func TestReportByCodeRecordsTheResult(t *testing.T) {
	ctx := context.Background()
	d, e, r, codes := phoneEvent(t, nil, "Ada Lovelace", "Zoë Ødegård", "李小龍", "김민준")
	tb := r.Tables[0]
	var heard changeLog
	defer d.Subscribe(heard.add)()
	code := codes[tb.Number]
	typed := strings.ToLower(code[:2]) + "-" + code[2:4] + " " + strings.ToLower(code[4:])
	out, err := d.Network.ReportByCode(ctx, director.TableReport{Event: e.ID, Round: 1, Table: tb.Number, Code: typed, Result: " 2 - 1 ", Device: "phone-7f3a"})
	if err != nil || out != director.ReportRecorded {
		t.Fatalf("report: %v, %v", out, err)
	}
	got := heard.take()
	if len(got) != 1 || got[0].Event != e.ID || !got[0].What.Has(director.ChangeResult) {
		t.Errorf("subscribers heard %+v", got)
	}
	v, err := d.Views.RoundView(ctx, e.ID, 1, 1)
	must(t, err)
	res := v.Sheet.Tables[0].Result
	if res == nil || !res.ByPlayers || res.Seats[0].GamesWon != 2 || res.Seats[1].GamesWon != 1 {
		t.Fatalf("table %d after the report: %+v", tb.Number, res)
	}
	if v.Sheet.Tables[1].Result != nil {
		t.Errorf("table %d has a result", v.Sheet.Tables[1].Number)
	}
	logHas(t, d, e.ID, fmt.Sprintf("round 1 table %d: ", tb.Number))
	logHas(t, d, e.ID, "(players, table code, device phone-7f3a)")

	before := state(t, d, e.ID)
	out, err = d.Network.ReportByCode(ctx, director.TableReport{Event: e.ID, Round: 1, Table: tb.Number, Code: code, Result: "21", Device: "phone-other"})
	if err != nil || out != director.ReportAlreadyRecorded {
		t.Errorf("the same result again: %v, %v", out, err)
	}
	if after := state(t, d, e.ID); after != before {
		t.Errorf("the same result again changed %s into %s", before, after)
	}
	if got := heard.take(); len(got) != 0 {
		t.Errorf("nothing changed, yet subscribers heard %+v", got)
	}

	// A correction from the keyboard is the organizer's: the mark goes.
	must(t, d.Rounds.RecordResult(ctx, e.ID, 1, tb.Number, win(2, 0)))
	sh, err := d.Rounds.RoundSheet(ctx, e.ID, 1)
	must(t, err)
	if sh.Tables[0].Result.ByPlayers {
		t.Error("a result typed by the organizer is marked as reported by players")
	}
}

// Every refusal is a sentence, of kind ErrInvalid (ErrWrongCode for a
// wrong code), and changes nothing.
func TestReportByCodeRefusals(t *testing.T) {
	ctx := context.Background()
	d, e, r, codes := phoneEvent(t, nil, "Ada Lovelace", "Bob Stone", "Cy Young", "Dee Hall", "Eve Moss")
	tb := r.Tables[0]
	good := director.TableReport{Event: e.ID, Round: 1, Table: tb.Number, Code: codes[tb.Number], Result: "2-1", Device: "phone-1"}
	other := eventOf(t, d, "generic", "swiss", nil)
	register(t, d, other.ID, names(4)...)
	mustPair(t, ctx, d, other.ID)
	otherCodes, err := d.Network.TableCodes(ctx, other.ID, 1)
	must(t, err)
	bye := r.Tables[len(r.Tables)-1]
	if !bye.Bye {
		t.Fatalf("round 1 of five has no bye: %+v", r.Tables)
	}
	wrong := func(c string) string {
		for i := range director.TableCodeAlphabet {
			if s := string(director.TableCodeAlphabet[i]) + c[1:]; s != c {
				return s
			}
		}
		return ""
	}
	cases := []struct {
		name   string
		change func(*director.TableReport)
		kind   error
		says   string
	}{
		{"an unknown event", func(r *director.TableReport) { r.Event = 999 }, event.ErrNotFound, "no event 999"},
		{"a future round", func(r *director.TableReport) { r.Round = 2 }, event.ErrInvalid, "round 2 has not started"},
		{"round 0", func(r *director.TableReport) { r.Round = 0 }, event.ErrInvalid, "round 0 is over"},
		{"a table the round lacks", func(r *director.TableReport) { r.Table = 9 }, event.ErrInvalid, "round 1 has no table 9"},
		{"the bye", func(r *director.TableReport) { r.Table = bye.Number }, event.ErrInvalid, "round 1 has no table 0"},
		{"a wrong code", func(r *director.TableReport) { r.Code = wrong(r.Code) }, director.ErrWrongCode, "not the code of table"},
		{"a wrong code and a result that is no result", func(r *director.TableReport) { r.Code, r.Result = wrong(r.Code), "banana" }, director.ErrWrongCode, "check the code printed"},
		{"no code", func(r *director.TableReport) { r.Code = "" }, director.ErrWrongCode, "not the code"},
		{"another table's code", func(r *director.TableReport) { r.Code = codes[r.Table+1] }, director.ErrWrongCode, "not the code"},
		{"the code of another event's table", func(r *director.TableReport) { r.Code = otherCodes[1] }, director.ErrWrongCode, "not the code"},
		{"a code one character short", func(r *director.TableReport) { r.Code = r.Code[:5] }, director.ErrWrongCode, "not the code"},
		{"a result that is no result", func(r *director.TableReport) { r.Result = "banana" }, event.ErrInvalid, `"banana" is not a result`},
		{"an empty result", func(r *director.TableReport) { r.Result = "  " }, event.ErrInvalid, "type a result"},
		{"three wins in a best of three", func(r *director.TableReport) { r.Result = "3-0" }, event.ErrInvalid, "best of 3"},
		{"a result too long", func(r *director.TableReport) { r.Result = strings.Repeat("2-1 ", 60) }, event.ErrInvalid, "at most 200 characters"},
		{"a device id too long", func(r *director.TableReport) { r.Device = strings.Repeat("x", 65) }, event.ErrInvalid, "at most 64"},
		{"a device id with a control character", func(r *director.TableReport) { r.Device = "a\x07b" }, event.ErrInvalid, "printable"},
	}
	before := state(t, d, e.ID)
	for _, c := range cases {
		rep := good
		c.change(&rep)
		_, err := d.Network.ReportByCode(ctx, rep)
		if !errors.Is(err, c.kind) || !strings.Contains(event.Message(err), c.says) {
			t.Errorf("%s: %v; want %v saying %q", c.name, err, c.kind, c.says)
		}
		if errors.Is(err, director.ErrWrongCode) && strings.Contains(event.Message(err), codes[tb.Number]) {
			t.Errorf("%s: the refusal names the code: %v", c.name, err)
		}
		if after := state(t, d, e.ID); after != before {
			t.Fatalf("%s changed %s into %s", c.name, before, after)
		}
	}

	// An old round, and an event that is over.
	for _, tb := range r.Tables {
		if !tb.Bye {
			must(t, d.Rounds.RecordResult(ctx, e.ID, 1, tb.Number, win(2, 0)))
		}
	}
	if _, err := d.Rounds.PairNextRound(ctx, e.ID); err != nil {
		t.Fatal(err)
	}
	// Round 2 is a draft: round 1 is still the current published round.
	if out, err := d.Network.ReportByCode(ctx, good); !errors.Is(err, director.ErrReportConflict) {
		t.Errorf("round 1 while round 2 is a draft: %v, %v", out, err)
	}
	must(t, d.Drafts.PublishRound(ctx, e.ID, 2))
	before = state(t, d, e.ID)
	if _, err := d.Network.ReportByCode(ctx, good); !errors.Is(err, event.ErrInvalid) || !strings.Contains(event.Message(err), "round 1 is over") {
		t.Errorf("an old round: %v", err)
	}
	if after := state(t, d, e.ID); after != before {
		t.Errorf("a report for an old round changed %s into %s", before, after)
	}
	finished := eventOf(t, d, "generic", "swiss", nil)
	register(t, d, finished.ID, names(2)...)
	fr := mustPair(t, ctx, d, finished.ID)
	must(t, d.Rounds.RecordResult(ctx, finished.ID, 1, 1, win(2, 0)))
	must(t, d.Events.FinishEvent(ctx, finished.ID))
	fcodes, _ := d.Network.TableCodes(ctx, finished.ID, fr.Number)
	if _, err := d.Network.ReportByCode(ctx, director.TableReport{Event: finished.ID, Round: 1, Table: 1, Code: fcodes[1], Result: "2-0"}); !errors.Is(err, event.ErrInvalid) || !strings.Contains(event.Message(err), "finished") {
		t.Errorf("a finished event: %v", err)
	}
	notYet := eventOf(t, d, "generic", "swiss", nil)
	if _, err := d.Network.ReportByCode(ctx, director.TableReport{Event: notYet.ID, Round: 1, Table: 1, Code: "ABCDEF", Result: "2-0"}); !errors.Is(err, event.ErrInvalid) || !strings.Contains(event.Message(err), "no published round") {
		t.Errorf("an event before round 1: %v", err)
	}
}

// A draw is refused where the game or round has none, by the same check
// as the keyboard's: a KeyForge loss round.
func TestReportByCodeRefusesADrawWhereThereAreNone(t *testing.T) {
	ctx, d, e := openEvent(t, "keyforge", "archon-standard", nil)
	register(t, d, e.ID, names(4)...)
	r := mustPair(t, ctx, d, e.ID)
	codes, _ := d.Network.TableCodes(ctx, e.ID, 1)
	rep := director.TableReport{Event: e.ID, Round: 1, Table: r.Tables[0].Number, Code: codes[r.Tables[0].Number], Result: "d"}
	_, phone := d.Network.ReportByCode(ctx, rep)
	desk := d.Rounds.RecordResult(ctx, e.ID, 1, r.Tables[0].Number, event.Result{Seats: []event.SeatResult{{}, {}}, GamesDrawn: 1})
	if !errors.Is(phone, event.ErrInvalid) || desk == nil || event.Message(phone) != event.Message(desk) {
		t.Errorf("a draw from a phone: %v; from the desk: %v", phone, desk)
	}
	rep.Result = "1-0"
	if out, err := d.Network.ReportByCode(ctx, rep); err != nil || out != director.ReportRecorded {
		t.Errorf("a win: %v, %v", out, err)
	}
}

// Multiplayer and team tables take the result in their own form's syntax.
func TestReportByCodeAtMultiplayerAndTeamTables(t *testing.T) {
	ctx := context.Background()
	d, _ := newDirector(t)
	d.SetCodeSource(rand.NewChaCha8([32]byte{3}))
	e := eventOf(t, d, "heresy", "reascension", nil)
	register(t, d, e.ID, names(7)...)
	r := mustPair(t, ctx, d, e.ID)
	codes, _ := d.Network.TableCodes(ctx, e.ID, 1)
	four, three := r.Tables[0], r.Tables[1]
	if len(four.Seats) != 4 || len(three.Seats) != 3 {
		t.Fatalf("tables %+v", r.Tables)
	}
	rep := director.TableReport{Event: e.ID, Round: 1, Table: four.Number, Code: codes[four.Number], Result: "2-1"}
	if _, err := d.Network.ReportByCode(ctx, rep); !errors.Is(err, event.ErrInvalid) || !strings.Contains(event.Message(err), "separated by |") {
		t.Errorf("a two-player result at a table of four: %v", err)
	}
	rep.Result = "2 | 5 | 9 | 3 | 0"
	if out, err := d.Network.ReportByCode(ctx, rep); err != nil || out != director.ReportRecorded {
		t.Fatalf("heresy table of four: %v, %v", out, err)
	}
	rounds, _ := d.Rounds.Rounds(ctx, e.ID)
	got := rounds[0].Tables[0].Result
	if got == nil || !got.ByPlayers || got.Seats[1].Place != 1 || got.Seats[1].Points != 14 || got.Seats[0].Points != 5 {
		t.Errorf("heresy result %+v", got)
	}
	rep = director.TableReport{Event: e.ID, Round: 1, Table: three.Number, Code: codes[three.Number], Result: "| 5 | 9 | 3 t"}
	if out, err := d.Network.ReportByCode(ctx, rep); err != nil || out != director.ReportRecorded {
		t.Errorf("heresy table of three at time: %v, %v", out, err)
	}

	te, _, _ := teamEvent(t, d, 8)
	tr := mustPair(t, ctx, d, te.ID)
	tcodes, _ := d.Network.TableCodes(ctx, te.ID, 1)
	rep = director.TableReport{Event: te.ID, Round: 1, Table: tr.Tables[0].Number, Code: tcodes[tr.Tables[0].Number], Result: "0-1"}
	if out, err := d.Network.ReportByCode(ctx, rep); err != nil || out != director.ReportRecorded {
		t.Fatalf("a team table: %v, %v", out, err)
	}
	rounds, _ = d.Rounds.Rounds(ctx, te.ID)
	if res := rounds[0].Tables[0].Result; res == nil || len(res.Seats) != 4 || res.Seats[1].GamesWon != 1 || res.Seats[3].GamesWon != 1 {
		t.Errorf("team result %+v", res)
	}
	if out, err := d.Network.ReportByCode(ctx, rep); err != nil || out != director.ReportAlreadyRecorded {
		t.Errorf("the team result again: %v, %v", out, err)
	}
}

// A report that disagrees with the result on record is not applied: it
// goes to the "to check" list (once, however often it is sent), and the
// organizer accepts it (replacing the result) or rejects it.
func TestConflictingReportsWaitToBeChecked(t *testing.T) {
	ctx := context.Background()
	d, e, r, codes := phoneEvent(t, nil, "Ada Lovelace", "Bob Stone", "Cy Young", "Dee Hall")
	var heard changeLog
	defer d.Subscribe(heard.add)()
	t1, t2 := r.Tables[0], r.Tables[1]
	must(t, d.Rounds.RecordResult(ctx, e.ID, 1, t1.Number, win(2, 0)))
	heard.take()
	rep := director.TableReport{Event: e.ID, Round: 1, Table: t1.Number, Code: codes[t1.Number], Result: "1-2", Device: "phone-b"}
	for range 2 {
		out, err := d.Network.ReportByCode(ctx, rep)
		if !errors.Is(err, director.ErrReportConflict) || !strings.Contains(event.Message(err), "2–0") || !strings.Contains(event.Message(err), "organizer to check") {
			t.Fatalf("a different result: %v, %v", out, err)
		}
	}
	if got := heard.take(); len(got) != 1 || !got[0].What.Has(director.ChangePhoneReports) || got[0].What.Has(director.ChangeResult) {
		t.Errorf("subscribers heard %+v", got)
	}
	reports, err := d.Network.PhoneReports(ctx, e.ID)
	if err != nil || len(reports) != 1 {
		t.Fatalf("reports %+v, %v", reports, err)
	}
	p := reports[0]
	if !p.Conflict || p.Round != 1 || p.Table != t1.Number || p.Result != "1-2" || p.Device != "phone-b" ||
		!strings.Contains(p.Recorded.String(), "2–0") || !strings.Contains(p.Reported.String(), "1–2") || len(p.Players) != 2 || p.At.IsZero() {
		t.Errorf("report %+v", p)
	}
	logHas(t, d, e.ID, "but the table has")
	rounds, _ := d.Rounds.Rounds(ctx, e.ID)
	if rounds[0].Tables[0].Result.Seats[0].GamesWon != 2 {
		t.Error("the conflicting report was applied")
	}

	acceptAConflictingReport(t, d, e.ID, p, &heard)
	rejectAConflictingReport(t, d, e.ID, t2, codes)
}

// acceptAConflictingReport accepts report p: subscribers hear it, the
// result becomes the players', the log says so, and it is accepted once.
func acceptAConflictingReport(t *testing.T, d *director.Director, id event.EventID, p director.PhoneReport, heard *changeLog) {
	t.Helper()
	ctx := context.Background()
	must(t, d.Network.ResolveReport(ctx, id, p.ID, true))
	if got := heard.take(); len(got) != 1 || !got[0].What.Has(director.ChangePhoneReports|director.ChangeResult) || !got[0].What.Has(director.ChangeResult) {
		t.Errorf("accepting: subscribers heard %+v", got)
	}
	rounds, _ := d.Rounds.Rounds(ctx, id)
	if res := rounds[0].Tables[0].Result; res.Seats[0].GamesWon != 1 || res.Seats[1].GamesWon != 2 || !res.ByPlayers {
		t.Errorf("after accepting: %+v", res)
	}
	logHas(t, d, id, "accepted by the organizer")
	if err := d.Network.ResolveReport(ctx, id, p.ID, true); !errors.Is(err, event.ErrState) {
		t.Errorf("accepting twice: %v", err)
	}
	if reports, _ := d.Network.PhoneReports(ctx, id); len(reports) != 0 {
		t.Errorf("open after accepting: %+v", reports)
	}
}

// rejectAConflictingReport: rejecting a report leaves the result as it
// is; a report of another event, or an unknown one, is not found.
func rejectAConflictingReport(t *testing.T, d *director.Director, id event.EventID, t2 event.Table, codes map[int]string) {
	t.Helper()
	ctx := context.Background()
	must(t, d.Rounds.RecordResult(ctx, id, 1, t2.Number, win(2, 1)))
	rep := director.TableReport{Event: id, Round: 1, Table: t2.Number, Code: codes[t2.Number], Result: "2-0", Device: "phone-c"}
	if _, err := d.Network.ReportByCode(ctx, rep); !errors.Is(err, director.ErrReportConflict) {
		t.Fatal(err)
	}
	reports, _ := d.Network.PhoneReports(ctx, id)
	if err := d.Network.ResolveReport(ctx, id+1, reports[0].ID, false); !errors.Is(err, event.ErrNotFound) {
		t.Errorf("a report of another event: %v", err)
	}
	if err := d.Network.ResolveReport(ctx, id, 12345, false); !errors.Is(err, event.ErrNotFound) {
		t.Errorf("an unknown report: %v", err)
	}
	must(t, d.Network.ResolveReport(ctx, id, reports[0].ID, false))
	logHas(t, d, id, "phone report rejected by the organizer")
	rounds, _ := d.Rounds.Rounds(ctx, id)
	if res := rounds[0].Tables[1].Result; res.Seats[0].GamesWon != 2 || res.Seats[1].GamesWon != 1 || res.ByPlayers {
		t.Errorf("after rejecting: %+v", res)
	}
	if reports, _ := d.Network.PhoneReports(ctx, id); len(reports) != 0 {
		t.Errorf("open after rejecting: %+v", reports)
	}
}

// With approval on, reports wait on the organizer's screen: two phones
// saying the same make one report; the organizer accepts one, a report
// saying something else then shows as one to check; a result typed at
// the desk settles the reports that agree with it.
func TestPhoneReportsCanWaitForApproval(t *testing.T) {
	ctx := context.Background()
	d, e, r, codes := phoneEvent(t, func(s *event.Settings) { s.PhoneReportsNeedApproval = true },
		"Ada Lovelace", "Bob Stone", "Cy Young", "Dee Hall")
	t1, t2 := r.Tables[0], r.Tables[1]
	report := func(table int, result, device string) (director.ReportOutcome, error) {
		return d.Network.ReportByCode(ctx, director.TableReport{Event: e.ID, Round: 1, Table: table, Code: codes[table], Result: result, Device: device})
	}
	for _, dev := range []string{"phone-a", "phone-b"} {
		if out, err := report(t1.Number, "2-1", dev); err != nil || out != director.ReportPending {
			t.Fatalf("%s: %v, %v", dev, out, err)
		}
	}
	if out, err := report(t1.Number, "0-2", "phone-c"); err != nil || out != director.ReportPending {
		t.Fatalf("a different report while waiting: %v, %v", out, err)
	}
	rounds, _ := d.Rounds.Rounds(ctx, e.ID)
	if rounds[0].Tables[0].Result != nil {
		t.Fatal("a report waiting for approval was applied")
	}
	logHas(t, d, e.ID, "waiting for the organizer's approval (players, table code, device phone-a)")
	reports, err := d.Network.PhoneReports(ctx, e.ID)
	if err != nil || len(reports) != 2 || reports[0].Conflict || reports[1].Conflict || reports[0].Device != "phone-a" {
		t.Fatalf("waiting: %+v, %v", reports, err)
	}
	must(t, d.Network.ResolveReport(ctx, e.ID, reports[0].ID, true))
	v, err := d.Views.RoundView(ctx, e.ID, 1, 1)
	must(t, err)
	if res := v.Sheet.Tables[0].Result; res == nil || !res.ByPlayers || res.Seats[0].GamesWon != 2 {
		t.Errorf("after approval: %+v", res)
	}
	if len(v.Reports) != 1 || !v.Reports[0].Conflict || !strings.Contains(v.Reports[0].Recorded.String(), "2–1") {
		t.Errorf("the other report after approval: %+v", v.Reports)
	}
	must(t, d.Network.ResolveReport(ctx, e.ID, v.Reports[0].ID, false))

	if out, err := report(t2.Number, "1-1-1", "phone-d"); err != nil || out != director.ReportPending {
		t.Fatalf("table 2: %v, %v", out, err)
	}
	must(t, d.Rounds.RecordResult(ctx, e.ID, 1, t2.Number, event.Result{Seats: []event.SeatResult{{GamesWon: 1}, {GamesWon: 1}}, GamesDrawn: 1}))
	if reports, _ := d.Network.PhoneReports(ctx, e.ID); len(reports) != 0 {
		t.Errorf("a report the desk agreed with is still open: %+v", reports)
	}
	if out, err := report(t2.Number, "1-1-1", "phone-d"); err != nil || out != director.ReportAlreadyRecorded {
		t.Errorf("after the desk: %v, %v", out, err)
	}
}

// Two phones of one table reporting at the same moment: exactly one
// result is applied; the others find it (the same result: already
// recorded) or are refused as a conflict.
func TestPhonesReportingAtOnceApplyOneResult(t *testing.T) {
	ctx := context.Background()
	d, e, r, codes := phoneEvent(t, nil, names(16)...)
	for i, results := range [][]string{{"2-1", "2-1", "2-1", "2-1"}, {"2-1", "1-2", "2-0", "2-1"}} {
		tb := r.Tables[i]
		var wg sync.WaitGroup
		outs := make([]director.ReportOutcome, len(results))
		errs := make([]error, len(results))
		for k, res := range results {
			wg.Add(1)
			go func() {
				defer wg.Done()
				outs[k], errs[k] = d.Network.ReportByCode(ctx, director.TableReport{Event: e.ID, Round: 1, Table: tb.Number, Code: codes[tb.Number], Result: res, Device: fmt.Sprint("phone-", k)})
			}()
		}
		wg.Wait()
		recorded := 0
		for k := range results {
			switch {
			case errs[k] == nil && outs[k] == director.ReportRecorded:
				recorded++
			case errs[k] == nil && outs[k] == director.ReportAlreadyRecorded:
			case errors.Is(errs[k], director.ErrReportConflict):
			default:
				t.Errorf("table %d, phone %d: %v, %v", tb.Number, k, outs[k], errs[k])
			}
		}
		if recorded != 1 {
			t.Errorf("table %d: %d phones recorded a result", tb.Number, recorded)
		}
		lines, _ := d.Events.Log(ctx, e.ID)
		applied := 0
		for _, l := range lines {
			if strings.HasPrefix(l.Message.String(), fmt.Sprintf("round 1 table %d: ", tb.Number)) && !strings.Contains(l.Message.String(), "reported") {
				applied++
			}
		}
		if applied != 1 {
			t.Errorf("table %d: %d results logged", tb.Number, applied)
		}
	}
}

// The judges' PIN: eight characters of the code alphabet drawn once and
// kept, renewed on demand to another, checked in constant time whatever
// the case, spaces and dashes; none before the first is drawn.
func TestJudgePIN(t *testing.T) {
	ctx := context.Background()
	d, _ := newDirector(t)
	if ok, err := d.Phones.CheckJudgePIN(ctx, "000000"); ok || err != nil {
		t.Errorf("before any PIN: %v, %v", ok, err)
	}
	pin, err := d.Phones.JudgePIN(ctx)
	if err != nil || len(pin) != director.SecretLength || strings.Trim(pin, director.TableCodeAlphabet) != "" {
		t.Fatalf("PIN %q, %v", pin, err)
	}
	if again, err := d.Phones.JudgePIN(ctx); again != pin || err != nil {
		t.Errorf("second call: %q, %v (first %q)", again, err, pin)
	}
	for _, typed := range []string{pin, " " + pin[:3] + " " + pin[3:] + " ", strings.ToLower(director.FormatSecret(pin))} {
		if ok, err := d.Phones.CheckJudgePIN(ctx, typed); !ok || err != nil {
			t.Errorf("%q: %v, %v", typed, ok, err)
		}
	}
	for _, typed := range []string{"", pin[:7], pin + "2", "abcdefgh"} {
		if ok, _ := d.Phones.CheckJudgePIN(ctx, typed); ok {
			t.Errorf("%q was taken for %q", typed, pin)
		}
	}
	renewed, err := d.Phones.RenewJudgePIN(ctx)
	if err != nil || renewed == pin || len(renewed) != director.SecretLength {
		t.Fatalf("renewed %q, %v (was %q)", renewed, err, pin)
	}
	if ok, _ := d.Phones.CheckJudgePIN(ctx, pin); ok {
		t.Error("the old PIN still works")
	}
	if now, _ := d.Phones.JudgePIN(ctx); now != renewed {
		t.Errorf("JudgePIN %q after renewing to %q", now, renewed)
	}
	d.SetCodeSource(strings.NewReader(""))
	if _, err := d.Phones.RenewJudgePIN(ctx); err == nil {
		t.Error("a random source that gives nothing drew a PIN")
	}
}

// A judge log entry written from the network keeps where it came from,
// in the judge log and the activity log.
func TestJudgeLogEntriesKeepTheirSource(t *testing.T) {
	ctx := context.Background()
	d, e, j, r := judgedEvent(t, "generic", "swiss")
	entry := event.JudgeLogEntry{EventID: e.ID, Round: r.Number, Table: r.Tables[0].Number, JudgeID: j.ID, EntryID: r.Tables[0].Seats[0].EntryID,
		Kind: event.LogRuling, Description: "Asked about the stack", Source: "  judge phone,\tdevice 9c1e  "}
	got := mustCall(t, d.Judging.LogJudgeEntry, entry)
	log, _ := d.Judging.JudgeLog(ctx, e.ID)
	if got.Source != "judge phone, device 9c1e" || log[len(log)-1].Source != got.Source {
		t.Errorf("source %q, saved %q", got.Source, log[len(log)-1].Source)
	}
	logHas(t, d, e.ID, "(judge phone, device 9c1e)")
	entry.Source = strings.Repeat("x", 121)
	if _, err := d.Judging.LogJudgeEntry(ctx, entry); !errors.Is(err, event.ErrInvalid) {
		t.Errorf("a source too long: %v", err)
	}
	entry.Source = "bell\x07"
	if _, err := d.Judging.LogJudgeEntry(ctx, entry); !errors.Is(err, event.ErrInvalid) {
		t.Errorf("a control character: %v", err)
	}
}

// An event moved to another computer keeps its table codes (the slips
// already printed stay good), which results the players reported and
// where judge log entries came from; the imported event exports the same.
func TestEventFilesKeepCodesAndSources(t *testing.T) {
	ctx := context.Background()
	d, e, r, codes := phoneEvent(t, nil, "Ada Lovelace", "Bob Stone", "Cy Young")
	j, err := d.Judging.AddJudge(ctx, e.ID, director.NewJudge{Name: "Grace Hopper", Role: event.RoleHeadJudge})
	must(t, err)
	if _, err := d.Judging.LogJudgeEntry(ctx, event.JudgeLogEntry{EventID: e.ID, Round: 1, Table: 1, JudgeID: j.ID, Kind: event.LogRuling, Source: "judge phone, device 1"}); err != nil {
		t.Fatal(err)
	}
	if _, err := d.Network.ReportByCode(ctx, director.TableReport{Event: e.ID, Round: 1, Table: 1, Code: codes[1], Result: "2-0"}); err != nil {
		t.Fatal(err)
	}
	doc := mustCall(t, d.Transfer.ExportEvent, e.ID)
	if doc.Rounds[0].Tables[0].Code != codes[1] || !doc.Rounds[0].Tables[0].Result.ByPlayers || doc.JudgeLog[0].Source != "judge phone, device 1" {
		t.Fatalf("exported %+v, judge log %+v", doc.Rounds[0].Tables, doc.JudgeLog)
	}
	if bye := doc.Rounds[0].Tables[len(r.Tables)-1]; !bye.Bye || bye.Code != "" {
		t.Errorf("the bye exported %+v", bye)
	}
	d2, _ := newDirector(t)
	moved, err := d2.Transfer.ImportEvent(ctx, doc)
	must(t, err)
	if got, _ := d2.Network.TableCodes(ctx, moved.ID, 1); fmt.Sprint(got) != fmt.Sprint(codes) {
		t.Errorf("codes after the move %v, before %v", got, codes)
	}
	again, err := d2.Transfer.ExportEvent(ctx, moved.ID)
	must(t, err)
	if !reflect.DeepEqual(again.Rounds, doc.Rounds) || !reflect.DeepEqual(again.JudgeLog, doc.JudgeLog) {
		t.Errorf("exported again:\n%+v\nfirst:\n%+v", again.Rounds, doc.Rounds)
	}
	bad := doc
	bad.Rounds = append(bad.Rounds[:0:0], doc.Rounds...)
	bad.Rounds[0].Tables = append(bad.Rounds[0].Tables[:0:0], doc.Rounds[0].Tables...)
	bad.Rounds[0].Tables[0].Code = "abc"
	if _, err := d2.Transfer.ImportEvent(ctx, bad); !errors.Is(err, event.ErrInvalid) {
		t.Errorf("a code of 3 small letters: %v", err)
	}
}

// A phone report is answered with the result said with names, the winner
// first: seat 2's 2–1 win names her, the same report again says the
// result on record, and a team match names the winning team.
func TestReportSaysTheWinnerByName(t *testing.T) {
	ctx := context.Background()
	d, e, r, codes := phoneEvent(t, nil, "Ada", "Bob", "Cy", "Dee")
	tb := r.Tables[0]
	names := map[event.EntryID]string{}
	for _, en := range mustCall(t, d.Registration.Entries, e.ID) {
		names[en.ID] = en.Name
	}
	report := director.TableReport{Event: e.ID, Round: 1, Table: tb.Number, Code: codes[tb.Number], Result: "1-2", Device: "phone-1"}
	rc, err := d.Network.Report(ctx, report)
	must(t, err)
	want := names[tb.Seats[1].EntryID] + " won 2–1"
	if rc.Outcome != director.ReportRecorded || rc.Said.String() != want {
		t.Errorf("recorded: %v %q, want %q", rc.Outcome, rc.Said, want)
	}
	if got, wantFr := rc.Said.In(i18n.French), names[tb.Seats[1].EntryID]+" a gagné 2–1"; got != wantFr {
		t.Errorf("in French %q, want %q", got, wantFr)
	}
	report.Result = "12"
	if rc, err = d.Network.Report(ctx, report); err != nil || rc.Outcome != director.ReportAlreadyRecorded || rc.Said.String() != want {
		t.Errorf("already recorded: %v %q %v", rc.Outcome, rc.Said, err)
	}

	te, _, teams := teamEvent(t, d, 4)
	tr := mustPair(t, ctx, d, te.ID)
	tcodes, err := d.Network.TableCodes(ctx, te.ID, 1)
	must(t, err)
	ttb := tr.Tables[0]
	var teamB string
	for _, tm := range teams {
		for _, m := range tm.Members {
			if m == ttb.Seats[1].EntryID {
				teamB = tm.Name
			}
		}
	}
	rc, err = d.Network.Report(ctx, director.TableReport{Event: te.ID, Round: 1, Table: ttb.Number, Code: tcodes[ttb.Number], Result: "0-1", Device: "phone-2"})
	if err != nil || teamB == "" || rc.Said.String() != teamB+" won 1–0" {
		t.Errorf("team match: %q %v, want %q won 1–0", rc.Said, err, teamB)
	}
}

// A phone's structured multiplayer result (the form's fields, never
// turned into text) records what its one line records, by table code and
// from a player's own phone; the report keeps the line as its text; a
// structured result the table refuses is refused with the line's
// sentence.
func TestStructuredMultiplayerResultsReadAsTheirLine(t *testing.T) {
	ctx := context.Background()
	line := "2 | 5 | 9 | 3 | 0"
	multi := &rules.MultiInput{Winners: "2", Values: []string{"5", " 9", "3 ", "0"}}
	results := map[string]*event.Result{}
	for _, how := range []string{"line", "fields"} {
		d, _ := newDirector(t)
		d.SetCodeSource(rand.NewChaCha8([32]byte{3}))
		e := eventOf(t, d, "heresy", "reascension", func(s *event.Settings) { s.PhoneReportsNeedApproval = true })
		register(t, d, e.ID, names(7)...)
		r := mustPair(t, ctx, d, e.ID)
		codes, _ := d.Network.TableCodes(ctx, e.ID, 1)
		four := r.Tables[0]
		rep := director.TableReport{Event: e.ID, Round: 1, Table: four.Number, Code: codes[four.Number], Result: line}
		if how == "fields" {
			rep.Result, rep.Multi = "", multi
			bad := rep
			bad.Multi = &rules.MultiInput{Winners: "2", Values: []string{"5", "x", "3", "0"}}
			_, err := d.Network.ReportByCode(ctx, bad)
			badLine := bad
			badLine.Multi, badLine.Result = nil, bad.Multi.Line()
			_, lineErr := d.Network.ReportByCode(ctx, badLine)
			if !errors.Is(err, event.ErrInvalid) || lineErr == nil || event.Message(err) != event.Message(lineErr) {
				t.Errorf("a letter in a field: %v; as a line: %v", err, lineErr)
			}
		}
		if out, err := d.Network.ReportByCode(ctx, rep); err != nil || out != director.ReportPending {
			t.Fatalf("%s: %v, %v", how, out, err)
		}
		list, err := d.Network.PhoneReports(ctx, e.ID)
		if err != nil || len(list) != 1 || list[0].Result != line {
			t.Fatalf("%s: the desk list %+v, %v", how, list, err)
		}
		must(t, d.Network.ResolveReport(ctx, e.ID, list[0].ID, true))
		rounds, _ := d.Rounds.Rounds(ctx, e.ID)
		res := rounds[0].Tables[0].Result
		if res == nil || res.Seats[1].Place != 1 {
			t.Fatalf("%s: %+v", how, res)
		}
		res.RecordedAt = time.Time{}
		results[how] = res
	}
	if a, b := *results["line"], *results["fields"]; !reflect.DeepEqual(a, b) {
		t.Errorf("the line records %+v, the fields %+v", a, b)
	}

	// A player's own phone: every player sends the fields; the table is
	// recorded as with the line (TestSidesOfTeamAndMultiplayerTables).
	d, _, e, r := confirmEvent(t, "heresy", "reascension", 7)
	tb := r.Tables[0]
	for i, s := range tb.Seats {
		c, err := d.Confirmations.ReportAsPlayer(ctx, director.PlayerResult{Event: e.ID, Entry: s.EntryID, Round: 1, Multi: multi})
		if err != nil || i == 0 && (len(c.Reports) != 1 || c.Reports[0].Text != line) {
			t.Fatalf("player %d: %+v, %v", i+1, c, err)
		}
		if i == len(tb.Seats)-1 && c.State != director.ConfirmRecorded {
			t.Errorf("every player sent the fields: %+v", c)
		}
	}
	rounds, _ := d.Rounds.Rounds(ctx, e.ID)
	got := *rounds[0].Tables[0].Result
	got.RecordedAt, got.ByPlayers = time.Time{}, true
	want := *results["line"]
	want.ByPlayers = true
	if !reflect.DeepEqual(got, want) {
		t.Errorf("the players' fields record %+v, the line %+v", got, want)
	}
}
