package judge

import (
	"context"
	"strconv"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/core/judgelog"
	"tablekeeper/core/rules"
	"tablekeeper/ui/internal/columns"
	"tablekeeper/ui/internal/keys"
	"tablekeeper/ui/internal/toggle"
	"tablekeeper/ui/internal/tr"
	"tablekeeper/ui/internal/work"
)

// rosterPanel lists the event's judges and organizers, says what the
// roster still lacks by the game's rules, and adds people to it.
type rosterPanel struct {
	s *Screen

	rows      *fyne.Container // one row a person
	problem   *widget.Label
	problemBx *fyne.Container
	appeals   *widget.RichText
	addButton *widget.Button

	// The quick form shown while the roster is empty, so a lone
	// organizer can start logging with one click.
	quick       *fyne.Container
	quickName   *widget.Entry
	quickButton *widget.Button
	quickError  *widget.Label

	add     *addJudgeDialog
	content *fyne.Container
}

func newRosterPanel(s *Screen) *rosterPanel {
	p := &rosterPanel{s: s}
	title := &widget.Label{Text: tr.L("Judges"), TextStyle: fyne.TextStyle{Bold: true}, SizeName: theme.SizeNameSubHeadingText}
	p.addButton = &widget.Button{Text: tr.L("Add judge…"), Icon: theme.ContentAddIcon(), OnTapped: p.onAdd}
	p.rows = container.NewVBox()
	p.problem = &widget.Label{Wrapping: fyne.TextWrapWord, Importance: widget.WarningImportance, TextStyle: fyne.TextStyle{Bold: true}}
	p.problemBx = container.NewBorder(nil, nil, container.NewVBox(widget.NewIcon(theme.WarningIcon())), nil, p.problem)
	p.problemBx.Hide()
	p.appeals = columns.Secondary("", true)

	p.quickName = &widget.Entry{PlaceHolder: tr.L("Your name"), OnSubmitted: func(string) { p.onQuick() }}
	p.quickButton = &widget.Button{Text: tr.L("Add me"), Icon: theme.AccountIcon(), Importance: widget.HighImportance, OnTapped: p.onQuick}
	p.quickError = &widget.Label{Wrapping: fyne.TextWrapWord, Importance: widget.DangerImportance}
	p.quickError.Hide()
	intro := &widget.Label{Text: tr.L("No judges yet. Every log entry names who made it (G4): add yourself as the organizer to start, and your judges when you have them."),
		Wrapping: fyne.TextWrapWord}
	p.quick = container.NewVBox(intro,
		container.NewBorder(nil, nil, &widget.Label{Text: tr.L("I'm the organizer:"), TextStyle: fyne.TextStyle{Bold: true}}, p.quickButton, p.quickName),
		p.quickError)
	p.quick.Hide()

	p.add = newAddJudgeDialog(s)
	top := container.NewVBox(container.NewBorder(nil, nil, nil, p.addButton, title), widget.NewSeparator())
	body := container.NewVBox(p.quick, p.rows, p.problemBx, p.appeals)
	p.content = container.NewBorder(top, nil, nil, nil, container.NewVScroll(body))
	return p
}

// show lists the roster of the snapshot.
func (p *rosterPanel) show() {
	sn := p.s.data
	objs := make([]fyne.CanvasObject, 0, len(sn.judges))
	for _, j := range sn.judges {
		name := &widget.Label{Text: j.Name, TextStyle: fyne.TextStyle{Bold: true}, Truncation: fyne.TextTruncateEllipsis}
		role := &widget.Label{Text: p.s.roleText(j), Alignment: fyne.TextAlignTrailing}
		objs = append(objs, container.NewBorder(nil, nil, nil, role, name))
	}
	p.rows.Objects = objs
	p.rows.Refresh()
	p.problem.SetText(sentence(sn.problem))
	toggle.Visible(p.problemBx, sn.problem != "")
	toggle.Visible(p.quick, len(sn.judges) == 0 && !p.s.closed())
	columns.SetSecondary(p.appeals, tr.Text(rules.Appeals(sn.event.Game, sn.judges)))
	p.content.Refresh() // the rows changed: lay the panel out again
}

// roleText describes a judge's place in the game's words
// (rules.JudgeRole): "marshal", "judge 2 · also plays", "organizer".
func (s *Screen) roleText(j event.Judge) string {
	return tr.Text(rules.JudgeRole(s.data.event.Game, j))
}

func (p *rosterPanel) onAdd() { p.add.open() }

// onQuick adds the person typed as the event's organizer.
func (p *rosterPanel) onQuick() {
	s := p.s
	id := s.eventID
	nj := director.NewJudge{Name: p.quickName.Text, Role: event.RoleOrganizer}
	work.Call(s.run, func(ctx context.Context) (event.Judge, error) {
		return s.d.Judging.AddJudge(ctx, id, nj)
	}, func(j event.Judge, err error) {
		if err != nil {
			showProblem(p.quickError, err)
			return
		}
		p.quickError.Hide()
		p.quickName.SetText("")
		s.lastJudge = j.ID
		s.log.setStatus(tr.F("%s added as the organizer: you can log entries now", j.Name), widget.SuccessImportance)
		s.reload()
	})
}

// sentence capitalises a director message that is shown on its own.
func sentence(msg string) string {
	if msg == "" {
		return ""
	}
	return work.Sentence(event.Invalid(msg))
}

// --- the Add judge dialog ---

// Role choices of the Add judge dialog, in order.
var roleChoices = []event.JudgeRole{event.RoleHeadJudge, event.RoleJudge, event.RoleOrganizer}

// notInOrder is the Order choice for a judge outside the multi-judge
// order.
var notInOrder = tr.K("Not in the order")

// doesNotPlay is the Plays choice for a judge who is not a player.
var doesNotPlay = tr.K("Does not play")

// addJudgeDialog asks for a judge's name, role, place in the multi-judge
// order and, for a judge who also plays, which player they are.
type addJudgeDialog struct {
	s *Screen

	name    *keys.Entry
	role    *widget.Select
	order   *widget.Select
	plays   *widget.Select
	players []event.EntryID // parallel to plays.Options, after the first
	errText *widget.Label
	addBtn  *widget.Button
	dlg     *dialog.CustomDialog
	orderRw [2]fyne.CanvasObject
}

func newAddJudgeDialog(s *Screen) *addJudgeDialog {
	a := &addJudgeDialog{s: s}
	a.name = keys.NewFormEntry(tr.L("Name"), func(string) { a.onAdd() }, func() { a.dlg.Hide() })
	a.role = &widget.Select{OnChanged: a.onRole}
	a.order = &widget.Select{Options: []string{tr.L(notInOrder), "2", "3", "4", "5"}}
	a.plays = &widget.Select{}
	a.errText = &widget.Label{Wrapping: fyne.TextWrapWord, Importance: widget.DangerImportance}
	a.errText.Hide()
	a.addBtn = &widget.Button{Text: tr.L("Add"), Icon: theme.ContentAddIcon(), Importance: widget.HighImportance, OnTapped: a.onAdd}
	cancel := &widget.Button{Text: tr.L("Cancel"), Icon: theme.CancelIcon(), OnTapped: a.close}
	orderLabel := &widget.Label{Text: tr.L("Order"), TextStyle: fyne.TextStyle{Bold: true}}
	a.orderRw = [2]fyne.CanvasObject{orderLabel, a.order}
	form := container.New(layout.NewFormLayout(),
		&widget.Label{Text: tr.L("Name"), TextStyle: fyne.TextStyle{Bold: true}}, a.name,
		&widget.Label{Text: tr.L("Role"), TextStyle: fyne.TextStyle{Bold: true}}, a.role,
		orderLabel, a.order,
		&widget.Label{Text: tr.L("Plays as"), TextStyle: fyne.TextStyle{Bold: true}}, a.plays,
	)
	hint := columns.Secondary(tr.L("The multi-judge order says who rules when the ruling judge plays at the table (S11). Link a judge who also plays to their entry."), true)
	body := container.NewVBox(form, hint, a.errText)
	a.dlg = dialog.NewCustomWithoutButtons(tr.L("Add judge"), container.New(columns.MinWidth{Width: 440}, body), s.win)
	a.dlg.SetButtons([]fyne.CanvasObject{cancel, a.addBtn})
	return a
}

// open shows the dialog, with the next free place in the order.
func (a *addJudgeDialog) open() {
	sn := a.s.data
	opts := make([]string, len(roleChoices))
	for i, r := range roleChoices {
		opts[i] = tr.Text(rules.RoleChoice(sn.event.Game, r))
	}
	a.role.Options = opts
	a.plays.Options = []string{tr.L(doesNotPlay)}
	a.players = nil
	for _, en := range sn.entries {
		a.plays.Options = append(a.plays.Options, en.Name)
		a.players = append(a.players, en.ID)
	}
	a.name.SetText("")
	a.errText.Hide()
	hasHead := false
	for _, j := range sn.judges {
		hasHead = hasHead || j.Role == event.RoleHeadJudge
	}
	if hasHead {
		a.role.SetSelectedIndex(1)
	} else {
		a.role.SetSelectedIndex(0)
	}
	a.plays.SetSelectedIndex(0)
	a.dlg.Show()
	a.s.win.Canvas().Focus(a.name)
}

// onRole shows the order for a judge, with the next free place chosen.
func (a *addJudgeDialog) onRole(string) {
	i := a.role.SelectedIndex()
	judge := i >= 0 && roleChoices[i] == event.RoleJudge
	for _, o := range a.orderRw {
		toggle.Visible(o, judge)
	}
	if judge {
		a.order.SetSelected(nextOrder(a.s.data.judges))
	}
}

// nextOrder is the first free place from 2 in the multi-judge order, once
// there is a head judge; without one, judges stay out of the order.
func nextOrder(judges []event.Judge) string {
	taken := map[int]bool{}
	head := false
	for _, j := range judges {
		taken[j.Order] = true
		head = head || j.Role == event.RoleHeadJudge
	}
	if !head {
		return tr.L(notInOrder)
	}
	for o := 2; o <= judgelog.MaxOrder; o++ {
		if !taken[o] {
			return strconv.Itoa(o)
		}
	}
	return tr.L(notInOrder)
}

func (a *addJudgeDialog) close() { a.dlg.Hide() }

// onAdd adds the judge; a refusal shows in the dialog, which stays open.
func (a *addJudgeDialog) onAdd() {
	s := a.s
	i := a.role.SelectedIndex()
	if i < 0 {
		a.fail(event.Invalid("choose the role"))
		return
	}
	nj := director.NewJudge{Name: a.name.Text, Role: roleChoices[i]}
	if nj.Role == event.RoleJudge {
		nj.Order, _ = strconv.Atoi(a.order.Selected) // "Not in the order" is 0
	}
	if k := a.plays.SelectedIndex(); k > 0 {
		if en, ok := s.entry(a.players[k-1]); ok {
			nj.PlayerID = en.PlayerID
		}
	}
	id := s.eventID
	work.Call(s.run, func(ctx context.Context) (event.Judge, error) {
		return s.d.Judging.AddJudge(ctx, id, nj)
	}, func(j event.Judge, err error) {
		if err != nil {
			a.fail(err)
			return
		}
		a.close()
		s.log.setStatus(tr.F("%s added (%s)", j.Name, s.roleText(j)), widget.SuccessImportance)
		s.reload()
	})
}

func (a *addJudgeDialog) fail(err error) {
	showProblem(a.errText, err)
}
