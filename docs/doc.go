// Package docs holds the repository's own documents (ARCHITECTURE.md,
// RULES.md, schedules.md and the screenshots beside them) and the test that
// keeps RULES.md true to the code: every rule ID has a test naming it, every
// function and test RULES.md names exists, and no test names an ID that
// RULES.md does not list. It has no code of its own; a Go package is only
// the way to give that test a home that `go test ./...` runs.
package docs
