package web

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"time"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
)

// The live stream: each open page holds one Server-Sent Events connection
// (GET /api/events/{id}/stream, or /api/stream for the event list). Every
// TickEvery each stream also gets the round clock ("clock"), which
// corrects a phone's drift and keeps the connection open.
//
// A stream speaks one of two protocols. The plain one (the kiosk, a
// stream overlay) gets a "change" message naming what changed, and
// re-fetches. The patch one (?patch=1: the players' pages, the projector,
// the report page, the judges' phones and the scorekeeper stations) gets
// "patch" messages that say what changed (feed.go):
// a page applies them in place, and refetches a whole list only when a
// round is published or it lost messages. At 1,000 phones that is the
// difference between 100 bytes and 40 KB per phone per result.

// retryMillis is how soon a browser reconnects a dropped stream.
const retryMillis = 3000

// writeWait bounds one write to a stream: a phone that stopped reading is
// dropped rather than holding the server's memory.
const writeWait = 10 * time.Second

// startTicker sends each event's round clock to its streams every
// TickEvery (and a keep-alive to the event list's); the returned function
// stops it.
func (s *Server) startTicker() func() {
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		t := time.NewTicker(s.cfg.TickEvery)
		defer t.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-t.C:
				s.tick(ctx)
			}
		}
	}()
	return cancel
}

// tick sends the clock of every event with a stream open, and a
// keep-alive to the streams of the event list.
func (s *Server) tick(ctx context.Context) {
	clocks := map[event.EventID]map[i18n.Lang][]byte{}
	for _, id := range s.hub.events() {
		if b, err := s.cache.board(ctx, id); err == nil {
			clocks[id] = map[i18n.Lang][]byte{}
			for _, l := range i18n.Langs() {
				if payload, err := json.Marshal(clockJSON(l, b.Clock(), s.now(), 0)); err == nil {
					clocks[id][l] = payload
				}
			}
		}
	}
	s.hub.each(0, func(c *client) {
		c.mu.Lock()
		if p, ok := clocks[c.event][c.lang]; ok {
			c.clock = p
		} else {
			c.ping = true
		}
		c.mu.Unlock()
		c.poke()
	})
}

// changed is the director's subscriber: the cache forgets what the change
// made stale before any stream hears of it, so a page that re-fetches
// gets the new state. An event being read or followed is read again at
// once (warm.go), and that read makes the feed's patch.
func (s *Server) changed(ch director.Change) {
	if ch = s.tellPlayers(ch); ch.What == 0 {
		return // only players' own reports: no page of the room shows them
	}
	hot := s.cache.invalidate(ch)
	followed := s.hub.events()
	for _, id := range followed {
		if (ch.Event == id || ch.Event == 0) && !slices.Contains(hot, id) {
			hot = append(hot, id)
		}
	}
	if ch.Event != 0 {
		s.warmer.note(ch.Event, ch.What)
	}
	for _, id := range hot {
		s.warm(id)
	}
	s.hub.publish(ch)
}

// streamRefusal says why a stream was refused.
func streamRefusal(err error) i18n.Text {
	if errors.Is(err, errDeviceStreams) {
		return i18n.F("Too many live pages are open from this network address; this page refreshes by itself instead.")
	}
	return i18n.F("Too many live pages are open on the store network; this page refreshes by itself instead.")
}

// serveStream holds a page's live stream open until the page goes or the
// server shuts down.
func (s *Server) serveStream(w http.ResponseWriter, r *http.Request, id event.EventID) {
	device := deviceOf(r)
	addr := clientAddr(r)
	if device == "" {
		device = "ip:" + addr
	}
	l := langOf(r)
	k := streamPage{lang: l, patch: id != 0 && r.URL.Query().Get("patch") == "1"}
	c, err := s.hub.join(id, device, addr, k)
	if err != nil {
		w.Header().Set("Retry-After", "60")
		s.fail(w, r, http.StatusServiceUnavailable, streamRefusal(err))
		return
	}
	defer s.hub.leave(c)
	first := fmt.Sprintf("retry: %d\n\n", retryMillis)
	entry := s.streamEntry(r, id) // only for a stream the hub took
	c.mu.Lock()
	c.entry = entry
	if c.patch {
		first += s.hub.resume(c, lastEventID(r))
	}
	c.mu.Unlock()
	if s.cluster() != nil {
		// The page asks /api/cluster for the laptops and its handoff
		// (handoff.go), to follow the host when this laptop dies.
		first += sse("cluster", []byte("{}"))
	}
	rc := http.NewResponseController(w)
	h := w.Header()
	h.Set("Content-Type", "text/event-stream; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)
	if id != 0 {
		if b, err := s.cache.board(r.Context(), id); err == nil {
			if payload, err := json.Marshal(clockJSON(l, b.Clock(), s.now(), 0)); err == nil {
				first += sse("clock", payload)
			}
		}
	}
	if !s.send(rc, w, first) {
		return
	}
	c.poke() // patches that came while the stream opened
	for {
		select {
		case <-r.Context().Done():
			return
		case <-c.done:
			c.mu.Lock()
			replaced := c.replaced
			c.mu.Unlock()
			if replaced {
				s.send(rc, w, "event: replaced\ndata: {}\n\n")
			}
			return
		case <-c.wake:
		}
		if msg := s.pending(c); msg != "" && !s.send(rc, w, msg) {
			return
		}
	}
}

// pending is what stream c has to send now.
func (s *Server) pending(c *client) string {
	what, clock, ping := c.take()
	var msg strings.Builder
	msg.WriteString(c.takeMine())
	if c.patch {
		msg.WriteString(s.hub.since(c))
	} else if what != 0 {
		payload, _ := json.Marshal(map[string]any{"what": changeWords(what)})
		msg.WriteString(sse("change", payload))
	}
	if clock != nil {
		msg.WriteString(sse("clock", clock))
	}
	if ping && msg.Len() == 0 {
		msg.WriteString(": ping\n\n")
	}
	return msg.String()
}

// lastEventID is the id of the last message a page had: the browser's
// Last-Event-ID when it reconnects by itself, ?last= when the page opens
// the stream again (an EventSource it makes anew sends no header).
func lastEventID(r *http.Request) string {
	if v := r.Header.Get("Last-Event-ID"); v != "" {
		return v
	}
	return r.URL.Query().Get("last")
}

// sse is one Server-Sent Events message.
func sse(name string, data []byte) string {
	return "event: " + name + "\ndata: " + string(data) + "\n\n"
}

// send writes and flushes text within writeWait; false when the stream
// is gone.
func (s *Server) send(rc *http.ResponseController, w http.ResponseWriter, text string) bool {
	_ = rc.SetWriteDeadline(time.Now().Add(writeWait))
	if _, err := w.Write([]byte(text)); err != nil { // #nosec G705 -- text is an event-stream frame built from escaped fragments
		return false
	}
	return rc.Flush() == nil
}
