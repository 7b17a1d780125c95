// Package director holds the operations a screen or a headless command
// calls: create an event, register and check in players, drop and
// re-instate them, pair the next round, record and correct results, finish
// the event, read standings.
//
// A Director is a small core and one service per concern, each an exported
// field named after what it does (services.go lists them, and each
// service's methods are in the files named after it: Rounds in rounds*.go,
// Phones in phones_*.go, Stations in stations.go...):
//
//	d.Registration.CheckIn(ctx, id, entry)
//	d.Rounds.PairNextRound(ctx, id)
//
// Each operation checks the request against the event's rules, asks the
// pure engines (pairing, standings) what follows, and saves the outcome in
// one store transaction, logging what changed in the event's activity log.
// Screens re-read what they show after every call.
//
// The core holds the store, the clock, the random source of the round
// seeds, the source of table codes and PINs, the subscribers told of each
// committed write and the snapshot hook. It keeps no policy in memory:
// the store network's limits and its counts of wrong codes guessed live in
// the web (ui/web's limiter, ui/web/floods). Everything an event is lives
// in the store.
package director
