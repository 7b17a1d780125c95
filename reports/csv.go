package reports

import (
	"encoding/csv"
	"fmt"
	"io"
	"strconv"
	"strings"

	"tablekeeper/core/i18n"
)

// The CSV files are for spreadsheets and other programs: UTF-8 with a byte
// order mark, so that Excel reads "Zoë" as "Zoë" rather than "ZoÃ«"
// (LibreOffice, Google Sheets and Python's "utf-8-sig" skip the mark), and
// a header row. A text cell that a spreadsheet would run as a formula
// (starting with =, +, -, @, a tab or a carriage return) gets a leading
// apostrophe, which spreadsheets hide and ReadPlayersCSV removes: a player
// who registers as "=HYPERLINK(…)" cannot plant a live formula in the
// organizer's spreadsheet. Numbers are written as they are.

// utf8BOM opens every CSV file the package writes.
const utf8BOM = "\uFEFF"

// PlayerRow is a player as the players file holds them: what
// WritePlayersCSV exports and ReadPlayersCSV imports.
type PlayerRow struct {
	Name         string
	MemberNumber string
	Email        string
	// Status is the player's state in the event, such as "registered",
	// "checked in" or "dropped", as the caller words it. ReadPlayersCSV
	// leaves it empty.
	Status string
}

// ResultRow is one table's result for the results file.
type ResultRow struct {
	Round int
	// Table is the table number; 0 for a bye.
	Table int
	// Names are the players at the table in seat order.
	Names []string
	// Result is the result as the event words it: "Ann Lee 2–1",
	// "Draw", "1st Bo Chan, 2nd Ann Lee, …", "Bye".
	Result string
}

// csvWriter writes records with the package's conventions and keeps the
// first error.
type csvWriter struct {
	w   *csv.Writer
	err error
}

// newCSVWriter writes the byte order mark and header to w.
func newCSVWriter(w io.Writer, header ...string) *csvWriter {
	cw := &csvWriter{w: csv.NewWriter(w)}
	_, cw.err = io.WriteString(w, utf8BOM)
	cw.record(header...)
	return cw
}

// record writes one record of cells that are already safe.
func (cw *csvWriter) record(cells ...string) {
	if cw.err == nil {
		cw.err = cw.w.Write(cells)
	}
}

// finish flushes the records and returns the first error, wrapped with
// what was being written.
func (cw *csvWriter) finish(what string) error {
	if cw.err == nil {
		cw.w.Flush()
		cw.err = cw.w.Error()
	}
	if cw.err != nil {
		return fmt.Errorf("reports: %s CSV: %w", what, cw.err)
	}
	return nil
}

// safeText returns s ready for a text cell: an apostrophe before a
// leading character that would start a spreadsheet formula.
func safeText(s string) string {
	if s != "" && strings.ContainsRune("=+-@\t\r", rune(s[0])) && !plainNumber(s) {
		return "'" + s
	}
	return s
}

// plainNumber reports whether s is a signed number a spreadsheet reads as
// a number and never as a formula: "-3", "+1.5", "-12,5%".
func plainNumber(s string) bool {
	if s == "" || s[0] != '-' && s[0] != '+' {
		return false
	}
	s = strings.TrimSuffix(s[1:], "%")
	if s == "" {
		return false
	}
	for _, r := range s {
		if (r < '0' || r > '9') && r != '.' && r != ',' {
			return false
		}
	}
	return true
}

// unsafeText undoes safeText.
func unsafeText(s string) string {
	if len(s) > 1 && s[0] == '\'' && strings.ContainsRune("=+-@\t\r", rune(s[1])) {
		return s[1:]
	}
	return s
}

// WritePlayersCSV writes the players file: name, member number, email and
// status, a row a player in the order given. The headings are said in
// opt.Lang (ReadPlayersCSV reads them back in either language).
func WritePlayersCSV(w io.Writer, players []PlayerRow, opt Options) error {
	l := opt.Lang
	cw := newCSVWriter(w, i18n.T(l, "name"), i18n.T(l, "member number"), i18n.T(l, "email"), i18n.T(l, "status"))
	for _, p := range players {
		cw.record(safeText(p.Name), safeText(p.MemberNumber), safeText(p.Email), safeText(p.Status))
	}
	return cw.finish("players")
}

// WritePairingsCSV writes a round's pairings: round, table, seat, name,
// member number, points before the round and the table's code for
// reporting from a phone (empty without one), a row a seat. A bye has
// "BYE" for its table and seat 1. The headings and "BYE" are said in
// opt.Lang.
func WritePairingsCSV(w io.Writer, p Pairings, opt Options) error {
	l := opt.Lang
	cw := newCSVWriter(w, i18n.T(l, "round"), i18n.T(l, "table"), i18n.T(l, "seat"), i18n.T(l, "name"), i18n.T(l, "member number"),
		i18n.T(l, "points"), i18n.T(l, "code"))
	round := strconv.Itoa(p.Round)
	for _, t := range p.Tables {
		table := strconv.Itoa(t.Number)
		if t.Bye {
			table = i18n.T(l, "BYE")
		}
		for i, s := range t.Seats {
			cw.record(round, table, strconv.Itoa(i+1), safeText(s.Name), safeText(s.MemberNumber), strconv.Itoa(s.Points), safeText(t.Code))
		}
	}
	return cw.finish("pairings")
}

// resultNamesJoin separates the players' names in the results file.
const resultNamesJoin = " vs "

// WriteResultsCSV writes results: round, table (empty for a bye), the
// players' names joined with " vs ", and the result, a row a table; the
// headings are said in opt.Lang.
func WriteResultsCSV(w io.Writer, results []ResultRow, opt Options) error {
	l := opt.Lang
	cw := newCSVWriter(w, i18n.T(l, "round"), i18n.T(l, "table"), i18n.T(l, "players"), i18n.T(l, "result"))
	for _, r := range results {
		table := ""
		if r.Table > 0 {
			table = strconv.Itoa(r.Table)
		}
		cw.record(strconv.Itoa(r.Round), table, safeText(strings.Join(r.Names, resultNamesJoin)), safeText(r.Result))
	}
	return cw.finish("results")
}

// WriteStandingsCSV writes standings: rank, name, team (when any player has
// one), points, the record as wins, losses and draws, a column for each
// tiebreaker under its heading, "drawn" under "tie order" for a player
// whose place among those equal on everything came from the tie draw
// (what the standings PDF marks with standings.DrawMark), and "dropped"
// for a player who left. The
// record takes three numeric columns rather than one "3-1-0" cell, which
// spreadsheets read as a date. The headings and "dropped" are said in
// opt.Lang.
func WriteStandingsCSV(w io.Writer, s Standings, opt Options) error {
	l := opt.Lang
	if err := s.validate(); err != nil {
		return fmt.Errorf("reports: standings CSV: %w", err)
	}
	hasTeam := false
	for _, r := range s.Rows {
		hasTeam = hasTeam || r.Team != ""
	}
	header := []string{i18n.T(l, "rank"), i18n.T(l, "name")}
	if hasTeam {
		header = append(header, i18n.T(l, "team"))
	}
	header = append(header, i18n.T(l, "points"), i18n.T(l, "wins"), i18n.T(l, "losses"), i18n.T(l, "draws"))
	for _, h := range s.Tiebreakers {
		header = append(header, safeText(h))
	}
	header = append(header, i18n.T(l, "tie order"), i18n.T(l, "dropped"))
	cw := newCSVWriter(w, header...)
	for _, r := range s.Rows {
		rank := ""
		if r.Rank > 0 {
			rank = strconv.Itoa(r.Rank)
		}
		rec := []string{rank, safeText(r.Name)}
		if hasTeam {
			rec = append(rec, safeText(r.Team))
		}
		rec = append(rec, strconv.Itoa(r.Points), strconv.Itoa(r.Wins), strconv.Itoa(r.Losses), strconv.Itoa(r.Draws))
		for _, v := range r.Tiebreakers {
			rec = append(rec, safeText(v))
		}
		drawn, dropped := "", ""
		if r.Drawn {
			drawn = i18n.T(l, "drawn")
		}
		if r.Dropped {
			dropped = i18n.T(l, "dropped")
		}
		cw.record(append(rec, drawn, dropped)...)
	}
	return cw.finish("standings")
}
