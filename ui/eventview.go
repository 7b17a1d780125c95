package ui

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/core/rules"
	"tablekeeper/ui/challenges"
	"tablekeeper/ui/clock"
	"tablekeeper/ui/events"
	"tablekeeper/ui/internal/keys"
	"tablekeeper/ui/internal/labels"
	"tablekeeper/ui/internal/toggle"
	"tablekeeper/ui/internal/tr"
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

	// svc are the window's services, which the screens of the event are
	// built from; the header's own calls go through header, asked, absent
	// and finish.
	svc    Services
	header headerRounds
	asked  DropPairing
	absent absentDropper
	finish finisher
	run    work.Runner
	alert  work.Alert
	win    fyne.Window

	id    event.EventID
	state eventState

	title    *widget.Label
	subtitle *widget.Label
	// pairButton takes the next step the director names (pair, publish,
	// start the cut, finish); otherButton is the step beside it that is
	// rarely meant (finish early, an extra round), kept apart and asked.
	pairButton     *widget.Button
	otherButton    *widget.Button
	kioskButton    *widget.Button
	now            func() time.Time
	settingsButton *widget.Button
	raffleButton   *widget.Button
	raffle         *raffleDialog
	settings       *events.SettingsForm
	confirm        *keys.Confirm
	// drops is the open "players asked to drop" question (drops.go).
	drops *dropsQuestion

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

	// challengesFor is the event the challenges form was last read for.
	challengesFor event.EventID
	// chooseTab is on from opening an event until its header is read,
	// which chooses the tab to show.
	chooseTab bool
	// pairing is the round being paired, publishing the round the Round
	// tab is publishing; 0 when none is.
	pairing, publishing int
	// headerReads runs the header's reads one at a time.
	headerReads work.Reads
}

// headerRounds is what the header asks of the rounds: what the event
// needs next, the ties a draw broke at the cut the next round takes (for
// the organizer to read before pairing it), and pairing it.
type headerRounds interface {
	Progress(ctx context.Context, id event.EventID) (director.Progress, error)
	CutTies(ctx context.Context, id event.EventID) ([]director.CutTie, error)
	PairNextRound(ctx context.Context, id event.EventID) (event.Round, error)
}

// absentDropper drops the players who did not check in, before round 1.
type absentDropper interface {
	DropAbsent(ctx context.Context, id event.EventID) ([]string, error)
}

// finisher finishes the event.
type finisher interface {
	FinishEvent(ctx context.Context, id event.EventID) error
}

// eventState is what the header shows: the director's Progress.
type eventState struct{ director.Progress }

func newEventView(svc Services, run work.Runner, alert work.Alert, win fyne.Window, now func() time.Time) *eventView {
	v := &eventView{svc: svc, header: svc.Rounds, asked: svc.Drops, absent: svc.Registration, finish: svc.Events, run: run, alert: alert, win: win}
	v.title = &widget.Label{TextStyle: fyne.TextStyle{Bold: true}, SizeName: theme.SizeNameSubHeadingText, Truncation: fyne.TextTruncateEllipsis}
	v.subtitle = &widget.Label{Wrapping: fyne.TextWrapWord}
	v.pairButton = &widget.Button{Text: tr.F("Pair round %d", 1), Icon: theme.MediaPlayIcon(), OnTapped: v.onPair}
	v.otherButton = &widget.Button{Text: tr.L("Finish early…"), Importance: widget.LowImportance, OnTapped: v.onOther}
	v.otherButton.Hide()
	v.kioskButton = &widget.Button{Text: tr.L("Kiosk"), Icon: theme.ComputerIcon(), OnTapped: v.onKiosk}
	v.now = now
	v.settingsButton = &widget.Button{Text: tr.L("Settings"), Icon: theme.SettingsIcon(), OnTapped: v.onSettings}
	v.settings = events.NewSettingsForm(svc.Events, run, win)
	v.raffleButton = &widget.Button{Text: tr.L("Raffle…"), Icon: theme.MediaReplayIcon(), OnTapped: func() { v.raffle.Show(v.id) }}
	v.raffle = newRaffleDialog(svc.Registration, run, alert, win)

	v.registration = registration.New(registration.Deps{
		Registration: svc.Registration, Drafts: svc.Drafts, Views: svc.Views, Teams: svc.Teams,
		Decks: svc.Decks, Directory: svc.Directory, Phones: svc.Phones,
	}, run, alert, win)
	v.round = rounds.New(rounds.Deps{Views: svc.Views, Rounds: svc.Rounds, Drafts: svc.Drafts, Network: svc.Network, Drops: svc.Drops}, run, alert, win)
	v.round.OnPublishing = func(n int) {
		v.publishing = n
		if v.state.Event.ID == v.id {
			v.showSteps(v.state)
		}
	}
	v.challenges = challenges.New(challenges.Deps{Views: svc.Views, Judging: svc.Judging}, run, alert)
	v.standings = standings.New(svc.Views, run, alert)
	v.judge = judge.New(judge.Deps{Views: svc.Views, Rounds: svc.Rounds, Judging: svc.Judging}, run, alert, win)
	v.clock = clock.NewBar(svc.Clocks, run, alert, win, now, fyne.CurrentApp())
	v.print = newPrintMenu(nil, run, alert, win, fyne.CurrentApp())
	v.print.now = now
	v.log = newLogTab(svc.Events, run, alert)
	v.roundBox = container.NewBorder(container.NewVBox(v.clock.Content(), widget.NewSeparator()), nil, nil, nil, v.round.Content())

	v.regTab = container.NewTabItemWithIcon(tr.L("Registration"), theme.AccountIcon(), v.registration.Content())
	v.roundTab = container.NewTabItemWithIcon(tr.L("Round"), theme.GridIcon(), v.roundBox)
	v.standingsTab = container.NewTabItemWithIcon(tr.L("Standings"), theme.ListIcon(), v.standings.Content())
	v.judgeTab = container.NewTabItemWithIcon(tr.L("Judge"), theme.WarningIcon(), v.judge.Content())
	v.logTab = container.NewTabItemWithIcon(tr.L("Log"), theme.HistoryIcon(), v.log.content)
	v.tabs = container.NewAppTabs(v.regTab, v.roundTab, v.standingsTab, v.judgeTab, v.logTab)
	v.tabs.OnSelected = v.onTabSelected

	// The header keeps one height whatever it says (the subtitle always
	// takes two lines), so nothing below it moves while the organizer
	// works. The rarely meant step stands apart from the next step.
	header := container.NewBorder(nil, nil, nil,
		container.NewCenter(container.NewHBox(v.otherButton, widget.NewSeparator(), v.kioskButton, v.print.button, v.raffleButton, v.settingsButton, v.pairButton)),
		container.NewVBox(v.title, twoLines(v.subtitle)))
	v.content = container.NewBorder(container.NewVBox(header, widget.NewSeparator()), nil, nil, nil, v.tabs)
	// Every committed write, whoever made it, reaches the screens here, on
	// the UI thread.
	svc.Changes.Subscribe(func(c director.Change) { fyne.Do(func() { v.onChange(c) }) })
	return v
}

// open shows an event: the Round tab while it runs, Registration before.
func (v *eventView) open(id event.EventID) {
	if id != v.id {
		v.showLoading()
	}
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
	v.loadChallenges()
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
		v.registration.SetPrintSlips(nil)
		return
	}
	v.registration.SetImport(v.print.importPlayers)
	v.registration.SetPrintSlips(v.print.printPlayerSlips)
}

func (v *eventView) reloadHeader(chooseTab bool) {
	id := v.id
	// Kept on the view: a later read asked while this one waits replaces
	// it, and must still choose the tab.
	v.chooseTab = v.chooseTab || chooseTab
	work.Read(&v.headerReads, v.run, func(ctx context.Context) (eventState, error) {
		return v.readState(ctx, id)
	}, work.Shown(v.alert, func() bool { return id == v.id }, func(st eventState) {
		v.showState(st)
		if v.chooseTab {
			v.chooseTab = false
			if st.Rounds > 0 {
				v.tabs.Select(v.roundTab)
			} else {
				v.tabs.Select(v.regTab)
				v.registration.FocusSearch()
			}
		}
	}))
}

// showLoading is the header of an event opened whose state is not read
// yet: it offers no step, rather than the steps of another state (a
// round-10 event offered "Pair round 1" and Settings until its read came).
func (v *eventView) showLoading() {
	v.state = eventState{}
	v.title.SetText(tr.L("Loading…"))
	v.subtitle.SetText("")
	for _, b := range []*widget.Button{v.pairButton, v.otherButton, v.settingsButton, v.kioskButton, v.raffleButton} {
		b.Hide()
	}
}

func (v *eventView) readState(ctx context.Context, id event.EventID) (eventState, error) {
	p, err := v.header.Progress(ctx, id)
	return eventState{p}, err
}

func (v *eventView) showState(st eventState) {
	v.state = st
	e := st.Event
	v.print.event = e
	if !st.challenges() {
		v.clock.Load(e.ID, st.Rounds)
	}
	v.title.SetText(e.Name)
	v.subtitle.SetText(fmt.Sprintf("%s · %s · %s · %s", tr.Text(rules.DescribeText(e.Game, e.Format)), tr.Date(e.Date), labels.State(e.State), roundText(st)))
	if st.challenges() && v.challengesFor != e.ID {
		v.loadChallenges()
	}
	v.showRoundTab(st.challenges())
	v.showSteps(st)
	// Settings are fixed once round 1 is paired.
	v.settingsButton.Hidden = e.State != event.StateRegistration
	// Check-in closes when round 1 is paired; the kiosk then finds
	// players their tables until the event is finished.
	v.kioskButton.Hidden = e.State == event.StateFinished
	v.kioskButton.Refresh()
	v.raffleButton.Show()
	v.settingsButton.Refresh()
}

// showSteps sets the header's two step buttons from the director's
// Progress: the next step, enabled only when it can be taken (a round
// still waiting for results says so on the button's disabled state and in
// the subtitle), and apart from it the step that is rarely meant.
func (v *eventView) showSteps(st eventState) {
	if v.pairing > 0 || v.publishing > 0 {
		// Off until the round is paired or published, whatever a read
		// says meanwhile.
		if v.pairing > 0 {
			v.pairButton.SetText(tr.F("Pairing round %d…", v.pairing))
		} else {
			v.pairButton.SetText(tr.F("Publishing round %d…", v.publishing))
		}
		v.pairButton.Disable()
		v.pairButton.Show()
		v.otherButton.Hide()
		return
	}
	v.pairButton.SetText(tr.Text(st.Label()))
	v.pairButton.Icon = theme.MediaPlayIcon()
	if st.Next == director.StepFinish {
		v.pairButton.Icon = theme.ConfirmIcon()
	}
	v.pairButton.Importance = widget.MediumImportance
	if st.Ready {
		v.pairButton.Importance = widget.HighImportance
	}
	toggle.Enabled(v.pairButton, st.Ready)
	// Challenge games are recorded on the Round tab: nothing to pair.
	v.pairButton.Hidden = st.Next == director.StepNone
	v.pairButton.Refresh()

	other := tr.Text(st.Other())
	v.otherButton.SetText(other)
	v.otherButton.Hidden = other == ""
	v.otherButton.Refresh()
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

// loadChallenges reads the open-challenges form again, in an event of
// open challenges only: the form holds a box per player, and reading it for
// every change of a 1,024-player Swiss event kept the UI thread busy for
// seconds (showState loads it once the state says the event is one).
func (v *eventView) loadChallenges() {
	if v.state.Event.ID == v.id && v.state.challenges() {
		v.challengesFor = v.id
		v.challenges.Load(v.id)
	}
}

// challenges reports whether the event is open challenges, whose games
// are recorded one by one instead of paired.
func (st eventState) challenges() bool {
	return rules.OpenChallenges(st.Event.Settings)
}

// roundText is the header's round line. For Swiss: "Round 2 of 4", with
// "(recommended for 9 players)" when the number of rounds follows the
// player count, "4 rounds planned" before round 1, and the top cut after
// them ("then a top 8"; "Round 5 · top 8: quarter-final" once it runs).
// For the other structures the structure and the latest round's name:
// "KeyForge elimination · Round 3 · loss round 3". A draft round says its
// pairings are not published.
func roundText(st eventState) string {
	s := st.Event.Settings
	var text string
	if st.challenges() {
		return challenges.GamesText(st.Rounds)
	}
	if rules.SwissRounds(s) {
		text = swissRoundText(st)
	} else {
		text = bracketRoundText(st)
	}
	if st.Draft {
		text += " · " + tr.L("not published")
	}
	return text
}

func swissRoundText(st eventState) string {
	s := st.Event.Settings
	planned := st.Planned
	rec := ""
	if s.Rounds == 0 {
		rec = " " + tr.N("(recommended for %d players)", st.Participants, st.Participants)
		if s.Teams() {
			// Rounds follow the teams (rules.RoundsFor).
			rec = " " + tr.N("(recommended for %d teams)", st.Participants/s.Team.Size, st.Participants/s.Team.Size)
		}
	}
	cut := ""
	if s.Playoff.TopCut > 0 && !formatSays(st.Event, fmt.Sprintf("top %d", s.Playoff.TopCut)) {
		cut = tr.F(", then a top %d", s.Playoff.TopCut)
	}
	switch {
	case st.Rounds == 0:
		return tr.N("%d rounds planned", planned, planned) + rec + cut
	case st.Cut > 0:
		return labels.RoundName(st.Latest)
	}
	return tr.F("Round %d of %d", st.Rounds, planned) + rec + cut
}

func bracketRoundText(st eventState) string {
	e := st.Event
	text := labels.StructureOf(e.Settings)
	// The format's name often says the structure already ("Single
	// elimination", "Round robin"): no need to say it twice.
	if formatSays(e, text) {
		text = ""
	}
	if st.Rounds > 0 {
		round := labels.RoundName(st.Latest)
		if strings.HasPrefix(st.Latest.Name.Format, "round %d") {
			// "round 3 of 7" says the number itself (the name's key
			// starts with the round's number).
			round = labels.Capital(st.Latest.Name.In(tr.Lang()))
		}
		if text == "" {
			return round
		}
		return text + " · " + round
	}
	players := tr.N("%d players", st.Players, st.Players)
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

func (v *eventView) changed() {
	if v.onChanged != nil {
		v.onChanged()
	}
}

// onPair takes the next step the director names: publish the draft
// round, pair the next round (or start the cut) and show it, or finish.
func (v *eventView) onPair() {
	st := v.state
	switch st.Next {
	case director.StepPublish:
		v.tabs.Select(v.roundTab)
		v.round.Publish()
	case director.StepFinish:
		v.onFinish()
	case director.StepNone:
	default:
		v.pairAfterDrops(func() {
			if st.Rounds == 0 && !st.FewPlayers.IsZero() {
				v.askFewPlayers(st)
				return
			}
			v.pairAfterCutTies()
		})
	}
}

// askFewPlayers tells the organizer, before round 1 is paired, that the
// event has fewer players than its game's rules recognise (S1: an SWS
// tournament needs three): pair anyway, or keep registering.
func (v *eventView) askFewPlayers(st eventState) {
	msg := tr.Text(st.FewPlayers) + "\n\n" + tr.L("Pair round 1 anyway, or register more players first?")
	v.confirm = keys.NewConfirm(v.win, keys.ConfirmOptions{Title: tr.L("Not an official tournament"), Message: msg,
		Yes: tr.L("Pair round 1 anyway"), No: tr.L("Register more players")}, v.onFewPlayersConfirmed)
	v.confirm.Show()
}

func (v *eventView) onFewPlayersConfirmed(ok bool) {
	if ok {
		v.pair()
		return
	}
	v.tabs.Select(v.regTab)
	v.registration.FocusSearch()
}

// onOther takes the step beside the next one, after asking: finishing
// before the structure is complete, or pairing past the planned rounds.
func (v *eventView) onOther() {
	st := v.state
	if st.ExtraRound && st.Ready {
		msg := tr.F("All %d planned rounds have been played.", st.Planned)
		if st.Planned == 1 {
			msg = tr.L("The planned round has been played.")
		}
		msg += "\n" + tr.F("Pair an extra round %d, or finish the event instead?", st.NextRound)
		v.confirm = keys.NewConfirm(v.win, keys.ConfirmOptions{Title: tr.L("Extra round"), Message: msg,
			Yes: tr.F("Pair round %d", st.NextRound)}, v.onExtraRoundConfirmed)
		v.confirm.Show()
		return
	}
	v.onFinish()
}

func (v *eventView) onExtraRoundConfirmed(ok bool) {
	if ok {
		v.pairAfterDrops(v.pair)
	}
}

// checkingBeforePairing turns the Pair button off at once while the
// window checks what the pairing must ask first (drop requests, ties at
// the cut), saying the round is being paired.
func (v *eventView) checkingBeforePairing() {
	v.pairButton.SetText(tr.F("Pairing round %d…", v.state.NextRound))
	v.pairButton.Disable()
}

// checkBeforePairing reads, for the event shown, what the organizer must
// see before the next round is paired (read: the ties at a cut, the open
// drop requests), the Pair button saying pairing is under way meanwhile;
// then, the steps shown again, it goes on (next) when there is nothing,
// else asks about what there is (ask, for that event). An error is
// alerted, and a read that comes once another event is shown does nothing.
func checkBeforePairing[T any](v *eventView, read func(context.Context, event.EventID) ([]T, error), next func(), ask func(event.EventID, []T)) {
	id := v.id
	v.checkingBeforePairing()
	work.Call(v.run, func(ctx context.Context) ([]T, error) {
		return read(ctx, id)
	}, func(found []T, err error) {
		v.showSteps(v.state)
		switch {
		case err != nil:
			v.alert(err)
		case id != v.id:
		case len(found) == 0:
			next()
		default:
			ask(id, found)
		}
	})
}

func (v *eventView) pair() {
	id := v.id
	// Seen at once: the button is off and says what is under way, and the
	// Round tab says the round is being paired.
	v.pairing = v.state.NextRound
	v.showSteps(v.state)
	v.round.ShowPairing(v.pairing)
	was := v.tabs.Selected()
	v.tabs.Select(v.roundTab)
	work.Call(v.run, func(ctx context.Context) (event.Round, error) {
		return v.header.PairNextRound(ctx, id)
	}, func(_ event.Round, err error) {
		v.pairing = 0
		// Paired, the Round tab says it is pairing until it shows the
		// round; refused, it stops saying it now.
		if err != nil {
			v.round.ShowPairing(0)
		}
		if err != nil && id == v.id {
			// Not paired: back where the organizer was, to fix what the
			// refusal says.
			v.showSteps(v.state)
			v.tabs.Select(was)
		}
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
		v.showSaved(id, v.roundTab)
	})
}

// askAbsent lists the players round 1 waits for: drop them and pair, or
// keep them and check them in on the Registration tab.
func (v *eventView) askAbsent(err error) {
	msg := tr.Err(err) + "\n\n" + tr.L("Drop them now and pair round 1, or keep them: check them in on the Registration tab when they arrive.")
	v.confirm = keys.NewConfirm(v.win, keys.ConfirmOptions{Title: tr.L("Players not checked in"), Message: msg,
		Yes: tr.L("Drop them and pair"), No: tr.L("Keep them")}, v.onDropAbsentConfirmed)
	v.confirm.Show()
}

func (v *eventView) onDropAbsentConfirmed(ok bool) {
	if !ok {
		v.tabs.Select(v.regTab)
		return
	}
	id := v.id
	work.Call(v.run, func(ctx context.Context) ([]string, error) {
		return v.absent.DropAbsent(ctx, id)
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
	if id == v.id {
		v.reloadHeader(false)
	}
}

// onKiosk opens the self check-in kiosk for the event in its own
// full-screen window (asking the organizer for a PIN first if none is
// set); the Registration tab follows what players do there.
func (v *eventView) onKiosk() {
	id := v.id
	kiosk.Launch(fyne.CurrentApp(), v.win, kiosk.Deps{Events: v.svc.Events, Kiosk: v.svc.Kiosk, Decks: v.svc.Decks}, v.run, id, v.now, func(k *kiosk.Kiosk) {
		k.OnExit = v.win.RequestFocus
	})
}

// onSettings opens the settings form (before round 1 only).
func (v *eventView) onSettings() { v.settings.Show(v.state.Event) }

// onFinish asks for confirmation, then closes the event. Finishing
// before the structure is complete says what is cut short, and Enter
// keeps the event going.
func (v *eventView) onFinish() {
	st := v.state
	msg := tr.F("Finish %s?\nIts results become final: no more rounds, results or registrations.", st.Event.Name)
	o := keys.ConfirmOptions{Title: tr.L("Finish event"), Message: msg, Yes: tr.L("Finish event"), YesByDefault: true}
	if !st.Done || st.Missing > 0 {
		o = keys.ConfirmOptions{Title: tr.L("Finish early"), Yes: tr.L("Finish early"), No: tr.L("Keep playing"), Danger: true,
			Message: tr.F("%s is not over: %s.\nFinish it now anyway? Its results become final and no more rounds can be paired.", st.Event.Name, notOver(st))}
	}
	v.confirm = keys.NewConfirm(v.win, o, v.onFinishConfirmed)
	v.confirm.Show()
}

// notOver says what is left of an event finished early.
func notOver(st eventState) string {
	switch {
	case st.Missing > 0:
		return tr.N("waiting for %d results of round %d", st.Missing, st.Missing, st.Rounds)
	case st.Next == director.StepStartCut:
		return tr.F("its top %d has not been played", st.Event.Settings.Playoff.TopCut)
	case st.Planned > 0 && st.Swiss < st.Planned:
		return tr.N("%[2]d of its %[1]d rounds have been played", st.Planned, st.Planned, st.Swiss)
	}
	return tr.L("its structure has rounds left to play")
}

func (v *eventView) onFinishConfirmed(ok bool) {
	if !ok {
		return
	}
	id := v.id
	work.Do(v.run, func(ctx context.Context) error {
		return v.finish.FinishEvent(ctx, id)
	}, func(err error) {
		if err != nil {
			v.alert(err)
			return
		}
		v.showSaved(id, v.standingsTab)
	})
}

// showSaved follows a change saved to event id: the sidebar re-reads
// and, while id is still the one open, the event re-reads with tab
// shown.
func (v *eventView) showSaved(id event.EventID, tab *container.TabItem) {
	v.changed()
	if id != v.id {
		return
	}
	v.reload()
	v.tabs.Select(tab)
}

// twoLines holds a wrapping label at exactly two lines' height (a longer
// text scrolls), so a text that grows to a second line moves nothing.
func twoLines(l *widget.Label) fyne.CanvasObject {
	two := (&widget.Label{Text: "Two\nlines"}).MinSize().Height
	box := container.NewVScroll(l)
	box.SetMinSize(fyne.NewSize(0, two))
	return box
}

// onChange refreshes what a committed write changed, whoever made it: this
// window's tabs, the kiosk, a judge, another front-end of the same
// director. The sidebar follows every change; the open event's header and
// tabs follow the kinds that show on them.
func (v *eventView) onChange(c director.Change) {
	v.changed()
	if v.id == 0 || c.Event != 0 && c.Event != v.id {
		return
	}
	w := c.What
	const scores = director.ChangeRegistration | director.ChangeRound | director.ChangeResult | director.ChangeJudgeLog
	if w.Has(scores | director.ChangeEvent | director.ChangeClock) {
		v.reloadHeader(false)
	}
	if w.Has(director.ChangeRegistration | director.ChangeJudgeLog | director.ChangeDecks | director.ChangeEvent) {
		v.registration.Reload()
	}
	v.round.Follow(c)
	if w.Has(scores) {
		v.loadChallenges()
	}
	// Finishing the event changes no score but the standings' title
	// ("Final standings", no longer "after round 5").
	if w.Has(scores | director.ChangeEvent) {
		v.standings.Load(v.id)
	}
	if w.Has(director.ChangeJudgeLog) {
		v.judge.Load(v.id)
	}
	v.log.load(v.id)
}
