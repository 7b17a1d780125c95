package tdf_test

import (
	"testing"
	"time"

	"tablekeeper/core/director"
	"tablekeeper/internal/testdb"
)

// newDirector builds a director on a new database, its clock stepping a
// second a call: the fixture of the import and export tests.
func newDirector(t *testing.T) *director.Director {
	t.Helper()
	return testdb.Director(testdb.Open(t), testdb.Stepping(time.Date(2026, 5, 9, 20, 0, 0, 0, time.UTC)), 3, 4)
}
