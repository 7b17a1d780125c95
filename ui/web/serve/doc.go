// Package serve holds the store network's commands, beside the network
// they drive: serve (the network without a window, with an optional
// console of staff actions on standard input) and network (the same staff
// actions while nothing else has the database open). Package main lists
// them and turns their errors into exit codes (internal/cli).
package serve
