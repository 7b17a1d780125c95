package director

// Who is shown a player's code (issue 27): nobody obtains another
// player's code or identity by claiming her name. A code is shown only
//
//   - to a brand-new player, once, on the kiosk that signed her up (she
//     just created the entry: nobody had it before her), KioskSignUp;
//   - by the organizer: the desk's Player codes dialog and the printed
//     player slips, RevealPlayerCode and RevealPlayerCodes.
//
// A player found by name at a kiosk ("Yes, that's me") is checked in and
// told to take her code from her slip or the desk, never shown it: the
// name is something anyone can type. Every reveal is a line of the
// event's activity log, with where it was shown (the desk, the slips, the
// desktop kiosk or the kiosk tablet's device), so the desk sees them all.
//
// Each code goes with a link token: a long secret (192 bits) derived from
// the code by a key kept in the database, that the QR codes of the slip
// and the kiosk carry instead of the code. A token cannot be guessed, so
// signing in with it needs no budget of wrong tries; the typed 6-character
// code remains the fallback, bounded as it is.

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"strconv"
	"time"

	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
)

// Where a player's code is shown (CodeReveal.Via).
const (
	// RevealDesk is the organizer's Player codes dialog.
	RevealDesk = "desk"
	// RevealSlip is a printed player slip.
	RevealSlip = "slip"
)

// CodeReveal says where a player's code is shown, for the activity log.
type CodeReveal struct {
	// Via is RevealDesk or RevealSlip.
	Via string
}

// PlayerCredential is what signs a player's phone in as her entry.
type PlayerCredential struct {
	// Code is her player code, six characters of TableCodeAlphabet, the
	// one she types.
	Code string
	// Token is her link token, what the QR codes carry (PlayerLink):
	// 32 characters of URL-safe base64, 192 bits.
	Token string
}

// PlayerLinkTokenLength is the characters of a link token.
const PlayerLinkTokenLength = 32

// linkKeySetting is the app setting holding the key link tokens are
// derived with (hex of 32 random bytes), drawn the first time a code is
// revealed.
const linkKeySetting = "player.link.key"

// ErrWrongPlayerLink marks a sign-in by link whose token is not the
// entry's (an old or altered link).
var ErrWrongPlayerLink = errors.New("wrong player link")

// RevealPlayerCode returns entry's code and link token for the organizer
// to show her (drawn the first time), and logs the reveal in the event's
// activity log, in one write.
func (d *Phones) RevealPlayerCode(ctx context.Context, entry event.EntryID, how CodeReveal) (PlayerCredential, error) {
	var out PlayerCredential
	err := d.store.Write(ctx, func(tx Tx) error {
		en, err := tx.Entry(entry)
		if err != nil {
			return err
		}
		creds, err := d.credentials(tx, en.EventID, []event.EntryID{entry})
		if err != nil {
			return err
		}
		out = creds[entry]
		msg := i18n.F("player code shown at the desk: %s", en.Name)
		if how.Via == RevealSlip {
			msg = i18n.F("player slip printed with her player code: %s", en.Name)
		}
		return d.log(tx, en.EventID, 0, msg)
	})
	return out, err
}

// RevealPlayerCodes returns the codes and link tokens of every player
// still in event id (those not drawn yet drawn now) for the organizer's
// printed slips, and logs the printing, in one write.
func (d *Phones) RevealPlayerCodes(ctx context.Context, id event.EventID) (map[event.EntryID]PlayerCredential, error) {
	var out map[event.EntryID]PlayerCredential
	err := d.store.Write(ctx, func(tx Tx) error {
		entries, err := tx.Entries(id)
		if err != nil {
			return err
		}
		var ids []event.EntryID
		for _, en := range entries {
			if en.Active() {
				ids = append(ids, en.ID)
			}
		}
		if out, err = d.credentials(tx, id, ids); err != nil {
			return err
		}
		return d.log(tx, id, 0, i18n.FN("player slips printed with the player codes of %d players", len(ids), len(ids)))
	})
	return out, err
}

// revealNewPlayer draws the code of en, an entry the kiosk has just
// created for a brand-new player, and logs that it is shown to her on the
// kiosk (tablet is its device; "" for the desktop kiosk).
func (d *core) revealNewPlayer(tx Tx, en event.Entry, tablet string) (PlayerCredential, error) {
	creds, err := d.credentials(tx, en.EventID, []event.EntryID{en.ID})
	if err != nil {
		return PlayerCredential{}, err
	}
	where := i18n.F("the desktop kiosk")
	if tablet != "" {
		where = i18n.F("kiosk tablet %s", ShortDevice(tablet))
	}
	return creds[en.ID], d.log(tx, en.EventID, 0, i18n.F("player code shown to the new player on %[1]s: %[2]s", where, en.Name))
}

// credentials returns the codes and link tokens of want, entries of event
// id, drawing the codes (and the link key) not drawn yet.
func (d *core) credentials(tx Tx, id event.EventID, want []event.EntryID) (map[event.EntryID]PlayerCredential, error) {
	codes, err := d.playerCodes(tx, id, want)
	if err != nil {
		return nil, err
	}
	key, err := d.linkKey(tx, true)
	if err != nil {
		return nil, err
	}
	out := make(map[event.EntryID]PlayerCredential, len(want))
	for _, entry := range want {
		out[entry] = PlayerCredential{Code: codes[entry], Token: linkToken(key, id, entry, codes[entry])}
	}
	return out, nil
}

// linkKey reads the key link tokens are derived with; with draw, one is
// drawn and saved when there is none yet (nil, nil otherwise).
func (d *core) linkKey(tx Tx, draw bool) ([]byte, error) {
	s, ok, err := tx.AppSetting(linkKeySetting)
	if err != nil {
		return nil, err
	}
	if ok {
		key, err := hex.DecodeString(s)
		if err == nil && len(key) == 32 {
			return key, nil
		}
	}
	if !draw {
		return nil, nil
	}
	key := make([]byte, 32)
	if err := d.randomBytes(key); err != nil {
		return nil, err
	}
	return key, tx.SetAppSetting(linkKeySetting, hex.EncodeToString(key))
}

// linkToken derives entry's link token from her code: an HMAC of the
// event, the entry and the code under key, 24 bytes of it in URL-safe
// base64. It changes with the key or the code, and says nothing of
// either.
func linkToken(key []byte, id event.EventID, entry event.EntryID, code string) string {
	if code == "" {
		return ""
	}
	m := hmac.New(sha256.New, key)
	m.Write([]byte("tablekeeper player link\x00" + strconv.FormatInt(int64(id), 10) + "\x00" + strconv.FormatInt(int64(entry), 10) + "\x00" + code))
	return base64.RawURLEncoding.EncodeToString(m.Sum(nil)[:24])
}

// PlayerLinkTry is a sign-in by a link's token (the QR code of a slip or
// of the kiosk) on a phone.
type PlayerLinkTry struct {
	Event event.EventID
	Entry event.EntryID
	// LinkToken is the token the link carries.
	LinkToken string
	// Device is the phone's id (its cookie) and Address its network
	// address.
	Device, Address string
	// Token is the session's token, drawn by the caller and given to the
	// phone; only its hash is kept. TTL is how long the session lasts.
	Token string
	TTL   time.Duration
}

// SignInPlayerByLink checks a link token for an entry and, when it is
// hers, keeps the phone's session for that entry and logs the sign-in
// with the device and address, in one write.
// A wrong token is ErrWrongPlayerLink and writes nothing: 192 bits are
// not guessed, so no try is counted. An entry not of the event is
// event.ErrNotFound. The entry's name is returned.
func (d *Phones) SignInPlayerByLink(ctx context.Context, t PlayerLinkTry) (string, error) {
	return d.signInPlayerWith(ctx, playerSessionTry{Event: t.Event, Entry: t.Entry, Device: t.Device, Address: t.Address, Token: t.Token, TTL: t.TTL},
		func(tx Tx) (event.Entry, error) {
			en, err := eventEntry(tx, t.Event, t.Entry)
			if err != nil {
				return en, err
			}
			key, err := d.linkKey(tx, false)
			if err != nil {
				return en, err
			}
			codes, err := tx.PlayerCodes(t.Event)
			if err != nil {
				return en, err
			}
			want := ""
			if key != nil {
				want = linkToken(key, t.Event, t.Entry, codes[t.Entry])
			}
			if want == "" || len(t.LinkToken) != len(want) || subtle.ConstantTimeCompare([]byte(t.LinkToken), []byte(want)) != 1 {
				return en, ErrWrongPlayerLink
			}
			return en, nil
		})
}
