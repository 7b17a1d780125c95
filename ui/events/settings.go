package events

import (
	"context"
	"slices"
	"strconv"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
	"tablekeeper/core/rules"
	"tablekeeper/ui/internal/columns"
	"tablekeeper/ui/internal/keys"
	"tablekeeper/ui/internal/labels"
	"tablekeeper/ui/internal/tr"
	"tablekeeper/ui/internal/work"
)

// Settler is what the settings form calls.
type Settler interface {
	UpdateSettings(ctx context.Context, id event.EventID, s event.Settings) error
}

// SettingsForm changes an event's settings before round 1 is paired (the
// director refuses afterwards): games per match, the number of rounds and
// the round time, the structure's options (top cut, playoff, third place,
// double) and the ordered tiebreakers.
type SettingsForm struct {
	// OnSaved, when set, is called once the settings are saved
	// (the window itself follows the director's change notifications).
	OnSaved func()

	d   Settler
	run work.Runner
	win fyne.Window
	e   event.Event

	structureName *widget.Label
	bestOf        *widget.Select
	rounds        *keys.Entry
	roundsRow     *formRow
	minutes       *keys.Entry
	structure     *structureFields
	game          *gameFields
	tiebreakers   *tiebreakEditor
	gwFloor       *widget.Check
	gwFloorBox    *fyne.Container
	phoneApproval *widget.Check
	phoneDrops    *widget.Check
	confirmBoth   *widget.Check
	meeting       *widget.Check
	printLanguage *widget.Select
	printLangs    []i18n.Lang // by option: "" (the screen's), then each shipped language
	problem       *widget.Label
	saveButton    *widget.Button
	dialog        *dialog.CustomDialog
}

// bestOfChoices are the match lengths offered.
var bestOfChoices = []int{1, 3, 5}

// settingsWidth fits the settings on the left and the tiebreakers on the
// right.
const settingsWidth = 940

// NewSettingsForm returns the form; Show opens it for an event.
func NewSettingsForm(d Settler, run work.Runner, win fyne.Window) *SettingsForm {
	f := &SettingsForm{d: d, run: run, win: win}
	options := make([]string, len(bestOfChoices))
	for i, n := range bestOfChoices {
		options[i] = bestOfName(n)
	}
	f.structureName = &widget.Label{TextStyle: fyne.TextStyle{Bold: true}}
	f.bestOf = &widget.Select{Options: options}
	// Enter saves, Esc cancels.
	f.rounds = keys.NewFormEntry(tr.L("recommended"), f.onSubmitted, f.onCancel)
	f.minutes = keys.NewFormEntry("", f.onSubmitted, f.onCancel)
	f.structure = newStructureFields(f.onSubmitted)
	f.structure.onResize = f.resize
	f.game = newGameFields(f.onSubmitted)
	f.tiebreakers = newTiebreakEditor()
	f.tiebreakers.onResize = f.resize
	f.gwFloor = &widget.Check{Text: tr.F("Floor a player's own %s at 33%%", "GW%")}
	f.gwFloorBox = container.NewVBox(f.gwFloor, columns.Secondary(tr.L(gwFloorHint), true))
	f.phoneApproval = &widget.Check{Text: tr.L(PhoneApprovalLabel)}
	f.phoneDrops = &widget.Check{Text: tr.L(PhoneDropsLabel)}
	f.confirmBoth = &widget.Check{Text: tr.L(ConfirmResultsLabel)}
	f.meeting = &widget.Check{Text: tr.L(MeetingLabel)}
	f.printLanguage = &widget.Select{Options: []string{tr.L("The screen's language")}}
	f.printLangs = []i18n.Lang{""}
	for _, l := range i18n.Langs() {
		f.printLanguage.Options = append(f.printLanguage.Options, i18n.Name(l))
		f.printLangs = append(f.printLangs, l)
	}
	f.problem = columns.Problem()
	f.saveButton = &widget.Button{Text: tr.L("Save settings"), Importance: widget.HighImportance, OnTapped: f.onSave}
	cancel := &widget.Button{Text: tr.L("Cancel"), OnTapped: f.onCancel}

	form := newFormGrid()
	form.add(tr.L("Structure"), f.structureName, "")
	form.add(tr.L("Games per match"), f.bestOf, "")
	f.roundsRow = form.add(tr.L("Rounds"), f.rounds, tr.L("Empty: recommended for the players present"))
	form.add(tr.L("Round minutes"), f.minutes, "")
	form.add(tr.L("Print language"), f.printLanguage, "")
	f.structure.addTo(form)
	f.game.addTo(form)
	form.add(tr.L("Player meeting"), f.meeting, tr.L(meetingHint))

	body := container.NewBorder(nil, nil, nil, nil,
		container.New(layout.NewGridLayoutWithColumns(2), container.NewVBox(form.box), container.NewVBox(f.tiebreakers.box, f.gwFloorBox,
			widget.NewSeparator(), f.phoneApproval, columns.Secondary(tr.L(phoneApprovalHint), true),
			f.phoneDrops, columns.Secondary(tr.L(phoneDropsHint), true),

			f.confirmBoth, columns.Secondary(tr.L(confirmResultsHint), true))))
	f.dialog = dialog.NewCustomWithoutButtons(tr.L("Event settings"), container.NewVBox(body, f.problem), win)
	f.dialog.SetButtons([]fyne.CanvasObject{cancel, f.saveButton})
	return f
}

// gwFloorHint says beside the own GW% floor where each choice comes from.
var gwFloorHint = tr.K("MTR Appendix C floors it at 33% (the default); melee.gg prints it unfloored. Opponents' averages (OMW%, OGW%) always keep the floor.")

// PhoneApprovalLabel is the check box of Settings.PhoneReportsNeedApproval.
var PhoneApprovalLabel = tr.K("Phone reports wait for my approval")

// phoneApprovalHint says beside it what it does.
var phoneApprovalHint = tr.K("A result the players report from a phone with their table's code (store network) waits in the Round tab's Phone reports list until you accept it, instead of being recorded at once.")

// PhoneDropsLabel is the check box of Settings.PhoneDropsWithoutApproval.
var PhoneDropsLabel = tr.K("Drops from phones apply without my approval")

// phoneDropsHint says beside it what it does, and what happens without it.
var phoneDropsHint = tr.K("A player signed in with her player code who asks on her phone to drop leaves after the current round at once. Unchecked, her request waits in the Round tab's Drop requests until you accept or refuse it.")

// MeetingLabel is the check box of Settings.Meeting, in the Player
// meeting row.
var MeetingLabel = tr.K("On the TV before round 1")

// meetingHint says under it what it does.
var meetingHint = tr.K("Every seat by name, to call the roll; print it from Seatings.")

// bestOfName names a match length: "Best of 3"; French says "En 1 manche"
// for a single game rather than "Au meilleur des 1".
func bestOfName(n int) string { return tr.N("Best of %d", n, n) }

// bestOfNumber is the match length a bestOfName names, among choices and
// current; false when name is none of them.
func bestOfNumber(name string, choices []int, current int) (int, bool) {
	for _, n := range append(slices.Clone(choices), current) {
		if bestOfName(n) == name {
			return n, true
		}
	}
	return 0, false
}

// twoPlayerMatches reports whether the event's tables are two-player
// matches (a team match is one), where games won make a GW%.
func twoPlayerMatches(s event.Settings) bool {
	return !rules.MultiplayerResult(s, s.TableSize) || s.Teams()
}

// Show opens the form with the event's current settings.
func (f *SettingsForm) Show(e event.Event) {
	f.e = e
	s := e.Settings
	f.structureName.SetText(labels.Structure(s.Structure))
	f.bestOf.Options = f.bestOf.Options[:len(bestOfChoices)]
	if !containsInt(bestOfChoices, s.GamesPerMatch) {
		f.bestOf.Options = append(f.bestOf.Options, bestOfName(s.GamesPerMatch))
	}
	f.bestOf.SetSelected(bestOfName(s.GamesPerMatch))
	f.rounds.SetText("")
	if s.Rounds > 0 {
		f.rounds.SetText(strconv.Itoa(s.Rounds))
	}
	f.roundsRow.show(rules.SetsRoundCount(s))
	f.minutes.SetText(strconv.Itoa(s.RoundMinutes))
	f.structure.set(s)
	f.game.set(e.Game, s)
	f.tiebreakers.set(s.Tiebreakers)
	f.gwFloor.SetChecked(!s.UnflooredGameWin)
	f.gwFloorBox.Hidden = !twoPlayerMatches(s)
	f.gwFloorBox.Refresh()
	f.phoneApproval.SetChecked(s.PhoneReportsNeedApproval)
	f.phoneDrops.SetChecked(s.PhoneDropsWithoutApproval)
	f.confirmBoth.SetChecked(s.PlayersConfirmResults)
	f.meeting.SetChecked(s.Meeting)
	f.printLanguage.SetSelectedIndex(max(0, slices.Index(f.printLangs, i18n.Lang(s.Language))))
	f.problem.Hide()
	f.dialog.Show()
	f.resize()
	// The cursor starts in the first field, so Esc closes the form and
	// Enter saves it without a click first.
	first := f.minutes
	if f.roundsRow.visible() {
		first = f.rounds
	}
	f.win.Canvas().Focus(first)
}

// resize fits the dialog to the rows shown.
func (f *SettingsForm) resize() {
	if f.dialog == nil {
		return
	}
	f.dialog.Resize(fyne.NewSize(settingsWidth, f.dialog.MinSize().Height))
}

func containsInt(list []int, n int) bool {
	return slices.Contains(list, n)
}

// Settings reads the form into the event's settings, or says what is
// wrong.
func (f *SettingsForm) Settings() (event.Settings, error) {
	s := f.e.Settings
	n, ok := bestOfNumber(f.bestOf.Selected, bestOfChoices, s.GamesPerMatch)
	if !ok {
		return s, event.Invalid("choose how many games a match has")
	}
	s.GamesPerMatch = n
	var err error
	if f.roundsRow.visible() {
		if s.Rounds, err = number(f.rounds.Text, i18n.F("rounds"), 0); err != nil {
			return s, err
		}
	}
	if s.RoundMinutes, err = number(f.minutes.Text, i18n.F("round minutes"), f.e.Settings.RoundMinutes); err != nil {
		return s, err
	}
	if err := f.structure.read(&s); err != nil {
		return s, err
	}
	if err := f.game.read(&s); err != nil {
		return s, err
	}
	s.Tiebreakers = f.tiebreakers.Keys()
	if twoPlayerMatches(s) {
		s.UnflooredGameWin = !f.gwFloor.Checked
	}
	s.PhoneReportsNeedApproval = f.phoneApproval.Checked
	s.PhoneDropsWithoutApproval = f.phoneDrops.Checked
	s.PlayersConfirmResults = f.confirmBoth.Checked
	s.Meeting = f.meeting.Checked
	s.Language = string(f.printLangs[max(0, f.printLanguage.SelectedIndex())])
	return s, nil
}

func (f *SettingsForm) onSubmitted(string) { f.onSave() }

func (f *SettingsForm) onSave() {
	s, err := f.Settings()
	if err != nil {
		f.showProblem(err)
		return
	}
	id := f.e.ID
	work.Do(f.run, func(ctx context.Context) error {
		return f.d.UpdateSettings(ctx, id, s)
	}, f.saved)
}

func (f *SettingsForm) saved(err error) {
	if err != nil {
		f.showProblem(err)
		return
	}
	f.dialog.Hide()
	if f.OnSaved != nil {
		f.OnSaved()
	}
}

func (f *SettingsForm) onCancel() { f.dialog.Hide() }

func (f *SettingsForm) showProblem(err error) {
	f.problem.SetText(work.Sentence(err))
	f.problem.Show()
	f.resize()
}
