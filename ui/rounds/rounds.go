// Package rounds is the Round tab of an event: the tables of a round with
// their results, and the keyboard result entry a scorekeeper uses at the
// desk (table number, Enter, result, Enter).
//
// Multiplayer rounds (tables of three to five: Heresy, Shadowfist,
// placement formats) list each table's seats stacked in seat order, and
// Enter in the Table field opens a result panel for the table: a number
// per seat (Tau stored, game points), the winner's seat number, Time-out,
// with the scores previewed before Enter saves.
//
// A round is paired as a draft. While it is one, the tab says so in a
// banner and offers what can still change: swap two players (click one
// name, then the other), pair the round again with a new seed, or publish
// it. Results can be entered only once the pairings are published.
package rounds

import (
	"context"
	"errors"
	"fmt"
	"image/color"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
	"tablekeeper/core/rules"
	"tablekeeper/ui/internal/columns"
	"tablekeeper/ui/internal/keys"
	"tablekeeper/ui/internal/labels"
	"tablekeeper/ui/internal/toggle"
	"tablekeeper/ui/internal/tr"
	"tablekeeper/ui/internal/work"
)

// Deps are the director's services the round tab calls, each through
// the small interface of the methods the tab calls of it.
type Deps struct {
	// Views reads the round the tab shows (director.Views).
	Views Views
	// Rounds records results (director.Rounds).
	Rounds Results
	// Drafts publishes, repairs, withdraws and swaps a draft round
	// (director.Drafts).
	Drafts Drafts
	// Network resolves the results reported on the store network
	// (director.Network).
	Network Reports
	// Drops answers the players' drop requests (director.Drops).
	Drops Drops
}

// Views is what the tab reads.
type Views interface {
	RoundView(ctx context.Context, id event.EventID, number, seen int) (director.RoundView, error)
}

// Results records a table's result, as the tab and its going-to-time
// forms do (timeout.Director).
type Results interface {
	RecordResultSeen(ctx context.Context, id event.EventID, round, table int, seen *event.Result, res event.Result) error
}

// Drafts is what the tab does to a draft round.
type Drafts interface {
	PublishRound(ctx context.Context, id event.EventID, number int) error
	SwapPlayers(ctx context.Context, id event.EventID, number int, a, b event.EntryID) error
	RepairRound(ctx context.Context, id event.EventID) (event.Round, error)
	WithdrawRound(ctx context.Context, id event.EventID) error
}

// Reports resolves the reports of the desk list.
type Reports interface {
	// ResolveReport accepts or rejects a report of the desk list, of
	// either kind.
	ResolveReport(ctx context.Context, id event.EventID, reportID int64, accept bool) error
}

// DraftBanner is the banner over a draft round.
var DraftBanner = tr.K("Draft — not published yet: check the pairings, swap players or pair again, then publish")

// draftBannerTeams is DraftBanner in a team event, where a swap moves
// whole teams.
var draftBannerTeams = tr.K("Draft — not published yet: check the pairings, swap teams or pair again, then publish")

// Screen is the Round tab.
type Screen struct {
	// correcting is the open "Correct table N?" question, if any.
	correcting dialog.Dialog

	// OnPublishing, when set, is called when the tab starts publishing
	// round n, and with 0 once the round is read back published or the
	// director refused (the window's header button follows it).
	OnPublishing func(n int)

	// OnChanged, when set, is called after a saved change: a result, a
	// swap, a new pairing or a publication (the window itself follows the director's change notifications).
	OnChanged func()

	// saving counts the tab's writes under way (save); missed says that
	// Follow read nothing meanwhile; loads counts Load's calls.
	saving int
	missed bool
	loads  int

	// pins is the banner of wrong PINs on the store network (pinalert.go).
	pins *pinAlert

	d     Deps
	run   work.Runner
	alert work.Alert
	win   fyne.Window

	eventID event.EventID
	rounds  []event.Round // heads as last read, for the selector
	// next is the event's Progress read with the rounds: the status line
	// ends with what it says comes next.
	next   director.Progress
	number int // round shown
	sheet  director.Sheet
	// rows maps the list's rows to the sheet's tables: one row a table,
	// except that a team's bye (a bye table per player) is one row.
	rows []int
	// focusTable asks for the Table field once the next sheet is shown
	// (after publishing, when the fields become enabled).
	focusTable bool
	// selecting is on while the screen itself sets the round selector,
	// which must not read the round again.
	selecting bool

	// Swap mode: on while the organizer picks players to swap.
	swapping bool
	swapped  bool                 // a swap was made since the mode started
	picked   director.SheetPlayer // the first player clicked; Entry 0 for none
	oldKey   func(*fyne.KeyEvent)

	roundSelect  *widget.Select
	timeCalled   *widget.Button
	progress     *widget.Label
	banner       *fyne.Container
	bannerText   *widget.Label
	swapButton   *widget.Button
	cancelSwap   *widget.Button
	repairButton *widget.Button
	withdraw     *widget.Button
	publish      *widget.Button
	confirm      *keys.Confirm
	table        *keys.Entry
	resultLabel  *widget.Label
	result       *keys.Entry
	missing      *widget.Button
	// missingList is the open Missing results list, if any.
	missingList *keys.Confirm
	resultBox   *fyne.Container
	saveButton  *widget.Button
	status      *widget.Label
	hint        *widget.RichText
	cols        *columns.Layout
	list        *widget.List
	empty       *widget.Label
	content     fyne.CanvasObject

	// Multiplayer rounds (tables of 3 to 5) have their own rows, header
	// and result panel; two-player rounds keep the list above.
	mcols         *columns.Layout
	mlist         *widget.List
	twoHeader     *fyne.Container
	mheader       *fyne.Container
	seatHeads     [2]*widget.Label // "Seat 1", "Seat 2"; "Team A", "Team B" in a team event
	resultHeading *widget.Label
	panel         *resultPanel // the open result panel, if any

	// phone lists the phone reports waiting for the organizer.
	phone *phonePanel
	// drops lists the players' requests to drop (drops.go).
	drops *dropPanel
	// reported counts, by table, the sides that reported from their own
	// phones (confirm.go).
	reported map[int]director.ReportedCount
	// loneTimer reads the view again while a lone report waits for time.
	loneTimer interface{ Stop() bool }

	// reads runs the tab's reads one at a time (a result from a phone
	// every second at 1,024 players must not pile them up).
	reads work.Reads
	// loading is on from opening an event until its first read arrives;
	// pairing is the round the window is pairing, 0 when none.
	loading bool
	pairing int
	// publishing is the round being published, until a read shows it
	// published (its buttons stay off meanwhile).
	publishing int
	// working says what is under way: pairing or publishing.
	working *widget.ProgressBarInfinite
	// entryBar holds the Table and Result fields, hidden while the round
	// is a draft (nothing can be typed in it then, and at 1366×768 its
	// line left room for five tables only).
	entryBar *fyne.Container
	// draftHint says, in a draft's empty status line, why results wait.
	draftHint *widget.RichText
}

// The columns of a two-player round: table, seat 1 (right-aligned towards
// the result), points, result, points, seat 2, why. A team event's seats
// name a team and its players, so they take more of the width.
var (
	playerCols = []columns.Col{{Width: 56}, {Width: 150, Grow: 2}, {Width: 44}, {Width: 80}, {Width: 44}, {Width: 150, Grow: 2}, {Width: 160, Grow: 3}}
	teamCols   = []columns.Col{{Width: 56}, {Width: 220, Grow: 3}, {Width: 44}, {Width: 80}, {Width: 44}, {Width: 220, Grow: 3}, {Width: 120, Grow: 1}}
)

// selectWidth fits "Round 12 · top 16: quarter-final · draft".
const selectWidth = 340

// New returns the tab; Load shows an event's rounds in it.
func New(d Deps, run work.Runner, alert work.Alert, win fyne.Window) *Screen {
	s := &Screen{d: d, run: run, alert: alert, win: win}
	s.roundSelect = &widget.Select{PlaceHolder: tr.L("No rounds"), OnChanged: s.onRoundSelected}
	s.progress = &widget.Label{TextStyle: fyne.TextStyle{Bold: true}, Truncation: fyne.TextTruncateEllipsis}
	s.table = keys.NewEntry(tr.L("Table"))
	s.table.OnSubmitted = s.onTableSubmitted
	s.result = keys.NewEntry("2-1")
	s.result.OnSubmitted = s.onResultSubmitted
	// F2 lists the tables still out wherever the cursor is in the entry
	// fields; the button does the same.
	// Esc gives up the table and result being typed: both fields empty,
	// the cursor back in Table, as after a save.
	s.table.OnKey = map[fyne.KeyName]func(){MissingKey: s.ShowMissing, fyne.KeyEscape: s.cancelEntry}
	s.result.OnKey = s.table.OnKey
	s.missing = &widget.Button{Text: tr.L("Missing results (F2)"), Icon: theme.ListIcon(), OnTapped: s.ShowMissing}
	s.saveButton = &widget.Button{Text: tr.L("Save result"), Icon: theme.DocumentSaveIcon(), OnTapped: s.onSave}
	s.timeCalled = &widget.Button{Text: tr.L("Time called…"), Icon: theme.HistoryIcon(), OnTapped: s.onTimeCalled}
	s.timeCalled.Hide()
	s.status = &widget.Label{Wrapping: fyne.TextWrapWord, TextStyle: fyne.TextStyle{Bold: true}}
	s.hint = columns.Secondary(tr.Text(rules.ResultHint(3, true)), true)
	s.cols = columns.New(playerCols...)
	s.list = &widget.List{Length: s.length, CreateItem: s.createItem, UpdateItem: s.updateItem, OnSelected: s.onRowSelected}
	s.mcols = newMultiColumns()
	s.mlist = &widget.List{Length: s.length, CreateItem: s.createMultiItem, UpdateItem: s.updateMultiItem, OnSelected: s.onRowSelected}
	s.mlist.Hide()
	s.twoHeader = s.header()
	s.mheader = s.multiHeader()
	s.mheader.Hide()
	s.empty = &widget.Label{Text: tr.L(noRound), Alignment: fyne.TextAlignCenter, Wrapping: fyne.TextWrapWord, Importance: widget.LowImportance}
	s.working = widget.NewProgressBarInfinite()
	s.working.Stop()
	s.working.Hide()

	s.banner = s.newBanner()
	entryHeight := s.table.MinSize().Height
	s.resultLabel = &widget.Label{Text: tr.L("Result"), TextStyle: fyne.TextStyle{Bold: true}}
	s.resultBox = container.NewGridWrap(fyne.NewSize(140, entryHeight), s.result)
	s.entryBar = container.NewHBox(
		&widget.Label{Text: tr.L("Table"), TextStyle: fyne.TextStyle{Bold: true}},
		container.NewGridWrap(fyne.NewSize(90, entryHeight), s.table),
		s.resultLabel,
		s.resultBox,
		s.saveButton,
		s.timeCalled,
		s.missing,
	)
	s.pins = newPINAlert()
	top := container.NewVBox(
		container.NewBorder(nil, nil, container.NewGridWrap(fyne.NewSize(selectWidth, s.roundSelect.MinSize().Height), s.roundSelect), nil, s.progress),
		s.working,
		s.pins.box,
		s.banner,
		s.entryBar,
		s.statusBox(),
		s.hint,
		widget.NewSeparator(),
		s.twoHeader,
		s.mheader,
	)
	// The phone reports come and go under the tables, never moving the
	// fields the organizer is typing in.
	s.phone = newPhonePanel(s)
	s.drops = newDropPanel(s)
	s.content = container.NewBorder(top, container.NewVBox(s.phone.box, s.drops.box), nil, nil, container.NewStack(s.list, s.mlist, container.NewVBox(s.empty)))
	return s
}

// noRound is the Round tab of an event with no round paired.
var noRound = tr.K("No round paired yet. When registration is done, press Pair round 1 above.")

// ShowPairing says, over the tables, that round n is being paired (the
// window calls it when the organizer pairs); 0 says it is done.
func (s *Screen) ShowPairing(n int) {
	was := tr.F("Pairing round %d…", s.pairing)
	s.pairing = n
	switch {
	case n > 0 && len(s.rounds) > 0:
		// The tables of the round before stay; the status line says it.
		s.setStatus(tr.F("Pairing round %d…", n), widget.MediumImportance)
	case n == 0 && s.status.Text == was:
		s.setStatus("", widget.MediumImportance)
	}
	s.showEmpty()
}

// showEmpty says why there are no tables: the event is being read, a
// round is being paired, or none is paired yet.
func (s *Screen) showEmpty() {
	busy := s.loading || s.pairing > 0
	switch {
	case s.pairing > 0:
		s.empty.SetText(tr.F("Pairing round %d…", s.pairing))
	case s.loading:
		s.empty.SetText(tr.L("Loading…"))
	default:
		s.empty.SetText(tr.L(noRound))
	}
	s.empty.Hidden = len(s.rounds) > 0
	s.empty.Refresh()
	s.showWorking(busy || s.publishing > 0)
}

// showWorking shows the bar that says work is under way.
func (s *Screen) showWorking(on bool) {
	if on {
		s.working.Show()
		s.working.Start()
		return
	}
	s.working.Stop()
	s.working.Hide()
}

// newBanner builds the draft banner: what to do, and the buttons that do
// it, on a tinted background that reads in light and dark themes.
func (s *Screen) newBanner() *fyne.Container {
	s.bannerText = &widget.Label{Text: tr.L(DraftBanner), TextStyle: fyne.TextStyle{Bold: true}, Wrapping: fyne.TextWrapWord}
	s.swapButton = &widget.Button{Text: tr.L("Swap players"), Icon: theme.ViewRefreshIcon(), OnTapped: s.StartSwap}
	s.cancelSwap = &widget.Button{Text: tr.L("Cancel"), Icon: theme.CancelIcon(), OnTapped: s.onCancelSwap}
	s.cancelSwap.Hide()
	s.repairButton = &widget.Button{Text: tr.L("Pair again"), Icon: theme.MediaReplayIcon(), OnTapped: s.onRepair}
	s.withdraw = &widget.Button{Text: tr.L("Withdraw"), Icon: theme.DeleteIcon(), OnTapped: s.onWithdraw}
	s.publish = &widget.Button{Text: tr.L("Publish pairings"), Icon: theme.ConfirmIcon(), Importance: widget.HighImportance, OnTapped: s.Publish}
	tint := canvas.NewRectangle(color.NRGBA{R: 0xff, G: 0x98, B: 0x00, A: 0x38})
	tint.CornerRadius = theme.InputRadiusSize()
	buttons := container.NewHBox(s.swapButton, s.cancelSwap, s.withdraw, s.repairButton, s.publish)
	// The banner keeps the height of two lines whatever it says, so the
	// tables below do not jump while the organizer is clicking names.
	text := container.New(atLeast{ref: &widget.Label{Text: "Two\nlines", TextStyle: fyne.TextStyle{Bold: true}}}, s.bannerText)
	body := container.NewBorder(nil, nil, widget.NewIcon(theme.WarningIcon()), container.NewCenter(buttons), text)
	b := container.NewStack(tint, container.NewPadded(body))
	b.Hide()
	return b
}

// header names the columns: the two seats face each other across the
// result, each with its points before the round.
func (s *Screen) header() *fyne.Container {
	cell := func(text string, align fyne.TextAlign) *widget.Label {
		return &widget.Label{Text: text, Alignment: align, TextStyle: fyne.TextStyle{Bold: true}}
	}
	s.seatHeads = [2]*widget.Label{cell(tr.F("Player %d", 1), fyne.TextAlignTrailing), cell(tr.F("Player %d", 2), fyne.TextAlignLeading)}
	return s.cols.Row(
		cell(tr.L("Table"), fyne.TextAlignCenter), s.seatHeads[0], cell(tr.L("Pts"), fyne.TextAlignCenter),
		cell(tr.L("Result"), fyne.TextAlignCenter), cell(tr.L("Pts"), fyne.TextAlignCenter), s.seatHeads[1],
		cell(tr.L("Pairing"), fyne.TextAlignLeading),
	)
}

// Content returns the tab's widgets.
func (s *Screen) Content() fyne.CanvasObject { return s.content }

// Sheet returns the round shown.
func (s *Screen) Sheet() director.Sheet { return s.sheet }

// Draft reports whether the round shown is a draft.
func (s *Screen) Draft() bool {
	return s.number > 0 && s.sheet.Round.Number == s.number && !s.sheet.Round.Published() &&
		s.sheet.Event.State != event.StateFinished
}

// Swapping reports whether swap mode is on.
func (s *Screen) Swapping() bool { return s.swapping }

// FocusTable puts the cursor in the Table field (not while the round is a
// draft: the field is disabled then).
func (s *Screen) FocusTable() {
	if !s.table.Disabled() {
		s.win.Canvas().Focus(s.table)
	}
}

// Load shows the event's latest round (or keeps the round shown when it
// is the same event and no round was paired since), read in one director
// call (RoundView): the selector's rounds and the round's tables are one
// consistent moment.
func (s *Screen) Load(id event.EventID) {
	s.loads++
	if id != s.eventID {
		s.stopSwap()
		s.eventID, s.rounds, s.number = id, nil, 0
		s.setSheet(director.Sheet{})
		s.phone.set(nil)
		s.drops.set(nil)
		s.setStatus("", widget.MediumImportance)
		s.table.SetText("")
		s.result.SetText("")
		// Nothing of the event is known until its first read arrives.
		s.loading, s.pairing = true, 0
		s.setPublishing(0)
		s.showMode()
		s.refreshTables()
		s.showEmpty()
	}
	s.reads.Start(s.run, s.readView)
}

// readView reads the event, the round shown and the selector's rounds at
// once (RoundView), when the read starts: reads run one at a time, and
// one that waited reads what is shown by then.
func (s *Screen) readView() (func(), func()) {
	id, number, seen := s.eventID, s.number, len(s.rounds)
	var (
		v   director.RoundView
		err error
	)
	return func() { v, err = s.d.Views.RoundView(context.Background(), id, number, seen) }, func() {
		if err != nil {
			s.alert(err)
			return
		}
		// The organizer chose another round meanwhile: its read follows.
		if id != s.eventID || number != s.number {
			return
		}
		s.showView(v)
	}
}

// showView shows a Round tab view: the selector's rounds and the round's
// tables.
func (s *Screen) showView(v director.RoundView) {
	count := len(v.Heads)
	if count > len(s.rounds) && len(s.rounds) > 0 {
		// A new round: what the status line said was about the last one.
		s.setStatus("", widget.MediumImportance)
	}
	s.rounds, s.next = v.Heads, v.Progress
	s.loading = false
	if s.pairing > 0 && count >= s.pairing {
		// The round paired is here.
		s.ShowPairing(0)
	}
	s.phone.set(v.Reports)
	s.drops.set(v.Drops)
	s.reported = v.Reported
	s.recheckLone(v)
	options := make([]string, count)
	for i, r := range v.Heads {
		options[i] = labels.Round(r)
	}
	s.roundSelect.Options = options
	s.showEmpty()
	if count == 0 {
		s.number = 0
		s.setSheet(director.Sheet{})
		s.roundSelect.ClearSelected()
		s.progress.SetText("")
		s.showMode()
		s.refreshTables()
		return
	}
	n := v.Sheet.Round.Number
	if n != s.number {
		s.stopSwap()
	}
	s.number = n
	// Selecting the round shown must not read it again.
	s.selecting = true
	s.roundSelect.SetSelectedIndex(n - 1)
	s.selecting = false
	s.roundSelect.Refresh()
	s.showSheet(v.Sheet)
}

func (s *Screen) onRoundSelected(string) {
	if i := s.roundSelect.SelectedIndex(); i >= 0 && !s.selecting {
		s.loadSheet(i + 1)
	}
}

func (s *Screen) loadSheet(n int) {
	if n != s.number {
		s.stopSwap()
	}
	s.number = n
	s.reads.Start(s.run, s.readView)
}

// showSheet shows a round's tables.
func (s *Screen) showSheet(sh director.Sheet) {
	if s.publishing > 0 && (sh.Round.Number != s.publishing || sh.Round.Published()) {
		s.setPublishing(0)
		s.showBanner()
		s.showEmpty()
	}
	s.setSheet(sh)
	s.progress.SetText(Progress(sh, s.next))
	s.showMode()
	if Multiplayer(sh) {
		s.setRowHeights()
	}
	s.refreshTables()
	if s.focusTable {
		s.focusTable = false
		s.FocusTable()
	}
}

// showMode shows the draft banner and disables result entry while the
// round shown is a draft, and the reverse once it is published.
func (s *Screen) showMode() {
	draft := s.Draft()
	if !draft {
		s.stopSwap()
	}
	s.banner.Hidden = !draft
	s.showBanner()
	s.entryBar.Hidden = draft
	s.entryBar.Refresh()
	finished := s.sheet.Event.State == event.StateFinished
	for _, w := range []fyne.Disableable{s.table, s.result, s.saveButton} {
		if draft || s.number == 0 || finished {
			w.Disable()
		} else {
			w.Enable()
		}
	}
	bestOf := labels.BestOf(s.sheet.Round, s.sheet.Event.Settings)
	s.result.SetPlaceHolder(rules.ResultPlaceholder(bestOf))
	multi := Multiplayer(s.sheet)
	s.showMulti(multi)
	heads, cols := [2]string{tr.F("Player %d", 1), tr.F("Player %d", 2)}, playerCols
	if Teams(s.sheet) {
		heads, cols = [2]string{tr.L("Team A"), tr.L("Team B")}, teamCols
	}
	for k, l := range s.seatHeads {
		l.SetText(heads[k])
	}
	s.cols.Set(cols...)
	s.twoHeader.Refresh()
	s.swapButton.SetText(swapWords(s.sheet, tr.K("Swap players"), tr.K("Swap teams")))
	if !s.swapping {
		s.bannerText.SetText(swapWords(s.sheet, DraftBanner, draftBannerTeams))
	}
	draws, _ := rules.MatchDraws(s.sheet.Event, s.sheet.Round)
	switch {
	case s.number == 0:
		// No round yet: no best-of to speak of (the settings' value shows
		// on the header and in Settings).
		columns.SetSecondary(s.hint, tr.L("Results are typed here once round 1 is paired and its pairings published."))
	case draft:
		columns.SetSecondary(s.hint, tr.L(DraftHint))
	case multi:
		columns.SetSecondary(s.hint, tr.Text(rules.MultiFormFor(s.sheet.Event.Settings).Hint()))
	case Teams(s.sheet):
		columns.SetSecondary(s.hint, tr.Text(rules.TeamResultHint(bestOf, draws)))
	default:
		columns.SetSecondary(s.hint, strings.TrimSpace(tr.Text(rules.ResultHint(bestOf, draws))+" "+tr.Text(rules.MatchNote(s.sheet.Event, s.sheet.Round))))
	}
	s.showDraftHint()
}

// setPublishing notes the round being published (0: none) and tells
// OnPublishing.
func (s *Screen) setPublishing(n int) {
	if n == s.publishing {
		return
	}
	s.publishing = n
	if s.OnPublishing != nil {
		s.OnPublishing(n)
	}
}

// showBanner turns the draft's buttons off while the round is being
// published.
func (s *Screen) showBanner() {
	for _, b := range []*widget.Button{s.swapButton, s.cancelSwap, s.withdraw, s.repairButton, s.publish} {
		if s.publishing > 0 {
			b.Disable()
		} else {
			b.Enable()
		}
	}
	s.banner.Refresh()
}

// showMulti switches between the two-player rows and result field, and
// the multiplayer rows whose results are entered in a panel.
func (s *Screen) showMulti(multi bool) {
	for _, o := range []fyne.CanvasObject{s.resultLabel, s.resultBox, s.twoHeader, s.list} {
		toggle.Visible(o, !multi)
	}
	for _, o := range []fyne.CanvasObject{s.mheader, s.mlist} {
		toggle.Visible(o, multi)
	}
	if multi {
		s.saveButton.SetText(tr.L("Enter result"))
		s.saveButton.SetIcon(theme.DocumentCreateIcon())
		s.resultHeading.SetText(tr.L(rules.MultiFormFor(s.sheet.Event.Settings).ResultName()))
	} else {
		s.saveButton.SetText(tr.L("Save result"))
		s.saveButton.SetIcon(theme.DocumentSaveIcon())
	}
}

// refreshTables redraws the rows of the round shown.
func (s *Screen) refreshTables() {
	if Multiplayer(s.sheet) {
		s.mlist.Refresh()
	} else {
		s.list.Refresh()
	}
}

// Progress says how many results of a round are in: "5 of 12 results in",
// and, under the latest round once they all are, what comes next as the
// director's Progress says it (next, read with the sheet). A draft says
// it is one.
func Progress(sh director.Sheet, next director.Progress) string {
	played, in, byes := 0, 0, 0
	for _, t := range sh.Tables {
		if t.Bye {
			byes++
			continue
		}
		played++
		if t.Result != nil {
			in++
		}
	}
	if Teams(sh) {
		byes = teamByes(sh)
	}
	if !sh.Round.Published() {
		s := tr.N("Draft: %d tables", played, played)
		switch {
		case byes > 0 && Teams(sh):
			s = tr.N("%s and %d team byes", byes, s, byes)
		case byes > 0:
			s = tr.N("%s and %d byes", byes, s, byes)
		}
		return tr.F("%s, not published", s)
	}
	s := tr.F("%d of %d results in", in, played)
	if in < played || sh.Round.Number != next.Rounds || next.Status().IsZero() {
		return s
	}
	return s + " · " + tr.Text(next.Status())
}

// --- draft: publish, pair again, swap ---

// Publish publishes the draft round shown; result entry then opens, with
// the cursor in the Table field.
func (s *Screen) Publish() {
	if !s.Draft() || s.publishing > 0 {
		return
	}
	s.stopSwap()
	id, n := s.eventID, s.number
	// Seen at once: the draft's buttons are off and the status line says
	// what is under way, until the round is read back published.
	s.setPublishing(n)
	s.setStatus(tr.F("Publishing round %d…", n), widget.MediumImportance)
	s.showBanner()
	s.showEmpty()
	s.save(func(ctx context.Context) error {
		return s.d.Drafts.PublishRound(ctx, id, n)
	}, func(err error) {
		if err != nil {
			s.setPublishing(0)
			s.showBanner()
			s.showEmpty()
			s.fail(err)
			return
		}
		s.setStatus(tr.F("Round %d published: enter the results as tables report", n), widget.SuccessImportance)
		s.focusTable = true
		s.changed(id)
	})
}

func (s *Screen) onRepair() {
	if !s.Draft() {
		return
	}
	s.askDraft(tr.L("Pair again"), tr.F("Pair round %d again with a new random seed? The current draft is discarded.", s.number),
		tr.L("Pair again"), s.onRepairConfirmed)
}

// askDraft leaves swap mode and asks before a change to the draft.
func (s *Screen) askDraft(title, msg, confirm string, then func(bool)) {
	s.stopSwap()
	s.confirm = keys.NewConfirm(s.win, keys.ConfirmOptions{Title: title, Message: msg, Yes: confirm}, then)
	s.confirm.Show()
}

func (s *Screen) onRepairConfirmed(ok bool) {
	if !ok {
		return
	}
	id := s.eventID
	work.Call(s.run, func(ctx context.Context) (event.Round, error) {
		return s.d.Drafts.RepairRound(ctx, id)
	}, func(r event.Round, err error) {
		if err != nil {
			s.fail(err)
			return
		}
		// The new seed is in the log; the organizer needs the next step.
		s.setStatus(tr.F("Round %d paired again: check the new pairings, then publish", r.Number), widget.SuccessImportance)
		s.changed(id)
	})
}

// onWithdraw asks, then removes the draft round (paired by mistake).
func (s *Screen) onWithdraw() {
	if !s.Draft() {
		return
	}
	s.askDraft(tr.L("Withdraw round"), tr.F("Withdraw round %d? Its draft pairings are discarded; nothing else changes.", s.number),
		tr.L("Withdraw"), s.onWithdrawConfirmed)
}

func (s *Screen) onWithdrawConfirmed(ok bool) {
	if !ok {
		return
	}
	id, number := s.eventID, s.number
	s.save(func(ctx context.Context) error {
		return s.d.Drafts.WithdrawRound(ctx, id)
	}, func(err error) {
		if err != nil {
			s.fail(err)
			return
		}
		s.setStatus(tr.F("Round %d withdrawn", number), widget.SuccessImportance)
		s.changed(id)
	})
}

// StartSwap turns swap mode on: the organizer clicks one player, then the
// one to swap with. Esc or Cancel turns it off.
func (s *Screen) StartSwap() {
	if !s.Draft() || s.swapping {
		return
	}
	s.swapping, s.swapped = true, false
	s.picked = director.SheetPlayer{}
	c := s.win.Canvas()
	s.oldKey = c.OnTypedKey()
	c.Unfocus()
	c.SetOnTypedKey(s.onSwapKey)
	s.swapButton.Hide()
	s.cancelSwap.SetText(tr.L("Cancel"))
	s.cancelSwap.Show()
	s.setStatus("", widget.MediumImportance)
	s.showSwapHelp()
	s.refreshTables()
}

// SwapHelp is the banner in swap mode before a player is picked.
var SwapHelp = tr.K("Swap players: click a player, then the player to swap with. Esc or Cancel stops.")

// swapAgainHelp is the banner in swap mode after a swap.
var swapAgainHelp = tr.K("Swap players: click two more players to swap them too. Esc or Done stops.")

// showSwapHelp puts what to click next in the banner.
func (s *Screen) showSwapHelp() {
	switch {
	case !s.swapping:
		s.bannerText.SetText(swapWords(s.sheet, DraftBanner, draftBannerTeams))
	case s.picked.Entry == 0 && s.swapped:
		s.bannerText.SetText(swapWords(s.sheet, swapAgainHelp, tr.K("Swap teams: click two more teams to swap them too. Esc or Done stops.")))
	case s.picked.Entry == 0:
		s.bannerText.SetText(swapWords(s.sheet, SwapHelp, tr.K("Swap teams: click a team, then the team to swap with. Esc or Cancel stops.")))
	default:
		s.bannerText.SetText(i18n.Sprintf(tr.Lang(), swapWords(s.sheet, tr.K("Swap players: %[1]s picked. Click the player to swap with (or %[1]s again to unpick)."),
			tr.K("Swap teams: %[1]s picked. Click the team to swap with (or %[1]s again to unpick).")), s.picked.Name))
	}
}

// swapWords says the key for teams in a team event, where a swap moves
// whole teams, else the key for players.
func swapWords(sh director.Sheet, players, teams string) string {
	if Teams(sh) {
		return tr.L(teams)
	}
	return tr.L(players)
}

// stopSwap turns swap mode off, if on.
func (s *Screen) stopSwap() {
	if !s.swapping {
		return
	}
	s.swapping = false
	s.picked = director.SheetPlayer{}
	s.win.Canvas().SetOnTypedKey(s.oldKey)
	s.oldKey = nil
	s.cancelSwap.Hide()
	s.swapButton.Show()
	s.showSwapHelp()
	s.refreshTables()
}

func (s *Screen) onCancelSwap() {
	if !s.swapping {
		return
	}
	done := s.swapped
	s.stopSwap()
	if !done {
		s.setStatus(tr.L("Swap cancelled"), widget.MediumImportance)
	}
}

func (s *Screen) onSwapKey(ev *fyne.KeyEvent) {
	if ev.Name == fyne.KeyEscape {
		s.onCancelSwap()
		return
	}
	if s.oldKey != nil {
		s.oldKey(ev)
	}
}

// onSeatTapped handles a click on a name: in a draft it picks the player
// for a swap (starting swap mode if needed), or swaps with the player
// picked before; in a published round it selects the row.
func (s *Screen) onSeatTapped(row int, p director.SheetPlayer) {
	if !s.Draft() {
		s.onRowSelected(row)
		return
	}
	if !s.swapping {
		s.StartSwap()
	}
	switch {
	case s.picked.Entry == 0:
		s.picked = p
	case s.picked.Entry == p.Entry:
		s.picked = director.SheetPlayer{}
	default:
		s.swap(s.picked, p)
		return
	}
	s.showSwapHelp()
	s.refreshTables()
}

func (s *Screen) swap(a, b director.SheetPlayer) {
	id, n := s.eventID, s.number
	s.picked = director.SheetPlayer{}
	s.showSwapHelp()
	s.save(func(ctx context.Context) error {
		return s.d.Drafts.SwapPlayers(ctx, id, n, a.Entry, b.Entry)
	}, func(err error) {
		if err != nil {
			s.setStatus(tr.F("Not swapped: %s", work.Sentence(err)), widget.DangerImportance)
			s.refreshTables()
			return
		}
		s.swapped = true
		s.cancelSwap.SetText(tr.L("Done"))
		s.showSwapHelp()
		s.setStatus(tr.F("%s and %s swapped seats", a.Name, b.Name), widget.SuccessImportance)
		s.changed(id)
	})
}

// followed are the changes that Follow reads the tab again for: what its
// tables, its lists (phone reports, drop requests) and its header show.
const followed = director.ChangeRegistration | director.ChangeRound | director.ChangeResult | director.ChangeJudgeLog |
	director.ChangePhoneReports | director.ChangePlayerReports

// Follow reads the tab again for a change the director told of, when it
// is a change of the event shown that the tab shows (followed). While a
// write of the tab is under way it reads nothing: the write's end reads
// the tab (changed, or save itself), after every change told until then,
// so a change saved here is read once, not once for its change and once
// more when the save returns.
func (s *Screen) Follow(c director.Change) {
	if s.eventID == 0 || c.Event != 0 && c.Event != s.eventID || !c.What.Has(followed) {
		return
	}
	if s.saving > 0 {
		s.missed = true
		return
	}
	s.Load(s.eventID)
}

// save runs one of the tab's writes, then done (on the UI thread, as
// work.Do). Follow reads nothing while it runs; when done has not read the
// tab again and a change was told meanwhile, save reads it.
func (s *Screen) save(call func(context.Context) error, done func(error)) {
	s.saving++
	work.Do(s.run, call, func(err error) {
		s.saving--
		missed := s.missed && s.saving == 0
		if s.saving == 0 {
			s.missed = false
		}
		loads := s.loads
		done(err)
		if missed && s.loads == loads {
			s.Load(s.eventID)
		}
	})
}

// changed re-reads the round and tells the window.
func (s *Screen) changed(id event.EventID) {
	s.Load(id)
	if s.OnChanged != nil {
		s.OnChanged()
	}
}

// --- result entry ---

// onTableSubmitted checks the table typed and moves to the Result field;
// it never saves. A table that does not exist is refused here, before a
// result is typed; a table that has a result shows it, so a slip of the
// finger ("1" for "11") is seen before anything is replaced.
func (s *Screen) onTableSubmitted(string) {
	if Multiplayer(s.sheet) {
		s.openTable()
		return
	}
	t, err := s.typedTable()
	if err != nil {
		s.failAndReset(err)
		return
	}
	if t.Result != nil {
		s.setStatus(tr.F("Table %d already has %s: a new result asks before replacing it.",
			t.Number, describeTable(t)), widget.WarningImportance)
	} else {
		s.setStatus(tr.F("Table %d: %s", t.Number, describeTable(t)), widget.MediumImportance)
	}
	s.win.Canvas().Focus(s.result)
}

// typedTable is the table of this round whose number is in the Table
// field, or a sentence saying why there is none.
func (s *Screen) typedTable() (director.SheetTable, error) {
	text := strings.TrimSpace(s.table.Text)
	number, err := strconv.Atoi(text)
	if err != nil {
		if text == "" {
			return director.SheetTable{}, event.Invalid("type the table number first")
		}
		return director.SheetTable{}, event.Invalidf("%q is not a table number: type the number on the table", text)
	}
	t, ok := s.sheetTable(number)
	if !ok {
		return director.SheetTable{}, event.Invalidf("there is no table %d in round %d: its tables are %s", number, s.number, tableRange(s.sheet))
	}
	return t, nil
}

// tableRange says which tables a round has ("1–25").
func tableRange(sh director.Sheet) i18n.Text {
	lo, hi := 0, 0
	for _, t := range sh.Tables {
		if t.Bye {
			continue
		}
		if lo == 0 || t.Number < lo {
			lo = t.Number
		}
		hi = max(hi, t.Number)
	}
	switch {
	case hi == 0:
		return i18n.F("none (byes only)")
	case lo == hi:
		return i18n.F("only %d", lo)
	}
	return i18n.F("%d–%d", lo, hi)
}

// describeTable is a table's players and, when it has one, its result.
func describeTable(t director.SheetTable) string {
	sides := [2]director.SheetPlayer{}
	if ts, ok := teamSides(t); ok {
		sides = ts
	} else if len(t.Players) == 2 {
		sides = [2]director.SheetPlayer{t.Players[0], t.Players[1]}
	} else {
		return ResultText(t.Table)
	}
	if t.Result == nil {
		return tr.F("%s v %s", sides[0].Name, sides[1].Name)
	}
	return fmt.Sprintf("%s %s %s", sides[0].Name, ResultText(event.TeamMatch(t.Table)), sides[1].Name)
}

func (s *Screen) onResultSubmitted(string) { s.onSave() }

func (s *Screen) setStatus(text string, imp widget.Importance) {
	s.status.Importance = imp
	s.status.SetText(text)
	s.showDraftHint()
}

// showDraftHint shows the draft's hint in the empty status line of a
// draft, and the usual hint line otherwise.
func (s *Screen) showDraftHint() {
	draft := s.Draft()
	toggle.Visible(s.draftHint, draft && s.status.Text == "")
	toggle.Visible(s.hint, !draft)
}

// fail shows the problem in red on the status line; nothing was saved.
func (s *Screen) fail(err error) { s.setStatus(work.Sentence(err), widget.DangerImportance) }

// failAndReset shows the problem and leaves the fields clean with the
// cursor in Table, so the next table typed never joins what was there.
func (s *Screen) failAndReset(err error) {
	s.fail(err)
	s.resetEntry()
}

// resetEntry empties both fields and puts the cursor in Table: the known
// state after every save, cancel or error.
func (s *Screen) resetEntry() {
	s.table.SetText("")
	s.result.SetText("")
	s.FocusTable()
}

// cancelEntry is Esc in the Table or Result field: what was typed goes,
// and so does the status line about that table, which no longer applies.
func (s *Screen) cancelEntry() {
	if s.table.Text == "" && s.result.Text == "" {
		return
	}
	s.setStatus("", widget.MediumImportance)
	s.resetEntry()
}

func (s *Screen) onSave() {
	if Multiplayer(s.sheet) {
		s.openTable()
		return
	}
	if err := s.notRecordable(); err != nil {
		s.failAndReset(err)
		return
	}
	before, err := s.typedTable()
	if err != nil {
		s.failAndReset(err)
		return
	}
	typed := strings.TrimSpace(s.result.Text)
	draws, _ := rules.MatchDraws(s.sheet.Event, s.sheet.Round)
	res, err := rules.ParseResultFor(typed, labels.BestOf(s.sheet.Round, s.sheet.Event.Settings), draws)
	if err != nil {
		s.setStatus(notSaved(before.Number, err), widget.DangerImportance)
		s.resetEntry()
		return
	}
	if before.Result != nil {
		s.confirmCorrection(before, res)
		return
	}
	s.record(before, res)
}

// confirmCorrection asks before a result replaces the one saved: Enter and
// Esc keep the saved result, and replacing takes a deliberate Tab and
// Enter (or a click) on "Replace it".
func (s *Screen) confirmCorrection(before director.SheetTable, res event.Result) {
	now := before.Table
	now.Result = &res
	msg := widget.NewLabel(tr.F("Table %d already has a result:\n    %s\nReplace it with %s?",
		before.Number, describeTable(before), ResultText(event.TeamMatch(now))))
	var d dialog.Dialog
	keep := keys.NewButton(tr.L("Keep the saved result"), theme.CancelIcon(), func() {
		d.Hide()
		s.setStatus(tr.F("Table %d: the saved result was kept", before.Number), widget.MediumImportance)
		s.resetEntry()
	})
	replace := keys.NewButton(tr.L("Replace it"), theme.ConfirmIcon(), func() {
		d.Hide()
		s.record(before, res)
	})
	replace.Importance = widget.DangerImportance
	keep.OnEscape, replace.OnEscape = keep.OnTapped, keep.OnTapped
	hint := widget.NewLabel(tr.L("Enter or Esc keeps it; Tab then Enter replaces it."))
	hint.Importance = widget.LowImportance
	d = dialog.NewCustomWithoutButtons(tr.F("Correct table %d?", before.Number),
		container.NewVBox(msg, hint, container.NewHBox(layout.NewSpacer(), keep, replace)), s.win)
	s.correcting = d
	d.Show()
	s.win.Canvas().Focus(keep)
}

// notSaved says that table number was not saved and why, naming the
// table once: the director's sentence often names it already ("table 1:
// a best of one…", "Table 1 (Ada v Bob): …").
func notSaved(number int, err error) string {
	why := work.Sentence(err)
	if namesTable(why, number) {
		return tr.F("Not saved: %s", why)
	}
	return tr.F("Table %d not saved: %s", number, why)
}

// namesTable reports whether sentence s begins by naming table number
// ("Table 1…", not "Table 12…"), in the reader's language.
func namesTable(s string, number int) bool {
	prefix := tr.F("Table %d", number)
	if len(s) < len(prefix) || !strings.EqualFold(s[:len(prefix)], prefix) {
		return false
	}
	rest := s[len(prefix):]
	return rest == "" || rest[0] < '0' || rest[0] > '9'
}

// record saves res on table before and leaves the fields clean.
func (s *Screen) record(before director.SheetTable, res event.Result) {
	id, round, number := s.eventID, s.number, before.Number
	// The fields are cleared at once, not when the save returns: a fast
	// typist's next table number must land in an empty Table field, never
	// after the result just typed. The status line then names the table
	// the answer is about.
	s.resetEntry()
	s.save(func(ctx context.Context) error {
		return s.d.Rounds.RecordResultSeen(ctx, id, round, number, before.Result, res)
	}, func(err error) {
		if err != nil {
			s.setStatus(notSaved(number, err), widget.DangerImportance)
			if errors.Is(err, event.ErrConflict) {
				// Another writer changed the table: show it as it is now.
				s.Load(id)
			}
			return
		}
		s.setStatus(Saved(before, number, res), widget.SuccessImportance)
		s.changed(id)
	})
}

// Saved is the status line after a result is saved: "Table 7: Ada Lovelace
// 2–1 Bob Stone saved", or "… corrected (was 2–0)" when it replaced one.
func Saved(t director.SheetTable, number int, res event.Result) string {
	now := t.Table
	now.Result = &res
	text := ResultText(now)
	if sides, ok := teamSides(t); ok {
		// The result typed is team A's games – team B's.
		text = fmt.Sprintf("%s %s %s", sides[0].Name, text, sides[1].Name)
	} else if len(t.Players) == 2 {
		text = fmt.Sprintf("%s %s %s", t.Players[0].Name, text, t.Players[1].Name)
	}
	if t.Result != nil {
		return tr.F("Table %d: %s corrected (was %s)", number, text, ResultText(event.TeamMatch(t.Table)))
	}
	return tr.F("Table %d: %s saved", number, text)
}

func (s *Screen) sheetTable(number int) (director.SheetTable, bool) {
	for _, t := range s.sheet.Tables {
		if !t.Bye && t.Number == number {
			return t, true
		}
	}
	return director.SheetTable{}, false
}

// --- the tables ---

// setSheet shows a round: its tables, a team's bye as one row.
func (s *Screen) setSheet(sh director.Sheet) {
	s.sheet = sh
	s.showTimeCalled()
	s.rows = s.rows[:0]
	byes := map[event.TeamID]bool{}
	for i, t := range sh.Tables {
		if Teams(sh) && t.Bye && len(t.Teams) == 1 {
			if byes[t.Teams[0].ID] {
				continue
			}
			byes[t.Teams[0].ID] = true
		}
		s.rows = append(s.rows, i)
	}
}

// rowTable returns the table shown in row i.
func (s *Screen) rowTable(i int) (director.SheetTable, bool) {
	if i < 0 || i >= len(s.rows) {
		return director.SheetTable{}, false
	}
	return s.sheet.Tables[s.rows[i]], true
}

func (s *Screen) length() int { return len(s.rows) }

func (s *Screen) createItem() fyne.CanvasObject {
	table := &widget.Label{Alignment: fyne.TextAlignCenter, TextStyle: fyne.TextStyle{Bold: true}}
	p1, p2 := newSeatCell(fyne.TextAlignTrailing), newSeatCell(fyne.TextAlignLeading)
	pts1 := &widget.Label{Alignment: fyne.TextAlignCenter}
	pts2 := &widget.Label{Alignment: fyne.TextAlignCenter}
	result := &widget.Label{Alignment: fyne.TextAlignCenter, TextStyle: fyne.TextStyle{Bold: true}}
	return s.cols.Row(table, p1, pts1, result, pts2, p2, columns.Secondary("", false))
}

func (s *Screen) updateItem(i widget.ListItemID, o fyne.CanvasObject) {
	t, ok := s.rowTable(i)
	if !ok {
		return
	}
	row := o.(*fyne.Container)
	row.Layout.Layout(row.Objects, row.Size()) // the columns may have changed (team events)
	cells := row.Objects
	label := func(j int) *widget.Label { return cells[j].(*widget.Label) }
	if t.Bye {
		label(0).SetText(tr.L("BYE"))
	} else {
		label(0).SetText(strconv.Itoa(t.Number))
	}
	draft := s.Draft()
	players := t.Players
	shown := t.Table
	if sides, ok := teamSides(t); ok {
		players = sides[:]
		shown = event.TeamMatch(t.Table)
	} else if t.Bye && len(t.Teams) == 1 {
		tm := t.Teams[0]
		players = []director.SheetPlayer{{Entry: tm.Entry, Name: TeamLabel(tm), Points: tm.Points}}
	}
	for seat, cell := range [][2]int{{1, 2}, {5, 4}} { // name, points
		name := cells[cell[0]].(*seatCell)
		if seat < len(players) {
			p := players[seat]
			name.set(p.Name, draft, s.swapping && s.picked.Entry == p.Entry)
			name.OnTapped = func() { s.onSeatTapped(i, p) }
			label(cell[1]).SetText(strconv.Itoa(p.Points))
		} else {
			name.set("—", false, false)
			name.OnTapped = func() { s.onRowSelected(i) }
			label(cell[1]).SetText("")
		}
	}
	result := label(3)
	result.SetText(ResultText(shown))
	if t.Result == nil {
		result.Importance = widget.WarningImportance
	} else {
		result.Importance = widget.MediumImportance
	}
	result.Refresh()
	setPairing(cells[6].(*widget.RichText), t)
}

// onRowSelected fills the Table field from the row clicked and moves to the
// Result field (once the round is published); at a multiplayer table it
// opens the result panel.
func (s *Screen) onRowSelected(i widget.ListItemID) {
	s.list.Unselect(i)
	s.mlist.Unselect(i)
	t, ok := s.rowTable(i)
	if s.Draft() || !ok || t.Bye {
		return
	}
	if Multiplayer(s.sheet) {
		if !s.table.Disabled() {
			s.table.SetText(strconv.Itoa(t.Number))
			s.openTable()
		}
		return
	}
	s.table.SetText(strconv.Itoa(t.Number))
	s.win.Canvas().Focus(s.result)
}

// atLeast is a layout for one object, centred vertically, that is never
// shorter than ref (an object that is measured, never shown).
type atLeast struct {
	ref fyne.CanvasObject
}

func (l atLeast) MinSize(objects []fyne.CanvasObject) fyne.Size {
	var s fyne.Size
	for _, o := range objects {
		s = s.Max(o.MinSize())
	}
	return fyne.NewSize(s.Width, max(s.Height, l.ref.MinSize().Height))
}

func (l atLeast) Layout(objects []fyne.CanvasObject, size fyne.Size) {
	for _, o := range objects {
		o.Resize(size)
		h := min(o.MinSize().Height, size.Height)
		o.Move(fyne.NewPos(0, (size.Height-h)/2))
		o.Resize(fyne.NewSize(size.Width, h))
	}
}

// MissingKey is the key that lists the tables still waiting for a result.
const MissingKey = fyne.KeyF2

// ShowMissing lists the tables of the round shown that still wait for a
// result, sorted by table, with their players; Enter or Esc closes it and
// the cursor goes back to the Table field.
func (s *Screen) ShowMissing() {
	if s.number == 0 {
		s.setStatus(tr.L("No round yet: nothing is waiting for a result."), widget.MediumImportance)
		return
	}
	out := s.sheet.Outstanding()
	title := tr.N("Round %[2]d: waiting for %[1]d results", len(out), len(out), s.number)
	var lines []string
	for _, o := range out {
		lines = append(lines, tr.F("Table %d · %s", o.Number, o.Label(tr.Lang()))+s.drops.missingMark(s.sheet, o.Number)+reportedLine(s.reported[o.Number]))
	}
	switch {
	case s.Draft():
		title, lines = tr.F("Round %d is a draft", s.number), []string{tr.L("Publish its pairings first: results are entered after.")}
	case len(out) == 0:
		title, lines = tr.F("Round %d: every result is in", s.number), []string{tr.L("No table is waiting for a result.")}
	}
	s.missingList = keys.Inform(s.win, title, strings.Join(lines, "\n"))
}

// statusBox holds the status line, the whole width under the fields, at
// a fixed height of two lines: a message that wraps to a second line (or a
// third, which scrolls) never moves the fields and tables the organizer is
// clicking.
func (s *Screen) statusBox() fyne.CanvasObject {
	two := (&widget.Label{Text: "Two\nlines", TextStyle: fyne.TextStyle{Bold: true}}).MinSize().Height
	// A draft has no results to type: its hint sits in the status line
	// while the line is empty, and the hint's own line goes, which leaves
	// the tables one more row at 1366×768.
	s.draftHint = columns.Secondary(tr.L(DraftHint), true)
	s.draftHint.Hide()
	box := container.NewVScroll(container.NewStack(s.status, s.draftHint))
	box.SetMinSize(fyne.NewSize(0, two))
	return box
}
