// Package testdb gives tests a new, empty Tablekeeper database without
// creating one each time: store.Open runs every migration, each in its
// own transaction with its fsyncs (about half a second on a busy disk),
// while a test that only needs an empty database can have a copy of one
// migrated once per test binary. It also opens that copy (Open), puts a
// director on it (Director) and gives the clocks tests inject (Clock,
// Stepping), the fixture every package's tests share. It is imported by
// tests only.
package testdb

import (
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"tablekeeper/core/store"
)

// template is the migrated empty database, made by the first Fresh: its
// main file and, if SQLite left one, its write-ahead log.
var template struct {
	once sync.Once
	main []byte
	wal  []byte
	err  error
}

// build migrates an empty database in a folder of its own, closes it
// and keeps its files' bytes; the folder is removed.
func build() {
	dir, err := os.MkdirTemp("", "tablekeeper-testdb-")
	if err != nil {
		template.err = err
		return
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "template.db")
	db, err := store.Open(path)
	if err != nil {
		template.err = err
		return
	}
	if err := db.Close(); err != nil {
		template.err = err
		return
	}
	if template.main, err = os.ReadFile(path); err != nil { // #nosec G304 -- the template database this package just made in its temporary folder
		template.err = err
		return
	}
	wal, err := os.ReadFile(path + "-wal") // #nosec G304 -- the template database's log, next to it in the temporary folder
	switch {
	case err == nil:
		template.wal = wal
	case !os.IsNotExist(err):
		template.err = err
	}
}

// Fresh writes at path (its folder must exist, a t.TempDir() for
// instance) a new, empty database of the current schema, as store.Open
// would create there, and returns path for store.Open.
func Fresh(t testing.TB, path string) string {
	t.Helper()
	template.once.Do(build)
	if template.err != nil {
		t.Fatalf("testdb: the template database: %v", template.err)
	}
	if err := write(path, template.main, template.wal); err != nil {
		t.Fatalf("testdb: %v", err)
	}
	return path
}

// write writes a database's files, readable by their user only as
// store.Open makes them.
func write(path string, main, wal []byte) error {
	if _, err := os.Stat(path); err == nil {
		return fmt.Errorf("%s already exists", path)
	}
	if err := os.WriteFile(path, main, 0o600); err != nil {
		return err
	}
	if wal != nil {
		return os.WriteFile(path+"-wal", wal, 0o600)
	}
	return nil
}
