// Package cluster runs one event on two or three laptops (issue 29): a
// raft log replicates each write transaction to every laptop, and a
// standby takes over when the host dies (docs/plans/standby.md). The
// laptops talk over connections authenticated by a key derived from the
// event's join code (Layer).
package cluster

// The join code, the secret that lets a laptop into the cluster, and the
// key derived from it that authenticates the streams (stream.go).

import (
	"crypto/hkdf"
	"crypto/rand"
	"crypto/sha256"
	"errors"
	"strings"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
)

// JoinCodeLength is the characters of a join code, drawn from
// director.TableCodeAlphabet: 31^20 ≈ 6.7×10^29, about 99 bits. The code
// is the only secret between the laptops, and a stranger on the Wi-Fi
// may try it offline against a recorded proof; at 99 bits no KDF slower
// than HKDF is needed (plan §2.9).
const JoinCodeLength = 20

// joinCodeGroup is the characters of each group a join code is shown in.
const joinCodeGroup = 5

// keySalt and keyInfo bind the transport key to this protocol, so the
// same code used elsewhere gives another key.
const (
	keySalt = "tablekeeper-cluster-v1"
	keyInfo = "raft transport"
)

// KeyLength is the bytes of the transport key (HMAC-SHA256's block of
// proof).
const KeyLength = 32

// NewJoinCode draws a join code: JoinCodeLength characters of
// director.TableCodeAlphabet (no 0/O, 1/I/L look-alikes) from crypto/rand,
// in the form ParseJoinCode returns and Key takes.
func NewJoinCode() (string, error) {
	const alphabet = director.TableCodeAlphabet
	// Bytes at or above limit would make the first characters likelier.
	limit := 256 - 256%len(alphabet)
	out := make([]byte, 0, JoinCodeLength)
	buf := make([]byte, 2*JoinCodeLength)
	for tries := 0; len(out) < JoinCodeLength; tries++ {
		if tries == 64 {
			return "", errors.New("cluster: the random source gives nothing usable")
		}
		if _, err := rand.Read(buf); err != nil {
			return "", err
		}
		for _, b := range buf {
			if int(b) < limit && len(out) < JoinCodeLength {
				out = append(out, alphabet[int(b)%len(alphabet)])
			}
		}
	}
	return string(out), nil
}

// FormatJoinCode writes a join code in groups of five, as the host shows
// it and a person types it: "K7QMX-2PAHD-9RTWE-B4NCF". A string that is
// not JoinCodeLength characters is returned as it is.
func FormatJoinCode(code string) string {
	if len(code) != JoinCodeLength {
		return code
	}
	var b strings.Builder
	for i := 0; i < len(code); i += joinCodeGroup {
		if i > 0 {
			b.WriteByte('-')
		}
		b.WriteString(code[i : i+joinCodeGroup])
	}
	return b.String()
}

// ParseJoinCode reads a join code as a person typed it: case, spaces and
// dashes do not matter (director.NormalizeSecret, as for the judges' PIN).
// It returns the code in the form NewJoinCode draws, or an event.Error
// (ErrInvalid) saying what is wrong: nothing typed, the wrong length, or a
// character that is not in the alphabet.
func ParseJoinCode(s string) (string, error) {
	code := director.NormalizeSecret(s)
	if code == "" {
		return "", event.Invalid("type the join code the host laptop shows")
	}
	for _, r := range code {
		if !strings.ContainsRune(director.TableCodeAlphabet, r) {
			return "", event.Invalidf("“%c” cannot be in a join code: use the digits 2–9 and the letters A–Z except I, L and O, which are easily mistaken", r)
		}
	}
	if len(code) != JoinCodeLength {
		return "", event.Invalidf("a join code is %d characters (dashes and spaces aside), such as K7QMX-2PAHD-9RTWE-B4NCF", JoinCodeLength)
	}
	return code, nil
}

// Key derives the transport key from a join code (in the form
// ParseJoinCode returns): HKDF-SHA256 with the salt
// "tablekeeper-cluster-v1" and the info "raft transport", KeyLength
// bytes. Every laptop holding the code derives the same key; the code
// itself never travels. An empty code is refused: its key would be
// everyone's.
func Key(code string) ([]byte, error) {
	if code == "" {
		return nil, errors.New("cluster: no join code to derive a key from")
	}
	return hkdf.Key(sha256.New, []byte(code), []byte(keySalt), keyInfo, KeyLength)
}
