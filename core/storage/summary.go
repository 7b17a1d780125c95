package storage

// Summary is what a database check found (core/store's Check): how much
// the database holds and whether SQLite finds it sound. It lives here,
// beside the interfaces the store implements, so that what shows it (the
// check command's text) needs no SQLite.
type Summary struct {
	// Path is the database file.
	Path string
	// SchemaVersion is the database's user_version: the last migration
	// applied.
	SchemaVersion int

	// How many of each the database holds (Results: tables with a
	// result recorded).
	Players         int
	Events          int
	Entries         int
	Rounds          int
	Tables          int
	Results         int
	JudgeLogEntries int

	// Problems lists what integrity_check and foreign_key_check reported,
	// one line each; empty when the database is sound.
	Problems []string
}

// OK reports whether the check found no problem.
func (s Summary) OK() bool { return len(s.Problems) == 0 }
