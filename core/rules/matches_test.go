package rules

import (
	"strings"
	"testing"

	"tablekeeper/core/event"
)

func defaults(t *testing.T, game, format string) event.Settings {
	t.Helper()
	f := mustFormat(t, game, format)
	return f.Defaults
}

func twoPlayer(a, b int, timeOut bool) event.Result {
	return event.Result{TimeOut: timeOut, Seats: []event.SeatResult{{GamesWon: a}, {GamesWon: b}}}
}

// H6 (002, 4.2.1): an Armageddon match plays all three games, so 3–0 is a
// result there, with the stopped matches (2–0, and 1–0 at time, 4.2.5);
// more games than the match has are refused. Other best-of-three formats
// still stop at two wins.
func TestH6CheckMatchAllowsASweepOfThree(t *testing.T) {
	arm := defaults(t, "heresy", "armageddon")
	for _, r := range []event.Result{twoPlayer(3, 0, false), twoPlayer(0, 3, false), twoPlayer(2, 1, false), twoPlayer(2, 0, false), twoPlayer(1, 0, true), twoPlayer(2, 0, true)} {
		if err := CheckMatch(arm, r, arm.GamesPerMatch); err != nil {
			t.Errorf("Armageddon %d–%d refused: %v", r.Seats[0].GamesWon, r.Seats[1].GamesWon, err)
		}
	}
	for _, r := range []event.Result{twoPlayer(3, 1, false), twoPlayer(4, 0, false), twoPlayer(-1, 2, false), twoPlayer(0, 0, false)} {
		err := CheckMatch(arm, r, arm.GamesPerMatch)
		if err == nil {
			t.Errorf("Armageddon %d–%d accepted", r.Seats[0].GamesWon, r.Seats[1].GamesWon)
		}
	}
	if err := CheckMatch(arm, twoPlayer(3, 1, false), 3); !strings.Contains(event.Message(err), "3 games, all played (H6, 4.2.1)") {
		t.Errorf("3–1 message %q", event.Message(err))
	}
	swiss := defaults(t, "generic", "swiss")
	if err := CheckMatch(swiss, twoPlayer(3, 0, false), 3); err == nil {
		t.Error("a store best of three accepted 3–0")
	}
	if PlaysEveryGame(swiss) || !PlaysEveryGame(arm) {
		t.Error("PlaysEveryGame must hold for Armageddon only")
	}
}

// K6: the playoff matches of KeyForge say on the form and the slip that
// the loser of the previous game chooses who goes first; the one-game loss
// rounds need no such sentence. H6: Armageddon says to play all games.
func TestK6MatchNoteSaysWhoChoosesTheFirstPlayer(t *testing.T) {
	kf := event.Event{Game: "keyforge", Settings: defaults(t, "keyforge", "archon-standard")}
	playoff := event.Round{Number: 6, Stage: event.StagePlayoff, BestOf: 3}
	if got := MatchNote(kf, playoff).String(); got != "Games 2 and 3: the loser of the previous game chooses who goes first (K6)." {
		t.Errorf("playoff note %q", got)
	}
	if got := MatchNote(kf, event.Round{Number: 6, Stage: event.StagePlayoff, BestOf: 5}).String(); !strings.HasPrefix(got, "Games 2 to 5: the loser of the previous game chooses") {
		t.Errorf("best-of-five playoff note %q", got)
	}
	if got := MatchNote(kf, event.Round{Number: 1, Stage: event.StageElimination, BestOf: 1}).String(); got != "" {
		t.Errorf("one-game loss round note %q, want none", got)
	}
	arm := event.Event{Game: "heresy", Settings: defaults(t, "heresy", "armageddon")}
	if got := MatchNote(arm, event.Round{Number: 1, Stage: event.StageElimination}).String(); !strings.Contains(got, "Play all 3 games") || !strings.Contains(got, "3-0") {
		t.Errorf("Armageddon note %q", got)
	}
	swiss := event.Event{Game: "generic", Settings: defaults(t, "generic", "swiss")}
	if got := MatchNote(swiss, event.Round{Number: 1, Stage: event.StageSwiss}).String(); got != "" {
		t.Errorf("store Swiss note %q, want none", got)
	}
}

// Own GW% floor: every format keeps MTR Appendix C's floor by default; the
// unfloored setting is refused where tables seat three or more.
func TestOwnGameWinFloorDefaultsAndValidation(t *testing.T) {
	for _, g := range Catalogue() {
		for _, f := range g.Formats {
			if f.Defaults.UnflooredGameWin {
				t.Errorf("%s %s: the own GW%% floor must default on (MTR Appendix C)", g.Key, f.Key)
			}
		}
	}
	s := defaults(t, "generic", "swiss")
	s.UnflooredGameWin = true
	if err := s.Validate(); err != nil {
		t.Errorf("unfloored GW%% in a two-player Swiss: %v", err)
	}
	h := defaults(t, "heresy", "reascension")
	h.UnflooredGameWin = true
	if err := h.Validate(); err == nil || !strings.Contains(event.Message(err), "two-player matches") {
		t.Errorf("unfloored GW%% at Heresy tables: %v", err)
	}
}
