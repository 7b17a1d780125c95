package web

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"sync"
	"time"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
)

// cache keeps, per event, the director's Board of the moment and the JSON
// bodies built from it, until the director says the event changed. Five
// hundred phones refreshing after a result cost one read of the database,
// and each body is built once: the rest are copies of bytes.
//
// Each event has a version, bumped by every change (the event list's by a
// change of any event). A read records the version it started at and keeps
// its answer only when no change came in between, so a body never outlives
// the change that made it stale.
type cache struct {
	d *director.Director

	mu       sync.Mutex
	versions map[event.EventID]uint64
	list     uint64 // the event list's version
	boards   map[event.EventID]cachedBoard
	blobs    map[event.EventID]map[string]blob
	listBlob map[i18n.Lang]cachedList

	boardFlight flight[director.Board]
	blobFlight  flight[blob]
}

type cachedBoard struct {
	version uint64
	board   director.Board
}

type cachedList struct {
	version uint64
	blob    blob
}

// readTimeout bounds one shared read of the database.
const readTimeout = 15 * time.Second

func newCache(d *director.Director) *cache {
	return &cache{d: d, versions: map[event.EventID]uint64{}, boards: map[event.EventID]cachedBoard{},
		blobs: map[event.EventID]map[string]blob{}}
}

// invalidate forgets what a change made stale: its event's board and
// bodies (every event's for a change of no one event), and the event list.
// It returns the events that were being read (had a board): those worth
// reading again at once.
func (c *cache) invalidate(ch director.Change) (hot []event.EventID) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.list++
	if ch.Event == 0 {
		for id := range c.boards {
			hot = append(hot, id)
		}
		for id := range c.versions {
			c.versions[id]++
		}
		clear(c.boards)
		clear(c.blobs)
		return hot
	}
	if _, ok := c.boards[ch.Event]; ok {
		hot = append(hot, ch.Event)
	}
	c.versions[ch.Event]++
	delete(c.boards, ch.Event)
	delete(c.blobs, ch.Event)
	return hot
}

// board returns the event's Board, read once per version however many
// requests ask at once.
func (c *cache) board(ctx context.Context, id event.EventID) (director.Board, error) {
	c.mu.Lock()
	v := c.versions[id]
	if cb, ok := c.boards[id]; ok && cb.version == v {
		c.mu.Unlock()
		return cb.board, nil
	}
	c.mu.Unlock()
	return c.boardFlight.do(boardKey(id, v), func() (director.Board, error) {
		// The read is shared by every request waiting: one request
		// giving up must not fail the others.
		rctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), readTimeout)
		defer cancel()
		b, err := c.d.Board(rctx, id)
		if err != nil {
			return b, err
		}
		c.mu.Lock()
		if c.versions[id] == v {
			c.boards[id] = cachedBoard{version: v, board: b}
		}
		c.mu.Unlock()
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
	c.mu.Lock()
	v := c.versions[id]
	if bl, ok := c.blobs[id][key]; ok {
		c.mu.Unlock()
		return bl, nil
	}
	c.mu.Unlock()
	return c.blobFlight.do(boardKey(id, v)+key, func() (blob, error) {
		b, err := c.board(ctx, id)
		if err != nil {
			return blob{}, err
		}
		val, err := build(b)
		if err != nil {
			return blob{}, err
		}
		raw, err := json.Marshal(val)
		if err != nil {
			return blob{}, err
		}
		bl := newBlob(append(raw, '\n'))
		c.mu.Lock()
		if c.versions[id] == v {
			if c.blobs[id] == nil {
				c.blobs[id] = map[string]blob{}
			}
			c.blobs[id][key] = bl
		}
		c.mu.Unlock()
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
