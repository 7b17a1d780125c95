// Package transfer is the document model of one event as one file: a
// versioned JSON document ("format": "tablekeeper-event", "version": 2)
// that carries everything about an event from one database to another: the
// event and its settings, its players and entries, teams, decks, rounds with
// their clocks, tables, seats and results, the judges and the judge log, the
// draft pods, the league it belongs to, the activity log (which holds the
// history of every result and its corrections), and what a file the event
// was imported from held that the event does not (a Pokémon TOM file's
// sanction number, pods and birth dates, for its export).
//
// The document holds no database IDs. Everything inside it refers to
// everything else by position, 1-based, in the document's own lists: an
// entry names its player as the index of Players, a seat names its entry as
// the index of Entries, a judge log line names its judge, its entry and the
// line it corrects the same way. Rounds and tables are named by their
// numbers, as people name them. So the same event exported from two
// databases, where every row has another ID, is the same document byte for
// byte, and a round trip (export, import into another database, export
// again) can be checked by comparing files.
//
// Times are instants in UTC with millisecond precision (RFC 3339, "Z"); an
// event's date is a calendar date ("2025-03-01"), not an instant, so it
// reads as the same day in every time zone. Durations are whole
// milliseconds. A zero time (a round not yet published, a clock not yet
// started) is left out.
//
// The package is pure: types, Decode and Encode, and Validate, which checks
// every reference and every invariant a file from elsewhere could break, so
// that an importer can refuse a bad file with one sentence before writing
// anything. Converting to and from a database is core/director's
// (ExportEvent, ImportEvent); other formats (Pokémon TOM's .tdf) convert to
// and from Document.
package transfer

import (
	"encoding/json"

	"tablekeeper/core/i18n"
	"time"

	"tablekeeper/core/event"
)

// FormatName is the value of a document's "format" field: it tells a
// Tablekeeper event file from any other JSON.
const FormatName = "tablekeeper-event"

// Version is the version of the document this package writes; it reads
// every version up to it. A file of a higher version was written by a
// newer Tablekeeper and is refused with a sentence saying so.
//
// Version 2 writes the event's settings in groups per game and structure
// ("playoff", "finalTable", "heresy", "shadowfist", "draft", "team"; see
// event.Settings). Version 1 wrote them as one flat object ("topCut",
// "tauGoal", "draftIdeal", "teamSize", "finalTable": 4, …); such files
// still import, their flat keys read into the groups.
//
// Version 3 writes round names, tables' reasons and log lines as messages
// (i18n.Text's JSON: a key and its values), so the importing desk says them
// in its own language. Versions 1 and 2 wrote them as English sentences,
// which import as plain words.
const Version = 3

// DateLayout is how Event.Date is written: a calendar date.
const DateLayout = "2006-01-02"

// Document is one event as one file.
type Document struct {
	// Format is always FormatName; Version is the document's version.
	Format  string `json:"format"`
	Version int    `json:"version"`
	Event   Event  `json:"event"`
	// Players are the directory data of the people in the document: the
	// players of Entries in entry order, then judges who play but have no
	// entry. Each appears once.
	Players []Player `json:"players"`
	// Entries are the event's entries in registration order.
	Entries []Entry `json:"entries"`
	// Teams are the event's teams in the order they were made (team
	// formats); members name their team in Entry.Team.
	Teams []Team `json:"teams,omitempty"`
	// Decks are the registered decks, in entry order.
	Decks []Deck `json:"decks,omitempty"`
	// Rounds are the paired rounds by number.
	Rounds []Round `json:"rounds,omitempty"`
	// Judges are the event's judges in multi-judge order (head judge
	// first).
	Judges []Judge `json:"judges,omitempty"`
	// JudgeLog is the append-only judge log, oldest first, corrections and
	// withdrawals included.
	JudgeLog []JudgeLogEntry `json:"judgeLog,omitempty"`
	// Draft is the event's draft seating, when its pods were drawn.
	Draft *Draft `json:"draft,omitempty"`
	// League is the league and week the event belongs to, if any.
	League *League `json:"league,omitempty"`
	// Log is the event's activity log, oldest first: registrations, drops,
	// pairings, results and their corrections.
	Log []LogLine `json:"log,omitempty"`
	// Origins is what the file the event was first imported from held
	// that the event does not, by kind ("tom": a Pokémon TOM file's
	// sanction number, divisions, birth dates…, as core/tdf's Origin), so
	// an export in that format writes it back; absent for an event made in
	// Tablekeeper.
	Origins map[string]json.RawMessage `json:"origins,omitempty"`
}

// Event is the event itself.
type Event struct {
	Name string `json:"name"`
	// Game and Format are keys of the rules catalogue (core/rules).
	Game   string `json:"game"`
	Format string `json:"format"`
	// Date is the calendar day of the event, as DateLayout.
	Date  string      `json:"date"`
	State event.State `json:"state"`
	// Settings are written in groups (version 2); a version-1 file's flat
	// settings are read into them.
	Settings  event.Settings `json:"settings"`
	CreatedAt time.Time      `json:"createdAt,omitzero"`
}

// Player is a person's directory data. On import a player joins the
// directory player with the same member number, else the one with the same
// folded name and e-mail, else is added to the directory.
type Player struct {
	Name     string `json:"name"`
	MemberNo string `json:"memberNumber,omitempty"`
	Email    string `json:"email,omitempty"`
}

// Entry is one player in the event.
type Entry struct {
	// Player is the 1-based index of the entry's player in Players.
	Player    int               `json:"player"`
	Status    event.EntryStatus `json:"status"`
	CheckedIn bool              `json:"checkedIn,omitempty"`
	// Seed orders players for seeded pairings (0: unseeded).
	Seed int `json:"seed,omitempty"`
	// FixedTable is the table the player always sits at (0: none).
	FixedTable int `json:"fixedTable,omitempty"`
	// JoinedRound is the first round the entry could be paired in.
	JoinedRound int `json:"joinedRound"`
	// DroppedAfter is the last round played before a drop or a
	// disqualification.
	DroppedAfter int `json:"droppedAfter,omitempty"`
	// Namesake marks a kiosk sign-up the organizer should check.
	Namesake bool `json:"namesake,omitempty"`
	// Team is the 1-based index of the entry's team in Teams (0: none).
	Team         int       `json:"team,omitempty"`
	RegisteredAt time.Time `json:"registeredAt,omitzero"`
}

// Team is a team of a team format; its members are the entries whose Team
// names it.
type Team struct {
	Name string `json:"name"`
}

// Deck is the deck an entry registered.
type Deck struct {
	// Entry is the 1-based index of the deck's entry in Entries.
	Entry int    `json:"entry"`
	Name  string `json:"name,omitempty"`
	List  string `json:"list"`
	// LockedAt is when the deck locked (zero: it can still change).
	LockedAt  time.Time `json:"lockedAt,omitzero"`
	UpdatedAt time.Time `json:"updatedAt,omitzero"`
	// Legal and Problems are the deck check's verdict when the file was
	// written, for a reader without Tablekeeper's deck rules. An import
	// ignores them: Tablekeeper checks the list again.
	Legal    bool     `json:"legal"`
	Problems []string `json:"problems,omitempty"`
}

// Round is one round with its clock and tables.
type Round struct {
	Number int         `json:"number"`
	Stage  event.Stage `json:"stage"`
	// Name names the round where the structure does ("quarter-final").
	Name i18n.Text `json:"name,omitzero"`
	// BestOf is the round's games per match (0: the event's).
	BestOf int `json:"bestOf,omitempty"`
	// Seed is the seed the round was paired with.
	Seed        int64     `json:"seed"`
	PairedAt    time.Time `json:"pairedAt,omitzero"`
	PublishedAt time.Time `json:"publishedAt,omitzero"`
	Clock       Clock     `json:"clock"`
	// Announced is what the round's clock has announced (core/clock's
	// record, as JSON), so an imported running round never repeats an
	// announcement; absent before anything was announced.
	Announced string  `json:"announced,omitempty"`
	Tables    []Table `json:"tables"`
}

// Clock is the saved state of a round's clock (event.Clock).
type Clock struct {
	DurationMs int64     `json:"durationMs"`
	StartedAt  time.Time `json:"startedAt,omitzero"`
	PausedAt   time.Time `json:"pausedAt,omitzero"`
	PausedMs   int64     `json:"pausedMs,omitempty"`
	AddedMs    int64     `json:"addedMs,omitempty"`
}

// Table is one table of a round: its seats in seat order.
type Table struct {
	// Number is the table number; byes have 0.
	Number int `json:"number"`
	// Seats are 1-based indexes into Entries, first seat first.
	Seats []int `json:"seats"`
	Bye   bool  `json:"bye,omitempty"`
	// Why says why the pairing was made.
	Why i18n.Text `json:"why,omitzero"`
	// ExtensionMs is the time added to this table alone.
	ExtensionMs int64 `json:"extensionMs,omitempty"`
	// Code is the table's code for reporting its result from a phone
	// (the store network), kept so the slips already printed stay good;
	// absent for a bye, a draft round and a round published before codes.
	Code string `json:"code,omitempty"`
	// Result is nil until the table reported.
	Result *Result `json:"result,omitempty"`
}

// Result is what a table reported: one SeatResult per seat, in seat order.
type Result struct {
	Seats      []SeatResult `json:"seats"`
	GamesDrawn int          `json:"gamesDrawn,omitempty"`
	TimeOut    bool         `json:"timeOut,omitempty"`
	RecordedAt time.Time    `json:"recordedAt,omitzero"`
	// ByPlayers: the players reported it from a phone.
	ByPlayers bool `json:"byPlayers,omitempty"`
}

// SeatResult is one seat's part of a result (event.SeatResult).
type SeatResult struct {
	GamesWon int                `json:"gamesWon"`
	Points   int                `json:"points,omitempty"`
	Place    int                `json:"place,omitempty"`
	Games    []event.GameDetail `json:"games,omitempty"`
}

// Judge is a judge or organizer serving at the event.
type Judge struct {
	Name string          `json:"name"`
	Role event.JudgeRole `json:"role"`
	// Order is the multi-judge order (head judge 1).
	Order int `json:"order"`
	// Player is the 1-based index in Players of a judge who also plays (0:
	// none).
	Player int `json:"player,omitempty"`
}

// JudgeLogEntry is one line of the judge log.
type JudgeLogEntry struct {
	At    time.Time          `json:"at,omitzero"`
	Round int                `json:"round,omitempty"`
	Table int                `json:"table,omitempty"`
	Kind  event.JudgeLogKind `json:"kind"`
	// Judge is the 1-based index in Judges of the ruling judge (0: none).
	Judge int `json:"judge,omitempty"`
	// Entry is the 1-based index in Entries of the player concerned (0:
	// none).
	Entry       int    `json:"entry,omitempty"`
	Infraction  string `json:"infraction,omitempty"`
	Penalty     string `json:"penalty,omitempty"`
	Description string `json:"description,omitempty"`
	ExtensionMs int64  `json:"extensionMs,omitempty"`
	Points      int    `json:"points,omitempty"`
	Outcome     string `json:"outcome,omitempty"`
	// Corrects is the 1-based index in JudgeLog of an earlier line this
	// one corrects or withdraws (0: none).
	Corrects int `json:"corrects,omitempty"`
	// Source says where the line was written when not at the organizer's
	// computer ("judge phone, device …").
	Source string `json:"source,omitempty"`
}

// Draft is the event's draft seating.
type Draft struct {
	Seed    int64     `json:"seed"`
	DrawnAt time.Time `json:"drawnAt,omitzero"`
	// Passes gives each pack's direction, pack 1 first.
	Passes []event.PassDirection `json:"passes"`
	// Pods are the pods in number order, each its seats clockwise as
	// 1-based indexes into Entries.
	Pods [][]int `json:"pods"`
}

// League is the league the event belongs to and its week. On import the
// event joins the target database's league of the same name and kind, or a
// new one made from this.
type League struct {
	Name   string           `json:"name"`
	Kind   event.LeagueKind `json:"kind"`
	Finals int              `json:"finals,omitempty"`
	// TieSeed seeds the league's last tiebreaker, so a league made by the
	// import ranks as the original did.
	TieSeed   uint64    `json:"tieSeed,omitempty"`
	CreatedAt time.Time `json:"createdAt,omitzero"`
	Week      int       `json:"week"`
}

// LogLine is one line of the activity log.
type LogLine struct {
	At      time.Time `json:"at,omitzero"`
	Round   int       `json:"round,omitempty"`
	Message i18n.Text `json:"message"`
}
