package ui

import (
	"context"
	"fmt"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/core/event"
	"tablekeeper/core/rules"
	"tablekeeper/ui/events"
	"tablekeeper/ui/internal/work"
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
	settingsButton *widget.Button
	settings       *events.SettingsForm
	confirm        *dialog.ConfirmDialog

	registration *registration.Screen
	round        *rounds.Screen
	standings    *standings.Screen
	log          *logTab

	tabs                                   *container.AppTabs
	regTab, roundTab, standingsTab, logTab *container.TabItem
	content                                fyne.CanvasObject
}

// eventState is what the header shows.
type eventState struct {
	event    event.Event
	players  int // active entries
	rounds   int // rounds paired
	complete bool
}

func newEventView(d Director, run work.Runner, alert work.Alert, win fyne.Window) *eventView {
	v := &eventView{d: d, run: run, alert: alert, win: win}
	v.title = &widget.Label{TextStyle: fyne.TextStyle{Bold: true}, SizeName: theme.SizeNameSubHeadingText, Truncation: fyne.TextTruncateEllipsis}
	v.subtitle = &widget.Label{Truncation: fyne.TextTruncateEllipsis}
	v.pairButton = &widget.Button{Text: "Pair next round", Icon: theme.MediaPlayIcon(), OnTapped: v.onPair}
	v.finishButton = &widget.Button{Text: "Finish event", Icon: theme.ConfirmIcon(), OnTapped: v.onFinish}
	v.settingsButton = &widget.Button{Text: "Settings", Icon: theme.SettingsIcon(), OnTapped: v.onSettings}
	v.settings = events.NewSettingsForm(d, run, win)
	v.settings.OnSaved = v.settingsSaved

	v.registration = registration.New(d, run, alert, win)
	v.registration.OnChanged = v.entriesChanged
	v.round = rounds.New(d, run, alert, win)
	v.round.OnChanged = v.resultsChanged
	v.standings = standings.New(d, run, alert)
	v.log = newLogTab(d, run, alert)

	v.regTab = container.NewTabItemWithIcon("Registration", theme.AccountIcon(), v.registration.Content())
	v.roundTab = container.NewTabItemWithIcon("Round", theme.GridIcon(), v.round.Content())
	v.standingsTab = container.NewTabItemWithIcon("Standings", theme.ListIcon(), v.standings.Content())
	v.logTab = container.NewTabItemWithIcon("Log", theme.HistoryIcon(), v.log.content)
	v.tabs = container.NewAppTabs(v.regTab, v.roundTab, v.standingsTab, v.logTab)
	v.tabs.OnSelected = v.onTabSelected

	header := container.NewBorder(nil, nil, nil,
		container.NewCenter(container.NewHBox(v.settingsButton, v.pairButton, v.finishButton)),
		container.NewVBox(v.title, v.subtitle))
	v.content = container.NewBorder(container.NewVBox(header, widget.NewSeparator()), nil, nil, nil, v.tabs)
	return v
}

// open shows an event: the Round tab while it runs, Registration before.
func (v *eventView) open(id event.EventID) {
	v.id = id
	v.reloadHeader(true)
	v.registration.Load(id)
	v.round.Load(id)
	v.standings.Load(id)
	v.log.load(id)
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
	}
	rounds, err := v.d.Rounds(ctx, id)
	if err != nil {
		return st, err
	}
	st.rounds = len(rounds)
	st.complete = st.rounds > 0 && rounds[st.rounds-1].Complete()
	return st, nil
}

func (v *eventView) showState(st eventState) {
	v.state = st
	e := st.event
	v.title.SetText(e.Name)
	v.subtitle.SetText(fmt.Sprintf("%s · %s · %s · %s", rules.Describe(e.Game, e.Format), e.Date.Format("Mon 2 Jan 2006"), e.State, RoundText(st.event.Settings, st.rounds, st.players)))

	finished := e.State == event.StateFinished
	ready := !finished && (st.rounds == 0 && st.players >= 2 || st.complete)
	planned := plannedRounds(e.Settings, st.players)
	v.pairButton.SetText(fmt.Sprintf("Pair round %d", st.rounds+1))
	v.pairButton.Importance = widget.MediumImportance
	v.finishButton.Importance = widget.MediumImportance
	if ready && (st.rounds < planned || planned == 0) {
		v.pairButton.Importance = widget.HighImportance
	} else if ready {
		v.finishButton.Importance = widget.HighImportance
	}
	setEnabled(v.pairButton, !finished)
	setEnabled(v.finishButton, !finished && st.rounds > 0)
	// Settings are fixed once round 1 is paired.
	v.settingsButton.Hidden = e.State != event.StateRegistration
	v.settingsButton.Refresh()
	v.pairButton.Refresh()
	v.finishButton.Refresh()
}

func setEnabled(b *widget.Button, on bool) {
	if on {
		b.Enable()
	} else {
		b.Disable()
	}
}

// plannedRounds is the event's number of rounds: its setting, or the
// recommended number for the players when the setting is 0.
func plannedRounds(s event.Settings, players int) int {
	if s.Rounds > 0 {
		return s.Rounds
	}
	return rules.RecommendedRounds(players)
}

// RoundText is the header's round line: "Round 2 of 4", with
// "(recommended)" when the number of rounds follows the player count, and
// "4 rounds planned" before round 1.
func RoundText(s event.Settings, paired, players int) string {
	planned := plannedRounds(s, players)
	rec := ""
	if s.Rounds == 0 {
		rec = fmt.Sprintf(" (recommended for %d players)", players)
	}
	if paired == 0 {
		if planned == 1 {
			return "1 round planned" + rec
		}
		return fmt.Sprintf("%d rounds planned%s", planned, rec)
	}
	return fmt.Sprintf("Round %d of %d%s", paired, planned, rec)
}

func (v *eventView) onTabSelected(t *container.TabItem) {
	switch t {
	case v.regTab:
		v.registration.Reload()
	case v.roundTab:
		v.round.Load(v.id)
		v.round.FocusTable()
	case v.standingsTab:
		v.standings.Load(v.id)
	case v.logTab:
		v.log.load(v.id)
	}
}

// entriesChanged follows a registration change.
func (v *eventView) entriesChanged() {
	v.reloadHeader(false)
	v.standings.Load(v.id)
	v.log.load(v.id)
	v.changed()
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

// onPair pairs the next round and shows it, ready for results. Past the
// planned rounds it asks first: an extra round is allowed, but rarely meant.
func (v *eventView) onPair() {
	st := v.state
	planned := plannedRounds(st.event.Settings, st.players)
	if planned == 0 || st.rounds < planned {
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
		if err != nil {
			v.alert(err)
			return
		}
		v.open(id)
		v.tabs.Select(v.roundTab)
		v.round.FocusTable()
		v.changed()
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
		v.open(id)
		v.tabs.Select(v.standingsTab)
		v.changed()
	})
}
