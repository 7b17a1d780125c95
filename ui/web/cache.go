package web

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
)

// boardReader reads an event's board (director.Views).
type boardReader interface {
	Board(ctx context.Context, id event.EventID) (director.Board, error)
}

// cache keeps, per event, the director's Board of the moment and the
// bodies built from it (JSON, and the HTML of the pages), until the
// director says the event changed. Five hundred phones refreshing after
// a result cost one read of the database, and each body is built once:
// the rest are copies of bytes.
//
// Each event has a generation: everything cached for one version of the
// event, replaced whole by every change (the event list's version by a
// change of any event). A read that started before a change keeps its
// answer in the generation it started in, which nobody finds any more,
// so a body never outlives the change that made it stale. Reading a
// cached body takes no lock (a room of phones reads on every core at
// once); only changes and the first build of a body do.
type cache struct {
	boards boardReader

	// gens holds each event's current *generation.
	gens sync.Map

	mu       sync.Mutex // guards the swapping of generations, list and listBlob
	list     uint64     // the event list's version
	listBlob map[i18n.Lang]cachedList

	boardFlight flight[director.Board]
	blobFlight  flight[blob]
}

// generation is what the cache holds of one version of an event.
type generation struct {
	version uint64
	board   atomic.Pointer[director.Board]
	blobs   sync.Map // key → blob
}

type cachedList struct {
	version uint64
	blob    blob
}

// pageKeys starts the keys of the pages' HTML among an event's bodies.
const pageKeys = "page/"

// readTimeout bounds one shared read of the database.
const readTimeout = 15 * time.Second

func newCache(boards boardReader) *cache {
	return &cache{boards: boards}
}

// gen is event id's current generation. An event the cache has never
// read gets a first one, kept only once its board is read (boardOf): an
// address naming no event leaves nothing behind.
func (c *cache) gen(id event.EventID) *generation {
	if g, ok := c.gens.Load(id); ok {
		return g.(*generation)
	}
	return &generation{}
}

// invalidate forgets what a change made stale: its event's board and
// bodies (every event's for a change of no one event), and the event list.
// It returns the events that were being read (had a board): those worth
// reading again at once.
func (c *cache) invalidate(ch director.Change) (hot []event.EventID) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.list++
	// A page's HTML says only the event's name (renderEventPage): a
	// change that leaves the event itself alone keeps it, and a room
	// reloading its pages during a round's results never waits for the
	// event to be read again.
	keepPages := ch.Event != 0 && !ch.What.Has(director.ChangeEvent)
	renew := func(id event.EventID, old *generation) {
		if old.board.Load() != nil {
			hot = append(hot, id)
		}
		g := &generation{version: old.version + 1}
		if keepPages {
			old.blobs.Range(func(k, v any) bool {
				if strings.HasPrefix(k.(string), pageKeys) {
					g.blobs.Store(k, v)
				}
				return true
			})
		}
		c.gens.Store(id, g)
	}
	if ch.Event == 0 {
		c.gens.Range(func(k, v any) bool {
			renew(k.(event.EventID), v.(*generation))
			return true
		})
		return hot
	}
	renew(ch.Event, c.gen(ch.Event))
	return hot
}

// board returns the event's Board, read once per version however many
// requests ask at once.
func (c *cache) board(ctx context.Context, id event.EventID) (director.Board, error) {
	return c.boardOf(ctx, id, c.gen(id))
}

// boardOf returns generation g's Board of event id, reading it when g
// has none yet.
func (c *cache) boardOf(ctx context.Context, id event.EventID, g *generation) (director.Board, error) {
	if b := g.board.Load(); b != nil {
		return *b, nil
	}
	return c.boardFlight.do(boardKey(id, g.version), func() (director.Board, error) {
		if b := g.board.Load(); b != nil {
			return *b, nil
		}
		// The read is shared by every request waiting: one request
		// giving up must not fail the others.
		rctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), readTimeout)
		defer cancel()
		b, err := c.boards.Board(rctx, id)
		if err != nil {
			return b, err
		}
		g.board.Store(&b)
		if g.version == 0 {
			c.gens.LoadOrStore(id, g) // the event's first read, unless a change came first
		}
		return b, nil
	})
}

// boardKey names one version of an event for the flights.
func boardKey(id event.EventID, v uint64) string {
	return strconv.FormatInt(int64(id), 10) + "/" + strconv.FormatUint(v, 10) + "/"
}

// blob returns the JSON body named key of an event, built by build from
// the event's Board once per version.
func (c *cache) blob(ctx context.Context, id event.EventID, key string, build func(director.Board) (any, error)) (blob, error) {
	return c.body(ctx, id, key, func(b director.Board) ([]byte, error) {
		val, err := build(b)
		if err != nil {
			return nil, err
		}
		raw, err := json.Marshal(val)
		if err != nil {
			return nil, err
		}
		return append(raw, '\n'), nil
	})
}

// body returns the body named key of an event (JSON, a page's HTML),
// built by build from the event's Board once per version.
func (c *cache) body(ctx context.Context, id event.EventID, key string, build func(director.Board) ([]byte, error)) (blob, error) {
	g := c.gen(id)
	if bl, ok := g.blobs.Load(key); ok {
		return bl.(blob), nil
	}
	return c.blobFlight.do(boardKey(id, g.version)+key, func() (blob, error) {
		if bl, ok := g.blobs.Load(key); ok {
			return bl.(blob), nil
		}
		b, err := c.boardOf(ctx, id, g)
		if err != nil {
			return blob{}, err
		}
		raw, err := build(b)
		if err != nil {
			return blob{}, err
		}
		bl := newBlob(raw)
		g.blobs.Store(key, bl)
		return bl, nil
	})
}

// events returns the event list's body in l, built once per version.
func (c *cache) events(ctx context.Context, l i18n.Lang, build func(context.Context) (any, error)) (blob, error) {
	c.mu.Lock()
	v := c.list
	if lb, ok := c.listBlob[l]; ok && lb.version == v {
		c.mu.Unlock()
		return lb.blob, nil
	}
	c.mu.Unlock()
	return c.blobFlight.do("events/"+strconv.FormatUint(v, 10)+"/"+string(l), func() (blob, error) {
		rctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), readTimeout)
		defer cancel()
		val, err := build(rctx)
		if err != nil {
			return blob{}, err
		}
		raw, err := json.Marshal(val)
		if err != nil {
			return blob{}, err
		}
		bl := newBlob(append(raw, '\n'))
		c.mu.Lock()
		if c.list == v {
			if c.listBlob == nil {
				c.listBlob = map[i18n.Lang]cachedList{}
			}
			c.listBlob[l] = cachedList{version: v, blob: bl}
		}
		c.mu.Unlock()
		return bl, nil
	})
}

// flight runs one call per key at a time: the callers that come while it
// runs wait for its answer instead of making their own.
type flight[T any] struct {
	mu    sync.Mutex
	calls map[string]*flightCall[T]
}

type flightCall[T any] struct {
	done chan struct{}
	val  T
	err  error
}

func (f *flight[T]) do(key string, fn func() (T, error)) (T, error) {
	f.mu.Lock()
	if f.calls == nil {
		f.calls = map[string]*flightCall[T]{}
	}
	if c, ok := f.calls[key]; ok {
		f.mu.Unlock()
		<-c.done
		return c.val, c.err
	}
	c := &flightCall[T]{done: make(chan struct{})}
	f.calls[key] = c
	f.mu.Unlock()
	defer func() {
		if v := recover(); v != nil {
			c.err = fmt.Errorf("web: %s: panic: %v", key, v)
		}
		f.mu.Lock()
		delete(f.calls, key)
		f.mu.Unlock()
		close(c.done)
	}()
	c.val, c.err = fn()
	return c.val, c.err
}
