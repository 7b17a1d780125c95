package event

import (
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"
)

// every has a value other than zero in every group.
func every() Settings {
	return Settings{
		Structure: StructureSwiss, TableSize: 4, MinTableSize: 3, MaxTableSize: 5, GamesPerMatch: 1, RoundMinutes: 85, Rounds: 3,
		Points: Points{Win: 4, Draw: 1, TimeOutWin: 2}, Tiebreakers: []string{"gp"}, LateEntryLosses: true, TieSeed: 7,
		Scoring: ScoringShadowfist, DeckRules: "shadowfist",
		Playoff:    PlayoffSettings{TopCut: 8, BestOf: 5, Minutes: 90, ThirdPlace: true},
		FinalTable: FinalTableSettings{Size: 5, Secondary: true},
		Heresy:     HeresySettings{H2Tables: true, TauGoal: 8, WinScore: 13, TimeOutBonus: 3},
		Shadowfist: ShadowfistSettings{Environment: "old-masters", FivePlayerMinutes: 100,
			GamePoints: &GamePointValues{Seized: 5, Burned: 3, Played: 2, OtherBurned: 1, Reduce: -2, Controlled: 1, Increase: -3}},
		Draft: DraftSettings{Ideal: 5, Min: 3, Max: 6, Packs: 7},
		Team:  TeamSettings{Size: 2},
	}
}

func TestSettingsAreWrittenInGroupsOnlyWhereTheyApply(t *testing.T) {
	plain := Settings{Structure: StructureSwiss, TableSize: 2, GamesPerMatch: 3, RoundMinutes: 50, Points: Points{Win: 3, Draw: 1, Bye: 3},
		Tiebreakers: []string{"omw"}}
	b, err := json.Marshal(plain)
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"structure":"swiss","tableSize":2,"gamesPerMatch":3,"roundMinutes":50,"rounds":0,"points":{"win":3,"draw":1,"loss":0,"bye":3},"tiebreakers":["omw"]}`; string(b) != want {
		t.Errorf("an event without groups is written\n%s\nwant\n%s", b, want)
	}

	b, err = json.Marshal(every())
	if err != nil {
		t.Fatal(err)
	}
	want := `{"structure":"swiss","tableSize":4,"minTableSize":3,"maxTableSize":5,"gamesPerMatch":1,"roundMinutes":85,"rounds":3,` +
		`"points":{"win":4,"draw":1,"loss":0,"bye":0,"timeOutWin":2},"tiebreakers":["gp"],"lateEntryLosses":true,"tieSeed":7,` +
		`"scoring":"shadowfist","deckRules":"shadowfist",` +
		`"playoff":{"topCut":8,"bestOf":5,"minutes":90,"thirdPlace":true},"finalTable":{"size":5,"secondary":true},` +
		`"heresy":{"h2Tables":true,"tauGoal":8,"winScore":13,"timeOutBonus":3},` +
		`"shadowfist":{"environment":"old-masters","fivePlayerMinutes":100,"gamePoints":{"seized":5,"burned":3,"played":2,"otherBurned":1,"reduce":-2,"controlled":1,"increase":-3}},` +
		`"draft":{"ideal":5,"min":3,"max":6,"packs":7},"team":{"size":2}}`
	if string(b) != want {
		t.Errorf("every group is written\n%s\nwant\n%s", b, want)
	}
	var back Settings
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back, every()) {
		t.Errorf("read back as %+v", back)
	}
}

// The flat shape of event files of version 1 and databases of schemas 1 to
// 6: every key it had reads into its group.
func TestFlatSettingsReadIntoTheirGroups(t *testing.T) {
	flat := `{"structure":"swiss","tableSize":4,"minTableSize":3,"maxTableSize":5,"gamesPerMatch":1,"roundMinutes":85,"rounds":3,
		"points":{"win":4,"draw":1,"loss":0,"bye":0,"timeOutWin":2},"tiebreakers":["gp"],"lateEntryLosses":true,
		"topCut":8,"playoffBestOf":5,"playoffMinutes":90,"thirdPlace":true,"tieSeed":7,"scoring":"shadowfist",
		"tableSizing":"heresy","tauGoal":8,"winScore":13,"timeOutBonus":3,"finalTable":5,"secondaryTable":true,
		"deckRules":"shadowfist","environment":"old-masters","fivePlayerMinutes":100,
		"gamePoints":{"seized":5,"burned":3,"played":2,"otherBurned":1,"reduce":-2,"controlled":1,"increase":-3},
		"draftIdeal":5,"draftMin":3,"draftMax":6,"draftPacks":7,"teamSize":2}`
	var s Settings
	if err := json.Unmarshal([]byte(flat), &s); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(s, every()) {
		t.Errorf("read as   %+v\nwant      %+v", s, every())
	}
	strict, err := DecodeSettingsStrict([]byte(flat))
	if err != nil || !reflect.DeepEqual(strict, every()) {
		t.Errorf("strictly: %+v, %v", strict, err)
	}

	// Keys given as zero are read as zero: nothing is left of them.
	var zero Settings
	if err := json.Unmarshal([]byte(`{"structure":"swiss","topCut":0,"tableSizing":"","finalTable":0,"teamSize":0}`), &zero); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(zero, Settings{Structure: StructureSwiss}) {
		t.Errorf("zero flat keys read as %+v", zero)
	}
}

func TestSettingsJSONThatCannotBeIsRefused(t *testing.T) {
	for _, c := range []struct{ name, json, want string }{
		{"a flat key beside its group", `{"topCut":8,"playoff":{"bestOf":3}}`, `"playoff" both as a group and as the flat keys`},
		{"a flat secondary table beside the final table group", `{"secondaryTable":true,"finalTable":{"size":4}}`, `"finalTable" both`},
		{"a flat Tau goal beside the Heresy group", `{"tauGoal":9,"heresy":{"winScore":14}}`, `"heresy" both`},
		{"a flat environment beside the Shadowfist group", `{"environment":"modern","shadowfist":{"fivePlayerMinutes":110}}`, `"shadowfist" both`},
		{"a flat pod size beside the draft group", `{"draftIdeal":8,"draft":{"packs":3}}`, `"draft" both`},
		{"a flat team size beside the team group", `{"teamSize":2,"team":{"size":2}}`, `"team" both`},
		{"an unknown table sizing", `{"tableSizing":"hexagonal"}`, `unknown table sizing "hexagonal"`},
		{"a final table of text", `{"finalTable":"four"}`, "finalTable"},
		{"a final table size of text", `{"finalTable":{"size":"four"}}`, "finalTable.size"},
		{"a group of the wrong type", `{"draft":8}`, "draft"},
		{"a group value of the wrong type", `{"playoff":{"topCut":"eight"}}`, "playoff.topCut"},
	} {
		var s Settings
		err := json.Unmarshal([]byte(c.json), &s)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want it to say %q", c.name, err, c.want)
		}
		if strings.Contains(c.want, "both") && !errors.Is(err, ErrInvalid) {
			t.Errorf("%s: %v is not ErrInvalid", c.name, err)
		}
	}
	var typ *json.UnmarshalTypeError
	if err := json.Unmarshal([]byte(`{"playoff":{"topCut":"eight"}}`), new(Settings)); !errors.As(err, &typ) || typ.Field != "playoff.topCut" {
		t.Errorf("a wrong type names field %q (%v), want playoff.topCut", typ.Field, err)
	}
}

func TestOnlyStrictDecodingRefusesUnknownKeys(t *testing.T) {
	for _, data := range []string{`{"structure":"swiss","tableColour":"green"}`, `{"structure":"swiss","draft":{"ideal":8,"rares":1}}`,
		`{"structure":"swiss","finalTable":{"size":4,"judges":2}}`} {
		var s Settings
		if err := json.Unmarshal([]byte(data), &s); err != nil || s.Structure != StructureSwiss {
			t.Errorf("%s: read as %+v, %v; want the unknown key passed over", data, s, err)
		}
		if _, err := DecodeSettingsStrict([]byte(data)); err == nil || !strings.Contains(err.Error(), "unknown field") {
			t.Errorf("%s: strictly %v, want an unknown field", data, err)
		}
	}
}

// Each group checks its own values, with the sentences Settings.Validate
// has always given; a zero group (one that does not apply) is valid.
func TestEachGroupValidatesItself(t *testing.T) {
	for _, c := range []struct {
		name  string
		group interface{ Validate() error }
		want  string // "" when valid
	}{
		{"no playoff", PlayoffSettings{}, ""},
		{"KeyForge's playoff", PlayoffSettings{BestOf: 3, Minutes: 120}, ""},
		{"a top cut of one", PlayoffSettings{TopCut: 1}, "a top cut takes 2 to 256 players, not 1"},
		{"a top cut of 512", PlayoffSettings{TopCut: 512}, "not 512"},
		{"a playoff best of 2", PlayoffSettings{TopCut: 8, BestOf: 2}, "playoff games per match must be 1, 3, 5, 7 or 9, not 2"},
		{"a playoff of negative minutes", PlayoffSettings{Minutes: -5}, "a playoff round lasts 0 to 1440 minutes, not -5"},
		{"no final table", FinalTableSettings{}, ""},
		{"a final table of five and a secondary one", FinalTableSettings{Size: 5, Secondary: true}, ""},
		{"a final table of two", FinalTableSettings{Size: 2}, "a final table seats 3 to 5 players, not 2"},
		{"a secondary table alone", FinalTableSettings{Secondary: true}, "choose a final table, or leave the secondary table off"},
		{"Reascension", HeresySettings{H2Tables: true, TauGoal: 9, WinScore: 14, TimeOutBonus: 2}, ""},
		{"no Tau goal", HeresySettings{}, "Heresy scoring needs a Tau goal of 1 to 99"},
		{"a win below the goal", HeresySettings{TauGoal: 9, WinScore: 8}, "not goal 9, win 8"},
		{"a negative time-out bonus", HeresySettings{TauGoal: 9, WinScore: 14, TimeOutBonus: -1}, "Heresy scoring needs"},
		{"no Shadowfist values", ShadowfistSettings{}, ""},
		{"a table of five for a day and more", ShadowfistSettings{FivePlayerMinutes: 1441}, "a table of five plays 0 to 1440 minutes, not 1441"},
		{"a game point of 21", ShadowfistSettings{GamePoints: &GamePointValues{Seized: 21}}, "between -20 and 20, not 21"},
		{"no draft", DraftSettings{}, ""},
		{"packs without a pod size", DraftSettings{Packs: 3}, "need an ideal pod size"},
		{"no team", TeamSettings{}, ""},
		{"teams of three", TeamSettings{Size: 3}, "a team has 2 players (2v2), not 3"},
	} {
		checkInvalid(t, c.name, c.group.Validate(), c.want)
	}
}

// Settings.Validate calls each group's Validate and checks where a group
// fits: Heresy's values count where Heresy scoring does, a top cut after
// two-player Swiss rounds, a final table after multiplayer ones.
func TestSettingsValidateChecksTheGroupsAndWhereTheyFit(t *testing.T) {
	swiss := Settings{Structure: StructureSwiss, TableSize: 2, GamesPerMatch: 3, RoundMinutes: 50}
	multi := Settings{Structure: StructureSwiss, TableSize: 4, GamesPerMatch: 1, RoundMinutes: 85, Scoring: ScoringShadowfist}
	for _, c := range []struct {
		name   string
		base   Settings
		change func(*Settings)
		want   string // "" when valid
	}{
		{"a top cut of 8", swiss, func(s *Settings) { s.Playoff.TopCut = 8 }, ""},
		{"a top cut of 1", swiss, func(s *Settings) { s.Playoff.TopCut = 1 }, "a top cut takes 2 to 256 players"},
		{"a top cut of a multiplayer event", multi, func(s *Settings) { s.Playoff.TopCut = 8 }, "a top cut is for two-player events"},
		{"a top cut of a bracket", swiss, func(s *Settings) { s.Structure, s.Playoff.TopCut = StructureSingleElimination, 8 }, "a top cut follows Swiss rounds"},
		{"a third-place match in a bracket", swiss, func(s *Settings) { s.Structure, s.Playoff.ThirdPlace = StructureSingleElimination, true }, ""},
		{"a final table of 4", multi, func(s *Settings) { s.FinalTable.Size = 4 }, ""},
		{"a final table of two-player rounds", swiss, func(s *Settings) { s.FinalTable.Size = 4 }, "a final table seats 3 to 5 players after multiplayer Swiss rounds, not 4"},
		{"a secondary table alone", multi, func(s *Settings) { s.FinalTable.Secondary = true }, "leave the secondary table off"},
		{"Heresy scoring without its values", multi, func(s *Settings) { s.Scoring = ScoringHeresy }, "Heresy scoring needs a Tau goal"},
		{"Heresy scoring with its values", multi, func(s *Settings) {
			s.Scoring, s.Heresy = ScoringHeresy, HeresySettings{H2Tables: true, TauGoal: 9, WinScore: 14, TimeOutBonus: 2}
		}, ""},
		{"H2 tables at a 2v2 event", Settings{Structure: StructureSwiss, TableSize: 4, GamesPerMatch: 1, Team: TeamSettings{Size: 2}},
			func(s *Settings) { s.Heresy.H2Tables = true }, "no multiplayer scoring or table sizing"},
		{"Shadowfist's five-player minutes", multi, func(s *Settings) { s.Shadowfist.FivePlayerMinutes = -1 }, "a table of five plays 0 to 1440 minutes"},
		{"printed in French", swiss, func(s *Settings) { s.Language = "fr" }, ""},
		{"printed in English", swiss, func(s *Settings) { s.Language = "en" }, ""},
		{"printed in Klingon", swiss, func(s *Settings) { s.Language = "tlh" }, `the print language "tlh" is not one Tablekeeper speaks: choose one of en, fr`},
		{"a bad game point", multi, func(s *Settings) { s.Shadowfist.GamePoints = &GamePointValues{Increase: -21} }, "not -21"},
	} {
		s := c.base
		c.change(&s)
		checkInvalid(t, c.name, s.Validate(), c.want)
	}
}

func TestDraftBoundsStandInForTheIdeal(t *testing.T) {
	for _, c := range []struct {
		d      DraftSettings
		lo, hi int
	}{
		{DraftSettings{Ideal: 8}, 8, 8},
		{DraftSettings{Ideal: 8, Min: 3, Max: 10}, 3, 10},
		{DraftSettings{Ideal: 5, Min: 3}, 3, 5},
		{DraftSettings{}, 0, 0},
	} {
		if lo, hi := c.d.Bounds(); lo != c.lo || hi != c.hi {
			t.Errorf("%+v: bounds %d, %d; want %d, %d", c.d, lo, hi, c.lo, c.hi)
		}
	}
}

// A copy of the settings shares nothing with the original: changing a
// group of the copy leaves the original as it was.
func TestACopyOfTheSettingsSharesNoGroup(t *testing.T) {
	orig := every()
	cp := orig
	cp.Playoff.TopCut, cp.Draft.Packs, cp.Team.Size = 4, 2, 0
	if orig.Playoff.TopCut != 8 || orig.Draft.Packs != 7 || orig.Team.Size != 2 {
		t.Errorf("changing a copy changed the original: %+v", orig)
	}
}
