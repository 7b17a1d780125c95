package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"time"

	"tablekeeper/core/event"
	"tablekeeper/core/tdf"
	"tablekeeper/core/transfer"
	"tablekeeper/reports"
)

// tdfReport is the export --report key of a Pokémon TOM file (.tdf), the
// format community pairing viewers read.
const tdfReport = "tdf"

// exportTDF writes event id as a TOM file at path, its times in the
// computer's time zone as TOM writes them. Like the event file, it is
// written whole or not at all, readable by the user only (it names the
// players and their member numbers).
func exportTDF(ctx context.Context, p printer, id event.EventID, path string, stdout io.Writer) error {
	doc, err := p.d.ExportEvent(ctx, id)
	if err != nil {
		return err
	}
	f, err := tdf.FromDocument(doc, time.Local)
	if err != nil {
		return fmt.Errorf("%s cannot be written as a TOM file: %s", doc.Event.Name, event.Message(err))
	}
	if err := reports.WritePrivateFile(path, func(w io.Writer) error { return tdf.Write(w, f) }, p.db); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "wrote %s: %s, %d players, %d rounds (TOM file)\n", path, doc.Event.Name, len(doc.Entries), len(doc.Rounds))
	return nil
}

// importTDF reads a TOM file and saves it as new generic Swiss events of
// the database at dbPath: one per age-division pod, or one for all (pods).
// The whole file is checked and converted before anything is saved, and
// every pod's event is saved in one transaction: all or none.
func importTDF(ctx context.Context, dbPath, file, pods string, stdout io.Writer) error {
	in, err := os.Open(file)
	if err != nil {
		return fmt.Errorf("cannot read %s: %w", file, err)
	}
	defer in.Close()
	f, err := tdf.Parse(in)
	if err != nil {
		return fmt.Errorf("%s: %s", file, event.Message(err))
	}
	ims, err := tdf.ToDocuments(f, tdf.ImportOptions{Pods: tdf.PodMode(pods), Location: time.Local, Now: time.Now()})
	if err != nil {
		return fmt.Errorf("%s was not imported: %s", file, event.Message(err))
	}
	docs := make([]transfer.Document, len(ims))
	notes := make([][]string, len(ims))
	for i, im := range ims {
		docs[i], notes[i] = im.Document, im.Notes
	}
	return importDocuments(ctx, dbPath, file, docs, notes, stdout)
}
