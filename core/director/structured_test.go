package director_test

import (
	"context"
	"errors"
	"math/rand/v2"
	"reflect"
	"testing"
	"time"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/core/rules"
)

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
