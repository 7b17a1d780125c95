// Package event holds Tablekeeper's domain: the people in the player
// directory, the events they play, their entries, the rounds with their
// tables and seats, results, decks, judges, the judge log and the clock state
// saved with each round.
//
// The types here are plain data with their invariants written as methods
// (Validate, Outcome, …). They import nothing of Tablekeeper's: every other
// package speaks in these types, and none of them knows how they are stored
// or drawn.
package event

import (
	"slices"
	"strings"
	"time"
)

// PlayerID identifies a person in the player directory.
type PlayerID int64

// EventID identifies an event.
type EventID int64

// EntryID identifies one player's entry in one event.
type EntryID int64

// TeamID identifies a team in a team format (Altered 2v2). Zero means no team.
type TeamID int64

// RoundID identifies a round of an event.
type RoundID int64

// TableID identifies a table of a round.
type TableID int64

// JudgeID identifies a judge (or organizer) serving at an event.
type JudgeID int64

// DeckID identifies a registered deck.
type DeckID int64

// Player is a person in the store's player directory. Regulars come back week
// after week: the directory remembers them so an organizer finds them by name
// or member number instead of typing them again.
type Player struct {
	ID PlayerID
	// Name is the name shown on pairings, as the player wants it written.
	Name string
	// MemberNo is an optional membership or organized-play number, unique
	// in the directory when set.
	MemberNo  string
	Email     string
	CreatedAt time.Time
}

// Validate reports whether the player can be saved.
func (p Player) Validate() error {
	if strings.TrimSpace(p.Name) == "" {
		return Invalid("a player needs a name")
	}
	if len([]rune(p.Name)) > MaxNameLength {
		return Invalidf("the name %q is longer than %d characters", short(p.Name), MaxNameLength)
	}
	if err := CheckName("player", p.Name); err != nil {
		return err
	}
	if len(p.MemberNo) > 64 {
		return Invalid("a member number is at most 64 characters")
	}
	return nil
}

// MaxNameLength is the longest player, team or event name accepted.
const MaxNameLength = 120

// State is where an event is in its life.
type State string

// The states of an event, in order.
const (
	// StateRegistration: players register and check in; settings can change.
	StateRegistration State = "registration"
	// StateRunning: round 1 has been paired; settings are fixed.
	StateRunning State = "running"
	// StateFinished: the organizer closed the event; results are final.
	StateFinished State = "finished"
)

// Event is one tournament: a game, a format with its settings, and a state.
type Event struct {
	ID   EventID
	Name string
	// Game and Format are keys into the rules catalogue (core/rules).
	Game   string
	Format string
	// Date is the day the event is played, as midnight UTC of that
	// calendar day (see Day), so it reads the same in every time zone.
	Date      time.Time
	State     State
	Settings  Settings
	CreatedAt time.Time
}

// Day returns the calendar day of t (in t's own location) as midnight UTC,
// the form Event.Date is kept in.
func Day(t time.Time) time.Time {
	y, m, d := t.Date()
	return time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
}

// Validate reports whether the event can be saved.
func (e Event) Validate() error {
	if strings.TrimSpace(e.Name) == "" {
		return Invalid("an event needs a name")
	}
	if len([]rune(e.Name)) > MaxNameLength {
		return Invalidf("the event name is longer than %d characters", MaxNameLength)
	}
	if err := CheckName("event", e.Name); err != nil {
		return err
	}
	if e.Game == "" || e.Format == "" {
		return Invalid("an event needs a game and a format")
	}
	switch e.State {
	case StateRegistration, StateRunning, StateFinished:
	default:
		return Invalidf("unknown event state %q", e.State)
	}
	return e.Settings.Validate()
}

// Structure names how an event's rounds are organised.
type Structure string

// Structures.
const (
	// StructureSwiss: Swiss rounds (X1), optionally followed by a
	// single-elimination top cut (X2, Settings.TopCut).
	StructureSwiss Structure = "swiss"
	// StructureSingleElimination: a seeded bracket from round 1 (S10).
	StructureSingleElimination Structure = "single-elimination"
	// StructureDoubleElimination: winners and losers brackets (S10).
	StructureDoubleElimination Structure = "double-elimination"
	// StructureRoundRobin: everyone meets everyone (Berger tables, S10).
	StructureRoundRobin Structure = "round-robin"
	// StructureKeyForge: single-game rounds out at two losses, then a
	// best-of-three playoff of eight (K6).
	StructureKeyForge Structure = "keyforge"
	// StructureArmageddon: Heresy Armageddon elimination with its bye rule
	// (H6).
	StructureArmageddon Structure = "armageddon"
	// StructureSchedule: multiplayer tables by a fixed schedule made
	// before round 1, with the fewest repeat meetings (S12).
	StructureSchedule Structure = "fixed-schedule"
	// StructureChallenges: open challenges over a convention or a long
	// gaming block (S10, "Who Wants Some?"). Nothing is paired: any
	// player challenges any others when they like, and each game is
	// recorded as it is played (director.RecordChallenge), as a round of
	// its own with one table. Placements come from the games won.
	StructureChallenges Structure = "challenges"
	// StructureDoubleFinal: Shadowfist Double Elimination + Final (S10 e).
	// Two-player matches paired within equal-loss groups, out at two
	// losses, until FinalTable players remain; they play a final table
	// (scored as a multiplayer table by the format) whose placement decides
	// the top ranks, with an optional secondary table (SecondaryTable).
	StructureDoubleFinal Structure = "double-elimination-final"
)

// Structures lists every structure, for validation and settings screens.
func Structures() []Structure {
	return []Structure{StructureSwiss, StructureSingleElimination, StructureDoubleElimination,
		StructureRoundRobin, StructureKeyForge, StructureArmageddon, StructureSchedule, StructureChallenges, StructureDoubleFinal}
}

// Settings are the rules an event runs by. They start as the format's
// defaults from the rules catalogue and can change until round 1 is paired.
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
	// TopCut: after the Swiss rounds the top N of the standings play a
	// single-elimination bracket seeded 1 v N (X2); 0 for none.
	TopCut int `json:"topCut,omitempty"`
	// PlayoffBestOf is the games per match of the top cut or playoff
	// (0: GamesPerMatch); PlayoffMinutes its round time (0: RoundMinutes).
	PlayoffBestOf  int `json:"playoffBestOf,omitempty"`
	PlayoffMinutes int `json:"playoffMinutes,omitempty"`
	// ThirdPlace: elimination brackets play a third-place match.
	ThirdPlace bool `json:"thirdPlace,omitempty"`
	// Double: a double round robin, a double-elimination Armageddon, or a
	// grand-final reset in a double-elimination bracket.
	Double bool `json:"double,omitempty"`
	// TieSeed seeds the "random" tiebreaker; the director sets it when the
	// event is created, so the order never changes during the event.
	TieSeed uint64 `json:"tieSeed,omitempty"`
	// Scoring is how a multiplayer table is scored: ScoringPlacement (the
	// winner takes Points.Win), ScoringShadowfist (S6–S8) or ScoringHeresy
	// (H5, H7). Two-player matches always score by games won.
	Scoring ScoringRule `json:"scoring,omitempty"`
	// TableSizing "heresy" seats multiplayer tables by rule H2; otherwise
	// tables of TableSize, with MinTableSize and MaxTableSize taking the
	// remainder.
	TableSizing string `json:"tableSizing,omitempty"`
	// TauGoal, WinScore and TimeOutBonus are Heresy's scoring (H5: goal 9,
	// a win scores 14, time-out adds 2; Revelations H7: goal 7, win 11).
	TauGoal      int `json:"tauGoal,omitempty"`
	WinScore     int `json:"winScore,omitempty"`
	TimeOutBonus int `json:"timeOutBonus,omitempty"`
	// FinalTable: after the Swiss rounds of a multiplayer event, the top N
	// (3 to 5, fixed before round 1) play one final table (S10, Swiss +
	// Final); 0 for none. StructureDoubleFinal requires it: the loss
	// rounds are played down to N players, who play the final table.
	// SecondaryTable seats the next N at a second table for the places
	// after them.
	FinalTable     int  `json:"finalTable,omitempty"`
	SecondaryTable bool `json:"secondaryTable,omitempty"`
	// DeckRules names the decklist rules decks are checked against (a
	// core/deck format: "altered-constructed", "heresy", …); "" checks
	// nothing. Environment is Shadowfist's card pool (S3, 6.0 and
	// Appendix V); "" is Classic / Open.
	DeckRules   string `json:"deckRules,omitempty"`
	Environment string `json:"environment,omitempty"`
	// FivePlayerMinutes is how long a table of five plays (S4: "about
	// 110" minutes against 85 for four); tables of five get the
	// difference as their own extension. 0: as the round.
	FivePlayerMinutes int `json:"fivePlayerMinutes,omitempty"`
	// GamePoints are Shadowfist's game-point values per item of rule
	// 5.3 (S7); nil means the defaults of DefaultGamePoints.
	GamePoints *GamePointValues `json:"gamePoints,omitempty"`
	// DraftIdeal is the pod size a draft aims for (A5: 8; H7: 5); 0 means
	// the event has no draft, and the other draft settings must be 0 too.
	// DraftMin and DraftMax bound a pod (0 means DraftIdeal): pods are as
	// even as possible within them. DraftPacks is the packs each player
	// opens; they pass left, right, left, … (A5, H7, S14).
	DraftIdeal int `json:"draftIdeal,omitempty"`
	DraftMin   int `json:"draftMin,omitempty"`
	DraftMax   int `json:"draftMax,omitempty"`
	DraftPacks int `json:"draftPacks,omitempty"`
	// TeamSize is the players of a team in a team format (Altered 2v2,
	// A6: 2); 0 for an individual event. Teams are paired as one, two
	// teams a table seated alternately (A1, B1, A2, B2), and a table's
	// result is a two-player result between the teams (see TeamMatch).
	TeamSize int `json:"teamSize,omitempty"`
	// PhoneReportsNeedApproval: a result players report from a phone
	// with their table's code (the store network) waits on the
	// organizer's screen for approval instead of being recorded at once.
	PhoneReportsNeedApproval bool `json:"phoneReportsNeedApproval,omitempty"`
}

// Teams reports whether the event is played by teams (Settings.TeamSize).
func (s Settings) Teams() bool { return s.TeamSize > 0 }

// HasDraft reports whether the event starts with a draft, whose pods the
// director seats (DrawDraftPods).
func (s Settings) HasDraft() bool { return s.DraftIdeal > 0 }

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
	if s.GamePoints != nil {
		return *s.GamePoints
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

// Validate reports whether the settings describe an event that can run.
func (s Settings) Validate() error {
	if s.Structure == "" {
		return Invalid("the settings need a structure")
	}
	for _, check := range []func() error{s.validateTables, s.validateMatches, s.validateStructure, s.validateScoring, s.validateTeams, s.validateDraft} {
		if err := check(); err != nil {
			return err
		}
	}
	return nil
}

// validateTables checks the table sizes and the time of a table of five.
func (s Settings) validateTables() error {
	if s.FivePlayerMinutes < 0 || s.FivePlayerMinutes > 24*60 {
		return Invalidf("a table of five plays 0 to 1440 minutes, not %d", s.FivePlayerMinutes)
	}
	if s.TableSize < 2 || s.TableSize > MaxSeats {
		return Invalidf("a table seats 2 to %d players, not %d", MaxSeats, s.TableSize)
	}
	if s.MinTableSize != 0 && (s.MinTableSize < 2 || s.MinTableSize > s.TableSize) {
		return Invalidf("the smallest table (%d) must be between 2 and the usual size %d", s.MinTableSize, s.TableSize)
	}
	if s.MaxTableSize != 0 && (s.MaxTableSize < s.TableSize || s.MaxTableSize > MaxSeats) {
		return Invalidf("the largest table (%d) must be between the usual size %d and %d", s.MaxTableSize, s.TableSize, MaxSeats)
	}
	if s.TableSizing != "" && s.TableSizing != "heresy" {
		return Invalidf("unknown table sizing %q", s.TableSizing)
	}
	return nil
}

// validateMatches checks the games per match, the rounds and their time,
// and the playoff's.
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
	if s.PlayoffBestOf != 0 && (s.PlayoffBestOf < 1 || s.PlayoffBestOf > 9 || s.PlayoffBestOf%2 == 0) {
		return Invalidf("playoff games per match must be 1, 3, 5, 7 or 9, not %d", s.PlayoffBestOf)
	}
	if s.PlayoffMinutes < 0 || s.PlayoffMinutes > 24*60 {
		return Invalidf("a playoff round lasts 0 to 1440 minutes, not %d", s.PlayoffMinutes)
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
	if s.Structure == StructureChallenges && (s.TableSize < 3 || s.Teams() || s.HasDraft() || s.TopCut != 0) {
		return Invalid("open challenges are scored as multiplayer games of individual players (a nominal table size of 3 to 5), with no top cut, teams or draft pods")
	}
	return nil
}

// validateTopCut checks a top cut: 2 to 256 players after two-player
// Swiss rounds.
func (s Settings) validateTopCut() error {
	switch {
	case s.TopCut == 0:
		return nil
	case s.TopCut < 2 || s.TopCut > 256:
		return Invalidf("a top cut takes 2 to 256 players, not %d", s.TopCut)
	case s.TableSize > 2:
		return Invalid("a top cut is for two-player events; a multiplayer event ends with a final table")
	case s.Structure != StructureSwiss:
		return Invalid("a top cut follows Swiss rounds; this structure has its own finals")
	}
	return nil
}

// validateFinalTable checks a final table: 3 to 5 players, after
// multiplayer Swiss rounds or the double elimination of S10.
func (s Settings) validateFinalTable() error {
	if s.Structure == StructureDoubleFinal && (s.FinalTable < 3 || s.FinalTable > MaxSeats) {
		return Invalidf("double elimination + final needs a final table of 3 to %d players, not %d", MaxSeats, s.FinalTable)
	}
	if s.FinalTable != 0 && s.Structure != StructureDoubleFinal && (s.FinalTable < 3 || s.FinalTable > MaxSeats || s.TableSize < 3 || s.Structure != StructureSwiss) {
		return Invalidf("a final table seats 3 to %d players after multiplayer Swiss rounds, not %d", MaxSeats, s.FinalTable)
	}
	return nil
}

// validateScoring checks the scoring kind and its values: Heresy's H5
// scores, Shadowfist's game points, the own-GW% floor.
func (s Settings) validateScoring() error {
	if s.UnflooredGameWin && s.TableSize > 2 && !s.Teams() {
		return Invalid("the game-win % floor is a setting of two-player matches: a table of three or more players has no games won; leave the floor on")
	}
	if g := s.GamePoints; g != nil {
		for _, v := range []int{g.Seized, g.Burned, g.Played, g.OtherBurned, g.Reduce, g.Controlled, g.Increase} {
			if v < -20 || v > 20 {
				return Invalidf("a game-point value must be between -20 and 20, not %d", v)
			}
		}
	}
	switch s.Scoring {
	case ScoringPlacement, ScoringShadowfist:
	case ScoringHeresy:
		if s.TauGoal < 1 || s.TauGoal > 99 || s.WinScore < s.TauGoal || s.TimeOutBonus < 0 {
			return Invalidf("Heresy scoring needs a Tau goal of 1 to 99 and a win score of at least the goal (H5), not goal %d, win %d", s.TauGoal, s.WinScore)
		}
	default:
		return Invalidf("unknown scoring %q", s.Scoring)
	}
	return nil
}

// validateTeams checks the team settings: none, or the 2v2 of rule A6:
// teams of two, two teams a table, Swiss rounds scored like two-player
// matches.
func (s Settings) validateTeams() error {
	switch {
	case s.TeamSize == 0:
		return nil
	case s.TeamSize != 2:
		return Invalidf("a team has 2 players (2v2), not %d; 0 for an event of individual players", s.TeamSize)
	case s.TableSize != 4 || s.MinTableSize != 0 && s.MinTableSize != 4 || s.MaxTableSize != 0 && s.MaxTableSize != 4:
		return Invalid("a 2v2 event seats tables of exactly 4: two teams of two")
	case s.Structure != StructureSwiss:
		return Invalidf("a 2v2 event plays Swiss rounds, not %s", s.Structure)
	case s.Scoring != ScoringPlacement || s.TableSizing != "":
		return Invalid("a 2v2 table is scored like a two-player match between the teams; it has no multiplayer scoring or table sizing")
	case s.FinalTable != 0:
		return Invalid("a 2v2 event has no final table")
	}
	return nil
}

// validateDraft checks the draft settings: none at all, or an ideal pod
// size with bounds around it and a number of packs.
func (s Settings) validateDraft() error {
	if !s.HasDraft() {
		if s.DraftIdeal < 0 || s.DraftMin != 0 || s.DraftMax != 0 || s.DraftPacks != 0 {
			return Invalid("the draft settings need an ideal pod size; set one, or clear them all for an event without a draft")
		}
		return nil
	}
	lo, hi := s.DraftMin, s.DraftMax
	if lo == 0 {
		lo = s.DraftIdeal
	}
	if hi == 0 {
		hi = s.DraftIdeal
	}
	if lo < MinDraftPod || lo > s.DraftIdeal || s.DraftIdeal > hi || hi > MaxDraftPod {
		return Invalidf("draft pods must run %d ≤ smallest ≤ ideal ≤ largest ≤ %d, not smallest %d, ideal %d, largest %d",
			MinDraftPod, MaxDraftPod, lo, s.DraftIdeal, hi)
	}
	if s.DraftPacks < 1 || s.DraftPacks > MaxDraftPacks {
		return Invalidf("a draft opens 1 to %d packs per player, not %d", MaxDraftPacks, s.DraftPacks)
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

// EntryStatus is whether an entry still plays.
type EntryStatus string

// Entry statuses.
const (
	EntryActive       EntryStatus = "active"
	EntryDropped      EntryStatus = "dropped"
	EntryDisqualified EntryStatus = "disqualified"
)

// Entry is a player in an event.
type Entry struct {
	ID       EntryID
	EventID  EventID
	PlayerID PlayerID
	// Name and MemberNo are the directory's, read with the entry for display.
	Name     string
	MemberNo string
	TeamID   TeamID
	// CheckedIn is set when the player is present (at the desk or the kiosk).
	CheckedIn bool
	Status    EntryStatus
	// DroppedAfter is the last round the player took part in before they
	// dropped or were disqualified (0: before round 1). Meaningless while
	// Status is EntryActive.
	DroppedAfter int
	// JoinedRound is the first round the entry can be paired in: 1 for
	// players registered before round 1, later for late entries.
	JoinedRound int
	// Seed orders players for seeded pairings (0: unseeded).
	Seed int
	// Deducted is the points the judge log's point deductions take away
	// (S9). It is not saved with the entry: the director fills it in from
	// the judge log before standings are computed.
	Deducted int
	// FixedTable is the table the player always sits at, for
	// accessibility (0: none).
	FixedTable   int
	RegisteredAt time.Time
	// Namesake marks an entry signed up at the kiosk by a player who said
	// they are not the player of the same name already registered or in
	// the directory: the organizer checks it is not one person twice.
	Namesake bool
}

// Active reports whether the entry can be paired.
func (e Entry) Active() bool { return e.Status == EntryActive }

// Team is two or more entries registered together (Altered 2v2). The link
// is kept on the entries (Entry.TeamID); Members is read with the team.
type Team struct {
	ID      TeamID
	EventID EventID
	Name    string
	// Members are the team's entries in registration order; the first
	// stands for the team where one entry must (pairing, team standings).
	Members []EntryID
}

// Validate reports whether the team can be saved.
func (t Team) Validate() error {
	if strings.TrimSpace(t.Name) == "" {
		return Invalid("a team needs a name")
	}
	if len([]rune(t.Name)) > MaxNameLength {
		return Invalidf("the team name %q is longer than %d characters", short(t.Name), MaxNameLength)
	}
	if err := CheckName("team", t.Name); err != nil {
		return err
	}
	return nil
}

// Deck is the list a player registered for an event.
type Deck struct {
	ID      DeckID
	EntryID EntryID
	// Name is the deck's name (a KeyForge Archon deck's unique name).
	Name string
	// List is the decklist as the player entered it, one card per line.
	List string
	// LockedAt is when the deck locked (round 1 started); zero while it can
	// change.
	LockedAt  time.Time
	UpdatedAt time.Time
}

// Stage says what part of an event a round belongs to.
type Stage string

// Stages.
const (
	StageSwiss       Stage = "swiss"
	StageElimination Stage = "elimination"
	StagePlayoff     Stage = "playoff"
	StageFinal       Stage = "final"
)

// Round is one round of an event: its tables and the clock that times it.
type Round struct {
	ID      RoundID
	EventID EventID
	Number  int
	Stage   Stage
	// Name says which round it is where the structure names it
	// ("quarter-final", "loss round 3"); empty for Swiss rounds.
	Name string
	// BestOf is the games per match of this round (K6 plays loss rounds of
	// one game and a best-of-three playoff); 0 means the event's.
	BestOf int
	// PublishedAt is when the organizer published the pairings; zero while
	// they are a draft that can still be swapped, fixed or re-paired.
	// Results are entered only once a round is published.
	PublishedAt time.Time
	// Seed is the seed of the random source the round was paired with;
	// pairing the same standings with the same seed gives the same tables.
	Seed     int64
	Clock    Clock
	Tables   []Table
	PairedAt time.Time
}

// GamesPerMatch is the number of games a match of the round plays: the
// round's own best-of where it has one (a top cut or playoff played at
// another length), else the event's.
func (r Round) GamesPerMatch(s Settings) int {
	if r.BestOf > 0 {
		return r.BestOf
	}
	return s.GamesPerMatch
}

// Published reports whether the pairings are out.
func (r Round) Published() bool { return !r.PublishedAt.IsZero() }

// Complete reports whether every table of the round has a result.
func (r Round) Complete() bool {
	for _, t := range r.Tables {
		if t.Result == nil {
			return false
		}
	}
	return true
}

// Missing counts the tables still without a result.
func (r Round) Missing() int {
	n := 0
	for _, t := range r.Tables {
		if t.Result == nil {
			n++
		}
	}
	return n
}

// TableNumbered returns the table with the given number.
func (r Round) TableNumbered(n int) (Table, bool) {
	for _, t := range r.Tables {
		if t.Number == n {
			return t, true
		}
	}
	return Table{}, false
}

// Table is one table of a round: two or more seats in seat order, or a single
// seat for a bye.
type Table struct {
	ID      TableID
	RoundID RoundID
	// Number is the table number players look for; byes have number 0.
	Number int
	// Seats in seat order (first seat first).
	Seats []Seat
	// Bye marks the single-seat "table" of a player without an opponent.
	Bye bool
	// Why explains the pairing (same points, pair-down, bye, fixed seat).
	Why string
	// Extension is time added to this table alone (a long ruling, a deck
	// check), on top of the round clock.
	Extension time.Duration
	// Result is nil until the table reports.
	Result *Result
}

// Entries returns the entries seated at the table, in seat order.
func (t Table) Entries() []EntryID {
	ids := make([]EntryID, len(t.Seats))
	for i, s := range t.Seats {
		ids[i] = s.EntryID
	}
	return ids
}

// TeamMatch returns a team table as the two-player match between its
// teams: a team table seats its two teams alternately (A1, B1, A2, B2),
// and every member carries the team's games won, so seat 1 of the match
// is team A (the table's seat 1) and seat 2 team B (the table's seat 2).
// The result, if any, keeps seats 1 and 2 with the games drawn and the
// time-out. A table of fewer than two seats (a bye) is returned as it is.
func TeamMatch(t Table) Table {
	if len(t.Seats) < 2 {
		return t
	}
	m := t
	m.Seats = slices.Clone(t.Seats[:2])
	if t.Result != nil && len(t.Result.Seats) >= 2 {
		r := *t.Result
		r.Seats = slices.Clone(t.Result.Seats[:2])
		m.Result = &r
	}
	return m
}

// Seat is one player's place at a table.
type Seat struct {
	EntryID EntryID
}

// Result is what a table reported: one SeatResult per seat, in seat order.
type Result struct {
	Seats []SeatResult
	// GamesDrawn counts the games of a two-player match that ended drawn.
	GamesDrawn int
	// TimeOut: the round's time ran out before the match (or multiplayer
	// game) ended; formats score this differently (H5, S6, S8).
	TimeOut    bool
	RecordedAt time.Time
	// ByPlayers marks a result the players reported themselves, from a
	// phone with their table's code (the store network), rather than one
	// typed by the organizer or entered by a penalty; the round screens
	// say "reported by players".
	ByPlayers bool
}

// SeatResult is one player's part of a table's result.
type SeatResult struct {
	// GamesWon counts games won in the match.
	GamesWon int
	// Points are the game's own points for this seat: Heresy Tau score,
	// Shadowfist game points and so on. Zero where the game has none.
	Points int
	// Place is the finishing place at a multiplayer table (1 = winner);
	// zero where it does not apply.
	Place int
	// Games holds per-game details in order of play.
	Games []GameDetail
}

// GameDetail holds what a format records about one game for one player,
// such as KeyForge keys forged, Æmber left and chains (K8), or Shadowfist
// sites seized and burned (S7). Keys are the format's own.
type GameDetail struct {
	Won   bool           `json:"won,omitempty"`
	Stats map[string]int `json:"stats,omitempty"`
}

// Outcome is a two-player match's result for one seat.
type Outcome int

// Outcomes.
const (
	Loss Outcome = iota
	Draw
	Win
)

func (o Outcome) String() string {
	switch o {
	case Win:
		return "win"
	case Draw:
		return "draw"
	default:
		return "loss"
	}
}

// Outcome returns the match outcome of the seat at index i of a two-player
// result: more games won wins, equal games draw.
func (r Result) Outcome(i int) Outcome {
	if len(r.Seats) != 2 || i < 0 || i > 1 {
		return Loss
	}
	me, them := r.Seats[i].GamesWon, r.Seats[1-i].GamesWon
	switch {
	case me > them:
		return Win
	case me == them:
		return Draw
	default:
		return Loss
	}
}

// CheckTwoPlayer reports whether r is a possible result of a two-player match
// of best of games: no negative counts, and no more games than the match can
// hold. A best-of-three ends when a player wins two games.
func (r Result) CheckTwoPlayer(bestOf int) error {
	if len(r.Seats) != 2 {
		return Invalidf("a two-player result needs two seats, not %d", len(r.Seats))
	}
	a, b, d := r.Seats[0].GamesWon, r.Seats[1].GamesWon, r.GamesDrawn
	if a < 0 || b < 0 || d < 0 {
		return Invalid("games won and drawn cannot be negative")
	}
	need := bestOf/2 + 1
	if a > need || b > need {
		return Invalidf("in a best of %d nobody wins more than %d games (result %d–%d)", bestOf, need, a, b)
	}
	if a == need && b == need {
		return Invalidf("both players cannot win the match (result %d–%d)", a, b)
	}
	if a+b+d > bestOf {
		return Invalidf("a best of %d has at most %d games, not %d (%d–%d with %d drawn)", bestOf, bestOf, a+b+d, a, b, d)
	}
	if a+b+d == 0 && !r.TimeOut {
		return Invalid("a result needs at least one game played, or the time-out flag for an unplayed match")
	}
	return nil
}

// Judge is a person serving at an event in a role (G1, S11).
type Judge struct {
	ID      JudgeID
	EventID EventID
	Name    string
	Role    JudgeRole
	// Order is the multi-judge order (2 to 5 in SWS, S11); the head judge
	// is 1.
	Order int
	// PlayerID links a judge who also plays (S11: the next judge rules
	// when the ruling judge is seated at the table). Zero when not a
	// player.
	PlayerID PlayerID
}

// JudgeRole is a role at an event (G1).
type JudgeRole string

// Roles.
const (
	RoleOrganizer JudgeRole = "organizer"
	RoleHeadJudge JudgeRole = "head-judge"
	RoleJudge     JudgeRole = "judge"
)

// JudgeLogID identifies a judge log entry.
type JudgeLogID int64

// JudgeLogKind is what a judge log entry records (G4).
type JudgeLogKind string

// Kinds of judge log entries.
const (
	LogPenalty   JudgeLogKind = "penalty"
	LogDeckCheck JudgeLogKind = "deck-check"
	LogRuling    JudgeLogKind = "ruling"
	LogAppeal    JudgeLogKind = "appeal"
	LogExtension JudgeLogKind = "extension"
)

// JudgeLogEntry is one line of an event's judge log. The log is append-only:
// a correction is a new entry whose Corrects names the entry it replaces.
type JudgeLogEntry struct {
	ID      JudgeLogID
	EventID EventID
	At      time.Time
	Round   int
	Table   int
	JudgeID JudgeID
	EntryID EntryID
	Kind    JudgeLogKind
	// Infraction and Penalty use the wording of the game's rules document.
	Infraction  string
	Penalty     string
	Description string
	// Extension is the time a ruling or deck check added to the table.
	Extension time.Duration
	// Points is the number of points a point deduction takes away (S9);
	// zero for other penalties.
	Points int
	// Outcome is how a deck check or an appeal ended, in the judge's
	// words ("legal", "upheld", "overturned: game loss withdrawn").
	Outcome string
	// Corrects is the entry this one corrects (0: none).
	Corrects JudgeLogID
	// Source says where the entry was written when it was not at the
	// organizer's computer: "judge phone, device 4f2a9c" for a judge on
	// the store network. Empty for the organizer's own screen.
	Source string
}

// PassDirection is the way a pack passes in a draft: to the left (the
// next seat clockwise) or to the right (the previous seat).
type PassDirection string

// Pass directions.
const (
	PassLeft  PassDirection = "left"
	PassRight PassDirection = "right"
)

// DraftPod is one pod of a draft: the players who pass packs to each
// other, in clockwise seat order (seat 1 first).
type DraftPod struct {
	// Number is the pod number players look for, from 1.
	Number int
	Seats  []EntryID
}

// DraftSeating is where players sit for an event's draft (A5, H7, S14),
// drawn at random before round 1 and kept until drawn again.
type DraftSeating struct {
	// Pods are the pods in number order, larger pods first.
	Pods []DraftPod
	// Passes gives the direction of each pack, pack 1 first: left,
	// right, left, … (A5, H7, S14).
	Passes []PassDirection
	// Seed is the seed of the random source the pods were drawn with:
	// the same players and seed give the same pods.
	Seed    int64
	DrawnAt time.Time
}

// Players counts the players seated in the pods.
func (d DraftSeating) Players() int {
	n := 0
	for _, p := range d.Pods {
		n += len(p.Seats)
	}
	return n
}

// LogID identifies a line of an event's activity log.
type LogID int64

// LogEntry is one line of an event's activity log: every change an organizer
// makes (registrations, drops, pairings, results and their corrections), so
// that a disputed decision can be traced.
type LogEntry struct {
	ID      LogID
	EventID EventID
	At      time.Time
	Round   int
	Message string
}

func short(s string) string {
	r := []rune(s)
	if len(r) > 30 {
		return string(r[:30]) + "…"
	}
	return s
}
