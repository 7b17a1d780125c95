package event

import (
	"time"

	"tablekeeper/core/i18n"
)

// DirectoryLogEntry is one line of the player directory's log: a rename
// or a merge of a directory player, so that a changed name can be traced.
type DirectoryLogEntry struct {
	ID int64
	At time.Time
	// Player is the directory player the line is about (for a merge, the
	// player kept).
	Player PlayerID
	// Message is the line, kept as data to be said in each reader's
	// language.
	Message i18n.Text
}
