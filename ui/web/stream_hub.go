package web

import (
	"errors"
	"net/http"
	"slices"
	"sync"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
)

// The stream hub: the open streams by event, device and address, each
// stream's pending change, and who gives way when the hub is full.

// errTooManyStreams refuses a stream past Config.MaxStreams when no
// address holds more than its share; errDeviceStreams one past an
// address's share.
var (
	errTooManyStreams = errors.New("too many live pages are open")
	errDeviceStreams  = errors.New("too many live pages are open on one device")
)

// hub holds the open streams and the events' feeds of patches.
//
// No one is refused a stream for what others opened (issue 27): a device
// past its share (perDevice) has its oldest stream replaced, told
// "replaced" (a page left in the browser's back/forward cache, which
// opens its stream again when shown); and when the hub is full, a stream
// from an address holding fewer streams than the address holding most
// replaces that one's oldest. Two addresses opening every slot leave each
// honest phone its stream. Only an address past its own share
// (perAddress) is refused.
type hub struct {
	max int
	// perDevice and perAddress bound the streams of one device (its
	// verified id, else its address) and of one address: a device cannot
	// take the room's slots, and neither can a script from one address.
	// perAddress is well above a room behind one NAT address.
	perDevice, perAddress int
	// epoch names this run of the server in the streams' ids, so an id
	// from an earlier run is never taken for one of this run's.
	epoch string

	mu      sync.Mutex
	clients map[*client]struct{}
	// devices and addrs hold each device's and address's streams, oldest
	// first.
	devices map[string][]*client
	addrs   map[string][]*client
	// byCount holds the addresses by how many streams each has, and
	// heaviest is the most any has (at least: lowered when found empty),
	// so the fullest address is found in O(1).
	byCount  map[int]map[string]struct{}
	heaviest int
	// followed counts the streams of each event (the event list's
	// aside): events() after every change need not walk every stream.
	followed map[event.EventID]int
	feeds    map[event.EventID]*feedLog
	closed   bool
}

// client is one open stream: what it has still to send, gathered while
// it was busy (so a burst of changes sends one message).
type client struct {
	// What the stream is, fixed when it joins the hub (join), before any
	// change can reach it: read by every goroutine without c.mu.
	event  event.EventID // 0: the event list's stream, every event
	device string
	addr   string
	lang   i18n.Lang // the clock's label and the patches are said in it
	patch  bool      // the patch protocol, not "change"
	wake   chan struct{}
	done   chan struct{}

	mu sync.Mutex
	// entry is the player the phone is signed in as for the event (0:
	// none), looked up once the hub took the stream; mine, that her
	// table's reports changed (confirm.go).
	entry event.EntryID
	what  director.ChangeKind
	clock []byte
	ping  bool
	mine  bool
	sent  uint64 // patch protocol: the last patch sent
	// feed is the event's feed (patch protocol), set when the stream
	// opens; only the stream's own writer reads it after.
	feed *feedLog
	// replaced is set when a newer stream took this one's place: the
	// page is told so, and does not reconnect until it is shown again.
	replaced bool
}

func newHub(max, perDevice, perAddress int, epoch string) *hub {
	return &hub{max: max, perDevice: perDevice, perAddress: perAddress, epoch: epoch, clients: map[*client]struct{}{},
		devices: map[string][]*client{}, addrs: map[string][]*client{}, byCount: map[int]map[string]struct{}{},
		followed: map[event.EventID]int{}, feeds: map[event.EventID]*feedLog{}}
}

// join opens a stream of an event (0: every event) for a device at an
// address, replacing the device's oldest past its share, or the oldest of
// the fullest address when the hub is full.
func (h *hub) join(id event.EventID, device, addr string, k streamPage) (*client, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.closed {
		return nil, http.ErrServerClosed
	}
	if len(h.addrs[addr]) >= h.perAddress {
		return nil, errDeviceStreams
	}
	if mine := h.devices[device]; len(mine) >= h.perDevice {
		h.replace(mine[0])
	}
	if len(h.clients) >= h.max {
		full := h.fullest()
		if full == "" || len(h.addrs[full]) <= len(h.addrs[addr])+1 {
			return nil, errTooManyStreams
		}
		h.replace(h.addrs[full][0])
	}
	c := &client{event: id, device: device, addr: addr, lang: k.lang, patch: k.patch,
		wake: make(chan struct{}, 1), done: make(chan struct{})}
	h.clients[c] = struct{}{}
	h.devices[device] = append(h.devices[device], c)
	h.recount(addr, 1)
	h.addrs[addr] = append(h.addrs[addr], c)
	if id != 0 {
		h.followed[id]++
	}
	return c, nil
}

// streamPage is what a page's stream is, given when it joins: the language it
// is said in and whether it speaks the patch protocol.
type streamPage struct {
	lang  i18n.Lang
	patch bool
}

// replace ends c for a newer stream (h.mu held).
func (h *hub) replace(c *client) {
	c.mu.Lock()
	c.replaced = true
	c.mu.Unlock()
	h.drop(c)
}

// fullest is the address holding most streams (h.mu held).
func (h *hub) fullest() string {
	for h.heaviest > 0 {
		for a := range h.byCount[h.heaviest] {
			return a
		}
		h.heaviest--
	}
	return ""
}

// recount moves addr by delta streams in byCount (before addrs changes;
// h.mu held).
func (h *hub) recount(addr string, delta int) {
	n := len(h.addrs[addr])
	if set := h.byCount[n]; set != nil {
		delete(set, addr)
		if len(set) == 0 {
			delete(h.byCount, n)
		}
	}
	n += delta
	if n <= 0 {
		return
	}
	set := h.byCount[n]
	if set == nil {
		set = map[string]struct{}{}
		h.byCount[n] = set
	}
	set[addr] = struct{}{}
	h.heaviest = max(h.heaviest, n)
}

// drop forgets c (h.mu held).
func (h *hub) drop(c *client) {
	delete(h.clients, c)
	close(c.done)
	if rest := without(h.devices[c.device], c); len(rest) > 0 {
		h.devices[c.device] = rest
	} else {
		delete(h.devices, c.device)
	}
	h.recount(c.addr, -1)
	if rest := without(h.addrs[c.addr], c); len(rest) > 0 {
		h.addrs[c.addr] = rest
	} else {
		delete(h.addrs, c.addr)
	}
	if c.event != 0 {
		if h.followed[c.event]--; h.followed[c.event] <= 0 {
			delete(h.followed, c.event)
		}
	}
}

// without is cs less c (a device's or an address's few streams).
func without(cs []*client, c *client) []*client {
	if i := slices.Index(cs, c); i >= 0 {
		return slices.Delete(cs, i, i+1)
	}
	return cs
}

// leave closes a stream.
func (h *hub) leave(c *client) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if _, ok := h.clients[c]; ok {
		h.drop(c)
	}
}

// closeAll ends every stream and refuses new ones (shutdown).
func (h *hub) closeAll() {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.closed = true
	for c := range h.clients {
		h.drop(c)
	}
}

// count is the number of open streams.
func (h *hub) count() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return len(h.clients)
}

// deviceCount is the number of devices with a stream open.
func (h *hub) deviceCount() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return len(h.devices)
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
	out := make([]event.EventID, 0, len(h.followed))
	for id := range h.followed {
		out = append(out, id)
	}
	return out
}

// publish tells the plain streams of a change's event what changed (the
// patch streams hear of it from the feed, once the change is read).
func (h *hub) publish(ch director.Change) {
	if ch.What&^(director.ChangeDirectory|director.ChangeLeague) == 0 {
		return // nothing a page of the network shows
	}
	h.each(ch.Event, func(c *client) {
		if c.patch && c.event != 0 {
			return
		}
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
	{director.ChangeRaffle, "raffle"},
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
