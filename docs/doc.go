// Package docs holds the repository's own documents (ARCHITECTURE.md,
// RULES.md, schedules.md, the user guide in guide/, the store network in
// network/, packaging.md, performance.md and the screenshots beside them)
// and the tests that keep them true: RULES.md to the code (every rule ID
// has a test naming it, every function and test RULES.md names exists, and
// no test names an ID that RULES.md does not list), the README to its
// budget and its first two commands, and every relative link of the
// README, CONTRIBUTING.md and these documents to a file and heading that
// exist. It has no code of its own; a Go package is only the way to give
// those tests a home that `go test ./...` runs.
package docs
