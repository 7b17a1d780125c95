package main

import (
	"errors"
	"io/fs"
	"path/filepath"
	"strings"

	"tablekeeper/core/event"
	"tablekeeper/core/store"
	"tablekeeper/ui/startup"
)

// startupTitle heads every window of a bad start.
const startupTitle = "Tablekeeper cannot open its database"

// missingProblem asks before a new database is made where --db names no
// file: a mistyped path must not silently start an empty event list.
func missingProblem(path string) startup.Problem {
	return startup.Problem{
		Title:   "No database at this path",
		Message: "There is no Tablekeeper database at " + path + ".",
		Advice: "If the path is mistyped, quit and start again with the right --db path (your events are still in the file you meant). " +
			"Otherwise Tablekeeper can create a new, empty database here, in " + filepath.Dir(path) + ".",
	}
}

// startupProblem turns a failed open into the window's sentences: what is
// wrong and what to do, for each kind of bad start.
func startupProblem(path string, err error) startup.Problem {
	p := startup.Problem{Title: startupTitle, Message: event.Message(err)}
	backups := "Or open the newest copy in the backups folder beside it (Tablekeeper keeps one for each published round) with --db."
	var pe *fs.PathError
	switch {
	case errors.Is(err, store.ErrLocked):
		p.Advice = "Close the other Tablekeeper first: look for its window on another desktop or minimised, then start again."
	case errors.Is(err, store.ErrTooNew):
		p.Advice = "Install the newer Tablekeeper that wrote this file, or open a backup made before it."
	case strings.Contains(err.Error(), "it is a folder") || strings.Contains(err.Error(), "is a directory") || strings.Contains(err.Error(), "not a directory"):
		p.Advice = "Check the --db path: it must name a database file, not a folder."
	case errors.Is(err, store.ErrNotTablekeeper):
		p.Advice = "Check the --db path: it must name a Tablekeeper database (.db). The file was left as it is. " + backups
	case errors.Is(err, fs.ErrPermission):
		p.Advice = "Your account may not read or write this file or its folder: ask whoever set up this computer, or copy the file into your own folder and open the copy."
	case strings.Contains(strings.ToLower(err.Error()), "malformed") || strings.Contains(strings.ToLower(err.Error()), "corrupt"):
		p.Advice = "The file is damaged. " + backups
	case errors.As(err, &pe):
		p.Advice = "Check the --db path: Tablekeeper could not reach that file (" + pe.Err.Error() + ")."
	default:
		p.Advice = "Check the --db path. " + backups
	}
	if path != "" && !strings.Contains(p.Message, path) {
		p.Message = path + ": " + p.Message
	}
	return p
}
