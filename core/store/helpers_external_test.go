package store_test

import (
	"database/sql"
	"os"
	"path/filepath"
	"strings"
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

// copyFixture copies the database testdata/name to a temporary folder,
// as as, and returns its path there.
func copyFixture(t *testing.T, name, as string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", name))
	must(t, err)
	path := filepath.Join(t.TempDir(), as)
	must(t, os.WriteFile(path, data, 0o600))
	return path
}

// tableOf is the statement of migration file (in migrations/) that
// creates table, as it stands there: what a test taken back to an older
// schema creates again.
func tableOf(t *testing.T, file, table string) string {
	t.Helper()
	sql, err := os.ReadFile(filepath.Join("migrations", file))
	must(t, err)
	head := "CREATE TABLE " + table + " ("
	_, body, ok := strings.Cut(string(sql), head)
	body, _, closed := strings.Cut(body, "\n);")
	if !ok || !closed {
		t.Fatalf("migration %s creates no table %s", file, table)
	}
	return head + body + "\n)"
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
