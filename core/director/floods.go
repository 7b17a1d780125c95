package director

// Floods of guesses (issue 27). No budget of the store network is kept
// per target (a player, a table, the staff secrets): a stranger who spent
// it would lock the honest person out. The budgets are each device's and
// each address's (ui/web/limit.go), and this file makes sure the
// organizer sees every flood anyway: every wrong player code, table code
// and PIN, and every try a budget refused, is counted here in memory, by
// kind, with the distinct devices and addresses it came from in the last
// FloodWindow. Nothing is written per guess: the counts are one
// database-wide setting (floodSettingKey) rewritten in place at most every
// floodFlushEvery, so that `network alert` run beside the serving process
// reads them, and a restart does not forget a flood under way.

import (
	"context"
	"encoding/json"
	"sync"
	"time"

	"tablekeeper/core/i18n"
)

// GuessKind names what a guess tried to find.
type GuessKind int

// The kinds of guesses the store network counts.
const (
	// GuessPIN is a staff secret: the judges' PIN, the kiosk code, the
	// scorekeeper code.
	GuessPIN GuessKind = iota
	// GuessPlayerCode is a player code typed to sign a phone in.
	GuessPlayerCode
	// GuessTableCode is a table's code typed with a result.
	GuessTableCode
	guessKinds
)

// FloodWindow is how far back the alert counts.
const FloodWindow = 10 * time.Minute

// Bounds of the flood watch.
const (
	// maxFloodKeys bounds the devices, and the addresses, told apart per
	// kind; past it the alert says "at least" that many.
	maxFloodKeys = 20000
	// floodFlushEvery is how often, at most, the counts are written.
	floodFlushEvery = 5 * time.Second
	// floodSettingKey is the setting holding the last counts written.
	floodSettingKey = "network.floods"
)

// The Round tab shows the alert from this many guesses of a kind on: a
// few wrong codes are honest typing slips.
const (
	worryingPINs  = 5
	worryingCodes = 20
)

// Flood is what the alert says of one kind of guesses in the last
// FloodWindow: the tries (wrong, or refused by a budget before being
// read), and the devices and addresses they came from (Devices counts a
// device without a cookie by its address). Full is set when more devices
// or addresses came than the watch tells apart (maxFloodKeys): the counts
// are then at least that.
type Flood struct {
	Tries, Devices, Addresses int
	Full                      bool
}

// NetworkAlert is the alert of guesses on the store network.
type NetworkAlert struct {
	// PIN, PlayerCode and TableCode are each kind's flood.
	PIN, PlayerCode, TableCode Flood
}

// Any reports whether any guess came in the last FloodWindow.
func (a NetworkAlert) Any() bool {
	return a.PIN.Tries > 0 || a.PlayerCode.Tries > 0 || a.TableCode.Tries > 0
}

// Worrying reports whether the alert is worth the Round tab's room: more
// than typing slips.
func (a NetworkAlert) Worrying() bool {
	return a.PIN.Tries >= worryingPINs || a.PlayerCode.Tries >= worryingCodes || a.TableCode.Tries >= worryingCodes
}

// Lines says the alert, one sentence a kind that had guesses, with what
// to do, in the organizer's words: "23 wrong PINs from 17 devices and 17
// network addresses in the last 10 minutes. …".
func (a NetworkAlert) Lines() []i18n.Text {
	m := int(FloodWindow / time.Minute)
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

// NoteGuess counts a guess of kind (wrong, or refused by a budget) from
// a device (its id, "" without one) at an address. It writes nothing but,
// at most every floodFlushEvery, the one setting of the counts.
func (d *Director) NoteGuess(ctx context.Context, kind GuessKind, device, address string) {
	if kind < 0 || kind >= guessKinds {
		return
	}
	now := d.now()
	address = clipText(address, maxAddress)
	if d.floods.note(now, kind, guardKey(device, address), address) {
		d.flushFloods(ctx, now)
	}
}

// SaveNetworkAlert writes the counts not yet written now, rather than
// within floodFlushEvery (the network stopping, a test).
func (d *Director) SaveNetworkAlert(ctx context.Context) {
	now := d.now()
	if d.floods.take() {
		d.flushFloods(ctx, now)
	}
}

// flushFloods writes the counts as they are at now.
func (d *Director) flushFloods(ctx context.Context, now time.Time) {
	saved := d.floods.saved(now)
	raw, err := json.Marshal(saved)
	if err != nil {
		return
	}
	err = d.store.Write(ctx, func(tx Tx) error { return tx.SetAppSetting(floodSettingKey, string(raw)) })
	if err != nil {
		d.floods.unflushed()
	}
}

// NetworkAlert reads the alert of guesses: this process's counts when it
// serves the network, otherwise (`network alert` beside a running serve,
// or just after a restart) the counts the serving process last wrote,
// while they are recent.
func (d *Director) NetworkAlert(ctx context.Context) (NetworkAlert, error) {
	now := d.now()
	if d.floods.due(now) {
		d.flushFloods(ctx, now)
	}
	if a, ok := d.floods.alert(now); ok {
		return a, nil
	}
	var raw string
	err := d.store.Read(ctx, func(tx Tx) (err error) {
		raw, _, err = tx.AppSetting(floodSettingKey)
		return err
	})
	if err != nil || raw == "" {
		return NetworkAlert{}, err
	}
	var s savedFloods
	if json.Unmarshal([]byte(raw), &s) != nil || !now.Before(s.At.Add(FloodWindow)) || s.At.After(now) {
		return NetworkAlert{}, nil
	}
	return s.Alert, nil
}

// savedFloods is the setting floodSettingKey: the alert as it was at At.
type savedFloods struct {
	At    time.Time    `json:"at"`
	Alert NetworkAlert `json:"alert"`
}

// floodWatch is the in-memory count of guesses, one floodKind a kind.
type floodWatch struct {
	mu      sync.Mutex
	kinds   [guessKinds]floodKind
	flushed time.Time
	dirty   bool
}

// floodSlots is how many minutes of counts a kind keeps: the window's.
const floodSlots = int(FloodWindow / time.Minute)

// floodKind counts one kind's guesses by the minute (a ring of the
// window's minutes) and remembers when each device and address last
// guessed, each map bounded by maxFloodKeys. Noting a guess is O(1); the
// maps are swept of keys past the window when full, at most once a
// minute.
type floodKind struct {
	counts  [floodSlots]int
	minutes [floodSlots]int64
	devices map[string]time.Time
	addrs   map[string]time.Time
	// full is when a map was last found full after a sweep (the next
	// sweep waits a minute); overflow says keys were left out since.
	full     time.Time
	overflow bool
}

// note counts a guess; true when the counts are due to be written.
func (w *floodWatch) note(now time.Time, kind GuessKind, device, address string) bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	k := &w.kinds[kind]
	minute := now.Unix() / 60
	slot := int(minute % int64(floodSlots))
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
	if now.Sub(w.flushed) < floodFlushEvery {
		return false
	}
	w.flushed, w.dirty = now, false
	return true
}

// remember notes that key guessed at now in m, within maxFloodKeys.
func (k *floodKind) remember(now time.Time, m map[string]time.Time, key string) {
	if _, ok := m[key]; ok || len(m) < maxFloodKeys {
		m[key] = now
		return
	}
	if now.Sub(k.full) >= time.Minute {
		k.sweep(now)
		if len(m) < maxFloodKeys {
			m[key] = now
			return
		}
		k.full = now
	}
	k.overflow = true
}

// sweep forgets the devices and addresses that last guessed before the
// window.
func (k *floodKind) sweep(now time.Time) {
	cut := now.Add(-FloodWindow)
	for _, m := range []map[string]time.Time{k.devices, k.addrs} {
		for key, at := range m {
			if !at.After(cut) {
				delete(m, key)
			}
		}
	}
	if now.Sub(k.full) >= FloodWindow {
		k.overflow = false
	}
}

// flood is the kind's count in the window ending at now.
func (k *floodKind) flood(now time.Time) Flood {
	minute := now.Unix() / 60
	var f Flood
	for i, m := range k.minutes {
		if m > minute-int64(floodSlots) && m <= minute {
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
func (w *floodWatch) alert(now time.Time) (NetworkAlert, bool) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.flushed.IsZero() {
		return NetworkAlert{}, false
	}
	return NetworkAlert{PIN: w.kinds[GuessPIN].flood(now), PlayerCode: w.kinds[GuessPlayerCode].flood(now),
		TableCode: w.kinds[GuessTableCode].flood(now)}, true
}

// saved is the counts to write at now.
func (w *floodWatch) saved(now time.Time) savedFloods {
	a, _ := w.alert(now)
	return savedFloods{At: now, Alert: a}
}

// due reports whether counts not yet written are due to be, and if so
// takes the turn to write them.
func (w *floodWatch) due(now time.Time) bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	if !w.dirty || now.Sub(w.flushed) < floodFlushEvery {
		return false
	}
	w.flushed, w.dirty = now, false
	return true
}

// take reports whether counts are not yet written, and if so takes the
// turn to write them.
func (w *floodWatch) take() bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	if !w.dirty {
		return false
	}
	w.dirty = false
	return true
}

// unflushed marks the counts as not written (the write failed).
func (w *floodWatch) unflushed() {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.dirty = true
	w.flushed = w.flushed.Add(-floodFlushEvery)
}
