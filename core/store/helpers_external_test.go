package store_test

import (
	"database/sql"
	"path/filepath"
	"testing"

	"tablekeeper/core/store"
)

// must fails the test at the caller's line when err is not nil.
func must(t testing.TB, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// rewound is the path of a new database taken back to an older schema by
// the statements given, run on the closed file as they are.
func rewound(t *testing.T, stmts ...string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "t.db")
	db, err := store.Open(path)
	must(t, err)
	must(t, db.Close())
	raw, err := sql.Open("sqlite3", path)
	must(t, err)
	for _, q := range stmts {
		if _, err := raw.Exec(q); err != nil {
			t.Fatal(q, err)
		}
	}
	must(t, raw.Close())
	return path
}
