package ui

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/core/rules"
	"tablekeeper/ui/challenges"
	"tablekeeper/ui/clock"
	"tablekeeper/ui/events"
	"tablekeeper/ui/internal/labels"
	"tablekeeper/ui/internal/work"
	"tablekeeper/ui/judge"
	"tablekeeper/ui/kiosk"
	"tablekeeper/ui/registration"
	"tablekeeper/ui/rounds"
	"tablekeeper/ui/standings"
)

// eventView is the open event: a header with the event's state and the
// round actions, above the Registration, Round, Standings and Log tabs.
type eventView struct {
	// onChanged is called after every saved change (the sidebar re-reads).
	onChanged func()

	d     Director
	run   work.Runner
	alert work.Alert
	win   fyne.Window

	id    event.EventID
	state eventState

	title          *widget.Label
	subtitle       *widget.Label
	pairButton     *widget.Button
	finishButton   *widget.Button
	kioskButton    *widget.Button
	now            func() time.Time
	settingsButton *widget.Button
	settings       *events.SettingsForm
	confirm        *dialog.ConfirmDialog
	info           dialog.Dialog

	// done remembers that the director said an event's structure has
	// nothing left to pair, after the given number of rounds.
	done struct {
		id     event.EventID
		rounds int
	}

	registration *registration.Screen
	round        *rounds.Screen
	challenges   *challenges.Screen
	standings    *standings.Screen
	judge        *judge.Screen
	clock        *clock.Bar
	print        *printMenu
	log          *logTab
	// roundBox is the Round tab's content for paired rounds: the clock
	// bar over the round's tables.
	roundBox fyne.CanvasObject

	tabs                                             *container.AppTabs
	regTab, roundTab, standingsTab, judgeTab, logTab *container.TabItem
	content                                          fyne.CanvasObject
}

// eventState is what the header shows.
type eventState struct {
	event   event.Event
	players int // active entries
	// participants counts the players who have taken part (active, or
	// dropped after playing): the planned rounds follow them.
	participants int
	rounds       int // rounds paired
	// last is the latest round (zero before round 1).
	last event.Round
	// swiss and cut count the Swiss rounds and the top-cut rounds.
	swiss, cut int
	// complete: the latest round is published and has every result.
	complete bool
}

// draft reports whether the latest round is a draft.
func (st eventState) draft() bool { return st.rounds > 0 && !st.last.Published() }

func newEventView(d Director, run work.Runner, alert work.Alert, win fyne.Window, now func() time.Time) *eventView {
	v := &eventView{d: d, run: run, alert: alert, win: win}
	v.title = &widget.Label{TextStyle: fyne.TextStyle{Bold: true}, SizeName: theme.SizeNameSubHeadingText, Truncation: fyne.TextTruncateEllipsis}
	v.subtitle = &widget.Label{Wrapping: fyne.TextWrapWord}
	v.pairButton = &widget.Button{Text: "Pair next round", Icon: theme.MediaPlayIcon(), OnTapped: v.onPair}
	v.finishButton = &widget.Button{Text: "Finish event", Icon: theme.ConfirmIcon(), OnTapped: v.onFinish}
	v.kioskButton = &widget.Button{Text: "Kiosk", Icon: theme.ComputerIcon(), OnTapped: v.onKiosk}
	v.now = now
	v.settingsButton = &widget.Button{Text: "Settings", Icon: theme.SettingsIcon(), OnTapped: v.onSettings}
	v.settings = events.NewSettingsForm(d, run, win)
	v.settings.OnSaved = v.settingsSaved

	v.registration = registration.New(d, run, alert, win)
	v.registration.OnChanged = v.entriesChanged
	v.round = rounds.New(d, run, alert, win)
	v.round.OnChanged = v.resultsChanged
	v.challenges = challenges.New(d, run, alert)
	v.challenges.OnChanged = v.resultsChanged
	v.standings = standings.New(d, run, alert)
	v.judge = judge.New(d, run, alert, win)
	v.judge.OnChanged = v.judgeChanged
	v.clock = clock.NewBar(d, run, alert, win, now, fyne.CurrentApp())
	v.print = newPrintMenu(nil, run, alert, win, fyne.CurrentApp())
	v.print.now = now
	v.log = newLogTab(d, run, alert)
	v.roundBox = container.NewBorder(container.NewVBox(v.clock.Content(), widget.NewSeparator()), nil, nil, nil, v.round.Content())

	v.regTab = container.NewTabItemWithIcon("Registration", theme.AccountIcon(), v.registration.Content())
	v.roundTab = container.NewTabItemWithIcon("Round", theme.GridIcon(), v.roundBox)
	v.standingsTab = container.NewTabItemWithIcon("Standings", theme.ListIcon(), v.standings.Content())
	v.judgeTab = container.NewTabItemWithIcon("Judge", theme.WarningIcon(), v.judge.Content())
	v.logTab = container.NewTabItemWithIcon("Log", theme.HistoryIcon(), v.log.content)
	v.tabs = container.NewAppTabs(v.regTab, v.roundTab, v.standingsTab, v.judgeTab, v.logTab)
	v.tabs.OnSelected = v.onTabSelected

	header := container.NewBorder(nil, nil, nil,
		container.NewCenter(container.NewHBox(v.kioskButton, v.print.button, v.settingsButton, v.pairButton, v.finishButton)),
		container.NewVBox(v.title, v.subtitle))
	v.content = container.NewBorder(container.NewVBox(header, widget.NewSeparator()), nil, nil, nil, v.tabs)
	return v
}

// open shows an event: the Round tab while it runs, Registration before.
func (v *eventView) open(id event.EventID) {
	v.id = id
	v.reloadHeader(true)
	v.loadTabs()
}

// reload re-reads the open event after a change, keeping the tab shown
// (the caller chooses the tab that shows the change).
func (v *eventView) reload() {
	v.reloadHeader(false)
	v.loadTabs()
}

func (v *eventView) loadTabs() {
	v.registration.Load(v.id)
	v.round.Load(v.id)
	v.challenges.Load(v.id)
	v.standings.Load(v.id)
	v.judge.Load(v.id)
	v.log.load(v.id)
}

// setPrinter gives the Print menu its printer (nil hides the menu).
func (v *eventView) setPrinter(p Printer) {
	v.print.p = p
	v.print.button.Hidden = p == nil
	v.print.button.Refresh()
	if p == nil {
		v.registration.SetImport(nil)
		return
	}
	v.registration.SetImport(func() { v.print.importPlayers(v.entriesChangedAndReload) })
}

// judgeChanged follows a judge log entry: a penalty may change results,
// entries, standings and table extensions.
func (v *eventView) judgeChanged() {
	v.reloadHeader(false)
	v.registration.Reload()
	v.round.Load(v.id)
	v.standings.Load(v.id)
	v.log.load(v.id)
	v.changed()
}

func (v *eventView) reloadHeader(chooseTab bool) {
	id := v.id
	work.Call(v.run, func(ctx context.Context) (eventState, error) {
		return v.readState(ctx, id)
	}, func(st eventState, err error) {
		if err != nil {
			v.alert(err)
			return
		}
		if id != v.id {
			return
		}
		v.showState(st)
		if chooseTab {
			if st.rounds > 0 {
				v.tabs.Select(v.roundTab)
			} else {
				v.tabs.Select(v.regTab)
				v.registration.FocusSearch()
			}
		}
	})
}

func (v *eventView) readState(ctx context.Context, id event.EventID) (eventState, error) {
	var st eventState
	var err error
	if st.event, err = v.d.Event(ctx, id); err != nil {
		return st, err
	}
	entries, err := v.d.Entries(ctx, id)
	if err != nil {
		return st, err
	}
	for _, en := range entries {
		if en.Active() {
			st.players++
		}
		if en.Active() || en.DroppedAfter > 0 {
			st.participants++
		}
	}
	rounds, err := v.d.Rounds(ctx, id)
	if err != nil {
		return st, err
	}
	st.rounds = len(rounds)
	for _, r := range rounds {
		if r.Stage == event.StageSwiss {
			st.swiss++
		} else {
			st.cut++
		}
	}
	if st.rounds > 0 {
		st.last = rounds[st.rounds-1]
		st.complete = st.last.Published() && st.last.Complete()
	}
	return st, nil
}

func (v *eventView) showState(st eventState) {
	v.state = st
	e := st.event
	v.print.event = e
	if !st.challenges() {
		v.clock.Load(e.ID, st.rounds)
	}
	v.title.SetText(e.Name)
	v.subtitle.SetText(fmt.Sprintf("%s · %s · %s · %s", rules.Describe(e.Game, e.Format), e.Date.Format("Mon 2 Jan 2006"), e.State, roundText(st)))

	finished := e.State == event.StateFinished
	v.showRoundTab(st.challenges())
	v.pairButton.SetText(nextStep(st))
	v.pairButton.Importance = widget.MediumImportance
	v.finishButton.Importance = widget.MediumImportance
	ready := !finished && (st.rounds == 0 && st.players >= 2 || st.complete)
	if ready {
		if v.structureDone(st) || st.swissOnly() && st.rounds >= plannedRounds(e.Settings, st.participants) && st.rounds > 0 {
			v.finishButton.Importance = widget.HighImportance
		} else {
			v.pairButton.Importance = widget.HighImportance
		}
	}
	setEnabled(v.pairButton, !finished)
	setEnabled(v.finishButton, !finished && st.rounds > 0)
	// Challenge games are recorded on the Round tab: nothing to pair.
	v.pairButton.Hidden = st.challenges()
	// Settings are fixed once round 1 is paired; so is check-in, so the
	// kiosk is offered before round 1 only.
	v.settingsButton.Hidden = e.State != event.StateRegistration
	v.kioskButton.Hidden = e.State != event.StateRegistration
	v.kioskButton.Refresh()
	v.settingsButton.Refresh()
	v.pairButton.Refresh()
	v.finishButton.Refresh()
}

// showRoundTab puts on the Round tab what the structure needs: the
// form that records challenge games (S10, Who Wants Some?), or a round's
// tables.
func (v *eventView) showRoundTab(challenges bool) {
	want := v.roundBox
	if challenges {
		want = v.challenges.Content()
	}
	if v.roundTab.Content != want {
		v.roundTab.Content = want
		v.tabs.Refresh()
	}
}

// challenges reports whether the event is open challenges, whose games
// are recorded one by one instead of paired.
func (st eventState) challenges() bool {
	return st.event.Settings.Structure == event.StructureChallenges
}

// structureDone reports whether the director said the structure has no
// round left, with no round paired since.
func (v *eventView) structureDone(st eventState) bool {
	return v.done.id == st.event.ID && v.done.rounds == st.rounds && st.rounds > 0
}

// swissOnly reports whether the event is Swiss rounds with nothing after
// them: the only structure whose end is the planned number of rounds.
func (st eventState) swissOnly() bool {
	return st.event.Settings.Structure == event.StructureSwiss && st.event.Settings.TopCut == 0
}

// cutNext reports whether the next round starts the top cut.
func (st eventState) cutNext() bool {
	s := st.event.Settings
	return s.Structure == event.StructureSwiss && s.TopCut > 0 && st.cut == 0 &&
		st.swiss > 0 && st.swiss >= plannedRounds(s, st.participants)
}

// nextStep is the text of the header's round button: "Pair round 3",
// "Publish round 3" while round 3 is a draft, "Start top 8" after the last
// Swiss round of an event with a top cut.
func nextStep(st eventState) string {
	switch {
	case st.draft():
		return fmt.Sprintf("Publish round %d", st.rounds)
	case st.cutNext():
		return fmt.Sprintf("Start top %d", st.event.Settings.TopCut)
	}
	return fmt.Sprintf("Pair round %d", st.rounds+1)
}

func setEnabled(b *widget.Button, on bool) {
	if on {
		b.Enable()
	} else {
		b.Disable()
	}
}

// plannedRounds is the event's number of Swiss rounds: its setting, or the
// recommended number for the players when the setting is 0.
func plannedRounds(s event.Settings, players int) int {
	return rules.RoundsFor(s, players)
}

// roundText is the header's round line. For Swiss: "Round 2 of 4", with
// "(recommended for 9 players)" when the number of rounds follows the
// player count, "4 rounds planned" before round 1, and the top cut after
// them ("then a top 8"; "Round 5 · top 8: quarter-final" once it runs).
// For the other structures the structure and the latest round's name:
// "KeyForge elimination · Round 3 · loss round 3". A draft round says its
// pairings are not published.
func roundText(st eventState) string {
	s := st.event.Settings
	var text string
	if st.challenges() {
		return challenges.GamesText(st.rounds)
	}
	if s.Structure == event.StructureSwiss {
		text = swissRoundText(st)
	} else {
		text = bracketRoundText(st)
	}
	if st.draft() {
		text += " · not published"
	}
	return text
}

func swissRoundText(st eventState) string {
	s := st.event.Settings
	planned := plannedRounds(s, st.participants)
	rec := ""
	if s.Rounds == 0 {
		rec = fmt.Sprintf(" (recommended for %d players)", st.participants)
		if s.Teams() {
			// Rounds follow the teams (rules.RoundsFor).
			rec = fmt.Sprintf(" (recommended for %d teams)", st.participants/s.TeamSize)
		}
	}
	cut := ""
	if s.TopCut > 0 && !formatSays(st.event, fmt.Sprintf("top %d", s.TopCut)) {
		cut = fmt.Sprintf(", then a top %d", s.TopCut)
	}
	switch {
	case st.rounds == 0 && planned == 1:
		return "1 round planned" + rec + cut
	case st.rounds == 0:
		return fmt.Sprintf("%d rounds planned%s%s", planned, rec, cut)
	case st.cut > 0:
		return labels.RoundName(st.last)
	}
	return fmt.Sprintf("Round %d of %d%s%s", st.rounds, planned, rec, cut)
}

func bracketRoundText(st eventState) string {
	e := st.event
	text := labels.StructureOf(e.Settings)
	// The format's name often says the structure already ("Single
	// elimination", "Round robin"): no need to say it twice.
	if formatSays(e, text) {
		text = ""
	}
	if st.rounds > 0 {
		round := labels.RoundName(st.last)
		if strings.HasPrefix(st.last.Name, "round ") {
			// "round 3 of 7" says the number itself.
			round = labels.Capital(st.last.Name)
		}
		if text == "" {
			return round
		}
		return text + " · " + round
	}
	players := fmt.Sprintf("%d players", st.players)
	if st.players == 1 {
		players = "1 player"
	}
	if text == "" {
		return players
	}
	return text + " · " + players
}

// formatSays reports whether the name of e's format contains text (in any
// case), so the header need not say it again.
func formatSays(e event.Event, text string) bool {
	_, f, err := rules.Lookup(e.Game, e.Format)
	return err == nil && strings.Contains(strings.ToLower(f.Name), strings.ToLower(text))
}

func (v *eventView) onTabSelected(t *container.TabItem) {
	switch t {
	case v.regTab:
		v.registration.Reload()
	case v.roundTab:
		if v.state.challenges() {
			v.challenges.Load(v.id)
			v.win.Canvas().Focus(v.challenges.Filter())
			return
		}
		v.round.Load(v.id)
		v.round.FocusTable()
	case v.standingsTab:
		v.standings.Load(v.id)
	case v.judgeTab:
		v.judge.Load(v.id)
	case v.logTab:
		v.log.load(v.id)
	}
}

// entriesChanged follows a registration change (a fixed table renumbers a
// draft round).
func (v *eventView) entriesChanged() {
	v.reloadHeader(false)
	v.round.Load(v.id)
	v.standings.Load(v.id)
	v.log.load(v.id)
	v.changed()
}

// entriesChangedAndReload follows players added from outside the
// Registration tab (a CSV import).
func (v *eventView) entriesChangedAndReload() {
	v.registration.Reload()
	v.entriesChanged()
}

// resultsChanged follows a result.
func (v *eventView) resultsChanged() {
	v.reloadHeader(false)
	v.standings.Load(v.id)
	v.log.load(v.id)
	v.changed()
}

func (v *eventView) changed() {
	if v.onChanged != nil {
		v.onChanged()
	}
}

// onPair takes the next step: publish the draft round, or pair the next
// round and show it. Past the planned Swiss rounds it asks first: an extra
// round is allowed, but rarely meant.
func (v *eventView) onPair() {
	st := v.state
	if st.draft() {
		v.tabs.Select(v.roundTab)
		v.round.Publish()
		return
	}
	planned := plannedRounds(st.event.Settings, st.participants)
	if !st.swissOnly() || planned == 0 || st.rounds < planned {
		v.pair()
		return
	}
	msg := fmt.Sprintf("All %d planned rounds have been paired.", planned)
	if planned == 1 {
		msg = "The planned round has been paired."
	}
	msg += fmt.Sprintf("\nPair an extra round %d, or finish the event instead?", st.rounds+1)
	v.confirm = dialog.NewConfirm("Extra round", msg, v.onExtraRoundConfirmed, v.win)
	v.confirm.SetConfirmText(fmt.Sprintf("Pair round %d", st.rounds+1))
	v.confirm.SetDismissText("Cancel")
	v.confirm.Show()
}

func (v *eventView) onExtraRoundConfirmed(ok bool) {
	if ok {
		v.pair()
	}
}

func (v *eventView) pair() {
	id := v.id
	v.pairButton.Disable()
	work.Call(v.run, func(ctx context.Context) (event.Round, error) {
		return v.d.PairNextRound(ctx, id)
	}, func(_ event.Round, err error) {
		v.pairButton.Enable()
		if errors.Is(err, director.ErrStructureComplete) {
			v.structureComplete(id)
			return
		}
		if errors.Is(err, director.ErrNotCheckedIn) && id == v.id {
			v.askAbsent(err)
			return
		}
		if err != nil {
			v.alert(err)
			return
		}
		v.changed()
		if id != v.id {
			return
		}
		v.reload()
		v.tabs.Select(v.roundTab)
	})
}

// askAbsent lists the players round 1 waits for: drop them and pair, or
// keep them and check them in on the Registration tab.
func (v *eventView) askAbsent(err error) {
	msg := event.Message(err) + "\n\nDrop them now and pair round 1, or keep them: check them in on the Registration tab when they arrive."
	v.confirm = dialog.NewConfirm("Players not checked in", msg, v.onDropAbsentConfirmed, v.win)
	v.confirm.SetConfirmText("Drop them and pair")
	v.confirm.SetDismissText("Keep them")
	v.confirm.Show()
}

func (v *eventView) onDropAbsentConfirmed(ok bool) {
	if !ok {
		v.tabs.Select(v.regTab)
		return
	}
	id := v.id
	work.Call(v.run, func(ctx context.Context) ([]string, error) {
		return v.d.DropAbsent(ctx, id)
	}, func(_ []string, err error) {
		if err != nil {
			v.alert(err)
			return
		}
		v.registration.Reload()
		v.pair()
	})
}

// structureComplete says there is no round left and makes Finish the next
// step.
func (v *eventView) structureComplete(id event.EventID) {
	if id != v.id {
		return
	}
	v.done.id, v.done.rounds = id, v.state.rounds
	v.showState(v.state)
	what := "bracket"
	if v.state.event.Settings.Structure == event.StructureRoundRobin {
		what = "round robin"
	}
	v.info = dialog.NewInformation("Nothing left to pair",
		fmt.Sprintf("The %s is complete. Finish the event to fix the final standings.", what), v.win)
	v.info.Show()
}

// onKiosk opens the self check-in kiosk for the event in its own
// full-screen window (asking the organizer for a PIN first if none is
// set); the Registration tab follows what players do there.
func (v *eventView) onKiosk() {
	id := v.id
	kiosk.Launch(fyne.CurrentApp(), v.win, v.d, v.run, id, v.now, func(k *kiosk.Kiosk) {
		k.OnChanged = func() {
			if v.id == id {
				v.registration.Reload()
				v.entriesChanged()
			}
		}
		k.OnExit = v.win.RequestFocus
	})
}

// onSettings opens the settings form (before round 1 only).
func (v *eventView) onSettings() { v.settings.Show(v.state.event) }

func (v *eventView) settingsSaved() {
	v.reloadHeader(false)
	v.log.load(v.id)
	v.changed()
}

// onFinish asks for confirmation, then closes the event.
func (v *eventView) onFinish() {
	msg := fmt.Sprintf("Finish %s?\nIts results become final: no more rounds, results or registrations.", v.state.event.Name)
	v.confirm = dialog.NewConfirm("Finish event", msg, v.onFinishConfirmed, v.win)
	v.confirm.SetConfirmText("Finish event")
	v.confirm.Show()
}

func (v *eventView) onFinishConfirmed(ok bool) {
	if !ok {
		return
	}
	id := v.id
	work.Do(v.run, func(ctx context.Context) error {
		return v.d.FinishEvent(ctx, id)
	}, func(err error) {
		if err != nil {
			v.alert(err)
			return
		}
		v.changed()
		if id != v.id {
			return
		}
		v.reload()
		v.tabs.Select(v.standingsTab)
	})
}
