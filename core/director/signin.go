package director

// Staff sign-ins on the store network (issue 19): a judge's phone signs
// in with the judges' PIN, a tablet unlocks as a kiosk with the kiosk
// code. Every sign-in and every wrong PIN is logged with its device and
// address; the devices signed in are kept in the database, so that the
// organizer sees them and signs any of them out, and a restart keeps them
// signed in. A server-wide guard bounds the wrong PINs evaluated, from
// every address and device together: one person with hundreds of
// addresses gets no more tries than one with a single phone.

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"strconv"
	"sync"
	"time"

	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
	"tablekeeper/core/storage"
)

// The server-wide limit: after PINLimit wrong PINs within PINWindow, PIN
// sign-in pauses for everyone for PINWindow, or until the organizer
// resumes it (ResumePINs). Devices already signed in keep working.
const (
	PINLimit  = 20
	PINWindow = 10 * time.Minute
)

// Bounds of what the sign-ins keep.
const (
	// maxSignInLines is the sign-in log's length: older lines go. While
	// paused, refused tries add to one line, so a flood adds nothing.
	maxSignInLines = 5000
	// maxOpenSessions is the most devices of one kind signed in at once;
	// one more signs out the one signed in longest ago.
	maxOpenSessions = 256
	// maxGuardDevices bounds the devices the guard tells apart in a pause.
	maxGuardDevices = 10000
	// flushEvery is how often refused tries are added to the pause's line.
	flushEvery = 2 * time.Second
	// touchEvery is how often a session's last request is written.
	touchEvery = time.Minute
	// maxAddress bounds an address kept.
	maxAddress = 64
)

// Why a session ended (StaffSession.Why).
const (
	WhySignedOut = "signed-out"
	WhyOrganizer = "organizer"
	WhyRenewed   = "renewed"
	WhyExpired   = "expired"
)

// ErrWrongPIN is a sign-in with a wrong PIN or code (the web says which
// secret in its own sentence).
var ErrWrongPIN = errors.New("wrong PIN")

// ErrPINsPaused is a sign-in refused because PIN sign-in is paused for
// everyone, or because the limit's last tries are being checked; its
// sentence says for how long and what to do.
var ErrPINsPaused = errors.New("PIN sign-in is paused")

// StaffSession is a device signed in: a judge's phone or a kiosk tablet.
type StaffSession = storage.StaffSession

// SignInLine is a line of the sign-in log.
type SignInLine = storage.SignInLine

// SignInTry is a PIN typed on a judge's phone or a kiosk tablet.
type SignInTry struct {
	// Kind is KindJudge or KindKiosk.
	Kind   string
	Secret string
	// Device is the device's id (its cookie), "" when it has none;
	// Address its network address.
	Device, Address string
	// Event is the event a kiosk tablet unlocks for (0 for a judge).
	Event event.EventID
	// Name is the name a scorekeeper station signs in with ("" for the
	// other kinds), kept with its session.
	Name string
	// Token is the session's token, drawn by the caller and given to the
	// device; only its hash is kept.
	Token string
	// TTL is how long the session lasts.
	TTL time.Duration
}

// TokenHash is how a session token is kept: its SHA-256 in hex.
func TokenHash(token string) string {
	h := sha256.Sum256([]byte(token))
	return hex.EncodeToString(h[:])
}

// SignIn checks a PIN typed on a device and, when it is the kind's
// secret, keeps the device's session; the sign-in or the wrong PIN is
// logged with the device and address, in the same transaction. While
// PIN sign-in is paused it is ErrPINsPaused, evaluated against nothing
// and counted (not logged one by one); a wrong PIN is ErrWrongPIN. The
// guard admits at most PINLimit wrong PINs per window however many try
// at once: a try that could exceed it waits its turn as refused.
func (d *Director) SignIn(ctx context.Context, t SignInTry) error {
	if t.Kind != KindJudge && t.Kind != KindKiosk && t.Kind != KindScorekeeper {
		return event.Invalidf("a sign-in is a judge's, a kiosk's or a scorekeeper station's, not %q", t.Kind)
	}
	name, err := stationName(t.Kind, t.Name)
	if err != nil {
		return err
	}
	t.Name = name
	device, err := checkDevice(t.Device)
	if err != nil {
		return err
	}
	address := clipText(t.Address, maxAddress)
	if err := d.loadGuard(ctx); err != nil {
		return err
	}
	now := d.now()
	key := guardKey(t.Device, address)
	ok, until, flush := d.pins.admit(now, key)
	if !ok {
		if flush {
			d.flushRefused(ctx)
		}
		return pausedError(now, until)
	}
	wrong := false
	err = d.store.Write(ctx, func(tx Tx) error {
		want, _, err := tx.AppSetting(secretKey(t.Kind))
		if err != nil {
			return err
		}
		wrong = !sameSecret(t.Secret, want)
		line := SignInLine{At: now, Kind: t.Kind, Outcome: "signed-in", Device: device, Address: address, Count: 1, Devices: 1}
		if wrong {
			line.Outcome = "wrong"
		}
		if err := tx.AddSignIn(&line); err != nil {
			return err
		}
		if err := tx.TrimSignIns(maxSignInLines); err != nil {
			return err
		}
		if wrong {
			return nil
		}
		return d.keepSession(tx, StaffSession{TokenHash: TokenHash(t.Token), Kind: t.Kind, Event: int64(t.Event), Name: t.Name,
			Device: device, Address: address, Started: now, LastSeen: now, Expires: now.Add(t.TTL)})
	})
	if d.pins.done(now, key, err == nil && wrong) {
		d.startPause(ctx, now)
	}
	switch {
	case err != nil:
		return err
	case wrong:
		return ErrWrongPIN
	}
	return nil
}

// keepSession saves the session of a device that typed the right secret
// (s, with its times), forgetting sessions ended a day ago and signing out
// the oldest of its kind past the kind's bound (maxOpenSessions for staff,
// maxPlayerSessions for players' phones).
func (d *Director) keepSession(tx Tx, s StaffSession) error {
	if err := tx.PruneStaffSessions(s.Started.Add(-24 * time.Hour)); err != nil {
		return err
	}
	if err := tx.AddStaffSession(&s); err != nil {
		return err
	}
	open, err := tx.OpenStaffSessions()
	if err != nil {
		return err
	}
	limit := maxOpenSessions
	if s.Kind == KindPlayer {
		limit = maxPlayerSessions
	}
	n := 0
	for _, o := range open {
		if o.Kind == s.Kind {
			n++
		}
	}
	for _, o := range open {
		if n <= limit {
			break
		}
		if o.Kind == s.Kind {
			if _, err := tx.EndStaffSessions("", o.ID, s.Started, WhyExpired); err != nil {
				return err
			}
			n--
		}
	}
	return nil
}

// pausedError says for how long PIN sign-in is paused; until zero is a
// try refused because the limit's last tries are being checked.
func pausedError(now, until time.Time) error {
	if until.IsZero() {
		return keyedError(ErrPINsPaused, i18n.F("Many PINs are being tried on the store network at this moment; wait a minute and try again."))
	}
	m := max(1, int((until.Sub(now)+time.Minute-1)/time.Minute))
	return keyedError(ErrPINsPaused, i18n.FN(
		"Too many wrong PINs were typed on the store network, so PIN sign-in is paused for everyone for %d more minutes. Phones and tablets already signed in keep working; the organizer can resume it on the Store network panel.", m, m))
}

// NoteRefusedPIN counts in the alert a PIN try the web refused before
// SignIn (the device's or the address's own limit), so the organizer
// sees every try; it is logged only in the count of a pause.
func (d *Director) NoteRefusedPIN(ctx context.Context, device, address string) {
	if d.loadGuard(ctx) != nil {
		return
	}
	if d.pins.refuse(d.now(), guardKey(device, clipText(address, maxAddress))) {
		d.flushRefused(ctx)
	}
}

// startPause logs the start of a pause, a line the refused tries add to.
func (d *Director) startPause(ctx context.Context, now time.Time) {
	line := SignInLine{At: now, Kind: "any", Outcome: "paused"}
	if err := d.store.Write(ctx, func(tx Tx) error { return tx.AddSignIn(&line) }); err == nil {
		d.pins.setPauseLine(line.ID)
	}
}

// flushRefused adds the tries refused since the last flush to the
// pause's line: one write every flushEvery at most, however many come.
func (d *Director) flushRefused(ctx context.Context) {
	id, n, devices := d.pins.takePending(d.now())
	if id == 0 || n == 0 {
		return
	}
	if err := d.store.Write(ctx, func(tx Tx) error { return tx.CountPaused(id, n, devices) }); err != nil {
		d.pins.givePending(n, devices)
	}
}

// loadGuard reads, the first time, the last window of the sign-in log
// into the guard, so that a restart neither forgets a pause nor gives a
// guesser new tries.
func (d *Director) loadGuard(ctx context.Context) error {
	if d.pins.isLoaded() {
		return nil
	}
	var lines []SignInLine
	var resumed string
	now := d.now()
	err := d.store.Read(ctx, func(tx Tx) (err error) {
		if resumed, _, err = tx.AppSetting(resumedKey); err != nil {
			return err
		}
		lines, err = tx.SignInsSince(now.Add(-PINWindow))
		return err
	})
	if err != nil {
		return err
	}
	ms, _ := strconv.ParseInt(resumed, 10, 64)
	d.pins.load(now, lines, time.UnixMilli(ms))
	return nil
}

// resumedKey is the setting holding when the organizer last resumed PIN
// sign-in (unix milliseconds), so that a restart does not pause again.
const resumedKey = "network.pins-resumed-at"

// PINAlert is what the organizer is told of wrong PINs: how many in the
// last PINWindow (those refused while paused included), from how many
// devices, and whether PIN sign-in is paused, until when.
type PINAlert struct {
	Wrong, Devices int
	Paused         bool
	Until          time.Time
}

// Worrying reports whether the alert is worth the Round tab's room:
// sign-in is paused, or a quarter of the limit's wrong PINs were typed.
func (a PINAlert) Worrying() bool { return a.Paused || a.Wrong >= PINLimit/4 }

// Text says the alert and what to do, in the organizer's words: "23 wrong
// PINs from 17 devices in the last 10 minutes; PIN sign-in is paused…".
func (a PINAlert) Text() i18n.Text {
	wrong := i18n.FN("%d wrong PINs", a.Wrong, a.Wrong)
	from := i18n.FN("from %d devices", a.Devices, a.Devices)
	if a.Paused {
		m := int(PINWindow / time.Minute)
		return i18n.F("%s %s in the last %d minutes; PIN sign-in is paused for everyone until %s. If someone is guessing, renew the judges' PIN and the kiosk code; if it was your staff, resume sign-in.",
			wrong, from, m, a.Until.Local().Format("15:04"))
	}
	return i18n.F("%s %s in the last %d minutes. After %d, PIN sign-in pauses for everyone; if no one of your staff mistyped, renew the judges' PIN and the kiosk code.",
		wrong, from, int(PINWindow/time.Minute), PINLimit)
}

// PINAlert reads the alert of wrong PINs.
func (d *Director) PINAlert(ctx context.Context) (PINAlert, error) {
	if err := d.loadGuard(ctx); err != nil {
		return PINAlert{}, err
	}
	return d.pins.alert(d.now()), nil
}

// ResumePINs ends a pause of PIN sign-in before its time (the organizer
// saw the alert): wrong PINs typed before now no longer count toward the
// limit, though the alert still counts them.
func (d *Director) ResumePINs(ctx context.Context) error {
	d.flushRefused(ctx)
	now := d.now()
	if err := d.store.Write(ctx, func(tx Tx) error {
		return tx.SetAppSetting(resumedKey, strconv.FormatInt(now.UnixMilli(), 10))
	}); err != nil {
		return err
	}
	d.pins.resume(now)
	return nil
}

// StaffSessionOf reads the session of a device's token: open, the session
// and true; ended (signed out, renewed secret, expired), the session with
// its Why and false; unknown, the zero session and false. The session's
// last request is written at most every touchEvery, or when its address
// changes. A judge's phone's session comes with the judge it acts as in
// each event (ChooseJudge), read in the same transaction.
func (d *Director) StaffSessionOf(ctx context.Context, kind, token, address string) (StaffSession, bool, error) {
	var s StaffSession
	hash := TokenHash(token)
	err := d.store.Read(ctx, func(tx Tx) (err error) {
		if s, err = tx.StaffSessionByToken(hash); err != nil || s.Kind != KindJudge {
			return err
		}
		s.Judges, err = tx.StaffJudges(s.ID)
		return err
	})
	switch {
	case isNotFound(err):
		return StaffSession{}, false, nil
	case err != nil:
		return s, false, err
	case s.Kind != kind:
		return StaffSession{}, false, nil
	case !s.Ended.IsZero():
		return s, false, nil
	}
	now := d.now()
	if !now.Before(s.Expires) {
		s.Why = WhyExpired
		return s, false, nil
	}
	address = clipText(address, maxAddress)
	if now.Sub(s.LastSeen) >= touchEvery || address != s.Address {
		err := d.store.Write(ctx, func(tx Tx) error { return tx.TouchStaffSession(s.ID, now, address) })
		if err != nil {
			return s, false, err
		}
		s.LastSeen, s.Address = now, address
	}
	return s, true, nil
}

// ChooseJudge keeps which of event e's judges the phone signed in with
// token acts as there (its "Who are you?"), in place of its earlier
// choice: kept with the session in the database, so that a restart of
// the network keeps it. A token of no open judge's session is refused
// (ErrState), a judge who is not one of e's is ErrNotFound.
func (d *Director) ChooseJudge(ctx context.Context, token string, e event.EventID, j event.JudgeID) error {
	return d.store.Write(ctx, func(tx Tx) error {
		s, err := tx.StaffSessionByToken(TokenHash(token))
		if isNotFound(err) || err == nil && (s.Kind != KindJudge || !s.Ended.IsZero() || !d.now().Before(s.Expires)) {
			return event.Statef("this phone is not signed in as a judge; sign in with the judges' PIN first")
		}
		if err != nil {
			return err
		}
		return tx.SetStaffJudge(s.ID, e, j)
	})
}

// EndStaffSession signs out the device of token itself (the judge's Sign
// out, the kiosk's Lock).
func (d *Director) EndStaffSession(ctx context.Context, token string) error {
	return d.store.Write(ctx, func(tx Tx) error {
		s, err := tx.StaffSessionByToken(TokenHash(token))
		if isNotFound(err) {
			return nil
		}
		if err != nil {
			return err
		}
		_, err = tx.EndStaffSessions("", s.ID, d.now(), WhySignedOut)
		return err
	})
}

// SignedInDevices lists the staff devices signed in now (judges' phones,
// kiosk tablets, scorekeeper stations; not players' phones), oldest
// sign-in first.
func (d *Director) SignedInDevices(ctx context.Context) ([]StaffSession, error) {
	var open []StaffSession
	err := d.store.Read(ctx, func(tx Tx) (err error) {
		open, err = tx.OpenStaffSessions()
		return err
	})
	now := d.now()
	out := open[:0]
	for _, s := range open {
		// Players' phones are not staff devices: the panel lists staff.
		if now.Before(s.Expires) && s.Kind != KindPlayer {
			out = append(out, s)
		}
	}
	return out, err
}

// SignOutDevice signs a device out on the organizer's word: its next
// request is refused with a sentence saying so.
func (d *Director) SignOutDevice(ctx context.Context, id int64) error {
	return d.store.Write(ctx, func(tx Tx) error {
		n, err := tx.EndStaffSessions("", id, d.now(), WhyOrganizer)
		if err == nil && n == 0 {
			return event.NotFoundf("no device is signed in as number %d; list them again", id)
		}
		return err
	})
}

// SignInLog lists the newest limit lines of the sign-in log, newest
// first.
func (d *Director) SignInLog(ctx context.Context, limit int) ([]SignInLine, error) {
	var out []SignInLine
	err := d.store.Read(ctx, func(tx Tx) (err error) {
		out, err = tx.SignInLog(limit)
		return err
	})
	return out, err
}

// guardKey tells devices apart for the alert: the device's cookie, or its
// address when it sends none.
func guardKey(device, address string) string {
	if device != "" {
		return "d:" + device
	}
	return "a:" + address
}

// clipText keeps at most n bytes of s, cut on a character's start.
func clipText(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && s[n]&0xC0 == 0x80 {
		n--
	}
	return s[:n]
}

// pinGuard is the server-wide limit on wrong PINs, in memory (loaded from
// the log at first use): every sign-in asks it first, under one lock, so
// that a flood is refused without touching the database.
type pinGuard struct {
	mu     sync.Mutex
	loaded bool
	// tries are the wrong PINs evaluated within the last window.
	tries []guardTry
	// inflight are the tries admitted and not yet evaluated: each holds a
	// place under the limit.
	inflight int
	// until is the end of the pause; pauseAt its start, pauseLine its
	// line in the log.
	until, pauseAt time.Time
	pauseLine      int64
	// refused counts the tries refused in the last pause, refusedDevs the
	// devices among them (extraDevs those read back from the log).
	refused     int
	refusedDevs map[string]bool
	extraDevs   int
	// pendN and pendDevs are refused tries and new devices not yet added
	// to the pause's line; flushed is when they last were.
	pendN, pendDevs int
	flushed         time.Time
	// busyAt is the last try refused with no pause (every place held).
	busyAt time.Time
}

// guardTry is a wrong PIN evaluated; forgiven when the organizer
// resumed sign-in after it (it counts in the alert, not toward the limit).
type guardTry struct {
	at       time.Time
	key      string
	forgiven bool
}

func (g *pinGuard) isLoaded() bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.loaded
}

// load sets the guard from the log's lines of the last window.
func (g *pinGuard) load(now time.Time, lines []SignInLine, resumed time.Time) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.loaded {
		return
	}
	g.loaded = true
	for _, l := range lines {
		switch {
		case l.Outcome == "wrong":
			g.tries = append(g.tries, guardTry{at: l.At, key: guardKey(l.Device, l.Address), forgiven: !l.At.After(resumed)})
		case l.Outcome == "paused" && l.At.After(resumed) && now.Before(l.At.Add(PINWindow)):
			g.pauseAt, g.until, g.pauseLine = l.At, l.At.Add(PINWindow), l.ID
			g.refused, g.extraDevs, g.refusedDevs = l.Count, l.Devices, map[string]bool{}
		}
	}
}

// prune forgets the wrong PINs older than the window, and a pause that
// ended more than a window ago.
func (g *pinGuard) prune(now time.Time) {
	cut := now.Add(-PINWindow)
	i := 0
	for i < len(g.tries) && !g.tries[i].at.After(cut) {
		i++
	}
	g.tries = g.tries[i:]
	if g.until.IsZero() && !g.busyAt.After(cut) || !g.until.IsZero() && !g.until.After(cut) {
		g.until, g.pauseAt, g.pauseLine, g.refused, g.refusedDevs, g.extraDevs = time.Time{}, time.Time{}, 0, 0, nil, 0
	}
}

// counted is the wrong PINs that count toward the limit.
func (g *pinGuard) counted() int {
	n := 0
	for _, t := range g.tries {
		if !t.forgiven {
			n++
		}
	}
	return n
}

// admit lets a try be evaluated, holding its place under the limit; a
// try refused returns when the pause ends (zero: no pause, the places
// are all held) and whether the refused tries are due to be written.
func (g *pinGuard) admit(now time.Time, key string) (ok bool, until time.Time, flush bool) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.prune(now)
	paused := now.Before(g.until)
	if !paused && g.counted()+g.inflight < PINLimit {
		g.inflight++
		return true, time.Time{}, false
	}
	if !paused {
		return false, time.Time{}, g.refuseLocked(now, key, false)
	}
	return false, g.until, g.refuseLocked(now, key, paused)
}

// refuseLocked counts a refused try and its device; true when the
// refused tries are due to be written to the pause's line.
func (g *pinGuard) refuseLocked(now time.Time, key string, paused bool) bool {
	g.refused++
	g.pendN++
	if g.refusedDevs == nil {
		g.refusedDevs = map[string]bool{}
	}
	if !g.refusedDevs[key] && len(g.refusedDevs) < maxGuardDevices {
		g.refusedDevs[key] = true
		g.pendDevs++
	}
	if !paused {
		g.busyAt = now
		return false
	}
	return g.pauseLine != 0 && now.Sub(g.flushed) >= flushEvery
}

// refuse counts a try refused before the guard saw it.
func (g *pinGuard) refuse(now time.Time, key string) bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.prune(now)
	return g.refuseLocked(now, key, now.Before(g.until))
}

// done frees a try's place and counts it when wrong; true when that
// wrong PIN starts a pause.
func (g *pinGuard) done(now time.Time, key string, wrong bool) bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.inflight--
	if !wrong {
		return false
	}
	g.tries = append(g.tries, guardTry{at: now, key: key})
	if g.counted() < PINLimit || now.Before(g.until) {
		return false
	}
	// Refused tries before the pause (places all held) belong to it.
	g.pauseAt, g.until, g.pauseLine = now, now.Add(PINWindow), 0
	g.extraDevs = 0
	return true
}

func (g *pinGuard) setPauseLine(id int64) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.pauseLine, g.flushed = id, time.Time{}
}

// takePending hands the refused tries not yet written to the caller.
func (g *pinGuard) takePending(now time.Time) (line int64, n, devices int) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.pauseLine == 0 {
		return 0, 0, 0
	}
	line, n, devices = g.pauseLine, g.pendN, g.pendDevs
	g.pendN, g.pendDevs = 0, 0
	g.flushed = now
	return line, n, devices
}

// givePending puts back refused tries whose write failed.
func (g *pinGuard) givePending(n, devices int) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.pendN += n
	g.pendDevs += devices
}

// resume ends the pause: wrong PINs before now no longer count.
func (g *pinGuard) resume(now time.Time) {
	g.mu.Lock()
	defer g.mu.Unlock()
	for i := range g.tries {
		g.tries[i].forgiven = true
	}
	if now.Before(g.until) {
		g.until = now
	}
}

// alert counts the wrong PINs of the last window and their devices.
func (g *pinGuard) alert(now time.Time) PINAlert {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.prune(now)
	devs := map[string]bool{}
	for _, t := range g.tries {
		devs[t.key] = true
	}
	for k := range g.refusedDevs {
		devs[k] = true
	}
	a := PINAlert{Wrong: len(g.tries) + g.refused, Devices: len(devs) + g.extraDevs}
	if now.Before(g.until) {
		a.Paused, a.Until = true, g.until
	}
	return a
}
