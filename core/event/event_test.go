package event

import (
	"errors"
	"strings"
	"testing"
	"time"
)

func res(a, b, drawn int) Result {
	return Result{Seats: []SeatResult{{GamesWon: a}, {GamesWon: b}}, GamesDrawn: drawn}
}

func TestTwoPlayerResultsByMatchLength(t *testing.T) {
	for _, c := range []struct {
		name   string
		r      Result
		bestOf int
		ok     bool
	}{
		{"a 2–1 in a best of three", res(2, 1, 0), 3, true},
		{"a 2–0 in a best of three", res(2, 0, 0), 3, true},
		{"a 1–1 draw at time", res(1, 1, 0), 3, true},
		{"one game drawn in a 1–1–1", res(1, 1, 1), 3, true},
		{"a 1–0 in a best of one", res(1, 0, 0), 1, true},
		{"a drawn best of one", res(0, 0, 1), 1, true},
		{"no 3–0 in a best of three", res(3, 0, 0), 3, false},
		{"no 2–2", res(2, 2, 0), 3, false},
		{"no 2–1 in a best of one", res(2, 1, 0), 1, false},
		{"no more games than the match has", res(1, 1, 2), 3, false},
		{"no negative games", res(-1, 2, 0), 3, false},
		{"no empty result", res(0, 0, 0), 3, false},
		{"three seats are not a two-player result", Result{Seats: make([]SeatResult, 3)}, 3, false},
	} {
		err := c.r.CheckTwoPlayer(c.bestOf)
		if (err == nil) != c.ok {
			t.Errorf("%s: %v", c.name, err)
		}
		if err != nil && !errors.Is(err, ErrInvalid) {
			t.Errorf("%s: %v is not ErrInvalid", c.name, err)
		}
	}
	unplayed := Result{Seats: make([]SeatResult, 2), TimeOut: true}
	if err := unplayed.CheckTwoPlayer(3); err != nil {
		t.Errorf("an unplayed match at time is a 0–0 draw: %v", err)
	}
}

func TestOutcome(t *testing.T) {
	r := res(2, 1, 0)
	if r.Outcome(0) != Win || r.Outcome(1) != Loss || res(1, 1, 1).Outcome(1) != Draw {
		t.Error("outcomes")
	}
}

func TestValidateSaysWhatIsWrong(t *testing.T) {
	good := Settings{Structure: StructureSwiss, TableSize: 2, GamesPerMatch: 3, RoundMinutes: 50}
	e := Event{Name: "Friday", Game: "generic", Format: "swiss", State: StateRegistration, Settings: good}
	if err := e.Validate(); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		change func(*Event)
		want   string
	}{
		{func(e *Event) { e.Name = " " }, "needs a name"},
		{func(e *Event) { e.Name = strings.Repeat("x", 121) }, "longer than 120"},
		{func(e *Event) { e.State = "paused" }, "unknown event state"},
		{func(e *Event) { e.Settings.TableSize = 6 }, "seats 2 to 5"},
		{func(e *Event) { e.Settings.GamesPerMatch = 4 }, "games per match"},
		{func(e *Event) { e.Settings.Rounds = 99 }, "0 to 64 rounds"},
		{func(e *Event) { e.Settings.MinTableSize = 3 }, "smallest table"},
	} {
		bad := e
		c.change(&bad)
		if err := bad.Validate(); err == nil || !strings.Contains(Message(err), c.want) {
			t.Errorf("want %q, got %v", c.want, err)
		}
	}
	if err := (Player{Name: "Zoë"}).Validate(); err != nil {
		t.Error(err)
	}
	if err := (Player{Name: "\t"}).Validate(); err == nil {
		t.Error("blank player name accepted")
	}
}

func TestDayIsTheLocalCalendarDay(t *testing.T) {
	late := time.Date(2026, 11, 20, 23, 30, 0, 0, time.FixedZone("UTC-5", -5*3600))
	if got := Day(late); !got.Equal(time.Date(2026, 11, 20, 0, 0, 0, 0, time.UTC)) {
		t.Errorf("Day(%v) = %v", late, got)
	}
}

func TestMessageUnwraps(t *testing.T) {
	err := Statef("round %d still lacks results", 3)
	wrapped := errors.Join(errors.New("context"), err)
	if Message(err) != "round 3 still lacks results" || !errors.Is(wrapped, ErrState) {
		t.Errorf("%q", Message(err))
	}
	if Message(nil) != "" || Message(errors.New("plain")) != "plain" {
		t.Error("plain errors")
	}
}

// Rules A5, H7, S14: a draft has an ideal pod size, bounds around it and a
// number of packs; an event without a draft has none of them.
func TestDraftSettingsAreCheckedTogether(t *testing.T) {
	base := Settings{Structure: StructureSwiss, TableSize: 2, GamesPerMatch: 1, RoundMinutes: 30}
	for _, c := range []struct {
		name                 string
		ideal, lo, hi, packs int
		want                 string // "" when valid
		hasDraft             bool
	}{
		{"no draft", 0, 0, 0, 0, "", false},
		{"Altered booster draft", 8, 3, 10, 4, "", true},
		{"Revelations", 5, 3, 5, 3, "", true},
		{"bounds default to the ideal", 5, 0, 0, 3, "", true},
		{"bounds without an ideal", 0, 3, 5, 0, "need an ideal pod size", false},
		{"packs without an ideal", 0, 0, 0, 3, "need an ideal pod size", false},
		{"a negative ideal", -1, 0, 0, 0, "need an ideal pod size", false},
		{"a draft without packs", 5, 3, 5, 0, "1 to 12 packs per player", true},
		{"too many packs", 5, 3, 5, 13, "1 to 12 packs per player, not 13", true},
		{"smallest above ideal", 5, 6, 8, 3, "smallest 6, ideal 5, largest 8", true},
		{"largest below ideal", 5, 3, 4, 3, "smallest 3, ideal 5, largest 4", true},
		{"a pod of one", 5, 1, 5, 3, "from 2 to 16 players, with smallest, ideal and largest in that order, not smallest 1,", true},
		{"a pod of seventeen", 8, 3, 17, 3, "from 2 to 16 players, with smallest, ideal and largest in that order, not smallest 3, ideal 8, largest 17", true},
	} {
		s := base
		s.Draft = DraftSettings{Ideal: c.ideal, Min: c.lo, Max: c.hi, Packs: c.packs}
		checkInvalid(t, c.name, s.Validate(), c.want)
		if s.HasDraft() != c.hasDraft {
			t.Errorf("%s: HasDraft() = %v", c.name, s.HasDraft())
		}
	}
}

func TestDraftSeatingCountsItsPlayers(t *testing.T) {
	d := DraftSeating{Pods: []DraftPod{{Number: 1, Seats: []EntryID{1, 2, 3}}, {Number: 2, Seats: []EntryID{4, 5}}}}
	if d.Players() != 5 || (DraftSeating{}).Players() != 0 {
		t.Errorf("Players() = %d", d.Players())
	}
}

// Rule A6: a 2v2 event has teams of two, two teams a table, Swiss rounds
// and two-player scoring between the teams.
func TestTeamSettingsAreChecked(t *testing.T) {
	base := Settings{Structure: StructureSwiss, TableSize: 4, GamesPerMatch: 1, RoundMinutes: 50, Team: TeamSettings{Size: 2}}
	for _, c := range []struct {
		name   string
		change func(*Settings)
		want   string // "" when valid
	}{
		{"2v2", func(*Settings) {}, ""},
		{"an individual event", func(s *Settings) { s.Team.Size, s.TableSize = 0, 2 }, ""},
		{"teams of three", func(s *Settings) { s.Team.Size = 3 }, "a team has 2 players (2v2), not 3"},
		{"a negative team size", func(s *Settings) { s.Team.Size = -1 }, "not -1"},
		{"tables of two", func(s *Settings) { s.TableSize = 2 }, "tables of exactly 4"},
		{"tables of 3 to 4", func(s *Settings) { s.MinTableSize = 3 }, "tables of exactly 4"},
		{"tables of 4 to 5", func(s *Settings) { s.MaxTableSize = 5 }, "tables of exactly 4"},
		{"bounds of 4", func(s *Settings) { s.MinTableSize, s.MaxTableSize = 4, 4 }, ""},
		{"a fixed schedule", func(s *Settings) { s.Structure = StructureSchedule }, "plays Swiss rounds"},
		{"Shadowfist scoring", func(s *Settings) { s.Scoring = ScoringShadowfist }, "scored like a two-player match"},
		{"a final table", func(s *Settings) { s.FinalTable.Size = 4 }, "no final table"},
	} {
		s := base
		c.change(&s)
		checkInvalid(t, c.name, s.Validate(), c.want)
	}
	if !base.Teams() || (Settings{}).Teams() {
		t.Error("Teams()")
	}
}

func TestTeamMatchIsTheMatchBetweenTheTeams(t *testing.T) {
	tb := Table{Number: 3, Seats: []Seat{{1}, {2}, {3}, {4}}, Result: &Result{
		Seats:      []SeatResult{{GamesWon: 2}, {GamesWon: 1}, {GamesWon: 2}, {GamesWon: 1}},
		GamesDrawn: 0, TimeOut: true,
	}}
	m := TeamMatch(tb)
	if m.Number != 3 || len(m.Seats) != 2 || m.Seats[0].EntryID != 1 || m.Seats[1].EntryID != 2 {
		t.Fatalf("seats %+v", m.Seats)
	}
	if len(m.Result.Seats) != 2 || m.Result.Outcome(0) != Win || !m.Result.TimeOut {
		t.Errorf("result %+v", m.Result)
	}
	if len(tb.Seats) != 4 || len(tb.Result.Seats) != 4 {
		t.Error("TeamMatch changed the table")
	}
	bye := Table{Bye: true, Seats: []Seat{{7}}}
	if got := TeamMatch(bye); len(got.Seats) != 1 {
		t.Errorf("bye %+v", got)
	}
	if (Team{Name: " "}).Validate() == nil || (Team{Name: "Les Zoëlles"}).Validate() != nil {
		t.Error("team names")
	}
}

// checkInvalid checks the error of a validation named name: none when want
// is empty, else an ErrInvalid whose message mentions want.
func checkInvalid(t *testing.T, name string, err error, want string) {
	t.Helper()
	switch {
	case want == "" && err != nil:
		t.Errorf("%s: %v", name, err)
	case want != "" && (err == nil || !errors.Is(err, ErrInvalid) || !strings.Contains(Message(err), want)):
		t.Errorf("%s: want %q, got %v", name, want, err)
	}
}
