// Package floods is the store network's flood watch (issue 27). No
// budget of the store network is kept per target (a player, a table, the
// staff secrets): a stranger who spent it would lock the honest person
// out. The budgets are each device's and each address's (ui/web/limit.go),
// and this package makes sure the organizer sees every flood anyway:
// every wrong player code, table code and PIN, and every try a budget
// refused, is counted here in memory, by kind, with the distinct devices
// and addresses it came from in the last Window. Nothing is written per
// guess: the counts are one database-wide setting (Store) rewritten in
// place at most every flushEvery, so that `network alert` run beside the
// serving process reads them, and a restart does not forget a flood
// under way.
package floods

import (
	"context"
	"encoding/json"
	"sync"
	"time"

	"tablekeeper/core/director"
	"tablekeeper/core/i18n"
)

// Store keeps the last counts written: one setting of the database
// (director.Director is one).
type Store interface {
	// FloodCounts reads the counts last saved ("" when none).
	FloodCounts(ctx context.Context) (string, error)
	// SaveFloodCounts rewrites them in place.
	SaveFloodCounts(ctx context.Context, raw string) error
}

// Kind names what a guess tried to find.
type Kind int

// The kinds of guesses the store network counts.
const (
	// PIN is a staff secret: the judges' PIN, the kiosk code, the
	// scorekeeper code.
	PIN Kind = iota
	// PlayerCode is a player code typed to sign a phone in.
	PlayerCode
	// TableCode is a table's code typed with a result.
	TableCode
	kinds
)

// Window is how far back the alert counts.
const Window = 10 * time.Minute

// Bounds of the flood watch.
const (
	// maxKeys bounds the devices, and the addresses, told apart per
	// kind; past it the alert says "at least" that many.
	maxKeys = 20000
	// flushEvery is how often, at most, the counts are written.
	flushEvery = 5 * time.Second
	// maxAddress bounds an address kept (as the director's sign-in log
	// keeps it).
	maxAddress = 64
)

// The Round tab shows the alert from this many guesses of a kind on: a
// few wrong codes are honest typing slips.
const (
	worryingPINs  = 5
	worryingCodes = 20
)

// Flood is what the alert says of one kind of guesses in the last
// Window: the tries (wrong, or refused by a budget before being
// read), and the devices and addresses they came from (Devices counts a
// device without a cookie by its address). Full is set when more devices
// or addresses came than the watch tells apart (maxKeys): the counts
// are then at least that.
type Flood struct {
	Tries, Devices, Addresses int
	Full                      bool
}

// Alert is the alert of guesses on the store network.
type Alert struct {
	// PIN, PlayerCode and TableCode are each kind's flood.
	PIN, PlayerCode, TableCode Flood
}

// Any reports whether any guess came in the last Window.
func (a Alert) Any() bool {
	return a.PIN.Tries > 0 || a.PlayerCode.Tries > 0 || a.TableCode.Tries > 0
}

// Worrying reports whether the alert is worth the Round tab's room: more
// than typing slips.
func (a Alert) Worrying() bool {
	return a.PIN.Tries >= worryingPINs || a.PlayerCode.Tries >= worryingCodes || a.TableCode.Tries >= worryingCodes
}

// Lines says the alert, one sentence a kind that had guesses, with what
// to do, in the organizer's words: "23 wrong PINs from 17 devices and 17
// network addresses in the last 10 minutes. …".
func (a Alert) Lines() []i18n.Text {
	m := int(Window / time.Minute)
	var out []i18n.Text
	if f := a.PIN; f.Tries > 0 {
		out = append(out, i18n.F("%s %s in the last %d minutes. No one is locked out by them; if no one of your staff mistyped, renew the judges' PIN, the kiosk code and the scorekeeper code.",
			i18n.FN("%d wrong PINs", f.Tries, f.Tries), f.from(), m))
	}
	if f := a.PlayerCode; f.Tries > 0 {
		out = append(out, i18n.F("%s %s in the last %d minutes. Each phone and address gets only a few tries, so players typing their own code still sign in; if it goes on, look for who is guessing.",
			i18n.FN("%d wrong player codes", f.Tries, f.Tries), f.from(), m))
	}
	if f := a.TableCode; f.Tries > 0 {
		out = append(out, i18n.F("%s %s in the last %d minutes. Each phone and address gets only a few tries, so players typing their table's code still report; if it goes on, look for who is guessing.",
			i18n.FN("%d wrong table codes", f.Tries, f.Tries), f.from(), m))
	}
	return out
}

// from says where a kind's guesses came from: "from 17 devices and 12
// network addresses" (at least, past the watch's bound).
func (f Flood) from() i18n.Text {
	devices := i18n.FN("%d devices", f.Devices, f.Devices)
	addrs := i18n.FN("%d network addresses", f.Addresses, f.Addresses)
	if f.Full {
		return i18n.F("from at least %s and %s", devices, addrs)
	}
	return i18n.F("from %s and %s", devices, addrs)
}

// Watch is the in-memory count of guesses, one kind a kindCount, over
// the Store its counts are saved in. The web server holds the one of its
// process (web.Config.Floods); the desk reads the same.
type Watch struct {
	store Store
	now   func() time.Time

	mu      sync.Mutex
	kinds   [kinds]kindCount
	flushed time.Time
	dirty   bool
}

// New is a watch over store, on the clock now.
func New(store Store, now func() time.Time) *Watch {
	return &Watch{store: store, now: now}
}

// Note counts a guess of kind (wrong, or refused by a budget) from a
// device (its id, "" without one) at an address. It writes nothing but,
// at most every flushEvery, the one setting of the counts.
func (w *Watch) Note(ctx context.Context, kind Kind, device, address string) {
	if kind < 0 || kind >= kinds {
		return
	}
	now := w.now()
	address = director.ClipText(address, maxAddress)
	if w.note(now, kind, deviceKey(device, address), address) {
		w.flush(ctx, now)
	}
}

// Save writes the counts not yet written now, rather than within
// flushEvery (the network stopping, a test).
func (w *Watch) Save(ctx context.Context) {
	now := w.now()
	if w.take() {
		w.flush(ctx, now)
	}
}

// flush writes the counts as they are at now.
func (w *Watch) flush(ctx context.Context, now time.Time) {
	raw, err := json.Marshal(w.saved(now))
	if err != nil {
		return
	}
	if w.store.SaveFloodCounts(ctx, string(raw)) != nil {
		w.unflushed()
	}
}

// Alert reads the alert of guesses: this watch's counts when its process
// serves the network, otherwise (`network alert` beside a running serve,
// or just after a restart) the counts the serving process last wrote,
// while they are recent.
func (w *Watch) Alert(ctx context.Context) (Alert, error) {
	now := w.now()
	if w.due(now) {
		w.flush(ctx, now)
	}
	if a, ok := w.alert(now); ok {
		return a, nil
	}
	raw, err := w.store.FloodCounts(ctx)
	if err != nil || raw == "" {
		return Alert{}, err
	}
	var s savedCounts
	if json.Unmarshal([]byte(raw), &s) != nil || !now.Before(s.At.Add(Window)) || s.At.After(now) {
		return Alert{}, nil
	}
	return s.Alert, nil
}

// savedCounts is the setting the Store keeps: the alert as it was at At.
type savedCounts struct {
	At    time.Time `json:"at"`
	Alert Alert     `json:"alert"`
}

// slots is how many minutes of counts a kind keeps: the window's.
const slots = int(Window / time.Minute)

// kindCount counts one kind's guesses by the minute (a ring of the
// window's minutes) and remembers when each device and address last
// guessed, each map bounded by maxKeys. Noting a guess is O(1); the
// maps are swept of keys past the window when full, at most once a
// minute.
type kindCount struct {
	counts  [slots]int
	minutes [slots]int64
	devices map[string]time.Time
	addrs   map[string]time.Time
	// full is when a map was last found full after a sweep (the next
	// sweep waits a minute); overflow says keys were left out since.
	full     time.Time
	overflow bool
}

// note counts a guess; true when the counts are due to be written.
func (w *Watch) note(now time.Time, kind Kind, device, address string) bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	k := &w.kinds[kind]
	minute := now.Unix() / 60
	slot := int(minute % int64(slots))
	if k.minutes[slot] != minute {
		k.minutes[slot], k.counts[slot] = minute, 0
	}
	k.counts[slot]++
	if k.devices == nil {
		k.devices, k.addrs = map[string]time.Time{}, map[string]time.Time{}
	}
	k.remember(now, k.devices, device)
	k.remember(now, k.addrs, address)
	w.dirty = true
	if now.Sub(w.flushed) < flushEvery {
		return false
	}
	w.flushed, w.dirty = now, false
	return true
}

// remember notes that key guessed at now in m, within maxKeys.
func (k *kindCount) remember(now time.Time, m map[string]time.Time, key string) {
	if _, ok := m[key]; ok || len(m) < maxKeys {
		m[key] = now
		return
	}
	if now.Sub(k.full) >= time.Minute {
		k.sweep(now)
		if len(m) < maxKeys {
			m[key] = now
			return
		}
		k.full = now
	}
	k.overflow = true
}

// sweep forgets the devices and addresses that last guessed before the
// window.
func (k *kindCount) sweep(now time.Time) {
	cut := now.Add(-Window)
	for _, m := range []map[string]time.Time{k.devices, k.addrs} {
		for key, at := range m {
			if !at.After(cut) {
				delete(m, key)
			}
		}
	}
	if now.Sub(k.full) >= Window {
		k.overflow = false
	}
}

// flood is the kind's count in the window ending at now.
func (k *kindCount) flood(now time.Time) Flood {
	minute := now.Unix() / 60
	var f Flood
	for i, m := range k.minutes {
		if m > minute-int64(slots) && m <= minute {
			f.Tries += k.counts[i]
		}
	}
	if f.Tries == 0 {
		return Flood{}
	}
	k.sweep(now)
	f.Devices, f.Addresses, f.Full = len(k.devices), len(k.addrs), k.overflow
	return f
}

// alert is the watch's alert at now; false when this process has
// counted nothing yet (it is not the one serving the network, or has
// just started).
func (w *Watch) alert(now time.Time) (Alert, bool) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.flushed.IsZero() {
		return Alert{}, false
	}
	return Alert{PIN: w.kinds[PIN].flood(now), PlayerCode: w.kinds[PlayerCode].flood(now),
		TableCode: w.kinds[TableCode].flood(now)}, true
}

// saved is the counts to write at now.
func (w *Watch) saved(now time.Time) savedCounts {
	a, _ := w.alert(now)
	return savedCounts{At: now, Alert: a}
}

// due reports whether counts not yet written are due to be, and if so
// takes the turn to write them.
func (w *Watch) due(now time.Time) bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	if !w.dirty || now.Sub(w.flushed) < flushEvery {
		return false
	}
	w.flushed, w.dirty = now, false
	return true
}

// take reports whether counts are not yet written, and if so takes the
// turn to write them.
func (w *Watch) take() bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	if !w.dirty {
		return false
	}
	w.dirty = false
	return true
}

// unflushed marks the counts as not written (the write failed).
func (w *Watch) unflushed() {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.dirty = true
	w.flushed = w.flushed.Add(-flushEvery)
}

// deviceKey tells devices apart for the alert: the device's cookie, or
// its address when it sends none.
func deviceKey(device, address string) string {
	if device != "" {
		return "d:" + device
	}
	return "a:" + address
}
