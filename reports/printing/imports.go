package printing

import (
	"context"
	"fmt"
	"io"
	"os"
	"strings"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/core/tdf"
	"tablekeeper/core/transfer"
	"tablekeeper/reports"

	"tablekeeper/core/i18n"
)

// ReadEventFile reads the file at path as key says, an event file
// (EventFileKey) or a TOM file (TOMFileKey, its age-division pods and
// times as opt says), into the events it holds, each with what the import
// leaves out (a TOM file's Notes). The whole file is read and checked
// before anything is saved anywhere: a file that is not what it should be
// is refused with a sentence naming it.
func ReadEventFile(key, path string, opt tdf.ImportOptions) ([]tdf.Imported, error) {
	if key != EventFileKey && key != TOMFileKey {
		return nil, event.Invalidf("%q is not an event file's kind; choose %s or %s", key, EventFileKey, TOMFileKey)
	}
	in, err := os.Open(path) // #nosec G304 -- the file the organizer chose to import
	if err != nil {
		return nil, fmt.Errorf("cannot read %s: %w", path, err)
	}
	defer in.Close()
	if key == EventFileKey {
		doc, err := transfer.Decode(in)
		if err != nil {
			return nil, fmt.Errorf("%s: %s", path, event.Message(err))
		}
		return []tdf.Imported{{Document: doc}}, nil
	}
	f, err := tdf.Parse(in)
	if err != nil {
		return nil, fmt.Errorf("%s: %s", path, event.Message(err))
	}
	ims, err := tdf.ToDocuments(f, opt)
	if err != nil {
		return nil, fmt.Errorf("%s was not imported: %s", path, event.Message(err))
	}
	return ims, nil
}

// ImportEvents saves the events read from file (ReadEventFile) as new
// events, all in one transaction: every event or none. It writes a line
// per event to w, with its notes.
func (p Printer) ImportEvents(ctx context.Context, file string, ims []tdf.Imported, w io.Writer) error {
	docs := make([]transfer.Document, len(ims))
	for i, im := range ims {
		docs[i] = im.Document
	}
	events, err := p.D.Transfer.ImportEvents(ctx, docs...)
	if err != nil {
		return fmt.Errorf("%s was not imported (nothing was saved): %s", file, event.Message(err))
	}
	for i, e := range events {
		fmt.Fprintf(w, "imported %s as event %d: %s, %d players, %d rounds\n", file, e.ID, e.Name, len(docs[i].Entries), len(docs[i].Rounds))
		for _, n := range ims[i].Notes {
			fmt.Fprintf(w, "  note: %s\n", n)
		}
	}
	return nil
}

// ImportPlayersFrom registers the players of the CSV read from r (the
// file named name) in event id, as ImportPlayers does, and writes what it
// did to w: how many it registered, who was already registered, and each
// row it could not take with how to fix it. It fails when it took none.
func (p Printer) ImportPlayersFrom(ctx context.Context, id event.EventID, r io.Reader, name string, w io.Writer) error {
	rep, problems, err := p.ReadPlayers(ctx, id, r)
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "registered %d player(s) from %s (%d new to the directory)\n", rep.Registered, name, rep.NewPlayers)
	if n := len(rep.Already); n > 0 {
		fmt.Fprintf(w, "already registered: %d player(s), left as they were (%s)\n", n, NameList(i18n.English, rep.Already, 10))
	}
	for _, pr := range problems {
		fmt.Fprintf(w, "  not taken: %s\n", pr)
	}
	if rep.Registered == 0 && len(rep.Already) == 0 && len(problems) > 0 {
		return fmt.Errorf("no player could be registered from %s (%d problem(s) above)", name, len(problems))
	}
	return nil
}

// ImportPlayers registers the players of a CSV in an event, all in one
// transaction (director.ImportPlayers), for the Registration tab: each row
// joins the directory's player with its member number, or with its name
// and e-mail, or is a new player; players already registered are left as
// they are, so importing the same file twice changes nothing. problems
// says which rows it could not take, and who was already registered.
func (p Printer) ImportPlayers(ctx context.Context, id event.EventID, r io.Reader) (added int, problems []string, err error) {
	rep, problems, err := p.ReadPlayers(ctx, id, r)
	if err != nil {
		return 0, problems, err
	}
	if n := len(rep.Already); n > 0 {
		problems = append(problems, i18n.N(p.Lang, "%d players already registered, left as they were: %s", n, n, NameList(p.Lang, rep.Already, 10)))
	}
	return rep.Registered, problems, nil
}

// ReadPlayers reads a players CSV and imports its rows into event id (see
// ImportPlayers); problems holds the rows the file reader and the director
// could not take.
func (p Printer) ReadPlayers(ctx context.Context, id event.EventID, r io.Reader) (director.ImportReport, []string, error) {
	if _, err := p.D.Events.Event(ctx, id); err != nil {
		return director.ImportReport{}, nil, err
	}
	rows, bad := reports.ReadPlayersCSV(r)
	var problems []string
	for _, b := range bad {
		problems = append(problems, b.In(p.Lang))
	}
	players := make([]director.NewPlayer, len(rows))
	for i, row := range rows {
		players[i] = director.NewPlayer{Name: row.Name, MemberNo: row.MemberNumber, Email: row.Email}
	}
	rep, err := p.D.Transfer.ImportPlayers(ctx, id, players)
	if err != nil {
		return director.ImportReport{}, problems, err
	}
	return rep, append(problems, rep.Problems...), nil
}

// NameList joins up to limit names, saying in lang how many more there are.
func NameList(lang i18n.Lang, names []string, limit int) string {
	if len(names) <= limit {
		return strings.Join(names, ", ")
	}
	return i18n.T(lang, "%s and %d more", strings.Join(names[:limit], ", "), len(names)-limit)
}
