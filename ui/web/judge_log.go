package web

import (
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
	"tablekeeper/core/judgelog"
	"tablekeeper/core/rules"
)

// The judge's log entry form: a penalty, a deck check, a ruling, an
// appeal or a time extension, with the suggested penalty.

// keptField is a field of a judge log entry typed before the judge chose
// her name, sent again with her choice.
type keptField struct{ Name, Value string }

// keptEntry shows again the judge log entry judge me typed before she
// chose her name, for her to save.
func (j *judgeArea) keptEntry(w http.ResponseWriter, r *http.Request, id event.EventID, me event.Judge) {
	v, err := j.views.JudgeView(r.Context(), id)
	if err != nil {
		j.s.failErr(w, r, err)
		return
	}
	f, err := readEntryForm(r)
	if err != nil {
		j.renderEntry(w, r, v, me, f, http.StatusBadRequest, staffSentence(err))
		return
	}
	p := newJudgePage(v, me)
	p.Notice = i18n.F("Your name is chosen. Here is what you typed: check it and save it.")
	p.Form = entryFormOf(langOf(r), v, me, f)
	j.show(w, r, http.StatusOK, "judge_entry", i18n.F("New judge log entry"), p)
}

// kept is the typed fields of an entry, to send again with the judge's
// choice of her name (then=entry).
func (f entryValues) kept() []keptField {
	out := []keptField{{"then", "entry"}}
	for _, x := range []keptField{{"kind", f.kind}, {"round", f.round}, {"table", f.table}, {"player", f.player},
		{"infraction", f.infraction}, {"penalty", f.penalty}, {"points", f.points}, {"minutes", f.minutes},
		{"outcome", f.outcome}, {"description", f.description}} {
		if x.Value != "" {
			out = append(out, x)
		}
	}
	return out
}

// judgeKinds are the kinds of entry the form offers, as the desk's.
var judgeKinds = []struct {
	Kind event.JudgeLogKind
	Name string
}{
	{event.LogPenalty, i18n.K("Penalty")},
	{event.LogDeckCheck, i18n.K("Deck check")},
	{event.LogRuling, i18n.K("Ruling")},
	{event.LogAppeal, i18n.K("Appeal")},
	{event.LogExtension, i18n.K("Time extension")},
}

// Outcome choices, as the desk's (the field takes free text too).
var (
	judgeDeckOutcomes   = []string{"legal", "illegal: corrected before play", "illegal: deck fixed, penalty given"}
	judgeAppealOutcomes = []string{"upheld", "overturned"}
)

// judgeForm is the entry form's fields and choices.
type judgeForm struct {
	Kind        string
	Kinds       []formOption
	Round       string
	Table       string
	TableNote   string
	Player      string
	Players     []formOption
	Infraction  string
	Infractions []string
	Penalty     string
	Penalties   []formOption
	Points      string
	Minutes     string
	Outcome     string
	Outcomes    []string
	Description string
	Suggestion  string
	Seated      string
}

// formOption is a choice of a select.
type formOption struct {
	Value, Text string
	Selected    bool
}

// entryValues are what a judge typed into the entry form.
type entryValues struct {
	kind, round, table, player, infraction, penalty, points, minutes, outcome, description string
}

// readEntryForm reads the entry form's fields as typed, each within its
// bound; a field past its bound is refused.
func readEntryForm(r *http.Request) (entryValues, error) {
	var f entryValues
	var err error
	fields := []struct {
		dst   *string
		name  string
		what  i18n.Text
		limit int
	}{
		{&f.kind, "kind", i18n.F("The kind"), 20}, {&f.round, "round", i18n.F("The round"), 4}, {&f.table, "table", i18n.F("The table"), 5},
		{&f.player, "player", i18n.F("The player"), 12}, {&f.infraction, "infraction", i18n.F("The infraction"), judgelog.MaxInfraction},
		{&f.penalty, "penalty", i18n.F("The penalty"), 40}, {&f.points, "points", i18n.F("The points"), 4}, {&f.minutes, "minutes", i18n.F("The minutes"), 8},
		{&f.outcome, "outcome", i18n.F("The outcome"), judgelog.MaxText},
	}
	for _, fl := range fields {
		if *fl.dst, err = staffField(r, fl.name, fl.what, fl.limit); err != nil {
			return f, err
		}
	}
	f.description, err = staffLines(r, "description", i18n.F("The description"), judgelog.MaxText)
	return f, err
}

// kindOf is the kind chosen (a penalty when none or unknown).
func (f entryValues) kindOf() event.JudgeLogKind {
	for _, k := range judgeKinds {
		if string(k.Kind) == f.kind {
			return k.Kind
		}
	}
	return event.LogPenalty
}

// entry makes the log entry the form says, for judge me, reading only
// the fields the kind uses (as the desk's form shows only those).
func (f entryValues) entry(v director.JudgeView, me event.Judge) (event.JudgeLogEntry, error) {
	e := event.JudgeLogEntry{EventID: v.Event.ID, Kind: f.kindOf(), JudgeID: me.ID, Description: f.description}
	var err error
	if e.Round, err = entryNumber(f.round, i18n.F("the round")); err != nil {
		return e, err
	}
	if e.Table, err = entryNumber(f.table, i18n.F("the table")); err != nil {
		return e, err
	}
	player, err := entryNumber(f.player, i18n.F("the player"))
	if err != nil {
		return e, err
	}
	if player != 0 && !slices.ContainsFunc(v.Entries, func(en event.Entry) bool { return int(en.ID) == player }) {
		return e, event.Invalid("choose the player among the event's players")
	}
	e.EntryID = event.EntryID(player)
	penalised := e.Kind == event.LogPenalty || e.Kind == event.LogDeckCheck
	if penalised {
		e.Infraction, e.Penalty = f.infraction, f.penalty
	}
	if penalised && e.Penalty == judgelog.PointDeduction {
		if e.Points, err = entryNumber(f.points, i18n.F("the points")); err != nil {
			return e, err
		}
	}
	if e.Kind == event.LogExtension || e.Kind == event.LogDeckCheck || e.Kind == event.LogRuling {
		if e.Extension, err = extensionMinutes(f.minutes); err != nil {
			return e, err
		}
	}
	if e.Kind == event.LogDeckCheck || e.Kind == event.LogAppeal {
		e.Outcome = f.outcome
	}
	return e, nil
}

// entryNumber reads a whole number typed in a field ("" is 0).
func entryNumber(text string, what i18n.Text) (int, error) {
	if text == "" {
		return 0, nil
	}
	n, err := strconv.Atoi(text)
	if err != nil || n < 0 {
		return 0, event.Invalidf("%s must be a whole number, not %q", what, staffTruncate(text, 12))
	}
	return n, nil
}

// pageEntry is the form for a new judge log entry, prefilled from the
// address (?table=4&kind=penalty&player=12).
func (j *judgeArea) pageEntry(w http.ResponseWriter, r *http.Request) {
	v, me, ok := j.view(w, r)
	if !ok {
		return
	}
	q := r.URL.Query()
	f := entryValues{kind: q.Get("kind"), table: q.Get("table"), player: q.Get("player"), round: strconv.Itoa(v.Rounds)}
	if v.Rounds == 0 {
		f.round = ""
	}
	for _, s := range []*string{&f.kind, &f.table, &f.player} {
		*s = staffTruncate(*s, 20)
	}
	j.renderEntry(w, r, v, me, f, http.StatusOK, nil)
}

// renderEntry shows the entry form with what was typed, the suggestion
// for the player and infraction, and a problem.
func (j *judgeArea) renderEntry(w http.ResponseWriter, r *http.Request, v director.JudgeView, me event.Judge, f entryValues, status int, problem i18n.Localizer) {
	p := newJudgePage(v, me)
	p.Problem = problem
	p.Form = entryFormOf(langOf(r), v, me, f)
	j.show(w, r, status, "judge_entry", i18n.F("New judge log entry"), p)
}

// entryFormOf fills the form's choices from the event and what was typed.
func entryFormOf(l i18n.Lang, v director.JudgeView, me event.Judge, f entryValues) *judgeForm {
	kind := f.kindOf()
	out := &judgeForm{Kind: string(kind), Round: f.round, Table: f.table, Player: f.player, Infraction: f.infraction,
		Penalty: f.penalty, Points: f.points, Minutes: f.minutes, Outcome: f.outcome, Description: f.description}
	for _, k := range judgeKinds {
		out.Kinds = append(out.Kinds, formOption{Value: string(k.Kind), Text: i18n.T(l, k.Name), Selected: k.Kind == kind})
	}
	at, found := entryTable(v, f)
	out.TableNote = entryTableNote(l, v, f, at, found)
	out.Players = entryPlayers(l, v, at, found, f.player)
	for _, inf := range judgelog.Infractions(v.Event.Game) {
		out.Infractions = append(out.Infractions, inf.Name)
	}
	sg, name, ok := entrySuggestion(v, f)
	if ok {
		out.Suggestion = sg.SentenceIn(l, name)
		if out.Penalty == "" {
			out.Penalty = sg.Penalty
		}
	}
	out.Penalties = entryPenalties(l, kind, out.Penalty)
	switch kind {
	case event.LogDeckCheck:
		out.Outcomes = judgeDeckOutcomes
	case event.LogAppeal:
		out.Outcomes = judgeAppealOutcomes
	}
	if found {
		out.Seated = entrySeated(l, v, me, at)
	}
	return out
}

// entryTable finds the table the form names in the round it names.
func entryTable(v director.JudgeView, f entryValues) (director.SheetTable, bool) {
	round, rerr := strconv.Atoi(f.round)
	table, terr := strconv.Atoi(f.table)
	if rerr != nil || terr != nil || table <= 0 || round != v.Rounds || v.Rounds == 0 {
		return director.SheetTable{}, false
	}
	i := slices.IndexFunc(v.Latest.Tables, func(t director.SheetTable) bool { return t.Number == table && !t.Bye })
	if i < 0 {
		return director.SheetTable{}, false
	}
	return v.Latest.Tables[i], true
}

// entryTableNote names the players at the table typed, or says there is no
// such table.
func entryTableNote(l i18n.Lang, v director.JudgeView, f entryValues, at director.SheetTable, found bool) string {
	switch {
	case found:
		names := make([]string, len(at.Players))
		for i, p := range at.Players {
			names[i] = p.Name
		}
		return strings.Join(names, " · ")
	case f.table == "" || f.table == "0":
		return ""
	case f.round != strconv.Itoa(v.Rounds):
		return i18n.T(l, "the players of earlier rounds' tables are all listed")
	}
	return i18n.T(l, "round %[1]s has no table %[2]s", f.round, f.table)
}

// entryPlayers lists the players at the table found, else every player,
// choosing the one typed.
func entryPlayers(l i18n.Lang, v director.JudgeView, at director.SheetTable, found bool, chosen string) []formOption {
	out := []formOption{{Value: "", Text: i18n.T(l, "(no player)"), Selected: chosen == "" || chosen == "0"}}
	add := func(id event.EntryID, name string) {
		v := strconv.FormatInt(int64(id), 10)
		out = append(out, formOption{Value: v, Text: name, Selected: v == chosen})
	}
	if found {
		for _, p := range at.Players {
			add(p.Entry, p.Name)
		}
		return out
	}
	entries := slices.Clone(v.Entries)
	event.SortByName(entries, func(e event.Entry) string { return e.Name })
	for _, en := range entries {
		name := en.Name
		if !en.Active() && en.Status != "" {
			name = i18n.T(l, "%[1]s (%[2]s)", name, i18n.T(l, string(en.Status)))
		}
		add(en.ID, name)
	}
	return out
}

// entryPenalties lists the penalties for the kind, as the desk's chooser.
func entryPenalties(l i18n.Lang, kind event.JudgeLogKind, chosen string) []formOption {
	out := []formOption{{Value: "", Text: i18n.T(l, "(choose the penalty)"), Selected: chosen == ""}}
	if kind == event.LogDeckCheck {
		out[0].Text = i18n.T(l, "No penalty")
	}
	for _, p := range judgelog.Penalties() {
		out = append(out, formOption{Value: p, Text: staffCapital(i18n.T(l, p)), Selected: p == chosen})
	}
	return out
}

// entrySuggestion is the catalogue's suggestion for the player and
// infraction typed (judgelog.Suggest, as the desk's form asks it), with
// the player's name; false when the form names no player or infraction.
func entrySuggestion(v director.JudgeView, f entryValues) (judgelog.Suggestion, string, bool) {
	kind := f.kindOf()
	player, err := strconv.ParseInt(f.player, 10, 64)
	if (kind != event.LogPenalty && kind != event.LogDeckCheck) || err != nil || player <= 0 || f.infraction == "" {
		return judgelog.Suggestion{}, "", false
	}
	i := slices.IndexFunc(v.Entries, func(en event.Entry) bool { return int64(en.ID) == player })
	if i < 0 {
		return judgelog.Suggestion{}, "", false
	}
	return judgelog.Suggest(v.Event.Game, v.Log, v.Entries[i].ID, f.infraction), v.Entries[i].Name, true
}

// entrySeated names the judge who rules instead when the judge signed in
// plays at the table (S11), as the desk's form does.
func entrySeated(l i18n.Lang, v director.JudgeView, me event.Judge, at director.SheetTable) string {
	if me.PlayerID == 0 {
		return ""
	}
	seated := map[event.PlayerID]bool{}
	for _, p := range at.Players {
		for _, en := range v.Entries {
			if en.ID == p.Entry {
				seated[en.PlayerID] = true
			}
		}
	}
	if !seated[me.PlayerID] {
		return ""
	}
	next, ok := judgelog.NextJudge(v.Judges, seated, me.ID)
	if !ok {
		return i18n.T(l, "You play at table %d and no judge after you in the order is free: the organizer decides (S11).", at.Number)
	}
	return i18n.T(l, "You play at table %[1]d: %[2]s (%[3]s) rules here (S11).", at.Number, next.Name, rules.JudgeRole(v.Event.Game, next))
}

// postEntry saves a judge log entry; "Suggest" shows the form again with
// the suggestion instead.
func (j *judgeArea) postEntry(w http.ResponseWriter, r *http.Request) {
	v, me, js, ok := j.write(w, r)
	if !ok {
		return
	}
	f, err := readEntryForm(r)
	if err != nil {
		j.renderEntry(w, r, v, me, f, http.StatusBadRequest, staffSentence(err))
		return
	}
	if r.PostFormValue("action") == "suggest" {
		j.renderEntry(w, r, v, me, f, http.StatusOK, nil)
		return
	}
	e, err := f.entry(v, me)
	if err != nil {
		j.renderEntry(w, r, v, me, f, http.StatusBadRequest, staffSentence(err))
		return
	}
	e.Source = js.source()
	saved, err := j.log.LogJudgeEntry(r.Context(), e)
	if err != nil {
		status := statusOf(err)
		if status == http.StatusInternalServerError {
			j.s.failErr(w, r, err)
			return
		}
		j.renderEntry(w, r, v, me, f, status, staffSentence(err))
		return
	}
	seeOther(w, r, fmt.Sprintf("%s?saved=%d", judgeBase(v.Event.ID), saved.ID))
}

// judgeSuggestJSON is the suggestion the form shows as the judge chooses.
type judgeSuggestJSON struct {
	Sentence string `json:"sentence"`
	Penalty  string `json:"penalty"`
}

// apiSuggest gives the catalogue's suggestion for a player and an
// infraction (?player=12&infraction=…&kind=penalty), for a signed-in
// judge.
func (j *judgeArea) apiSuggest(w http.ResponseWriter, r *http.Request) {
	js, c := j.check(r)
	if !c.ok {
		j.refuse(w, r, c)
		return
	}
	id, ok := j.s.addressedEvent(w, r)
	if !ok {
		return
	}
	if _, ok := js.judgeIn(id); !ok {
		j.s.fail(w, r, http.StatusForbidden, i18n.F("Choose your name among the event's judges first."))
		return
	}
	q := r.URL.Query()
	f := entryValues{kind: q.Get("kind"), player: q.Get("player"), infraction: strings.Join(strings.Fields(q.Get("infraction")), " ")}
	if _, err := staffText(f.infraction, i18n.F("The infraction"), judgelog.MaxInfraction); err != nil || len(f.player) > 12 {
		j.s.fail(w, r, http.StatusBadRequest, i18n.F("That infraction or player cannot be read; choose them again."))
		return
	}
	v, err := j.views.JudgeView(r.Context(), id)
	if err != nil {
		j.s.failErr(w, r, err)
		return
	}
	out := judgeSuggestJSON{}
	if sg, name, ok := entrySuggestion(v, f); ok {
		out = judgeSuggestJSON{Sentence: sg.SentenceIn(langOf(r), name), Penalty: sg.Penalty}
	}
	writeJSON(w, http.StatusOK, out)
}
