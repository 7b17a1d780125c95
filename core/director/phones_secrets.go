package director

// The store network's staff secrets (issue 19): the judges' PIN, which
// signs a judge's phone in, and the tablet kiosk code, which unlocks a
// tablet as a kiosk, and (issue 22) the scorekeeper code, which signs a
// scorekeeper station in. Both are kept in clear, since the organizer reads
// them out; the desktop kiosk's exit PIN (kiosk.go) is another secret,
// typed only at the desk, and unlocks no tablet.
//
// How long a secret must be. A guesser on the store's Wi-Fi may use 250
// addresses (and as many devices as the server mints for them) for 10
// hours. No budget is shared by everyone (a stranger spending it would
// lock every new judge, tablet and station out, issue 27): each address
// has its own, the web's rateWrongPIN (5 tries, then 1 a minute), and so
// has each device within it. That allows 250 × (5 + 600) = 151,250
// guesses in 10 hours.
//
// A secret of SecretLength = 8 characters of the 31-character
// TableCodeAlphabet is one of 31^8 = 852,891,037,441. The chance to find
// it is at most 151,250 / 852,891,037,441 ≈ 1.8 in ten million; trying
// the three secrets (the judges' PIN, the kiosk code, the scorekeeper
// code, scorekeeper.go) with those same guesses at most triples that,
// 5.3 in ten million: below one in a million. Seven characters
// (31^7 ≈ 2.75×10^10) would give 5.5 in a million, so eight it is. Every
// wrong PIN is counted in the organizer's alert (ui/web/floods).

import (
	"context"
	"crypto/subtle"
	"errors"
	"strings"

	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
)

// SecretLength is the characters of the judges' PIN, of the tablet
// kiosk code and of the scorekeeper code, drawn from TableCodeAlphabet (see the arithmetic above).
const SecretLength = 8

// The kinds of sign-in: a judge's phone, a kiosk tablet, a scorekeeper
// station, and a player's own phone (SignInPlayer, with her player code).
const (
	KindJudge       = "judge"
	KindKiosk       = "kiosk"
	KindScorekeeper = "scorekeeper"
	KindPlayer      = "player"
)

// App settings holding the secrets, in clear, and the flag set by
// migration 9 when it dropped a 6-digit judges' PIN.
const (
	judgePINKey      = "network.judge-pin"
	kioskCodeKey     = "network.kiosk-code"
	scorekeeperKey   = "network.scorekeeper-code"
	judgePINReplaced = "network.judge-pin-replaced"
)

// secretKey is the setting of a kind's secret.
func secretKey(kind string) string {
	switch kind {
	case KindKiosk:
		return kioskCodeKey
	case KindScorekeeper:
		return scorekeeperKey
	}
	return judgePINKey
}

// FormatSecret writes a secret in two groups of four, "K7QM-X2PA", as
// the panel shows it and a phone's user types it (spaces, dashes and
// case do not matter).
func FormatSecret(s string) string {
	if len(s) != SecretLength {
		return s
	}
	return s[:4] + "-" + s[4:]
}

// NormalizeSecret is a secret as typed, in the form it is kept: capitals,
// without spaces or dashes.
func NormalizeSecret(s string) string { return NormalizeTableCode(s) }

// checkSecret refuses a secret the organizer chose that is not as strong
// as a drawn one.
func checkSecret(s string) (string, error) {
	s = NormalizeSecret(s)
	if len([]rune(s)) != SecretLength {
		return "", keyedError(event.ErrInvalid, i18n.F("a PIN or code is %d characters (dashes and spaces aside), such as K7QM-X2PA", SecretLength))
	}
	for _, r := range s {
		if !strings.ContainsRune(TableCodeAlphabet, r) {
			return "", keyedError(event.ErrInvalid, i18n.F("“%c” cannot be in a PIN or code: use the letters and digits 2–9 A–Z except I, L and O, which are easily mistaken", r))
		}
	}
	return s, nil
}

// JudgePIN returns the judges' PIN, drawing one the first time (and
// after migration 9 dropped a 6-digit one).
func (d *Phones) JudgePIN(ctx context.Context) (string, error) {
	return d.secret(ctx, KindJudge)
}

// KioskCode returns the tablet kiosk code, drawing one the first time.
func (d *Phones) KioskCode(ctx context.Context) (string, error) {
	return d.secret(ctx, KindKiosk)
}

// secret reads a kind's secret, drawing it in a write when there is none.
func (d *core) secret(ctx context.Context, kind string) (string, error) {
	return d.drawnSetting(ctx, secretKey(kind), TableCodeAlphabet, SecretLength)
}

// setting reads the app setting key in a read of its own: its value and
// whether it is set.
func (d *core) setting(ctx context.Context, key string) (string, bool, error) {
	var s string
	var ok bool
	err := d.store.Read(ctx, func(tx Tx) (err error) {
		s, ok, err = tx.AppSetting(key)
		return err
	})
	return s, ok, err
}

// drawnSetting reads the app setting key; when it is not set, a write
// draws it (n characters of alphabet) and saves it, unless another write
// saved one in between, which is kept.
func (d *core) drawnSetting(ctx context.Context, key, alphabet string, n int) (string, error) {
	s, ok, err := d.setting(ctx, key)
	if err != nil || ok {
		return s, err
	}
	err = d.store.Write(ctx, func(tx Tx) error {
		if s, ok, err = tx.AppSetting(key); err != nil || ok {
			return err
		}
		if s, err = d.randomFrom(alphabet, n); err != nil {
			return err
		}
		return tx.SetAppSetting(key, s)
	})
	return s, err
}

// RenewJudgePIN draws a new judges' PIN, different from the one before
// (after a judge leaves, or the PIN got about), and signs out every
// judge's phone, in one transaction.
func (d *Phones) RenewJudgePIN(ctx context.Context) (string, error) {
	return d.renewSecret(ctx, KindJudge, "")
}

// RenewKioskCode draws a new tablet kiosk code and locks every kiosk
// tablet, in one transaction.
func (d *Phones) RenewKioskCode(ctx context.Context) (string, error) {
	return d.renewSecret(ctx, KindKiosk, "")
}

// SetJudgePIN sets the judges' PIN the organizer chose (8 characters of
// the alphabet, as strong as a drawn one), signing out every judge's
// phone when it changes.
func (d *Phones) SetJudgePIN(ctx context.Context, pin string) (string, error) {
	s, err := checkSecret(pin)
	if err != nil {
		return "", err
	}
	return d.renewSecret(ctx, KindJudge, s)
}

// SetKioskCode sets the tablet kiosk code the organizer chose, locking
// every tablet when it changes.
func (d *Phones) SetKioskCode(ctx context.Context, code string) (string, error) {
	s, err := checkSecret(code)
	if err != nil {
		return "", err
	}
	return d.renewSecret(ctx, KindKiosk, s)
}

// renewSecret sets a kind's secret to chosen, or to a new random one
// when chosen is "", and ends the sessions of that kind that signed in
// with the old one.
func (d *core) renewSecret(ctx context.Context, kind, chosen string) (string, error) {
	s := chosen
	err := d.store.Write(ctx, func(tx Tx) error {
		old, _, err := tx.AppSetting(secretKey(kind))
		if err != nil {
			return err
		}
		if chosen != "" && chosen == old {
			return nil
		}
		for tries := 0; chosen == "" && (s == "" || s == old); tries++ {
			if tries == 20 {
				return errors.New("director: could not draw a new secret; the random source repeats itself")
			}
			if s, err = d.randomFrom(TableCodeAlphabet, SecretLength); err != nil {
				return err
			}
		}
		if err := tx.SetAppSetting(secretKey(kind), s); err != nil {
			return err
		}
		if kind == KindJudge {
			if err := tx.SetAppSetting(judgePINReplaced, ""); err != nil {
				return err
			}
		}
		_, err = tx.EndStaffSessions(kind, 0, d.now(), WhyRenewed)
		return err
	})
	if err != nil {
		return "", err
	}
	return s, nil
}

// CheckJudgePIN reports whether pin is the judges' PIN (case, spaces and
// dashes aside), comparing in constant time; false when none was drawn.
// It is no sign-in: SignIn is, with the log.
func (d *Phones) CheckJudgePIN(ctx context.Context, pin string) (bool, error) {
	want, ok, err := d.setting(ctx, judgePINKey)
	if err != nil || !ok {
		return false, err
	}
	return sameSecret(pin, want), nil
}

// sameSecret compares a secret typed with the one kept, in constant time.
func sameSecret(typed, want string) bool {
	return want != "" && subtle.ConstantTimeCompare([]byte(NormalizeSecret(typed)), []byte(want)) == 1
}

// JudgePINReplaced reports whether migration 9 replaced a 6-digit judges'
// PIN that no one has been told of yet: the panel says so once, then
// calls AcknowledgeJudgePIN.
func (d *Phones) JudgePINReplaced(ctx context.Context) (bool, error) {
	v, _, err := d.setting(ctx, judgePINReplaced)
	return v == "1", err
}

// AcknowledgeJudgePIN records that the organizer was told the judges' PIN
// was replaced.
func (d *Phones) AcknowledgeJudgePIN(ctx context.Context) error {
	return d.store.Write(ctx, func(tx Tx) error { return tx.SetAppSetting(judgePINReplaced, "") })
}

// deviceKeySetting holds the key the store network signs the device ids
// it gives with (64 hex digits), drawn the first time.
const deviceKeySetting = "network.device-key"

// DeviceKey returns the key the store network signs its device ids with
// (HMAC), drawing it the first time: kept with the other secrets, so a
// restart keeps every phone's id valid. It is never shown.
func (d *Phones) DeviceKey(ctx context.Context) ([]byte, error) {
	s, err := d.drawnSetting(ctx, deviceKeySetting, "0123456789abcdef", 64)
	if err != nil {
		return nil, err
	}
	return []byte(s), nil
}
