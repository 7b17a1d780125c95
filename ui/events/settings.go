package events

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/core/event"
	"tablekeeper/ui/internal/work"
)

// Settler is what the settings form calls.
type Settler interface {
	UpdateSettings(ctx context.Context, id event.EventID, s event.Settings) error
}

// SettingsForm changes an event's number of rounds, round time and games
// per match before round 1 is paired (the director refuses afterwards).
type SettingsForm struct {
	// OnSaved is called once the settings are saved.
	OnSaved func()

	d   Settler
	run work.Runner
	win fyne.Window
	e   event.Event

	bestOf     *widget.Select
	rounds     *widget.Entry
	minutes    *widget.Entry
	problem    *widget.Label
	saveButton *widget.Button
	dialog     *dialog.CustomDialog
}

// bestOfChoices are the match lengths offered.
var bestOfChoices = []int{1, 3, 5}

// NewSettingsForm returns the form; Show opens it for an event.
func NewSettingsForm(d Settler, run work.Runner, win fyne.Window) *SettingsForm {
	f := &SettingsForm{d: d, run: run, win: win}
	options := make([]string, len(bestOfChoices))
	for i, n := range bestOfChoices {
		options[i] = bestOfName(n)
	}
	f.bestOf = &widget.Select{Options: options}
	f.rounds = &widget.Entry{PlaceHolder: "recommended", OnSubmitted: f.onSubmitted}
	f.minutes = &widget.Entry{OnSubmitted: f.onSubmitted}
	f.problem = &widget.Label{Wrapping: fyne.TextWrapWord, Importance: widget.DangerImportance, TextStyle: fyne.TextStyle{Bold: true}}
	f.problem.Hide()
	f.saveButton = &widget.Button{Text: "Save settings", Importance: widget.HighImportance, OnTapped: f.onSave}
	cancel := &widget.Button{Text: "Cancel", OnTapped: f.onCancel}
	form := &widget.Form{Items: []*widget.FormItem{
		{Text: "Games per match", Widget: f.bestOf},
		{Text: "Rounds", Widget: f.rounds, HintText: "Leave empty for the recommended number for the players present"},
		{Text: "Round minutes", Widget: f.minutes},
	}}
	f.dialog = dialog.NewCustomWithoutButtons("Event settings", container.NewVBox(form, f.problem), win)
	f.dialog.SetButtons([]fyne.CanvasObject{cancel, f.saveButton})
	return f
}

func bestOfName(n int) string { return fmt.Sprintf("Best of %d", n) }

// Show opens the form with the event's current settings.
func (f *SettingsForm) Show(e event.Event) {
	f.e = e
	s := e.Settings
	f.bestOf.Options = f.bestOf.Options[:len(bestOfChoices)]
	if !containsInt(bestOfChoices, s.GamesPerMatch) {
		f.bestOf.Options = append(f.bestOf.Options, bestOfName(s.GamesPerMatch))
	}
	f.bestOf.SetSelected(bestOfName(s.GamesPerMatch))
	f.rounds.SetText("")
	if s.Rounds > 0 {
		f.rounds.SetText(strconv.Itoa(s.Rounds))
	}
	f.minutes.SetText(strconv.Itoa(s.RoundMinutes))
	f.problem.Hide()
	f.dialog.Resize(fyne.NewSize(520, f.dialog.MinSize().Height))
	f.dialog.Show()
}

func containsInt(list []int, n int) bool {
	for _, v := range list {
		if v == n {
			return true
		}
	}
	return false
}

// Settings reads the form into the event's settings, or says what is
// wrong.
func (f *SettingsForm) Settings() (event.Settings, error) {
	s := f.e.Settings
	n, err := strconv.Atoi(strings.TrimPrefix(f.bestOf.Selected, "Best of "))
	if err != nil {
		return s, event.Invalid("choose how many games a match has")
	}
	s.GamesPerMatch = n
	if s.Rounds, err = number(f.rounds.Text, "rounds", 0); err != nil {
		return s, err
	}
	if s.RoundMinutes, err = number(f.minutes.Text, "round minutes", f.e.Settings.RoundMinutes); err != nil {
		return s, err
	}
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
	f.dialog.Resize(fyne.NewSize(520, f.dialog.MinSize().Height))
}
