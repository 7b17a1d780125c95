package web

import (
	"context"
	"net/http"
	"strconv"
	"unicode/utf8"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
)

// historyReader is a player's past events, kept by the server until it
// closes (director.Histories).
type historyReader interface {
	Of(ctx context.Context, id event.EventID, entry event.EntryID) ([]director.PastEvent, error)
	Close()
}

// apiRoutes is the JSON API the pages use, and a stream overlay or a
// chat bot may use too (docs/network/api.md).
func (s *Server) apiRoutes() []route {
	return []route{
		{"GET /api/events", s.apiEvents},
		{"GET /api/stream", s.apiStreamAll},
		{"GET /api/events/{id}", s.apiEvent},
		{"GET /api/events/{id}/pairings", s.apiPairings},
		{"GET /api/events/{id}/standings", s.apiStandings},
		{"GET /api/events/{id}/clock", s.apiClock},
		{"GET /api/events/{id}/bracket", s.apiBracket},
		{"GET /api/events/{id}/stream", s.apiStream},
		{"GET /api/events/{id}/find", s.apiFind},
		{"GET /api/events/{id}/players/{entry}", s.apiPlayer},
		{"GET /api/events/{id}/players/{entry}/history", s.apiHistory},
		{"GET /api/events/{id}/projector", s.apiProjector},
	}
}

// maxQuery bounds a name typed to find a player.
const maxQuery = 100

// eventID reads the event number of the address.
func eventID(r *http.Request) (event.EventID, error) {
	n, err := positive(r.PathValue("id"), i18n.F("an event"))
	return event.EventID(n), err
}

// positive reads a number of the address or query: 1 to 999,999,999.
func positive(text string, what i18n.Text) (int64, error) {
	n, err := strconv.ParseInt(text, 10, 64)
	if err != nil || n < 1 || n > 999_999_999 || len(text) > 9 {
		if len(text) > 20 {
			text = text[:20] + "…"
		}
		return 0, event.Invalidf("%q is not %s number; use a whole number such as 1, 2, 3", text, what)
	}
	return n, nil
}

// roundParam reads ?round=N (0 when absent: the current round).
func roundParam(r *http.Request) (int, error) {
	text := r.URL.Query().Get("round")
	if text == "" {
		return 0, nil
	}
	n, err := positive(text, i18n.F("a round"))
	if err != nil || n > event.MaxRounds {
		return 0, event.Invalidf("round must be a round number from 1 to %d", event.MaxRounds)
	}
	return int(n), nil
}

// sendBlob answers with a JSON body from the cache.
func sendBlob(w http.ResponseWriter, r *http.Request, bl blob) {
	h := w.Header()
	h.Set("Content-Type", "application/json; charset=utf-8")
	h.Set("Cache-Control", "no-cache")
	bl.write(w, r)
}

// serveBoard answers with the body key of the event in the address,
// built from its board once per change.
func (s *Server) serveBoard(w http.ResponseWriter, r *http.Request, key string, build func(i18n.Lang, director.Board) (any, error)) {
	id, ok := s.addressedEvent(w, r)
	if !ok {
		return
	}
	l := langOf(r)
	w.Header().Set("Content-Language", string(l))
	bl, err := s.cache.blob(r.Context(), id, langKey(key, l), func(b director.Board) (any, error) { return build(l, b) })
	if err != nil {
		s.failErr(w, r, err)
		return
	}
	sendBlob(w, r, bl)
}

// langKey names a body of the cache in language l.
func langKey(key string, l i18n.Lang) string { return key + "@" + string(l) }

// addressedEvent is the event id in r's address; a bad one is answered
// with its sentence (false).
func (s *Server) addressedEvent(w http.ResponseWriter, r *http.Request) (event.EventID, bool) {
	id, err := eventID(r)
	if err != nil {
		s.failErr(w, r, err)
		return 0, false
	}
	return id, true
}

// withBoard runs fn with the board of the event in the address, or
// answers the error.
func (s *Server) withBoard(w http.ResponseWriter, r *http.Request, fn func(director.Board)) {
	id, ok := s.addressedEvent(w, r)
	if !ok {
		return
	}
	b, err := s.cache.board(r.Context(), id)
	if err != nil {
		s.failErr(w, r, err)
		return
	}
	fn(b)
}

func (s *Server) apiEvents(w http.ResponseWriter, r *http.Request) {
	l := langOf(r)
	w.Header().Set("Content-Language", string(l))
	bl, err := s.cache.events(r.Context(), l, func(ctx context.Context) (any, error) {
		list, err := s.events.Events(ctx)
		return eventsOf(l, list), err
	})
	if err != nil {
		s.failErr(w, r, err)
		return
	}
	sendBlob(w, r, bl)
}

func (s *Server) apiEvent(w http.ResponseWriter, r *http.Request) {
	s.serveBoard(w, r, "event", func(l i18n.Lang, b director.Board) (any, error) { return eventDetailOf(l, b), nil })
}

func (s *Server) apiPairings(w http.ResponseWriter, r *http.Request) {
	n, err := roundParam(r)
	if err != nil {
		s.failErr(w, r, err)
		return
	}
	s.serveBoard(w, r, "pairings/"+strconv.Itoa(n), func(l i18n.Lang, b director.Board) (any, error) { return pairingsOf(l, b, n) })
}

func (s *Server) apiStandings(w http.ResponseWriter, r *http.Request) {
	s.serveBoard(w, r, "standings", func(l i18n.Lang, b director.Board) (any, error) { return standingsOf(l, b), nil })
}

func (s *Server) apiBracket(w http.ResponseWriter, r *http.Request) {
	s.serveBoard(w, r, "bracket", func(l i18n.Lang, b director.Board) (any, error) { return bracketOf(l, b), nil })
}

// apiClock reads the clock at the moment of the request: it is not kept.
func (s *Server) apiClock(w http.ResponseWriter, r *http.Request) {
	s.withBoard(w, r, func(b director.Board) {
		writeJSON(w, http.StatusOK, clockJSON(langOf(r), b.Clock(), s.now(), 0))
	})
}

func (s *Server) apiProjector(w http.ResponseWriter, r *http.Request) {
	s.withBoard(w, r, func(b director.Board) {
		writeJSON(w, http.StatusOK, projectorOf(langOf(r), b, s.now(), s.URL()))
	})
}

func (s *Server) apiStream(w http.ResponseWriter, r *http.Request) {
	s.withBoard(w, r, func(b director.Board) {
		id := b.Event().ID
		s.warmer.seed(id, b)
		s.serveStream(w, r, id)
	})
}

func (s *Server) apiStreamAll(w http.ResponseWriter, r *http.Request) { s.serveStream(w, r, 0) }

// apiFind finds players by name as the kiosk does.
func (s *Server) apiFind(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query().Get("q")
	if utf8.RuneCountInString(q) > maxQuery || !utf8.ValidString(q) {
		s.fail(w, r, http.StatusBadRequest, i18n.F("That is too long for a name; type part of your name (a few letters are enough)."))
		return
	}
	if director.QueryTooShort(q) {
		// Answered without reading the event: the page asks at every
		// pause in typing, so its first letters cost nothing.
		writeJSON(w, http.StatusOK, findJSON{Query: q, Players: []foundJSON{}, Message: tooShortMessage(langOf(r), q)})
		return
	}
	s.withBoard(w, r, func(b director.Board) {
		writeJSON(w, http.StatusOK, findOf(langOf(r), b, q))
	})
}

func (s *Server) apiPlayer(w http.ResponseWriter, r *http.Request) {
	n, err := positive(r.PathValue("entry"), i18n.F("a player"))
	if err != nil {
		s.failErr(w, r, err)
		return
	}
	s.serveBoard(w, r, "player/"+strconv.FormatInt(n, 10), func(l i18n.Lang, b director.Board) (any, error) {
		v, ok := b.Player(event.EntryID(n))
		if !ok {
			return nil, event.NotFoundf("%s has no player %d; find yourself by name again", b.Event().Name, n)
		}
		return playerOf(l, b, v), nil
	})
}

// apiHistory is a player's earlier events at this store. It is its own
// request, apart from the player's page: the page fetches it once when it
// loads, while the player's page is fetched again as results come.
func (s *Server) apiHistory(w http.ResponseWriter, r *http.Request) {
	id, ok := s.addressedEvent(w, r)
	if !ok {
		return
	}
	n, err := positive(r.PathValue("entry"), i18n.F("a player"))
	if err != nil {
		s.failErr(w, r, err)
		return
	}
	past, err := s.histories.Of(r.Context(), id, event.EntryID(n))
	if err != nil {
		s.failErr(w, r, err)
		return
	}
	l := langOf(r)
	w.Header().Set("Content-Language", string(l))
	writeJSON(w, http.StatusOK, historyOf(l, past))
}
