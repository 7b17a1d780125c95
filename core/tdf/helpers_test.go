package tdf_test

import (
	"context"
	"testing"
	"time"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/core/transfer"
	"tablekeeper/internal/testdb"
)

// newDirector builds a director on a new database, its clock stepping a
// second a call: the fixture of the import and export tests.
func newDirector(t *testing.T) *director.Director {
	t.Helper()
	return testdb.Director(testdb.Open(t), testdb.Stepping(time.Date(2026, 5, 9, 20, 0, 0, 0, time.UTC)), 3, 4)
}

// exportDoc is event id exported as an event file's document, failing the
// test when the export is refused.
func exportDoc(t *testing.T, d *director.Director, id event.EventID) transfer.Document {
	t.Helper()
	doc, err := d.Transfer.ExportEvent(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	return doc
}
