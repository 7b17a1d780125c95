package event

import (
	"slices"
	"strings"

	"tablekeeper/core/i18n"
)

// Settings are the rules an event runs by. They start as the format's
// defaults from the rules catalogue and can change until round 1 is paired.
//
// What every event has sits at the top. What only some games or
// structures have sits in a group of its own (Playoff, FinalTable, Heresy,
// Shadowfist, Draft, Team): a group is its zero value where it does not
// apply, is left out of the JSON then, and checks its own values
// (Validate); Settings.Validate checks how the groups fit the event.
//
// The groups are values, not pointers: Settings is copied everywhere (from
// the catalogue's defaults, into a settings screen, into a test's variant),
// and a copy must never share a group with the settings it came from.
type Settings struct {
	// Structure is how rounds are organised (Swiss, elimination, …).
	Structure Structure `json:"structure"`
	// TableSize is the usual number of seats at a table: 2 for two-player
	// games, 3 to 5 for multiplayer ones.
	TableSize int `json:"tableSize"`
	// MinTableSize and MaxTableSize bound the table size where a player
	// count needs tables of another size (0 means TableSize).
	MinTableSize int `json:"minTableSize,omitempty"`
	MaxTableSize int `json:"maxTableSize,omitempty"`
	// GamesPerMatch is N in "best of N" (1 or 3).
	GamesPerMatch int `json:"gamesPerMatch"`
	// RoundMinutes is the round time.
	RoundMinutes int `json:"roundMinutes"`
	// Rounds is the number of Swiss rounds planned; 0 means the
	// recommended number for the player count.
	Rounds int `json:"rounds"`
	// Points is the match-point scoring.
	Points Points `json:"points"`
	// Tiebreakers name, in order, the keys that separate players on equal
	// match points (see core/standings).
	Tiebreakers []string `json:"tiebreakers"`
	// UnflooredGameWin: a player's own game-win % is the games as played,
	// as melee.gg prints it, instead of being floored at 1/3 as MTR
	// Appendix C does (the default, false). Opponents' averages always
	// count each opponent floored.
	UnflooredGameWin bool `json:"unflooredGameWin,omitempty"`
	// LateEntryLosses: a late entry is given a loss for each round missed
	// instead of joining on zero points with no record.
	LateEntryLosses bool `json:"lateEntryLosses,omitempty"`
	// Double: a double round robin, a double-elimination Armageddon, or a
	// grand-final reset in a double-elimination bracket. It stays here,
	// not in a group: it is the one switch three structures read, each in
	// its own way.
	Double bool `json:"double,omitempty"`
	// TieSeed seeds the "random" tiebreaker; the director sets it when the
	// event is created, so the order never changes during the event.
	TieSeed uint64 `json:"tieSeed,omitempty"`
	// Scoring is how a multiplayer table is scored: ScoringPlacement (the
	// winner takes Points.Win), ScoringShadowfist (S6–S8) or ScoringHeresy
	// (H5, H7, with the values of Heresy). Two-player matches always score
	// by games won.
	Scoring ScoringRule `json:"scoring,omitempty"`
	// DeckRules names the decklist rules decks are checked against (a
	// core/deck format: "altered-constructed", "heresy", …); "" checks
	// nothing.
	DeckRules string `json:"deckRules,omitempty"`
	// PhoneDropsWithoutApproval: a player's request to drop, sent from
	// her phone signed in with her player code, drops her at once (after
	// the current round) instead of waiting on the Round tab for the
	// organizer.
	PhoneDropsWithoutApproval bool `json:"phoneDropsWithoutApproval,omitempty"`
	// PhoneReportsNeedApproval: a result players report from a phone
	// with their table's code (the store network) waits on the
	// organizer's screen for approval instead of being recorded at once.
	PhoneReportsNeedApproval bool `json:"phoneReportsNeedApproval,omitempty"`
	// PlayersConfirmResults: each player reports her table's result from
	// her own phone, signed in with her player code, and the result is
	// recorded when every side of the table reported the same; a
	// disagreement, or a side still silent at time, goes to the
	// organizer. A report with the table's code alone is refused.
	PlayersConfirmResults bool `json:"playersConfirmResults,omitempty"`
	// Meeting: before round 1 the TV shows the player meeting, every
	// player's seat by name (director.MeetingSeats), until round 1 is
	// paired.
	Meeting bool `json:"meeting,omitempty"`
	// Language is the language the event's reports are printed in, a tag
	// of a shipped translation (i18n.Langs: "en", "fr"); "" prints them in
	// the language of the screen they are printed from.
	Language string `json:"language,omitempty"`

	// Playoff is the elimination part of the event: a top cut after
	// Swiss rounds, KeyForge's playoff of eight, or the bracket of an
	// elimination structure.
	Playoff PlayoffSettings `json:"playoff,omitzero"`
	// FinalTable is the final table of a multiplayer event (S10).
	FinalTable FinalTableSettings `json:"finalTable,omitzero"`
	// Heresy holds Heresy's table sizing and scoring (H2, H5, H7).
	Heresy HeresySettings `json:"heresy,omitzero"`
	// Shadowfist holds Shadowfist's card pool, tables of five and game
	// points (S3, S4, S7).
	Shadowfist ShadowfistSettings `json:"shadowfist,omitzero"`
	// Draft is the draft the event starts with (A5, H7, S14).
	Draft DraftSettings `json:"draft,omitzero"`
	// Team makes the event one of teams (Altered 2v2, A6).
	Team TeamSettings `json:"team,omitzero"`
}

// PlayoffSettings are the elimination rounds of an event.
type PlayoffSettings struct {
	// TopCut: after the Swiss rounds the top N of the standings play a
	// single-elimination bracket seeded 1 v N (X2); 0 for none.
	TopCut int `json:"topCut,omitempty"`
	// BestOf is the games per match of the top cut or playoff (0: the
	// event's GamesPerMatch); Minutes its round time (0: RoundMinutes).
	BestOf  int `json:"bestOf,omitempty"`
	Minutes int `json:"minutes,omitempty"`
	// ThirdPlace: the elimination bracket (a top cut, single or double
	// elimination) plays a third-place match.
	ThirdPlace bool `json:"thirdPlace,omitempty"`
}

// Validate reports whether the playoff's own values can be: a top cut of
// 2 to 256, an odd best-of up to 9, a round of at most a day. Whether the
// event's structure has a top cut is Settings.Validate's to say.
func (p PlayoffSettings) Validate() error {
	if p.TopCut != 0 && (p.TopCut < 2 || p.TopCut > 256) {
		return Invalidf("a top cut takes 2 to 256 players, not %d", p.TopCut)
	}
	if p.BestOf != 0 && (p.BestOf < 1 || p.BestOf > 9 || p.BestOf%2 == 0) {
		return Invalidf("playoff games per match must be 1, 3, 5, 7 or 9, not %d", p.BestOf)
	}
	if p.Minutes < 0 || p.Minutes > 24*60 {
		return Invalidf("a playoff round lasts 0 to 1440 minutes, not %d", p.Minutes)
	}
	return nil
}

// FinalTableSettings are the final table of a multiplayer event (S10).
type FinalTableSettings struct {
	// Size: after the Swiss rounds of a multiplayer event, the top Size
	// (3 to 5, fixed before round 1) play one final table (S10, Swiss +
	// Final); 0 for none. StructureDoubleFinal requires it: the loss
	// rounds are played down to Size players, who play the final table.
	Size int `json:"size,omitempty"`
	// Secondary seats the next Size players at a second table for the
	// places after them.
	Secondary bool `json:"secondary,omitempty"`
}

// Validate reports whether the final table's own values can be: 3 to
// MaxSeats players, and a secondary table only after a final table.
func (f FinalTableSettings) Validate() error {
	if f.Size != 0 && (f.Size < 3 || f.Size > MaxSeats) {
		return Invalidf("a final table seats 3 to %d players, not %d", MaxSeats, f.Size)
	}
	if f.Secondary && f.Size == 0 {
		return Invalid("a secondary table seats the players after the final table; choose a final table, or leave the secondary table off")
	}
	return nil
}

// HeresySettings are Heresy: Kingdom Come's own settings.
type HeresySettings struct {
	// H2Tables seats multiplayer tables by rule H2 (groups of three and
	// four by score); otherwise tables of TableSize, with MinTableSize and
	// MaxTableSize taking the remainder.
	H2Tables bool `json:"h2Tables,omitempty"`
	// TauGoal, WinScore and TimeOutBonus are Heresy's scoring (H5: goal 9,
	// a win scores 14, time-out adds 2; Revelations H7: goal 7, win 11),
	// read when Settings.Scoring is ScoringHeresy.
	TauGoal      int `json:"tauGoal,omitempty"`
	WinScore     int `json:"winScore,omitempty"`
	TimeOutBonus int `json:"timeOutBonus,omitempty"`
	// NoTuning says the judges negated Revelations' deck tuning between
	// matches (H7, 5.3.2: "This rule may be negated by the judges if they
	// so desire, but must be announced in advance of the tournament"), so
	// that decks lock when round 1 is paired. Like every setting it is
	// fixed once round 1 is paired: the choice is made in advance.
	NoTuning bool `json:"noTuning,omitempty"`
}

// Validate reports whether the Heresy scoring values can be (H5): a Tau
// goal of 1 to 99, a win worth at least the goal, no negative time-out
// bonus.
func (h HeresySettings) Validate() error {
	if h.TauGoal < 1 || h.TauGoal > 99 || h.WinScore < h.TauGoal || h.TimeOutBonus < 0 {
		return Invalidf("Heresy scoring needs a Tau goal of 1 to 99 and a win score of at least the goal (H5), not goal %d, win %d", h.TauGoal, h.WinScore)
	}
	return nil
}

// ShadowfistSettings are Shadowfist's own settings.
type ShadowfistSettings struct {
	// Environment is the card pool (S3, 6.0 and Appendix V); "" is
	// Classic / Open. The director checks it against the rules catalogue.
	Environment string `json:"environment,omitempty"`
	// FivePlayerMinutes is how long a table of five plays (S4: "about
	// 110" minutes against 85 for four); tables of five get the
	// difference as their own extension. 0: as the round.
	FivePlayerMinutes int `json:"fivePlayerMinutes,omitempty"`
	// GamePoints are the game-point values per item of rule 5.3 (S7);
	// nil means the defaults of DefaultGamePoints.
	GamePoints *GamePointValues `json:"gamePoints,omitempty"`
}

// Validate reports whether the Shadowfist values can be: a table of five
// plays at most a day, and each game-point value is between -20 and 20.
func (f ShadowfistSettings) Validate() error {
	if f.FivePlayerMinutes < 0 || f.FivePlayerMinutes > 24*60 {
		return Invalidf("a table of five plays 0 to 1440 minutes, not %d", f.FivePlayerMinutes)
	}
	if g := f.GamePoints; g != nil {
		for _, v := range []int{g.Seized, g.Burned, g.Played, g.OtherBurned, g.Reduce, g.Controlled, g.Increase} {
			if v < -20 || v > 20 {
				return Invalidf("a game-point value must be between -20 and 20, not %d", v)
			}
		}
	}
	return nil
}

// DraftSettings are the draft an event starts with, whose pods the
// director seats (DrawDraftPods).
type DraftSettings struct {
	// Ideal is the pod size a draft aims for (A5: 8; H7: 5); 0 means the
	// event has no draft, and the other draft settings must be 0 too.
	// Min and Max bound a pod (0 means Ideal): pods are as even as
	// possible within them. Packs is the packs each player opens; they
	// pass left, right, left, … (A5, H7, S14).
	Ideal int `json:"ideal,omitempty"`
	Min   int `json:"min,omitempty"`
	Max   int `json:"max,omitempty"`
	Packs int `json:"packs,omitempty"`
}

// Bounds returns the smallest and the largest pod, Ideal standing in for
// a bound left at 0.
func (d DraftSettings) Bounds() (lo, hi int) {
	lo, hi = d.Min, d.Max
	if lo == 0 {
		lo = d.Ideal
	}
	if hi == 0 {
		hi = d.Ideal
	}
	return lo, hi
}

// Validate reports whether the draft can be: none at all, or an ideal pod
// size with bounds around it and a number of packs.
func (d DraftSettings) Validate() error {
	if d.Ideal <= 0 {
		if d.Ideal < 0 || d.Min != 0 || d.Max != 0 || d.Packs != 0 {
			return Invalid("the draft settings need an ideal pod size; set one, or clear them all for an event without a draft")
		}
		return nil
	}
	lo, hi := d.Bounds()
	if lo < MinDraftPod || lo > d.Ideal || d.Ideal > hi || hi > MaxDraftPod {
		return Invalidf("draft pods must be from %d to %d players, with smallest, ideal and largest in that order, not smallest %d, ideal %d, largest %d",
			MinDraftPod, MaxDraftPod, lo, d.Ideal, hi)
	}
	if d.Packs < 1 || d.Packs > MaxDraftPacks {
		return Invalidf("a draft opens 1 to %d packs per player, not %d", MaxDraftPacks, d.Packs)
	}
	return nil
}

// TeamSettings make an event one of teams.
type TeamSettings struct {
	// Size is the players of a team (Altered 2v2, A6: 2); 0 for an event
	// of individual players. Teams are paired as one, two teams a table
	// seated alternately (A1, B1, A2, B2), and a table's result is a
	// two-player result between the teams (see TeamMatch).
	Size int `json:"size,omitempty"`
}

// Validate reports whether the team size can be: none, or the 2v2 of
// rule A6.
func (t TeamSettings) Validate() error {
	if t.Size != 0 && t.Size != 2 {
		return Invalidf("a team has 2 players (2v2), not %d; 0 for an event of individual players", t.Size)
	}
	return nil
}

// Teams reports whether the event is played by teams (Team.Size).
func (s Settings) Teams() bool { return s.Team.Size > 0 }

// HasDraft reports whether the event starts with a draft, whose pods the
// director seats (DrawDraftPods).
func (s Settings) HasDraft() bool { return s.Draft.Ideal > 0 }

// HasFinalTable reports whether the event ends with a final table
// (FinalTable.Size).
func (s Settings) HasFinalTable() bool { return s.FinalTable.Size > 0 }

// GamePointValues are the game points each item of Shadowfist's rule 5.3
// scores (S7). The document's figures are garbled: its example in 5.7
// shows a seized site scoring 4, a burned site 3 and a played site 2, and
// two of the items d) to g) print "-2 game points" without saying which.
// Every value is therefore a setting; see DefaultGamePoints.
type GamePointValues struct {
	// Seized: Feng Shui Sites seized (5.3 a).
	Seized int `json:"seized"`
	// Burned: Feng Shui Sites burned for victory (5.3 b).
	Burned int `json:"burned"`
	// Played: Feng Shui Sites played (5.3 c); also the value of each
	// theoretical site of an unconventional win (5.7).
	Played int `json:"played"`
	// OtherBurned: non-Feng Shui sites in the burned-for-victory pile
	// (5.3 d).
	OtherBurned int `json:"otherBurned"`
	// Reduce: cards that reduce the Feng Shui Sites needed to win (5.3 e).
	Reduce int `json:"reduce"`
	// Controlled: another player's Feng Shui Sites controlled through
	// card effects (5.3 f).
	Controlled int `json:"controlled"`
	// Increase: cards that increase the Feng Shui Sites needed to win
	// (5.3 g).
	Increase int `json:"increase"`
}

// DefaultGamePoints returns the values Tablekeeper assumes for rule 5.3
// (S7): 4 a seized site, 3 a burned site, 2 a played site (the example in
// 5.7), and -2 for each card that reduces or increases the sites needed to
// win, the two items whose "-2 game points" the document prints last. The
// two items left, non-site cards burned and another player's sites
// controlled, score 0 until the organizer sets them.
func DefaultGamePoints() GamePointValues {
	return GamePointValues{Seized: 4, Burned: 3, Played: 2, Reduce: -2, Increase: -2}
}

// UsesGamePoints reports whether the event scores Shadowfist game points
// (S7), whose values the settings hold.
func (s Settings) UsesGamePoints() bool { return s.Scoring == ScoringShadowfist }

// GamePointValues returns the event's Shadowfist game-point values: its
// own, or the defaults.
func (s Settings) GamePointValues() GamePointValues {
	if s.Shadowfist.GamePoints != nil {
		return *s.Shadowfist.GamePoints
	}
	return DefaultGamePoints()
}

// ScoringRule names how multiplayer tables score.
type ScoringRule string

// Scoring rules.
const (
	ScoringPlacement  ScoringRule = ""
	ScoringShadowfist ScoringRule = "shadowfist"
	ScoringHeresy     ScoringRule = "heresy"
)

// Points is a match-point scale.
type Points struct {
	Win  int `json:"win"`
	Draw int `json:"draw"`
	Loss int `json:"loss"`
	Bye  int `json:"bye"`
	// TimeOutWin is what the winner on time-out of a table scores, at a
	// multiplayer table or in a two-player match (Shadowfist S6: 2); 0
	// means a full win.
	TimeOutWin int `json:"timeOutWin,omitempty"`
}

// WinAtTime is what a win scores when time was called: TimeOutWin where
// the format sets one (Shadowfist S6, S8), else a full win.
func (p Points) WinAtTime() int {
	if p.TimeOutWin > 0 {
		return p.TimeOutWin
	}
	return p.Win
}

// Validate reports whether the settings describe an event that can run:
// the values every event has, each group's own values, then how the
// groups fit the structure, the tables and the scoring.
func (s Settings) Validate() error {
	if s.Structure == "" {
		return Invalid("the settings need a structure")
	}
	for _, check := range []func() error{
		s.validateTables, s.validateMatches,
		s.Playoff.Validate, s.FinalTable.Validate, s.Shadowfist.Validate, s.Draft.Validate, s.Team.Validate,
		s.validateStructure, s.validateScoring, s.validateTeams, s.validateLanguage,
	} {
		if err := check(); err != nil {
			return err
		}
	}
	return nil
}

// validateLanguage checks that the print language is one Tablekeeper
// speaks.
func (s Settings) validateLanguage() error {
	if s.Language == "" {
		return nil
	}
	var tags []string
	for _, l := range i18n.Langs() {
		if string(l) == s.Language {
			return nil
		}
		tags = append(tags, string(l))
	}
	return Invalidf("the print language %q is not one Tablekeeper speaks: choose one of %s, or none to print in the screen's language",
		s.Language, strings.Join(tags, ", "))
}

// validateTables checks the table sizes.
func (s Settings) validateTables() error {
	if s.TableSize < 2 || s.TableSize > MaxSeats {
		return Invalidf("a table seats 2 to %d players, not %d", MaxSeats, s.TableSize)
	}
	if s.MinTableSize != 0 && (s.MinTableSize < 2 || s.MinTableSize > s.TableSize) {
		return Invalidf("the smallest table (%d) must be between 2 and the usual size %d", s.MinTableSize, s.TableSize)
	}
	if s.MaxTableSize != 0 && (s.MaxTableSize < s.TableSize || s.MaxTableSize > MaxSeats) {
		return Invalidf("the largest table (%d) must be between the usual size %d and %d", s.MaxTableSize, s.TableSize, MaxSeats)
	}
	return nil
}

// validateMatches checks the games per match, the rounds and their time.
func (s Settings) validateMatches() error {
	if s.GamesPerMatch < 1 || s.GamesPerMatch > 9 || s.GamesPerMatch%2 == 0 && s.GamesPerMatch != 2 {
		return Invalidf("games per match must be 1, 2, 3, 5, 7 or 9, not %d", s.GamesPerMatch)
	}
	if s.RoundMinutes < 0 || s.RoundMinutes > 24*60 {
		return Invalidf("a round lasts 0 to 1440 minutes, not %d", s.RoundMinutes)
	}
	if s.Rounds < 0 || s.Rounds > MaxRounds {
		return Invalidf("an event has 0 to %d rounds, not %d", MaxRounds, s.Rounds)
	}
	return nil
}

// validateStructure checks the structure and what it allows: a top cut
// after two-player Swiss rounds, a final table after multiplayer ones,
// schedules of 3 to 5, open challenges of individual players.
func (s Settings) validateStructure() error {
	if !slices.Contains(Structures(), s.Structure) {
		return Invalidf("unknown structure %q", s.Structure)
	}
	if err := s.validateTopCut(); err != nil {
		return err
	}
	if s.Structure == StructureSchedule && (s.TableSize < 3 || s.TableSize > 5) {
		return Invalid("a fixed schedule seats tables of 3, 4 or 5")
	}
	if s.TableSize != 2 && s.Structure != StructureSwiss && s.Structure != StructureSchedule && s.Structure != StructureChallenges {
		return Invalidf("%s is for two-player matches", s.Structure)
	}
	if err := s.validateFinalTable(); err != nil {
		return err
	}
	return s.validateChallenges()
}

// validateChallenges checks open challenges: multiplayer games of
// individual players, nothing paired, no finals.
func (s Settings) validateChallenges() error {
	if s.Structure == StructureChallenges && (s.TableSize < 3 || s.Teams() || s.HasDraft() || s.Playoff.TopCut != 0) {
		return Invalid("open challenges are scored as multiplayer games of individual players (a nominal table size of 3 to 5), with no top cut, teams or draft pods")
	}
	return nil
}

// validateTopCut checks where a top cut is: after two-player Swiss rounds.
func (s Settings) validateTopCut() error {
	switch {
	case s.Playoff.TopCut == 0:
		return nil
	case s.TableSize > 2:
		return Invalid("a top cut is for two-player events; a multiplayer event ends with a final table")
	case s.Structure != StructureSwiss:
		return Invalid("a top cut follows Swiss rounds; this structure has its own finals")
	}
	return nil
}

// validateFinalTable checks where a final table is: after multiplayer
// Swiss rounds, or after the double elimination of S10, which needs one.
func (s Settings) validateFinalTable() error {
	n := s.FinalTable.Size
	if s.Structure == StructureDoubleFinal && (n < 3 || n > MaxSeats) {
		return Invalidf("double elimination + final needs a final table of 3 to %d players, not %d", MaxSeats, n)
	}
	if n != 0 && s.Structure != StructureDoubleFinal && (s.TableSize < 3 || s.Structure != StructureSwiss) {
		return Invalidf("a final table seats 3 to %d players after multiplayer Swiss rounds, not %d", MaxSeats, n)
	}
	return nil
}

// validateScoring checks the scoring kind, Heresy's values where it
// scores them, and the own-GW% floor.
func (s Settings) validateScoring() error {
	if s.UnflooredGameWin && s.TableSize > 2 && !s.Teams() {
		return Invalid("the game-win percentage floor is a setting of two-player matches: a table of three or more players has no games won; leave the floor on")
	}
	switch s.Scoring {
	case ScoringPlacement, ScoringShadowfist:
		return nil
	case ScoringHeresy:
		return s.Heresy.Validate()
	}
	return Invalidf("unknown scoring %q", s.Scoring)
}

// validateTeams checks how a team event fits rule A6: two teams of two a
// table, Swiss rounds scored like two-player matches.
func (s Settings) validateTeams() error {
	switch {
	case !s.Teams():
		return nil
	case s.TableSize != 4 || s.MinTableSize != 0 && s.MinTableSize != 4 || s.MaxTableSize != 0 && s.MaxTableSize != 4:
		return Invalid("a 2v2 event seats tables of exactly 4: two teams of two")
	case s.Structure != StructureSwiss:
		return Invalidf("a 2v2 event plays Swiss rounds, not %s", s.Structure)
	case s.Scoring != ScoringPlacement || s.Heresy.H2Tables:
		return Invalid("a 2v2 table is scored like a two-player match between the teams; it has no multiplayer scoring or table sizing")
	case s.HasFinalTable():
		return Invalid("a 2v2 event has no final table")
	}
	return nil
}

// MaxSeats is the most seats a table can have (Shadowfist allows five).
const MaxSeats = 5

// MaxRounds bounds the rounds of one event.
const MaxRounds = 64

// Draft pod bounds: a pod passes packs around at least two players, and
// MaxDraftPod is well above any pod a rules document recommends (A5: 8).
// MaxDraftPacks is above S14's ten packs.
const (
	MinDraftPod   = 2
	MaxDraftPod   = 16
	MaxDraftPacks = 12
)
