package ui

import "tablekeeper/core/director"

// Services are the director's services the window is given, by the
// director's names for them (core/director/services.go). The window hands
// each screen the one or few it calls; each screen declares, in its own
// package, the small interface of the methods it calls, which the service
// satisfies. ServicesOf fills them all from one director.
//
// The window keeps them (shell.svc, eventView.svc) and builds each screen
// from them, e.g. rounds.New(rounds.Deps{Views: svc.Views, ...}, ...).
type Services struct {
	Events        *director.Events
	Registration  *director.Registration
	Directory     *director.Directory
	Rounds        *director.Rounds
	Drafts        *director.Drafts
	Clocks        *director.Clocks
	Judging       *director.Judging
	Phones        *director.Phones
	Network       *director.Network
	Kiosk         *director.Kiosk
	Stations      *director.Stations
	Decks         *director.Decks
	Drops         *director.Drops
	Confirmations *director.Confirmations
	History       *director.History
	Leagues       *director.Leagues
	Teams         *director.Teams
	Transfer      *director.Transfer
	Views         *director.Views
	// Changes tells the window what each committed write changed (the
	// director's Subscribe).
	Changes Changes
}

// Changes is where the window hears of each committed write.
type Changes interface {
	Subscribe(fn func(director.Change)) (cancel func())
}

// ServicesOf returns d's services, and d itself as their Changes.
func ServicesOf(d *director.Director) Services {
	return Services{
		Events: d.Events, Registration: d.Registration, Directory: d.Directory,
		Rounds: d.Rounds, Drafts: d.Drafts, Clocks: d.Clocks, Judging: d.Judging,
		Phones: d.Phones, Network: d.Network, Kiosk: d.Kiosk, Stations: d.Stations,
		Decks: d.Decks, Drops: d.Drops, Confirmations: d.Confirmations,
		History: d.History, Leagues: d.Leagues, Teams: d.Teams,
		Transfer: d.Transfer, Views: d.Views, Changes: d,
	}
}
