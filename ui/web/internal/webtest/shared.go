package webtest

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
)

// The helpers of the staff, report and history tests.

// KioskPIN is the tablet kiosk code in these tests, typed as a phone's
// user would (small letters, a dash).
const KioskPIN = "k7qm-x2pa"

// KioskOf is the kiosk address of an event.
func KioskOf(e event.Event) string { return "/events/" + Itoa64(int64(e.ID)) + "/kiosk" }

// JudgeOf is the judges' address of an event.
func JudgeOf(e event.Event) string { return "/judge/events/" + Itoa64(int64(e.ID)) }

// ScoreOf is the station address of an event.
func ScoreOf(e event.Event) string { return "/scorekeeper/events/" + Itoa64(int64(e.ID)) }

// DeckPath is the address of a player's deck in event id.
func DeckPath(id event.EventID) string { return fmt.Sprintf("/api/events/%d/me/deck", id) }

// AlteredDeck is a legal Altered constructed deck without a card list: a
// Hero and 39 commons.
func AlteredDeck() string {
	var b strings.Builder
	b.WriteString("Hero: Akesha & Taru\n")
	for i := 1; i <= 13; i++ {
		fmt.Fprintf(&b, "3 Axiom Card %d (C)\n", i)
	}
	return b.String()
}

// NameAt is an entry's name.
func NameAt(t *testing.T, f *Floor, id event.EventID, entry event.EntryID) string {
	t.Helper()
	es, err := f.D.Registration.Entries(context.Background(), id)
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

// Codes returns the table codes of a round.
func (f *Floor) Codes(id event.EventID, round int) map[int]string {
	f.T.Helper()
	c, err := f.D.Network.TableCodes(context.Background(), id, round)
	if err != nil || len(c) == 0 {
		f.T.Fatalf("codes: %v %v", c, err)
	}
	return c
}

// Results returns a round's results by table number, as text.
func (f *Floor) Results(id event.EventID, round int) string {
	rounds, err := f.D.Rounds.Rounds(context.Background(), id)
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

// ConfirmingRound is a generic best-of-three event of four players whose
// Results both players confirm, round 1 published, and the player codes.
func (f *Floor) ConfirmingRound(confirm bool) (event.Event, event.Round, map[event.EntryID]string) {
	f.T.Helper()
	return f.ConfirmingRoundOf(confirm, "Ada", "Bob", "Cy", "Dee")
}

// ConfirmingRoundOf is ConfirmingRound with the players named.
func (f *Floor) ConfirmingRoundOf(confirm bool, names ...string) (event.Event, event.Round, map[event.EntryID]string) {
	f.T.Helper()
	e, _ := f.Event("generic", "swiss", names...)
	f.ChangeSettings(&e, func(s *event.Settings) { s.PlayersConfirmResults = confirm })
	r := f.Publish(e.ID)
	codes, err := f.D.Phones.PlayerCodes(context.Background(), e.ID)
	if err != nil {
		f.T.Fatal(err)
	}
	return e, r, codes
}

// JudgeEvent is an event of four players with a published round 1 and
// its judges: Grace the head judge, Ben judge 2.
func (f *Floor) JudgeEvent() (event.Event, event.Round, []event.Judge) {
	f.T.Helper()
	e, _ := f.Event("altered", "standard-bo3", "Ada Lovelace", "Bram Berg", "Cleo Park", "Dev Rao")
	var judges []event.Judge
	for _, nj := range []director.NewJudge{{Name: "Grace Hopper", Role: event.RoleHeadJudge}, {Name: "Ben Okafor", Role: event.RoleJudge, Order: 2}} {
		j, err := f.D.Judging.AddJudge(context.Background(), e.ID, nj)
		if err != nil {
			f.T.Fatal(err)
		}
		judges = append(judges, j)
	}
	return e, f.Publish(e.ID), judges
}

// EntryNamed returns the entry of a player of e.
func (f *Floor) EntryNamed(e event.Event, name string) (event.Entry, bool) {
	f.T.Helper()
	entries, err := f.D.Registration.Entries(context.Background(), e.ID)
	if err != nil {
		f.T.Fatal(err)
	}
	for _, en := range entries {
		if en.Name == name {
			return en, true
		}
	}
	return event.Entry{}, false
}

// OneGame is a result any match length takes: seat 1 wins one game to
// none, or seat 2 does.
func OneGame(seat1Wins bool) event.Result {
	if seat1Wins {
		return event.Result{Seats: []event.SeatResult{{GamesWon: 1}, {GamesWon: 0}}}
	}
	return event.Result{Seats: []event.SeatResult{{GamesWon: 0}, {GamesWon: 1}}}
}

// PastSeason plays two earlier events of the directory's players (taken
// from entries of tonight's event): "Altered league night" in October,
// two rounds and finished; "KeyForge Saturday" in November, round 1
// played and round 2 published, still running, the second player
// dropped after round 1.
func (f *Floor) PastSeason(players []event.Entry) (league, saturday event.Event) {
	f.T.Helper()
	ctx := context.Background()
	create := func(name, game, format string, day time.Time) event.Event {
		e, err := f.D.Events.CreateEvent(ctx, director.NewEvent{Name: name, Game: game, Format: format, Date: day})
		if err != nil {
			f.T.Fatal(err)
		}
		for _, p := range players {
			if _, err := f.D.Registration.Register(ctx, e.ID, p.PlayerID); err != nil {
				f.T.Fatal(err)
			}
		}
		return e
	}
	play := func(e event.Event) event.Round {
		r := f.Publish(e.ID)
		for _, tb := range r.Tables {
			if !tb.Bye {
				if err := f.D.Rounds.RecordResult(ctx, e.ID, r.Number, tb.Number, OneGame(tb.Number%2 == 1)); err != nil {
					f.T.Fatal(err)
				}
			}
		}
		return r
	}
	league = create("Altered league night", "altered", "standard-bo3", time.Date(2026, 10, 9, 0, 0, 0, 0, time.UTC))
	play(league)
	play(league)
	if err := f.D.Events.FinishEvent(ctx, league.ID); err != nil {
		f.T.Fatal(err)
	}
	saturday = create("KeyForge Saturday", "keyforge", "archon-standard", time.Date(2026, 11, 14, 0, 0, 0, 0, time.UTC))
	play(saturday)
	sat, err := f.D.Registration.Entries(ctx, saturday.ID)
	if err != nil {
		f.T.Fatal(err)
	}
	if err := f.D.Registration.Drop(ctx, sat[1].ID); err != nil {
		f.T.Fatal(err)
	}
	f.Publish(saturday.ID)
	return league, saturday
}

// ScoreSides is what was typed at each table: the slip, and the phone
// reports.
type ScoreSides struct {
	Slips  map[int]string
	Phones map[int][]string
}

// FloorSides draws each table's slip and phone reports from seed.
func FloorSides(tables []event.Table, seed uint64) ScoreSides {
	rng := rand.New(rand.NewPCG(seed, 22)) // #nosec G404 -- the tests' scores repeat from their seed
	scores := []string{"2-0", "2-1", "1-2", "0-2"}
	s := ScoreSides{Slips: map[int]string{}, Phones: map[int][]string{}}
	for _, t := range tables {
		slip := scores[rng.IntN(len(scores))]
		s.Slips[t.Number] = slip
		if rng.IntN(4) == 0 {
			if rng.IntN(2) == 0 {
				s.Phones[t.Number] = []string{slip}
			} else {
				s.Phones[t.Number] = []string{scores[(slices.Index(scores, slip)+1+rng.IntN(3))%len(scores)]}
			}
		}
	}
	return s
}

// CheckScoreFloor checks the floor's end: every table recorded exactly
// once with a result someone typed (recordedAt, when the caller saw the
// answers, holds one recording per table), never replaced, and every
// phone report that disagrees on the organizer's list.
func CheckScoreFloor(tb testing.TB, d *director.Director, e event.Event, r event.Round, tables []event.Table, sides ScoreSides, recordedAt map[int]time.Time) {
	ctx := context.Background()
	if recordedAt != nil && len(recordedAt) != len(tables) {
		tb.Errorf("%d tables recorded, want %d", len(recordedAt), len(tables))
	}
	sh, err := d.Rounds.RoundSheet(ctx, e.ID, r.Number)
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
		if final[t.Number] != sides.Slips[t.Number] && !slices.Contains(sides.Phones[t.Number], final[t.Number]) {
			tb.Errorf("table %d has %s, which no one typed", t.Number, final[t.Number])
		}
	}
	want := map[string]bool{}
	for n, rs := range sides.Phones {
		for _, res := range rs {
			if res != final[n] {
				want[fmt.Sprintf("%d:%s", n, res)] = true
			}
		}
	}
	reports, err := d.Network.PhoneReports(ctx, e.ID)
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
	lines, err := d.Events.Log(ctx, e.ID)
	if err != nil {
		tb.Fatal(err)
	}
	for _, l := range lines {
		if l.Round == r.Number && strings.Contains(l.Message.String(), "corrected") {
			tb.Errorf("a result was replaced: %s", l.Message)
		}
	}
}
