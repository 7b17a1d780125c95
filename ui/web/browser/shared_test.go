package browser

// The helpers below are the ones the browser tests share with the
// package's own tests in ui/web (kiosk_test.go, player_test.go,
// report_test.go, confirm_test.go, judge_test.go, history_test.go,
// score_bench_test.go): a test package of its own cannot import them, so
// they are kept here as they are there.

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/cookiejar"
	"slices"
	"strings"
	"testing"
	"time"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/ui/web/internal/webtest"
)

// kioskPIN is the tablet kiosk code in these tests, typed as a phone's
// user would (small letters, a dash).
const kioskPIN = "k7qm-x2pa"

// kioskOf is the kiosk address of an event.
func kioskOf(e event.Event) string { return "/events/" + webtest.Itoa64(int64(e.ID)) + "/kiosk" }

// judgeOf is the judges' address of an event.
func judgeOf(e event.Event) string { return "/judge/events/" + webtest.Itoa64(int64(e.ID)) }

// scoreOf is the station address of an event.
func scoreOf(e event.Event) string { return "/scorekeeper/events/" + webtest.Itoa64(int64(e.ID)) }

func deckPath(id event.EventID) string { return fmt.Sprintf("/api/events/%d/me/deck", id) }

// alteredDeck is a legal Altered constructed deck without a card list: a
// Hero and 39 commons.
func alteredDeck() string {
	var b strings.Builder
	b.WriteString("Hero: Akesha & Taru\n")
	for i := 1; i <= 13; i++ {
		fmt.Fprintf(&b, "3 Axiom Card %d (C)\n", i)
	}
	return b.String()
}

// nameAt is an entry's name.
func nameAt(t *testing.T, f *fixture, id event.EventID, entry event.EntryID) string {
	t.Helper()
	es, err := f.d.Entries(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	for _, en := range es {
		if en.ID == entry {
			return en.Name
		}
	}
	t.Fatalf("no entry %d", entry)
	return ""
}

// playerPhone is a client with cookies of its own, as one phone is.
type playerPhone struct {
	f *fixture
	c *http.Client
}

func (f *fixture) playerPhone() *playerPhone {
	jar, err := cookiejar.New(nil)
	if err != nil {
		f.t.Fatal(err)
	}
	c := *f.http.Client()
	c.Jar = jar
	return &playerPhone{f: f, c: &c}
}

// post sends JSON to path and returns the status and body.
func (p *playerPhone) post(path, body string, header ...string) (int, string) {
	p.f.t.Helper()
	req, err := http.NewRequest("POST", p.f.http.URL+path, strings.NewReader(body))
	if err != nil {
		p.f.t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	return p.send(req)
}

func (p *playerPhone) send(req *http.Request) (int, string) {
	p.f.t.Helper()
	resp, err := p.c.Do(req)
	if err != nil {
		p.f.t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		p.f.t.Fatal(err)
	}
	return resp.StatusCode, string(b)
}

// signIn signs the phone in as entry with code.
func (p *playerPhone) signIn(id event.EventID, entry event.EntryID, code string) (int, string) {
	return p.post(fmt.Sprintf("/api/events/%d/me/signin", id), fmt.Sprintf(`{"entry":%d,"code":%q}`, entry, code))
}

// codes returns the table codes of a round.
func (f *fixture) codes(id event.EventID, round int) map[int]string {
	f.t.Helper()
	c, err := f.d.TableCodes(context.Background(), id, round)
	if err != nil || len(c) == 0 {
		f.t.Fatalf("codes: %v %v", c, err)
	}
	return c
}

// results returns a round's results by table number, as text.
func (f *fixture) results(id event.EventID, round int) string {
	rounds, err := f.d.Rounds(context.Background(), id)
	if err != nil {
		panic(err)
	}
	var b strings.Builder
	for _, t := range rounds[round-1].Tables {
		if t.Result != nil {
			fmt.Fprintf(&b, "%d:%v;", t.Number, t.Result.Seats)
		}
	}
	return b.String()
}

// confirmingRound is a generic best-of-three event of four players whose
// results both players confirm, round 1 published, and the player codes.
func (f *fixture) confirmingRound(confirm bool) (event.Event, event.Round, map[event.EntryID]string) {
	f.t.Helper()
	ctx := context.Background()
	e, _ := f.Event("generic", "swiss", "Ada", "Bob", "Cy", "Dee")
	e.Settings.PlayersConfirmResults = confirm
	if err := f.d.UpdateSettings(ctx, e.ID, e.Settings); err != nil {
		f.t.Fatal(err)
	}
	r := f.Publish(e.ID)
	codes, err := f.d.PlayerCodes(ctx, e.ID)
	if err != nil {
		f.t.Fatal(err)
	}
	return e, r, codes
}

// judgeEvent is an event of four players with a published round 1 and
// its judges: Grace the head judge, Ben judge 2.
func (f *fixture) judgeEvent() (event.Event, event.Round, []event.Judge) {
	f.t.Helper()
	e, _ := f.Event("altered", "standard-bo3", "Ada Lovelace", "Bram Berg", "Cleo Park", "Dev Rao")
	var judges []event.Judge
	for _, nj := range []director.NewJudge{{Name: "Grace Hopper", Role: event.RoleHeadJudge}, {Name: "Ben Okafor", Role: event.RoleJudge, Order: 2}} {
		j, err := f.d.AddJudge(context.Background(), e.ID, nj)
		if err != nil {
			f.t.Fatal(err)
		}
		judges = append(judges, j)
	}
	return e, f.Publish(e.ID), judges
}

// entryNamed returns the entry of a player of e.
func (f *fixture) entryNamed(e event.Event, name string) (event.Entry, bool) {
	f.t.Helper()
	entries, err := f.d.Entries(context.Background(), e.ID)
	if err != nil {
		f.t.Fatal(err)
	}
	for _, en := range entries {
		if en.Name == name {
			return en, true
		}
	}
	return event.Entry{}, false
}

// oneGame is a result any match length takes: seat 1 wins one game to
// none, or seat 2 does.
func oneGame(seat1Wins bool) event.Result {
	if seat1Wins {
		return event.Result{Seats: []event.SeatResult{{GamesWon: 1}, {GamesWon: 0}}}
	}
	return event.Result{Seats: []event.SeatResult{{GamesWon: 0}, {GamesWon: 1}}}
}

// pastSeason plays two earlier events of the directory's players (taken
// from entries of tonight's event): "Altered league night" in October,
// two rounds and finished; "KeyForge Saturday" in November, round 1
// played and round 2 published, still running, the second player
// dropped after round 1.
func (f *fixture) pastSeason(players []event.Entry) (league, saturday event.Event) {
	f.t.Helper()
	ctx := context.Background()
	create := func(name, game, format string, day time.Time) event.Event {
		e, err := f.d.CreateEvent(ctx, director.NewEvent{Name: name, Game: game, Format: format, Date: day})
		if err != nil {
			f.t.Fatal(err)
		}
		for _, p := range players {
			if _, err := f.d.Register(ctx, e.ID, p.PlayerID); err != nil {
				f.t.Fatal(err)
			}
		}
		return e
	}
	play := func(e event.Event) event.Round {
		r := f.Publish(e.ID)
		for _, tb := range r.Tables {
			if !tb.Bye {
				if err := f.d.RecordResult(ctx, e.ID, r.Number, tb.Number, oneGame(tb.Number%2 == 1)); err != nil {
					f.t.Fatal(err)
				}
			}
		}
		return r
	}
	league = create("Altered league night", "altered", "standard-bo3", time.Date(2026, 10, 9, 0, 0, 0, 0, time.UTC))
	play(league)
	play(league)
	if err := f.d.FinishEvent(ctx, league.ID); err != nil {
		f.t.Fatal(err)
	}
	saturday = create("KeyForge Saturday", "keyforge", "archon-standard", time.Date(2026, 11, 14, 0, 0, 0, 0, time.UTC))
	play(saturday)
	sat, err := f.d.Entries(ctx, saturday.ID)
	if err != nil {
		f.t.Fatal(err)
	}
	if err := f.d.Drop(ctx, sat[1].ID); err != nil {
		f.t.Fatal(err)
	}
	f.Publish(saturday.ID)
	return league, saturday
}

// scoreSides is what was typed at each table: the slip, and the phone
// reports.
type scoreSides struct {
	slips  map[int]string
	phones map[int][]string
}

// floorSides draws each table's slip and phone reports from seed.
func floorSides(tables []event.Table, seed uint64) scoreSides {
	rng := rand.New(rand.NewPCG(seed, 22))
	scores := []string{"2-0", "2-1", "1-2", "0-2"}
	s := scoreSides{slips: map[int]string{}, phones: map[int][]string{}}
	for _, t := range tables {
		slip := scores[rng.IntN(len(scores))]
		s.slips[t.Number] = slip
		if rng.IntN(4) == 0 {
			if rng.IntN(2) == 0 {
				s.phones[t.Number] = []string{slip}
			} else {
				s.phones[t.Number] = []string{scores[(slices.Index(scores, slip)+1+rng.IntN(3))%len(scores)]}
			}
		}
	}
	return s
}

// checkScoreFloor checks the floor's end: every table recorded exactly
// once with a result someone typed (recordedAt, when the caller saw the
// answers, holds one recording per table), never replaced, and every
// phone report that disagrees on the organizer's list.
func checkScoreFloor(tb testing.TB, d *director.Director, e event.Event, r event.Round, tables []event.Table, sides scoreSides, recordedAt map[int]time.Time) {
	ctx := context.Background()
	if recordedAt != nil && len(recordedAt) != len(tables) {
		tb.Errorf("%d tables recorded, want %d", len(recordedAt), len(tables))
	}
	sh, err := d.RoundSheet(ctx, e.ID, r.Number)
	if err != nil {
		tb.Fatal(err)
	}
	final := map[int]string{}
	for _, t := range sh.Tables {
		if t.Bye {
			continue
		}
		if t.Result == nil {
			tb.Errorf("table %d has no result", t.Number)
			continue
		}
		final[t.Number] = fmt.Sprintf("%d-%d", t.Result.Seats[0].GamesWon, t.Result.Seats[1].GamesWon)
		if final[t.Number] != sides.slips[t.Number] && !slices.Contains(sides.phones[t.Number], final[t.Number]) {
			tb.Errorf("table %d has %s, which no one typed", t.Number, final[t.Number])
		}
	}
	want := map[string]bool{}
	for n, rs := range sides.phones {
		for _, res := range rs {
			if res != final[n] {
				want[fmt.Sprintf("%d:%s", n, res)] = true
			}
		}
	}
	reports, err := d.PhoneReports(ctx, e.ID)
	if err != nil {
		tb.Fatal(err)
	}
	got := map[string]bool{}
	for _, p := range reports {
		if p.Round != r.Number {
			continue
		}
		k := fmt.Sprintf("%d:%s", p.Table, p.Result)
		if got[k] || !p.Conflict {
			tb.Errorf("on the organizer's list twice or not as one to check: %+v", p)
		}
		got[k] = true
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		tb.Errorf("the organizer's list has %d reports to check, want %d:\n%v\n%v", len(got), len(want), got, want)
	}
	lines, err := d.Log(ctx, e.ID)
	if err != nil {
		tb.Fatal(err)
	}
	for _, l := range lines {
		if l.Round == r.Number && strings.Contains(l.Message.String(), "corrected") {
			tb.Errorf("a result was replaced: %s", l.Message)
		}
	}
}
