package web

import (
	"tablekeeper/core/director"
	"tablekeeper/ui/web/floods"
)

// services are the director's services as the network's areas use them:
// each area's file declares the small interface of the methods it calls,
// and holds that, never the director. New builds them all here, in one
// place, from the one director; a test builds them from fakes
// (newServer).
type services struct {
	events      eventLister   // the pages' and the API's event lists
	boards      boardReader   // the cache's boards
	histories   historyReader // the players' past events (api.go)
	changes     changeFeed    // what the cache and the streams follow
	deviceKeys  deviceKeys    // device.go
	floodCounts floods.Store  // the flood watch's saved counts
	players     playerPhones  // player.go
	links       linkSignIns   // playerlink.go
	staff       staffSignIns  // signin.go
	decks       playerDecks   // deck.go
	drops       playerDrops   // drop.go
	confirms    confirmations // confirm.go
	reporting   tableReports  // report.go
	judge       judgeServices // judge*.go
	kiosk       kioskServices // kiosk*.go
	score       scoreServices // scorekeeper*.go
}

// changeFeed tells of the director's changes (director.Director).
type changeFeed interface {
	Subscribe(fn func(director.Change)) (cancel func())
}

// servicesOf is d's services, each area given the ones it calls.
func servicesOf(d *director.Director) services {
	return services{
		events: d.Events, boards: d.Views, histories: d.History.Histories(), changes: d,
		deviceKeys: d.Phones, floodCounts: d.Network,
		players: d.Phones, links: d.Phones, staff: d.Phones,
		decks: d.Decks, drops: d.Drops, confirms: d.Confirmations, reporting: d.Network,
		judge: judgeServices{events: d.Events, phones: d.Phones, views: d.Views, log: d.Judging, decks: d.Decks},
		kiosk: kioskServices{lookup: d.Events, phones: d.Phones, desk: d.Kiosk, decks: d.Decks},
		score: scoreServices{events: d.Events, phones: d.Phones, stations: d.Stations},
	}
}
