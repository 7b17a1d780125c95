package director

// Staff sign-ins on the store network (issue 19): a judge's phone signs
// in with the judges' PIN, a tablet unlocks as a kiosk with the kiosk
// code. Every sign-in is logged with its device and address; the devices
// signed in are kept in the database, so that the organizer sees them and
// signs any of them out, and a restart keeps them signed in. Wrong PINs
// are bounded by each device's and each address's own budget (the web's
// rateWrongPIN; secrets.go has the arithmetic), never by one budget
// shared by everyone: a stranger spending it would keep every new judge,
// tablet and station out (issue 27). The web counts them in its flood
// watch (ui/web/floods), which the organizer sees, keeping the counts in
// one setting (FloodCounts); a wrong PIN writes nothing here.

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"time"

	"tablekeeper/core/event"
	"tablekeeper/core/storage"
)

// Bounds of what the sign-ins keep.
const (
	// maxSignInLines is the sign-in log's length: older lines go.
	maxSignInLines = 5000
	// maxOpenSessions is the most devices of one kind signed in at once;
	// one more signs out the one signed in longest ago.
	maxOpenSessions = 256
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
// secret, keeps the device's session and logs the sign-in with the device
// and address, in one transaction. A wrong PIN is ErrWrongPIN: it writes
// nothing; the web bounds the tries of each device and address, and
// counts the wrong ones.
func (d *Phones) SignIn(ctx context.Context, t SignInTry) error {
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
	address := ClipText(t.Address, maxAddress)
	now := d.now()
	// A wrong PIN is found in a read: a flood of them never queues for
	// the one writer the honest sign-ins and results need.
	err = d.store.Read(ctx, func(tx Tx) error {
		want, _, err := tx.AppSetting(secretKey(t.Kind))
		if err == nil && !sameSecret(t.Secret, want) {
			err = ErrWrongPIN
		}
		return err
	})
	if err == nil {
		err = d.store.Write(ctx, func(tx Tx) error {
			want, _, err := tx.AppSetting(secretKey(t.Kind))
			if err != nil {
				return err
			}
			if !sameSecret(t.Secret, want) {
				return ErrWrongPIN
			}
			line := SignInLine{At: now, Kind: t.Kind, Outcome: "signed-in", Device: device, Address: address, Count: 1, Devices: 1}
			if err := tx.AddSignIn(&line); err != nil {
				return err
			}
			if err := tx.TrimSignIns(maxSignInLines); err != nil {
				return err
			}
			return d.keepSession(tx, StaffSession{TokenHash: TokenHash(t.Token), Kind: t.Kind, Event: int64(t.Event), Name: t.Name,
				Device: device, Address: address, Started: now, LastSeen: now, Expires: now.Add(t.TTL)})
		})
	}
	return err
}

// keepSession saves the session of a device that typed the right secret
// (s, with its times), forgetting sessions ended a day ago and signing out
// the oldest of its kind past the kind's bound (maxOpenSessions for staff,
// maxPlayerSessions for players' phones).
func (d *core) keepSession(tx Tx, s StaffSession) error {
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

// StaffSessionOf reads the session of a device's token: open, the session
// and true; ended (signed out, renewed secret, expired), the session with
// its Why and false; unknown, the zero session and false. The session's
// last request is written at most every touchEvery, or when its address
// changes. A judge's phone's session comes with the judge it acts as in
// each event (ChooseJudge), read in the same transaction.
func (d *Phones) StaffSessionOf(ctx context.Context, kind, token, address string) (StaffSession, bool, error) {
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
	address = ClipText(address, maxAddress)
	if now.Sub(s.LastSeen) >= touchEvery || address != s.Address {
		err := d.store.Write(ctx, func(tx Tx) error { return tx.TouchStaffSession(s.ID, now, address) })
		switch {
		case errors.Is(err, storage.ErrStandby):
			// A standby reads the session; the note of its last request
			// waits for a write that reaches the leader.
		case err != nil:
			return s, false, err
		default:
			s.LastSeen, s.Address = now, address
		}
	}
	return s, true, nil
}

// ChooseJudge keeps which of event e's judges the phone signed in with
// token acts as there (its "Who are you?"), in place of its earlier
// choice: kept with the session in the database, so that a restart of
// the network keeps it. A token of no open judge's session is refused
// (ErrState), a judge who is not one of e's is ErrNotFound.
func (d *Phones) ChooseJudge(ctx context.Context, token string, e event.EventID, j event.JudgeID) error {
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
func (d *Phones) EndStaffSession(ctx context.Context, token string) error {
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
func (d *Phones) SignedInDevices(ctx context.Context) ([]StaffSession, error) {
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
func (d *Phones) SignOutDevice(ctx context.Context, id int64) error {
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
func (d *Phones) SignInLog(ctx context.Context, limit int) ([]SignInLine, error) {
	return readBy(ctx, d.store, limit, Tx.SignInLog)
}

// floodCountsKey is the setting holding the web's last counts of
// guesses (ui/web/floods).
const floodCountsKey = "network.floods"

// FloodCounts reads the counts of guesses the web last saved ("" when
// none), for `network alert` beside the serving process and after a
// restart.
func (d *Network) FloodCounts(ctx context.Context) (string, error) {
	var raw string
	err := d.store.Read(ctx, func(tx Tx) (err error) {
		raw, _, err = tx.AppSetting(floodCountsKey)
		return err
	})
	return raw, err
}

// SaveFloodCounts rewrites the counts of guesses in place: one setting,
// written at most every few seconds, never a row a guess.
func (d *Network) SaveFloodCounts(ctx context.Context, raw string) error {
	return d.store.Write(ctx, func(tx Tx) error { return tx.SetAppSetting(floodCountsKey, raw) })
}

// ClipText keeps at most n bytes of s, cut on a character's start: what
// a text sent by a phone (an address, a device id) keeps of it.
func ClipText(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && s[n]&0xC0 == 0x80 {
		n--
	}
	return s[:n]
}
