package registration

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/ui/internal/uitest"
	"tablekeeper/ui/internal/work"
)

type fixture struct{ uitest.Tab[*Screen] }

// depsOf is what the window hands the tab: the director's services.
func depsOf(d *director.Director) Deps {
	return Deps{
		Registration: d.Registration, Drafts: d.Drafts, Views: d.Views, Teams: d.Teams,
		Decks: d.Decks, Directory: d.Directory, Phones: d.Phones,
	}
}

// show opens the tab on e in a window of the size (zero: as it opens),
// its director calls run by run.
func show(t *testing.T, d *director.Director, e event.Event, run work.Runner, size fyne.Size) fixture {
	t.Helper()
	return showWith(t, depsOf(d), d, e, run, size)
}

// showWith is show with the services the tab is given.
func showWith(t *testing.T, deps Deps, d *director.Director, e event.Event, run work.Runner, size fyne.Size) fixture {
	t.Helper()
	return fixture{uitest.Show(t, d, e, size, func(alert func(error), w fyne.Window) *Screen {
		return New(deps, run, alert, w)
	})}
}

func setup(t *testing.T) fixture {
	t.Helper()
	test.NewTempApp(t)
	d := uitest.Director(t)
	return show(t, d, uitest.Event(t, d, "Friday Swiss"), work.Sync{}, fyne.NewSize(1100, 700))
}

// enterMatch types q in the directory search, checks that it finds want
// alone, and presses Enter on it without an error.
func (f fixture) enterMatch(t *testing.T, q, want string) {
	t.Helper()
	test.Type(f.S.search, q)
	if len(f.S.matches) != 1 || f.S.matches[0].Name != want {
		t.Fatalf("directory matches for %s = %+v", q, f.S.matches)
	}
	f.S.search.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	f.Errs.None(t)
}

// directory adds the players to the store's directory, registered to no
// event.
func (f fixture) directory(t *testing.T, players ...string) {
	t.Helper()
	for _, n := range players {
		if _, err := f.D.Registration.AddPlayer(t.Context(), director.NewPlayer{Name: n}); err != nil {
			t.Fatal(err)
		}
	}
}

func names(entries []event.Entry) string {
	var s []string
	for _, e := range entries {
		s = append(s, e.Name)
	}
	return strings.Join(s, ", ")
}

func TestAddingANewPlayerRegistersThemAndListsTheEntry(t *testing.T) {
	f := setup(t)
	test.Type(f.S.newName, "Ada Lovelace")
	test.Type(f.S.newMember, "TK-1")
	test.Tap(f.S.addButton)

	f.Errs.None(t)
	got := f.Entries(t)
	if len(got) != 1 || got[0].Name != "Ada Lovelace" || got[0].MemberNo != "TK-1" {
		t.Fatalf("director entries = %+v", got)
	}
	if !uitest.HasText(f.W.Content(), "Ada Lovelace") || !uitest.HasText(f.W.Content(), "TK-1") {
		t.Errorf("the entries list does not show Ada: %q", uitest.Texts(f.W.Content()))
	}
	if f.S.newName.Text != "" || f.S.newMember.Text != "" {
		t.Errorf("the new-player fields were not cleared")
	}
	if f.S.status.Text != "Ada Lovelace added and registered" {
		t.Errorf("status = %q", f.S.status.Text)
	}
	if f.S.counts.Text != "1 registered · 0 checked in · 0 dropped" {
		t.Errorf("counts = %q", f.S.counts.Text)
	}
}

func TestPressingEnterInTheNewPlayerNameRegisters(t *testing.T) {
	f := setup(t)
	test.Type(f.S.newName, "Grace Hopper")
	f.S.newName.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	if got := names(f.Entries(t)); got != "Grace Hopper" {
		t.Fatalf("entries = %q", got)
	}
}

func TestANewPlayerWithoutANameIsRefusedOnTheStatusLine(t *testing.T) {
	f := setup(t)
	test.Type(f.S.newMember, "TK-9")
	test.Tap(f.S.addButton)
	if len(f.Entries(t)) != 0 {
		t.Fatal("an entry was saved")
	}
	if f.S.status.Importance != widget.DangerImportance || f.S.status.Text != "A player needs a name" {
		t.Errorf("status = %q (%v)", f.S.status.Text, f.S.status.Importance)
	}
}

func TestSearchingTheDirectoryAndPressingEnterRegistersTheMatch(t *testing.T) {
	f := setup(t)
	f.directory(t, "Bob Stone", "Carol Reed", "Bobby Tables")
	f.enterMatch(t, "carol", "Carol Reed")
	if got := names(f.Entries(t)); got != "Carol Reed" {
		t.Fatalf("entries = %q", got)
	}
	if f.S.search.Text != "" || f.W.Canvas().Focused() != f.S.search {
		t.Errorf("search not cleared and focused for the next player")
	}
	if !uitest.HasText(f.W.Content(), "Carol Reed") {
		t.Errorf("entries list does not show Carol: %q", uitest.Texts(f.W.Content()))
	}
}

func TestClickingRegisterOnAMatchRegistersItOnceOnly(t *testing.T) {
	f := setup(t)
	if _, err := f.D.Registration.AddPlayer(t.Context(), director.NewPlayer{Name: "Bob Stone", MemberNo: "77"}); err != nil {
		t.Fatal(err)
	}
	test.Type(f.S.search, "bob")
	test.Tap(uitest.Button(t, f.W.Content(), "Register", 0))
	if got := names(f.Entries(t)); got != "Bob Stone" {
		t.Fatalf("entries = %q", got)
	}

	// Bob is now marked as registered and cannot be registered twice.
	test.Type(f.S.search, "bob")
	b := uitest.Button(t, f.W.Content(), "Registered", 0)
	if !b.Disabled() {
		t.Error("the Registered button of an entered player is enabled")
	}
	f.S.search.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	if n := len(f.Entries(t)); n != 1 {
		t.Fatalf("%d entries after Enter on a registered match", n)
	}
	if !strings.Contains(f.S.status.Text, "already registered") {
		t.Errorf("status = %q", f.S.status.Text)
	}
}

func TestCheckInDropAndReinstateFromTheEntriesList(t *testing.T) {
	f := setup(t)
	uitest.Players(t, f.D, f.E.ID, "Ada Lovelace", "Bob Stone")
	f.S.Reload()

	// Check Ada in with the check box of her row.
	var checks []*presentBox
	for _, o := range uitest.Objects(f.W.Content()) {
		if c, ok := o.(*presentBox); ok && c.Visible() {
			checks = append(checks, c)
		}
	}
	if len(checks) != 2 {
		t.Fatalf("%d check boxes shown, want 2", len(checks))
	}
	test.Tap(checks[0])
	f.Errs.None(t)
	got := f.Entries(t)
	if !got[0].CheckedIn || got[1].CheckedIn {
		t.Fatalf("checked in: Ada %v, Bob %v", got[0].CheckedIn, got[1].CheckedIn)
	}

	// Drop Bob: a question first, whose Enter keeps him.
	test.Tap(uitest.Button(t, f.W.Content(), "Drop", 1))
	c := f.W.Canvas()
	if top := c.Overlays().Top(); top == nil || !uitest.HasText(top, "Keep Bob Stone") {
		t.Fatalf("Drop did not ask first: %q", uitest.Texts(top))
	}
	c.Focused().TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	if got = f.Entries(t); got[1].Status != event.EntryActive {
		t.Fatalf("Enter on the question dropped Bob: %s", got[1].Status)
	}
	test.Tap(uitest.Button(t, f.W.Content(), "Drop", 1))
	f.S.confirm.Confirm()
	got = f.Entries(t)
	if got[1].Status != event.EntryDropped {
		t.Fatalf("Bob's status = %s", got[1].Status)
	}
	if f.S.counts.Text != "2 registered · 1 checked in · 1 dropped" {
		t.Errorf("counts = %q", f.S.counts.Text)
	}
	if !uitest.HasText(f.W.Content(), "dropped before round 1") {
		t.Errorf("Bob's row does not say he dropped: %q", uitest.Texts(f.W.Content()))
	}

	// Re-instate him, then undo Ada's check-in.
	test.Tap(uitest.Button(t, f.W.Content(), "Re-instate", 0))
	checks = checks[:0]
	for _, o := range uitest.Objects(f.W.Content()) {
		if c, ok := o.(*presentBox); ok && c.Visible() {
			checks = append(checks, c)
		}
	}
	test.Tap(checks[0])
	got = f.Entries(t)
	if got[1].Status != event.EntryActive || got[0].CheckedIn {
		t.Fatalf("after re-instate and undo: %+v", got)
	}
	f.Errs.None(t)
}

func TestTheFilterNarrowsTheEntries(t *testing.T) {
	f := setup(t)
	uitest.Players(t, f.D, f.E.ID, "Ada Lovelace", "Bob Stone", "Alan Turing")
	f.S.Reload()
	test.Type(f.S.filter, "a")
	if got := names(f.S.Entries()); got != "Ada Lovelace, Alan Turing" {
		t.Errorf("filter a = %q", got)
	}
	test.Type(f.S.filter, "da")
	if got := names(f.S.Entries()); got != "Ada Lovelace" {
		t.Errorf("filter ada = %q", got)
	}
}

// The desk finds a regular as the kiosk does (one name fold, issue 20):
// "nguyen" typed on the store's keyboard finds "Nguyễn", in the directory
// search and in the entries filter.
func TestTheDeskFindsNamesWithoutTheirAccents(t *testing.T) {
	f := setup(t)
	f.directory(t, "Nguyễn Thị Ánh", "Søren Ødegård", "Bob Stone")
	f.enterMatch(t, "nguyen", "Nguyễn Thị Ánh")
	uitest.Players(t, f.D, f.E.ID, "Søren Ødegård")
	f.S.Reload()
	for q, want := range map[string]string{"nguyen thi": "Nguyễn Thị Ánh", "SOREN ODE": "Søren Ødegård"} {
		f.S.filter.SetText("")
		test.Type(f.S.filter, q)
		if got := names(f.S.Entries()); got != want {
			t.Errorf("filter %q = %q, want %q", q, got, want)
		}
	}
}

func TestStatusSaysWhenAPlayerLeft(t *testing.T) {
	cases := []struct {
		entry event.Entry
		want  string
	}{
		{event.Entry{Status: event.EntryActive, JoinedRound: 1}, "active"},
		{event.Entry{Status: event.EntryActive, JoinedRound: 3}, "active from round 3"},
		{event.Entry{Status: event.EntryDropped, DroppedAfter: 2}, "dropped after round 2"},
		{event.Entry{Status: event.EntryDropped}, "dropped before round 1"},
		{event.Entry{Status: event.EntryDisqualified, DroppedAfter: 1}, "disqualified after round 1"},
	}
	for _, c := range cases {
		if got := Status(c.entry); got != c.want {
			t.Errorf("Status(%+v) = %q, want %q", c.entry, got, c.want)
		}
	}
}

// fixTable opens the fixed-table dialog of the n-th row and saves text.
func (f fixture) fixTable(t *testing.T, n int, text string) {
	t.Helper()
	tables := 0
	for _, o := range uitest.Objects(f.W.Content()) {
		if b, ok := o.(*widget.Button); ok && (b.Text == "Table…" || strings.HasPrefix(b.Text, "Table ")) {
			if tables == n {
				test.Tap(b)
				break
			}
			tables++
		}
	}
	dlg := f.W.Canvas().Overlays().Top()
	if dlg == nil {
		t.Fatal("no fixed-table dialog")
	}
	entry := uitest.Entry(t, dlg, "none")
	entry.SetText("")
	test.Type(entry, text)
	test.Tap(uitest.Button(t, dlg, "Save", 0))
}

func TestAFixedTableIsSetFromTheEntryRow(t *testing.T) {
	f := setup(t)
	uitest.Players(t, f.D, f.E.ID, "Ada Lovelace", "Bob Stone")
	f.S.Reload()

	f.fixTable(t, 0, "9")
	f.Errs.None(t)
	if got := f.Entries(t)[0].FixedTable; got != 9 {
		t.Fatalf("Ada's fixed table = %d, want 9", got)
	}
	if !uitest.HasText(f.W.Content(), "active · fixed table 9") {
		t.Errorf("the row does not show the fixed table: %q", uitest.Texts(f.W.Content()))
	}
	uitest.Button(t, f.W.Content(), "Table 9", 0)
	if f.S.status.Text != "Ada Lovelace: table 9 fixed" {
		t.Errorf("status = %q", f.S.status.Text)
	}

	// The director refuses the same table for Bob; the status line says why.
	f.fixTable(t, 1, "9")
	if got := f.Entries(t)[1].FixedTable; got != 0 {
		t.Errorf("Bob was given table %d", got)
	}
	if f.S.status.Importance != widget.DangerImportance || f.S.status.Text != "Table 9 is already fixed for Ada Lovelace" {
		t.Errorf("status = %q (%v)", f.S.status.Text, f.S.status.Importance)
	}

	// Not a number: refused before the director.
	f.fixTable(t, 1, "by the door")
	if f.S.status.Importance != widget.DangerImportance || !strings.Contains(f.S.status.Text, "table number") {
		t.Errorf("status = %q", f.S.status.Text)
	}

	// Empty clears it.
	f.fixTable(t, 0, "")
	if got := f.Entries(t)[0].FixedTable; got != 0 {
		t.Errorf("Ada's fixed table = %d after clearing", got)
	}
	if uitest.HasText(f.W.Content(), "active · fixed table 9") {
		t.Error("the row still shows the fixed table")
	}
}

// setupTeams opens the tab on an Altered 2v2 event (A6) with four players
// registered.
func setupTeams(t *testing.T) fixture {
	t.Helper()
	test.NewTempApp(t)
	d := uitest.Director(t)
	e := uitest.EventOf(t, d, "Friday 2v2", "altered", "2v2")
	uitest.Players(t, d, e.ID, "Ada Lovelace", "Bob Stone", "Carol Reed", "Dan Brown")
	return show(t, d, e, work.Sync{}, fyne.NewSize(1100, 700))
}

// Rule A6: the organizer makes teams of two from registered players in the
// Teams dialog, named or named after them, and can dissolve one before
// round 1; the entries show their team.
func TestTeamsAreMadeInTheTeamsDialog(t *testing.T) {
	f := setupTeams(t)
	if !f.S.teamsButton.Visible() || f.S.draftButton.Visible() {
		t.Fatal("a 2v2 event shows no Teams button")
	}
	if !uitest.HasText(f.W.Content(), "no team") || !uitest.HasText(f.W.Content(), "Team") || f.S.counts.Text != "4 registered · 0 checked in · 0 dropped · 0 teams" {
		t.Errorf("before any team: counts %q, shown %q", f.S.counts.Text, uitest.Texts(f.W.Content()))
	}
	test.Tap(f.S.teamsButton)
	p := f.S.teamsDlg
	if p.summary.Text != "0 teams · 4 players without a team" || len(p.first.Options) != 4 || !p.makeButton.Disabled() {
		t.Fatalf("dialog: %q, options %q", p.summary.Text, p.first.Options)
	}
	p.first.SetSelected("Bob Stone")
	p.second.SetSelected("Ada Lovelace")
	test.Type(p.name, "Les Zoëlles")
	test.Tap(p.makeButton)
	f.Errs.None(t)
	p.first.SetSelected("Carol Reed")
	p.second.SetSelected("Dan Brown")
	p.name.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn}) // Enter in the name makes the team
	f.Errs.None(t)

	teams, err := f.D.Teams.Teams(t.Context(), f.E.ID)
	if err != nil || len(teams) != 2 || teams[0].Name != "Les Zoëlles" || teams[1].Name != "Carol Reed & Dan Brown" {
		t.Fatalf("teams %+v, %v", teams, err)
	}
	if p.summary.Text != "2 teams · every player has a team" || len(p.first.Options) != 0 || p.message.Text != "Team Carol Reed & Dan Brown made" {
		t.Errorf("dialog after: %q, %q, options %q", p.summary.Text, p.message.Text, p.first.Options)
	}
	for _, want := range []string{"Les Zoëlles", "Ada Lovelace & Bob Stone", "Carol Reed & Dan Brown"} {
		if !uitest.HasText(p.body, want) {
			t.Errorf("the team list lacks %q: %q", want, uitest.Texts(p.body))
		}
	}
	if !uitest.HasText(f.W.Content(), "Les Zoëlles") || uitest.HasText(f.W.Content(), "no team") || f.S.counts.Text != "4 registered · 0 checked in · 0 dropped · 2 teams" {
		t.Errorf("entries: counts %q, shown %q", f.S.counts.Text, uitest.Texts(f.W.Content()))
	}

	test.Tap(uitest.Button(t, p.body, "Dissolve", 0))
	f.Errs.None(t)
	teams, _ = f.D.Teams.Teams(t.Context(), f.E.ID)
	if len(teams) != 1 || p.message.Text != "Team Les Zoëlles dissolved" || len(p.first.Options) != 2 {
		t.Errorf("after dissolving: %+v, %q, options %q", teams, p.message.Text, p.first.Options)
	}

	// Once round 1 is paired the teams are fixed.
	p.first.SetSelected("Ada Lovelace")
	p.second.SetSelected("Bob Stone")
	test.Tap(p.makeButton)
	uitest.Pair(t, f.D, f.E.ID)
	f.S.Reload()
	if b := uitest.Button(t, p.body, "Dissolve", 0); !b.Disabled() {
		t.Error("Dissolve is offered after round 1 is paired")
	}
}

// An individual event has no Teams button and shows no team in the entries.
func TestAnIndividualEventHasNoTeams(t *testing.T) {
	f := setup(t)
	uitest.Players(t, f.D, f.E.ID, "Ada Lovelace")
	f.S.Reload()
	if f.S.teamsButton.Visible() || uitest.HasText(f.W.Content(), "no team") || uitest.HasText(f.W.Content(), "Team") || !uitest.HasText(f.W.Content(), "active") {
		t.Errorf("shown %q", uitest.Texts(f.W.Content()))
	}
}

func TestASeedIsSetFromTheEntryRow(t *testing.T) {
	f := setup(t)
	uitest.Players(t, f.D, f.E.ID, "Ada Lovelace", "Bob Stone")
	f.S.Load(f.E.ID)
	f.S.ShowFixTable(f.Entries(t)[0])
	test.Type(f.S.seedEntry, "3")
	f.S.fixDialog.Submit()
	if got := f.Entries(t)[0].Seed; got != 3 {
		t.Fatalf("seed %d, want 3", got)
	}
	if !strings.Contains(f.S.status.Text, "seed 3") {
		t.Errorf("status = %q", f.S.status.Text)
	}
	// A table with a taken seed: one write, so neither is saved.
	f.S.ShowFixTable(f.Entries(t)[1])
	test.Type(f.S.fixEntry, "4")
	test.Type(f.S.seedEntry, "3")
	f.S.fixDialog.Submit()
	if f.S.status.Importance != widget.DangerImportance || !strings.Contains(f.S.status.Text, "Seed 3 already belongs to Ada Lovelace") {
		t.Errorf("a seed twice: status = %q", f.S.status.Text)
	}
	if got := f.Entries(t)[1].FixedTable; got != 0 {
		t.Errorf("the seed was refused, yet table %d was fixed", got)
	}
}

// Ghost sign-up (issue 11): a namesake signed up at the kiosk is marked on
// its row for the organizer; the player of the same name is not.
func TestKioskGhostSignUpNamesakeIsMarkedOnTheRegistrationRow(t *testing.T) {
	f := setup(t)
	uitest.Players(t, f.D, f.E.ID, "Chris Lee")
	if _, err := f.D.Kiosk.KioskSignUpNamesake(t.Context(), f.E.ID, "", director.NewPlayer{Name: "chris lee"}); err != nil {
		t.Fatal(err)
	}
	f.S.Reload()
	marked := 0
	for _, o := range uitest.Objects(f.W.Content()) {
		if l, ok := o.(*widget.Label); ok && strings.Contains(l.Text, NamesakeMark) {
			marked++
			if l.Text != NamesakeMark+" · active" || l.Importance != widget.WarningImportance {
				t.Errorf("the mark reads %q (importance %v)", l.Text, l.Importance)
			}
		}
	}
	if marked != 1 {
		t.Fatalf("%d rows marked, want 1: %q", marked, uitest.Texts(f.W.Content()))
	}
}
