package transfer

import (
	"encoding/json"
	"time"

	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
	"tablekeeper/core/rules"
)

// Validate reports the first thing in doc that a database could not hold
// or that cannot have happened: a missing or unknown value, a reference to
// a player, entry, team, judge or judge log line the document does not
// hold, a player seated twice in a round, an impossible result. The error
// is one event.ErrInvalid sentence naming the element.
func (doc Document) Validate() error {
	if doc.Format != FormatName {
		return event.Invalidf("the document's format is %q, not %q", short(doc.Format), FormatName)
	}
	if doc.Version < 1 || doc.Version > Version {
		return event.Invalidf("the document is version %d; this Tablekeeper reads versions 1 to %d", doc.Version, Version)
	}
	checks := []func() error{doc.validateEvent, doc.validatePlayers, doc.validateEntries,
		doc.validateDecks, doc.validateRounds, doc.validateJudges, doc.validateDraft, doc.validateLeague, doc.validateLog, doc.validateOrigins}
	for _, check := range checks {
		if err := check(); err != nil {
			return err
		}
	}
	return nil
}

// Day returns the event's calendar date as midnight UTC (event.Day's
// form).
func (e Event) Day() (time.Time, error) {
	d, err := time.Parse(DateLayout, e.Date)
	if err != nil {
		return time.Time{}, event.Invalidf("the event's date %q is not a date like 2025-03-01", short(e.Date))
	}
	return d, nil
}

func (doc Document) validateEvent() error {
	e := doc.Event
	if _, err := e.Day(); err != nil {
		return err
	}
	ev := event.Event{Name: e.Name, Game: e.Game, Format: e.Format, State: e.State, Settings: e.Settings}
	if err := ev.Validate(); err != nil {
		return event.Invalidf("the event: %s", event.Message(err))
	}
	if e.State == event.StateRegistration && len(doc.Rounds) > 0 {
		return event.Invalidf("the event is in registration but has %d rounds paired", len(doc.Rounds))
	}
	return nil
}

func (doc Document) validatePlayers() error {
	members := map[string]int{}
	for i, p := range doc.Players {
		if err := (event.Player{Name: p.Name, MemberNo: p.MemberNo, Email: p.Email}).Validate(); err != nil {
			return event.Invalidf("player %d: %s", i+1, event.Message(err))
		}
		if p.MemberNo == "" {
			continue
		}
		if j, ok := members[p.MemberNo]; ok {
			return event.Invalidf("players %d and %d have the same member number %s", j, i+1, p.MemberNo)
		}
		members[p.MemberNo] = i + 1
	}
	return nil
}

// ref checks a 1-based reference to one of n things; zero is allowed when
// optional.
func ref(what i18n.Text, i, n int, optional bool, of i18n.Text) error {
	if i == 0 && optional || i >= 1 && i <= n {
		return nil
	}
	if i == 0 {
		return event.Invalidf("%s names no %s", what, of)
	}
	return event.Invalidf("%s names %s %d, but the file has %d", what, of, i, n)
}

func (doc Document) validateEntries() error {
	players := map[int]int{}
	for i, en := range doc.Entries {
		what := entryName(doc, i+1)
		if err := ref(what, en.Player, len(doc.Players), false, i18n.F("player")); err != nil {
			return err
		}
		if j, ok := players[en.Player]; ok {
			return event.Invalidf("entries %d and %d are the same player, %s", j, i+1, doc.Players[en.Player-1].Name)
		}
		players[en.Player] = i + 1
		switch en.Status {
		case event.EntryActive, event.EntryDropped, event.EntryDisqualified:
		default:
			return event.Invalidf("%s has an unknown status %q (active, dropped or disqualified)", what, short(string(en.Status)))
		}
		if en.JoinedRound < 1 || en.JoinedRound > event.MaxRounds+1 || en.DroppedAfter < 0 || en.DroppedAfter > event.MaxRounds ||
			en.Seed < 0 || en.FixedTable < 0 {
			return event.Invalidf("%s has an impossible round, seed or fixed table (joined round %d, dropped after %d, seed %d, table %d)",
				what, en.JoinedRound, en.DroppedAfter, en.Seed, en.FixedTable)
		}
		if err := doc.validateEntryRounds(what, en); err != nil {
			return err
		}
		if err := ref(what, en.Team, len(doc.Teams), true, i18n.F("team")); err != nil {
			return err
		}
	}
	names := map[string]int{}
	for i, tm := range doc.Teams {
		if err := (event.Team{Name: tm.Name}).Validate(); err != nil {
			return event.Invalidf("team %d: %s", i+1, event.Message(err))
		}
		if j, ok := names[tm.Name]; ok {
			return event.Invalidf("teams %d and %d have the same name, %s", j, i+1, tm.Name)
		}
		names[tm.Name] = i + 1
	}
	return nil
}

// validateEntryRounds refuses an entry that joined or left in a round the
// event does not have: it joins at the latest in the round after the last
// one paired, and leaves after a round it had (0: before round 1, the
// only drop an event with no rounds can have).
func (doc Document) validateEntryRounds(what i18n.Text, en Entry) error {
	n := len(doc.Rounds)
	switch {
	case en.DroppedAfter > n && n == 0:
		return event.Invalidf("%s dropped after round %d, but the event has no rounds; a drop before round 1 is dropped after 0", what, en.DroppedAfter)
	case en.DroppedAfter > n:
		return event.Invalidf("%s dropped after round %d, but the event has %s", what, en.DroppedAfter, i18n.FN("%d rounds", n, n))
	case en.JoinedRound > n+1:
		return event.Invalidf("%s joined in round %d, but the event has %s; a late entry joins at the latest in the round after the last one paired", what, en.JoinedRound, i18n.FN("%d rounds", n, n))
	}
	return nil
}

// entryName names entry i (1-based) for a message: "entry 3 (Ann Lee)".
func entryName(doc Document, i int) i18n.Text {
	if i >= 1 && i <= len(doc.Entries) {
		if p := doc.Entries[i-1].Player; p >= 1 && p <= len(doc.Players) {
			return i18n.F("entry %d (%s)", i, short(doc.Players[p-1].Name))
		}
	}
	return i18n.F("entry %d", i)
}

func (doc Document) validateDecks() error {
	seen := map[int]bool{}
	for i, d := range doc.Decks {
		if err := ref(i18n.F("deck %d", i+1), d.Entry, len(doc.Entries), false, i18n.F("entry")); err != nil {
			return err
		}
		if seen[d.Entry] {
			return event.Invalidf("%s has two decks; an entry registers one", entryName(doc, d.Entry))
		}
		seen[d.Entry] = true
	}
	return nil
}

func (doc Document) validateRounds() error {
	for i, r := range doc.Rounds {
		if r.Number != i+1 {
			return event.Invalidf("the rounds must be numbered 1, 2, 3 and so on in order, but round %d of the file is numbered %d", i+1, r.Number)
		}
		switch r.Stage {
		case event.StageSwiss, event.StageElimination, event.StagePlayoff, event.StageFinal:
		default:
			return event.Invalidf("round %d has an unknown stage %q", r.Number, short(string(r.Stage)))
		}
		if r.BestOf < 0 || r.BestOf > 9 {
			return event.Invalidf("round %d is a best of %d; a match is a best of 1 to 9", r.Number, r.BestOf)
		}
		c := r.Clock
		if c.DurationMs < 0 || c.PausedMs < 0 || c.AddedMs < -c.DurationMs {
			return event.Invalidf("round %d's clock has a negative time", r.Number)
		}
		if err := doc.validateTables(r); err != nil {
			return err
		}
	}
	return nil
}

func (doc Document) validateTables(r Round) error {
	bestOf := r.BestOf
	if bestOf == 0 {
		bestOf = doc.Event.Settings.GamesPerMatch
	}
	seated := map[int]int{}
	numbers := map[int]bool{}
	codes := map[string]bool{}
	for _, t := range r.Tables {
		where := i18n.F("round %d table %d", r.Number, t.Number)
		if t.Bye {
			where = i18n.F("round %d's bye", r.Number)
		}
		switch {
		case len(t.Seats) < 1 || len(t.Seats) > event.MaxSeats:
			return event.Invalidf("%s has %d seats; a table has 1 to %d", where, len(t.Seats), event.MaxSeats)
		case t.Bye && (t.Number != 0 || len(t.Seats) != 1):
			return event.Invalidf("%s must seat one player at table 0", where)
		case !t.Bye && t.Number < 1:
			return event.Invalidf("round %d has a table numbered %d; tables are numbered from 1", r.Number, t.Number)
		case !t.Bye && numbers[t.Number]:
			return event.Invalidf("round %d has two tables numbered %d", r.Number, t.Number)
		case t.ExtensionMs < 0:
			return event.Invalidf("%s has a negative extension", where)
		case t.Code != "" && (t.Bye || !tableCode(t.Code)):
			return event.Invalidf("%s has the code %q; a table's code is 6 capital letters and digits, and a bye has none", where, short(t.Code))
		case t.Code != "" && codes[t.Code]:
			return event.Invalidf("round %d gives the code %s to two tables", r.Number, t.Code)
		}
		codes[t.Code] = t.Code != ""
		numbers[t.Number] = !t.Bye
		for _, s := range t.Seats {
			if err := ref(where, s, len(doc.Entries), false, i18n.F("entry")); err != nil {
				return err
			}
			if n, ok := seated[s]; ok {
				return event.Invalidf("%s is seated twice in round %d (tables %d and %d)", entryName(doc, s), r.Number, n, t.Number)
			}
			seated[s] = t.Number
		}
		if err := doc.validateResult(where, t, bestOf); err != nil {
			return err
		}
	}
	return nil
}

// tableCode reports whether s has the shape of a table's code: 6 capital
// letters and digits.
func tableCode(s string) bool {
	if len(s) != 6 {
		return false
	}
	for _, r := range s {
		if (r < 'A' || r > 'Z') && (r < '0' || r > '9') {
			return false
		}
	}
	return true
}

// validateResult refuses a result that cannot have happened: seats that do
// not match the table's, negative counts, a place beyond the table, or a
// two-player (or team) match with more games than its best-of holds.
func (doc Document) validateResult(where i18n.Text, t Table, bestOf int) error {
	res := t.Result
	if res == nil {
		return nil
	}
	if len(res.Seats) != len(t.Seats) {
		return event.Invalidf("%s seats %d players but its result has %d", where, len(t.Seats), len(res.Seats))
	}
	if res.GamesDrawn < 0 {
		return event.Invalidf("%s's result has a negative number of drawn games", where)
	}
	set := doc.Event.Settings
	for _, s := range res.Seats {
		if s.GamesWon < 0 || s.Place < 0 || s.Place > len(t.Seats) {
			return event.Invalidf("%s's result is impossible: %d games won, place %d at a table of %d", where, s.GamesWon, s.Place, len(t.Seats))
		}
		// Negative points would take a player below what the game
		// allows and reorder the standings; only a game whose points go
		// below zero may hold them.
		if s.Points < 0 && !rules.NegativePoints(set) {
			return event.Invalidf("%s's result gives a seat %d points, below zero, where this game's points never go", where, s.Points)
		}
	}
	twoPlayer := !t.Bye && (len(t.Seats) == 2 && !rules.MultiplayerResult(set, 2) || set.Teams() && len(t.Seats) >= 2)
	if !twoPlayer {
		return nil
	}
	a, b := res.Seats[0].GamesWon, res.Seats[1].GamesWon
	if a+b+res.GamesDrawn > max(bestOf, 1) {
		return event.Invalidf("%s's result %d–%d (%d drawn) has more games than a best of %d", where, a, b, res.GamesDrawn, bestOf)
	}
	if set.Teams() {
		for i := 2; i < len(res.Seats); i++ {
			if res.Seats[i].GamesWon != res.Seats[i%2].GamesWon {
				return event.Invalidf("%s's result gives teammates different games won", where)
			}
		}
	}
	return nil
}

func (doc Document) validateJudges() error {
	for i, j := range doc.Judges {
		what := i18n.F("judge %d", i+1)
		if j.Name == "" {
			return event.Invalidf("%s has no name", what)
		}
		switch j.Role {
		case event.RoleOrganizer, event.RoleHeadJudge, event.RoleJudge:
		default:
			return event.Invalidf("%s (%s) has an unknown role %q", what, short(j.Name), short(string(j.Role)))
		}
		if err := ref(what, j.Player, len(doc.Players), true, i18n.F("player")); err != nil {
			return err
		}
	}
	for i, l := range doc.JudgeLog {
		what := i18n.F("judge log line %d", i+1)
		switch l.Kind {
		case event.LogPenalty, event.LogDeckCheck, event.LogRuling, event.LogAppeal, event.LogExtension:
		default:
			return event.Invalidf("%s has an unknown kind %q", what, short(string(l.Kind)))
		}
		if err := ref(what, l.Judge, len(doc.Judges), true, i18n.F("judge")); err != nil {
			return err
		}
		if err := ref(what, l.Entry, len(doc.Entries), true, i18n.F("entry")); err != nil {
			return err
		}
		if l.Corrects < 0 || l.Corrects > i {
			return event.Invalidf("%s corrects line %d; a line corrects an earlier one", what, l.Corrects)
		}
		if l.Points < 0 || l.ExtensionMs < 0 || l.Round < 0 || l.Table < 0 {
			return event.Invalidf("%s has a negative round, table, time or points", what)
		}
	}
	return nil
}

func (doc Document) validateDraft() error {
	d := doc.Draft
	if d == nil {
		return nil
	}
	if len(d.Pods) == 0 || len(d.Passes) == 0 {
		return event.Invalid("the draft has no pods or no packs")
	}
	for _, p := range d.Passes {
		if p != event.PassLeft && p != event.PassRight {
			return event.Invalidf("the draft passes %q; packs pass left or right", short(string(p)))
		}
	}
	seated := map[int]bool{}
	for i, pod := range d.Pods {
		for _, s := range pod {
			if err := ref(i18n.F("draft pod %d", i+1), s, len(doc.Entries), false, i18n.F("entry")); err != nil {
				return err
			}
			if seated[s] {
				return event.Invalidf("%s sits twice in the draft", entryName(doc, s))
			}
			seated[s] = true
		}
	}
	return nil
}

func (doc Document) validateLeague() error {
	l := doc.League
	if l == nil {
		return nil
	}
	if err := (event.League{Name: l.Name, Kind: l.Kind, Finals: l.Finals}).Validate(); err != nil {
		return event.Invalidf("the league: %s", event.Message(err))
	}
	if err := l.Kind.ValidWeek(l.Week); err != nil {
		return event.Invalidf("the league: %s", event.Message(err))
	}
	return nil
}

func (doc Document) validateLog() error {
	for i, l := range doc.Log {
		if l.Round < 0 {
			return event.Invalidf("log line %d has round %d", i+1, l.Round)
		}
	}
	return nil
}

// maxOriginBytes bounds one origin: a TOM file's data for a thousand
// players is far smaller.
const maxOriginBytes = 16 << 20

// validateOrigins checks that each origin has a kind and holds a JSON
// object of a sensible size; what is inside belongs to the format's
// package (core/tdf), which reads it on export.
func (doc Document) validateOrigins() error {
	for kind, data := range doc.Origins {
		switch {
		case kind == "" || len(kind) > 40:
			return event.Invalidf("the document has an origin named %q; an origin is named by its file kind, such as tom", short(kind))
		case len(data) > maxOriginBytes:
			return event.Invalidf("the document's %s origin is larger than %d MB", kind, maxOriginBytes>>20)
		case !json.Valid(data) || len(data) == 0 || data[0] != '{':
			return event.Invalidf("the document's %s origin is not a JSON object", kind)
		}
	}
	return nil
}
