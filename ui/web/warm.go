package web

import (
	"context"
	"encoding/json"
	"reflect"
	"sync"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
)

// After a change to an event that pages are reading or following, the
// server reads it again at once, diffs it against the read before to make
// the streams' patch (feed.go), sends the new clock when it changed, and
// builds the bodies every page asks for first (the event, the current
// pairings, the standings), in each language pages have been asked in:
// a page that refetches then finds them ready. Changes that come while a
// read is under way make one more read after it, not one each, and their
// patches become one.

// warmer runs those reads, one at a time per event.
type warmer struct {
	mu      sync.Mutex
	running map[event.EventID]bool
	again   map[event.EventID]bool
	// what gathers the kinds of the changes not yet diffed; prev is the
	// board the last diff was made against.
	what map[event.EventID]director.ChangeKind
	prev map[event.EventID]director.Board
	wg   sync.WaitGroup
}

// note records a change of event id for its next diff, once pages
// follow it (there is a board to diff against): the kinds of changes
// before are in the board the first page read.
func (w *warmer) note(id event.EventID, what director.ChangeKind) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if _, ok := w.prev[id]; !ok {
		return
	}
	if w.what == nil {
		w.what = map[event.EventID]director.ChangeKind{}
	}
	w.what[id] |= what
}

// swap hands out the kinds gathered and the board of the last diff, and
// keeps b for the next one.
func (w *warmer) swap(id event.EventID, b director.Board) (what director.ChangeKind, prev director.Board, had bool) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.prev == nil {
		w.prev = map[event.EventID]director.Board{}
	}
	what = w.what[id]
	delete(w.what, id)
	prev, had = w.prev[id]
	w.prev[id] = b
	return what, prev, had
}

// seed keeps b as event id's board to diff against when there is none
// yet: the first change after a page starts following the event is
// diffed too.
func (w *warmer) seed(id event.EventID, b director.Board) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.prev == nil {
		w.prev = map[event.EventID]director.Board{}
	}
	if _, ok := w.prev[id]; !ok {
		w.prev[id] = b
	}
}

// hotBodies are the bodies built ahead: the key and how.
var hotBodies = []struct {
	key   string
	build func(i18n.Lang, director.Board) (any, error)
}{
	{"event", func(l i18n.Lang, b director.Board) (any, error) { return eventDetailOf(l, b), nil }},
	{"pairings/0", func(l i18n.Lang, b director.Board) (any, error) { return pairingsOf(l, b, 0) }},
	{"standings", func(l i18n.Lang, b director.Board) (any, error) { return standingsOf(l, b), nil }},
}

// warm reads event id again in the background.
func (s *Server) warm(id event.EventID) {
	w := &s.warmer
	w.mu.Lock()
	if w.running == nil {
		w.running, w.again = map[event.EventID]bool{}, map[event.EventID]bool{}
	}
	if w.running[id] {
		w.again[id] = true
		w.mu.Unlock()
		return
	}
	w.running[id] = true
	w.wg.Add(1)
	w.mu.Unlock()
	go func() {
		defer w.wg.Done()
		for {
			ctx, cancel := context.WithTimeout(context.Background(), readTimeout)
			if b, err := s.cache.board(ctx, id); err == nil {
				s.feedChange(id, b)
				s.buildBodies(ctx, id)
			}
			cancel()
			w.mu.Lock()
			if !w.again[id] {
				delete(w.running, id)
				w.mu.Unlock()
				return
			}
			delete(w.again, id)
			w.mu.Unlock()
		}
	}()
}

// feedChange makes the patch of the changes to event id that board b
// holds, and sends the clock to the event's streams when it changed.
func (s *Server) feedChange(id event.EventID, b director.Board) {
	what, prev, had := s.warmer.swap(id, b)
	if !had {
		return
	}
	langs := askedLangs()
	s.hub.append(id, langs, func(l i18n.Lang, seq uint64) *patchJSON {
		p := diffBoards(l, prev, b, what)
		if p != nil {
			p.Seq = seq
		}
		return p
	})
	if what.Has(director.ChangeClock) || !reflect.DeepEqual(prev.Clock(), b.Clock()) {
		clocks := map[i18n.Lang][]byte{}
		for _, l := range i18n.Langs() {
			if payload, err := json.Marshal(clockJSON(l, b.Clock(), s.now(), 0)); err == nil {
				clocks[l] = payload
			}
		}
		s.hub.each(id, func(c *client) {
			if !c.patch || c.event != id {
				return
			}
			c.mu.Lock()
			c.clock = clocks[c.lang]
			c.mu.Unlock()
			c.poke()
		})
	}
}

// buildBodies builds the hot bodies of event id side by side: the phones
// waiting for them leave the cores free.
func (s *Server) buildBodies(ctx context.Context, id event.EventID) {
	var bodies sync.WaitGroup
	for _, l := range askedLangs() {
		for _, hb := range hotBodies {
			bodies.Add(1)
			go func() {
				defer bodies.Done()
				_, _ = s.cache.blob(ctx, id, langKey(hb.key, l), func(b director.Board) (any, error) { return hb.build(l, b) })
			}()
		}
	}
	bodies.Wait()
}
