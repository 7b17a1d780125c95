package registration

import (
	"context"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/core/event"
	"tablekeeper/ui/internal/columns"
	"tablekeeper/ui/internal/tr"
	"tablekeeper/ui/internal/work"
)

// The Teams dialog makes the teams of a team format (Altered 2v2, A6):
// pick two registered players without a team, optionally name the team,
// and Make team; the teams made are listed with their members, and can be
// dissolved until round 1 is paired. It stays open to make team after
// team.

// teamsDialog is the Teams dialog of the Registration tab.
type teamsDialog struct {
	s *Screen

	// free are the active players without a team, as offered in the
	// pickers; pick maps a picker's option to its entry.
	free []event.Entry
	pick map[string]event.EntryID

	first, second *widget.Select
	name          *widget.Entry
	makeButton    *widget.Button
	summary       *widget.Label
	loose         *widget.Label
	message       *widget.Label
	cols          *columns.Layout
	list          *widget.List
	none          *widget.Label
	close         *widget.Button
	body          fyne.CanvasObject
	dialog        *dialog.CustomDialog
}

func newTeamsDialog(s *Screen) *teamsDialog {
	p := &teamsDialog{s: s}
	p.first = &widget.Select{PlaceHolder: tr.L("First player"), OnChanged: p.onPicked}
	p.second = &widget.Select{PlaceHolder: tr.L("Second player"), OnChanged: p.onPicked}
	p.name = &widget.Entry{PlaceHolder: tr.L("Team name (optional)"), OnSubmitted: func(string) { p.onMake() }}
	p.makeButton = &widget.Button{Text: tr.L("Make team"), Icon: theme.ContentAddIcon(), Importance: widget.HighImportance, OnTapped: p.onMake}
	p.summary = &widget.Label{TextStyle: fyne.TextStyle{Bold: true}}
	p.loose = &widget.Label{Wrapping: fyne.TextWrapWord, Importance: widget.WarningImportance}
	p.message = &widget.Label{Wrapping: fyne.TextWrapWord}
	p.message.Hide()
	p.cols = columns.New(
		columns.Col{Width: 200, Grow: 1}, // team
		columns.Col{Width: 200, Grow: 1}, // members
		columns.Col{Width: 110},          // dissolve
	)
	p.list = &widget.List{Length: p.length, CreateItem: p.createItem, UpdateItem: p.updateItem}
	p.none = &widget.Label{Text: tr.L("No teams yet."), Alignment: fyne.TextAlignCenter, Importance: widget.LowImportance}
	p.close = &widget.Button{Text: tr.L("Close"), OnTapped: p.onClose}

	makeTitle := &widget.Label{Text: tr.L("Make a team"), TextStyle: fyne.TextStyle{Bold: true}}
	hint := columns.Secondary(tr.L("Pick two registered players without a team. Left empty, the name is the players' names (Ada & Bob)."), true)
	pickers := container.NewGridWithColumns(2, p.first, p.second)
	nameRow := container.NewBorder(nil, nil, nil, p.makeButton, p.name)
	header := p.cols.Header(tr.L("Team"), tr.L("Players"), "")
	top := container.NewVBox(makeTitle, pickers, nameRow, hint, p.message, widget.NewSeparator(),
		p.summary, p.loose, header, widget.NewSeparator())
	p.body = container.NewBorder(top, nil, nil, nil, container.NewStack(p.list, container.NewVBox(p.none)))
	return p
}

// ShowTeams opens the Teams dialog of a team format.
func (s *Screen) ShowTeams() {
	p := s.teamsDlg
	p.message.Hide()
	p.dialog = dialog.NewCustomWithoutButtons(tr.F("Teams · %s", s.event.Name), p.body, s.win)
	p.dialog.SetButtons([]fyne.CanvasObject{p.close})
	p.refresh()
	p.dialog.Show()
	p.resize()
}

// setTeams keeps the event's teams and their names by ID.
func (s *Screen) setTeams(teams []event.Team) {
	s.teams = teams
	s.teamName = make(map[event.TeamID]string, len(teams))
	for _, tm := range teams {
		s.teamName[tm.ID] = tm.Name
	}
}

// refresh re-reads the players and teams from the screen.
func (p *teamsDialog) refresh() {
	p.free = p.free[:0]
	for _, en := range p.s.entries {
		if en.Active() && en.TeamID == 0 {
			p.free = append(p.free, en)
		}
	}
	p.pick = make(map[string]event.EntryID, len(p.free))
	options := make([]string, 0, len(p.free))
	for _, en := range p.free {
		label := en.Name
		if _, taken := p.pick[label]; taken {
			label = tr.F("%s (entry %d)", en.Name, en.ID)
		}
		p.pick[label] = en.ID
		options = append(options, label)
	}
	for _, sel := range []*widget.Select{p.first, p.second} {
		sel.Options = options
		if _, ok := p.pick[sel.Selected]; !ok && sel.Selected != "" {
			sel.ClearSelected()
		}
		sel.Refresh()
	}
	p.summary.SetText(TeamSummary(len(p.s.teams), len(p.free)))
	names := make([]string, len(p.free))
	for i, en := range p.free {
		names[i] = en.Name
	}
	p.loose.SetText(tr.F("Without a team: %s", strings.Join(names, ", ")))
	p.loose.Hidden = len(p.free) == 0
	p.loose.Refresh()
	p.none.Hidden = len(p.s.teams) > 0
	p.none.Refresh()
	p.list.Refresh()
	p.onPicked("")
}

// TeamSummary is the count line of the Teams dialog: "6 teams · 1 player
// without a team".
func TeamSummary(teams, free int) string {
	text := tr.N("%d teams", teams, teams)
	if free == 0 {
		return text + " · " + tr.L("every player has a team")
	}
	return text + " · " + tr.N("%d players without a team", free, free)
}

// onPicked enables Make team once two different players are picked.
func (p *teamsDialog) onPicked(string) {
	a, b := p.pick[p.first.Selected], p.pick[p.second.Selected]
	if a != 0 && b != 0 && a != b && p.s.event.State != event.StateFinished {
		p.makeButton.Enable()
	} else {
		p.makeButton.Disable()
	}
}

func (p *teamsDialog) show(text string, imp widget.Importance) {
	p.message.Importance = imp
	p.message.SetText(text)
	p.message.Show()
}

// onMake makes the team of the two players picked.
func (p *teamsDialog) onMake() {
	a, b := p.pick[p.first.Selected], p.pick[p.second.Selected]
	if a == 0 || b == 0 {
		p.show(tr.L("Pick two players first."), widget.WarningImportance)
		return
	}
	id, name := p.s.eventID, p.name.Text
	work.Call(p.s.run, func(ctx context.Context) (event.Team, error) {
		return p.s.d.Teams.CreateTeam(ctx, id, name, []event.EntryID{a, b})
	}, func(tm event.Team, err error) {
		if err != nil {
			p.show(work.Sentence(err), widget.DangerImportance)
			return
		}
		p.first.ClearSelected()
		p.second.ClearSelected()
		p.name.SetText("")
		p.show(tr.F("Team %s made", tm.Name), widget.SuccessImportance)
		p.s.saved(tr.F("Team %s made", tm.Name))
	})
}

func (p *teamsDialog) length() int { return len(p.s.teams) }

func (p *teamsDialog) createItem() fyne.CanvasObject {
	name := columns.Cell()
	name.TextStyle.Bold = true
	return p.cols.Row(name, columns.Cell(), &widget.Button{Text: tr.L("Dissolve"), Icon: theme.ContentRemoveIcon()})
}

func (p *teamsDialog) updateItem(i widget.ListItemID, o fyne.CanvasObject) {
	if i >= len(p.s.teams) {
		return
	}
	tm := p.s.teams[i]
	cells := o.(*fyne.Container).Objects
	cells[0].(*widget.Label).SetText(tm.Name)
	cells[1].(*widget.Label).SetText(p.members(tm))
	b := cells[2].(*widget.Button)
	b.OnTapped = func() { p.onDissolve(tm) }
	if p.s.event.State == event.StateRegistration {
		b.Enable()
	} else {
		b.Disable()
	}
}

// members names a team's players: "Ada & Bob", a player who left marked.
func (p *teamsDialog) members(tm event.Team) string {
	byID := make(map[event.EntryID]event.Entry, len(p.s.entries))
	for _, en := range p.s.entries {
		byID[en.ID] = en
	}
	names := make([]string, len(tm.Members))
	for i, id := range tm.Members {
		en := byID[id]
		names[i] = en.Name
		if !en.Active() {
			names[i] += " (" + Status(en) + ")"
		}
	}
	return strings.Join(names, " & ")
}

func (p *teamsDialog) onDissolve(tm event.Team) {
	work.Do(p.s.run, func(ctx context.Context) error {
		return p.s.d.Teams.DissolveTeam(ctx, tm.ID)
	}, func(err error) {
		if err != nil {
			p.show(work.Sentence(err), widget.DangerImportance)
			return
		}
		p.show(tr.F("Team %s dissolved", tm.Name), widget.SuccessImportance)
		p.s.saved(tr.F("Team %s dissolved", tm.Name))
	})
}

// resize fits the dialog in the window: wide enough for the pickers and
// the team list, with room for several teams below the form.
func (p *teamsDialog) resize() {
	win := p.s.win.Canvas().Size()
	pad := theme.Padding()
	width, height := float32(680), max(p.dialog.MinSize().Height+260, 560)
	if win.Width > 0 {
		width = min(width, win.Width-4*pad)
		height = min(height, win.Height-4*pad)
	}
	p.dialog.Resize(fyne.NewSize(width, height))
}

func (p *teamsDialog) onClose() { p.dialog.Hide() }
