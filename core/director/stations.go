package director

// Scorekeeper stations (issue 22): any laptop or tablet on the store's
// network signs in with the scorekeeper code the organizer shows (a third
// staff secret, kept and renewed as the judges' PIN is, signed in through
// the same SignIn with its log) and the name of the
// person typing, kept on its session. A station enters results from paper
// slips as the desk's keyboard flow does, drops a player and checks a late
// one in; pairing, publishing, settings and finishing stay at the desk,
// since nothing here reaches them.
//
// Several stations, the desk and the players' phones write to the same
// round at once. A station's result is therefore taken only against the
// table as the station showed it (Slip.Seen, the mark of the result it
// saw): a table that changed since is refused with the saved result and
// who entered it named, and a table that has a result is replaced only on
// the operator's confirmation. Phone reports meet a station's result as
// they meet the desk's (ReportByCode): one that disagrees goes to the
// organizer's list.

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
)

// MaxStationName is the most characters of the name a scorekeeper station
// signs in with.
const MaxStationName = 40

// ErrTableHasResult marks a station's result refused because the table
// has another result than the one the station showed, or has one the
// operator did not confirm replacing (a conflict: the web answers 409).
// Its sentence names the saved result and who entered it.
var ErrTableHasResult = fmt.Errorf("%w: the table already has a result", event.ErrConflict)

// stationName checks the name a device signs in with: required of a
// scorekeeper station (its entries are logged under it), none for the
// other kinds.
func stationName(kind, name string) (string, error) {
	if kind != KindScorekeeper {
		return "", nil
	}
	name = strings.Join(strings.Fields(name), " ")
	switch {
	case name == "":
		return "", event.Invalid("type your name too: the results you enter are logged under it")
	case !utf8.ValidString(name) || strings.IndexFunc(name, func(r rune) bool { return !unicode.IsPrint(r) }) >= 0:
		return "", event.Invalid("your name holds characters that are not text; type it again")
	case utf8.RuneCountInString(name) > MaxStationName:
		return "", event.Invalidf("a name is at most %d characters; a first name is enough", MaxStationName)
	}
	return name, nil
}

// ScorekeeperCode returns the scorekeeper code, drawing one the first
// time.
func (d *Stations) ScorekeeperCode(ctx context.Context) (string, error) {
	return d.secret(ctx, KindScorekeeper)
}

// RenewScorekeeperCode draws a new scorekeeper code and signs out every
// scorekeeper station, in one transaction.
func (d *Stations) RenewScorekeeperCode(ctx context.Context) (string, error) {
	return d.renewSecret(ctx, KindScorekeeper, "")
}

// SetScorekeeperCode sets the scorekeeper code the organizer chose (8
// characters of the alphabet, as strong as a drawn one), signing out
// every station when it changes.
func (d *Stations) SetScorekeeperCode(ctx context.Context, code string) (string, error) {
	s, err := checkSecret(code)
	if err != nil {
		return "", err
	}
	return d.renewSecret(ctx, KindScorekeeper, s)
}

// Station is a scorekeeper station as its writes are logged: its device
// (the web's cookie, shortened) and the name it signed in with.
type Station struct {
	Device, Name string
}

// check tidies the station's device and name.
func (st Station) check() (Station, error) {
	device, err := checkDevice(st.Device)
	if err != nil {
		return st, err
	}
	name, err := stationName(KindScorekeeper, st.Name)
	return Station{Device: device, Name: name}, err
}

// ResultMark is a short fingerprint of a table's result as saved (its
// score and when it was saved), "" for no result: a station sends back
// the mark of the result it showed, so that a result saved since, even
// the same second, is told apart.
func ResultMark(r *event.Result) string {
	if r == nil {
		return ""
	}
	h := sha256.Sum256(fmt.Appendf(nil, "%d|%d|%t|%v", r.RecordedAt.UnixMilli(), r.GamesDrawn, r.TimeOut, r.Seats))
	return hex.EncodeToString(h[:8])
}

// Slip is a result a scorekeeper station typed from a paper slip.
type Slip struct {
	Event        event.EventID
	Round, Table int
	// Result is in the desk's syntax for the table's form
	// (rules.ParseTableResult): "2-1", "d", "2 | 5 | 14 | 9".
	Result string
	// Seen is the ResultMark of the table's result the station showed
	// when the table was typed ("" when it showed none).
	Seen string
	// Replace is the operator's confirmation of replacing the result
	// the station showed.
	Replace bool
	Station Station
}

// SlipOutcome is what a slip did.
type SlipOutcome int

// The outcomes of RecordSlip.
const (
	// SlipRecorded: the table had no result and now has this one.
	SlipRecorded SlipOutcome = iota
	// SlipReplaced: the operator confirmed replacing the result shown.
	SlipReplaced
	// SlipAlreadyRecorded: the table already has this same result;
	// nothing changed.
	SlipAlreadyRecorded
)

// SlipReceipt is what a slip did, said for the station.
type SlipReceipt struct {
	Outcome SlipOutcome
	Round   int
	Table   int
	// Said is the table's result with the players' names ("Ada won
	// 2–1"); Mark its ResultMark.
	Said i18n.Text
	Mark string
}

// RecordSlip records a result a scorekeeper station typed, in one write
// transaction, exactly as the desk records it (the same parsing, checks
// and log), the log line naming the station's operator and device. Only
// the event's current round takes slips. A table whose result is no
// longer the one the station showed (Seen), or that has a result the
// operator did not confirm replacing, is refused with ErrTableHasResult,
// naming the saved result and who entered it; a table that already has
// the same result is SlipAlreadyRecorded. Phone reports of the table that
// agree are settled; those that disagree stay on the organizer's list.
func (d *Stations) RecordSlip(ctx context.Context, s Slip) (SlipReceipt, error) {
	text := strings.Join(strings.Fields(s.Result), " ")
	if utf8.RuneCountInString(text) > maxReportText {
		return SlipReceipt{}, event.Invalidf("a result is at most %d characters", maxReportText)
	}
	st, err := s.Station.check()
	if err != nil {
		return SlipReceipt{}, err
	}
	var out SlipReceipt
	err = d.store.Write(ctx, func(tx Tx) error {
		out = SlipReceipt{Round: s.Round, Table: s.Table}
		tr, err := stationTable(tx, s.Event, s.Round, s.Table)
		if err != nil {
			return err
		}
		_, res, err := tr.read(text)
		if err != nil {
			return err
		}
		switch old := tr.t.Result; {
		case old != nil && sameScore(*old, res):
			out.Outcome, out.Said, out.Mark = SlipAlreadyRecorded, tr.said(*old), ResultMark(old)
			return nil
		case old != nil && (s.Seen == "" || !s.Replace && ResultMark(old) == s.Seen):
			return d.hasResultError(tx, tr)
		case ResultMark(old) != s.Seen:
			return d.changedError(tx, tr)
		case old != nil:
			out.Outcome = SlipReplaced
		}
		saved, err := d.saveStationResult(tx, tr, res, st)
		out.Said, out.Mark = tr.said(saved), ResultMark(&saved)
		return err
	})
	if err != nil {
		return SlipReceipt{}, err
	}
	return out, nil
}

// stationTable reads a table of the event's current published round for
// a station, as loadTableResult does for the desk.
func stationTable(tx Tx, id event.EventID, round, table int) (tableResult, error) {
	e, err := tx.Event(id)
	if err != nil {
		return tableResult{}, err
	}
	head, err := currentHead(tx, id)
	if err != nil {
		return tableResult{}, err
	}
	current := head.Number
	switch {
	case e.State == event.StateFinished:
		return tableResult{}, event.Statef("%s is finished; its results are final", e.Name)
	case current == 0:
		return tableResult{}, event.Statef("%s has no published round yet: there is no result to enter", e.Name)
	case round != current:
		return tableResult{}, event.Statef("%s is playing round %d, and a station enters only its results; correct round %d at the desk", e.Name, current, round)
	}
	t, err := tx.Table(id, round, table)
	if isNotFound(err) {
		return tableResult{}, event.NotFoundf("round %d has no table %d; check the table number on the slip", round, table)
	} else if err != nil {
		return tableResult{}, err
	}
	// The event, the round and the table were read once, above.
	return tableResultOf(tx, e, head, t)
}

// saveStationResult saves a checked result as saveResult does (settling
// the phone reports that agree), marked as entered by staff, not by the
// players, its log line naming the station; it returns the result saved.
func (d *core) saveStationResult(tx Tx, tr tableResult, res event.Result, st Station) (event.Result, error) {
	res.RecordedAt, res.ByPlayers = d.now(), false
	if err := tx.SetResult(tr.t.ID, &res); err != nil {
		return res, err
	}
	// A slip settles the table's reports as the desk's result does, of
	// both kinds, through the one settleReports.
	if err := d.settleReports(tx, tr, res); err != nil {
		return res, err
	}
	round, table := tr.r.Number, tr.t.Number
	msg := i18n.F("round %d table %d: %s (entered by %s at scorekeeper station %s)", round, table, tr.say(res), st.Name, st.Device)
	if tr.t.Result != nil {
		msg = i18n.F("round %d table %d corrected: %s (was %s; entered by %s at scorekeeper station %s)",
			round, table, tr.say(res), tr.say(*tr.t.Result), st.Name, st.Device)
	}
	// The line has the result's own time, by which enteredBy finds it.
	return res, tx.AppendLog(&event.LogEntry{EventID: tr.e.ID, At: res.RecordedAt, Round: round, Message: msg})
}

// The log keys of a station's result (saveStationResult), which enteredBy
// looks for.
var (
	stationResultKey    = i18n.F("round %d table %d: %s (entered by %s at scorekeeper station %s)", 0, 0, "", "", "").Format
	stationCorrectedKey = i18n.F("round %d table %d corrected: %s (was %s; entered by %s at scorekeeper station %s)", 0, 0, "", "", "", "").Format
)

// changedError refuses a slip typed against a table that changed since
// the station showed it.
func (d *core) changedError(tx Tx, tr tableResult) error {
	if tr.t.Result == nil {
		return keyedError(ErrTableHasResult, i18n.F("Table %d changed while you were typing: its result was taken back at the desk. Nothing was saved; type the table again",
			tr.t.Number))
	}
	who, err := d.enteredBy(tx, tr)
	if err != nil {
		return err
	}
	return keyedError(ErrTableHasResult, i18n.F("Table %d changed while you were typing: it now has %s (entered by %s at %s). Nothing was saved; look again before replacing it",
		tr.t.Number, tr.said(*tr.t.Result), who, tr.t.Result.RecordedAt.Local().Format("15:04")))
}

// hasResultError refuses a slip for a table that has a result the
// operator did not confirm replacing.
func (d *core) hasResultError(tx Tx, tr tableResult) error {
	who, err := d.enteredBy(tx, tr)
	if err != nil {
		return err
	}
	return keyedError(ErrTableHasResult, i18n.F("Table %d already has %s (entered by %s at %s); look again before replacing it",
		tr.t.Number, tr.said(*tr.t.Result), who, tr.t.Result.RecordedAt.Local().Format("15:04")))
}

// enteredBy says who entered the table's result: the players from a
// phone, a station's operator (its log line, saved at the same moment),
// or the desk.
func (d *core) enteredBy(tx Tx, tr tableResult) (i18n.Text, error) {
	res := tr.t.Result
	if res.ByPlayers {
		return i18n.F("the players, from a phone"), nil
	}
	lines, err := tx.Log(tr.e.ID)
	if err != nil {
		return i18n.Text{}, err
	}
	for i := len(lines) - 1; i >= 0; i-- {
		l := lines[i]
		if l.At.Before(res.RecordedAt) {
			break
		}
		if name, device, ok := stationLine(l, tr.r.Number, tr.t.Number); ok && l.At.Equal(res.RecordedAt) {
			return i18n.F("%s at scorekeeper station %s", name, device), nil
		}
	}
	return i18n.F("the desk"), nil
}

// stationLine reads a log line of a station's result for round and table:
// the operator's name and the station's device.
func stationLine(l event.LogEntry, round, table int) (name, device string, ok bool) {
	m := l.Message
	n := len(m.Args)
	if (m.Format != stationResultKey && m.Format != stationCorrectedKey) || n < 5 {
		return "", "", false
	}
	if m.Args[0] != any(round) && round != 0 || m.Args[1] != any(table) && table != 0 {
		return "", "", false
	}
	name, _ = m.Args[n-2].(string)
	device, _ = m.Args[n-1].(string)
	return name, device, true
}

// StationTable is a table as a station shows it when its number is typed.
type StationTable struct {
	Number int
	// Players are the names in seat order; Teams, in a team event, the
	// two teams' names.
	Players, Teams []string
	// Result is the table's result with the players' names, zero for
	// none; Mark is its ResultMark ("" for none), sent back with the
	// slip; By and At say who entered it and when (15:04).
	Result i18n.Text
	Mark   string
	By     i18n.Text
	At     string
}

// StationTableOf reads table number table of the event's current round
// for a station, in one read.
func (d *Stations) StationTableOf(ctx context.Context, id event.EventID, table int) (StationTable, error) {
	var out StationTable
	err := d.store.Read(ctx, func(tx Tx) error {
		current, err := currentRound(tx, id)
		if err != nil {
			return err
		}
		tr, err := stationTable(tx, id, current, table)
		if err != nil {
			return err
		}
		out = StationTable{Number: tr.t.Number}
		for _, s := range tr.t.Seats {
			out.Players = append(out.Players, tr.names[s.EntryID])
		}
		if tr.e.Settings.Teams() {
			m := event.TeamMatch(tr.t)
			for _, s := range m.Seats {
				out.Teams = append(out.Teams, tr.teams[s.EntryID])
			}
		}
		if tr.t.Result == nil {
			return nil
		}
		out.Result, out.Mark = tr.said(*tr.t.Result), ResultMark(tr.t.Result)
		out.At = tr.t.Result.RecordedAt.Local().Format("15:04")
		out.By, err = d.enteredBy(tx, tr)
		return err
	})
	return out, err
}

// StationEntry is a result a station entered, as it lists its own.
type StationEntry struct {
	At           string // 15:04
	Round, Table int
	// Text is the log line's result: "Ada 2–1 Bob".
	Text i18n.Text
}

// StationView is what a station's page shows, read in one transaction:
// the event, its current round's sheet (0 and no sheet before round 1 is
// published), the results still missing, the event's entries (for its
// drop and check-in forms) and the station's own last entries.
type StationView struct {
	Event   event.Event
	Round   int
	Sheet   Sheet
	Missing []Outstanding
	Entries []event.Entry
	Mine    []StationEntry
}

// maxStationEntries is how many of its own entries a station lists.
const maxStationEntries = 10

// StationViewOf reads an event for station st.
func (d *Stations) StationViewOf(ctx context.Context, id event.EventID, st Station) (StationView, error) {
	var v StationView
	err := d.store.Read(ctx, func(tx Tx) error {
		var err error
		if v.Event, v.Entries, err = eventAndEntries(tx, id); err != nil {
			return err
		}
		if v.Round, err = currentRound(tx, id); err != nil || v.Round == 0 {
			return err
		}
		if v.Sheet, err = roundSheet(tx, id, v.Round); err != nil {
			return err
		}
		v.Missing = v.Sheet.Outstanding()
		lines, err := tx.Log(id)
		if err != nil {
			return err
		}
		for i := len(lines) - 1; i >= 0 && len(v.Mine) < maxStationEntries; i-- {
			name, device, ok := stationLine(lines[i], 0, 0)
			if ok && name == st.Name && device == st.Device {
				m := lines[i].Message
				round, _ := m.Args[0].(int)
				table, _ := m.Args[1].(int)
				v.Mine = append(v.Mine, StationEntry{At: lines[i].At.Local().Format("15:04"), Round: round, Table: table, Text: textArg(m.Args[2])})
			}
		}
		return nil
	})
	return v, err
}

// StationMissing reads the current round and its tables still out, for a
// station's list as the event changes (StationViewOf without the rest).
func (d *Stations) StationMissing(ctx context.Context, id event.EventID) (StationView, error) {
	var v StationView
	err := d.store.Read(ctx, func(tx Tx) error {
		var err error
		if v.Round, err = currentRound(tx, id); err != nil || v.Round == 0 {
			return err
		}
		if v.Sheet, err = roundSheet(tx, id, v.Round); err != nil {
			return err
		}
		v.Missing = v.Sheet.Outstanding()
		return nil
	})
	return v, err
}

// textArg reads a value of a stored text that is a text itself.
func textArg(a any) i18n.Text {
	if t, ok := a.(i18n.Text); ok {
		return t
	}
	return asTyped(fmt.Sprint(a))
}

// StationDrop drops a player on a station's word, as Drop does at the
// desk, logged with the station. A member of a team is dropped at the
// desk, where the team is dealt with.
func (d *Stations) StationDrop(ctx context.Context, id event.EventID, entry event.EntryID, st Station) error {
	st, err := st.check()
	if err != nil {
		return err
	}
	return d.changeEntry(ctx, entry, func(tx Tx, e event.Event, en *event.Entry, rounds int) error {
		switch {
		case e.ID != id:
			return event.NotFoundf("that player is not in this event; choose them in the list again")
		case !en.Active():
			return event.Statef("%s has already left the event", en.Name)
		case e.Settings.Teams() && en.TeamID != 0:
			return event.Statef("%s plays in a team: drop them at the desk, where the team is dealt with", en.Name)
		}
		en.Status, en.DroppedAfter = event.EntryDropped, rounds
		return d.log(tx, e.ID, rounds, i18n.F("dropped: %s, after round %d (by %s at scorekeeper station %s)", en.Name, rounds, st.Name, st.Device))
	})
}

// StationCheckIn checks a player in on a station's word: a player entered
// in the event and not yet checked in is checked in; a player of the
// directory, or a new one, is entered, late once round 1 is paired (as
// the desk's Register does: paired from the next round). A name several
// players of the directory share is refused: the desk tells them apart.
func (d *Stations) StationCheckIn(ctx context.Context, id event.EventID, name string, st Station) (event.Entry, error) {
	st, err := st.check()
	if err != nil {
		return event.Entry{}, err
	}
	np := NewPlayer{Name: name}
	p := np.player(d.dir)
	if err := p.Validate(); err != nil {
		return event.Entry{}, err
	}
	var en event.Entry
	err = d.store.Write(ctx, func(tx Tx) error {
		e, rounds, err := eventPaired(tx, id)
		if err != nil {
			return err
		}
		matches, err := sameName(tx, id, p.Name)
		if err != nil {
			return err
		}
		by := i18n.F("%s at scorekeeper station %s", st.Name, st.Device)
		en, err = d.stationCheckIn(tx, e, rounds, p, matches, by)
		return err
	})
	return en, err
}

// stationCheckIn is StationCheckIn inside its write: matches are the
// players of that name (sameName: the event's entries first).
func (d *core) stationCheckIn(tx Tx, e event.Event, rounds int, p event.Player, matches []KioskMatch, by i18n.Text) (event.Entry, error) {
	entered := 0
	for _, m := range matches {
		if m.EntryID != 0 {
			entered++
		}
	}
	switch {
	case e.State == event.StateFinished:
		return event.Entry{}, event.Statef("%s is finished; it takes no more players", e.Name)
	case entered > 1 || entered == 0 && len(matches) > 1:
		return event.Entry{}, event.Conflictf("several players are named %s: check the right one in at the desk, where their member numbers show", p.Name)
	case entered == 1:
		en, err := tx.Entry(matches[0].EntryID)
		if err != nil {
			return en, err
		}
		if !en.Active() {
			return en, event.Statef("%s has left %s; the organizer can re-instate them at the desk", en.Name, e.Name)
		}
		if en.CheckedIn {
			return en, event.Statef("%s is already checked in", en.Name)
		}
		en.CheckedIn = true
		if err := tx.UpdateEntry(en); err != nil {
			return en, err
		}
		return en, d.log(tx, e.ID, rounds, i18n.F("checked in: %s (by %s)", en.Name, by))
	case len(matches) == 1:
		known, err := tx.Player(matches[0].PlayerID)
		if err != nil {
			return event.Entry{}, err
		}
		p = known
	default:
		if err := tx.CreatePlayer(&p); err != nil {
			return event.Entry{}, err
		}
	}
	en, err := d.register(tx, e.ID, p)
	if err != nil {
		return en, err
	}
	if !en.CheckedIn {
		en.CheckedIn = true
		if err := tx.UpdateEntry(en); err != nil {
			return en, err
		}
	}
	return en, d.log(tx, e.ID, rounds, i18n.F("checked in: %s (by %s)", en.Name, by))
}

// SaySlip says a result a station typed for table number table of round
// round as it would be saved, with the players' names and the winner
// first ("Ada won 1-0"), in one read and writing nothing: the station's
// question before it replaces a saved result names the new one as it
// names the old, never in the slip's seat order. A text that is no result
// is refused as RecordSlip refuses it.
func (d *Stations) SaySlip(ctx context.Context, id event.EventID, round, table int, text string) (i18n.Text, error) {
	text = strings.Join(strings.Fields(text), " ")
	if utf8.RuneCountInString(text) > maxReportText {
		return i18n.Text{}, event.Invalidf("a result is at most %d characters", maxReportText)
	}
	var said i18n.Text
	err := d.store.Read(ctx, func(tx Tx) error {
		tr, err := stationTable(tx, id, round, table)
		if err != nil {
			return err
		}
		_, res, err := tr.read(text)
		if err != nil {
			return err
		}
		said = tr.said(res)
		return nil
	})
	return said, err
}
