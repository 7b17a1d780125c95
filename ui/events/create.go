package events

import (
	"context"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
	"tablekeeper/core/rules"
	"tablekeeper/ui/internal/columns"
	"tablekeeper/ui/internal/keys"
	"tablekeeper/ui/internal/toggle"
	"tablekeeper/ui/internal/tr"
	"tablekeeper/ui/internal/work"
)

// Creator is what the create-event form calls.
type Creator interface {
	CreateEvent(ctx context.Context, req director.NewEvent) (event.Event, error)
}

// DateLayout is how dates are typed in the form.
const DateLayout = "2006-01-02"

// CreateForm is the "New event" dialog: a name, a game and format from the
// rules catalogue (with the format's summary and defaults), the date, the
// number of rounds and the round time, and the options of the format's
// structure (top cut, playoff, third place, double).
type CreateForm struct {
	// OnCreated is called with the new event once it is saved.
	OnCreated func(event.Event)
	// OnJoin, when set (a window whose laptop can be a standby), is
	// called by "Join an event on another laptop…" once the form closed.
	OnJoin func()

	d     Creator
	run   work.Runner
	win   fyne.Window
	today func() time.Time
	games []rules.Game

	name     *keys.Entry
	game     *widget.Select
	format   *widget.Select
	date     *keys.Entry
	rounds   *keys.Entry
	minutes  *keys.Entry
	summary  *widget.Label
	defaults *widget.Label
	// structure holds the top cut, playoff and bracket options.
	structure *structureFields
	roundsRow *formRow
	// problem shows why the event cannot be created, in red.
	problem      *widget.Label
	createButton *widget.Button
	cancelButton *widget.Button
	// joinRow offers to join an event another laptop hosts instead.
	joinRow *fyne.Container
	dialog  *dialog.CustomDialog
}

// NewCreateForm returns the form; Show opens it over win. today gives the
// date the form starts with.
func NewCreateForm(d Creator, run work.Runner, win fyne.Window, today func() time.Time) *CreateForm {
	f := &CreateForm{d: d, run: run, win: win, today: today, games: rules.CatalogueIn(tr.Lang())}
	gameNames := make([]string, len(f.games))
	for i, g := range f.games {
		gameNames[i] = tr.L(g.Name)
	}
	// Enter creates the event, Esc cancels, from any field.
	f.name = keys.NewFormEntry(tr.L("e.g. Friday Night Altered"), f.onSubmitted, f.onCancel)
	f.format = &widget.Select{OnChanged: f.onFormatChanged}
	f.game = &widget.Select{Options: gameNames, OnChanged: f.onGameChanged}
	f.date = keys.NewFormEntry(DateLayout, f.onSubmitted, f.onCancel)
	f.rounds = keys.NewFormEntry(tr.L("recommended"), f.onSubmitted, f.onCancel)
	f.minutes = keys.NewFormEntry("", f.onSubmitted, f.onCancel)
	f.summary = &widget.Label{Wrapping: fyne.TextWrapWord}
	f.defaults = &widget.Label{Wrapping: fyne.TextWrapWord, SizeName: theme.SizeNameCaptionText}
	f.problem = columns.Problem()
	f.createButton = &widget.Button{Text: tr.L("Create event"), Importance: widget.HighImportance, OnTapped: f.onCreate}
	f.cancelButton = &widget.Button{Text: tr.L("Cancel"), OnTapped: f.onCancel}

	f.structure = newStructureFields(f.onSubmitted)
	f.structure.onResize = f.resize
	form := newFormGrid()
	form.add(tr.L("Name"), f.name, "")
	form.add(tr.L("Game"), f.game, "")
	form.add(tr.L("Format"), f.format, "")
	form.add("", container.NewVBox(f.summary, f.defaults), "")
	form.add(tr.L("Date"), f.date, "")
	f.roundsRow = form.add(tr.L("Rounds"), f.rounds, tr.L("Empty: recommended for the players present"))
	form.add(tr.L("Round minutes"), f.minutes, "")
	f.structure.addTo(form)
	join := &widget.Button{Text: tr.L("Join an event on another laptop…"), Icon: theme.LoginIcon(), Importance: widget.LowImportance, OnTapped: f.onJoin}
	f.joinRow = container.NewVBox(widget.NewSeparator(), container.NewBorder(nil, nil, nil, join,
		&widget.Label{Text: tr.L("Does another laptop on this network run the event? This one can be its standby."), Wrapping: fyne.TextWrapWord}))
	f.joinRow.Hide()
	f.dialog = dialog.NewCustomWithoutButtons(tr.L("New event"), container.NewVBox(form.box, f.problem, f.joinRow), win)
	f.dialog.SetButtons([]fyne.CanvasObject{f.cancelButton, f.createButton})
	return f
}

// Show resets the form and opens it.
func (f *CreateForm) Show() {
	f.name.SetText("")
	f.date.SetText(f.today().Format(DateLayout))
	f.hideProblem()
	toggle.Visible(f.joinRow, f.OnJoin != nil)
	if len(f.games) > 0 && f.game.Selected == "" {
		f.game.SetSelected(tr.L(f.games[0].Name))
	} else {
		f.onFormatChanged(f.format.Selected)
	}
	f.dialog.Show()
	f.resize()
	f.win.Canvas().Focus(f.name)
}

// formWidth is the width of the create and settings dialogs.
const formWidth = 640

// resize fits the dialog to the rows shown.
func (f *CreateForm) resize() {
	if f.dialog == nil {
		return
	}
	f.dialog.Resize(fyne.NewSize(formWidth, f.dialog.MinSize().Height))
}

// Hide closes the form.
func (f *CreateForm) Hide() { f.dialog.Hide() }

// JoinOffered says whether the open form offers to join an event another
// laptop hosts (OnJoin is set).
func (f *CreateForm) JoinOffered() bool { return f.joinRow.Visible() }

// onJoin answers "Join an event on another laptop…": the form closes and
// the window shows where to join.
func (f *CreateForm) onJoin() {
	f.dialog.Hide()
	if f.OnJoin != nil {
		f.OnJoin()
	}
}

func (f *CreateForm) chosenGame() (rules.Game, bool) {
	for _, g := range f.games {
		if tr.L(g.Name) == f.game.Selected {
			return g, true
		}
	}
	return rules.Game{}, false
}

func (f *CreateForm) chosenFormat() (rules.Game, rules.Format, bool) {
	g, ok := f.chosenGame()
	if !ok {
		return g, rules.Format{}, false
	}
	for _, fm := range g.Formats {
		if tr.L(fm.Name) == f.format.Selected {
			return g, fm, true
		}
	}
	return g, rules.Format{}, false
}

func (f *CreateForm) onGameChanged(string) {
	g, ok := f.chosenGame()
	if !ok {
		return
	}
	names := make([]string, len(g.Formats))
	for i, fm := range g.Formats {
		names[i] = tr.L(fm.Name)
	}
	f.format.Options = names
	f.format.ClearSelected()
	if len(names) > 0 {
		f.format.SetSelected(names[0])
	}
}

func (f *CreateForm) onFormatChanged(string) {
	_, fm, ok := f.chosenFormat()
	if !ok {
		f.summary.SetText("")
		f.defaults.SetText("")
		return
	}
	s := fm.Defaults
	f.summary.SetText(tr.L(fm.Summary))
	f.defaults.SetText(DescribeSettings(s))
	if s.Rounds == 0 {
		f.rounds.SetText("")
	} else {
		f.rounds.SetText(strconv.Itoa(s.Rounds))
	}
	f.minutes.SetText(strconv.Itoa(s.RoundMinutes))
	f.roundsRow.show(rules.SetsRoundCount(s))
	f.structure.set(s)
}

// Request reads the form into a director request, or says what is wrong.
func (f *CreateForm) Request() (director.NewEvent, error) {
	g, fm, ok := f.chosenFormat()
	if !ok {
		return director.NewEvent{}, event.Invalid("choose a game and a format")
	}
	req := director.NewEvent{Name: strings.TrimSpace(f.name.Text), Game: g.Key, Format: fm.Key}
	if req.Name == "" {
		return req, event.Invalid("give the event a name")
	}
	date, err := time.ParseInLocation(DateLayout, strings.TrimSpace(f.date.Text), time.Local)
	if err != nil {
		return req, event.Invalidf("the date %q is not a date like %s", strings.TrimSpace(f.date.Text), f.today().Format(DateLayout))
	}
	req.Date = date
	s := fm.Defaults
	s.Tiebreakers = slices.Clone(fm.Defaults.Tiebreakers)
	if f.roundsRow.visible() {
		if s.Rounds, err = number(f.rounds.Text, i18n.F("rounds"), 0); err != nil {
			return req, err
		}
	}
	if s.RoundMinutes, err = number(f.minutes.Text, i18n.F("round minutes"), fm.Defaults.RoundMinutes); err != nil {
		return req, err
	}
	if err := f.structure.read(&s); err != nil {
		return req, err
	}
	if !reflect.DeepEqual(s, fm.Defaults) {
		req.Settings = &s
	}
	return req, nil
}

// number reads a whole number from a form field; empty means def.
func number(text string, what i18n.Text, def int) (int, error) {
	text = strings.TrimSpace(text)
	if text == "" {
		return def, nil
	}
	n, err := strconv.Atoi(text)
	if err != nil || n < 0 {
		return 0, event.Invalidf("%s must be a whole number, not %q", what, text)
	}
	return n, nil
}

func (f *CreateForm) onSubmitted(string) { f.onCreate() }

func (f *CreateForm) onCreate() {
	req, err := f.Request()
	if err != nil {
		f.showProblem(err)
		return
	}
	f.createButton.Disable()
	work.Call(f.run, func(ctx context.Context) (event.Event, error) {
		return f.d.CreateEvent(ctx, req)
	}, f.created)
}

func (f *CreateForm) created(e event.Event, err error) {
	f.createButton.Enable()
	if err != nil {
		f.showProblem(err)
		return
	}
	f.dialog.Hide()
	if f.OnCreated != nil {
		f.OnCreated(e)
	}
}

func (f *CreateForm) onCancel() { f.dialog.Hide() }

func (f *CreateForm) showProblem(err error) {
	f.problem.SetText(work.Sentence(err))
	f.problem.Show()
	f.resize()
}

func (f *CreateForm) hideProblem() {
	f.problem.SetText("")
	f.problem.Hide()
}
