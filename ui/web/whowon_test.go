package web

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
	"tablekeeper/ui/web/internal/webtest"
)

// A match's form lists who won in words, each choice with its
// seat-ordered line: seat 2's 2–1 win is "1-2", said with her name; the
// members let the page find the player's side. A report with that line
// records seat 2 as the winner, and every answer names the winner.
func TestFormChoicesAndTheAnswerNameTheWinner(t *testing.T) {
	f := newFixture(t)
	e, es, r := f.OpenRound(4)
	tb := r.Tables[0]
	one, two := webtest.EntryName(t, es, tb.Seats[0].EntryID), webtest.EntryName(t, es, tb.Seats[1].EntryID)
	var form formJSON
	f.getJSON(fmt.Sprintf("/api/events/%d/tables/%d/form", e.ID, tb.Number), 200, &form)
	if len(form.Members) != 2 || len(form.Members[1]) != 1 || form.Members[1][0] != tb.Seats[1].EntryID {
		t.Errorf("members %v, want seat 2's entry %d second", form.Members, tb.Seats[1].EntryID)
	}
	var line string
	for _, c := range form.Choices {
		if c.Winner == 2 && c.Games == "2–1" {
			line = c.Line
			if want := two + " won 2–1"; c.Said != want {
				t.Errorf("choice said %q, want %q", c.Said, want)
			}
		}
	}
	if line != "1-2" {
		t.Fatalf("seat 2's 2–1 is %q in %+v", line, form.Choices)
	}
	if !strings.Contains(form.Other, one+"'s games first") {
		t.Errorf("the other result's label %q does not say whose games come first", form.Other)
	}

	code := f.Codes(e.ID, 1)[tb.Number]
	status, out := f.report(e.ID, body(1, tb.Number, code, line), "Accept-Language", "fr")
	var reply reportReply
	if err := json.Unmarshal([]byte(out), &reply); err != nil || status != http.StatusOK || reply.Message != "enregistré\u00a0: "+two+" a gagné 2–1." {
		t.Errorf("recorded, in French: %d %s", status, out)
	}
	if got := f.Results(e.ID, 1); !strings.Contains(got, fmt.Sprintf("%d:[{1 ", tb.Number)) || !strings.Contains(got, "} {2 ") {
		t.Errorf("the round has %s, want seat 2 winning 2–1", got)
	}
	status, out = f.report(e.ID, body(1, tb.Number, code, line))
	if err := json.Unmarshal([]byte(out), &reply); err != nil || status != http.StatusOK || reply.Message != "already recorded: "+two+" won 2–1. Nothing more to do." {
		t.Errorf("already recorded: %d %s", status, out)
	}
	f.getJSON(fmt.Sprintf("/api/events/%d/tables/%d/form", e.ID, tb.Number), 200, &form)
	if form.ResultSaid != two+" won 2–1" || form.Result == nil || *form.Result != "1–2" {
		t.Errorf("the form's result %v, said %q", form.Result, form.ResultSaid)
	}
}

// A report waiting for the organizer's approval is answered with the
// winner's name too.
func TestPendingAnswerNamesTheWinner(t *testing.T) {
	f := newFixture(t)
	e, es := f.Event("altered", "standard-bo3", webtest.Names(4)...)
	f.ChangeSettings(&e, func(s *event.Settings) { s.PhoneReportsNeedApproval = true })
	tb := f.Publish(e.ID).Tables[0]
	status, out := f.report(e.ID, body(1, tb.Number, f.Codes(e.ID, 1)[tb.Number], "0-2"))
	var reply reportReply
	want := "sent: " + webtest.EntryName(t, es, tb.Seats[1].EntryID) + " won 2–0. It counts once the organizer approves it."
	if err := json.Unmarshal([]byte(out), &reply); err != nil || status != http.StatusAccepted || reply.Message != want {
		t.Errorf("waiting for approval: %d %s, want %q", status, out, want)
	}
}

// A team match's form names the teams, with each team's members, and
// its choices are said with the teams' names.
func TestTeamFormNamesTheTeams(t *testing.T) {
	f := newFixture(t)
	e, es := f.Event("altered", "2v2", webtest.Names(8)...)
	for i := 0; i+1 < len(es); i += 2 {
		if _, err := f.d.Teams.CreateTeam(context.Background(), e.ID, "", []event.EntryID{es[i].ID, es[i+1].ID}); err != nil {
			t.Fatal(err)
		}
	}
	r := f.Publish(e.ID)
	var form formJSON
	f.getJSON(fmt.Sprintf("/api/events/%d/tables/%d/form", e.ID, r.Tables[0].Number), 200, &form)
	if form.Kind != "team" || len(form.Sides) != 2 || len(form.Members) != 2 || len(form.Members[0]) != 2 {
		t.Fatalf("team form %+v", form)
	}
	if len(form.Choices) == 0 || form.Choices[0].Said != i18n.F("%[1]s won %[2]s", form.Sides[0], "1–0").String() {
		t.Errorf("team choices %+v", form.Choices)
	}
	for _, id := range form.Members[1] {
		if !onSide(r.Tables[0], id, 1) {
			t.Errorf("entry %d is not in team B's seats", id)
		}
	}
}

// onSide says whether entry sits on a team table's side (0 team A, in
// seats 1, 3, …; 1 team B).
func onSide(tb event.Table, entry event.EntryID, side int) bool {
	for i, s := range tb.Seats {
		if s.EntryID == entry {
			return i%2 == side
		}
	}
	return false
}
