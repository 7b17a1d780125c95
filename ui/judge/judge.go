// Package judge is the Judge tab of an event: the event's judges and
// organizers (G1, S11), and its judge log (G4) — penalties, deck checks,
// rulings, appeals and time extensions — with the penalty the game's
// catalogue suggests from the player's history (K10, S9), KeyForge's
// two-formal-warnings flag for the marshal (K10), and the next judge when
// the ruling judge plays at the table (S11).
//
// The log is append-only: an entry is corrected by a new entry that points
// at it, and withdrawn by a "void" correction. The list shows every entry,
// newest first, with the entries no longer in force greyed and struck
// through. Saving an entry goes through the director, which checks it and
// applies what the penalty does (a disqualification drops the player, a
// point deduction lowers the standings); OnChanged then tells the window.
package judge

import (
	"context"
	"slices"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/core/judgelog"
	"tablekeeper/ui/internal/tr"
	"tablekeeper/ui/internal/work"
)

// Views is what the tab reads of the director's Views.
type Views interface {
	// JudgeView reads everything the tab shows in one transaction: the
	// event, its players, judges and log, and the latest round.
	JudgeView(ctx context.Context, id event.EventID) (director.JudgeView, error)
}

// Rounds is what the tab reads of the director's Rounds.
type Rounds interface {
	// RoundSheet reads an earlier round for the table chooser.
	RoundSheet(ctx context.Context, id event.EventID, number int) (director.Sheet, error)
}

// Judging is what the tab calls of the director's Judging.
type Judging interface {
	AddJudge(ctx context.Context, id event.EventID, nj director.NewJudge) (event.Judge, error)
	LogJudgeEntry(ctx context.Context, e event.JudgeLogEntry) (event.JudgeLogEntry, error)
}

// Deps are the director's services the Judge tab calls, each by what it
// uses.
type Deps struct {
	Views   Views
	Rounds  Rounds
	Judging Judging
}

// Screen is the Judge tab: the log on the left; on the right the judges,
// or the entry form while it is open.
type Screen struct {
	// OnChanged, when set, is called after a judge log entry is saved
	// (the window itself follows the director's change notifications).
	OnChanged func()

	d     Deps
	run   work.Runner
	alert work.Alert
	win   fyne.Window

	eventID event.EventID
	data    snapshot
	// sheets holds the round sheets read for the table choosers, by
	// round number; cleared on every reload.
	sheets map[int]director.Sheet
	// lastJudge is the judge of the last entry saved: the form's default.
	lastJudge event.JudgeID
	lines     []line
	selected  event.JudgeLogID // the log entry selected; 0 for none

	roster *rosterPanel
	log    *logPanel
	form   *entryForm
	right  *fyne.Container // the roster or the form
	split  *container.Split
}

// snapshot is what the tab reads from the director at each reload.
type snapshot struct {
	event   event.Event
	entries []event.Entry // sorted by name
	judges  []event.Judge // head judge first, as the director lists them
	problem string        // what the roster lacks (director.JudgeView)
	log     []event.JudgeLogEntry
	rounds  int // rounds paired
	sheet   director.Sheet
}

// New returns the tab; Load shows an event's judges and log in it.
func New(d Deps, run work.Runner, alert work.Alert, win fyne.Window) *Screen {
	s := &Screen{d: d, run: run, alert: alert, win: win, sheets: map[int]director.Sheet{}}
	s.roster = newRosterPanel(s)
	s.log = newLogPanel(s)
	s.form = newEntryForm(s)
	s.right = container.NewStack(s.roster.content, s.form.content)
	s.form.content.Hide()
	s.split = container.NewHSplit(s.log.content, s.right)
	s.split.Offset = 0.56
	return s
}

// Content returns the tab's widgets.
func (s *Screen) Content() fyne.CanvasObject { return s.split }

// Load shows an event's judges and judge log, keeping the form open when
// it is the event shown already (Load is called again after changes made
// in other tabs).
func (s *Screen) Load(id event.EventID) {
	if id != s.eventID {
		s.eventID = id
		s.data = snapshot{}
		s.lastJudge, s.selected = 0, 0
		s.closeForm()
		s.log.setStatus("", widget.MediumImportance)
		s.lines = nil
		s.log.loading()
	}
	s.reload()
}

// reload re-reads everything the tab shows.
func (s *Screen) reload() {
	if s.eventID == 0 {
		return
	}
	id := s.eventID
	work.Call(s.run, func(ctx context.Context) (snapshot, error) {
		return s.read(ctx, id)
	}, work.Shown(s.alert, func() bool { return id == s.eventID }, s.show))
}

// read reads a snapshot of event id: one director read, so what the tab
// shows is one consistent moment.
func (s *Screen) read(ctx context.Context, id event.EventID) (snapshot, error) {
	v, err := s.d.Views.JudgeView(ctx, id)
	if err != nil {
		return snapshot{}, err
	}
	sn := snapshot{event: v.Event, entries: v.Entries, judges: v.Judges, problem: tr.Err(v.Problem), log: v.Log, rounds: v.Rounds, sheet: v.Latest}
	event.SortByName(sn.entries, func(e event.Entry) string { return e.Name })
	// The head judge and the multi-judge order first, then the people
	// outside the order (the organizer).
	slices.SortStableFunc(sn.judges, func(a, b event.Judge) int { return rank(a) - rank(b) })
	return sn, nil
}

// show puts a snapshot on screen.
func (s *Screen) show(sn snapshot) {
	s.data = sn
	s.sheets = map[int]director.Sheet{}
	if sn.rounds > 0 {
		s.sheets[sn.rounds] = sn.sheet
	}
	s.lines = logLines(sn.log, s.names())
	s.roster.show()
	s.log.show()
	if s.formOpen() {
		s.form.refresh()
	}
}

// names names the event's players and judges for judgelog.Describe.
func (s *Screen) names() judgelog.Names {
	n := judgelog.Names{Entries: map[event.EntryID]string{}, Judges: map[event.JudgeID]string{}}
	for _, en := range s.data.entries {
		n.Entries[en.ID] = en.Name
	}
	for _, j := range s.data.judges {
		n.Judges[j.ID] = j.Name
	}
	return n
}

// entry returns the event's entry id.
func (s *Screen) entry(id event.EntryID) (event.Entry, bool) {
	i := slices.IndexFunc(s.data.entries, func(e event.Entry) bool { return e.ID == id })
	if i < 0 {
		return event.Entry{}, false
	}
	return s.data.entries[i], true
}

// judge returns the event's judge id.
func (s *Screen) judge(id event.JudgeID) (event.Judge, bool) {
	i := slices.IndexFunc(s.data.judges, func(j event.Judge) bool { return j.ID == id })
	if i < 0 {
		return event.Judge{}, false
	}
	return s.data.judges[i], true
}

// closed reports whether the event is finished: its judge log is closed.
func (s *Screen) closed() bool { return s.data.event.State == event.StateFinished }

// sheetOf hands round number's sheet to then, reading it if needed; then
// gets false when the round does not exist.
func (s *Screen) sheetOf(number int, then func(director.Sheet, bool)) {
	if number < 1 || number > s.data.rounds {
		then(director.Sheet{}, false)
		return
	}
	if sh, ok := s.sheets[number]; ok {
		then(sh, true)
		return
	}
	id := s.eventID
	work.Call(s.run, func(ctx context.Context) (director.Sheet, error) {
		return s.d.Rounds.RoundSheet(ctx, id, number)
	}, func(sh director.Sheet, err error) {
		if id != s.eventID {
			return
		}
		if err != nil {
			then(director.Sheet{}, false)
			return
		}
		s.sheets[number] = sh
		then(sh, true)
	})
}

// --- the right-hand side: the roster or the form ---

// formOpen reports whether the entry form is shown.
func (s *Screen) formOpen() bool { return s.form.content.Visible() }

// NewEntry opens the form for a new judge log entry (when the event has a
// judge or organizer to name, and its log is open).
func (s *Screen) NewEntry() {
	if len(s.data.judges) == 0 || s.closed() {
		return
	}
	s.form.open(event.JudgeLogEntry{}, 0)
	s.showForm()
}

// correct opens the form prefilled with entry e, to save a correction of
// it.
func (s *Screen) correct(e event.JudgeLogEntry) {
	if len(s.data.judges) == 0 || s.closed() {
		return
	}
	s.form.open(e, e.ID)
	s.showForm()
}

// decide opens the form for the marshal's decision on a flagged player
// (K10): a penalty for that player, by the head judge.
func (s *Screen) decide(entry event.EntryID) {
	if len(s.data.judges) == 0 || s.closed() {
		return
	}
	e := event.JudgeLogEntry{Kind: event.LogPenalty, EntryID: entry}
	if head, ok := judgelog.AppealTo(s.data.judges); ok {
		e.JudgeID = head.ID
	}
	s.form.open(e, 0)
	s.showForm()
}

func (s *Screen) showForm() {
	s.roster.content.Hide()
	s.form.content.Show()
	s.right.Refresh()
	s.form.focusFirst()
}

func (s *Screen) closeForm() {
	s.form.content.Hide()
	s.roster.content.Show()
	s.right.Refresh()
}

// saved is called once an entry is saved: the form closes, the log is
// read again and the window told.
func (s *Screen) saved(e event.JudgeLogEntry) {
	s.lastJudge = e.JudgeID
	s.selected = e.ID
	s.closeForm()
	msg := tr.F("Entry #%d saved", e.ID)
	switch {
	case e.Penalty == judgelog.Void:
		msg = tr.F("Entry #%d withdrawn (by entry #%d)", e.Corrects, e.ID)
	case e.Corrects != 0:
		msg = tr.F("Entry #%d saved: it corrects entry #%d", e.ID, e.Corrects)
	}
	s.log.setStatus(msg, widget.SuccessImportance)
	s.reload()
	if s.OnChanged != nil {
		s.OnChanged()
	}
}

// defaultJudge is the judge the form starts with: the last one used, else
// the first of the roster (the head judge when there is one).
func (s *Screen) defaultJudge() event.JudgeID {
	if _, ok := s.judge(s.lastJudge); ok {
		return s.lastJudge
	}
	if len(s.data.judges) > 0 {
		return s.data.judges[0].ID
	}
	return 0
}

// rank places a judge in the roster: the multi-judge order, then the
// people outside it.
func rank(j event.Judge) int {
	if j.Role == event.RoleHeadJudge {
		return 1
	}
	if j.Order > 0 {
		return j.Order
	}
	return judgelog.MaxOrder + 1
}
