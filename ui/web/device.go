package web

import (
	"crypto/rand"
	"encoding/hex"
	"net"
	"net/http"
	"time"
)

// deviceCookie names the cookie that tells one phone, tablet or TV from
// another: a random number given on the first visit, never a login. A
// write records it (which device reported a result), the rate limits and
// the count of connected devices key on it, and the kiosk and judge areas
// remember an unlocked device by it.
const deviceCookie = "tk_device"

// deviceIDLen is the length of a device ID: 16 random bytes in hex.
const deviceIDLen = 32

// deviceOf returns the request's device ID, "" when it has none (or a
// malformed one).
func deviceOf(r *http.Request) string {
	c, err := r.Cookie(deviceCookie)
	if err != nil || !validDeviceID(c.Value) {
		return ""
	}
	return c.Value
}

// ensureDevice returns the request's device ID, giving the device one (in
// a cookie for a year, unreadable by scripts, sent to this server only)
// when it has none.
func ensureDevice(w http.ResponseWriter, r *http.Request) string {
	if id := deviceOf(r); id != "" {
		return id
	}
	var b [deviceIDLen / 2]byte
	_, _ = rand.Read(b[:])
	id := hex.EncodeToString(b[:])
	http.SetCookie(w, &http.Cookie{
		Name:     deviceCookie,
		Value:    id,
		Path:     "/",
		MaxAge:   int((365 * 24 * time.Hour).Seconds()),
		HttpOnly: true,
		SameSite: http.SameSiteStrictMode,
	})
	return id
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

// deviceKey is the key a device's rate limits use: its cookie, else its
// address.
func deviceKey(r *http.Request) string {
	if id := deviceOf(r); id != "" {
		return "dev:" + id
	}
	return "ip:" + clientAddr(r)
}
