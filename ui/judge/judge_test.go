package judge

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
	"tablekeeper/core/judgelog"
	"tablekeeper/ui/internal/uitest"
	"tablekeeper/ui/internal/work"
)

// depsOf is what the window hands the tab: the director's services.
func depsOf(d *director.Director) Deps {
	return Deps{Views: d.Views, Rounds: d.Rounds, Judging: d.Judging}
}

type fixture struct {
	uitest.Tab[*Screen]
	changed *int
}

// open creates an event of the game and format with the players, pairs
// and publishes round 1 when pair is set, and shows the Judge tab.
func open(t *testing.T, game, format string, pair bool, players ...string) fixture {
	t.Helper()
	test.NewTempApp(t)
	d := uitest.Director(t)
	e := uitest.EventOf(t, d, "Saturday "+game, game, format)
	uitest.Players(t, d, e.ID, players...)
	if pair {
		uitest.Pair(t, d, e.ID)
	}
	changed := new(int)
	tab := uitest.Show(t, d, e, fyne.NewSize(1100, 700), func(alert func(error), w fyne.Window) *Screen {
		s := New(depsOf(d), work.Sync{}, alert, w)
		s.OnChanged = func() { *changed++ }
		return s
	})
	return fixture{Tab: tab, changed: changed}
}

var fourPlayers = []string{"Zoë Ødegård", "李小龍", "Ana Silva", "Ben Ode"}

// judge adds a judge through the director, as set up before the test.
func (f fixture) judge(t *testing.T, name string, role event.JudgeRole, order int, plays event.PlayerID) event.Judge {
	t.Helper()
	j, err := f.D.Judging.AddJudge(t.Context(), f.E.ID, director.NewJudge{Name: name, Role: role, Order: order, PlayerID: plays})
	if err != nil {
		t.Fatal(err)
	}
	f.S.Load(f.E.ID)
	return j
}

func (f fixture) log(t *testing.T) []event.JudgeLogEntry {
	t.Helper()
	l, err := f.D.Judging.JudgeLog(t.Context(), f.E.ID)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

// tableOf returns the round 1 table where the player sits.
func (f fixture) tableOf(t *testing.T, name string) director.SheetTable {
	t.Helper()
	sh, err := f.D.Rounds.RoundSheet(t.Context(), f.E.ID, 1)
	if err != nil {
		t.Fatal(err)
	}
	for _, tb := range sh.Tables {
		for _, p := range tb.Players {
			if p.Name == name && !tb.Bye {
				return tb
			}
		}
	}
	t.Fatalf("%s is not seated in round 1", name)
	return director.SheetTable{}
}

func (f fixture) texts() []string {
	out := uitest.Texts(f.W.Content())
	for _, o := range f.W.Canvas().Overlays().List() {
		out = append(out, uitest.Texts(o)...)
	}
	return out
}

// shows reports whether some visible text on screen contains part.
func (f fixture) shows(part string) bool {
	return slices.ContainsFunc(f.texts(), func(s string) bool { return strings.Contains(s, part) })
}

// newEntry taps New entry… and checks the form opened.
func (f fixture) newEntry(t *testing.T) *entryForm {
	t.Helper()
	test.Tap(uitest.Button(t, f.W.Content(), "New entry…", 0))
	if !f.S.formOpen() {
		t.Fatal("New entry… did not open the form")
	}
	return f.S.form
}

// penaltyFor fills the form for a penalty at the player's round 1 table:
// table typed, player picked among the table's players, infraction typed.
func (f fixture) penaltyFor(t *testing.T, player, infraction string) *entryForm {
	t.Helper()
	form := f.newEntry(t)
	tb := f.tableOf(t, player)
	test.Type(form.table, itoa(tb.Number))
	if len(form.player.Options) != len(tb.Players) {
		t.Fatalf("table %d: the player chooser offers %v, want its %d players", tb.Number, form.player.Options, len(tb.Players))
	}
	form.player.SetSelected(player)
	form.infraction.SetText(infraction)
	return form
}

func (f fixture) save(t *testing.T) {
	t.Helper()
	test.Tap(f.S.form.save)
}

func itoa(n int) string { return strconv.Itoa(n) }

func TestALoneOrganizerAddsThemselvesThenTheJudges(t *testing.T) {
	f := open(t, "keyforge", "archon-standard", false, fourPlayers...)
	if !f.S.roster.quick.Visible() {
		t.Fatal("with no judges, the quick organizer form is not shown")
	}
	if !uitest.Button(t, f.W.Content(), "New entry…", 0).Disabled() {
		t.Error("New entry… is enabled with nobody to name as the judge")
	}
	test.Type(f.S.roster.quickName, "Sam Keeper")
	test.Tap(uitest.Button(t, f.W.Content(), "Add me", 0))
	f.Errs.None(t)
	judges, _ := f.D.Judging.Judges(t.Context(), f.E.ID)
	if len(judges) != 1 || judges[0].Role != event.RoleOrganizer || judges[0].Name != "Sam Keeper" {
		t.Fatalf("judges %+v", judges)
	}
	if f.S.roster.quick.Visible() || !uitest.HasText(f.W.Content(), "Sam Keeper") || !uitest.HasText(f.W.Content(), "organizer") {
		t.Errorf("the roster does not list the organizer: %q", f.texts())
	}
	const k11 = "A KeyForge event needs a marshal: name one head judge (K11)"
	if !uitest.HasText(f.W.Content(), k11) {
		t.Errorf("the roster problem is not shown: %q", f.texts())
	}
	if uitest.Button(t, f.W.Content(), "New entry…", 0).Disabled() {
		t.Error("New entry… is still disabled")
	}

	// The marshal, through the Add judge dialog.
	test.Tap(uitest.Button(t, f.W.Content(), "Add judge…", 0))
	a := f.S.roster.add
	test.Type(a.name, "Grace Hopper")
	if a.role.Selected != "Marshal (head judge)" || a.order.Visible() {
		t.Errorf("role %q, order shown %v; want the marshal first, no order", a.role.Selected, a.order.Visible())
	}
	test.Tap(a.addBtn)
	if uitest.HasText(f.W.Content(), k11) || !uitest.HasText(f.W.Content(), "marshal") {
		t.Errorf("after adding the marshal: %q", f.texts())
	}

	// A judge who plays, second in the order.
	test.Tap(uitest.Button(t, f.W.Content(), "Add judge…", 0))
	test.Type(a.name, "Ana Silva")
	if a.role.Selected != "Judge" || a.order.Selected != "2" {
		t.Errorf("role %q order %q; want Judge, 2", a.role.Selected, a.order.Selected)
	}
	a.plays.SetSelected("Ana Silva")
	test.Tap(a.addBtn)
	if !uitest.HasText(f.W.Content(), "judge 2 · also plays") {
		t.Errorf("the judge who plays is not listed: %q", f.texts())
	}
	judges, _ = f.D.Judging.Judges(t.Context(), f.E.ID)
	ana := judges[slices.IndexFunc(judges, func(j event.Judge) bool { return j.Name == "Ana Silva" })]
	if ana.PlayerID != f.EntryNamed(t, "Ana Silva").PlayerID || ana.Order != 2 {
		t.Errorf("Ana saved as %+v", ana)
	}

	// A refused addition stays in the dialog and saves nothing.
	test.Tap(uitest.Button(t, f.W.Content(), "Add judge…", 0))
	test.Type(a.name, "grace hopper")
	test.Tap(a.addBtn)
	if !a.errText.Visible() || !strings.Contains(a.errText.Text, "already among the judges") {
		t.Errorf("the refusal reads %q", a.errText.Text)
	}
	if judges, _ = f.D.Judging.Judges(t.Context(), f.E.ID); len(judges) != 3 {
		t.Errorf("%d judges after a refused addition", len(judges))
	}
	f.Errs.None(t)
}

// Rule K10: two formal warnings in the same KeyForge tournament flag the
// player for the marshal.
func TestTwoFormalWarningsFlagTheMarshal(t *testing.T) {
	f := open(t, "keyforge", "archon-standard", true, fourPlayers...)
	f.judge(t, "Grace Hopper", event.RoleHeadJudge, 1, 0)
	const zoe = "Zoë Ødegård"

	form := f.penaltyFor(t, zoe, "tardiness (5 minutes or more)")
	if got, want := form.suggestion.Text, "First tardiness (5 minutes or more) penalty for Zoë Ødegård: formal warning (K10)."; got != want {
		t.Errorf("suggestion %q, want %q", got, want)
	}
	if form.penalty.Selected != "Formal warning" {
		t.Errorf("the suggested penalty is not prefilled: %q", form.penalty.Selected)
	}
	f.save(t)
	f.Errs.None(t)
	if f.S.formOpen() || len(f.log(t)) != 1 || *f.changed != 1 {
		t.Fatalf("form open %v, %d entries, changed %d", f.S.formOpen(), len(f.log(t)), *f.changed)
	}
	flag := "Zoë Ødegård has two formal warnings in this tournament: the marshal decides a penalty, up to ejection (K10)."
	if f.shows(flag) || f.S.log.flags.Visible() {
		t.Fatal("flagged after one warning")
	}

	form = f.penaltyFor(t, zoe, "intentional slow play")
	if !strings.Contains(form.suggestion.Text, "With two formal warnings in this tournament, the marshal decides a further penalty, up to ejection (K10)") {
		t.Errorf("the second warning's suggestion does not call the marshal: %q", form.suggestion.Text)
	}
	f.save(t)
	if !f.S.log.flags.Visible() || !uitest.HasText(f.W.Content(), flag) {
		t.Fatalf("no marshal flag after two formal warnings: %q", f.texts())
	}
	// The flag offers to log the marshal's decision, for the player.
	test.Tap(uitest.Button(t, f.W.Content(), "Log decision…", 0))
	if !f.S.formOpen() || f.S.form.player.Selected != zoe || !strings.HasPrefix(f.S.form.judge.Selected, "Grace Hopper") {
		t.Errorf("decision form: player %q judge %q", f.S.form.player.Selected, f.S.form.judge.Selected)
	}
}

// Rule S9: stalling is warned, then points are deducted, then the player
// is disqualified; the deduction lowers the standings.
func TestShadowfistStallingClimbsTheLadderAndADeductionChangesTheStandings(t *testing.T) {
	f := open(t, "shadowfist", "final-brawl", true, "Zoë Ødegård", "李小龍", "Ana Silva", "Ben Ode", "Cleo Park", "Dev Rao", "Eli Moss", "Fay Lund")
	f.judge(t, "Grace Hopper", event.RoleHeadJudge, 1, 0)
	const p = "李小龍"
	entry := f.EntryNamed(t, p)
	points := func() (int, int) {
		st, err := f.D.Rounds.Standings(t.Context(), f.E.ID)
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range st {
			if s.EntryID == entry.ID {
				return s.Points, s.Deducted
			}
		}
		t.Fatalf("%s not in the standings", p)
		return 0, 0
	}
	before, _ := points()

	steps := []struct{ sentence, penalty string }{
		{"First stalling penalty for 李小龍: formal warning (S9).", "Formal warning"},
		{"Second stalling penalty for 李小龍: point deduction (S9).", "Point deduction"},
		{"Third stalling penalty for 李小龍: disqualification (S9).", "Disqualification"},
	}
	for i, step := range steps {
		form := f.newEntry(t)
		tb := f.tableOf(t, p)
		test.Type(form.table, itoa(tb.Number))
		test.Type(form.find, "小")
		if form.player.Selected != p {
			t.Fatalf("step %d: searching 小 chose %q", i+1, form.player.Selected)
		}
		form.infraction.SetText("stalling")
		if form.suggestion.Text != step.sentence || form.penalty.Selected != step.penalty {
			t.Fatalf("step %d: suggestion %q with %q chosen; want %q with %q", i+1, form.suggestion.Text, form.penalty.Selected, step.sentence, step.penalty)
		}
		if shown := form.shown(fieldPoints); shown != (step.penalty == "Point deduction") {
			t.Errorf("step %d: points shown %v", i+1, shown)
		}
		if i == 2 {
			test.Tap(uitest.Button(t, f.W.Content(), "Cancel", 0))
			break
		}
		if i == 1 {
			test.Type(form.points, "2")
		}
		f.save(t)
		f.Errs.None(t)
		if form.errText.Visible() {
			t.Fatalf("step %d refused: %s", i+1, form.errText.Text)
		}
	}
	after, deducted := points()
	if deducted != 2 || after != before-2 {
		t.Errorf("standings: %d points (%d before), %d deducted; want 2 deducted", after, before, deducted)
	}
	if !f.shows("point deduction of 2 points") {
		t.Errorf("the deduction is not in the log list: %q", f.texts())
	}
}

// Rule K10: a disqualification drops the player (mid-match, the opponent
// wins); withdrawing it reinstates the player and strikes the entry.
func TestADisqualificationDropsThePlayerUntilWithdrawn(t *testing.T) {
	f := open(t, "keyforge", "archon-standard", true, fourPlayers...)
	f.judge(t, "Grace Hopper", event.RoleHeadJudge, 1, 0)
	const ben = "Ben Ode"
	form := f.penaltyFor(t, ben, "cheating")
	if form.penalty.Selected != "Disqualification" {
		t.Fatalf("cheating suggests %q", form.penalty.Selected)
	}
	test.Type(form.description, "stacked the deck")
	f.save(t)
	f.Errs.None(t)
	if st := f.EntryNamed(t, ben).Status; st != event.EntryDisqualified {
		t.Fatalf("after the disqualification Ben is %s", st)
	}
	log := f.log(t)
	dq := log[0]

	// Select the line, then Withdraw….
	f.S.log.list.Select(0)
	if !f.shows("Notes: stacked the deck") {
		t.Errorf("the detail does not show the description: %q", f.texts())
	}
	withdraw := uitest.Button(t, f.W.Content(), "Withdraw…", 0)
	if withdraw.Disabled() {
		t.Fatal("Withdraw… is disabled on the entry in force")
	}
	test.Tap(withdraw)
	wd := f.S.log.withdraw
	test.Tap(wd.confirm) // no reason yet
	if !wd.errText.Visible() || !strings.Contains(wd.errText.Text, "Say why the entry is withdrawn") {
		t.Errorf("withdrawing without a reason reads %q", wd.errText.Text)
	}
	if len(f.log(t)) != 1 {
		t.Fatal("a refused withdrawal was saved")
	}
	test.Type(wd.reason, "wrong player")
	test.Tap(wd.confirm)
	f.Errs.None(t)
	if st := f.EntryNamed(t, ben).Status; st != event.EntryActive {
		t.Errorf("after the withdrawal Ben is %s", st)
	}
	log = f.log(t)
	if len(log) != 2 || log[1].Penalty != judgelog.Void || log[1].Corrects != dq.ID {
		t.Fatalf("log after withdrawing: %+v", log)
	}
	// Newest first: the withdrawal, then the struck disqualification.
	lines := f.S.lines
	if lines[1].entry.ID != dq.ID || lines[1].status() != "withdrawn by #2" || !lines[1].struck() {
		t.Errorf("the disqualification line is %q, struck %v", lines[1].status(), lines[1].struck())
	}
	if !f.shows("withdrawn by #2") {
		t.Errorf("the list does not mark the withdrawn entry: %q", f.texts())
	}
	f.S.log.list.Select(1)
	if !uitest.Button(t, f.W.Content(), "Correct…", 0).Disabled() || !uitest.Button(t, f.W.Content(), "Withdraw…", 0).Disabled() {
		t.Error("a withdrawn entry can still be corrected")
	}
	if *f.changed != 2 {
		t.Errorf("OnChanged called %d times, want 2", *f.changed)
	}
}

// A refused entry shows the director's sentence in the form, and nothing
// is saved.
func TestABadEntryShowsTheErrorAndSavesNothing(t *testing.T) {
	f := open(t, "shadowfist", "big-man", true, fourPlayers...)
	f.judge(t, "Grace Hopper", event.RoleHeadJudge, 1, 0)
	form := f.penaltyFor(t, "Ana Silva", "play-to-win breach")
	form.penalty.SetSelected("Point deduction")
	if !form.shown(fieldPoints) {
		t.Fatal("no points field for a point deduction")
	}
	test.Type(form.points, "0")
	f.save(t)
	if want := "A point deduction needs the number of points it takes (more than 0)"; !form.errText.Visible() || form.errText.Text != want {
		t.Errorf("error %q, want %q", form.errText.Text, want)
	}
	form.points.SetText("two")
	f.save(t)
	if want := `Points must be a whole number, not "two"`; form.errText.Text != want {
		t.Errorf("error %q, want %q", form.errText.Text, want)
	}
	if n := len(f.log(t)); n != 0 || *f.changed != 0 || !f.S.formOpen() {
		t.Errorf("%d entries saved, changed %d, form open %v", n, *f.changed, f.S.formOpen())
	}
	f.Errs.None(t)
}

// Rule S11: when the ruling judge plays at the table, the next judge of
// the multi-judge order rules.
func TestTheNextJudgeRulesWhenTheJudgePlaysAtTheTable(t *testing.T) {
	f := open(t, "shadowfist", "big-man", true, fourPlayers...)
	f.judge(t, "Grace Hopper", event.RoleHeadJudge, 1, 0)
	ana := f.judge(t, "Ana Silva", event.RoleJudge, 2, f.EntryNamed(t, "Ana Silva").PlayerID)
	ben := f.judge(t, "Ben Ode", event.RoleJudge, 3, 0)
	if ben.Order != 3 {
		t.Fatalf("Ben %+v", ben)
	}
	form := f.newEntry(t)
	form.judge.SetSelected(f.S.judgeChoice(ana))
	tb := f.tableOf(t, "Ana Silva")
	test.Type(form.table, itoa(tb.Number))
	want := "Ana Silva plays at table " + itoa(tb.Number) + ": judge 3, Ben Ode, rules (S11)."
	if form.seated.Text != want || !form.shown(fieldSeated) {
		t.Fatalf("hint %q (shown %v), want %q", form.seated.Text, form.shown(fieldSeated), want)
	}
	test.Tap(uitest.Button(t, f.W.Content(), "Use Ben Ode", 0))
	if form.judgeID() != ben.ID || form.shown(fieldSeated) {
		t.Errorf("after Use Ben Ode: judge %d, hint shown %v", form.judgeID(), form.shown(fieldSeated))
	}
	// At a table where Ana does not play, she rules.
	form.judge.SetSelected(f.S.judgeChoice(ana))
	other := 1
	if tb.Number == 1 {
		other = 2
	}
	form.table.SetText(itoa(other))
	if form.shown(fieldSeated) {
		t.Errorf("hint at a table Ana does not play: %q", form.seated.Text)
	}
}

// Correct… opens the form prefilled and saves an entry that replaces the
// one selected; the old one is marked.
func TestCorrectingAnEntryReplacesIt(t *testing.T) {
	f := open(t, "generic", "swiss", true, fourPlayers...)
	f.judge(t, "Sam Keeper", event.RoleOrganizer, 0, 0)
	form := f.penaltyFor(t, "Zoë Ødegård", "slow play")
	if form.penalty.Selected != "Informal warning" {
		t.Fatalf("slow play suggests %q", form.penalty.Selected)
	}
	f.save(t)
	first := f.log(t)[0]

	f.S.log.list.Select(0)
	test.Tap(uitest.Button(t, f.W.Content(), "Correct…", 0))
	form = f.S.form
	if form.title.Text != "Correct entry #1" || form.infraction.Text != "slow play" || form.penalty.Selected != "Informal warning" ||
		form.player.Selected != "Zoë Ødegård" || form.table.Text != itoa(first.Table) {
		t.Fatalf("correction form: %q %q %q %q table %q", form.title.Text, form.infraction.Text, form.penalty.Selected, form.player.Selected, form.table.Text)
	}
	if form.suggestion.Text != "First slow play penalty for Zoë Ødegård: informal warning (common practice)." {
		t.Errorf("the entry corrected counts as an offence: %q", form.suggestion.Text)
	}
	form.penalty.SetSelected("Formal warning")
	f.save(t)
	f.Errs.None(t)
	log := f.log(t)
	if len(log) != 2 || log[1].Corrects != first.ID || log[1].Penalty != judgelog.FormalWarning {
		t.Fatalf("log %+v", log)
	}
	if f.S.lines[1].status() != "corrected by #2" || !f.shows("corrected by #2") || !f.shows("correction of log entry 1") {
		t.Errorf("lines: %q", f.texts())
	}
	f.S.log.list.Select(1)
	if !uitest.Button(t, f.W.Content(), "Correct…", 0).Disabled() || !f.shows("Entry #2 corrects this one") {
		t.Error("a corrected entry can be corrected again")
	}
}

func TestTypedNumbersAndMinutes(t *testing.T) {
	for text, want := range map[string]string{"3": "3m0s", " 2,5 ": "2m30s", "": "0s"} {
		if d, err := minutes(text); err != nil || d.String() != want {
			t.Errorf("minutes(%q) = %v, %v; want %s", text, d, err, want)
		}
	}
	if _, err := minutes("soon"); err == nil {
		t.Error("minutes(soon) accepted")
	}
	if _, err := whole("4b", i18n.F("table")); work.Sentence(err) != `Table must be a whole number, not "4b"` {
		t.Errorf("whole: %v", err)
	}
}

// Tab walks the form in reading order, from the kind to Save.
func TestTabWalksTheFormInReadingOrder(t *testing.T) {
	f := open(t, "generic", "swiss", true, fourPlayers...)
	f.judge(t, "Sam Keeper", event.RoleOrganizer, 0, 0)
	form := f.newEntry(t)
	c := f.W.Canvas()
	if c.Focused() != form.table {
		t.Fatalf("the form opens with %v focused, not the table", c.Focused())
	}
	form.penalty.SetSelected("Point deduction")
	c.Focus(form.kind)
	want := []fyne.Focusable{form.round, form.table, form.find, form.player, form.judge, form.infraction, form.penalty, form.points, form.description}
	for i, w := range want {
		c.FocusNext()
		if _, ok := c.Focused().(*widget.Button); ok && w == fyne.Focusable(form.penalty) {
			c.FocusNext() // the infraction's drop-down button (Space opens the list)
		}
		if c.Focused() != w {
			t.Fatalf("Tab %d focuses %T, want %T", i+1, c.Focused(), w)
		}
	}
	for range 3 { // the description, then the buttons under the form
		if c.Focused() == fyne.Focusable(form.save) {
			return
		}
		c.FocusNext()
	}
	if c.Focused() != fyne.Focusable(form.save) {
		t.Errorf("Save is not reached by Tab: %T", c.Focused())
	}
}

// An entry a judge logged from a phone on the store network says so in
// the log and in its detail: which judge (as any entry) and which device.
func TestAnEntryFromTheNetworkShowsWhereItCameFrom(t *testing.T) {
	f := open(t, "generic", "swiss", true, fourPlayers...)
	j := f.judge(t, "Sam Keeper", event.RoleHeadJudge, 1, 0)
	tb := f.tableOf(t, "Zoë Ødegård")
	if _, err := f.D.Judging.LogJudgeEntry(t.Context(), event.JudgeLogEntry{EventID: f.E.ID, Table: tb.Number, JudgeID: j.ID,
		Kind: event.LogRuling, Description: "Asked about timing", Source: "judge phone, device 9c1e"}); err != nil {
		t.Fatal(err)
	}
	f.S.Load(f.E.ID)
	if !f.shows("· judge phone, device 9c1e") {
		t.Errorf("the log does not say where the entry came from: %q", f.texts())
	}
	f.S.log.list.Select(0)
	if !strings.Contains(f.S.log.detail.Text, "From: judge phone, device 9c1e") || !strings.Contains(f.S.log.detail.Text, "Sam Keeper") {
		t.Errorf("detail %q", f.S.log.detail.Text)
	}
}
