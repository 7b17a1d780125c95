package web

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"time"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
)

// The live stream: each open page holds one Server-Sent Events connection
// (GET /api/events/{id}/stream, or /api/stream for the event list). A
// change the director announces reaches every stream of its event as an
// "change" message naming what changed, and the page re-fetches the JSON
// it shows; every TickEvery each stream also gets the round clock
// ("clock"), which corrects a phone's drift and keeps the connection
// open. A phone that sleeps loses its connection; the browser reconnects
// by itself (the "retry" the stream sends) and the page re-fetches when
// it becomes visible again.

// retryMillis is how soon a browser reconnects a dropped stream.
const retryMillis = 3000

// writeWait bounds one write to a stream: a phone that stopped reading is
// dropped rather than holding the server's memory.
const writeWait = 10 * time.Second

// errTooManyStreams refuses a stream past Config.MaxStreams.
var errTooManyStreams = errors.New("too many live pages are open")

// hub holds the open streams.
type hub struct {
	max int

	mu      sync.Mutex
	clients map[*client]struct{}
	closed  bool
}

// client is one open stream: what it has still to send, gathered while
// it was busy (so a burst of changes sends one message).
type client struct {
	event  event.EventID // 0: the event list's stream, every event
	device string
	lang   i18n.Lang // the clock's label is said in it
	wake   chan struct{}
	done   chan struct{}

	mu    sync.Mutex
	what  director.ChangeKind
	clock []byte
	ping  bool
}

func newHub(max int) *hub {
	return &hub{max: max, clients: map[*client]struct{}{}}
}

// join opens a stream of an event (0: every event) for a device.
func (h *hub) join(id event.EventID, device string) (*client, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.closed {
		return nil, http.ErrServerClosed
	}
	if len(h.clients) >= h.max {
		return nil, errTooManyStreams
	}
	c := &client{event: id, device: device, wake: make(chan struct{}, 1), done: make(chan struct{})}
	h.clients[c] = struct{}{}
	return c, nil
}

// leave closes a stream.
func (h *hub) leave(c *client) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if _, ok := h.clients[c]; ok {
		delete(h.clients, c)
		close(c.done)
	}
}

// closeAll ends every stream and refuses new ones (shutdown).
func (h *hub) closeAll() {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.closed = true
	for c := range h.clients {
		delete(h.clients, c)
		close(c.done)
	}
}

// count is the number of open streams.
func (h *hub) count() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return len(h.clients)
}

// devices is the number of devices with a stream open.
func (h *hub) devices() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	seen := map[string]bool{}
	for c := range h.clients {
		seen[c.device] = true
	}
	return len(seen)
}

// each calls fn for every stream of event id (and those of every event).
func (h *hub) each(id event.EventID, fn func(*client)) {
	h.mu.Lock()
	cs := make([]*client, 0, len(h.clients))
	for c := range h.clients {
		if c.event == id || c.event == 0 || id == 0 {
			cs = append(cs, c)
		}
	}
	h.mu.Unlock()
	for _, c := range cs {
		fn(c)
	}
}

// events lists the events with a stream open.
func (h *hub) events() []event.EventID {
	h.mu.Lock()
	defer h.mu.Unlock()
	seen := map[event.EventID]bool{}
	var out []event.EventID
	for c := range h.clients {
		if c.event != 0 && !seen[c.event] {
			seen[c.event] = true
			out = append(out, c.event)
		}
	}
	return out
}

// publish tells the streams of a change's event what changed.
func (h *hub) publish(ch director.Change) {
	if ch.What&^(director.ChangeDirectory|director.ChangeLeague) == 0 {
		return // nothing a page of the network shows
	}
	h.each(ch.Event, func(c *client) {
		c.mu.Lock()
		c.what |= ch.What
		c.mu.Unlock()
		c.poke()
	})
}

// poke wakes the stream's writer without waiting.
func (c *client) poke() {
	select {
	case c.wake <- struct{}{}:
	default:
	}
}

// take returns what the stream has to send and clears it.
func (c *client) take() (what director.ChangeKind, clock []byte, ping bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	what, clock, ping = c.what, c.clock, c.ping
	c.what, c.clock, c.ping = 0, nil, false
	return
}

// changeNames are the words a change message uses for each kind.
var changeNames = []struct {
	kind director.ChangeKind
	name string
}{
	{director.ChangeEvent, "event"},
	{director.ChangeRegistration, "registration"},
	{director.ChangeRound, "round"},
	{director.ChangeResult, "result"},
	{director.ChangeClock, "clock"},
	{director.ChangeJudgeLog, "judgelog"},
	{director.ChangeDecks, "decks"},
}

// changeWords names the kinds of a change: ["round", "result"].
func changeWords(k director.ChangeKind) []string {
	out := []string{}
	for _, cn := range changeNames {
		if k.Has(cn.kind) {
			out = append(out, cn.name)
		}
	}
	return out
}

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
// gets the new state.
func (s *Server) changed(ch director.Change) {
	for _, id := range s.cache.invalidate(ch) {
		s.warm(id)
	}
	s.hub.publish(ch)
}

// serveStream holds a page's live stream open until the page goes or the
// server shuts down.
func (s *Server) serveStream(w http.ResponseWriter, r *http.Request, id event.EventID) {
	device := deviceOf(r)
	if device == "" {
		device = "ip:" + clientAddr(r)
	}
	c, err := s.hub.join(id, device)
	if err != nil {
		w.Header().Set("Retry-After", "60")
		s.fail(w, r, http.StatusServiceUnavailable, i18n.F("Too many live pages are open on the store network; this page refreshes by itself instead."))
		return
	}
	defer s.hub.leave(c)
	c.mu.Lock()
	c.lang = langOf(r)
	c.mu.Unlock()
	rc := http.NewResponseController(w)
	h := w.Header()
	h.Set("Content-Type", "text/event-stream; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)
	first := fmt.Sprintf("retry: %d\n\n", retryMillis)
	if id != 0 {
		if b, err := s.cache.board(r.Context(), id); err == nil {
			if payload, err := json.Marshal(clockJSON(langOf(r), b.Clock(), s.now(), 0)); err == nil {
				first += sse("clock", payload)
			}
		}
	}
	if !s.send(rc, w, first) {
		return
	}
	for {
		select {
		case <-r.Context().Done():
			return
		case <-c.done:
			return
		case <-c.wake:
		}
		what, clock, ping := c.take()
		var msg strings.Builder
		if what != 0 {
			payload, _ := json.Marshal(map[string]any{"what": changeWords(what)})
			msg.WriteString(sse("change", payload))
		}
		if clock != nil {
			msg.WriteString(sse("clock", clock))
		}
		if ping && msg.Len() == 0 {
			msg.WriteString(": ping\n\n")
		}
		if msg.Len() > 0 && !s.send(rc, w, msg.String()) {
			return
		}
	}
}

// sse is one Server-Sent Events message.
func sse(name string, data []byte) string {
	return "event: " + name + "\ndata: " + string(data) + "\n\n"
}

// send writes and flushes text within writeWait; false when the stream
// is gone.
func (s *Server) send(rc *http.ResponseController, w http.ResponseWriter, text string) bool {
	_ = rc.SetWriteDeadline(time.Now().Add(writeWait))
	if _, err := w.Write([]byte(text)); err != nil {
		return false
	}
	return rc.Flush() == nil
}
