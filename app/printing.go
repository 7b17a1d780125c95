package main

import (
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/core/store"
	"tablekeeper/reports"
	"tablekeeper/reports/printing"
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
	// network is the store network's address while the window's switch
	// has it on (nil or "" while off): the slips and the pairings sheet
	// print it and its QR code.
	network *networkAddress
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

// Reports lists the reports for the Print menu.
func (p printer) Reports() []ui.Report {
	var out []ui.Report
	for _, k := range printing.Kinds() {
		out = append(out, ui.Report{Key: k.Key, Name: k.Name, Ext: k.Ext, Round: k.Round})
	}
	return out
}

// Write writes the report with the given key of an event (round 0: the
// latest) and returns a one-line summary of what it wrote.
func (p printer) Write(ctx context.Context, key string, id event.EventID, round int, paper string, w io.Writer) (string, error) {
	return p.reports(id).Write(ctx, key, id, round, paper, w)
}

// reports is the report builder for event id: with the store network's
// address and the QR code of the event's page while the network is on.
func (p printer) reports(id event.EventID) printing.Printer {
	out := printing.Printer{D: p.d}
	if base := p.network.get(); base != "" {
		out.Address = base
		out.QR = strings.TrimSuffix(base, "/") + "/events/" + strconv.FormatInt(int64(id), 10)
	}
	return out
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
