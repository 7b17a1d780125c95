package web

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"net"
	"net/http"
	"strings"
	"time"
)

// deviceKeys reads the key device ids are signed with (director.Phones).
type deviceKeys interface {
	DeviceKey(ctx context.Context) ([]byte, error)
}

// deviceCookie names the cookie that tells one phone, tablet or TV from
// another: a random number the server gives on the first visit, never a
// login. A write records it (which device reported a result), the rate
// limits and the count of connected devices key on it, and the kiosk and
// judge areas remember an unlocked device by it.
//
// The server signs the ids it gives (issue 27): the cookie is the id, a
// dot and the HMAC-SHA-256 of the id under the director's DeviceKey (kept
// with the secrets, so a restart keeps every phone's id), cut to 16
// bytes. An id the server did not give is no device: the request counts
// by its address, and the page it asks for gives it a new id. Ids are
// given at most rateDeviceMints an address, so a script inventing ids
// gets neither new budgets nor the room's live streams. A phone with an
// id from before ids were signed (32 hex digits alone) has it signed on
// its next page, within the same bound: it keeps its id.
const deviceCookie = "tk_device"

// deviceIDLen is the length of a device ID: 16 random bytes in hex.
const deviceIDLen = 32

// deviceSigLen is the length of a device id's signature in the cookie.
const deviceSigLen = 32

// deviceCtx is the request's device, checked once by the server
// (withDevice) and given by ensureDevice.
type deviceCtx struct {
	// id is the device's verified id, "" when it has none.
	id string
	// unsigned is an id of the old form the cookie holds, "" otherwise.
	unsigned string
	// mint gives the device an id (nil outside the server: tests of a
	// handler alone).
	mint func(w http.ResponseWriter, unsigned string) string
}

type deviceCtxKey struct{}

// withDevice checks the request's device cookie and keeps what it found
// with the request.
func (s *Server) withDevice(r *http.Request) *http.Request {
	dc := &deviceCtx{mint: func(w http.ResponseWriter, unsigned string) string { return s.mintDevice(w, r, unsigned) }}
	if c, err := r.Cookie(deviceCookie); err == nil {
		id, sig, signed := strings.Cut(c.Value, ".")
		switch {
		case signed && validDeviceID(id) && s.deviceSigned(r.Context(), id, sig):
			dc.id = id
		case !signed && validDeviceID(id):
			dc.unsigned = id
		}
	}
	return r.WithContext(context.WithValue(r.Context(), deviceCtxKey{}, dc))
}

// deviceKeyOf returns the key device ids are signed with, read once.
func (s *Server) deviceKeyOf(ctx context.Context) []byte {
	s.keyMu.Lock()
	defer s.keyMu.Unlock()
	if s.deviceKey == nil {
		key, err := s.deviceKeys.DeviceKey(ctx)
		if err != nil {
			s.logf("web: device key: %v", err)
			return nil
		}
		s.deviceKey = key
	}
	return s.deviceKey
}

// signDevice is id's signature.
func signDevice(key []byte, id string) string {
	m := hmac.New(sha256.New, key)
	m.Write([]byte(id))
	return hex.EncodeToString(m.Sum(nil))[:deviceSigLen]
}

// deviceSigned reports whether sig is id's signature.
func (s *Server) deviceSigned(ctx context.Context, id, sig string) bool {
	key := s.deviceKeyOf(ctx)
	return key != nil && len(sig) == deviceSigLen && hmac.Equal([]byte(sig), []byte(signDevice(key, id)))
}

// mintDevice gives the device an id (unsigned, when it had one of the
// old form, else a new one), signed, in a cookie for a year; "" when its
// address has had ids enough for now (it goes on known by its address).
func (s *Server) mintDevice(w http.ResponseWriter, r *http.Request, unsigned string) string {
	key := s.deviceKeyOf(r.Context())
	if key == nil {
		return ""
	}
	if ok, _ := s.limits.allow(rateDeviceMints, "ip:"+clientAddr(r)); !ok {
		return ""
	}
	id := unsigned
	if id == "" {
		var b [deviceIDLen / 2]byte
		_, _ = rand.Read(b[:])
		id = hex.EncodeToString(b[:])
	}
	http.SetCookie(w, &http.Cookie{ // #nosec G124 -- the store network is plain HTTP on the shop's network (no TLS): a Secure cookie would never come back
		Name:     deviceCookie,
		Value:    id + "." + signDevice(key, id),
		Path:     "/",
		MaxAge:   int((365 * 24 * time.Hour).Seconds()),
		HttpOnly: true,
		SameSite: http.SameSiteStrictMode,
	})
	return id
}

// deviceOf returns the request's device ID, "" when it has none (or one
// the server did not give).
func deviceOf(r *http.Request) string {
	if dc, ok := r.Context().Value(deviceCtxKey{}).(*deviceCtx); ok {
		return dc.id
	}
	return ""
}

// ensureDevice returns the request's device ID, giving the device one
// when it has none (see deviceCookie); "" when its address has had ids
// enough for now.
func ensureDevice(w http.ResponseWriter, r *http.Request) string {
	dc, ok := r.Context().Value(deviceCtxKey{}).(*deviceCtx)
	if !ok {
		return ""
	}
	if dc.id == "" && dc.mint != nil {
		dc.id = dc.mint(w, dc.unsigned)
		dc.mint = nil // one try a request
	}
	return dc.id
}

func validDeviceID(s string) bool {
	if len(s) != deviceIDLen {
		return false
	}
	for _, c := range s {
		if (c < '0' || c > '9') && (c < 'a' || c > 'f') {
			return false
		}
	}
	return true
}

// clientAddr is the request's remote address without the port: what the
// rate limits key on besides the device, so that clearing cookies gives
// no new tries.
func clientAddr(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}

// deviceKey is the key a device's rate limits use: its id, else its
// address.
func deviceKey(r *http.Request) string {
	if id := deviceOf(r); id != "" {
		return "dev:" + id
	}
	return "ip:" + clientAddr(r)
}
