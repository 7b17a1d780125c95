// Package console holds tablekeeper's headless commands on a database or
// in memory: sim, export, import, backup, check, schedule, league, games
// and bench. Each takes its arguments after the command's name and writes
// what it did on stdout; package main lists them and turns their errors
// into exit codes (internal/cli). The store network's commands, serve and
// network, live beside the network in ui/web/serve.
package console
