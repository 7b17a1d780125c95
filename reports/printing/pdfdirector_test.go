package printing

import (
	"context"
	"math/rand/v2"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"tablekeeper/core/director"
	"tablekeeper/core/store"
	"tablekeeper/internal/testdb"
)

// pdfDirector opens a director on a new database in t's folder, at a
// fixed time and seed, for a test that reads the PDFs it prints with
// pdftotext (poppler-utils, which make test installs). The database is
// closed when t ends.
func pdfDirector(t *testing.T) (context.Context, *director.Director) {
	t.Helper()
	if _, err := exec.LookPath("pdftotext"); err != nil {
		t.Fatal("pdftotext (poppler-utils) is needed: make test installs it")
	}
	db, err := store.Open(testdb.Fresh(t, filepath.Join(t.TempDir(), "t.db")))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return context.Background(), director.New(db, func() time.Time { return time.Date(2026, 5, 1, 18, 0, 0, 0, time.UTC) }, rand.New(rand.NewPCG(1, 2)))
}
