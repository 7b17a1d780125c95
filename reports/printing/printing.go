// Package printing turns the director's answers into the models of the
// reports package and writes them: the export command and the window's
// Print menu use these same builders. Reports take plain data; this is
// where one event's data becomes that data.
package printing

import (
	"context"
	"errors"
	"io"
	"slices"
	"strconv"
	"strings"

	"tablekeeper/core/deck"
	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/core/judgelog"
	"tablekeeper/core/rules"
	"tablekeeper/core/standings"
	"tablekeeper/reports"

	"tablekeeper/core/i18n"
)

// Kind is a report the printer writes: its key, its name in the Print
// menu, its file extension, and whether it is of one round.
type Kind struct {
	Key, Name, Ext string
	Round          bool
}

// Printer builds and writes an event's reports and files: the export
// command and the window's Print menu use it alike.
type Printer struct {
	// D are the director's services the reports read (ServicesOf).
	D Services
	// DB is the open database's file: no report is ever written over it.
	DB string
	// Store takes the backups (Backup); nil when no database is open.
	Store Backuper
	// Address is where the store network serves the event while it is
	// on, printed on the match slips beside each table's code; "" while
	// it is off. QR is what the QR codes on the slips and at the foot of
	// the pairings sheet say ("" for none).
	Address string
	QR      string
	// Network, when set, is the store network's address while it is on
	// ("" while off): Write then prints it as Address, and the QR code of
	// the event's page as QR.
	Network func() string
	// Lang is the language of the lines Write returns and of the reports
	// of an event with no print language of its own (Settings.Language):
	// the window sets the screen's language; "" is English.
	Lang i18n.Lang

	// Entry, when set, limits the player slips (PlayerSlipsKey) to that
	// player: the Registration tab prints one.
	Entry event.EntryID

	// docLang is the language a report is written in: the event's print
	// language, else Lang.
	docLang i18n.Lang
	// codes are the player codes and link tokens the player slips print,
	// drawn before the report's snapshot (which cannot write).
	codes map[event.EntryID]director.PlayerCredential
}

// reportKind is one report the printer writes.
type reportKind struct {
	Kind
	write func(ctx context.Context, p Printer, id event.EventID, round int, paper string, w io.Writer) (string, error)
}

// reportKinds lists the reports, in the order the Print menu shows them.
func reportKinds() []reportKind {
	out := []reportKind{
		{Kind{Key: "pairings", Name: i18n.K("Pairings by table"), Ext: "pdf", Round: true}, writePairings},
		{Kind{Key: "pairings-by-name", Name: i18n.K("Pairings by name (for the wall)"), Ext: "pdf", Round: true}, writePairingsByName},
		{Kind{Key: "slips", Name: i18n.K("Match slips"), Ext: "pdf", Round: true}, writeSlips},
		{Kind{Key: "standings", Name: i18n.K("Standings"), Ext: "pdf"}, writeStandings},
		{Kind{Key: "players-csv", Name: i18n.K("Players (CSV)"), Ext: "csv"}, writePlayersCSV},
		{Kind{Key: "pairings-csv", Name: i18n.K("Pairings (CSV)"), Ext: "csv", Round: true}, writePairingsCSV},
		{Kind{Key: "results-csv", Name: i18n.K("Results (CSV)"), Ext: "csv"}, writeResultsCSV},
		{Kind{Key: "standings-csv", Name: i18n.K("Standings (CSV)"), Ext: "csv"}, writeStandingsCSV},
	}
	return append(out, moreReportKinds()...)
}

// Keys lists the report keys, for usage messages.
func Keys() []string {
	var out []string
	for _, k := range reportKinds() {
		out = append(out, k.Key)
	}
	return out
}

// Kinds lists the reports, in the order the Print menu shows them.
func Kinds() []Kind {
	var out []Kind
	for _, k := range reportKinds() {
		out = append(out, k.Kind)
	}
	return out
}

// Write writes the report with the given key of an event (round 0: the
// latest) and returns a one-line summary of what it wrote.
func (p Printer) Write(ctx context.Context, key string, id event.EventID, round int, paper string, w io.Writer) (string, error) {
	p = p.onNetwork(id)
	if base, entry := oneSlip(key); entry != 0 {
		key, p.Entry = base, entry
	}
	for _, k := range reportKinds() {
		if k.Key != key {
			continue
		}
		var codes map[event.EntryID]director.PlayerCredential
		if key == PlayerSlipsKey {
			var err error
			if codes, err = p.drawPlayerCodes(ctx, id); err != nil {
				return "", err
			}
		}
		// Every read a report makes is of one moment: one read
		// transaction, however many questions it asks.
		var summary string
		err := p.D.Snapshot.InSnapshot(ctx, func(d *director.Director) error {
			snap := Printer{D: ServicesOf(d), Address: p.Address, QR: p.QR, Lang: p.Lang, docLang: p.Lang, Entry: p.Entry, codes: codes}
			if e, err := d.Events.Event(ctx, id); err == nil && e.Settings.Language != "" {
				snap.docLang = i18n.Lang(e.Settings.Language)
			}
			if k.Round {
				n, err := snap.printableRound(ctx, id, round)
				if err != nil {
					return err
				}
				round = n
			}
			var err error
			summary, err = k.write(ctx, snap, id, round, paper, w)
			return err
		})
		return summary, err
	}
	return "", event.Invalidf("there is no report %q; choose one of %s", key, strings.Join(Keys(), ", "))
}

// onNetwork is p with the store network's address and the QR code of
// event id's page while the network is on.
func (p Printer) onNetwork(id event.EventID) Printer {
	if p.Network == nil {
		return p
	}
	if base := p.Network(); base != "" {
		p.Address = base
		p.QR = strings.TrimSuffix(base, "/") + "/events/" + strconv.FormatInt(int64(id), 10)
	}
	return p
}

// printableRound is the round a round's report prints: number, or the
// latest round when number is 0. A draft prints (to check it on paper, or
// to have the slips ready), its title saying it is one.
func (p Printer) printableRound(ctx context.Context, id event.EventID, number int) (int, error) {
	e, err := p.D.Events.Event(ctx, id)
	if err != nil {
		return 0, err
	}
	rounds, err := p.D.Rounds.Rounds(ctx, id)
	if err != nil {
		return 0, err
	}
	if len(rounds) == 0 {
		return 0, event.Statef("%s has no rounds paired yet", e.Name)
	}
	if number == 0 {
		number = len(rounds)
	}
	if number < 1 || number > len(rounds) {
		return 0, event.NotFoundf("%s has no round %d (%d paired)", e.Name, number, len(rounds))
	}
	return number, nil
}

func writePairings(ctx context.Context, p Printer, id event.EventID, round int, paper string, w io.Writer) (string, error) {
	sh, err := p.D.Rounds.RoundSheet(ctx, id, round)
	if err != nil {
		return "", err
	}
	pr := p.pairingsReport(sh)
	pr.QR = p.QR
	if err := reports.WritePairings(w, pr, reports.Options{Paper: paper, Lang: p.docLang}); err != nil {
		return "", err
	}
	return i18n.N(p.Lang, "round %d pairings of %s, %d tables", len(sh.Tables), round, sh.Event.Name, len(sh.Tables)), nil
}

func writePairingsByName(ctx context.Context, p Printer, id event.EventID, round int, paper string, w io.Writer) (string, error) {
	sh, err := p.D.Rounds.RoundSheet(ctx, id, round)
	if err != nil {
		return "", err
	}
	by := reports.PairingsByNameFrom(p.pairingsReport(sh))
	if err := reports.WritePairingsByName(w, by, reports.Options{Paper: paper, Lang: p.docLang}); err != nil {
		return "", err
	}
	return i18n.N(p.Lang, "round %d pairings of %s by name, %d players", len(by.Players), round, sh.Event.Name, len(by.Players)), nil
}

// slipKind is the slip a game's tables need.
func writeSlips(ctx context.Context, p Printer, id event.EventID, round int, paper string, w io.Writer) (string, error) {
	sh, err := p.D.Rounds.RoundSheet(ctx, id, round)
	if err != nil {
		return "", err
	}
	pairings, err := p.withCodes(ctx, id, p.pairingsReport(sh))
	if err != nil {
		return "", err
	}
	s := reports.SlipsFrom(pairings, rules.SlipFor(sh.Event))
	s.Address, s.QR = p.Address, p.QR
	s.Games = sh.Round.GamesPerMatch(sh.Event.Settings)
	s.Note = rules.MatchNote(sh.Event, sh.Round).In(p.docLang)
	for i, t := range sh.Tables {
		if i < len(s.Tables) {
			s.Tables[i].Extension = t.Extension
		}
	}
	if err := reports.WriteSlips(w, s, reports.Options{Paper: paper, Lang: p.docLang}); err != nil {
		return "", err
	}
	return i18n.N(p.Lang, "round %d match slips of %s, %d tables", len(sh.Tables), round, sh.Event.Name, len(sh.Tables)), nil
}

// standingsReport turns the director's standings into the report's model,
// titled with what they count (director.Basis): a draft round is not
// counted, and a round in progress says how many results are in.
func standingsReport(ctx context.Context, p Printer, id event.EventID) (reports.Standings, error) {
	v, err := p.D.Views.StandingsView(ctx, id)
	if err != nil {
		return reports.Standings{}, err
	}
	e := v.Event
	if v.Basis.Round == 0 {
		return reports.Standings{}, event.Statef("No round has been played yet in %s, so there are no standings. Print the players list (players-csv) or the round 1 seating instead.", e.Name)
	}
	// In a team event the report lists players with their team's record
	// (the view ranks teams); Write reads in one snapshot, so both agree.
	table := v.Players
	if e.Settings.Teams() {
		if table, err = p.D.Rounds.Standings(ctx, id); err != nil {
			return reports.Standings{}, err
		}
	}
	s := reports.Standings{
		EventName: e.Name,
		Game:      p.game(e),
		Title:     v.Basis.Title(),
		Round:     v.Basis.Round,
		Final:     v.Basis.Final,
		Date:      e.Date,
	}
	keys := e.Settings.Tiebreakers
	for _, k := range keys {
		title, _ := rules.TiebreakerName(k)
		s.Tiebreakers = append(s.Tiebreakers, i18n.T(p.docLang, title))
	}
	for _, st := range table {
		row := reports.StandingsRow{Rank: st.Rank, Name: st.Name, Points: st.Points, Wins: st.Wins, Losses: st.Losses, Draws: st.Draws,
			Dropped: st.Status != event.EntryActive, Drawn: st.Drawn}
		for _, k := range keys {
			row.Tiebreakers = append(row.Tiebreakers, decimalIn(p.docLang, st.TiebreakerText(k)))
		}
		s.Rows = append(s.Rows, row)
	}
	if standings.AnyDrawn(table) {
		s.DrawNote = standings.DrawNote()
	}
	return s, nil
}

func writeStandings(ctx context.Context, p Printer, id event.EventID, _ int, paper string, w io.Writer) (string, error) {
	s, err := standingsReport(ctx, p, id)
	if err != nil {
		return "", err
	}
	if err := reports.WriteStandings(w, s, reports.Options{Paper: paper, Lang: p.docLang}); err != nil {
		return "", err
	}
	return i18n.N(p.Lang, "standings of %s, %d players", len(s.Rows), s.EventName, len(s.Rows)), nil
}

func writeStandingsCSV(ctx context.Context, p Printer, id event.EventID, _ int, _ string, w io.Writer) (string, error) {
	s, err := standingsReport(ctx, p, id)
	if err != nil {
		return "", err
	}
	if err := reports.WriteStandingsCSV(w, s, reports.Options{Lang: p.docLang}); err != nil {
		return "", err
	}
	return i18n.N(p.Lang, "standings of %s as CSV, %d players", len(s.Rows), s.EventName, len(s.Rows)), nil
}

func writePlayersCSV(ctx context.Context, p Printer, id event.EventID, _ int, _ string, w io.Writer) (string, error) {
	entries, err := p.D.Registration.Entries(ctx, id)
	if err != nil {
		return "", err
	}
	var rows []reports.PlayerRow
	for _, en := range entries {
		rows = append(rows, reports.PlayerRow{Name: en.Name, MemberNumber: en.MemberNo, Status: string(en.Status)})
	}
	if err := reports.WritePlayersCSV(w, rows, reports.Options{Lang: p.docLang}); err != nil {
		return "", err
	}
	return i18n.N(p.Lang, "%d players as CSV", len(rows), len(rows)), nil
}

func writePairingsCSV(ctx context.Context, p Printer, id event.EventID, round int, _ string, w io.Writer) (string, error) {
	sh, err := p.D.Rounds.RoundSheet(ctx, id, round)
	if err != nil {
		return "", err
	}
	pairings, err := p.withCodes(ctx, id, p.pairingsReport(sh))
	if err != nil {
		return "", err
	}
	if err := reports.WritePairingsCSV(w, pairings, reports.Options{Lang: p.docLang}); err != nil {
		return "", err
	}
	return i18n.N(p.Lang, "round %d pairings as CSV, %d tables", len(sh.Tables), round, len(sh.Tables)), nil
}

// writeResultsCSV writes the results of every published round, or of
// round only when it is not 0 (export --round N): a round that is not
// there, or a draft (it has no results yet), is refused with a sentence
// rather than answered with an empty or whole-event file.
func writeResultsCSV(ctx context.Context, p Printer, id event.EventID, round int, _ string, w io.Writer) (string, error) {
	rounds, err := p.D.Rounds.Rounds(ctx, id)
	if err != nil {
		return "", err
	}
	published := publishedRounds(rounds)
	if round != 0 {
		if _, err := p.printableRound(ctx, id, round); err != nil {
			return "", err
		}
		published = slices.DeleteFunc(published, func(r event.Round) bool { return r.Number != round })
		if len(published) == 0 {
			return "", event.Statef("Round %d is a draft, not published yet, so it has no results. Publish it first, or leave out --round for the results of every published round.", round)
		}
	}
	var rows []reports.ResultRow
	for _, r := range published {
		sh, err := p.D.Rounds.RoundSheet(ctx, id, r.Number)
		if err != nil {
			return "", err
		}
		for _, t := range sh.Tables {
			row := reports.ResultRow{Round: r.Number, Table: t.Number}
			for _, pl := range t.Players {
				row.Names = append(row.Names, pl.Name)
			}
			row.Result = resultText(p.docLang, sh.Event.Settings, t)
			rows = append(rows, row)
		}
	}
	if err := reports.WriteResultsCSV(w, rows, reports.Options{Lang: p.docLang}); err != nil {
		return "", err
	}
	return i18n.N(p.Lang, "%d results as CSV", len(rows), len(rows)), nil
}

// resultText writes a table's result in a line as every surface does
// (rules.ResultText): "2–1", "1–1–1" with a drawn game, "bye", a
// multiplayer table's seats, or "" when it has none yet.
func resultText(lang i18n.Lang, s event.Settings, t director.SheetTable) string {
	return rules.ResultText(s, t.Table, nil).In(lang)
}

// moreReportKinds are the reports of the print pack beyond the round
// sheets: decklists, seatings, the bracket, the judge log and the summary.
func moreReportKinds() []reportKind {
	return []reportKind{
		{newReport("decklists", i18n.K("Decklists (a page per deck)"), "pdf", false), writeDecklists},
		{newReport("blank-decklist", i18n.K("Blank decklist sheet"), "pdf", false), writeBlankDecklist},
		{newReport("seatings", i18n.K("Seatings (player meeting, round 1 or draft pods)"), "pdf", false), writeSeatings},
		{newReport("bracket", i18n.K("Bracket"), "pdf", false), writeBracket},
		{newReport("judgelog", i18n.K("Judge log"), "pdf", false), writeJudgeLog},
		{newReport("summary", i18n.K("Event summary"), "pdf", false), writeSummary},
		{newReport(PlayerSlipsKey, i18n.K("Player slips (player codes)"), "pdf", false), writePlayerSlips},
	}
}

func writeDecklists(ctx context.Context, p Printer, id event.EventID, _ int, paper string, w io.Writer) (string, error) {
	e, byID, err := p.eventByEntry(ctx, id)
	if err != nil {
		return "", err
	}
	checks, err := p.D.Decks.Decks(ctx, id)
	if err != nil {
		return "", err
	}
	f := deck.Format(e.Settings.DeckRules)
	out := reports.Decklists{EventName: e.Name, FormatName: f.NameIn(p.docLang), Date: e.Date}
	for _, c := range checks {
		en := byID[c.Deck.EntryID]
		dl := reports.Decklist{Player: en.Name, MemberNumber: en.MemberNo, DeckName: c.Deck.Name,
			Registered: c.Deck.UpdatedAt, Locked: c.Deck.LockedAt, Unchecked: f == deck.FormatNone}
		for _, is := range c.Report.Problems {
			dl.Problems = append(dl.Problems, is.In(p.docLang))
		}
		for _, is := range c.Report.Warnings {
			dl.Warnings = append(dl.Warnings, is.In(p.docLang))
		}
		dl.Sections = deckSections(f, c.Deck.List)
		out.Decks = append(out.Decks, dl)
	}
	if len(out.Decks) == 0 {
		return "", event.Statef("%s has no decks registered yet; register them on the Registration tab (Decks…)", e.Name)
	}
	if err := reports.WriteDecklists(w, out, reports.Options{Paper: paper, Lang: p.docLang}); err != nil {
		return "", err
	}
	return i18n.T(p.Lang, "%d decklists of %s", len(out.Decks), e.Name), nil
}

// deckSections groups a decklist's cards by the sections the player wrote.
func deckSections(f deck.Format, text string) []reports.DeckSection {
	var l deck.List
	switch f {
	case deck.FormatArchonStandard, deck.FormatArchonSealed:
		l, _ = deck.ParseArchon(text)
	default:
		l, _ = deck.Parse(text)
	}
	var out []reports.DeckSection
	for _, en := range l.Entries {
		if len(out) == 0 || out[len(out)-1].Title != en.Section {
			out = append(out, reports.DeckSection{Title: en.Section})
		}
		s := &out[len(out)-1]
		s.Cards = append(s.Cards, reports.DeckCard{Count: en.Count, Name: en.Name})
	}
	return out
}

func writeBlankDecklist(ctx context.Context, p Printer, id event.EventID, _ int, paper string, w io.Writer) (string, error) {
	e, err := p.D.Events.Event(ctx, id)
	if err != nil {
		return "", err
	}
	f := deck.Format(e.Settings.DeckRules)
	fields, sections := f.BlankSections()
	name := f.NameIn(p.docLang)
	if f == deck.FormatNone {
		name = p.game(e)
	}
	b := reports.BlankDecklist{EventName: e.Name, FormatName: name, Date: e.Date, Fields: fields, Sections: sections, Notes: f.Rules()}
	if err := reports.WriteBlankDecklist(w, b, reports.Options{Paper: paper, Lang: p.docLang}); err != nil {
		return "", err
	}
	said := f.NameIn(p.Lang)
	if f == deck.FormatNone {
		said = rules.DescribeText(e.Game, e.Format).In(p.Lang)
	}
	return i18n.T(p.Lang, "a blank %s decklist for %s", said, e.Name), nil
}

func writeSeatings(ctx context.Context, p Printer, id event.EventID, _ int, paper string, w io.Writer) (string, error) {
	e, byID, err := p.eventByEntry(ctx, id)
	if err != nil {
		return "", err
	}
	s := reports.Seatings{EventName: e.Name, Game: p.game(e), Date: e.Date}
	if e.Settings.HasDraft() {
		pods, err := p.D.Drafts.DraftPods(ctx, id)
		if err == nil {
			s.Draft = true
			for _, d := range pods.Passes {
				s.Passes = append(s.Passes, string(d))
			}
			for _, pod := range pods.Pods {
				sp := reports.SeatingPod{Number: pod.Number}
				for _, en := range pod.Seats {
					sp.Seats = append(sp.Seats, byID[en].Name)
				}
				s.Pods = append(s.Pods, sp)
			}
		}
	}
	if !s.Draft {
		sh, err := p.D.Rounds.RoundSheet(ctx, id, 1)
		if errors.Is(err, event.ErrNotFound) {
			return p.writeMeeting(e, byID, s, paper, w)
		}
		if err != nil {
			return "", err
		}
		if !sh.Round.Published() {
			s.Title = i18n.T(p.docLang, "Round 1 seating (draft, not published)")
		}
		for _, t := range sh.Tables {
			if t.Bye {
				for _, pl := range t.Players {
					s.Byes = append(s.Byes, pl.Name)
				}
				continue
			}
			sp := reports.SeatingPod{Number: t.Number}
			for _, pl := range t.Players {
				sp.Seats = append(sp.Seats, pl.Name)
			}
			s.Pods = append(s.Pods, sp)
		}
	}
	if err := reports.WriteSeatings(w, s, reports.Options{Paper: paper, Lang: p.docLang}); err != nil {
		return "", err
	}
	if s.Draft {
		return i18n.N(p.Lang, "draft pods of %s, %d pods", len(s.Pods), e.Name, len(s.Pods)), nil
	}
	return i18n.N(p.Lang, "round 1 seating of %s, %d tables", len(s.Pods), e.Name, len(s.Pods)), nil
}

func writeJudgeLog(ctx context.Context, p Printer, id event.EventID, _ int, paper string, w io.Writer) (string, error) {
	e, byID, err := p.eventByEntry(ctx, id)
	if err != nil {
		return "", err
	}
	judges, err := p.D.Judging.Judges(ctx, id)
	if err != nil {
		return "", err
	}
	log, err := p.D.Judging.JudgeLog(ctx, id)
	if err != nil {
		return "", err
	}
	jn := map[event.JudgeID]string{}
	out := reports.JudgeLog{EventName: e.Name, Game: p.game(e), Date: e.Date}
	for _, j := range judges {
		jn[j.ID] = j.Name
		// The role in the game's word (KeyForge's marshal), as the desk
		// and the judges' phones say it.
		out.Judges = append(out.Judges, reports.JudgeLogJudge{Name: j.Name, Role: rules.RoleChoice(e.Game, j.Role).In(p.docLang), Order: j.Order})
	}
	number := map[event.JudgeLogID]int{}
	for i, l := range log {
		number[l.ID] = i + 1
		out.Entries = append(out.Entries, reports.JudgeLogEntry{
			Number: i + 1, At: l.At, Round: l.Round, Table: l.Table, Kind: string(l.Kind), Player: byID[l.EntryID].Name,
			Infraction: l.Infraction, Penalty: l.Penalty, Points: l.Points, Extension: l.Extension, Judge: jn[l.JudgeID], Source: l.Source,
			Description: l.Description, Outcome: l.Outcome, Corrects: number[l.Corrects], Withdraws: l.Penalty == judgelog.Void,
		})
	}
	if err := reports.WriteJudgeLog(w, out, reports.Options{Paper: paper, Lang: p.docLang}); err != nil {
		return "", err
	}
	return i18n.T(p.Lang, "the judge log of %s, %d entries", e.Name, len(out.Entries)), nil
}

func writeSummary(ctx context.Context, p Printer, id event.EventID, _ int, paper string, w io.Writer) (string, error) {
	e, entries, err := p.eventEntries(ctx, id)
	if err != nil {
		return "", err
	}
	rounds, err := p.D.Rounds.Rounds(ctx, id)
	if err != nil {
		return "", err
	}
	table, basis, err := p.summaryTop(ctx, e)
	if err != nil {
		return "", err
	}
	log, err := p.D.Judging.JudgeLog(ctx, id)
	if err != nil {
		return "", err
	}
	checks, err := p.D.Decks.Decks(ctx, id)
	if err != nil {
		return "", err
	}
	s := reports.Summary{EventName: e.Name, Game: p.game(e), Date: e.Date,
		Structure: i18n.T(p.docLang, formatSummary(e)), Registered: len(entries), TopTitle: basis.TopTitle(min(8, len(table))).In(p.docLang)}
	for _, en := range entries {
		switch en.Status {
		case event.EntryDropped:
			s.Dropped++
		case event.EntryDisqualified:
			s.Disqualified++
		}
	}
	countRounds(&s, rounds)
	for _, l := range judgelog.Effective(log) {
		if l.Kind == event.LogPenalty {
			s.Penalties++
		}
	}
	s.DecksRegistered = len(checks)
	for _, c := range checks {
		if c.Legal() {
			s.DecksLegal++
		}
	}
	if e.State == event.StateFinished && len(table) > 0 {
		s.Winner = table[0].Name
	}
	for _, st := range table[:min(8, len(table))] {
		s.Top = append(s.Top, reports.SummaryPlace{Rank: st.Rank, Name: st.Name, Points: st.Points,
			Record: rules.Record(st.Wins, st.Losses, st.Draws).In(p.docLang)})
	}
	if err := reports.WriteSummary(w, s, reports.Options{Paper: paper, Lang: p.docLang}); err != nil {
		return "", err
	}
	return i18n.T(p.Lang, "the summary of %s", e.Name), nil
}

// summaryTop returns the standings the summary's top places come from,
// with what they count (a draft round is not counted, a round in progress
// says so): none before a round is published; in a team event each player
// with their team's record, as the standings report prints them.
func (p Printer) summaryTop(ctx context.Context, e event.Event) ([]standings.Standing, director.Basis, error) {
	v, err := p.D.Views.StandingsView(ctx, e.ID)
	if err != nil || v.Basis.Round == 0 {
		return nil, v.Basis, err
	}
	if e.Settings.Teams() {
		table, err := p.D.Rounds.Standings(ctx, e.ID)
		return table, v.Basis, err
	}
	return v.Players, v.Basis, nil
}

// countRounds counts the summary's rounds, tables and byes. A draft round
// is not played: its pairings may still change, and the standings of the
// top list do not count it either. A round in progress counts its tables
// played, and is played once complete (the top's title says it is in
// progress).
func countRounds(s *reports.Summary, rounds []event.Round) {
	for _, r := range publishedRounds(rounds) {
		if r.Complete() {
			s.RoundsPlayed++
		}
		for _, t := range r.Tables {
			if t.Bye {
				s.Byes++
			} else if t.Result != nil {
				s.TablesPlayed++
			}
		}
	}
}

// publishedRounds are the rounds whose pairings are out: what every
// report counts (a draft's pairings may still change).
func publishedRounds(rounds []event.Round) []event.Round {
	var out []event.Round
	for _, r := range rounds {
		if r.Published() {
			out = append(out, r)
		}
	}
	return out
}

// decimalIn says a number the core wrote with a decimal point ("66.67")
// with the decimal separator of lang ("66,67" in French); any other text
// is left as it is.
func decimalIn(lang i18n.Lang, text string) string {
	dot := strings.IndexByte(text, '.')
	if dot < 0 {
		return text
	}
	f, err := strconv.ParseFloat(text, 64)
	if err != nil {
		return text
	}
	return i18n.Decimal(lang, f, len(text)-dot-1)
}

// newReport describes a report of the Print menu.
func newReport(key, name, ext string, round bool) Kind {
	return Kind{Key: key, Name: name, Ext: ext, Round: round}
}

// formatSummary says in a line how the event's format plays.
func formatSummary(e event.Event) string {
	if _, f, err := rules.Lookup(e.Game, e.Format); err == nil {
		return f.Summary
	}
	return string(e.Settings.Structure)
}

// entriesByID returns an event's entries by ID, for reports that name the
// players of their rows.
// eventByEntry reads event id and its entries by ID (entriesByID).
// eventEntries reads event id and its entries.
func (p Printer) eventEntries(ctx context.Context, id event.EventID) (event.Event, []event.Entry, error) {
	e, err := p.D.Events.Event(ctx, id)
	if err != nil {
		return e, nil, err
	}
	entries, err := p.D.Registration.Entries(ctx, id)
	return e, entries, err
}

// writeMeeting writes the player meeting's seating, before round 1: every
// player still in by name, table after table (director.MeetingSeats).
func (p Printer) writeMeeting(e event.Event, byID map[event.EntryID]event.Entry, s reports.Seatings, paper string, w io.Writer) (string, error) {
	entries := make([]event.Entry, 0, len(byID))
	for _, en := range byID {
		entries = append(entries, en)
	}
	slices.SortFunc(entries, func(a, b event.Entry) int { return int(a.ID - b.ID) })
	seats := director.MeetingSeats(e, entries)
	if len(seats) == 0 {
		return "", event.Statef("%s has no players to seat yet", e.Name)
	}
	s.Title = i18n.T(p.docLang, "Player meeting: seats by name")
	for _, m := range seats {
		if m.Seat == 1 {
			s.Pods = append(s.Pods, reports.SeatingPod{Number: m.Table})
		}
		pod := &s.Pods[len(s.Pods)-1]
		pod.Seats = append(pod.Seats, m.Name)
	}
	if err := reports.WriteSeatings(w, s, reports.Options{Paper: paper, Lang: p.docLang}); err != nil {
		return "", err
	}
	return i18n.N(p.Lang, "player meeting of %s, %d players", len(seats), e.Name, len(seats)), nil
}

func (p Printer) eventByEntry(ctx context.Context, id event.EventID) (event.Event, map[event.EntryID]event.Entry, error) {
	e, err := p.D.Events.Event(ctx, id)
	if err != nil {
		return e, nil, err
	}
	byID, err := p.entriesByID(ctx, id)
	return e, byID, err
}

func (p Printer) entriesByID(ctx context.Context, id event.EventID) (map[event.EntryID]event.Entry, error) {
	entries, err := p.D.Registration.Entries(ctx, id)
	if err != nil {
		return nil, err
	}
	out := make(map[event.EntryID]event.Entry, len(entries))
	for _, en := range entries {
		out[en.ID] = en
	}
	return out, nil
}

// withCodes adds the tables' codes for reporting from a phone to a round's
// pairings, for the reports that are the organizer's or the table's own
// (the match slips, the pairings CSV), never the wall's.
func (p Printer) withCodes(ctx context.Context, id event.EventID, pr reports.Pairings) (reports.Pairings, error) {
	codes, err := p.D.Network.TableCodes(ctx, id, pr.Round)
	if err != nil {
		return pr, err
	}
	for i, t := range pr.Tables {
		if !t.Bye {
			pr.Tables[i].Code = codes[t.Number]
		}
	}
	return pr, nil
}

// game names an event's game and format in the report's language.
func (p Printer) game(e event.Event) string {
	return rules.DescribeText(e.Game, e.Format).In(p.docLang)
}

// pairingsReport is PairingsReport with the game said in the report's
// language.
func (p Printer) pairingsReport(sh director.Sheet) reports.Pairings {
	pr := PairingsReport(sh)
	pr.Game = p.game(sh.Event)
	return pr
}

// PairingsReport turns a round sheet into the pairings report's model,
// its game named in English (Printer.Write says it in the report's
// language).
func PairingsReport(sh director.Sheet) reports.Pairings {
	p := reports.Pairings{
		EventName:   sh.Event.Name,
		Game:        rules.Describe(sh.Event.Game, sh.Event.Format),
		Round:       sh.Round.Number,
		Unpublished: !sh.Round.Published(),
		Date:        sh.Event.Date,
	}
	for _, t := range sh.Tables {
		pt := reports.PairingsTable{Number: t.Number, Bye: t.Bye}
		for i, pl := range t.Players {
			name := pl.Name
			if len(t.Teams) > 0 {
				// A team table seats its teams alternately (A1, B1, A2,
				// B2): each player is named with their team.
				name += " (" + t.Teams[i%len(t.Teams)].Name + ")"
			}
			pt.Seats = append(pt.Seats, reports.PairingsSeat{Name: name, Points: pl.Points})
		}
		p.Tables = append(p.Tables, pt)
	}
	return p
}
