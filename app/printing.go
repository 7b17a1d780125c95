package main

import (
	"context"
	"fmt"
	"io"
	"strings"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/core/rules"
	"tablekeeper/core/store"
	"tablekeeper/reports"
	"tablekeeper/ui"
)

// printer builds the reports of an event from the director: the export
// command and the window's Print menu use the same builders. Reports take
// plain data; this is where the director's answers become that data.
type printer struct {
	d *director.Director
	// db is the open database's file: no report is ever written over it.
	db string
	// st is the open database, for backups.
	st *store.DB
}

// Backup writes a consistent copy of the open database to path.
func (p printer) Backup(ctx context.Context, path string) error {
	if p.st == nil {
		return event.Statef("there is no open database to back up")
	}
	return p.st.Backup(ctx, path)
}

// WriteFile writes the report with the given key to path, whole or not at
// all, and never over a database (reports.WriteFile).
func (p printer) WriteFile(ctx context.Context, key string, id event.EventID, round int, paper, path string) (string, error) {
	var summary string
	err := reports.WriteFile(path, func(w io.Writer) (err error) {
		summary, err = p.Write(ctx, key, id, round, paper, w)
		return err
	}, p.db)
	return summary, err
}

// reportKind is one report the printer writes.
type reportKind struct {
	ui.Report
	write func(ctx context.Context, p printer, id event.EventID, round int, paper string, w io.Writer) (string, error)
}

// reportKinds lists the reports, in the order the Print menu shows them.
func reportKinds() []reportKind {
	out := []reportKind{
		{ui.Report{Key: "pairings", Name: "Pairings by table", Ext: "pdf", Round: true}, writePairings},
		{ui.Report{Key: "pairings-by-name", Name: "Pairings by name (for the wall)", Ext: "pdf", Round: true}, writePairingsByName},
		{ui.Report{Key: "slips", Name: "Match slips", Ext: "pdf", Round: true}, writeSlips},
		{ui.Report{Key: "standings", Name: "Standings", Ext: "pdf"}, writeStandings},
		{ui.Report{Key: "players-csv", Name: "Players (CSV)", Ext: "csv"}, writePlayersCSV},
		{ui.Report{Key: "pairings-csv", Name: "Pairings (CSV)", Ext: "csv", Round: true}, writePairingsCSV},
		{ui.Report{Key: "results-csv", Name: "Results (CSV)", Ext: "csv"}, writeResultsCSV},
		{ui.Report{Key: "standings-csv", Name: "Standings (CSV)", Ext: "csv"}, writeStandingsCSV},
	}
	return append(out, moreReportKinds()...)
}

// reportKeys lists the report keys, for usage messages.
func reportKeys() []string {
	var out []string
	for _, k := range reportKinds() {
		out = append(out, k.Key)
	}
	return out
}

// Reports lists the reports for the Print menu.
func (p printer) Reports() []ui.Report {
	var out []ui.Report
	for _, k := range reportKinds() {
		out = append(out, k.Report)
	}
	return out
}

// Write writes the report with the given key of an event (round 0: the
// latest) and returns a one-line summary of what it wrote.
func (p printer) Write(ctx context.Context, key string, id event.EventID, round int, paper string, w io.Writer) (string, error) {
	for _, k := range reportKinds() {
		if k.Key == key {
			if k.Round && round == 0 {
				n, err := p.latestRound(ctx, id)
				if err != nil {
					return "", err
				}
				round = n
			}
			return k.write(ctx, p, id, round, paper, w)
		}
	}
	return "", event.Invalidf("there is no report %q; choose one of %s", key, strings.Join(reportKeys(), ", "))
}

// latestRound is the number of an event's latest round.
func (p printer) latestRound(ctx context.Context, id event.EventID) (int, error) {
	e, err := p.d.Event(ctx, id)
	if err != nil {
		return 0, err
	}
	rounds, err := p.d.Rounds(ctx, id)
	if err != nil {
		return 0, err
	}
	if len(rounds) == 0 {
		return 0, event.Statef("%s has no rounds paired yet", e.Name)
	}
	return len(rounds), nil
}

func writePairings(ctx context.Context, p printer, id event.EventID, round int, paper string, w io.Writer) (string, error) {
	sh, err := p.d.RoundSheet(ctx, id, round)
	if err != nil {
		return "", err
	}
	if err := reports.WritePairings(w, pairingsReport(sh), reports.Options{Paper: paper}); err != nil {
		return "", err
	}
	return fmt.Sprintf("round %d pairings of %s, %d tables", round, sh.Event.Name, len(sh.Tables)), nil
}

func writePairingsByName(ctx context.Context, p printer, id event.EventID, round int, paper string, w io.Writer) (string, error) {
	sh, err := p.d.RoundSheet(ctx, id, round)
	if err != nil {
		return "", err
	}
	by := reports.PairingsByNameFrom(pairingsReport(sh))
	if err := reports.WritePairingsByName(w, by, reports.Options{Paper: paper}); err != nil {
		return "", err
	}
	return fmt.Sprintf("round %d pairings of %s by name, %d players", round, sh.Event.Name, len(by.Players)), nil
}

// slipKind is the slip a game's tables need.
func writeSlips(ctx context.Context, p printer, id event.EventID, round int, paper string, w io.Writer) (string, error) {
	sh, err := p.d.RoundSheet(ctx, id, round)
	if err != nil {
		return "", err
	}
	s := reports.SlipsFrom(pairingsReport(sh), rules.SlipFor(sh.Event))
	s.Games = sh.Round.GamesPerMatch(sh.Event.Settings)
	s.Note = rules.MatchNote(sh.Event, sh.Round)
	for i, t := range sh.Tables {
		if i < len(s.Tables) {
			s.Tables[i].Extension = t.Extension
		}
	}
	if err := reports.WriteSlips(w, s, reports.Options{Paper: paper}); err != nil {
		return "", err
	}
	return fmt.Sprintf("round %d match slips of %s, %d tables", round, sh.Event.Name, len(sh.Tables)), nil
}

// standingsReport turns the director's standings into the report's model.
func standingsReport(ctx context.Context, p printer, id event.EventID) (reports.Standings, error) {
	e, err := p.d.Event(ctx, id)
	if err != nil {
		return reports.Standings{}, err
	}
	table, err := p.d.Standings(ctx, id)
	if err != nil {
		return reports.Standings{}, err
	}
	rounds, err := p.d.Rounds(ctx, id)
	if err != nil {
		return reports.Standings{}, err
	}
	if len(rounds) == 0 {
		return reports.Standings{}, event.Statef("No round has been played yet in %s, so there are no standings. Print the players list (players-csv) or the round 1 seating instead.", e.Name)
	}
	s := reports.Standings{
		EventName: e.Name,
		Game:      rules.Describe(e.Game, e.Format),
		Round:     len(rounds),
		Final:     e.State == event.StateFinished,
		Date:      e.Date,
	}
	keys := e.Settings.Tiebreakers
	for _, k := range keys {
		title, _ := rules.TiebreakerName(k)
		s.Tiebreakers = append(s.Tiebreakers, title)
	}
	for _, st := range table {
		row := reports.StandingsRow{Rank: st.Rank, Name: st.Name, Points: st.Points, Wins: st.Wins, Losses: st.Losses, Draws: st.Draws,
			Dropped: st.Status != event.EntryActive}
		for _, k := range keys {
			row.Tiebreakers = append(row.Tiebreakers, st.TiebreakerText(k))
		}
		s.Rows = append(s.Rows, row)
	}
	return s, nil
}

func writeStandings(ctx context.Context, p printer, id event.EventID, _ int, paper string, w io.Writer) (string, error) {
	s, err := standingsReport(ctx, p, id)
	if err != nil {
		return "", err
	}
	if err := reports.WriteStandings(w, s, reports.Options{Paper: paper}); err != nil {
		return "", err
	}
	return fmt.Sprintf("standings of %s, %d players", s.EventName, len(s.Rows)), nil
}

func writeStandingsCSV(ctx context.Context, p printer, id event.EventID, _ int, _ string, w io.Writer) (string, error) {
	s, err := standingsReport(ctx, p, id)
	if err != nil {
		return "", err
	}
	if err := reports.WriteStandingsCSV(w, s); err != nil {
		return "", err
	}
	return fmt.Sprintf("standings of %s as CSV, %d players", s.EventName, len(s.Rows)), nil
}

func writePlayersCSV(ctx context.Context, p printer, id event.EventID, _ int, _ string, w io.Writer) (string, error) {
	entries, err := p.d.Entries(ctx, id)
	if err != nil {
		return "", err
	}
	var rows []reports.PlayerRow
	for _, en := range entries {
		rows = append(rows, reports.PlayerRow{Name: en.Name, MemberNumber: en.MemberNo, Status: string(en.Status)})
	}
	if err := reports.WritePlayersCSV(w, rows); err != nil {
		return "", err
	}
	return fmt.Sprintf("%d players as CSV", len(rows)), nil
}

func writePairingsCSV(ctx context.Context, p printer, id event.EventID, round int, _ string, w io.Writer) (string, error) {
	sh, err := p.d.RoundSheet(ctx, id, round)
	if err != nil {
		return "", err
	}
	if err := reports.WritePairingsCSV(w, pairingsReport(sh)); err != nil {
		return "", err
	}
	return fmt.Sprintf("round %d pairings as CSV, %d tables", round, len(sh.Tables)), nil
}

func writeResultsCSV(ctx context.Context, p printer, id event.EventID, _ int, _ string, w io.Writer) (string, error) {
	rounds, err := p.d.Rounds(ctx, id)
	if err != nil {
		return "", err
	}
	var rows []reports.ResultRow
	for _, r := range rounds {
		sh, err := p.d.RoundSheet(ctx, id, r.Number)
		if err != nil {
			return "", err
		}
		for _, t := range sh.Tables {
			row := reports.ResultRow{Round: r.Number, Table: t.Number}
			for _, pl := range t.Players {
				row.Names = append(row.Names, pl.Name)
			}
			row.Result = resultText(sh.Event.Settings, t)
			rows = append(rows, row)
		}
	}
	if err := reports.WriteResultsCSV(w, rows); err != nil {
		return "", err
	}
	return fmt.Sprintf("%d results as CSV", len(rows)), nil
}

// resultText writes a table's result in a line: "2-1", "2-1-1" with a
// drawn game, "bye", a multiplayer table's points and places, or "" when
// it has none yet.
func resultText(s event.Settings, t director.SheetTable) string {
	switch {
	case t.Bye:
		return "bye"
	case t.Result == nil:
		return ""
	}
	r := *t.Result
	var parts []string
	if len(r.Seats) == 2 && s.TableSize <= 2 {
		text := fmt.Sprintf("%d-%d", r.Seats[0].GamesWon, r.Seats[1].GamesWon)
		if r.GamesDrawn > 0 {
			text += fmt.Sprintf("-%d", r.GamesDrawn)
		}
		parts = append(parts, text)
	} else {
		for i, st := range r.Seats {
			seat := fmt.Sprintf("seat %d: %d", i+1, st.Points)
			if st.Place == 1 {
				seat += " (won)"
				if r.TimeOut {
					seat = fmt.Sprintf("seat %d: %d (lead)", i+1, st.Points)
				}
			}
			parts = append(parts, seat)
		}
	}
	if r.TimeOut {
		parts = append(parts, "time-out")
	}
	return strings.Join(parts, "; ")
}

// ImportPlayers registers the players of a CSV in an event, all in one
// transaction (director.ImportPlayers): each row joins the directory's
// player with its member number, or with its name and e-mail, or is a new
// player; players already registered are left as they are, so importing
// the same file twice changes nothing.
func (p printer) ImportPlayers(ctx context.Context, id event.EventID, r io.Reader) (added int, problems []string, err error) {
	rep, problems, err := p.importPlayers(ctx, id, r)
	if err != nil {
		return 0, problems, err
	}
	if n := len(rep.Already); n > 0 {
		problems = append(problems, fmt.Sprintf("%d player(s) already registered, left as they were: %s", n, nameList(rep.Already, 10)))
	}
	return rep.Registered, problems, nil
}

// importPlayers reads a players CSV and imports its rows; problems holds
// the rows the file reader and the director could not take.
func (p printer) importPlayers(ctx context.Context, id event.EventID, r io.Reader) (director.ImportReport, []string, error) {
	if _, err := p.d.Event(ctx, id); err != nil {
		return director.ImportReport{}, nil, err
	}
	rows, bad := reports.ReadPlayersCSV(r)
	var problems []string
	for _, b := range bad {
		problems = append(problems, b.Error())
	}
	players := make([]director.NewPlayer, len(rows))
	for i, row := range rows {
		players[i] = director.NewPlayer{Name: row.Name, MemberNo: row.MemberNumber, Email: row.Email}
	}
	rep, err := p.d.ImportPlayers(ctx, id, players)
	if err != nil {
		return director.ImportReport{}, problems, err
	}
	return rep, append(problems, rep.Problems...), nil
}

// nameList joins up to limit names, saying how many more there are.
func nameList(names []string, limit int) string {
	if len(names) <= limit {
		return strings.Join(names, ", ")
	}
	return fmt.Sprintf("%s and %d more", strings.Join(names[:limit], ", "), len(names)-limit)
}
