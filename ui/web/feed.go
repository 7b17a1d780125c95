package web

import (
	"encoding/json"
	"net/http"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
)

// The feed: what a patch stream carries. After a change the warmer reads
// the event again (warm.go) and diffs the new Board against the one it
// read before: one diff per change, shared by every stream, rather than a
// richer notification from the director (whose subscribers would each
// have to agree on what a page shows). The diff becomes one numbered
// patch, said once in each language pages are asked in:
//
//	id: <epoch>-<seq>
//	event: patch
//	data: {"seq":12,"round":4,"tables":[{"number":7,"result":"2–1"}],"standings":{"in":431,"of":512}}
//
//   - tables: results of the current round that changed, as the pairings
//     write them; a page sets them in place.
//   - standings: the standings moved (a result, a drop); "in" of "of" results
//     of the round are in. One result moves points, ranks and opponents'
//     tiebreakers of many rows, so the rows are not sent: a standings view
//     refetches them at most every ~25 s (jittered) while results come,
//     and once more when the round is complete (in == of).
//   - also: what else changed that no patch carries, for the pages that
//     show it ("judgelog", "clock", "raffle"): a judge's phone reloads
//     for a penalty, not for a result; the TV for a raffle.
//   - shows_waiting: the projector's list changes (director.ShowsWaiting,
//     time aside: three tables in four are in, or the last one is).
//   - reload: a round was paired, published or withdrawn, or the event
//     changed: a page refetches what it shows, after a random delay so a
//     room of phones does not ask in the same second.
//
// The feed keeps the last feedKeep patches of each event. A stream opens
// with "hello": {"seq":N,"reset":true} when the page must load what it
// shows (a new page, or one whose last id is too old or from another run
// of the server), {"seq":N} when its browser reconnected in time and the
// patches it missed follow at once. A page that sees a seq other than
// the one after its last knows it lost patches and refetches.

// feedKeep is how many patches of an event a reconnecting page can
// catch up on: a phone's Wi-Fi gap of a minute at a result every 100 ms.
const feedKeep = 600

// feedLog is one event's recent patches. Streams read it without a lock
// (a thousand of them after each result): each patch is written once, in
// its own slot, before the last patch's number says it is there.
type feedLog struct {
	mu   sync.Mutex    // one append at a time
	seq  atomic.Uint64 // the last patch's number (0: none yet)
	ring [feedKeep]atomic.Pointer[feedPatch]
}

// feedPatch is one patch of a feed, said in each language pages asked in.
type feedPatch struct {
	seq  uint64
	msgs map[i18n.Lang]string
}

// patchJSON is one patch's data.
type patchJSON struct {
	Seq       uint64          `json:"seq"`
	Round     int             `json:"round,omitempty"`
	Tables    []patchTable    `json:"tables,omitempty"`
	Standings *standingsMoved `json:"standings,omitempty"`
	Also      []string        `json:"also,omitempty"`
	// ShowsWaiting is set when the projector's list changes.
	ShowsWaiting *bool `json:"shows_waiting,omitempty"`
	Reload       bool  `json:"reload,omitempty"`
}

// alsoKinds are the kinds of change a patch names in Also.
const alsoKinds = director.ChangeJudgeLog | director.ChangeClock | director.ChangeRaffle

// patchTable is a table's new result (null: out again); Seats carries
// each seat's score and mark at a multiplayer table.
type patchTable struct {
	Number int        `json:"number"`
	Result *string    `json:"result"`
	Seats  []seatJSON `json:"seats,omitempty"`
}

// standingsMoved says the standings changed and how far the round is.
type standingsMoved struct {
	In int `json:"in"`
	Of int `json:"of"`
}

// diffBoards is the patch from prev to b, for changes of kinds what; nil
// when a page has nothing to change.
func diffBoards(l i18n.Lang, prev, b director.Board, what director.ChangeKind) *patchJSON {
	p := &patchJSON{}
	if reshaped(prev, b) {
		p.Reload = true
		return p
	}
	// The tables are compared whatever the kinds say: a change whose
	// kinds an earlier read took may show only in this board.
	s := b.Event().Settings
	for i, t := range b.Current.Tables {
		if t.Bye || reflect.DeepEqual(t.Result, prev.Current.Tables[i].Result) {
			continue
		}
		p.Tables = append(p.Tables, patchOf(l, s, t))
	}
	if len(p.Tables) > 0 {
		p.Round = b.Current.Round.Number
	}
	if len(p.Tables) > 0 || what.Has(director.ChangeResult|director.ChangeRegistration) {
		in, of := resultsIn(b)
		p.Standings = &standingsMoved{In: in, Of: of}
	}
	if also := what & alsoKinds; also != 0 {
		p.Also = changeWords(also)
	}
	if w := showsWaiting(b); w != showsWaiting(prev) {
		p.ShowsWaiting = &w
	}
	if p.Tables == nil && p.Standings == nil && p.Also == nil && p.ShowsWaiting == nil {
		return nil
	}
	return p
}

// showsWaiting is whether the projector lists the tables still out, the
// round's clock aside (the page asks again when time is up).
func showsWaiting(b director.Board) bool {
	in, of := resultsIn(b)
	return director.ShowsWaiting(of-in, of, false)
}

// reshaped reports whether b differs from prev by more than results
// and registrations: the event's name, settings or state, a round paired,
// published or withdrawn, a table's players. The kinds of the change do
// not say it (a report saves its table's code as a round change).
func reshaped(prev, b director.Board) bool {
	pe, e := prev.Event(), b.Event()
	if pe.Name != e.Name || pe.State != e.State || !reflect.DeepEqual(pe.Settings, e.Settings) || len(prev.Rounds) != len(b.Rounds) {
		return true
	}
	for i, r := range b.Rounds {
		if pr := prev.Rounds[i]; pr.Number != r.Number || pr.Published() != r.Published() {
			return true
		}
	}
	pc, c := prev.Current, b.Current
	if pc.Round.Number != c.Round.Number || len(pc.Tables) != len(c.Tables) {
		return true
	}
	for i, t := range c.Tables {
		pt := pc.Tables[i]
		if pt.Number != t.Number || pt.Bye != t.Bye || len(pt.Players) != len(t.Players) {
			return true
		}
		for j, p := range t.Players {
			if pt.Players[j].Entry != p.Entry {
				return true
			}
		}
	}
	return false
}

// patchOf is table t of the current round as a patch.
func patchOf(l i18n.Lang, s event.Settings, t director.SheetTable) patchTable {
	tj := tableOf(l, s, t)
	out := patchTable{Number: t.Number, Result: tj.Result}
	for _, p := range tj.Players {
		if p.Score != "" || p.Mark != "" {
			out.Seats = append(out.Seats, seatJSON{Name: p.Name, Score: p.Score, Mark: p.Mark})
		}
	}
	return out
}

// resultsIn counts the current round's tables with a result, of those
// that play (byes left out).
func resultsIn(b director.Board) (in, of int) {
	for _, t := range b.Current.Tables {
		if t.Bye {
			continue
		}
		of++
		if t.Result != nil {
			in++
		}
	}
	return in, of
}

// feedID is a patch's SSE id.
func (h *hub) feedID(seq uint64) string { return h.epoch + "-" + strconv.FormatUint(seq, 10) }

// feed is event id's feed, made when first asked for.
func (h *hub) feed(id event.EventID) *feedLog {
	h.mu.Lock()
	defer h.mu.Unlock()
	f := h.feeds[id]
	if f == nil {
		f = &feedLog{}
		h.feeds[id] = f
	}
	return f
}

// append adds the patch built by say (in each language) to event id's
// feed and wakes its patch streams. The patch is made outside the hub's
// lock: the streams go on sending meanwhile.
func (h *hub) append(id event.EventID, langs []i18n.Lang, say func(i18n.Lang, uint64) *patchJSON) {
	f := h.feed(id)
	f.mu.Lock()
	seq := f.seq.Load() + 1
	msgs := map[i18n.Lang]string{}
	for _, l := range langs {
		p := say(l, seq)
		if p == nil {
			f.mu.Unlock()
			return
		}
		raw, _ := json.Marshal(p)
		msgs[l] = "id: " + h.feedID(seq) + "\n" + sse("patch", raw)
	}
	f.put(seq, msgs)
	f.mu.Unlock()
	h.mu.Lock()
	var wake []*client
	for c := range h.clients {
		if c.patch && c.event == id {
			wake = append(wake, c)
		}
	}
	h.mu.Unlock()
	for _, c := range wake {
		c.poke()
	}
}

// put stores patch seq, then says it is there (f.mu held).
func (f *feedLog) put(seq uint64, msgs map[i18n.Lang]string) {
	f.ring[seq%feedKeep].Store(&feedPatch{seq: seq, msgs: msgs})
	f.seq.Store(seq)
}

// skip numbers a patch of event id that no stream will carry, as if
// every page lost it (tests: the next patch comes with a seq one too far).
func (h *hub) skip(id event.EventID) {
	f := h.feed(id)
	f.mu.Lock()
	defer f.mu.Unlock()
	lost := map[i18n.Lang]string{}
	for _, l := range i18n.Langs() {
		lost[l] = ""
	}
	f.put(f.seq.Load()+1, lost)
}

// mark is the id of event id's last patch: a page built after it shows
// what that patch and the ones before say, and opens its stream from it
// (?last=) to get every patch after, none lost between the page and the
// stream.
func (h *hub) mark(id event.EventID) string {
	return h.feedID(h.feed(id).seq.Load())
}

// feedMark is mark of the event in r's address ("" for none).
func (s *Server) feedMark(r *http.Request) string {
	id, err := eventID(r)
	if err != nil {
		return ""
	}
	return s.hub.mark(id)
}

// resume sets where stream c starts in its event's feed, from the id of
// the last message its page had, and returns its hello (c.mu held).
func (h *hub) resume(c *client, last string) string {
	c.feed = h.feed(c.event)
	seq := c.feed.seq.Load()
	c.sent = seq
	reset := true
	if rest, ok := strings.CutPrefix(last, h.epoch+"-"); ok {
		if n, err := strconv.ParseUint(rest, 10, 64); err == nil && n <= seq && seq-n < feedKeep {
			c.sent, reset = n, false
		}
	}
	data := `{"seq":` + strconv.FormatUint(c.sent, 10)
	if reset {
		data += `,"reset":true`
	}
	return "id: " + h.feedID(c.sent) + "\n" + sse("hello", []byte(data+"}"))
}

// since is the patches stream c has not had yet, in its language (a
// hello with reset when it fell too far behind to catch up). Only c's
// own stream calls it; it takes no lock.
func (h *hub) since(c *client) string {
	f := c.feed
	if f == nil {
		return ""
	}
	seq := f.seq.Load()
	if c.sent >= seq {
		return ""
	}
	reset := func() string {
		c.sent = seq
		return "id: " + h.feedID(seq) + "\n" + sse("hello", []byte(`{"seq":`+strconv.FormatUint(seq, 10)+`,"reset":true}`))
	}
	if seq-c.sent >= feedKeep {
		return reset()
	}
	var b strings.Builder
	for n := c.sent + 1; n <= seq; n++ {
		p := f.ring[n%feedKeep].Load()
		if p == nil || p.seq != n {
			return reset() // written over while this stream was behind
		}
		m, ok := p.msgs[c.lang]
		if !ok {
			// A language first asked after the patch was said: the
			// page reloads instead.
			return reset()
		}
		b.WriteString(m)
	}
	c.sent = seq
	return b.String()
}
