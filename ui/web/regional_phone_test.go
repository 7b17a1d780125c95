package web

import (
	"context"
	"encoding/json"
	"io"
	"math/rand/v2"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"
)

// A simulated phone of the regional test and benchmark: it loads its
// pages, follows its stream, applies the patches and reloads as the
// browser would.

// phone is one phone and the page it shows.
type phone struct {
	g      *regional
	c      *http.Client
	cookie string
	kind   string // home, pairings, standings, projector
	entry  int64
	etags  map[string]string
	table  int // home: her table

	mu        sync.Mutex
	lastFetch time.Time
	timer     *time.Timer
	soon      bool
}

// get fetches path as the page does (its ETag, gzip), timing it.
func (p *phone) get(path string) []byte {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, "GET", p.g.base+path, nil)
	req.Header.Set("Cookie", p.cookie)
	p.mu.Lock()
	if tag := p.etags[path]; tag != "" {
		req.Header.Set("If-None-Match", tag)
	}
	p.mu.Unlock()
	start := time.Now()
	resp, err := p.c.Do(req)
	if err != nil {
		p.g.fail("GET %s: %v", path, err)
		return nil
	}
	body, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	lat := time.Since(start)
	if err != nil || (resp.StatusCode != 200 && resp.StatusCode != 304) {
		p.g.fail("GET %s: %d %v", path, resp.StatusCode, err)
		return nil
	}
	p.g.mu.Lock()
	p.g.pageLat = append(p.g.pageLat, lat)
	p.g.mu.Unlock()
	p.mu.Lock()
	if tag := resp.Header.Get("ETag"); tag != "" {
		p.etags[path] = tag
	}
	p.mu.Unlock()
	return body
}

// api is the phone's event's API path.
func (p *phone) api(rest string) string {
	return "/api/events/" + strconv.FormatInt(p.g.setup.Event, 10) + rest
}

// load is the page's load(): what the page's module fetches for it.
func (p *phone) load() { p.loadPage(p.kind) }

// loadPage is what the page's module fetches for a page of that kind.
func (p *phone) loadPage(kind string) {
	switch kind {
	case "home":
		var me struct {
			Now struct {
				Table int `json:"table"`
			} `json:"now"`
		}
		if b := p.get(p.api("/players/" + strconv.FormatInt(p.entry, 10))); b != nil {
			_ = json.Unmarshal(b, &me)
			if me.Now.Table > 0 {
				p.mu.Lock()
				p.table = me.Now.Table
				p.mu.Unlock()
			}
		}
		p.get(p.api("/clock"))
	case "pairings":
		p.get(p.api("/pairings"))
	case "standings":
		p.get(p.api("/standings"))
	case "projector":
		p.get(p.api("/projector"))
	}
}

// every is app/tk.js's every(): load at most once per ms (plus up to a
// fifth at random), or within 4 s when soon.
func (p *phone) every(ms time.Duration, soon bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.timer != nil && (!soon || p.soon) {
		return
	}
	wait := time.Duration(rand.Int64N(int64(4 * time.Second)))
	if !soon {
		wait = max(0, time.Until(p.lastFetch.Add(ms))) + time.Duration(rand.Int64N(int64(ms/5)))
	}
	if p.timer != nil {
		p.timer.Stop()
	}
	p.soon = soon
	p.timer = time.AfterFunc(wait, func() {
		p.mu.Lock()
		p.timer, p.soon, p.lastFetch = nil, false, time.Now()
		p.mu.Unlock()
		p.load()
	})
}

// reloaded is the page's load after the stream said it is behind (a
// round published), noting when it had the new round.
func (p *phone) reloaded() {
	p.load()
	p.g.mu.Lock()
	if !p.g.publishedAt.IsZero() {
		p.g.loaded = append(p.g.loaded, time.Since(p.g.publishedAt))
	}
	p.g.mu.Unlock()
}

// pageOf is the path of a page of the phone's event ("": its home).
func (p *phone) pageOf(name string) string {
	return strings.TrimSuffix("/events/"+strconv.FormatInt(p.g.setup.Event, 10)+"/"+name, "/")
}

// reloadPages reloads the player page, the pairings and the standings
// every period (the first time at random within it) until ctx ends: each
// page's HTML, then what its script fetches, as a browser does on a
// reload (its ETags, no stream of its own: the phone keeps its one).
func (p *phone) reloadPages(ctx context.Context, period time.Duration) {
	wait := time.Duration(rand.Int64N(int64(period)))
	for {
		select {
		case <-ctx.Done():
			return
		case <-time.After(wait):
		}
		for _, page := range []string{"home", "pairings", "standings"} {
			p.get(p.pageOf(strings.TrimPrefix(page, "home")))
			p.loadPage(page)
		}
		wait = period - period/10 + time.Duration(rand.Int64N(int64(period/5)))
	}
}

// patched is what the page does with a patch.
func (p *phone) patched(pt patchJSON) {
	now := time.Now()
	p.g.mu.Lock()
	for _, t := range pt.Tables {
		p.g.heard[t.Number]++
		if now.After(p.g.arrived[t.Number]) {
			p.g.arrived[t.Number] = now
		}
	}
	p.g.mu.Unlock()
	moved := pt.Standings != nil
	complete := moved && pt.Standings.In == pt.Standings.Of
	switch p.kind {
	case "home":
		p.mu.Lock()
		table := p.table
		p.mu.Unlock()
		for _, t := range pt.Tables {
			if t.Number == table {
				time.AfterFunc(time.Duration(rand.Int64N(int64(time.Second))), p.load)
				return
			}
		}
		if moved {
			p.every(standingsEvery(pt.Standings.Of), complete)
		}
	case "standings":
		if moved {
			p.every(standingsEvery(pt.Standings.Of), complete)
		}
	case "projector":
		if moved || len(pt.Tables) > 0 {
			p.every(1500*time.Millisecond, complete)
		}
	}
}

// standingsEvery is app/tk.js's standingsEvery: 0.3 s a table of the
// round, from 2 s to 20 s.
func standingsEvery(tables int) time.Duration {
	return min(20*time.Second, max(2*time.Second, time.Duration(tables)*300*time.Millisecond))
}

// follow is app/tk.js's follow(): the stream, the hello, the patches in
// order, a jittered reload when the page is behind. It returns when the
// stream ends.
func (p *phone) follow(ctx context.Context, opened chan<- bool) {
	req, _ := http.NewRequestWithContext(ctx, "GET", p.g.base+p.api("/stream?patch=1"), nil)
	req.Header.Set("Cookie", p.cookie)
	resp, err := p.c.Do(req)
	if err != nil || resp.StatusCode != 200 {
		status := 0
		if resp != nil {
			status = resp.StatusCode
			resp.Body.Close()
		}
		p.g.fail("stream: %d %v", status, err)
		opened <- false
		return
	}
	defer resp.Body.Close()
	seq := int64(-1)
	loaded := false
	err = scanEvents(resp.Body, func(name, data, _ string) {
		switch name {
		case "hello":
			var h struct {
				Seq   int64 `json:"seq"`
				Reset bool  `json:"reset"`
			}
			_ = json.Unmarshal([]byte(data), &h)
			seq = h.Seq
			if !loaded {
				loaded = true
				p.load()
				opened <- true
			} else if h.Reset {
				time.AfterFunc(time.Duration(rand.Int64N(int64(8*time.Second))), p.load)
			}
		case "patch":
			var pt patchJSON
			if err := json.Unmarshal([]byte(data), &pt); err != nil {
				p.g.fail("patch %q: %v", data, err)
				break
			}
			if int64(pt.Seq) != seq+1 || pt.Reload {
				time.AfterFunc(time.Duration(rand.Int64N(int64(8*time.Second))), p.reloaded)
			} else {
				p.patched(pt)
			}
			seq = int64(pt.Seq)
		}
	})
	if ctx.Err() == nil {
		p.g.fail("a stream ended: %v", err)
	}
}
