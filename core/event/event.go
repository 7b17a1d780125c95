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

	"tablekeeper/core/i18n"
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
	if err := CheckName(i18n.K("player"), p.Name); err != nil {
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
	if err := CheckName(i18n.K("event"), e.Name); err != nil {
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
	// single-elimination top cut (X2, Settings.Playoff).
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
	// losses, until Settings.FinalTable.Size players remain; they play a
	// final table (scored as a multiplayer table by the format) whose
	// placement decides the top ranks, with an optional secondary table
	// (FinalTableSettings.Secondary).
	StructureDoubleFinal Structure = "double-elimination-final"
)

// Structures lists every structure, for validation and settings screens.
func Structures() []Structure {
	return []Structure{StructureSwiss, StructureSingleElimination, StructureDoubleElimination,
		StructureRoundRobin, StructureKeyForge, StructureArmageddon, StructureSchedule, StructureChallenges, StructureDoubleFinal}
}

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
	if err := CheckName(i18n.K("team"), t.Name); err != nil {
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
	// ("quarter-final", "loss round 3"), kept as data to be said in each
	// reader's language; empty for Swiss rounds.
	Name i18n.Text
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
	// Why explains the pairing (same points, pair-down, bye, fixed seat),
	// kept as data to be said in each reader's language.
	Why i18n.Text
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
	// Message is the line, kept as data (a key and its values) to be said
	// in each reader's language.
	Message i18n.Text
}

func short(s string) string {
	r := []rune(s)
	if len(r) > 30 {
		return string(r[:30]) + "…"
	}
	return s
}
