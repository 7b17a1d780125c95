package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"

	"tablekeeper/core/event"
	"tablekeeper/core/store"
	"tablekeeper/core/transfer"
	"tablekeeper/reports"
)

// eventJSONReport is the export --report key of the event file: the whole
// event as versioned JSON (core/transfer), which import --event-json
// brings into any database as a new event.
const eventJSONReport = "event-json"

// exportEventJSON writes event id as an event file at path. Like a report,
// the file is written whole or not at all and never replaces a database;
// unlike one it is readable by the user only, as the database is: it holds
// e-mail addresses.
func exportEventJSON(ctx context.Context, p printer, id event.EventID, path string, stdout io.Writer) error {
	doc, err := p.d.ExportEvent(ctx, id)
	if err != nil {
		return err
	}
	if err := reports.WritePrivateFile(path, func(w io.Writer) error { return transfer.Encode(w, doc) }, p.db); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "wrote %s: %s, %d players, %d rounds (event file version %d)\n",
		path, doc.Event.Name, len(doc.Entries), len(doc.Rounds), transfer.Version)
	return nil
}

// importEventJSON reads an event file and saves it as a new event of the
// database at dbPath (created when there is no file there yet, so an event
// can move to a new computer). A bad file is refused with one sentence and
// the database is not touched.
func importEventJSON(ctx context.Context, dbPath, file string, stdout io.Writer) error {
	f, err := os.Open(file)
	if err != nil {
		return fmt.Errorf("cannot read %s: %w", file, err)
	}
	defer f.Close()
	doc, err := transfer.Decode(f)
	if err != nil {
		return fmt.Errorf("%s: %s", file, event.Message(err))
	}
	return importDocuments(ctx, dbPath, file, []transfer.Document{doc}, nil, stdout)
}

// importDocuments saves event documents read from file as new events of
// the database at dbPath (created when there is no file there yet, so an
// event can move to a new computer), all in one transaction: every event
// or none. It prints a line per event, with its notes (notes[i], if any).
func importDocuments(ctx context.Context, dbPath, file string, docs []transfer.Document, notes [][]string, stdout io.Writer) error {
	var st *store.DB
	var err error
	if _, statErr := os.Stat(dbPath); dbPath != "" && errors.Is(statErr, os.ErrNotExist) {
		st, err = store.Open(dbPath)
	} else {
		st, err = openExisting(dbPath)
	}
	if err != nil {
		return err
	}
	defer st.Close()
	events, err := newDirector(st).ImportEvents(ctx, docs...)
	if err != nil {
		return fmt.Errorf("%s was not imported (nothing was saved): %s", file, event.Message(err))
	}
	for i, e := range events {
		fmt.Fprintf(stdout, "imported %s as event %d: %s, %d players, %d rounds\n", file, e.ID, e.Name, len(docs[i].Entries), len(docs[i].Rounds))
		if i < len(notes) {
			for _, n := range notes[i] {
				fmt.Fprintf(stdout, "  note: %s\n", n)
			}
		}
	}
	return nil
}
