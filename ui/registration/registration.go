// Package registration is the Registration tab of an event: find players in
// the directory as you type and register them with one click or Enter, add
// new players, manage the entries (check in, drop, re-instate), for a
// format with a draft, draw the draft pods, and for a team format (Altered
// 2v2) make the teams.
package registration

import (
	"context"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
	"tablekeeper/ui/internal/columns"
	"tablekeeper/ui/internal/keys"
	"tablekeeper/ui/internal/toggle"
	"tablekeeper/ui/internal/tr"
	"tablekeeper/ui/internal/work"
)

// Registration is what the tab calls of the director's Registration.
type Registration interface {
	FindPlayers(ctx context.Context, query string, limit int) ([]event.Player, error)
	Register(ctx context.Context, id event.EventID, player event.PlayerID) (event.Entry, error)
	RegisterNew(ctx context.Context, id event.EventID, np director.NewPlayer) (event.Entry, error)
	CheckIn(ctx context.Context, entry event.EntryID, present bool) error
	Drop(ctx context.Context, entry event.EntryID) error
	Reinstate(ctx context.Context, entry event.EntryID) error
	// SetTableAndSeed saves the fixed table and the seed of the Table
	// and seed dialog in one write.
	SetTableAndSeed(ctx context.Context, entry event.EntryID, table, seed int) error
}

// Drafts is what the tab calls of the director's Drafts: the draft pods.
type Drafts interface {
	DrawDraftPods(ctx context.Context, id event.EventID) (event.DraftSeating, error)
	DraftPods(ctx context.Context, id event.EventID) (event.DraftSeating, error)
}

// Views is what the tab reads of the director's Views.
type Views interface {
	// RegistrationView reads the event, its entries and teams at once.
	RegistrationView(ctx context.Context, id event.EventID) (director.RegistrationView, error)
}

// Teams is what the tab calls of the director's Teams: the teams of a
// team format.
type Teams interface {
	CreateTeam(ctx context.Context, id event.EventID, name string, members []event.EntryID) (event.Team, error)
	DissolveTeam(ctx context.Context, team event.TeamID) error
}

// Deps are the director's services the tab calls, each by what it uses.
// Decks, Directory and Phones may be nil: the dialogs they serve are then
// hidden.
type Deps struct {
	Registration Registration
	Drafts       Drafts
	Views        Views
	Teams        Teams
	Decks        Decks
	Directory    Directory
	Phones       Phones
}

// searchLimit bounds the directory matches shown.
const searchLimit = 50

// NamesakeMark is added to the status of an entry signed up at the kiosk
// by a player who said they are not the player of the same name already
// registered or in the directory.
var NamesakeMark = tr.K("namesake: check")

// Screen is the Registration tab.
type Screen struct {
	// OnChanged, when set, is called after every change this tab saved
	// (the window itself follows the director's change notifications).
	OnChanged func()

	d     Deps
	run   work.Runner
	alert work.Alert
	win   fyne.Window

	eventID    event.EventID
	event      event.Event
	entries    []event.Entry
	shown      []event.Entry // entries passing the filter
	registered map[event.PlayerID]bool
	matches    []event.Player
	searchSeq  int // numbers searches so a slow answer never replaces a newer one
	fixing     event.Entry
	// loading is on from opening an event until its first read arrives:
	// the list says "Loading…", not that nobody is registered.
	loading bool
	// reads runs the reads of the registration one at a time; readsAsked
	// numbers them as they are asked (checkin.go).
	reads      work.Reads
	readsAsked int
	// The check-ins asked for and not yet read back, and the queue of
	// their writes (checkin.go).
	wanted     map[event.EntryID]wanted
	asks       int
	checkQueue []checkIn
	checking   bool

	search    *widget.Entry
	matchList *widget.List
	newName   *widget.Entry
	newMember *widget.Entry
	addButton *widget.Button
	status    *widget.Label
	counts    *widget.Label
	filter    *filterEntry
	entryList *widget.List
	// The Present boxes the lists made, to move the focus between rows.
	entryBoxes, teamBoxes []*presentBox
	// A team event's entries: a Team column where the member number was
	// (the number follows the name), and the status without the team.
	teamList  *widget.List
	teamCols  *columns.Layout
	entryHead *fyne.Container
	teamHead  *fyne.Container
	matchCols *columns.Layout
	entryCols *columns.Layout
	content   fyne.CanvasObject
	noEntries *widget.Label
	noMatches *widget.Label

	fixEntry  *keys.Entry
	seedEntry *keys.Entry
	fixDialog *dialog.FormDialog
	// confirm is the open Drop question, if any.
	confirm *keys.Confirm

	draftButton *widget.Button
	pods        *podsDialog

	teams       []event.Team // of a team format
	teamName    map[event.TeamID]string
	teamsButton *widget.Button
	teamsDlg    *teamsDialog

	decksButton *widget.Button
	decks       *decksDialog
	// importButton imports players from a CSV file (SetImport).
	importButton *widget.Button
	onImport     func()

	// codesButton opens the Player codes dialog (a director with
	// player codes); onPrintSlips prints players' slips (SetPrintSlips).
	codesButton  *widget.Button
	codes        *codesDialog
	onPrintSlips func(entry event.EntryID)

	// player is the directory player dialog (a director that edits the
	// directory: Deps.Directory).
	player *playerDialog
}

// SetImport shows an tr.L("Import players…") button that calls fn; nil hides it.
func (s *Screen) SetImport(fn func()) {
	s.onImport = fn
	s.importButton.Hidden = fn == nil
	s.importButton.Refresh()
}

// New returns the tab; Load shows an event in it.
func New(d Deps, run work.Runner, alert work.Alert, win fyne.Window) *Screen {
	s := &Screen{d: d, run: run, alert: alert, win: win, registered: map[event.PlayerID]bool{}, wanted: map[event.EntryID]wanted{}}
	s.search = &widget.Entry{PlaceHolder: tr.L("Find a player by name or member number"), OnChanged: s.onSearchChanged, OnSubmitted: s.onSearchSubmitted}
	s.search.ActionItem = widget.NewIcon(theme.SearchIcon())
	s.matchCols = columns.New(columns.Col{Width: 120, Grow: 1}, columns.Col{Width: 130}, columns.Col{Width: 40})
	s.matchList = &widget.List{Length: s.matchCount, CreateItem: s.createMatch, UpdateItem: s.updateMatch}
	s.noMatches = &widget.Label{Text: tr.L("No player in the directory matches. Add them below."), Wrapping: fyne.TextWrapWord, Importance: widget.LowImportance}
	s.noMatches.Hide()
	s.newName = &widget.Entry{PlaceHolder: tr.L("Name"), OnSubmitted: s.onAddSubmitted}
	s.newMember = &widget.Entry{PlaceHolder: tr.L("Member number (optional)"), OnSubmitted: s.onAddSubmitted}
	s.addButton = &widget.Button{Text: tr.L("Add and register"), Icon: theme.ContentAddIcon(), OnTapped: s.onAdd}
	s.status = &widget.Label{Wrapping: fyne.TextWrapWord}
	// The counts wrap rather than lose their end beside the buttons.
	s.counts = &widget.Label{TextStyle: fyne.TextStyle{Bold: true}, Wrapping: fyne.TextWrapWord}
	s.filter = newFilterEntry(s.focusFirstPresent)
	s.filter.PlaceHolder = tr.L("Filter entries")
	s.filter.OnChanged = s.onFilterChanged
	s.filter.ActionItem = widget.NewIcon(theme.SearchIcon())
	s.entryCols = columns.New(
		columns.Col{Width: 130, Grow: 3}, // name
		columns.Col{Width: 100, Grow: 1}, // member number
		columns.Col{Width: 76},           // checked in
		columns.Col{Width: 150, Grow: 1}, // status (and fixed table)
		columns.Col{Width: 84},           // fixed table
		columns.Col{Width: 116},          // drop / re-instate
	)
	s.entryList = &widget.List{Length: s.shownCount, CreateItem: s.createEntry, UpdateItem: s.updateEntry}
	s.teamCols = columns.New(
		columns.Col{Width: 130, Grow: 2}, // name · member number
		columns.Col{Width: 150, Grow: 2}, // team
		columns.Col{Width: 76},           // checked in
		columns.Col{Width: 100, Grow: 1}, // status (and fixed table)
		columns.Col{Width: 84},           // fixed table
		columns.Col{Width: 116},          // drop / re-instate
	)
	s.teamList = &widget.List{Length: s.shownCount, CreateItem: s.createTeamEntry, UpdateItem: s.updateEntry}
	s.teamList.Hide()
	s.noEntries = &widget.Label{Text: tr.L("Nobody is registered yet."), Alignment: fyne.TextAlignCenter, Importance: widget.LowImportance}

	findTitle := &widget.Label{Text: tr.L("Register from the directory"), TextStyle: fyne.TextStyle{Bold: true}}
	hintText := tr.L("Click Register, or press Enter for the first match.")
	if d.Directory != nil {
		hintText += "\n" + tr.L("The pencil corrects a player's name or merges a player entered twice.")
	}
	hint := columns.Secondary(hintText, true)
	addTitle := &widget.Label{Text: tr.L("Add a new player"), TextStyle: fyne.TextStyle{Bold: true}}
	addBox := container.NewVBox(widget.NewSeparator(), addTitle, s.newName, s.newMember, container.NewHBox(layout.NewSpacer(), s.addButton), s.status)
	left := topFirst(container.NewVBox(findTitle, s.search, hint), addBox, container.NewStack(s.matchList, container.NewVBox(s.noMatches)))

	s.draftButton = &widget.Button{Text: tr.L("Draft pods…"), Icon: theme.GridIcon(), OnTapped: s.ShowDraftPods}
	s.draftButton.Hide()
	s.pods = newPodsDialog(s)
	s.teamsButton = &widget.Button{Text: tr.L("Teams…"), Icon: theme.AccountIcon(), OnTapped: s.ShowTeams}
	s.teamsButton.Hide()
	s.teamsDlg = newTeamsDialog(s)
	s.decksButton = &widget.Button{Text: tr.L("Decks…"), Icon: theme.DocumentIcon(), OnTapped: s.ShowDecks}
	s.decksButton.Hide()
	s.importButton = &widget.Button{Text: tr.L("Import players…"), Icon: theme.UploadIcon(), OnTapped: func() {
		if s.onImport != nil {
			s.onImport()
		}
	}}
	s.importButton.Hide()
	s.codesButton = &widget.Button{Text: tr.L("Player codes…"), Icon: theme.VisibilityIcon(), OnTapped: s.ShowPlayerCodes}
	s.codesButton.Hidden = d.Phones == nil

	s.entryHead = s.entryCols.Header(tr.L("Name"), tr.L("Member"), tr.L("Present"), tr.L("Status"), "", "")
	s.teamHead = s.teamCols.Header(tr.L("Name"), tr.L("Team"), tr.L("Present"), tr.L("Status"), "", "")
	s.teamHead.Hide()
	// The filter has a line of its own, the width of the list: beside the
	// counts and the buttons it was squeezed to an icon at 1366×768. The
	// buttons come before it, and Tab from it goes to the first Present
	// box (filterEntry).
	top := container.NewVBox(container.NewBorder(nil, nil, nil, container.NewHBox(s.importButton, s.codesButton, s.decksButton, s.teamsButton, s.draftButton), s.counts),
		s.filter, s.entryHead, s.teamHead, widget.NewSeparator())
	right := topFirst(top, nil, container.NewStack(s.entryList, s.teamList, container.NewVBox(s.noEntries)))

	split := container.NewHSplit(left, right)
	split.Offset = 0.33
	s.content = split
	return s
}

// Content returns the tab's widgets.
func (s *Screen) Content() fyne.CanvasObject { return s.content }

// Load shows the event's entries and the directory.
func (s *Screen) Load(id event.EventID) {
	if id != s.eventID {
		s.eventID = id
		s.search.SetText("")
		s.filter.SetText("")
		s.setStatus("", widget.MediumImportance)
		// Nothing of the event is known until its first read arrives.
		s.loading = true
		s.wanted = map[event.EntryID]wanted{}
		s.showEntries(nil)
	}
	s.Reload()
}

// loaded is what Reload reads: the event, its entries and its teams.
type loaded struct {
	event   event.Event
	entries []event.Entry
	teams   []event.Team
}

// Reload re-reads the event, its entries and the directory matches.
func (s *Screen) Reload() {
	if s.eventID == 0 {
		return
	}
	id := s.eventID
	s.readsAsked++
	n := s.readsAsked
	work.Read(&s.reads, s.run, func(ctx context.Context) (loaded, error) {
		// One read: the event, its entries and teams are one moment.
		v, err := s.d.Views.RegistrationView(ctx, id)
		return loaded{event: v.Event, entries: v.Entries, teams: v.Teams}, err
	}, work.Shown(s.alert, func() bool { return id == s.eventID }, func(l loaded) {
		s.loading = false
		s.settle(n)
		s.event = l.event
		s.draftButton.Hidden = !l.event.Settings.HasDraft()
		s.draftButton.Refresh()
		s.decksButton.Hidden = s.d.Decks == nil || l.event.Settings.DeckRules == ""
		s.decksButton.Refresh()
		teams := l.event.Settings.Teams()
		for _, o := range []fyne.CanvasObject{s.teamsButton, s.teamHead, s.teamList} {
			toggle.Visible(o, teams)
		}
		for _, o := range []fyne.CanvasObject{s.entryHead, s.entryList} {
			toggle.Visible(o, !teams)
		}
		s.setTeams(l.teams)
		s.showEntries(l.entries)
		s.find(s.search.Text)
		s.teamsDlg.refresh()
		s.decks.refresh()
	}))
}

// Entries returns the entries shown, after the filter.
func (s *Screen) Entries() []event.Entry { return s.shown }

// FocusSearch puts the cursor in the search box.
func (s *Screen) FocusSearch() { s.win.Canvas().Focus(s.search) }

func (s *Screen) showEntries(entries []event.Entry) {
	s.entries = entries
	s.registered = make(map[event.PlayerID]bool, len(entries))
	for _, e := range entries {
		s.registered[e.PlayerID] = true
	}
	s.showCounts()
	s.applyFilter()
	s.matchList.Refresh()
}

func (s *Screen) applyFilter() {
	q := strings.TrimSpace(s.filter.Text)
	s.shown = s.shown[:0:0]
	for _, e := range s.entries {
		// The name as the kiosk and the player directory search it
		// (event.MatchesName: "nguyen" finds "Nguyễn").
		if q == "" || event.MatchesName(e.Name, q) || strings.Contains(strings.ToLower(e.MemberNo), strings.ToLower(q)) {
			s.shown = append(s.shown, e)
		}
	}
	switch {
	case s.loading:
		s.noEntries.SetText(tr.L("Loading…"))
	case len(s.entries) == 0:
		s.noEntries.SetText(tr.L("Nobody is registered yet."))
	default:
		s.noEntries.SetText(tr.L("No entry matches the filter."))
	}
	s.noEntries.Hidden = len(s.shown) > 0
	s.noEntries.Refresh()
	s.refreshEntries()
}

func (s *Screen) setStatus(text string, imp widget.Importance) {
	s.status.Importance = imp
	s.status.SetText(text)
}

func (s *Screen) fail(err error) { s.setStatus(work.Sentence(err), widget.DangerImportance) }

// saved reports a change and re-reads everything.
func (s *Screen) saved(msg string) {
	s.setStatus(msg, widget.SuccessImportance)
	s.Reload()
	if s.OnChanged != nil {
		s.OnChanged()
	}
}

// --- directory search ---

func (s *Screen) onSearchChanged(q string) { s.find(q) }

func (s *Screen) find(q string) {
	s.searchSeq++
	seq := s.searchSeq
	work.Call(s.run, func(ctx context.Context) ([]event.Player, error) {
		return s.d.Registration.FindPlayers(ctx, q, searchLimit)
	}, func(ps []event.Player, err error) {
		if seq != s.searchSeq {
			return
		}
		if err != nil {
			s.fail(err)
			return
		}
		s.matches = ps
		s.noMatches.Hidden = len(ps) > 0 || strings.TrimSpace(q) == ""
		s.noMatches.Refresh()
		s.matchList.Refresh()
	})
}

// onSearchSubmitted registers the first match not registered yet.
func (s *Screen) onSearchSubmitted(string) {
	for _, p := range s.matches {
		if !s.registered[p.ID] {
			s.register(p)
			return
		}
	}
	if len(s.matches) > 0 {
		s.setStatus(tr.L("Every matching player is already registered."), widget.WarningImportance)
	}
}

func (s *Screen) register(p event.Player) {
	if s.registered[p.ID] {
		s.setStatus(tr.F("%s is already registered.", p.Name), widget.WarningImportance)
		return
	}
	id := s.eventID
	work.Call(s.run, func(ctx context.Context) (event.Entry, error) {
		return s.d.Registration.Register(ctx, id, p.ID)
	}, func(en event.Entry, err error) {
		if err != nil {
			s.fail(err)
			return
		}
		s.search.SetText("")
		s.FocusSearch()
		s.saved(tr.F("%s registered", en.Name))
	})
}

func (s *Screen) matchCount() int { return len(s.matches) }

func (s *Screen) createMatch() fyne.CanvasObject {
	name := columns.Cell()
	button := &widget.Button{Text: tr.L("Register"), Icon: theme.ContentAddIcon()}
	// The pencil (the hint above the list says what it does) keeps the
	// names wide in the narrow directory column.
	edit := &widget.Button{Icon: theme.DocumentCreateIcon(), Importance: widget.LowImportance}
	edit.Hidden = s.d.Directory == nil
	return s.matchCols.Row(name, button, edit)
}

func (s *Screen) updateMatch(i widget.ListItemID, o fyne.CanvasObject) {
	if i >= len(s.matches) {
		return
	}
	p := s.matches[i]
	cells := o.(*fyne.Container).Objects
	text := p.Name
	if p.MemberNo != "" {
		text += " · " + p.MemberNo
	}
	cells[0].(*widget.Label).SetText(text)
	cells[2].(*widget.Button).OnTapped = func() { s.ShowPlayer(p) }
	b := cells[1].(*widget.Button)
	if s.registered[p.ID] {
		b.SetText(tr.L("Registered"))
		b.SetIcon(theme.ConfirmIcon())
		b.OnTapped = nil
		b.Disable()
		return
	}
	b.SetText(tr.L("Register"))
	b.SetIcon(theme.ContentAddIcon())
	b.OnTapped = func() { s.register(p) }
	b.Enable()
}

// --- new player ---

func (s *Screen) onAddSubmitted(string) { s.onAdd() }

func (s *Screen) onAdd() {
	np := director.NewPlayer{Name: s.newName.Text, MemberNo: s.newMember.Text}
	id := s.eventID
	work.Call(s.run, func(ctx context.Context) (event.Entry, error) {
		return s.d.Registration.RegisterNew(ctx, id, np)
	}, func(en event.Entry, err error) {
		if err != nil {
			s.fail(err)
			return
		}
		s.newName.SetText("")
		s.newMember.SetText("")
		s.win.Canvas().Focus(s.newName)
		s.saved(tr.F("%s added and registered", en.Name))
	})
}

// --- entries ---

func (s *Screen) onFilterChanged(string) { s.applyFilter() }

func (s *Screen) shownCount() int { return len(s.shown) }

func (s *Screen) createEntry() fyne.CanvasObject { return s.createRow(s.entryCols, &s.entryBoxes) }

// createTeamEntry is createEntry in a team event's columns.
func (s *Screen) createTeamEntry() fyne.CanvasObject { return s.createRow(s.teamCols, &s.teamBoxes) }

// createRow is an entry's row in cols, its Present box added to boxes.
func (s *Screen) createRow(cols *columns.Layout, boxes *[]*presentBox) fyne.CanvasObject {
	check := newPresentBox(s.focusPresent)
	*boxes = append(*boxes, check)
	table := &widget.Button{Text: tr.L("Table…")}
	action := &widget.Button{}
	return cols.Row(columns.Cell(), columns.Cell(), check, columns.Cell(), table, action)
}

// topFirst is container.NewBorder with a top, a bottom and a centre, its
// objects in reading order: Fyne's Tab follows the order of the objects,
// and NewBorder puts the centre first, so Tab went from the filter past
// the entries list and never reached a Present box.
func topFirst(top, bottom, center fyne.CanvasObject) *fyne.Container {
	objs := []fyne.CanvasObject{top, center}
	if bottom != nil {
		objs = append(objs, bottom)
	}
	return container.New(layout.NewBorderLayout(top, bottom, nil, nil), objs...)
}

// focusPresent scrolls the shown entries list to row and focuses its
// Present box (Up and Down on a box), so the whole list can be checked in
// from the keyboard, not only the rows on screen.
func (s *Screen) focusPresent(row int) {
	if row < 0 || row >= len(s.shown) {
		return
	}
	list, boxes := s.entryList, s.entryBoxes
	if !s.teamList.Hidden {
		list, boxes = s.teamList, s.teamBoxes
	}
	list.ScrollTo(row)
	// A box the list recycled may still carry an old row; the canvas
	// focuses only a box it shows.
	c := s.win.Canvas()
	for _, b := range boxes {
		if b.row != row {
			continue
		}
		if c.Focus(b); c.Focused() == fyne.Focusable(b) {
			return
		}
	}
}

// focusFirstPresent focuses the first shown row's Present box (Tab from
// the filter), reporting whether there is one.
func (s *Screen) focusFirstPresent() bool {
	if len(s.shown) == 0 {
		return false
	}
	s.focusPresent(0)
	_, ok := s.win.Canvas().Focused().(*presentBox)
	return ok
}

func (s *Screen) updateEntry(i widget.ListItemID, o fyne.CanvasObject) {
	if i >= len(s.shown) {
		return
	}
	en := s.shown[i]
	cells := o.(*fyne.Container).Objects
	teams := s.event.Settings.Teams()
	name := cells[0].(*widget.Label)
	name.SetText(en.Name)
	member := cells[1].(*widget.Label)
	member.SetText(en.MemberNo)
	member.Importance = widget.MediumImportance
	if teams {
		// The member number follows the name; the column shows the team.
		if en.MemberNo != "" {
			name.SetText(en.Name + " · " + en.MemberNo)
		}
		if team, ok := s.teamName[en.TeamID]; ok {
			member.SetText(team)
		} else {
			member.SetText(tr.L("no team"))
			if en.Active() {
				member.Importance = widget.WarningImportance
			}
		}
		member.Refresh()
	}
	check := cells[2].(*presentBox)
	check.row = i
	check.OnChanged = nil
	check.SetChecked(s.present(en))
	// Whatever the box's own state, the key sets the opposite of what
	// the screen shows (checkin.go).
	check.OnChanged = func(bool) { s.togglePresent(en.ID) }
	status := cells[3].(*widget.Label)
	text := Status(en)
	if en.FixedTable > 0 {
		text += " · " + tr.F("fixed table %d", en.FixedTable)
	}
	if en.Seed > 0 {
		text += " · " + tr.F("seed %d", en.Seed)
	}
	// Signed up at the kiosk under a name already here (issue 11): the
	// organizer checks it is not one person twice.
	if en.Namesake { // first, so a narrow column still shows it
		text = tr.L(NamesakeMark) + " · " + text
	}
	status.SetText(text)
	table := cells[4].(*widget.Button)
	if en.FixedTable > 0 {
		table.SetText(tr.F("Table %d", en.FixedTable))
	} else {
		table.SetText(tr.L("Table…"))
	}
	table.OnTapped = func() { s.ShowFixTable(en) }
	if en.Active() {
		table.Enable()
	} else {
		table.Disable()
	}
	action := cells[5].(*widget.Button)
	if en.Active() {
		check.Enable()
		status.Importance = widget.MediumImportance
		if en.Namesake {
			status.Importance = widget.WarningImportance
		}
		action.SetText(tr.L("Drop"))
		action.SetIcon(theme.ContentRemoveIcon())
		action.OnTapped = func() { s.onDrop(en) }
		action.Enable()
	} else {
		check.Disable()
		status.Importance = widget.DangerImportance
		action.SetText(tr.L("Re-instate"))
		action.SetIcon(theme.ContentUndoIcon())
		action.OnTapped = func() { s.onReinstate(en) }
		if en.Status == event.EntryDropped {
			action.Enable()
		} else {
			action.Disable()
		}
	}
	status.Refresh()
}

// Status says where an entry stands: tr.L("active"), "active from round 3" for a
// late entry, "dropped after round 2", "disqualified after round 1".
func Status(en event.Entry) string {
	switch en.Status {
	case event.EntryActive:
		if en.JoinedRound > 1 {
			return tr.F("active from round %d", en.JoinedRound)
		}
		return tr.L("active")
	case event.EntryDropped:
		if en.DroppedAfter == 0 {
			return tr.L("dropped before round 1")
		}
		return tr.F("dropped after round %d", en.DroppedAfter)
	case event.EntryDisqualified:
		if en.DroppedAfter == 0 {
			return tr.N("disqualified", 1)
		}
		return tr.F("disqualified after round %d", en.DroppedAfter)
	}
	return string(en.Status)
}

// onDrop asks before dropping a player: a drop takes them out of the
// next pairings, and a click on the wrong row must not. Enter keeps them.
func (s *Screen) onDrop(en event.Entry) {
	msg := tr.F("Drop %s from %s?\nThey are not paired in later rounds; their results so far stay. Re-instate undoes it before the next pairing.", en.Name, s.event.Name)
	s.confirm = keys.NewConfirm(s.win, keys.ConfirmOptions{Title: tr.F("Drop %s", en.Name), Message: msg,
		Yes: tr.F("Drop %s", en.Name), No: tr.F("Keep %s", en.Name), Danger: true}, func(yes bool) {
		if yes {
			s.drop(en)
		}
	})
	s.confirm.Show()
}

func (s *Screen) drop(en event.Entry) {
	s.change(func(ctx context.Context) error { return s.d.Registration.Drop(ctx, en.ID) }, tr.F("%s dropped", en.Name))
}

func (s *Screen) onReinstate(en event.Entry) {
	s.change(func(ctx context.Context) error { return s.d.Registration.Reinstate(ctx, en.ID) }, tr.F("%s re-instated", en.Name))
}

// change makes the change write makes of an entry, then says done on the
// status line (saved), or why it was refused.
func (s *Screen) change(write func(ctx context.Context) error, done string) {
	work.Do(s.run, write, func(err error) {
		if err != nil {
			s.fail(err)
			return
		}
		s.saved(done)
	})
}

// --- fixed tables ---

// ShowFixTable opens the dialog that gives en a fixed table (a table near
// the door, one that takes a wheelchair) and a seed: numbers, or empty or
// 0 to remove them.
func (s *Screen) ShowFixTable(en event.Entry) {
	s.fixing = en
	// Enter saves, Esc cancels, from either field.
	esc := map[fyne.KeyName]func(){fyne.KeyEscape: func() { s.fixDialog.Dismiss() }}
	s.fixEntry = keys.NewEntry(tr.L("none"))
	s.fixEntry.OnKey = esc
	if en.FixedTable > 0 {
		s.fixEntry.SetText(strconv.Itoa(en.FixedTable))
	}
	s.seedEntry = keys.NewEntry(tr.L("none"))
	s.seedEntry.OnKey = esc
	if en.Seed > 0 {
		s.seedEntry.SetText(strconv.Itoa(en.Seed))
	}
	s.fixEntry.OnSubmitted = func(string) { s.fixDialog.Submit() }
	s.seedEntry.OnSubmitted = func(string) { s.fixDialog.Submit() }
	items := []*widget.FormItem{
		{Text: tr.L("Table"), Widget: s.fixEntry, HintText: tr.F("%s plays at this table every round. Empty or 0: none.", en.Name)},
		{Text: tr.L("Seed"), Widget: s.seedEntry, HintText: tr.L("Before round 1. Swiss pairs round 1 by seed (1 v the top of the bottom half); brackets seed by it.")},
	}
	s.fixDialog = dialog.NewForm(tr.F("Table and seed for %s", en.Name), tr.L("Save"), tr.L("Cancel"), items, s.onFixTableClosed, s.win)
	s.fixDialog.Resize(fyne.NewSize(520, s.fixDialog.MinSize().Height))
	s.fixDialog.Show()
	s.win.Canvas().Focus(s.fixEntry)
}

// number reads an optional whole number: empty is 0.
func number(text string, what i18n.Text) (int, error) {
	text = strings.TrimSpace(text)
	if text == "" {
		return 0, nil
	}
	n, err := strconv.Atoi(text)
	if err != nil || n < 0 {
		return 0, event.Invalidf("the %s must be a whole number, not %q; leave it empty for none", what, text)
	}
	return n, nil
}

func (s *Screen) onFixTableClosed(ok bool) {
	if !ok {
		return
	}
	en := s.fixing
	table, err := number(s.fixEntry.Text, i18n.F("table number"))
	if err != nil {
		s.fail(err)
		return
	}
	seed, err := number(s.seedEntry.Text, i18n.F("seed"))
	if err != nil {
		s.fail(err)
		return
	}
	if table == en.FixedTable && seed == en.Seed {
		return
	}
	work.Do(s.run, func(ctx context.Context) error {
		return s.d.Registration.SetTableAndSeed(ctx, en.ID, table, seed)
	}, func(err error) {
		if err != nil {
			s.fail(err)
			return
		}
		var parts []string
		if table != en.FixedTable {
			if table == 0 {
				parts = append(parts, tr.L("fixed table removed"))
			} else {
				parts = append(parts, tr.F("table %d fixed", table))
			}
		}
		if seed != en.Seed {
			if seed == 0 {
				parts = append(parts, tr.L("seed removed"))
			} else {
				parts = append(parts, tr.F("seed %d", seed))
			}
		}
		s.saved(tr.F("%s: %s", en.Name, strings.Join(parts, ", ")))
	})
}

// CountsText is the line that counts the registered, checked-in and
// dropped players, as shown.
func (s *Screen) CountsText() string { return s.counts.Text }
