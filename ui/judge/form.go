package judge

import (
	"context"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
	"tablekeeper/core/judgelog"
	"tablekeeper/core/rules"
	"tablekeeper/ui/internal/columns"
	"tablekeeper/ui/internal/toggle"
	"tablekeeper/ui/internal/tr"
	"tablekeeper/ui/internal/work"
)

// kindChoice is a kind of entry with its name in the Kind chooser.
type kindChoice struct {
	kind event.JudgeLogKind
	name string
}

// kindChoices are the kinds of entry in the Kind chooser's order.
var kindChoices = []kindChoice{
	{event.LogPenalty, tr.K("Penalty")},
	{event.LogDeckCheck, tr.K("Deck check")},
	{event.LogRuling, tr.K("Ruling")},
	{event.LogAppeal, tr.K("Appeal")},
	{event.LogExtension, tr.K("Time extension")},
}

// noPenalty is the Penalty choice of a deck check that found nothing to
// penalise.
var noPenalty = tr.K("No penalty")

// Outcome choices; the field takes free text too.
var (
	deckOutcomes   = []string{tr.K("legal"), tr.K("illegal: corrected before play"), tr.K("illegal: deck fixed, penalty given")}
	appealOutcomes = []string{tr.K("upheld"), tr.K("overturned")}
)

// field names the optional rows of the form.
type field int

const (
	fieldSeated field = iota // the next judge, when the judge plays there
	fieldInfraction
	fieldPenalty
	fieldSuggestion
	fieldPoints
	fieldExtension
	fieldOutcome
)

// entryForm is the side panel that logs a new entry or a correction.
type entryForm struct {
	s *Screen

	// corrects is the entry a correction replaces (0: a new entry).
	corrects event.JudgeLogID
	// filling is set while the form is filled by code, so that a change
	// of player or infraction does not replace the penalty being loaded.
	filling bool
	// at is the table typed, once found in the round's sheet.
	at      director.SheetTable
	atFound bool

	title       *widget.Label
	subtitle    *widget.RichText
	kind        *widget.Select
	round       *widget.Entry
	table       *widget.Entry
	tableHint   *widget.RichText
	find        *widget.Entry
	player      *widget.Select
	players     []event.EntryID // parallel to player.Options
	judge       *widget.Select
	judges      []event.JudgeID // parallel to judge.Options
	seated      *widget.Label
	useNext     *widget.Button
	next        event.JudgeID // the judge useNext switches to
	infraction  *widget.SelectEntry
	penalty     *widget.Select
	penalties   []string // parallel to penalty.Options; "" for none
	suggestion  *widget.Label
	points      *widget.Entry
	extension   *widget.Entry
	outcome     *widget.SelectEntry
	description *widget.Entry
	errText     *widget.Label
	save        *widget.Button

	rows    map[field][2]fyne.CanvasObject
	content *fyne.Container
}

func bold(text string) *widget.Label {
	return &widget.Label{Text: text, TextStyle: fyne.TextStyle{Bold: true}}
}

func newEntryForm(s *Screen) *entryForm {
	f := &entryForm{s: s, rows: map[field][2]fyne.CanvasObject{}}
	f.title = &widget.Label{TextStyle: fyne.TextStyle{Bold: true}, SizeName: theme.SizeNameSubHeadingText}
	f.subtitle = columns.Secondary("", true)

	kinds := make([]string, len(kindChoices))
	for i, k := range kindChoices {
		kinds[i] = tr.L(k.name)
	}
	f.kind = &widget.Select{Options: kinds, OnChanged: func(string) { f.onKind() }}
	f.round = &widget.Entry{PlaceHolder: tr.L("Round"), OnChanged: func(string) { f.onTable() }, OnSubmitted: func(string) { f.focus(f.table) }}
	f.table = &widget.Entry{PlaceHolder: tr.L("Table"), OnChanged: func(string) { f.onTable() }, OnSubmitted: func(string) { f.focus(f.find) }}
	f.tableHint = columns.Secondary("", false)
	f.find = &widget.Entry{PlaceHolder: tr.L("Find player"), OnChanged: func(string) { f.onFind() }, OnSubmitted: func(string) { f.focusAfterPlayer() }}
	f.player = &widget.Select{PlaceHolder: tr.L("(choose the player)"), OnChanged: func(string) { f.onPlayer() }}
	f.judge = &widget.Select{OnChanged: func(string) { f.onJudge() }}
	f.seated = &widget.Label{Wrapping: fyne.TextWrapWord, Importance: widget.WarningImportance, TextStyle: fyne.TextStyle{Bold: true}}
	f.useNext = &widget.Button{Icon: theme.AccountIcon(), OnTapped: f.onUseNext}
	f.infraction = widget.NewSelectEntry(nil)
	f.infraction.PlaceHolder = tr.L("Choose or type the infraction")
	f.infraction.OnChanged = func(string) { f.onInfraction() }
	f.infraction.OnSubmitted = func(string) { f.focus(f.penalty) }
	f.penalty = &widget.Select{PlaceHolder: tr.L("(choose the penalty)"), OnChanged: func(string) { f.onPenalty() }}
	f.suggestion = &widget.Label{Wrapping: fyne.TextWrapWord, TextStyle: fyne.TextStyle{Italic: true}}
	f.points = &widget.Entry{PlaceHolder: tr.L("Points"), OnSubmitted: func(string) { f.focus(f.description) }}
	f.extension = &widget.Entry{PlaceHolder: tr.L("Minutes"), OnSubmitted: func(string) { f.focus(f.description) }}
	f.outcome = widget.NewSelectEntry(nil)
	f.outcome.PlaceHolder = tr.L("Outcome")
	f.description = &widget.Entry{MultiLine: true, Wrapping: fyne.TextWrapWord, PlaceHolder: tr.L("What happened, what was said to the players")}
	f.description.SetMinRowsVisible(3)
	f.errText = columns.Problem()
	f.save = &widget.Button{Text: tr.L("Save entry"), Icon: theme.DocumentSaveIcon(), Importance: widget.HighImportance, OnTapped: f.onSave}
	cancel := &widget.Button{Text: tr.L("Cancel"), Icon: theme.CancelIcon(), OnTapped: s.closeForm}

	h := f.round.MinSize().Height
	small := func(w float32, o fyne.CanvasObject) fyne.CanvasObject {
		return container.NewGridWrap(fyne.NewSize(w, h), o)
	}
	place := container.NewBorder(nil, nil,
		container.NewHBox(small(64, f.round), bold(tr.L("Table")), small(64, f.table)), nil, f.tableHint)
	// The search before the chooser, in the tab order too (NewBorder
	// would put the centre first).
	find := small(150, f.find)
	who := container.New(layout.NewBorderLayout(nil, nil, find, nil), find, f.player)
	seatedBox := container.NewBorder(nil, nil, nil, container.NewVBox(f.useNext), f.seated)
	// Points sit on the penalty's row: they are asked only for a point
	// deduction, and the form must fit a laptop screen.
	pointsBox := container.NewHBox(bold(tr.L("Points")), small(72, f.points))
	penaltyRow := container.NewBorder(nil, nil, nil, pointsBox, f.penalty)
	f.rows[fieldPoints] = [2]fyne.CanvasObject{pointsBox, pointsBox}
	extensionRow := container.NewBorder(nil, nil, small(90, f.extension), nil, columns.Secondary(tr.L("minutes added to the table's time (S11)"), false))
	row := func(fl field, label string, o fyne.CanvasObject) []fyne.CanvasObject {
		l := bold(label)
		f.rows[fl] = [2]fyne.CanvasObject{l, o}
		return []fyne.CanvasObject{l, o}
	}
	objs := []fyne.CanvasObject{bold(tr.L("Kind")), f.kind, bold(tr.L("Round")), place, bold(tr.L("Player")), who, bold(tr.L("Judge")), f.judge}
	objs = append(objs, row(fieldSeated, "", seatedBox)...)
	objs = append(objs, row(fieldOutcome, tr.L("Outcome"), f.outcome)...)
	objs = append(objs, row(fieldInfraction, tr.L("Infraction"), f.infraction)...)
	objs = append(objs, row(fieldPenalty, tr.L("Penalty"), penaltyRow)...)
	objs = append(objs, row(fieldSuggestion, "", f.suggestion)...)
	objs = append(objs, row(fieldExtension, tr.L("Extension"), extensionRow)...)
	objs = append(objs, bold(tr.L("Details")), f.description)
	grid := container.New(layout.NewFormLayout(), objs...)

	top := container.NewVBox(f.title, f.subtitle, widget.NewSeparator())
	bottom := container.NewVBox(f.errText, container.NewHBox(layout.NewSpacer(), cancel, f.save))
	f.content = container.NewBorder(top, bottom, nil, nil, container.NewVScroll(grid))
	return f
}

// open fills the form from e: a new entry (e zero but for what is preset)
// or, with corrects set, a correction of entry corrects.
func (f *entryForm) open(e event.JudgeLogEntry, corrects event.JudgeLogID) {
	s := f.s
	f.filling = true
	defer func() { f.filling = false }()
	f.corrects = corrects
	if corrects != 0 {
		f.title.SetText(tr.F("Correct entry #%d", corrects))
		columns.SetSecondary(f.subtitle, tr.F("The correction replaces entry #%d and its effects; the log keeps both.", corrects))
		f.save.SetText(tr.L("Save correction"))
	} else {
		f.title.SetText(tr.L("New judge log entry"))
		columns.SetSecondary(f.subtitle, "")
		f.save.SetText(tr.L("Save entry"))
	}
	toggle.Visible(f.subtitle, corrects != 0)
	f.errText.Hide()
	kind := e.Kind
	if kind == "" {
		kind = event.LogPenalty
	}
	f.kind.SetSelectedIndex(slices.IndexFunc(kindChoices, func(k kindChoice) bool { return k.kind == kind }))
	round := e.Round
	if corrects == 0 && round == 0 {
		round = s.data.rounds
	}
	f.round.SetText(number(round))
	f.table.SetText(number(e.Table))
	f.find.SetText("")
	judge := e.JudgeID
	if judge == 0 {
		judge = s.defaultJudge()
	}
	f.setJudges(judge)
	f.infraction.SetOptions(infractionNames(s.data.event.Game))
	f.infraction.SetText(judgelog.InfractionName(tr.Lang(), e.Infraction))
	f.resolveTable(e.EntryID)
	f.setPenalty(e.Penalty)
	f.points.SetText(number(e.Points))
	f.extension.SetText(minutesText(e.Extension))
	f.outcome.SetText(e.Outcome)
	f.description.SetText(e.Description)
	f.update()
}

// refresh follows a reload while the form is open: the choosers get the
// new roster and players, keeping what was chosen.
func (f *entryForm) refresh() {
	f.filling = true
	defer func() { f.filling = false }()
	f.setJudges(f.judgeID())
	f.resolveTable(f.playerID())
	f.update()
}

// focusFirst puts the cursor where an entry usually starts: the table.
func (f *entryForm) focusFirst() { f.focus(f.table) }

func (f *entryForm) focus(o fyne.Focusable) {
	if w, ok := o.(fyne.CanvasObject); ok && !w.Visible() {
		o = f.description
	}
	if c := f.s.win.Canvas(); c != nil {
		c.Focus(o)
	}
}

// focusAfterPlayer moves on from the player search.
func (f *entryForm) focusAfterPlayer() {
	if f.infraction.Visible() {
		f.focus(f.infraction)
		return
	}
	if f.outcome.Visible() {
		f.focus(f.outcome)
		return
	}
	f.focus(f.description)
}

func number(n int) string {
	if n == 0 {
		return ""
	}
	return strconv.Itoa(n)
}

// minutesText writes an extension in minutes: "3", "2.5".
func minutesText(d time.Duration) string {
	if d <= 0 {
		return ""
	}
	return strconv.FormatFloat(d.Minutes(), 'f', -1, 64)
}

// infractionNames lists a game's infractions by name, in the screens'
// language, for the chooser.
func infractionNames(game string) []string {
	infs := judgelog.Infractions(game)
	out := make([]string, len(infs))
	for i, inf := range infs {
		out[i] = inf.InName(tr.Lang())
	}
	return out
}

// storedInfraction is the infraction typed or chosen as the log stores
// it: a catalogue infraction shown in the screens' language goes back to
// its English name; a judge's own wording is kept as typed.
func storedInfraction(game, text string) string {
	text = strings.TrimSpace(text)
	for _, inf := range judgelog.Infractions(game) {
		if strings.EqualFold(inf.InName(tr.Lang()), text) {
			return inf.Name
		}
	}
	return text
}

// kindOf is the kind chosen.
func (f *entryForm) kindOf() event.JudgeLogKind {
	if i := f.kind.SelectedIndex(); i >= 0 {
		return kindChoices[i].kind
	}
	return event.LogPenalty
}

func (f *entryForm) playerID() event.EntryID {
	if i := f.player.SelectedIndex(); i >= 0 && i < len(f.players) {
		return f.players[i]
	}
	return 0
}

func (f *entryForm) judgeID() event.JudgeID {
	if i := f.judge.SelectedIndex(); i >= 0 && i < len(f.judges) {
		return f.judges[i]
	}
	return 0
}

func (f *entryForm) penaltyChosen() string {
	if i := f.penalty.SelectedIndex(); i >= 0 && i < len(f.penalties) {
		return f.penalties[i]
	}
	return ""
}

// --- the choosers ---

// judgeChoice names a judge in a chooser: "Grace Hopper (marshal)".
func (s *Screen) judgeChoice(j event.Judge) string {
	return tr.F("%s (%s)", j.Name, s.roleText(j))
}

// judgeChoices names the event's judges for a chooser, and appends their
// IDs, in the same order, to ids.
func (s *Screen) judgeChoices(ids []event.JudgeID) ([]string, []event.JudgeID) {
	opts := make([]string, 0, len(s.data.judges))
	for _, j := range s.data.judges {
		opts = append(opts, s.judgeChoice(j))
		ids = append(ids, j.ID)
	}
	return opts, ids
}

// setJudges fills the judge chooser and chooses id.
func (f *entryForm) setJudges(id event.JudgeID) {
	f.judge.Options, f.judges = f.s.judgeChoices(f.judges[:0])
	if i := slices.Index(f.judges, id); i >= 0 {
		f.judge.SetSelectedIndex(i)
	} else {
		f.judge.ClearSelected()
	}
}

// setPenalty fills the penalty chooser for the kind chosen, and chooses p.
func (f *entryForm) setPenalty(p string) {
	f.penalties = f.penalties[:0]
	var opts []string
	if f.kindOf() == event.LogDeckCheck {
		f.penalties = append(f.penalties, "")
		opts = append(opts, tr.L(noPenalty))
	}
	for _, q := range judgelog.Penalties() {
		f.penalties = append(f.penalties, q)
		opts = append(opts, penaltyName(q))
	}
	f.penalty.Options = opts
	if i := slices.Index(f.penalties, p); i >= 0 && (p != "" || f.kindOf() == event.LogDeckCheck) {
		f.penalty.SetSelectedIndex(i)
	} else {
		f.penalty.ClearSelected()
	}
}

// penaltyNames name the penalties in the chooser.
var penaltyNames = map[string]string{
	judgelog.InformalWarning:  tr.K("Informal warning"),
	judgelog.FormalWarning:    tr.K("Formal warning"),
	judgelog.GameLoss:         tr.K("Game loss"),
	judgelog.MatchLoss:        tr.K("Match loss"),
	judgelog.ExtraLoss:        tr.K("Extra loss"),
	judgelog.PointDeduction:   tr.K("Point deduction"),
	judgelog.Disqualification: tr.K("Disqualification"),
	judgelog.Ejection:         tr.K("Ejection"),
}

// penaltyName is a penalty as the chooser shows it: "Game loss".
func penaltyName(p string) string {
	if name, ok := penaltyNames[p]; ok {
		return tr.L(name)
	}
	if p == "" {
		return p
	}
	return strings.ToUpper(p[:1]) + p[1:]
}

// resolveTable finds the table typed in the round typed, lists its
// players in the player chooser (or every player when no table is typed)
// and chooses entry when it is among them.
func (f *entryForm) resolveTable(entry event.EntryID) {
	round, rerr := strconv.Atoi(strings.TrimSpace(f.round.Text))
	table, terr := strconv.Atoi(strings.TrimSpace(f.table.Text))
	f.atFound = false
	if rerr != nil || terr != nil || table <= 0 {
		f.showTable("")
		f.setPlayers(entry)
		return
	}
	f.s.sheetOf(round, func(sh director.Sheet, ok bool) {
		if strings.TrimSpace(f.round.Text) != strconv.Itoa(round) || strings.TrimSpace(f.table.Text) != strconv.Itoa(table) {
			return // typed on since
		}
		if !ok {
			f.showTable(tr.F("no round %d yet", round))
			f.setPlayers(entry)
			return
		}
		i := slices.IndexFunc(sh.Tables, func(t director.SheetTable) bool { return t.Number == table && !t.Bye })
		if i < 0 {
			f.showTable(tr.F("round %d has no table %d", round, table))
			f.setPlayers(entry)
			return
		}
		f.at, f.atFound = sh.Tables[i], true
		names := make([]string, len(f.at.Players))
		for k, p := range f.at.Players {
			names[k] = p.Name
		}
		f.showTable(strings.Join(names, " · "))
		f.setPlayers(entry)
	})
}

func (f *entryForm) showTable(text string) { columns.SetSecondary(f.tableHint, text) }

// setPlayers fills the player chooser: the players at the table typed, or
// every player, narrowed by the search; and chooses entry if listed (or the
// only match of a search).
func (f *entryForm) setPlayers(entry event.EntryID) {
	s := f.s
	var base []event.EntryID
	if f.atFound {
		for _, p := range f.at.Players {
			base = append(base, p.Entry)
		}
		if entry != 0 && !slices.Contains(base, entry) {
			base = append(base, entry) // a correction keeps its player
		}
	} else {
		for _, en := range s.data.entries {
			base = append(base, en.ID)
		}
	}
	q := strings.TrimSpace(f.find.Text)
	f.players = f.players[:0]
	var opts []string
	for _, id := range base {
		en, _ := s.entry(id)
		if q != "" && !event.MatchesName(en.Name, q) && !strings.Contains(strings.ToLower(en.MemberNo), strings.ToLower(q)) {
			continue
		}
		f.players = append(f.players, id)
		opts = append(opts, s.playerChoice(en))
	}
	f.player.Options = opts
	switch {
	case len(opts) == 0 && f.atFound:
		f.player.PlaceHolder = tr.F("(nobody at table %d matches)", f.at.Number)
	case len(opts) == 0:
		f.player.PlaceHolder = tr.L("(no player matches)")
	default:
		f.player.PlaceHolder = tr.L("(choose the player)")
	}
	switch i := slices.Index(f.players, entry); {
	case i >= 0:
		f.player.SetSelectedIndex(i)
	case q != "" && len(f.players) == 1:
		f.player.SetSelectedIndex(0)
	default:
		f.player.ClearSelected()
	}
	f.player.Refresh()
	f.update()
}

// playerChoice names a player in the chooser, with the member number when
// two players share a name, and a status other than active.
func (s *Screen) playerChoice(en event.Entry) string {
	text := en.Name
	for _, o := range s.data.entries {
		if o.ID != en.ID && event.SameName(o.Name, en.Name) && en.MemberNo != "" {
			text += " · " + en.MemberNo
			break
		}
	}
	if !en.Active() && en.Status != "" {
		text += tr.F(" (%s)", entryStatus(en.Status))
	}
	return text
}

// --- reactions ---

func (f *entryForm) onKind() {
	p := f.penaltyChosen()
	f.setPenalty(p)
	switch f.kindOf() {
	case event.LogDeckCheck:
		f.outcome.SetOptions(said(deckOutcomes))
	case event.LogAppeal:
		f.outcome.SetOptions(said(appealOutcomes))
	}
	f.update()
}

func (f *entryForm) onTable() {
	if f.filling {
		return
	}
	f.resolveTable(f.playerID())
	f.update()
}

func (f *entryForm) onFind() {
	if f.filling {
		return
	}
	f.setPlayers(f.playerID())
}

func (f *entryForm) onPlayer()     { f.update() }
func (f *entryForm) onJudge()      { f.update() }
func (f *entryForm) onInfraction() { f.update() }
func (f *entryForm) onPenalty()    { f.showRows() }

func (f *entryForm) onUseNext() {
	if i := slices.Index(f.judges, f.next); i >= 0 {
		f.judge.SetSelectedIndex(i)
	}
}

// update shows the rows the kind needs, the suggestion for the player and
// infraction chosen (choosing its penalty, unless the form is being
// filled), and the next judge when the judge plays at the table.
func (f *entryForm) update() {
	f.showSuggestion()
	f.showSeated()
	f.showRows()
}

func (f *entryForm) showRows() {
	k := f.kindOf()
	penalised := k == event.LogPenalty || k == event.LogDeckCheck
	visible := map[field]bool{
		fieldSeated:     f.seated.Text != "",
		fieldInfraction: penalised,
		fieldPenalty:    penalised,
		fieldSuggestion: penalised && f.suggestion.Text != "",
		fieldPoints:     penalised && f.penaltyChosen() == judgelog.PointDeduction,
		fieldExtension:  k == event.LogExtension || k == event.LogDeckCheck || k == event.LogRuling,
		fieldOutcome:    k == event.LogDeckCheck || k == event.LogAppeal,
	}
	for fl, r := range f.rows {
		for _, o := range r {
			toggle.Visible(o, visible[fl])
		}
	}
	f.content.Refresh()
}

// suggestion returns the catalogue's suggestion for the player and
// infraction chosen, and whether there is one to show.
func (f *entryForm) suggestionFor() (judgelog.Suggestion, string, bool) {
	k := f.kindOf()
	entry := f.playerID()
	inf := storedInfraction(f.s.data.event.Game, f.infraction.Text)
	if (k != event.LogPenalty && k != event.LogDeckCheck) || entry == 0 || inf == "" {
		return judgelog.Suggestion{}, "", false
	}
	log := f.s.data.log
	if f.corrects != 0 {
		// The entry being corrected is not a previous offence: leave it
		// out, as if withdrawn.
		log = append(slices.Clip(log), event.JudgeLogEntry{EventID: f.s.eventID, Corrects: f.corrects, Penalty: judgelog.Void})
	}
	en, _ := f.s.entry(entry)
	return judgelog.Suggest(f.s.data.event.Game, log, entry, inf), en.Name, true
}

func (f *entryForm) showSuggestion() {
	sg, name, ok := f.suggestionFor()
	if !ok {
		f.suggestion.SetText("")
		return
	}
	f.suggestion.SetText(sg.SentenceIn(tr.Lang(), name))
	if f.filling || sg.Penalty == "" || f.penaltyChosen() == sg.Penalty {
		return
	}
	if i := slices.Index(f.penalties, sg.Penalty); i >= 0 {
		f.penalty.SetSelectedIndex(i)
	}
}

// showSeated names the judge who rules instead when the judge chosen plays
// at the table typed (S11).
func (f *entryForm) showSeated() {
	f.next = 0
	text, next := f.seatedHint()
	f.seated.SetText(text)
	if next.ID != 0 {
		f.next = next.ID
		f.useNext.SetText(tr.F("Use %s", next.Name))
		f.useNext.Show()
	} else {
		f.useNext.Hide()
	}
}

// seatedHint says who rules at the table when the judge chosen plays
// there: "Ana plays at table 4: judge 3, Ben, rules", and returns that
// judge (zero when nobody is free).
func (f *entryForm) seatedHint() (string, event.Judge) {
	s := f.s
	j, ok := s.judge(f.judgeID())
	if !ok || j.PlayerID == 0 || !f.atFound {
		return "", event.Judge{}
	}
	seated := map[event.PlayerID]bool{}
	for _, p := range f.at.Players {
		if en, ok := s.entry(p.Entry); ok {
			seated[en.PlayerID] = true
		}
	}
	if !seated[j.PlayerID] {
		return "", event.Judge{}
	}
	next, ok := judgelog.NextJudge(s.data.judges, seated, j.ID)
	if !ok {
		return tr.F("%s plays at table %d and no judge after them in the order is free: the organizer decides (S11).", j.Name, f.at.Number), event.Judge{}
	}
	who := tr.F("judge %d, %s,", next.Order, next.Name)
	if next.Role == event.RoleHeadJudge {
		who = tr.F("the %s, %s,", tr.Text(rules.RoleName(s.data.event.Game, event.RoleHeadJudge)), next.Name)
	}
	return tr.F("%s plays at table %d: %s rules (S11).", j.Name, f.at.Number, who), next
}

// --- saving ---

// shown reports whether an optional row is shown.
func (f *entryForm) shown(fl field) bool { return f.rows[fl][1].Visible() }

// entry reads the form into a log entry, or says what is wrong with what
// was typed.
func (f *entryForm) entry() (event.JudgeLogEntry, error) {
	e := event.JudgeLogEntry{
		EventID:     f.s.eventID,
		Kind:        f.kindOf(),
		JudgeID:     f.judgeID(),
		EntryID:     f.playerID(),
		Description: strings.TrimSpace(f.description.Text),
		Corrects:    f.corrects,
	}
	var err error
	if e.Round, err = whole(f.round.Text, i18n.F("round")); err != nil {
		return e, err
	}
	if e.Table, err = whole(f.table.Text, i18n.F("table")); err != nil {
		return e, err
	}
	if f.shown(fieldInfraction) {
		e.Infraction = storedInfraction(f.s.data.event.Game, f.infraction.Text)
		e.Penalty = f.penaltyChosen()
	}
	if f.shown(fieldPoints) {
		if e.Points, err = whole(f.points.Text, i18n.F("points")); err != nil {
			return e, err
		}
	}
	if f.shown(fieldExtension) {
		if e.Extension, err = minutes(f.extension.Text); err != nil {
			return e, err
		}
	}
	if f.shown(fieldOutcome) {
		e.Outcome = strings.TrimSpace(f.outcome.Text)
	}
	return e, nil
}

// whole reads a whole number typed in a field ("" is 0).
func whole(text string, what i18n.Text) (int, error) {
	t := strings.TrimSpace(text)
	if t == "" {
		return 0, nil
	}
	n, err := strconv.Atoi(t)
	if err != nil {
		return 0, event.Invalidf("%s must be a whole number, not %q", what, t)
	}
	return n, nil
}

// minutes reads an extension typed in minutes ("3", "2.5"; "" is none).
func minutes(text string) (time.Duration, error) {
	t := strings.TrimSpace(strings.ReplaceAll(text, ",", "."))
	if t == "" {
		return 0, nil
	}
	m, err := strconv.ParseFloat(t, 64)
	if err != nil || math.IsNaN(m) || math.IsInf(m, 0) || math.Abs(m) > 24*60 {
		return 0, event.Invalidf("the extension must be a number of minutes, not %q", t)
	}
	return (time.Duration(m * float64(time.Minute))).Round(time.Second), nil
}

// onSave saves the entry; a refusal shows in the form and nothing is
// saved.
func (f *entryForm) onSave() {
	s := f.s
	e, err := f.entry()
	if err != nil {
		f.fail(err)
		return
	}
	f.save.Disable()
	work.Call(s.run, func(ctx context.Context) (event.JudgeLogEntry, error) {
		return s.d.Judging.LogJudgeEntry(ctx, e)
	}, func(saved event.JudgeLogEntry, err error) {
		f.save.Enable()
		if err != nil {
			f.fail(err)
			return
		}
		f.errText.Hide()
		s.saved(saved)
	})
}

func (f *entryForm) fail(err error) {
	showProblem(f.errText, err)
}

// showProblem shows err's sentence on l, the line of a form that says
// why the director refused it.
func showProblem(l *widget.Label, err error) {
	l.SetText(work.Sentence(err))
	l.Show()
}

// said says each key of keys in the screens' language.
func said(keys []string) []string {
	out := make([]string, len(keys))
	for i, k := range keys {
		out[i] = tr.L(k)
	}
	return out
}

// entryStatus says an entry's status beside its name: "dropped".
func entryStatus(s event.EntryStatus) string {
	switch s {
	case event.EntryActive:
		return tr.L("active")
	case event.EntryDropped:
		return tr.L("dropped")
	case event.EntryDisqualified:
		return tr.L("disqualified")
	}
	return string(s)
}
