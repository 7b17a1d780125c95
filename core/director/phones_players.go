package director

// Players on their own phones (issue 22): a player proves she is an entry
// with her player code, something she has (printed on her slip; who sees
// it: reveal.go), not her name, which anyone can type. The phone then holds a
// session for that entry, kept like a staff device's (staff_sessions,
// kind "player"), with which she sends her decklist, confirms a result or
// asks to drop. Wrong codes are bounded by the web server per entry
// whoever tries, as table codes are per table: a code of 6 characters of
// TableCodeAlphabet is one of 887,503,681, and 6 tries a minute at one
// player give a guesser with any number of phones one chance in 100,000
// a day.

import (
	"context"
	"crypto/subtle"
	"errors"
	"time"

	"tablekeeper/core/event"
)

// PlayerCodeLength is the characters of a player code.
const PlayerCodeLength = TableCodeLength

// maxPlayerSessions bounds the players' phones signed in at once (two
// devices each at a 4,000-player event); one more signs out the phone
// signed in longest ago.
const maxPlayerSessions = 8192

// ErrWrongPlayerCode marks a player sign-in whose code is not the
// entry's (the web says so in its own sentence and counts the try).
var ErrWrongPlayerCode = errors.New("wrong player code")

// PlayerCode returns entry's player code, drawing it the first time it is
// asked for. It logs nothing, so no front-end shows what it returns: the
// desk and the slips show a code through RevealPlayerCode and
// RevealPlayerCodes, which log the reveal, and a kiosk only a brand-new
// player's (KioskSignUp).
func (d *Phones) PlayerCode(ctx context.Context, entry event.EntryID) (string, error) {
	var code string
	err := d.store.Write(ctx, func(tx Tx) error {
		en, err := tx.Entry(entry)
		if err != nil {
			return err
		}
		codes, err := d.playerCodes(tx, en.EventID, []event.EntryID{entry})
		code = codes[entry]
		return err
	})
	return code, err
}

// PlayerCodes returns the player codes of every entry of event id, drawing
// those not drawn yet, in one write. Like PlayerCode it logs nothing; the
// printed slips call RevealPlayerCodes.
func (d *Phones) PlayerCodes(ctx context.Context, id event.EventID) (map[event.EntryID]string, error) {
	var out map[event.EntryID]string
	err := d.store.Write(ctx, func(tx Tx) error {
		entries, err := tx.Entries(id)
		if err != nil {
			return err
		}
		ids := make([]event.EntryID, len(entries))
		for i, en := range entries {
			ids[i] = en.ID
		}
		out, err = d.playerCodes(tx, id, ids)
		return err
	})
	return out, err
}

// playerCodes returns the codes of event id's entries, drawing a code for
// each of want that has none, different from every other of the event.
func (d *core) playerCodes(tx Tx, id event.EventID, want []event.EntryID) (map[event.EntryID]string, error) {
	have, err := tx.PlayerCodes(id)
	if err != nil {
		return nil, err
	}
	used := make(map[string]bool, len(have))
	for _, c := range have {
		used[c] = true
	}
	for _, entry := range want {
		if have[entry] != "" {
			continue
		}
		code, err := d.newCode(used)
		if err != nil {
			return nil, err
		}
		if err := tx.SavePlayerCode(id, entry, code); err != nil {
			return nil, err
		}
		used[code], have[entry] = true, code
	}
	return have, nil
}

// newCode draws a code of TableCodeAlphabet not in used.
func (d *core) newCode(used map[string]bool) (string, error) {
	for range 100 {
		code, err := d.randomFrom(TableCodeAlphabet, PlayerCodeLength)
		if err != nil {
			return "", err
		}
		if !used[code] {
			return code, nil
		}
	}
	return "", errors.New("director: could not draw a code not used before; the random source repeats itself")
}

// PlayerSignInTry is a player code typed on a phone for an entry.
type PlayerSignInTry struct {
	Event event.EventID
	Entry event.EntryID
	Code  string
	// Device is the phone's id (its cookie) and Address its network
	// address.
	Device, Address string
	// Token is the session's token, drawn by the caller and given to the
	// phone; only its hash is kept. TTL is how long the session lasts.
	Token string
	TTL   time.Duration
}

// SignInPlayer checks a player code typed on a phone and, when it is the
// entry's, keeps the phone's session for that entry and logs the sign-in
// with the device and address, in one write. A wrong code, or an entry
// with no code yet (nobody was shown one), is ErrWrongPlayerCode and
// writes nothing: the web bounds the tries per phone and per address,
// never per entry. An entry not of the event is event.ErrNotFound (the players
// of an event are public; only their codes are not). The entry's name is
// returned.
func (d *Phones) SignInPlayer(ctx context.Context, t PlayerSignInTry) (string, error) {
	return d.signInPlayerWith(ctx, playerSessionTry{Event: t.Event, Entry: t.Entry, Device: t.Device, Address: t.Address, Token: t.Token, TTL: t.TTL},
		func(tx Tx) (event.Entry, error) { return entryWithCode(tx, t.Event, t.Entry, t.Code) })
}

// playerSessionTry is what a player sign-in keeps, whatever proves her
// (a typed code, a link's token).
type playerSessionTry struct {
	Event           event.EventID
	Entry           event.EntryID
	Device, Address string
	Token           string
	TTL             time.Duration
}

// signInPlayerWith keeps the phone's session for the entry that check
// proves, and logs the sign-in with the device and address, in one
// write. check runs first in a read: a flood of wrong codes or tokens
// never queues for the one writer the honest sign-ins and results need;
// then again inside the write. The entry's name is returned.
func (d *core) signInPlayerWith(ctx context.Context, t playerSessionTry, check func(Tx) (event.Entry, error)) (string, error) {
	device, err := checkDevice(t.Device)
	if err != nil {
		return "", err
	}
	if t.Token == "" || t.TTL <= 0 {
		return "", event.Invalid("a player sign-in needs a session token and a lifetime")
	}
	address := ClipText(t.Address, maxAddress)
	if err := d.store.Read(ctx, func(tx Tx) error { _, err := check(tx); return err }); err != nil {
		return "", err
	}
	var name string
	err = d.store.Write(ctx, func(tx Tx) error {
		en, err := check(tx)
		if err != nil {
			return err
		}
		name = en.Name
		now := d.now()
		line := SignInLine{At: now, Kind: KindPlayer, Outcome: "signed-in", Device: device, Address: address, Count: 1, Devices: 1}
		if err := tx.AddSignIn(&line); err != nil {
			return err
		}
		if err := tx.TrimSignIns(maxSignInLines); err != nil {
			return err
		}
		return d.keepSession(tx, StaffSession{TokenHash: TokenHash(t.Token), Kind: KindPlayer, Event: int64(t.Event), Entry: int64(t.Entry),
			Device: device, Address: address, Started: now, LastSeen: now, Expires: now.Add(t.TTL)})
	})
	return name, err
}

// eventEntry is entry of event id; one of another event is not found, as
// one that does not exist (the players of an event are public, their
// numbers too).
func eventEntry(tx Tx, id event.EventID, entry event.EntryID) (event.Entry, error) {
	en, err := tx.Entry(entry)
	if isNotFound(err) || (err == nil && en.EventID != id) {
		return event.Entry{}, event.NotFoundf("this event has no player number %d; find yourself again by name", entry)
	}
	return en, err
}

// PlayerSession is a player's phone signed in for one entry of one event.
type PlayerSession struct {
	Event event.EventID
	Entry event.EntryID
	// Name is the entry's name.
	Name string
	// Device is the phone's id, for the logs of what it writes.
	Device string
}

// PlayerSessionOf reads the session of a player's phone from its token:
// open and for an entry of event id still in the event, the session and
// true; anything else (unknown, signed out, expired, another event, the
// entry removed) false.
func (d *Phones) PlayerSessionOf(ctx context.Context, id event.EventID, token, address string) (PlayerSession, bool, error) {
	s, ok, err := d.StaffSessionOf(ctx, KindPlayer, token, address)
	if err != nil || !ok || event.EventID(s.Event) != id {
		return PlayerSession{}, false, err
	}
	var en event.Entry
	err = d.store.Read(ctx, func(tx Tx) (err error) {
		en, err = tx.Entry(event.EntryID(s.Entry))
		if isNotFound(err) {
			return nil
		}
		return err
	})
	if err != nil || en.EventID != id {
		return PlayerSession{}, false, err
	}
	return PlayerSession{Event: id, Entry: en.ID, Name: en.Name, Device: s.Device}, true, nil
}

// entryWithCode returns entry of event id when code (as typed: spaces,
// dashes and case do not matter) is its player code: the one check of a
// typed player code, for a phone's sign-in and a kiosk's. A wrong code,
// or an entry with no code yet (nobody was shown one), is
// ErrWrongPlayerCode; an entry not of the event is event.ErrNotFound
// (the players of an event are public; only their codes are not).
func entryWithCode(tx Tx, id event.EventID, entry event.EntryID, code string) (event.Entry, error) {
	en, err := eventEntry(tx, id, entry)
	if err != nil {
		return event.Entry{}, err
	}
	codes, err := tx.PlayerCodes(id)
	if err != nil {
		return event.Entry{}, err
	}
	typed, want := NormalizeTableCode(code), codes[entry]
	if want == "" || len(typed) != len(want) || subtle.ConstantTimeCompare([]byte(typed), []byte(want)) != 1 {
		return event.Entry{}, ErrWrongPlayerCode
	}
	return en, nil
}
