package rules

import (
	"encoding/json"
	"errors"
	"reflect"
	"slices"
	"testing"

	"tablekeeper/core/event"
)

// mustFormat is format of game (Lookup), failing the test when the
// catalogue has no such format.
func mustFormat(t testing.TB, game, format string) Format {
	t.Helper()
	_, f, err := Lookup(game, format)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

func TestEveryFormatHasValidDefaults(t *testing.T) {
	seen := map[string]bool{}
	for _, g := range Catalogue() {
		for _, f := range g.Formats {
			key := g.Key + "/" + f.Key
			if seen[key] {
				t.Errorf("%s listed twice", key)
			}
			seen[key] = true
			if err := f.Defaults.Validate(); err != nil {
				t.Errorf("%s: defaults invalid: %v", key, err)
			}
			if len(f.Rules) == 0 {
				t.Errorf("%s names no rule", key)
			}
		}
	}
}

// Every format's defaults read back from their JSON as they were, and the
// JSON holds the groups of settings the format has and no others.
func TestEveryFormatsDefaultsSurviveJSON(t *testing.T) {
	groups := map[string][]string{
		"generic/swiss":                 nil,
		"generic/swiss-top8":            {"playoff"},
		"altered/2v2":                   {"team"},
		"altered/booster-draft":         {"draft"},
		"keyforge/archon-standard":      {"playoff"},
		"heresy/reascension":            {"heresy"},
		"heresy/revelations":            {"draft", "heresy"},
		"shadowfist/final-brawl-final":  {"finalTable", "shadowfist"},
		"shadowfist/whirlpool-of-blood": {"draft", "shadowfist"},
		"shadowfist/who-wants-some":     nil,
	}
	all := []string{"draft", "finalTable", "heresy", "playoff", "shadowfist", "team"}
	for _, g := range Catalogue() {
		for _, f := range g.Formats {
			key := g.Key + "/" + f.Key
			b, err := json.Marshal(f.Defaults)
			if err != nil {
				t.Fatal(err)
			}
			back, err := event.DecodeSettingsStrict(b)
			if err != nil || !reflect.DeepEqual(back, f.Defaults) {
				t.Errorf("%s: %s read back as %+v (%v)", key, b, back, err)
			}
			want, ok := groups[key]
			if !ok {
				continue
			}
			var keys map[string]json.RawMessage
			if err := json.Unmarshal(b, &keys); err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, k := range all {
				if _, ok := keys[k]; ok {
					got = append(got, k)
				}
			}
			if !slices.Equal(got, want) {
				t.Errorf("%s: groups %v in %s, want %v", key, got, b, want)
			}
		}
	}
}

// Rule A3: the two Altered Standard variants.
func TestAlteredStandardDefaults(t *testing.T) {
	bo3 := mustFormat(t, "altered", "standard-bo3")
	if bo3.Defaults.GamesPerMatch != 3 || bo3.Defaults.RoundMinutes != 50 || bo3.Defaults.Rounds != 3 {
		t.Errorf("A3 best of three: got %+v", bo3.Defaults)
	}
	_, bo1, _ := Lookup("altered", "standard-bo1")
	if bo1.Defaults.GamesPerMatch != 1 || bo1.Defaults.RoundMinutes != 30 || bo1.Defaults.Rounds != 4 {
		t.Errorf("A3 best of one: got %+v", bo1.Defaults)
	}
}

// Rule X1: 3/1/0, bye a win, OMW/GW/OGW.
func TestGenericIsStoreSwiss(t *testing.T) {
	f := mustFormat(t, "GENERIC", "Swiss")
	p := f.Defaults.Points
	if p.Win != 3 || p.Draw != 1 || p.Loss != 0 || p.Bye != 3 {
		t.Errorf("points %+v", p)
	}
	if got := f.Defaults.Tiebreakers; len(got) != 3 || got[0] != TieOpponentsMatchWin || got[1] != TieGameWin || got[2] != TieOpponentsGameWin {
		t.Errorf("tiebreakers %v", got)
	}
}

func TestLookupUnknownListsChoices(t *testing.T) {
	_, _, err := Lookup("chess", "blitz")
	if !errors.Is(err, event.ErrInvalid) || event.Message(err) != `unknown game "chess"; choose one of: altered, generic, heresy, keyforge, shadowfist` {
		t.Errorf("got %v", err)
	}
	_, _, err = Lookup("altered", "vintage")
	if err == nil || event.Message(err) != `Altered has no format "vintage"; choose one of: standard-bo3, standard-bo1, free-for-all, 2v2, sealed, booster-draft` {
		t.Errorf("got %v", err)
	}
}

func TestRecommendedRounds(t *testing.T) {
	for _, c := range []struct{ players, rounds int }{{0, 0}, {1, 0}, {2, 1}, {4, 2}, {8, 3}, {9, 4}, {24, 5}, {64, 6}, {65, 7}, {1024, 10}} {
		if got := RecommendedRounds(c.players); got != c.rounds {
			t.Errorf("%d players: %d rounds, want %d", c.players, got, c.rounds)
		}
	}
}

// Rule K6: elimination rounds of one game, 45 minutes; best-of-three
// playoffs, 120 minutes.
func TestKeyForgeFormatsRunK6(t *testing.T) {
	for _, key := range []string{"archon-standard", "archon-sealed", "alliance-standard", "alliance-sealed"} {
		f := mustFormat(t, "keyforge", key)
		s := f.Defaults
		if s.Structure != event.StructureKeyForge || s.GamesPerMatch != 1 || s.RoundMinutes != 45 || s.Playoff.BestOf != 3 || s.Playoff.Minutes != 120 {
			t.Errorf("%s: %+v", key, s)
		}
	}
}

// Rule H6: Armageddon is matches of three games.
func TestHeresyArmageddon(t *testing.T) {
	_, f, err := Lookup("heresy", "armageddon")
	if err != nil || f.Defaults.Structure != event.StructureArmageddon || f.Defaults.GamesPerMatch != 3 {
		t.Errorf("%+v %v", f, err)
	}
}

// Rule H3: at least 4 rounds, plus one per full fifteen players.
func TestHeresyRounds(t *testing.T) {
	_, f, _ := Lookup("heresy", "reascension")
	for _, c := range []struct{ players, rounds int }{{6, 4}, {14, 4}, {15, 5}, {29, 5}, {30, 6}, {45, 7}} {
		if got := RoundsFor(f.Defaults, c.players); got != c.rounds {
			t.Errorf("%d players: %d rounds, want %d", c.players, got, c.rounds)
		}
	}
	_, sw, _ := Lookup("generic", "swiss")
	if RoundsFor(sw.Defaults, 64) != 6 {
		t.Error("generic Swiss rounds")
	}
}

// Rules H5, H7: Reascension to 9 Tau with a win of 14, Revelations to 7
// with 11; S6: Shadowfist 4/2/1/0 ranked by game points.
func TestMultiplayerScoringDefaults(t *testing.T) {
	_, re, _ := Lookup("heresy", "reascension")
	_, rv, _ := Lookup("heresy", "revelations")
	_, fb, _ := Lookup("shadowfist", "final-brawl")
	if re.Defaults.Heresy.TauGoal != 9 || re.Defaults.Heresy.WinScore != 14 || rv.Defaults.Heresy.TauGoal != 7 || rv.Defaults.Heresy.WinScore != 11 {
		t.Errorf("heresy %+v %+v", re.Defaults, rv.Defaults)
	}
	if p := fb.Defaults.Points; p.Win != 4 || p.TimeOutWin != 2 || p.Draw != 1 || fb.Defaults.Tiebreakers[0] != TieGamePoints || fb.Defaults.TableSize != 4 {
		t.Errorf("shadowfist %+v", fb.Defaults)
	}
}

// Rules A5, H7, S14: the draft formats and their pods; the others have no
// draft.
func TestDraftFormats(t *testing.T) {
	for _, c := range []struct {
		game, format            string
		ideal, lo, hi, packs    int
		bestOf, minutes, rounds int
	}{
		// A5: 8 players, 4 boosters; best of one, 3 rounds of 30 minutes.
		{"altered", "booster-draft", 8, 3, 10, 4, 1, 30, 3},
		// H7: groups ideally 5; the packs are a setting.
		{"heresy", "revelations", 5, 3, 5, 3, 1, 75, 0},
		// S14: tables of 3 to 5, 6 to 10 packs.
		{"shadowfist", "whirlpool-of-blood", 4, 3, 5, 6, 1, 85, 0},
	} {
		f := mustFormat(t, c.game, c.format)
		s := f.Defaults
		if !s.HasDraft() || s.Draft.Ideal != c.ideal || s.Draft.Min != c.lo || s.Draft.Max != c.hi || s.Draft.Packs != c.packs {
			t.Errorf("%s/%s draft: %+v", c.game, c.format, s)
		}
		if s.GamesPerMatch != c.bestOf || s.RoundMinutes != c.minutes || s.Rounds != c.rounds {
			t.Errorf("%s/%s rounds: %+v", c.game, c.format, s)
		}
	}
	_, wb, _ := Lookup("shadowfist", "whirlpool-of-blood")
	if wb.Defaults.Scoring != event.ScoringShadowfist || wb.Defaults.TableSize != 4 {
		t.Errorf("Whirlpool of Blood plays as Final Brawl: %+v", wb.Defaults)
	}
	drafts := 0
	for _, g := range Catalogue() {
		for _, f := range g.Formats {
			if f.Defaults.HasDraft() {
				drafts++
			}
		}
	}
	if drafts != 3 {
		t.Errorf("%d formats have a draft, want 3", drafts)
	}
}

// Rule A6: 2v2 is Swiss over teams of two, two teams a table, best of one
// scored 3/1/0 with OMW/GW/OGW; rounds follow the number of teams.
func TestAltered2v2(t *testing.T) {
	f := mustFormat(t, "altered", "2v2")
	s := f.Defaults
	if s.Structure != event.StructureSwiss || s.TableSize != 4 || s.Team.Size != 2 || s.GamesPerMatch != 1 || s.RoundMinutes != 50 {
		t.Errorf("2v2: %+v", s)
	}
	if p := s.Points; p.Win != 3 || p.Draw != 1 || p.Loss != 0 || p.Bye != 3 {
		t.Errorf("points %+v", p)
	}
	if got := s.Tiebreakers; len(got) != 3 || got[0] != TieOpponentsMatchWin || got[1] != TieGameWin || got[2] != TieOpponentsGameWin {
		t.Errorf("tiebreakers %v", got)
	}
	// 16 players are 8 teams: 3 rounds, not the 4 of 16 players.
	if RoundsFor(s, 16) != 3 || RoundsFor(s, 10) != 3 || RoundsFor(s, 4) != 1 {
		t.Errorf("rounds %d %d %d", RoundsFor(s, 16), RoundsFor(s, 10), RoundsFor(s, 4))
	}
}

// A multiplayer format's table left with two players after drops still
// records places and points; a two-player format's table games won; a
// team table is a match between its teams.
func TestMultiplayerResultFollowsTheFormatNotTheSeats(t *testing.T) {
	for _, c := range []struct {
		game, format string
		seats        int
		want         bool
	}{
		{"shadowfist", "final-brawl-schedule", 2, true},
		{"shadowfist", "final-brawl-schedule", 4, true},
		{"generic", "swiss", 2, false},
		{"altered", "2v2", 4, false},
	} {
		f := mustFormat(t, c.game, c.format)
		if got := MultiplayerResult(f.Defaults, c.seats); got != c.want {
			t.Errorf("%s %s at %d seats: %v, want %v", c.game, c.format, c.seats, got, c.want)
		}
	}
}

// The standings give every tiebreaker a column but the random draw, in the
// event's order; none is an empty list, never nil (the web sends it as
// JSON).
func TestShownTiebreakersLeaveOutTheRandomDraw(t *testing.T) {
	got := ShownTiebreakers([]string{TieOpponentsMatchWin, TieRandom, TieGameWin})
	if want := []string{TieOpponentsMatchWin, TieGameWin}; !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
	if got := ShownTiebreakers(nil); got == nil || len(got) != 0 {
		t.Errorf("no tiebreakers gave %#v, want an empty list", got)
	}
}
