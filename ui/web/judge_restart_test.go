package web

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"testing"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
)

// The judge a phone chose is kept with its session in the database: after
// a restart of the network (a new server on the same director, as serve
// starts again after SIGTERM) her next table extension is saved as hers,
// not refused with "Choose your name…", and she is not asked who she is.
// In another event she still chooses.
func TestAJudgesChosenNameSurvivesARestart(t *testing.T) {
	f := newFixture(t)
	e, r, judges := f.judgeEvent()
	b := f.judgePhone(e, judges[1])
	b.get(judgeOf(e)).must(t, 200, "event").shows(t, "Ben Okafor")
	if _, err := f.d.StartClock(context.Background(), e.ID, r.Number); err != nil {
		t.Fatal(err)
	}
	tb := f.tableWith(e, r, "Ada Lovelace")
	path := fmt.Sprintf("%s/tables/%d", judgeOf(e), tb.Number)

	for restart := range 3 {
		srv, err := New(Config{Director: f.d, Now: f.clock.now})
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
	log, err := f.d.JudgeLog(context.Background(), e.ID)
	if err != nil || len(log) != 3 {
		t.Fatalf("log = %+v, %v", log, err)
	}
	for _, x := range log {
		if x.JudgeID != judges[1].ID {
			t.Errorf("an extension after a restart was saved as judge %d, want %d", x.JudgeID, judges[1].ID)
		}
	}
	other, _ := f.event("altered", "standard-bo3", "Eve Stone", "Finn Hale")
	if _, err := f.d.AddJudge(context.Background(), other.ID, director.NewJudge{Name: "Ida Wells", Role: event.RoleHeadJudge}); err != nil {
		t.Fatal(err)
	}
	b.get(judgeOf(other)).must(t, 200, "another event").shows(t, "Who are you?", "Ida Wells")
}
