package web

import (
	"context"
	"net/http"

	"tablekeeper/core/director"
	"tablekeeper/core/i18n"
)

// eventLister is the event list the pages, the API and the staff's
// home pages start from (director.Events).
type eventLister interface {
	Events(ctx context.Context) ([]director.EventSummary, error)
}

// staticRoutes serve the embedded stylesheets, scripts (the players'
// pages' modules in static/app/) and icon.
func (s *Server) staticRoutes() []route {
	return []route{
		{"GET /static/{file...}", s.serveStatic},
	}
}

// playerRoutes are the players' pages: the event list, an event's "my
// table" page, its pairings, standings and top cut.
func (s *Server) playerRoutes() []route {
	return []route{
		{"GET /{$}", s.pageEvents},
		{"GET /events/{id}", s.pageEvent},
		{"GET /events/{id}/pairings", s.eventPage("pairings", i18n.F("Pairings"))},
		{"GET /events/{id}/standings", s.eventPage("standings", i18n.F("Standings"))},
		{"GET /events/{id}/bracket", s.eventPage("bracket", i18n.F("Top cut"))},
	}
}

// projectorRoutes are the projector page for a TV.
func (s *Server) projectorRoutes() []route {
	return []route{
		{"GET /events/{id}/projector", s.pageProjector},
	}
}

func (s *Server) pageEvents(w http.ResponseWriter, r *http.Request) {
	ensureDevice(w, r)
	bl, err := s.events.Events(r.Context())
	if err != nil {
		s.failErr(w, r, err)
		return
	}
	s.render(w, r, "events", page{Head: i18n.F("Events"), Nav: "events", Data: eventsOf(langOf(r), bl).Events})
}

// boardPage runs fn with the board of the event in the address for a
// page, or answers the error as a page.
func (s *Server) boardPage(w http.ResponseWriter, r *http.Request, fn func(director.Board)) {
	ensureDevice(w, r)
	s.withBoard(w, r, fn)
}

func headFor(b director.Board) *eventHead {
	return &eventHead{ID: int64(b.Event().ID), Name: b.Event().Name}
}

// pageEvent is the event's home: find yourself, then your table.
func (s *Server) pageEvent(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query().Get("q")
	if len(q) > maxQuery {
		q = ""
	}
	s.renderEventPage(w, r, "event", func(b director.Board) page {
		return page{Head: i18n.F("My table"), Event: headFor(b), Nav: "home", Data: q}
	})
}

// eventPage is a page of the event whose content the script fetches.
func (s *Server) eventPage(name string, title i18n.Text) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		s.renderEventPage(w, r, name, func(b director.Board) page {
			return page{Head: title, Event: headFor(b), Nav: name}
		})
	}
}

func (s *Server) pageProjector(w http.ResponseWriter, r *http.Request) {
	s.renderEventPage(w, r, "projector", func(b director.Board) page {
		return page{Head: i18n.F("Projector"), Event: headFor(b), Nav: "projector", Body: "projector", Data: s.URL()}
	})
}
