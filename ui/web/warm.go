package web

import (
	"context"
	"sync"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
)

// After a change to an event that pages are reading, the server reads it
// again at once and builds the bodies every page asks for first (the
// event, the current pairings, the standings), while the change's
// notification travels to the phones: most of them then find the new
// bodies ready, in each language pages have been asked in. Changes that come while a read is under way make one more
// read after it, not one each.

// warmer runs those reads, one at a time per event.
type warmer struct {
	mu      sync.Mutex
	running map[event.EventID]bool
	again   map[event.EventID]bool
	wg      sync.WaitGroup
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
			// The board once, then the bodies side by side: the phones
			// waiting for them leave the cores free.
			if _, err := s.cache.board(ctx, id); err == nil {
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
