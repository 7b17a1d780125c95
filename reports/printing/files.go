package printing

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"tablekeeper/core/event"
	"tablekeeper/core/tdf"
	"tablekeeper/core/transfer"
	"tablekeeper/reports"
)

// The export keys of the two files that carry a whole event rather than a
// report: the event file (versioned JSON, core/transfer), which import
// --event-json brings into any database as a new event, and a Pokémon TOM
// file (.tdf, core/tdf), the format community pairing viewers read.
const (
	EventFileKey = "event-json"
	TOMFileKey   = "tdf"
)

// ExportKeys lists what WriteFile writes: the reports (Keys), then the
// event file and the TOM file.
func ExportKeys() []string { return append(Keys(), EventFileKey, TOMFileKey) }

// ValidateExport checks what the export command was given, in its words:
// the event's ID (--event), the report's key (--report), the file to
// write (--out), the paper (--paper) and the round (--round, 0: the
// latest).
func ValidateExport(id int64, key, out, paper string, round int) error {
	keys := ExportKeys()
	switch {
	case id <= 0:
		return event.Invalidf("--event is required (an event ID; 'tablekeeper check --db PATH' lists them)")
	case !slices.Contains(keys, key):
		return event.Invalidf("--report must be one of %s or %s, not %q", strings.Join(keys[:len(keys)-1], ", "), keys[len(keys)-1], key)
	case out == "":
		return event.Invalidf("--out is required")
	case paper != "A4" && paper != "Letter":
		return event.Invalidf("--paper must be A4 or Letter")
	case round < 0:
		return event.Invalidf("--round must be a round number")
	}
	return nil
}

// Backuper takes a consistent copy of the open database (core/store's DB).
type Backuper interface {
	Backup(ctx context.Context, path string) error
}

// Backup writes a consistent copy of the open database (Printer.Store) to
// path.
func (p Printer) Backup(ctx context.Context, path string) error {
	if p.Store == nil {
		return event.Statef("there is no open database to back up")
	}
	return p.Store.Backup(ctx, path)
}

// WriteFile writes what key names of event id to path (round 0: the
// latest), whole or not at all and never over a database (the open one,
// Printer.DB, or any other), and returns a one-line summary of what it
// wrote. A report is an ordinary document; the event file, the TOM file
// and the players CSV hold players' e-mails and member numbers, so like
// the database they are readable by the user only.
func (p Printer) WriteFile(ctx context.Context, key string, id event.EventID, round int, paper, path string) (string, error) {
	if key == EventFileKey || key == TOMFileKey {
		return p.writeEventFile(ctx, key, id, path)
	}
	var summary string
	write := reports.WriteFile
	if base, _ := oneSlip(key); privateReports[base] {
		write = reports.WritePrivateFile
	}
	err := write(path, func(w io.Writer) (err error) {
		summary, err = p.Write(ctx, key, id, round, paper, w)
		return err
	}, p.DB)
	return summary, err
}

// privateReports are the reports written for the user's eyes only, like
// the database: the players list holds member numbers and e-mails, the
// player slips the codes that sign phones in, which a shared computer's
// other accounts have no business reading.
var privateReports = map[string]bool{"players-csv": true, PlayerSlipsKey: true}

// writeEventFile writes event id as an event file or, its times in the
// computer's time zone as TOM writes them, a TOM file.
func (p Printer) writeEventFile(ctx context.Context, key string, id event.EventID, path string) (string, error) {
	doc, err := p.D.Transfer.ExportEvent(ctx, id)
	if err != nil {
		return "", err
	}
	write := func(w io.Writer) error { return transfer.Encode(w, doc) }
	what := fmt.Sprintf("event file version %d", transfer.Version)
	if key == TOMFileKey {
		f, err := tdf.FromDocument(doc, time.Local)
		if err != nil {
			return "", fmt.Errorf("%s cannot be written as a TOM file: %s", doc.Event.Name, event.Message(err))
		}
		write = func(w io.Writer) error { return tdf.Write(w, f) }
		what = "TOM file"
	}
	if err := reports.WritePrivateFile(path, write, p.DB); err != nil {
		return "", err
	}
	return fmt.Sprintf("%s, %d players, %d rounds (%s)", doc.Event.Name, len(doc.Entries), len(doc.Rounds), what), nil
}
