// Package storage names what the director asks of the database: Store
// runs one transaction, and Tx, made of small role interfaces (players,
// events, entries, teams, rounds, judging, decks, drafts, leagues, logs,
// network), is what a transaction reads and writes; a committed write's
// Unit says what it changed (Change, OnCommit). core/director calls them and
// core/store implements them; both import this package, so the store
// depends on the domain and these interfaces only, never on the director.
package storage

import (
	"context"
	"time"

	"tablekeeper/core/event"
)

// Store runs director operations in SQLite transactions. Write runs fn in
// one write transaction, committed when fn returns nil and rolled back
// otherwise; Read runs fn in a read-only snapshot. core/store implements it.
type Store interface {
	Read(ctx context.Context, fn func(Tx) error) error
	Write(ctx context.Context, fn func(Tx) error) error
}

// Tx is what the director reads and writes inside one transaction. Methods
// return errors wrapping event.ErrNotFound for missing rows and
// event.ErrConflict for broken uniqueness (a member number used twice, a
// player registered twice in one event).
type Tx interface {
	Players
	Settings
	Events
	Entries
	Teams
	Rounds
	Judging
	Decks
	Drafts
	Origins
	Leagues
	DropRequests
	Logs
	Network
	SignIns
	Reports
	Raffles
}

// Players is the player directory.
type Players interface {
	// CreatePlayer saves a new player in the directory and sets p.ID.
	CreatePlayer(p *event.Player) error
	// UpdatePlayer saves a changed name, member number or email.
	UpdatePlayer(p event.Player) error
	Player(id event.PlayerID) (event.Player, error)
	// PlayerByMemberNo finds the player with that exact member number.
	PlayerByMemberNo(memberNo string) (event.Player, error)
	// FindPlayers returns up to limit players whose name or member number
	// contains query (case-insensitive), names that start with it first,
	// then by name. An empty query lists the directory by name.
	FindPlayers(query string, limit int) ([]event.Player, error)
	// MovePlayer gives every entry and judge seat of player from to
	// player to and removes from from the directory (the two must not
	// share an event).
	MovePlayer(from, to event.PlayerID) error
	// AppendDirectoryLog adds a line to the directory's log (renames and
	// merges) and sets l.ID.
	AppendDirectoryLog(l *event.DirectoryLogEntry) error
	// DirectoryLog returns the directory log's lines about a player,
	// oldest first.
	DirectoryLog(id event.PlayerID) ([]event.DirectoryLogEntry, error)
}

// Settings are the database-wide settings (the kiosk PIN's hash).
type Settings interface {
	// SetAppSetting saves a database-wide setting (the kiosk PIN's hash).
	SetAppSetting(key, value string) error
	// AppSetting returns a database-wide setting; ok is false when it was
	// never saved.
	AppSetting(key string) (value string, ok bool, err error)
}

// Events are the events themselves.
type Events interface {
	// CreateEvent saves a new event and sets e.ID.
	CreateEvent(e *event.Event) error
	// UpdateEvent saves the event's name, date, state and settings.
	UpdateEvent(e event.Event) error
	Event(id event.EventID) (event.Event, error)
	// Events lists every event, the newest date first.
	Events() ([]event.Event, error)
}

// Entries are the players registered in an event.
type Entries interface {
	// CreateEntry registers a player in an event and sets e.ID; Name and
	// MemberNo are ignored (they are the directory's).
	CreateEntry(e *event.Entry) error
	// UpdateEntry saves check-in, status, dropped-after round, team, seed,
	// joined round, fixed table and the namesake mark.
	UpdateEntry(e event.Entry) error
	Entry(id event.EntryID) (event.Entry, error)
	// Entries lists an event's entries with the directory's names, in
	// registration order.
	Entries(id event.EventID) ([]event.Entry, error)
	// PlayerEntries lists a directory player's entries in every event,
	// the oldest first.
	PlayerEntries(id event.PlayerID) ([]event.Entry, error)
}

// Teams are an event's teams.
type Teams interface {
	// CreateTeam saves a new team of an event and sets tm.ID; members join
	// it through UpdateEntry. Two teams of one event cannot share a name.
	CreateTeam(tm *event.Team) error
	// Team returns a team with its members in registration order.
	Team(id event.TeamID) (event.Team, error)
	// Teams lists an event's teams in the order they were made, each with
	// its members.
	Teams(id event.EventID) ([]event.Team, error)
	// DeleteTeam removes a team; its members stay registered, without a
	// team.
	DeleteTeam(id event.TeamID) error
}

// Rounds are an event's rounds with their tables, results and clocks.
type Rounds interface {
	// CreateRound saves a round with its tables and seats, and sets the
	// IDs of the round and its tables. Results already on tables (byes)
	// are saved too.
	CreateRound(r *event.Round) error
	// RoundHead returns one round of an event without its tables: its
	// stage, name, games per match, clock and publication.
	RoundHead(id event.EventID, number int) (event.Round, error)
	// ReplaceTables swaps a draft round's tables for edited ones and sets
	// their IDs.
	ReplaceTables(round event.RoundID, tables []event.Table) error
	// PublishRound marks a round's pairings published.
	PublishRound(round event.RoundID, at time.Time) error
	// Table returns one numbered table of a round with its seats and
	// result (byes have no number).
	Table(id event.EventID, round, number int) (event.Table, error)
	// RoundCount returns how many rounds an event has paired.
	RoundCount(id event.EventID) (int, error)
	// DeleteRound removes a round, its tables and results.
	DeleteRound(id event.RoundID) error
	// Rounds lists an event's rounds by number, each with its tables in
	// table order, seats in seat order and results.
	Rounds(id event.EventID) ([]event.Round, error)
	// SetResult saves (or with nil, clears) the result of a table.
	SetResult(table event.TableID, r *event.Result) error
	// SetClock saves the state of a round's clock.
	SetClock(round event.RoundID, c event.Clock) error
	// SetExtension saves the time added to one table on top of the round
	// clock (it replaces the extension saved before).
	SetExtension(table event.TableID, d time.Duration) error
	// SetAnnounced saves what a round's clock has announced (JSON).
	SetAnnounced(round event.RoundID, record string) error
	// Announced returns what a round's clock has announced ("" before
	// anything was).
	Announced(round event.RoundID) (string, error)
}

// Judging is an event's judges and its append-only judge log.
type Judging interface {
	// CreateJudge saves a judge of an event and sets j.ID.
	CreateJudge(j *event.Judge) error
	// Judges lists an event's judges in order (head judge first).
	Judges(id event.EventID) ([]event.Judge, error)
	// AppendJudgeLog adds an entry to the append-only judge log and sets
	// e.ID.
	AppendJudgeLog(e *event.JudgeLogEntry) error
	// JudgeLog returns the event's judge log, oldest first, corrections
	// included.
	JudgeLog(id event.EventID) ([]event.JudgeLogEntry, error)
}

// Decks are the registered decklists.
type Decks interface {
	// SaveDeck saves the deck of d.EntryID, replacing the one before, and
	// sets d.ID.
	SaveDeck(d *event.Deck) error
	// Deck returns the deck registered for an entry (ErrNotFound: none).
	Deck(entry event.EntryID) (event.Deck, error)
	// Decks lists the decks of an event's entries.
	Decks(id event.EventID) ([]event.Deck, error)
	// LockDecks locks every unlocked deck of an event.
	LockDecks(id event.EventID, at time.Time) error
	// DeckRegistrationClosed returns when the organizer closed deck
	// registration from players' phones for event id (zero: not closed).
	DeckRegistrationClosed(id event.EventID) (time.Time, error)
	// SetDeckRegistrationClosed closes deck registration from phones at
	// at, or reopens it when at is zero.
	SetDeckRegistrationClosed(id event.EventID, at time.Time) error
}

// Origins keep what the file an event was imported from held that the
// event does not (a Pokémon TOM file's sanction number, divisions, birth
// dates…, kind "tom"), so an export in that format writes it back.
type Origins interface {
	// SaveOrigin keeps data (JSON) for the event and kind, replacing an
	// earlier one; empty data removes it.
	SaveOrigin(id event.EventID, kind, data string) error
	// Origins returns what SaveOrigin kept, by kind (empty: nothing).
	Origins(id event.EventID) (map[string]string, error)
}

// Drafts are an event's draft pods.
type Drafts interface {
	// SaveDraftSeating saves an event's draft pods, replacing an earlier
	// draw.
	SaveDraftSeating(id event.EventID, s event.DraftSeating) error
	// DraftSeating returns an event's saved draft pods (ErrNotFound when
	// none have been drawn).
	DraftSeating(id event.EventID) (event.DraftSeating, error)
}

// Leagues are the Shadowfist leagues and their weeks.
type Leagues interface {
	// CreateLeague saves a new league and sets l.ID.
	CreateLeague(l *event.League) error
	League(id event.LeagueID) (event.League, error)
	// Leagues lists every league, the newest first.
	Leagues() ([]event.League, error)
	// AddLeagueEvent places an event in a league's week (ErrConflict when
	// the event is already in a league).
	AddLeagueEvent(le event.LeagueEvent) error
	// LeagueEvents lists a league's events by week.
	LeagueEvents(id event.LeagueID) ([]event.LeagueEvent, error)
	// EventLeague returns the league and week of an event (ErrNotFound
	// when it is in none).
	EventLeague(id event.EventID) (event.LeagueEvent, error)
}

// Logs are an event's activity log.
type Logs interface {
	// AppendLog adds a line to the event's activity log and sets l.ID.
	AppendLog(l *event.LogEntry) error
	// Log returns the event's activity log, oldest first.
	Log(id event.EventID) ([]event.LogEntry, error)
}

// Raffles are the prizes drawn among an event's players.
type Raffles interface {
	// AddRaffle saves a raffle drawn and sets r.ID.
	AddRaffle(r *event.Raffle) error
	// Raffles returns the event's raffles, oldest first.
	Raffles(id event.EventID) ([]event.Raffle, error)
}

// Network is what the store network keeps: the codes of each published
// round's tables and of the players (the reports are Reports).
type Network interface {
	// SaveTableCodes saves the codes of round number round's tables, by
	// table number. A code is used once in an event (ErrConflict).
	SaveTableCodes(id event.EventID, round int, codes map[int]string) error
	// TableCodes returns the codes of round number round's tables, by
	// table number (empty before the round has any).
	TableCodes(id event.EventID, round int) (map[int]string, error)
	// UsedTableCodes returns every code the event's tables have had.
	UsedTableCodes(id event.EventID) (map[string]bool, error)
	// SavePlayerCode gives an entry of event id its own code; a code
	// another entry of the event has is ErrConflict, and an entry that
	// has a code keeps it (ErrConflict too).
	SavePlayerCode(id event.EventID, entry event.EntryID, code string) error
	// PlayerCodes returns the codes of event id's entries that have one,
	// by entry.
	PlayerCodes(id event.EventID) (map[event.EntryID]string, error)
}

// Reports keeps the one report lifecycle: every result a phone proposes
// for a table, typed with the table's code or a player's own (an event
// whose results both players confirm: one per player per table, open
// until the table is settled).
type Reports interface {
	// SaveReport saves an open report and sets r.ID; its round and table
	// must exist. A player's own report (r.Entry set) replaces the one
	// she sent before; one of a table already settled is ErrState.
	SaveReport(r *event.Report) error
	// SeatedAt returns the number of the numbered table entry sits at in
	// round number round of event id; 0 when she sits at none (a bye, not
	// paired).
	SeatedAt(id event.EventID, round int, entry event.EntryID) (int, error)
	// OpenReports lists event id's open reports of both kinds by round,
	// then table, then as sent.
	OpenReports(id event.EventID) ([]event.Report, error)
	// Report returns one report, open or closed.
	Report(id event.ReportID) (event.Report, error)
	// CloseReport closes the open report r.ID of event id at the given
	// time, accepted or not (ErrState when it is already closed); r.Entry
	// says its kind.
	CloseReport(id event.EventID, r event.Report, at time.Time, accepted bool) error
}
