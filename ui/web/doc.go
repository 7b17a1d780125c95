// Package web is the store network: the pages and the JSON API that put an
// event on the players' phones, a kiosk tablet, judges' phones and a TV,
// served by net/http on the store's own Wi-Fi, with no internet.
//
// Every page reads through the director's view reads (one read transaction
// each) and refreshes from its change notifications, pushed to the browser
// by Server-Sent Events; nothing about a game's rules is written here: the
// result forms, hints and parsers come from core/rules through the
// director. Reading is open to anyone on the network; every write needs a
// table code (and, in later areas, an unlocked kiosk device or the judge
// PIN), is rate-limited per device and per table, and is bounded in size.
//
// The package is laid out by area so that areas can be added as files: each
// area has a route table (playerRoutes and projectorRoutes in pages.go,
// reportRoutes in report.go, qrRoutes in qr.go, apiRoutes in api.go), listed
// in Server.areas, and all share the layout template
// (templates/layout.html), the device cookie (device.go), the rate limiter
// (limit.go), the security headers (headers.go), the JSON errors
// (errors.go) and the event cache and live stream (cache.go, warm.go,
// stream.go). Every page and body is built from one director.Board per
// change of its event (one read transaction), kept until the next change.
// Pages, stylesheets and scripts are embedded: no CDN, no web font, no
// build step, and a Content-Security-Policy that allows no inline script.
// The players' pages run ES modules, one per page over a shared one, each
// served with its imports' versions (modules.go).
package web
