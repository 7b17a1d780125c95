package web

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/core/judgelog"
	"tablekeeper/ui/web/internal/webtest"
)

// finished is an event of two players played and finished.
func (f *fixture) finished() event.Event {
	f.t.Helper()
	e, _ := f.Event("altered", "standard-bo3", "Old Timer", "New Comer")
	f.finish(e)
	return e
}

// finish plays one round of e and finishes it.
func (f *fixture) finish(e event.Event) {
	f.t.Helper()
	ctx := context.Background()
	r := f.Publish(e.ID)
	for _, tb := range r.Tables {
		if tb.Bye {
			continue
		}
		if err := f.d.Rounds.RecordResult(ctx, e.ID, r.Number, tb.Number, event.Result{Seats: []event.SeatResult{{GamesWon: 2}, {GamesWon: 0}}}); err != nil {
			f.t.Fatal(err)
		}
	}
	if err := f.d.Events.FinishEvent(ctx, e.ID); err != nil {
		f.t.Fatal(err)
	}
}

// judgePhone is a phone signed in with the judges' PIN and named as
// judge j in event e.
func (f *fixture) judgePhone(e event.Event, j event.Judge) *staffClient {
	f.t.Helper()
	pin, err := f.d.Phones.JudgePIN(context.Background())
	if err != nil {
		f.t.Fatal(err)
	}
	b := f.staffClient()
	b.get("/judge").must(f.t, 200, "sign-in page").shows(f.t, "Judges' PIN")
	b.post("/judge/signin", url.Values{"pin": {pin}}).must(f.t, http.StatusSeeOther, "sign in")
	b.get(webtest.JudgeOf(e)).must(f.t, 200, "who are you").shows(f.t, "Who are you?", j.Name)
	b.post(webtest.JudgeOf(e)+"/me", url.Values{"judge": {webtest.Itoa64(int64(j.ID))}}).must(f.t, http.StatusSeeOther, "pick my name")
	return b
}

// tableWith returns the table of round r where the entry named sits.
func (f *fixture) tableWith(e event.Event, r event.Round, name string) event.Table {
	f.t.Helper()
	en, ok := f.EntryNamed(e, name)
	if !ok {
		f.t.Fatalf("no %s", name)
	}
	return webtest.SeatTable(r, en.ID)
}

func TestAJudgeSignsInWithTheJudgesPINAndPicksTheirName(t *testing.T) {
	f := newFixture(t)
	e, _, judges := f.JudgeEvent()
	done := f.finished()
	pin, err := f.d.Phones.JudgePIN(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	b := f.staffClient()
	b.get(webtest.JudgeOf(e)).must(t, http.StatusSeeOther, "event before signing in")
	b.post("/judge/signin", url.Values{"pin": {"0000-0000"}}).must(t, http.StatusForbidden, "wrong PIN").
		shows(t, "That is not the judges' PIN.")
	a := b.post("/judge/signin", url.Values{"pin": {" " + strings.ToLower(pin[:3]) + " " + pin[3:] + " "}}).must(t, http.StatusSeeOther, "right PIN, spaced, small letters")
	var c *http.Cookie
	for _, k := range a.headerCookies() {
		if k.Name == judgeCookie {
			c = k
		}
	}
	if c == nil || !c.HttpOnly || c.SameSite != http.SameSiteStrictMode {
		t.Fatalf("judge cookie = %+v", c)
	}
	events := b.get("/judge").must(t, 200, "events").shows(t, "Choose the event", "Friday Night", "4 players · round 1")
	if strings.Contains(events.body, webtest.JudgeOf(done)+`"`) {
		t.Error("a finished event is offered to judges")
	}
	b.get(webtest.JudgeOf(e)).shows(t, "Who are you?", "Grace Hopper", "head judge", "Ben Okafor", "judge 2")
	b.post(webtest.JudgeOf(e)+"/me", url.Values{"judge": {"999"}}).must(t, http.StatusBadRequest, "not a judge").
		shows(t, "Choose your name among the event's judges")
	b.post(webtest.JudgeOf(e)+"/me", url.Values{"judge": {webtest.Itoa64(int64(judges[1].ID))}}).must(t, http.StatusSeeOther, "Ben")
	b.get(webtest.JudgeOf(e)).must(t, 200, "event").shows(t, "Ben Okafor", "Round 1 · tables still out (2)", "Judge log", "Nothing logged yet.")

	// A new PIN signs every phone out.
	if _, err := f.d.Phones.RenewJudgePIN(context.Background()); err != nil {
		t.Fatal(err)
	}
	if a := b.get(webtest.JudgeOf(e)); a.status != http.StatusSeeOther || a.location != "/judge" {
		t.Fatalf("after a new PIN: %d %q", a.status, a.location)
	}
	b.get("/judge").shows(t, "Judges' PIN", "The organizer changed the judges' PIN")
	// Signing out ends the session.
	b2 := f.judgePhone(e, judges[0])
	b2.post("/judge/signout", nil).must(t, http.StatusSeeOther, "sign out")
	b2.get("/judge").shows(t, "Judges' PIN")
}

func TestWrongJudgePINsAreRateLimitedPerDevice(t *testing.T) {
	f := newFixture(t)
	pin, _ := f.d.Phones.JudgePIN(context.Background())
	b := f.staffClient()
	for i := range 5 {
		b.post("/judge/signin", url.Values{"pin": {fmt.Sprintf("%08d", i)}}).must(t, http.StatusForbidden, "wrong PIN")
	}
	a := b.post("/judge/signin", url.Values{"pin": {pin}}).must(t, http.StatusTooManyRequests, "sixth try")
	a.shows(t, "Too many wrong PINs from this phone: wait a minute, then try again.")
	f.staffClient().post("/judge/signin", url.Values{"pin": {pin}}).must(t, http.StatusTooManyRequests, "same address, new cookies")
	f.clock.Add(rateWrongPIN.per)
	b.post("/judge/signin", url.Values{"pin": {pin}}).must(t, http.StatusSeeOther, "after the wait")
}

func TestAJudgeSeesATableAndExtendsItsTime(t *testing.T) {
	f := newFixture(t)
	e, r, judges := f.JudgeEvent()
	if _, err := f.d.Clocks.StartClock(context.Background(), e.ID, r.Number); err != nil {
		t.Fatal(err)
	}
	b := f.judgePhone(e, judges[1])
	tb := f.tableWith(e, r, "Ada Lovelace")
	path := fmt.Sprintf("%s/tables/%d", webtest.JudgeOf(e), tb.Number)
	b.get(webtest.JudgeOf(e)).shows(t, fmt.Sprintf("%d", tb.Number), "Ada Lovelace", "50:00 left")
	b.get(path).must(t, 200, "table").shows(t, fmt.Sprintf("Table %d", tb.Number), "Ada Lovelace", "50:00 left", "Add time to this table")

	b.post(path+"/extend", url.Values{"minutes": {"abc"}}).must(t, http.StatusBadRequest, "bad minutes").
		shows(t, "The extension is a number of minutes, such as 3, not \"abc\".")
	b.post(path+"/extend", url.Values{"minutes": {"0"}}).must(t, http.StatusBadRequest, "no minutes").shows(t, "Say how many minutes to add")
	b.post(path+"/extend", url.Values{"minutes": {"500"}}).must(t, http.StatusBadRequest, "too long").shows(t, "at most 120 minutes")
	a := b.post(path+"/extend", url.Values{"minutes": {"5"}}).must(t, http.StatusSeeOther, "extend")
	b.get(a.location).shows(t, "Saved as judge log entry #1.", "+5:00 extension", "55:00 left")

	log, _ := f.d.Judging.JudgeLog(context.Background(), e.ID)
	if len(log) != 1 {
		t.Fatalf("log = %+v", log)
	}
	x := log[0]
	dev := b.deviceID()
	if x.Kind != event.LogExtension || x.Table != tb.Number || x.Round != 1 || x.Extension != 5*time.Minute ||
		x.JudgeID != judges[1].ID || x.Source != "judge phone, device "+dev[:6] {
		t.Fatalf("extension entry = %+v (device %s)", x, dev)
	}
	sh, _ := f.d.Rounds.RoundSheet(context.Background(), e.ID, 1)
	for _, st := range sh.Tables {
		if st.Number == tb.Number && st.Extension != 5*time.Minute {
			t.Fatalf("table %d extension = %v", st.Number, st.Extension)
		}
	}
	b.get(webtest.JudgeOf(e)).shows(t, "Round 1, table", "Ben Okafor", "judge phone, device "+dev[:6])
	b.get(webtest.JudgeOf(e)+"/tables/99").must(t, http.StatusNotFound, "no such table").shows(t, "has no table 99")
}

// deviceID is the phone's device cookie.
func (b *staffClient) deviceID() string {
	u, _ := url.Parse(b.f.http.URL)
	for _, c := range b.client.Jar.Cookies(u) {
		if c.Name == deviceCookie {
			id, _, _ := strings.Cut(c.Value, ".")
			return id
		}
	}
	b.t.Fatal("no device cookie")
	return ""
}

func TestAJudgeLogsAPenaltyWithTheDesksEscalation(t *testing.T) {
	f := newFixture(t)
	e, r, judges := f.JudgeEvent()
	b := f.judgePhone(e, judges[0])
	tb := f.tableWith(e, r, "Ada Lovelace")
	ada, _ := f.EntryNamed(e, "Ada Lovelace")
	form := b.get(fmt.Sprintf("%s/entry?kind=penalty&table=%d", webtest.JudgeOf(e), tb.Number)).must(t, 200, "entry form")
	form.shows(t, "New judge log entry", "Ada Lovelace", "(choose the penalty)")
	if !strings.Contains(form.body, `<option value="slow play">`) {
		t.Error("the form does not offer the game's infractions")
	}
	if strings.Contains(form.body, "Cleo Park") && webtest.SeatTable(r, mustEntry(t, f, e, "Cleo Park")).Number != tb.Number {
		t.Error("the form lists a player of another table")
	}
	entry := url.Values{"kind": {"penalty"}, "round": {"1"}, "table": {webtest.Itoa64(int64(tb.Number))}, "player": {webtest.Itoa64(int64(ada.ID))},
		"infraction": {"slow play"}, "description": {"Took three minutes over one decision."}}

	// The desk's suggestion, shown before saving.
	sg := judgelog.Suggest(e.Game, nil, ada.ID, "slow play")
	withAction := cloneValues(entry)
	withAction.Set("action", "suggest")
	b.post(webtest.JudgeOf(e)+"/entry", withAction).must(t, 200, "suggest").shows(t, sg.Sentence("Ada Lovelace"))
	var sj judgeSuggestJSON
	a := b.get("/api/judge/events/" + webtest.Itoa64(int64(e.ID)) + "/suggest?kind=penalty&player=" + webtest.Itoa64(int64(ada.ID)) + "&infraction=slow+play")
	if err := json.Unmarshal([]byte(a.body), &sj); err != nil || sj.Sentence != sg.Sentence("Ada Lovelace") || sj.Penalty != judgelog.InformalWarning {
		t.Fatalf("suggest API = %s (%v)", a.body, err)
	}

	// No penalty chosen: the director's sentence, nothing saved.
	b.post(webtest.JudgeOf(e)+"/entry", entry).must(t, http.StatusBadRequest, "no penalty").
		shows(t, "A penalty entry needs its penalty")
	entry.Set("penalty", judgelog.InformalWarning)
	a = b.post(webtest.JudgeOf(e)+"/entry", entry).must(t, http.StatusSeeOther, "save")
	b.get(a.location).shows(t, "Saved as judge log entry #1.", "Ada Lovelace — slow play, informal warning (judge Grace Hopper)")

	// The second offence escalates, as at the desk.
	log, _ := f.d.Judging.JudgeLog(context.Background(), e.ID)
	next := judgelog.Suggest(e.Game, log, ada.ID, "slow play")
	if next.Penalty != judgelog.FormalWarning {
		t.Fatalf("second slow play suggests %q", next.Penalty)
	}
	withAction = cloneValues(entry)
	withAction.Del("penalty")
	withAction.Set("action", "suggest")
	page := b.post(webtest.JudgeOf(e)+"/entry", withAction).must(t, 200, "second suggestion").shows(t, next.Sentence("Ada Lovelace"))
	if !strings.Contains(page.body, `<option value="formal warning" selected>`) {
		t.Error("the suggested penalty is not chosen")
	}
	if log[0].Source == "" || log[0].JudgeID != judges[0].ID {
		t.Errorf("entry = %+v", log[0])
	}
}

func mustEntry(t *testing.T, f *fixture, e event.Event, name string) event.EntryID {
	t.Helper()
	en, ok := f.EntryNamed(e, name)
	if !ok {
		t.Fatalf("no %s", name)
	}
	return en.ID
}

func cloneValues(v url.Values) url.Values {
	out := url.Values{}
	for k, vs := range v {
		out[k] = append([]string(nil), vs...)
	}
	return out
}

func TestTheJudgeFormRefusesBadInputWithASentence(t *testing.T) {
	f := newFixture(t)
	e, _, judges := f.JudgeEvent()
	b := f.judgePhone(e, judges[0])
	cases := []struct {
		form url.Values
		want string
	}{
		{url.Values{"kind": {"penalty"}, "round": {"x"}}, "The round must be a whole number, not \"x\"."},
		{url.Values{"kind": {"penalty"}, "player": {"99999"}}, "Choose the player among the event's players."},
		{url.Values{"kind": {"ruling"}, "description": {strings.Repeat("d", judgelog.MaxText+1)}}, "The description is 2001 characters long; at most 2000 fit."},
		{url.Values{"kind": {"penalty"}, "infraction": {strings.Repeat("i", 201)}}, "The infraction is 201 characters long; at most 200 fit."},
		{url.Values{"kind": {"extension"}, "round": {"1"}}, "A time extension needs its length."},
		{url.Values{"kind": {"appeal"}, "round": {"1"}}, "An appeal needs the player who appealed."},
		{url.Values{"kind": {"ruling"}, "round": {"1"}, "table": {"1"}, "minutes": {"-2"}}, "The extension is a number of minutes"},
	}
	for _, c := range cases {
		b.post(webtest.JudgeOf(e)+"/entry", c.form).must(t, http.StatusBadRequest, fmt.Sprint(c.form)).shows(t, c.want)
	}
	if log, _ := f.d.Judging.JudgeLog(context.Background(), e.ID); len(log) != 0 {
		t.Fatalf("refused entries were logged: %+v", log)
	}
	// A finished event's log is closed.
	closed, _ := f.Event("altered", "standard-bo3", "Old Timer", "New Comer")
	j, err := f.d.Judging.AddJudge(context.Background(), closed.ID, director.NewJudge{Name: "Grace Hopper", Role: event.RoleHeadJudge})
	if err != nil {
		t.Fatal(err)
	}
	b.get(webtest.JudgeOf(closed))
	b.post(webtest.JudgeOf(closed)+"/me", url.Values{"judge": {webtest.Itoa64(int64(j.ID))}}).must(t, http.StatusSeeOther, "name in the closed event")
	f.finish(closed)
	b.post(webtest.JudgeOf(closed)+"/entry", url.Values{"kind": {"ruling"}}).must(t, http.StatusBadRequest, "finished").
		shows(t, "is finished; its judge log is closed.")
}

// Every judge write is refused without a judge signed in (and named in
// the event), with a sentence, and changes nothing; a page of another
// site cannot make a signed-in phone write either.
func TestEveryJudgeWriteNeedsTheJudgesPIN(t *testing.T) {
	f := newFixture(t)
	e, r, judges := f.JudgeEvent()
	tb := f.tableWith(e, r, "Ada Lovelace")
	ada, _ := f.EntryNamed(e, "Ada Lovelace")
	signedIn := f.judgePhone(e, judges[0])
	writes := []struct {
		path string
		form url.Values
	}{
		{webtest.JudgeOf(e) + "/me", url.Values{"judge": {webtest.Itoa64(int64(judges[0].ID))}}},
		{"/judge/signout", nil},
		{fmt.Sprintf("%s/tables/%d/extend", webtest.JudgeOf(e), tb.Number), url.Values{"minutes": {"5"}}},
		{webtest.JudgeOf(e) + "/entry", url.Values{"kind": {"penalty"}, "round": {"1"}, "player": {webtest.Itoa64(int64(ada.ID))}, "infraction": {"stalling"}, "penalty": {"disqualification"}}},
	}
	stranger := f.staffClient()
	forged := f.staffClient()
	forged.client.Jar = signedIn.client.Jar
	forged.header.Set("Sec-Fetch-Site", "cross-site")
	for _, w := range writes {
		a := stranger.post(w.path, w.form)
		if a.status != http.StatusForbidden || !strings.Contains(pageText(a.body), "not signed in as a judge") {
			t.Errorf("POST %s without signing in: %d %s", w.path, a.status, pageText(a.body))
		}
		a = forged.post(w.path, w.form)
		if a.status != http.StatusForbidden || !strings.Contains(pageText(a.body), "sent from another web page") {
			t.Errorf("POST %s from another site: %d %s", w.path, a.status, pageText(a.body))
		}
	}
	forged.post("/judge/signin", url.Values{"pin": {"123456"}}).must(t, http.StatusForbidden, "cross-site sign-in")
	stranger.get("/api/judge/events/"+webtest.Itoa64(int64(e.ID))+"/suggest?player=1&infraction=stalling").must(t, http.StatusForbidden, "suggest without signing in")

	// Signed in but not yet named in this event: no write either.
	pin, _ := f.d.Phones.JudgePIN(context.Background())
	anonymous := f.staffClient()
	anonymous.post("/judge/signin", url.Values{"pin": {pin}}).must(t, http.StatusSeeOther, "sign in")
	anonymous.post(writes[2].path, writes[2].form).must(t, http.StatusForbidden, "no name").shows(t, "Choose your name among the event's judges first")

	if log, _ := f.d.Judging.JudgeLog(context.Background(), e.ID); len(log) != 0 {
		t.Fatalf("refused writes were logged: %+v", log)
	}
	en, _ := f.EntryNamed(e, "Ada Lovelace")
	if !en.Active() {
		t.Fatal("a refused disqualification dropped Ada")
	}
}
func TestMinutesAreReadAsTheDeskReadsThem(t *testing.T) {
	good := map[string]time.Duration{"": 0, "3": 3 * time.Minute, "2.5": 150 * time.Second, "2,5": 150 * time.Second, "120": 2 * time.Hour}
	for in, want := range good {
		if got, err := extensionMinutes(in); err != nil || got != want {
			t.Errorf("%q: %v, %v; want %v", in, got, err, want)
		}
	}
	for _, in := range []string{"abc", "-3", "NaN", "Inf", "121", "1e9", "999999999"} {
		if _, err := extensionMinutes(in); err == nil {
			t.Errorf("%q was taken as minutes", in)
		}
	}
}
