package director

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"strings"
	"unicode"
	"unicode/utf8"

	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
)

// The kiosk (issue 5) lets players check themselves in, sign up and
// register decks on a second screen. Its operations show nobody else's
// data beyond the names matching what a player typed, never an existing
// player's code (only a brand-new player's, to her: reveal.go), and
// leaving it needs the organizer's PIN.

// KioskMinQuery is the number of characters a player types before the
// kiosk shows any name, in a Latin, Cyrillic or other spaced script: one
// or two letters would list half the room.
const KioskMinQuery = 3

// kioskMinDense is the minimum in the scripts where one character is a
// whole syllable and names are written without spaces: 王芳 is a whole
// name in two characters, and two of them already narrow a room as much
// as three Latin letters do.
const kioskMinDense = 2

// denseScripts are those scripts. Hangul is among them although Korean
// puts spaces between words: a name is written without one (김민준), each
// block is a syllable, and two-syllable names (이수) are common.
var denseScripts = []*unicode.RangeTable{
	unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Bopomofo, unicode.Yi,
	unicode.Hangul, unicode.Thai, unicode.Lao, unicode.Khmer, unicode.Myanmar, unicode.Tibetan,
}

// MinQuery is how many characters query must have before any search
// lists a name (the web page, the web kiosk and the desktop kiosk all ask
// it): 2 when query has a character of a script written without spaces,
// KioskMinQuery otherwise.
func MinQuery(query string) int {
	for _, r := range query {
		if unicode.IsOneOf(denseScripts, r) {
			return kioskMinDense
		}
	}
	return KioskMinQuery
}

// QueryTooShort reports whether query, its spaces folded, is shorter than
// MinQuery: such a query lists nobody.
func QueryTooShort(query string) bool {
	query = strings.Join(strings.Fields(query), " ")
	return utf8.RuneCountInString(query) < MinQuery(query)
}

// kioskLimit is the most names the kiosk shows for one search.
const kioskLimit = 8

// KioskMatch is a name the kiosk shows for a search: a player of the
// event, or a regular from the directory who has not entered it yet.
type KioskMatch struct {
	PlayerID event.PlayerID
	// EntryID is the player's entry in the event; 0 for a regular not
	// entered yet (checking in enters them).
	EntryID   event.EntryID
	Name      string
	CheckedIn bool
}

// SameNameText is the kiosk's "Is this you?" sentence, saying who already
// has the name a player signing up typed (ms, the players named so): one
// or several, signed up for this event already or known from earlier
// events. "A player called “chris lee” is already signed up for this
// event. If that's you, choose your name."
func SameNameText(name string, ms []KioskMatch) i18n.Text {
	entered := false
	for _, m := range ms {
		entered = entered || m.EntryID != 0
	}
	switch {
	case len(ms) == 1 && entered:
		return i18n.F("A player called “%s” is already signed up for this event. If that's you, choose your name.", name)
	case len(ms) == 1:
		return i18n.F("A player called “%s” has played here before. If that's you, choose your name.", name)
	case entered:
		return i18n.F("Players called “%s” are already signed up for this event. If one of them is you, choose your name.", name)
	}
	return i18n.F("Players called “%s” have played here before. If one of them is you, choose your name.", name)
}

// KioskSearch returns the players whose name contains query, or whose
// member number is exactly query, as names only: nothing for fewer than
// MinQuery characters, at most eight names, players of the event
// first. A member number is matched whole, so typing digits never lists
// other people's numbers.
func (d *Kiosk) KioskSearch(ctx context.Context, id event.EventID, query string) ([]KioskMatch, error) {
	query = strings.Join(strings.Fields(query), " ")
	if QueryTooShort(query) {
		return nil, nil
	}
	var out []KioskMatch
	err := d.store.Read(ctx, func(tx Tx) error {
		entries, err := tx.Entries(id)
		if err != nil {
			return err
		}
		entered := map[event.PlayerID]event.Entry{}
		for _, en := range entries {
			entered[en.PlayerID] = en
		}
		add := func(p event.Player) {
			for _, m := range out {
				if m.PlayerID == p.ID {
					return
				}
			}
			m := KioskMatch{PlayerID: p.ID, Name: p.Name}
			if en, ok := entered[p.ID]; ok {
				if !en.Active() {
					return // a dropped player checks in at the desk
				}
				m.EntryID, m.CheckedIn = en.ID, en.CheckedIn
			}
			out = append(out, m)
		}
		fold := event.FoldName(query)
		for _, en := range entries {
			if en.Active() && (strings.Contains(event.FoldName(en.Name), fold) || en.MemberNo != "" && strings.EqualFold(en.MemberNo, query)) {
				add(event.Player{ID: en.PlayerID, Name: en.Name})
			}
		}
		found, err := tx.FindPlayers(query, 4*kioskLimit)
		if err != nil {
			return err
		}
		for _, p := range found {
			if strings.Contains(event.FoldName(p.Name), fold) || strings.EqualFold(p.MemberNo, query) {
				add(p)
			}
		}
		return nil
	})
	if len(out) > kioskLimit {
		out = out[:kioskLimit]
	}
	return out, err
}

// KioskCheckIn checks a player in from the kiosk, entering a regular from
// the directory first. Check-in closes when round 1 is paired: the player
// is then sent to the organizer. It gives no code: anyone can claim a
// name.
func (d *Kiosk) KioskCheckIn(ctx context.Context, id event.EventID, player event.PlayerID) (event.Entry, error) {
	var en event.Entry
	err := d.store.Write(ctx, func(tx Tx) error {
		e, err := tx.Event(id)
		if err != nil {
			return err
		}
		if err := kioskOpen(tx, e); err != nil {
			return err
		}
		p, err := tx.Player(player)
		if err != nil {
			return err
		}
		en, err = d.kioskCheckIn(tx, e, p)
		return err
	})
	return en, err
}

// kioskCheckIn checks p in, entering them first if they are not entered.
func (d *core) kioskCheckIn(tx Tx, e event.Event, p event.Player) (event.Entry, error) {
	entries, err := tx.Entries(e.ID)
	if err != nil {
		return event.Entry{}, err
	}
	var en event.Entry
	for _, x := range entries {
		if x.PlayerID == p.ID {
			en = x
		}
	}
	if en.ID == 0 {
		if en, err = d.register(tx, e.ID, p); err != nil {
			return event.Entry{}, err
		}
	}
	if !en.Active() {
		return event.Entry{}, event.Statef("%s has left %s; please see the organizer", en.Name, e.Name)
	}
	if en.CheckedIn {
		return en, nil
	}
	en.CheckedIn = true
	if err := tx.UpdateEntry(en); err != nil {
		return event.Entry{}, err
	}
	return en, d.log(tx, e.ID, 0, i18n.F("checked in at the kiosk: %s", en.Name))
}

// KioskSignUp is what a sign-up at the kiosk did.
type KioskSignUp struct {
	// Entry is the player's entry, checked in; zero when SameName is set.
	Entry event.Entry
	// Code is the new player's code and link token, drawn now for the
	// kiosk to show her once (its reveal logged): set only when the
	// sign-up created the player. A player already known (her member
	// number) is checked in without it: she takes hers from her slip or
	// the desk.
	Code PlayerCredential
	// SameName lists, when nothing was saved, the players of the event and
	// of the directory whose name is the name typed (case and accents
	// folded): the kiosk asks "Is this you?" and checks the chosen one in
	// (KioskCheckIn), or signs a true namesake up (KioskSignUpNamesake).
	SameName []KioskMatch
}

// KioskSignUp adds a new player from the kiosk: into the directory,
// entered in the event and checked in, with her new code (Code) drawn and
// its reveal logged, in one transaction. tablet is the kiosk tablet's
// device id, "" for the desktop kiosk. A member number already in the
// directory under the same name is that player, checked in (entered first
// if need be), without a code. A name that is already registered in the
// event or in the directory saves nothing and returns those players in
// SameName, so that one person is never entered twice ("chris lee" beside
// "Chris Lee").
func (d *Kiosk) KioskSignUp(ctx context.Context, id event.EventID, tablet string, np NewPlayer) (KioskSignUp, error) {
	return d.kioskSignUp(ctx, id, tablet, np, false)
}

// KioskSignUpNamesake signs up a player who has said they are not the
// player of the same name that KioskSignUp found: a new player, entered and
// checked in, with the entry marked Namesake for the organizer to check,
// and her own new code.
func (d *Kiosk) KioskSignUpNamesake(ctx context.Context, id event.EventID, tablet string, np NewPlayer) (KioskSignUp, error) {
	return d.kioskSignUp(ctx, id, tablet, np, true)
}

func (d *core) kioskSignUp(ctx context.Context, id event.EventID, tablet string, np NewPlayer, namesake bool) (KioskSignUp, error) {
	np.Email = "" // the kiosk does not ask for it
	p := np.player(d.dir)
	if err := p.Validate(); err != nil {
		return KioskSignUp{}, err
	}
	var out KioskSignUp
	err := d.store.Write(ctx, func(tx Tx) error {
		out = KioskSignUp{}
		e, err := tx.Event(id)
		if err != nil {
			return err
		}
		if err := kioskOpen(tx, e); err != nil {
			return err
		}
		if p.MemberNo != "" {
			known, err := tx.PlayerByMemberNo(p.MemberNo)
			switch {
			case err == nil && event.FoldName(known.Name) == event.FoldName(p.Name):
				// Their own number: they are that player.
				out.Entry, err = d.kioskCheckIn(tx, e, known)
				return err
			case err == nil:
				// Never name the number's owner to a stranger.
				return event.Conflictf("member number %s is already in use under another name; check the number, or leave it blank and see the organizer", p.MemberNo)
			case !isNotFound(err):
				return err
			}
		}
		same, err := sameName(tx, id, p.Name)
		if err != nil {
			return err
		}
		if len(same) > 0 && !namesake {
			out.SameName = same
			return nil
		}
		if err := tx.CreatePlayer(&p); err != nil {
			return err
		}
		en, err := d.register(tx, id, p)
		if err != nil {
			return err
		}
		en.CheckedIn = true
		en.Namesake = len(same) > 0
		if err := tx.UpdateEntry(en); err != nil {
			return err
		}
		out.Entry = en
		msg := i18n.F("signed up and checked in at the kiosk: %s", en.Name)
		if en.Namesake {
			msg = i18n.F("signed up and checked in at the kiosk as a namesake (not the %s already registered; please check): %s", same[0].Name, en.Name)
		}
		if err := d.log(tx, id, 0, msg); err != nil {
			return err
		}
		out.Code, err = d.revealNewPlayer(tx, en, tablet)
		return err
	})
	return out, err
}

// sameName returns the players of event id, then of the directory, whose
// name folds (event.FoldName) to the same as name's: the entries first,
// dropped ones included (they see the organizer).
func sameName(tx Tx, id event.EventID, name string) ([]KioskMatch, error) {
	fold := event.FoldName(name)
	entries, err := tx.Entries(id)
	if err != nil {
		return nil, err
	}
	var out []KioskMatch
	seen := map[event.PlayerID]bool{}
	for _, en := range entries {
		if event.FoldName(en.Name) == fold {
			out = append(out, KioskMatch{PlayerID: en.PlayerID, EntryID: en.ID, Name: en.Name, CheckedIn: en.CheckedIn})
			seen[en.PlayerID] = true
		}
	}
	// The directory sorts names starting with the query first, the exact
	// ones before longer ones, so they are within the limit.
	found, err := tx.FindPlayers(strings.Join(strings.Fields(name), " "), 4*kioskLimit)
	if err != nil {
		return nil, err
	}
	for _, p := range found {
		if !seen[p.ID] && event.FoldName(p.Name) == fold {
			out = append(out, KioskMatch{PlayerID: p.ID, Name: p.Name})
			seen[p.ID] = true
		}
	}
	if len(out) > kioskLimit {
		out = out[:kioskLimit]
	}
	return out, nil
}

// kioskOpen refuses kiosk check-in once round 1 is paired or the event is
// finished.
func kioskOpen(tx Tx, e event.Event) error {
	if e.State == event.StateFinished {
		return event.Statef("%s is finished", e.Name)
	}
	n, err := tx.RoundCount(e.ID)
	if err != nil {
		return err
	}
	if n > 0 {
		return event.Statef("check-in for %s closed when round 1 was paired; please see the organizer", e.Name)
	}
	return nil
}

// kioskPINKey is the app setting that holds the kiosk PIN's hash.
const kioskPINKey = "kiosk.pin"

// pinRounds is how many times the PIN is hashed, so the stored hash is
// slow to try every PIN against.
const pinRounds = 20000

// SetKioskPIN sets the organizer's PIN that leaves the kiosk: 4 to 8
// digits, saved as a salted hash.
func (d *Kiosk) SetKioskPIN(ctx context.Context, pin string) error {
	if err := checkPIN(pin); err != nil {
		return err
	}
	salt := make([]byte, 16)
	if _, err := rand.Read(salt); err != nil {
		return err
	}
	value := hex.EncodeToString(salt) + "$" + hex.EncodeToString(hashPIN(salt, pin))
	return d.store.Write(ctx, func(tx Tx) error {
		if err := tx.SetAppSetting(kioskPINKey, value); err != nil {
			return err
		}
		return nil
	})
}

// HasKioskPIN reports whether the organizer has set a kiosk PIN: the
// kiosk does not open without one.
func (d *Kiosk) HasKioskPIN(ctx context.Context) (bool, error) {
	_, ok, err := d.setting(ctx, kioskPINKey)
	return ok, err
}

// CheckKioskPIN reports whether pin is the organizer's kiosk PIN.
func (d *Kiosk) CheckKioskPIN(ctx context.Context, pin string) (bool, error) {
	stored, ok, err := d.setting(ctx, kioskPINKey)
	if err != nil || !ok {
		return false, err
	}
	saltHex, sumHex, found := strings.Cut(stored, "$")
	salt, err1 := hex.DecodeString(saltHex)
	sum, err2 := hex.DecodeString(sumHex)
	if !found || err1 != nil || err2 != nil {
		return false, event.Invalid("the saved kiosk PIN is damaged; set a new one from the organizer's screen")
	}
	return subtle.ConstantTimeCompare(hashPIN(salt, pin), sum) == 1, nil
}

func checkPIN(pin string) error {
	if len(pin) < 4 || len(pin) > 8 || strings.Trim(pin, "0123456789") != "" {
		return event.Invalid("a kiosk PIN is 4 to 8 digits")
	}
	return nil
}

func hashPIN(salt []byte, pin string) []byte {
	sum := sha256.Sum256(append(append([]byte{}, salt...), pin...))
	for range pinRounds {
		sum = sha256.Sum256(sum[:])
	}
	return sum[:]
}
