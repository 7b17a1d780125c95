package web

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/ui/web/internal/webtest"
)

// The judge a phone chose is kept with its session in the database: after
// a restart of the network (a new server on the same director, as serve
// starts again after SIGTERM) her next table extension is saved as hers,
// not refused with "Choose your name…", and she is not asked who she is.
// In another event she still chooses.
func TestAJudgesChosenNameSurvivesARestart(t *testing.T) {
	f := newFixture(t)
	e, r, judges := f.JudgeEvent()
	b := f.judgePhone(e, judges[1])
	b.get(webtest.JudgeOf(e)).must(t, 200, "event").shows(t, "Ben Okafor")
	if _, err := f.d.Clocks.StartClock(context.Background(), e.ID, r.Number); err != nil {
		t.Fatal(err)
	}
	tb := f.tableWith(e, r, "Ada Lovelace")
	path := fmt.Sprintf("%s/tables/%d", webtest.JudgeOf(e), tb.Number)

	for restart := range 3 {
		srv, err := New(Config{Director: f.d, Now: f.clock.Now})
		if err != nil {
			t.Fatal(err)
		}
		f.srv.Close()
		f.srv = srv
		t.Cleanup(srv.Close)
		f.http.Config.Handler = srv
		a := b.post(path+"/extend", url.Values{"minutes": {"2"}}).must(t, http.StatusSeeOther, fmt.Sprintf("extend after restart %d", restart+1))
		b.get(a.location).shows(t, "Ben Okafor")
	}
	log, err := f.d.Judging.JudgeLog(context.Background(), e.ID)
	if err != nil || len(log) != 3 {
		t.Fatalf("log = %+v, %v", log, err)
	}
	for _, x := range log {
		if x.JudgeID != judges[1].ID {
			t.Errorf("an extension after a restart was saved as judge %d, want %d", x.JudgeID, judges[1].ID)
		}
	}
	other, _ := f.Event("altered", "standard-bo3", "Eve Stone", "Finn Hale")
	if _, err := f.d.Judging.AddJudge(context.Background(), other.ID, director.NewJudge{Name: "Ida Wells", Role: event.RoleHeadJudge}); err != nil {
		t.Fatal(err)
	}
	b.get(webtest.JudgeOf(other)).must(t, 200, "another event").shows(t, "Who are you?", "Ida Wells")
}

// A penalty typed by a phone whose judge has not said who she is in the
// event (signed in before her name was kept, say) is not lost: the "Who
// are you?" page carries it, and once she picks her name the form shows
// it again to save, in her language.
func TestAPenaltyTypedBeforeChoosingANameIsKept(t *testing.T) {
	f := newFixture(t)
	e, _, judges := f.JudgeEvent()
	ada, _ := f.EntryNamed(e, "Ada Lovelace")
	pin, err := f.d.Phones.JudgePIN(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	b := f.staffClient()
	b.post("/judge/signin", url.Values{"pin": {pin}}).must(t, http.StatusSeeOther, "sign in")
	typed := url.Values{"kind": {"penalty"}, "round": {"1"}, "player": {webtest.Itoa64(int64(ada.ID))}, "infraction": {"stalling"},
		"penalty": {"formal warning"}, "description": {"Slow play at table 1, warned twice"}}
	who := b.post(webtest.JudgeOf(e)+"/entry", typed).must(t, http.StatusForbidden, "an entry before choosing a name")
	who.shows(t, "Who are you?", "what you typed is kept")
	if !strings.Contains(who.body, `name="description" value="Slow play at table 1, warned twice"`) {
		t.Errorf("the page does not carry the description: %s", who.body)
	}
	kept := url.Values{"judge": {webtest.Itoa64(int64(judges[1].ID))}, "then": {"entry"}}
	for k, v := range typed {
		kept[k] = v
	}
	back := b.post(webtest.JudgeOf(e)+"/me", kept).must(t, http.StatusOK, "the name chosen")
	back.shows(t, "Your name is chosen. Here is what you typed", "Slow play at table 1, warned twice", "Ben Okafor")
	if log, _ := f.d.Judging.JudgeLog(context.Background(), e.ID); len(log) != 0 {
		t.Fatalf("the kept entry was saved before the judge saved it: %+v", log)
	}
	b.post(webtest.JudgeOf(e)+"/entry", typed).must(t, http.StatusSeeOther, "saved")
	log, err := f.d.Judging.JudgeLog(context.Background(), e.ID)
	if err != nil || len(log) != 1 || log[0].JudgeID != judges[1].ID || log[0].Description != "Slow play at table 1, warned twice" {
		t.Fatalf("log = %+v, %v", log, err)
	}
}
