package director

// This file holds what the store network (issue 14) asks of the director:
// the short codes of each published round's tables, the results players
// report from their phones with them, the organizer's list of reports
// that wait (approval, or "to check"), and the judges' PIN.

import (
	"context"
	crand "crypto/rand"
	"crypto/subtle"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
	"tablekeeper/core/rules"
)

// TableCodeAlphabet holds the characters of a table code: digits and
// capital letters without the ones a player confuses (0 and O, 1, I and
// L).
const TableCodeAlphabet = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"

// TableCodeLength is the number of characters of a table code: 31^6,
// about 887 million codes, so a code cannot be guessed in the few tries
// the store network allows.
const TableCodeLength = 6

// randomBytes fills b from the code source.
func (d *core) randomBytes(b []byte) error {
	d.codeMu.Lock()
	defer d.codeMu.Unlock()
	src := d.codes
	if src == nil {
		src = crand.Reader
	}
	if _, err := io.ReadFull(src, b); err != nil {
		return fmt.Errorf("director: drawing a random code: %w", err)
	}
	return nil
}

// randomFrom draws n characters of alphabet, each equally likely (bytes
// past the largest multiple of the alphabet's size are drawn again).
func (d *core) randomFrom(alphabet string, n int) (string, error) {
	limit := 256 - 256%len(alphabet)
	out := make([]byte, 0, n)
	buf := make([]byte, 2*n)
	for tries := 0; len(out) < n; tries++ {
		if tries == 64 {
			return "", errors.New("director: the random source gives nothing usable")
		}
		if err := d.randomBytes(buf); err != nil {
			return "", err
		}
		for _, b := range buf {
			if int(b) < limit && len(out) < n {
				out = append(out, alphabet[int(b)%len(alphabet)])
			}
		}
	}
	return string(out), nil
}

// NormalizeTableCode returns a code as typed in the form codes are kept:
// capitals, without spaces or dashes ("abc-23d" is "ABC23D").
func NormalizeTableCode(s string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case unicode.IsSpace(r), r == '-', r == '–', r == '—', r == '‒', r == '−':
			return -1
		}
		return unicode.ToUpper(r)
	}, s)
}

// assignTableCodes gives every numbered table of round r of event id a
// new code, none used before in the event, in the write transaction that
// publishes the round. A round whose tables have codes keeps them.
func (d *core) assignTableCodes(tx Tx, id event.EventID, r event.Round) error {
	have, err := tx.TableCodes(id, r.Number)
	if err != nil || len(have) > 0 {
		return err
	}
	used, err := tx.UsedTableCodes(id)
	if err != nil {
		return err
	}
	codes := map[int]string{}
	for _, t := range r.Tables {
		if t.Bye || t.Number < 1 {
			continue
		}
		for tries := 0; ; tries++ {
			if tries == 100 {
				return errors.New("director: could not draw a table code not used before; the random source repeats itself")
			}
			code, err := d.randomFrom(TableCodeAlphabet, TableCodeLength)
			if err != nil {
				return err
			}
			if !used[code] {
				used[code] = true
				codes[t.Number] = code
				break
			}
		}
	}
	if len(codes) == 0 {
		return nil
	}
	return tx.SaveTableCodes(id, r.Number, codes)
}

// TableCodes returns the codes of round number round's tables, by table
// number, for the match slips and the pairings CSV: empty while the round
// is a draft (codes are drawn when it is published) and for a round
// published before this version of Tablekeeper.
func (d *Network) TableCodes(ctx context.Context, id event.EventID, round int) (map[int]string, error) {
	var out map[int]string
	err := d.store.Read(ctx, func(tx Tx) error {
		e, paired, err := eventPaired(tx, id)
		if err != nil {
			return err
		}
		if err := pairedRound(e, round, paired); err != nil {
			return err
		}
		out, err = tx.TableCodes(id, round)
		return err
	})
	return out, err
}

// TableReport is a result typed on a phone with the table's code.
type TableReport struct {
	Event event.EventID
	Round int // the round the phone saw
	Table int
	Code  string
	// Result is in the same syntax as the keyboard entry for the table's
	// form (rules.ParseTableResult): "2-1", "1-1-1", "d", "2-0 t" for a
	// two-player or team match, "2 | 5 | 14 | 9" at a multiplayer table.
	Result string
	// Multi, when set instead of Result, is a multiplayer table's result
	// as its form's fields hold it (the phone's structured result): read
	// as it is (rules.MultiForm.ReadInput), never as text; the report
	// keeps its one-line text (rules.MultiInput.Line).
	Multi *rules.MultiInput
	// Device is an opaque device id from the web layer (its cookie),
	// recorded with the report.
	Device string
}

// ReportOutcome is what a phone report did.
type ReportOutcome int

// The outcomes of ReportByCode.
const (
	// ReportRecorded: applied to the table, marked "reported by players".
	ReportRecorded ReportOutcome = iota
	// ReportPending: the event asks for approval: waiting on the
	// organizer's screen.
	ReportPending
	// ReportAlreadyRecorded: the table already holds this same result;
	// nothing changed.
	ReportAlreadyRecorded
)

// String names the outcome.
func (o ReportOutcome) String() string {
	switch o {
	case ReportRecorded:
		return "recorded"
	case ReportPending:
		return "pending"
	case ReportAlreadyRecorded:
		return "already recorded"
	}
	return fmt.Sprintf("ReportOutcome(%d)", int(o))
}

// ErrWrongCode marks a phone report whose code is not its table's (the
// web answers 403). Its sentence names nothing secret.
var ErrWrongCode = errors.New("wrong table code")

// ErrReportConflict marks a phone report that disagrees with the result
// the table holds: it is saved to the organizer's "to check" list, not
// applied (the web answers 409). Its sentence names the result on record.
var ErrReportConflict = errors.New("the table holds a different result")

// Bounds of what a phone sends.
const (
	maxReportText   = 200
	maxDeviceLength = 64
)

// reportSource is how the log names a report's source.
func reportSource(device string) i18n.Text {
	return i18n.F("players, table code, device %s", device)
}

// ReportByCode records a result typed on a phone with the table's code,
// in one transaction. An unknown event is event.ErrNotFound (the web
// answers 404); every other refusal is an error wrapping event.ErrInvalid
// with a sentence (the web answers 400), and nothing changes: a finished
// event, a round that is not the event's current published
// round (an old round, a future one), a table the round does not have
// (byes have no number), a result the table's form cannot read (the
// parser's own sentence), or one the format or round refuses (the same
// checks as RecordResult: a draw where there are none). A wrong code is
// ErrWrongCode, checked before the result is read, so a wrong code learns
// nothing about the result's syntax.
//
// Then: the table already holding the same result is
// ReportAlreadyRecorded; a different result is not applied but saved to
// the organizer's "to check" list and returned as ErrReportConflict; an
// event whose phone reports need approval queues it (ReportPending);
// otherwise it is recorded (ReportRecorded) and marked as reported by
// players. Each report queued or applied is logged with its source.
// Two phones of one table reporting at once are two transactions one
// after the other: the second sees the first's result.
func (d *Network) ReportByCode(ctx context.Context, r TableReport) (ReportOutcome, error) {
	rc, err := d.Report(ctx, r)
	return rc.Outcome, err
}

// ReportReceipt is what a phone report did, said for the phone.
type ReportReceipt struct {
	Outcome ReportOutcome
	// Said is the result reported (the one on record when it was
	// already) with the players' names: "Ada won 2–1", a team match
	// with its teams' (rules.ResultSaid).
	Said i18n.Text
}

// NoDevice is the device kept for a request that came with no device
// (a phone without the device cookie): checkDevice's "" tidied.
const NoDevice = "unknown"

// ShortDevice is how a device is named to people (the Round tab, the Store
// network panel, the logs): the first 6 characters of its id, enough to
// tell a store's phones apart. A device known by its address ("ip:…", a
// phone without a cookie) keeps the whole address, and NoDevice stays
// whole; a screen says it with DeviceName.
func ShortDevice(id string) string {
	if len(id) > 6 && id != NoDevice && !strings.HasPrefix(id, "ip:") {
		return id[:6]
	}
	return id
}

// DeviceName is ShortDevice said in the reader's language: a request that
// came with no device (NoDevice, or none kept) is "unknown (no cookie)",
// translated like every other word of the line it is in.
func DeviceName(id string) i18n.Text {
	if id == "" || id == NoDevice {
		return i18n.F("unknown (no cookie)")
	}
	return i18n.Plain(ShortDevice(id))
}

// tidyReport is a result typed on a phone with its spaces tidied, within
// maxReportText, and the phone's device checked: what every phone report
// (by table code, or a player's own) starts with.
func tidyReport(result, device string) (string, string, error) {
	text := strings.Join(strings.Fields(result), " ")
	if utf8.RuneCountInString(text) > maxReportText {
		return "", "", event.Invalidf("a result is at most %d characters", maxReportText)
	}
	device, err := checkDevice(device)
	return text, device, err
}

// resultText is a report's result as the text it keeps: the line typed,
// or a structured multiplayer result's one line.
func resultText(line string, multi *rules.MultiInput) string {
	if multi != nil {
		return multi.Line()
	}
	return line
}

// Report is ReportByCode, with the result it took said with names, so
// that the phone's answer names the winner as the table's form did.
func (d *Network) Report(ctx context.Context, r TableReport) (ReportReceipt, error) {
	text, device, err := tidyReport(resultText(r.Result, r.Multi), r.Device)
	if err != nil {
		return ReportReceipt{}, err
	}
	// A wrong code (or any refusal) is found in a read first: a flood of
	// them never queues for the one writer the honest results need.
	if err := d.store.Read(ctx, func(tx Tx) error { _, err := phoneTable(tx, r); return err }); err != nil {
		return ReportReceipt{}, asInvalid(err)
	}
	var outcome ReportOutcome
	var said i18n.Text
	var conflict error
	err = d.store.Write(ctx, func(tx Tx) error {
		outcome, conflict = ReportRecorded, nil
		tr, err := phoneTable(tx, r)
		if err != nil {
			return err
		}
		parsed, res, err := tr.readReport(text, r.Multi)
		if err != nil {
			return err
		}
		said = tr.said(res)
		rep := event.Report{EventID: tr.e.ID, Round: tr.r.Number, Table: tr.t.Number, Text: text, Parsed: parsed, Device: device, At: d.now()}
		switch {
		case tr.t.Result != nil && sameScore(*tr.t.Result, res):
			outcome = ReportAlreadyRecorded
			return nil
		case tr.t.Result != nil:
			rep.Conflict = true
			conflict = keyedError(ErrReportConflict, i18n.F(
				"table %d already has a different result: %s. Your report (%s) was not recorded; it was passed to the organizer to check",
				tr.t.Number, tr.say(*tr.t.Result), tr.say(res)))
			return d.queueReport(tx, tr, rep, res, i18n.F("players reported %s, but the table has %s: saved for the organizer to check (%s)",
				tr.say(res), tr.say(*tr.t.Result), reportSource(device)))
		case tr.e.Settings.PhoneReportsNeedApproval:
			outcome = ReportPending
			return d.queueReport(tx, tr, rep, res, i18n.F("players reported %s: waiting for the organizer's approval (%s)",
				tr.say(res), reportSource(device)))
		}
		return d.saveResult(tx, tr, res, reportSource(device))
	})
	if err != nil {
		return ReportReceipt{}, asInvalid(err)
	}
	if conflict != nil {
		return ReportReceipt{}, conflict
	}
	return ReportReceipt{Outcome: outcome, Said: said}, nil
}

// queueReport saves a phone report for the organizer and logs it, unless
// an open report of the table already says the same (a player sending
// twice, or both players).
func (d *core) queueReport(tx Tx, tr tableResult, rep event.Report, res event.Result, msg i18n.Text) error {
	open, err := tx.OpenReports(tr.e.ID)
	if err != nil {
		return err
	}
	for _, o := range open {
		if o.ByPlayer() || o.Round != rep.Round || o.Table != rep.Table {
			continue
		}
		if checked, err := tr.check(o.Parsed); err == nil && sameScore(checked, res) {
			return nil
		}
	}
	if err := tx.SaveReport(&rep); err != nil {
		return err
	}
	return d.log(tx, tr.e.ID, rep.Round, i18n.F("round %d table %d: %s", rep.Round, rep.Table, msg))
}

// reportableRound is the round whose results may be reported of event e
// (its head): the latest published one, refused while none is.
func reportableRound(tx Tx, e event.Event) (event.Round, error) {
	head, err := currentHead(tx, e.ID)
	if err != nil {
		return event.Round{}, err
	}
	if head.Number == 0 {
		return event.Round{}, event.Invalidf("%s has no published round yet: there is no result to report", e.Name)
	}
	return head, nil
}

// phoneTable reads the table a phone reports for, refusing with a
// sentence (event.ErrNotFound, event.ErrInvalid, or ErrWrongCode) everything a phone may not
// report: see ReportByCode.
func phoneTable(tx Tx, r TableReport) (tableResult, error) {
	e, err := tx.Event(r.Event)
	if isNotFound(err) {
		// Not found (404), as for every other question about an event
		// that is not there: the report itself was well formed.
		t := i18n.F("there is no event %d here; open the event from the network's first page", r.Event)
		return tableResult{}, &event.Error{Kind: errNoEvent, Message: t.String(), Text: t}
	}
	if err != nil {
		return tableResult{}, err
	}
	if e.State == event.StateFinished {
		return tableResult{}, event.Invalidf("%s is finished: its results are final and can no longer be reported", e.Name)
	}
	if e.Settings.PlayersConfirmResults {
		return tableResult{}, event.Invalid(
			"in this event each player confirms the result from her own phone, after signing in with her player code; the table's code alone is not enough. Or hand the match slip to the organizer")
	}
	head, err := reportableRound(tx, e)
	if err != nil {
		return tableResult{}, err
	}
	current := head.Number
	switch {
	case r.Round < current:
		return tableResult{}, event.Invalidf("round %d is over: %s is playing round %d, and only its results can be reported", r.Round, e.Name, current)
	case r.Round > current:
		return tableResult{}, event.Invalidf("round %d has not started: %s is playing round %d", r.Round, e.Name, current)
	}
	t, err := tx.Table(e.ID, r.Round, r.Table)
	if isNotFound(err) {
		return tableResult{}, event.Invalidf("round %d has no table %d; check the table number on your match slip", r.Round, r.Table)
	} else if err != nil {
		return tableResult{}, err
	}
	codes, err := tx.TableCodes(e.ID, r.Round)
	if err != nil {
		return tableResult{}, err
	}
	want, ok := codes[r.Table]
	if !ok {
		return tableResult{}, event.Invalidf("table %d has no code in round %d: report its result at the organizer's desk", r.Table, r.Round)
	}
	if subtle.ConstantTimeCompare([]byte(NormalizeTableCode(r.Code)), []byte(want)) != 1 {
		return tableResult{}, keyedError(ErrWrongCode, i18n.F(
			"that is not the code of table %d in round %d; check the code printed on your match slip", r.Table, r.Round))
	}
	// The event, the round and the table were read above, and pass what
	// loadTableResult checks: not finished, the round published.
	return tableResultOf(tx, e, head, t)
}

// currentRound returns the number of an event's latest published round,
// 0 when none is.
func currentRound(tx Tx, id event.EventID) (int, error) {
	r, err := currentHead(tx, id)
	return r.Number, err
}

// currentHead returns the head of an event's latest published round, the
// zero Round (number 0) when none is.
func currentHead(tx Tx, id event.EventID) (event.Round, error) {
	paired, err := tx.RoundCount(id)
	if err != nil {
		return event.Round{}, err
	}
	for n := paired; n >= 1; n-- {
		r, err := tx.RoundHead(id, n)
		if err != nil {
			return event.Round{}, err
		}
		if r.Published() {
			return r, nil
		}
	}
	return event.Round{}, nil
}

// asInvalid turns a refusal of another kind (not found, not possible now,
// a conflict) into event.ErrInvalid with the same sentence, so that every
// refusal of a phone report is one kind; ErrWrongCode, errors that are
// already invalid input and errors that are no refusal (the disk) stay as
// they are.
func asInvalid(err error) error {
	var e *event.Error
	if !errors.As(err, &e) || errors.Is(err, ErrWrongCode) || errors.Is(err, event.ErrInvalid) {
		return err
	}
	if e.Kind == event.ErrNotFound || e.Kind == event.ErrState || e.Kind == event.ErrConflict {
		// The sentence is kept as key and values, so that a French
		// phone reads it in French.
		return &event.Error{Kind: event.ErrInvalid, Message: e.Message, Text: e.Text}
	}
	return err
}

// errNoEvent is the kind of a report to an event that is not there: a
// not found that asInvalid leaves as it is, so the web answers 404.
var errNoEvent = fmt.Errorf("%w: no such event", event.ErrNotFound)

// checkDevice tidies a device id: "unknown" when there is none, at most
// maxDeviceLength characters and nothing unprintable.
func checkDevice(s string) (string, error) {
	s = strings.TrimSpace(s)
	switch {
	case s == "":
		return NoDevice, nil
	case utf8.RuneCountInString(s) > maxDeviceLength:
		return "", event.Invalidf("a device id is at most %d characters", maxDeviceLength)
	case strings.IndexFunc(s, func(r rune) bool { return !unicode.IsPrint(r) }) >= 0:
		return "", event.Invalid("a device id is printable text")
	}
	return s, nil
}

// sameScore reports whether two results of a table say the same: games,
// points, places and details, draws and time-out (not when, nor by whom,
// they were recorded).
func sameScore(a, b event.Result) bool {
	return a.GamesDrawn == b.GamesDrawn && a.TimeOut == b.TimeOut && len(a.Seats) == len(b.Seats) &&
		fmt.Sprint(a.Seats) == fmt.Sprint(b.Seats)
}

// settleReports settles the open reports of the table whose result was
// just saved, whoever saved it (the desk, a phone, an accepted report, a
// station's slip), in one pass over the one list of reports: a report by
// table code closes, accepted, when it agrees with the result (one that
// disagrees stays for the organizer to check); a player's own report
// closes in any case, accepted when it said that result, and her table's
// phones are told.
func (d *core) settleReports(tx Tx, tr tableResult, res event.Result) error {
	open, err := tx.OpenReports(tr.e.ID)
	if err != nil {
		return err
	}
	for _, o := range open {
		if o.ByPlayer() || o.Round != tr.r.Number || o.Table != tr.t.Number {
			continue
		}
		if checked, err := tr.check(o.Parsed); err == nil && sameScore(checked, res) {
			if err := tx.CloseReport(tr.e.ID, o, d.now(), true); err != nil {
				return err
			}
		}
	}
	rs := tableReportsOf(tr, open)
	for i, o := range rs.reports {
		if err := tx.CloseReport(tr.e.ID, o, d.now(), sameScore(rs.checked[i], res)); err != nil {
			return err
		}
	}
	return nil
}

// PhoneReport is a report waiting on the organizer: pending approval or
// in conflict ("to check").
type PhoneReport struct {
	ID    int64
	Event event.EventID
	Round int
	Table int
	// Result is the result as typed, spaces tidied.
	Result string
	// Parsed is Result as the table's form reads it.
	Parsed event.Result
	Device string
	// Conflict: the table holds a different result ("to check"); false:
	// waiting for approval.
	Conflict bool
	// Recorded is the result on record, to say, when Conflict.
	Recorded i18n.Text
	At       time.Time
	// Players are the names at the table in seat order.
	Players []string
	// Reported is the report to say, as the log says it ("Ada 2–1
	// Bob", "Ada 5, Bob 14 (won), Cy 9"); the text as typed when the
	// table's form cannot read it.
	Reported i18n.Text
	// Entry and Player are who sent the report from her own phone, in an
	// event whose results both players confirm (confirm.go). Zero and ""
	// for a report typed with the table's code. Either kind is resolved
	// with ResolveReport.
	Entry  event.EntryID
	Player string
	// Disagree: the table's players reported different results. Late:
	// the table's time is up and a side has not reported.
	Disagree, Late bool
}

// PhoneReports lists an event's open phone reports by round, then table.
// Whether a report is in conflict is read now: a report waiting for
// approval whose table has since been given another result is one to
// check.
func (d *Network) PhoneReports(ctx context.Context, id event.EventID) ([]PhoneReport, error) {
	return readIn(ctx, d.store, func(tx Tx) ([]PhoneReport, error) { return d.organizerReports(tx, id) })
}

// organizerReports are the reports on the organizer's list: the phone
// reports typed with a table code, then the players' own reports of the
// tables that wait on her.
func (d *core) organizerReports(tx Tx, id event.EventID) ([]PhoneReport, error) {
	e, err := tx.Event(id)
	if err != nil {
		return nil, err
	}
	open, err := tx.OpenReports(id)
	if err != nil {
		return nil, err
	}
	out, err := phoneReports(tx, e, open)
	if err != nil {
		return nil, err
	}
	mine, err := d.playerReportsForOrganizer(tx, e, open)
	return append(out, mine...), err
}

// phoneReports are the desk list's rows of an event's open reports typed
// with a table code.
func phoneReports(tx Tx, e event.Event, open []event.Report) ([]PhoneReport, error) {
	id := e.ID
	out := make([]PhoneReport, 0, len(open))
	for _, o := range open {
		if o.ByPlayer() {
			continue
		}
		tr, err := readTable(tx, e, o.Round, o.Table)
		if err != nil {
			return nil, err
		}
		p := PhoneReport{ID: int64(o.ID), Event: id, Round: o.Round, Table: o.Table, Result: o.Text, Parsed: o.Parsed,
			Device: o.Device, At: o.At, Reported: asTyped(o.Text)}
		for _, s := range tr.t.Seats {
			p.Players = append(p.Players, tr.names[s.EntryID])
		}
		checked, cerr := tr.check(o.Parsed)
		if cerr == nil {
			p.Reported = tr.say(checked)
		}
		if tr.t.Result != nil && (cerr != nil || !sameScore(checked, *tr.t.Result)) {
			p.Conflict, p.Recorded = true, tr.say(*tr.t.Result)
		}
		out = append(out, p)
	}
	return out, nil
}

// readTable reads a table and its round as loadTableResult does, without
// refusing a finished event: for reading, not for writing.
func readTable(tx Tx, e event.Event, round, table int) (tableResult, error) {
	t, err := tx.Table(e.ID, round, table)
	if err != nil {
		return tableResult{}, err
	}
	r, err := tx.RoundHead(e.ID, round)
	if err != nil {
		return tableResult{}, err
	}
	names, teams, err := seatNames(tx, e, t)
	if err != nil {
		return tableResult{}, err
	}
	return tableResult{e: e, r: r, t: t, bestOf: r.GamesPerMatch(e.Settings), names: names, teams: teams}, nil
}

// ResolveReport accepts or rejects an open report of event id, of either
// kind, in one transaction, and logs it: the one way the organizer deals
// with the desk list. A report already dealt with is refused.
//
// A report typed with the table's code: accepting applies it to its
// table through the same checks as RecordResult, marked as reported by
// players; over a different result it replaces it (the organizer's
// explicit choice: the screen asks first). Rejecting discards it and
// changes no result.
//
// A player's own report (its table is on the organizer's list): accepting
// records the result she reported, marked as reported by players and
// logged with the player and her device; the table's other reports close
// with it. It is not rejected alone (the table waits for its result:
// accept another player's report, or type the result).
func (d *Network) ResolveReport(ctx context.Context, id event.EventID, reportID int64, accept bool) error {
	return d.store.Write(ctx, func(tx Tx) error {
		rep, err := tx.Report(event.ReportID(reportID))
		if err != nil {
			return err
		}
		if rep.ByPlayer() {
			return d.resolvePlayerReport(tx, id, rep, accept)
		}
		if rep.EventID != id {
			return event.NotFoundf("there is no phone report %d in this event", reportID)
		}
		if !rep.Open() {
			return event.Statef("that phone report was already dealt with")
		}
		e, err := tx.Event(id)
		if err != nil {
			return err
		}
		if !accept {
			return d.rejectReport(tx, e, rep)
		}
		source := reportSource(rep.Device)
		tr, res, err := reportedResult(tx, id, rep)
		if err != nil {
			return err
		}
		if tr.t.Result != nil && sameScore(*tr.t.Result, res) {
			if err := tx.CloseReport(id, rep, d.now(), true); err != nil {
				return err
			}
			return d.log(tx, id, rep.Round, i18n.F("round %d table %d: phone report accepted; the table already had %s (%s)", rep.Round, rep.Table, tr.say(res), source))
		}
		// saveResult settles this report with every other one that agrees.
		return d.saveResult(tx, tr, res, i18n.F("%s, accepted by the organizer", source))
	})
}

// rejectReport closes a report typed with a table's code, not accepted,
// and logs it.
func (d *core) rejectReport(tx Tx, e event.Event, rep event.Report) error {
	if err := tx.CloseReport(e.ID, rep, d.now(), false); err != nil {
		return err
	}
	said := asTyped(rep.Text)
	if tr, err := readTable(tx, e, rep.Round, rep.Table); err == nil {
		if checked, err := tr.check(rep.Parsed); err == nil {
			said = tr.say(checked)
		}
	}
	return d.log(tx, e.ID, rep.Round, i18n.F("round %d table %d: phone report rejected by the organizer: %s (%s)",
		rep.Round, rep.Table, said, reportSource(rep.Device)))
}

// checkSource tidies the source of a judge log entry: at most
// maxSourceLength characters of printable text.
func checkSource(s string) (string, error) {
	s = strings.Join(strings.Fields(s), " ")
	if utf8.RuneCountInString(s) > maxSourceLength {
		return "", event.Invalidf("where a judge log entry comes from is said in at most %d characters", maxSourceLength)
	}
	if slices.ContainsFunc([]rune(s), func(r rune) bool { return !unicode.IsPrint(r) }) {
		return "", event.Invalid("where a judge log entry comes from is said in printable text")
	}
	return s, nil
}

// maxSourceLength bounds JudgeLogEntry.Source.
const maxSourceLength = 120

// keyedError is an *event.Error of kind whose sentence is t, said in each
// reader's language.
func keyedError(kind error, t i18n.Text) error {
	return &event.Error{Kind: kind, Message: t.String(), Text: t}
}

// asTyped keeps a text a player typed as a Text that says it unchanged in
// every language.
func asTyped(s string) i18n.Text { return i18n.Text{Format: "%s", Args: []any{s}} }

// eventPaired reads event id and how many rounds it has paired.
func eventPaired(tx Tx, id event.EventID) (event.Event, int, error) {
	e, err := tx.Event(id)
	if err != nil {
		return e, 0, err
	}
	n, err := tx.RoundCount(id)
	return e, n, err
}
