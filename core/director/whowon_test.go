package director_test

import (
	"context"
	"testing"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
)

// A phone report is answered with the result said with names, the winner
// first: seat 2's 2–1 win names her, the same report again says the
// result on record, and a team match names the winning team.
func TestReportSaysTheWinnerByName(t *testing.T) {
	ctx := context.Background()
	d, e, r, codes := phoneEvent(t, nil, "Ada", "Bob", "Cy", "Dee")
	tb := r.Tables[0]
	names := map[event.EntryID]string{}
	for _, en := range mustEntries(t, d, e.ID) {
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

// mustEntries returns an event's entries.
func mustEntries(t *testing.T, d *director.Director, id event.EventID) []event.Entry {
	t.Helper()
	es, err := d.Registration.Entries(context.Background(), id)
	must(t, err)
	return es
}
