package web

import (
	"context"
	"errors"
	"net/http"
	"strconv"
	"time"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
	"tablekeeper/ui/web/floods"
)

// staffSignIns are the staff's sign-ins by PIN or code (director.Phones).
type staffSignIns interface {
	SignIn(ctx context.Context, t director.SignInTry) error
	StaffSessionOf(ctx context.Context, kind, token, address string) (director.StaffSession, bool, error)
}

// Staff sign-in (issue 19): a judge's phone types the judges' PIN, a
// tablet the kiosk code, a station the scorekeeper code. What stands in
// front of a guesser is the device's and the address's own budget
// (rateWrongPIN: a few slips, then one a minute), taken before the PIN is
// read and given back when it was right, so that simultaneous tries from
// one address cannot all be read. No budget is shared by everyone: a
// stranger spending it would keep every new judge, tablet and station out
// (issue 27; core/director/secrets.go has the arithmetic). Every wrong PIN
// and every try refused is counted in the organizer's alert
// (floods.Watch). The session the sign-in opens is kept in the
// database (director.StaffSessionOf), so the organizer sees it on the
// Store network panel and can end it, and a restart of the network keeps
// it, with the judge a judge's phone acts as in each event
// (director.ChooseJudge); what a page remembers between two requests (the
// names a kiosk offered) stays in memory (staffSessions),
// adopted again after a restart.

// signIn checks the secret a staff device typed and, when right, opens
// its session and returns the token to set in its cookie. Otherwise it
// returns the status and the sentence to show on the sign-in page (and
// sets Retry-After on a 429).
func (s *Server) signIn(w http.ResponseWriter, r *http.Request, kind string, id event.EventID, ttl time.Duration) (string, int, i18n.Localizer) {
	keys := pinKeys(kind, r)
	wrong := make([]need, len(keys))
	for i, k := range keys {
		wrong[i] = need{rateWrongPIN, k}
	}
	defer s.guesses.lock(clientAddr(r))()
	if refused, wait := s.limits.take(wrong...); refused >= 0 {
		s.floods.Note(r.Context(), floods.PIN, deviceOf(r), clientAddr(r))
		w.Header().Set("Retry-After", strconv.Itoa(max(1, int(wait.Seconds()))))
		if kind == director.KindJudge {
			return "", http.StatusTooManyRequests, i18n.F("Too many wrong PINs from this phone: wait %s, then try again.", staffWait(wait))
		}
		return "", http.StatusTooManyRequests, i18n.F("Too many wrong PINs from this device: wait %s, then try again.", staffWait(wait))
	}
	secret := r.PostFormValue("pin")
	if len(secret) > maxPIN {
		secret = "" // wrong, but counted as one
	}
	// The device the request came with: one that sends no cookie is known
	// by its address (a new cookie each try would count as many devices).
	device := deviceOf(r)
	ensureDevice(w, r)
	token := staffToken()
	// A scorekeeper station signs in with its operator's name too.
	name := ""
	if kind == director.KindScorekeeper {
		name = r.PostFormValue("name")
	}
	err := s.staff.SignIn(r.Context(), director.SignInTry{Kind: kind, Secret: secret, Device: device, Address: clientAddr(r),
		Event: id, Name: name, Token: token, TTL: ttl})
	if !errors.Is(err, director.ErrWrongPIN) {
		s.limits.give(wrong...)
	}
	switch {
	case errors.Is(err, director.ErrWrongPIN):
		s.floods.Note(r.Context(), floods.PIN, device, clientAddr(r))
		if kind == director.KindKiosk {
			return "", http.StatusForbidden, i18n.F("That is not the kiosk code. It is on the organizer's computer, on the Store network panel (two groups of four letters and digits).")
		}
		if kind == director.KindScorekeeper {
			return "", http.StatusForbidden, i18n.F("That is not the scorekeeper code. Ask the organizer: it is on the Store network panel of their computer (two groups of four letters and digits).")
		}
		return "", http.StatusForbidden, i18n.F("That is not the judges' PIN. Ask the organizer: it is on the Store network panel of their computer.")
	case errors.Is(err, event.ErrInvalid):
		// The name a station typed: said before any secret is checked.
		return "", http.StatusBadRequest, staffSentence(err)
	case err != nil:
		s.logf("web: %s sign-in: %v", kind, err)
		return "", http.StatusInternalServerError, i18n.F("The sign-in could not be saved on the organizer's computer; try again in a moment.")
	}
	return token, http.StatusOK, nil
}

// staffCheck is what the database says of a device's session.
type staffCheck struct {
	token string
	s     director.StaffSession
	ok    bool
}

// checkStaff reads the session of the device's cookie of kind (an open
// one touched with the device's address).
func (s *Server) checkStaff(r *http.Request, kind, cookie string) (staffCheck, error) {
	token := staffTokenOf(r, cookie)
	if token == "" {
		return staffCheck{}, nil
	}
	sess, ok, err := s.staff.StaffSessionOf(r.Context(), kind, token, clientAddr(r))
	return staffCheck{token: token, s: sess, ok: ok}, err
}

// ended says why a device's session ended, or nil when it did not (or
// the device never had one).
func (c staffCheck) ended(kind string) i18n.Localizer {
	if c.ok {
		return nil
	}
	judge := kind == director.KindJudge
	switch c.s.Why {
	case director.WhyOrganizer:
		if judge {
			return i18n.F("The organizer signed this phone out. To sign in again, ask them for the judges' PIN.")
		}
		return i18n.F("The organizer locked this tablet from their computer. To use it as a kiosk again, unlock it with the kiosk code.")
	case director.WhyRenewed:
		if judge {
			return i18n.F("The organizer changed the judges' PIN, so this phone was signed out: type the new PIN they give you.")
		}
		return i18n.F("The organizer changed the kiosk code, so this tablet was locked: unlock it with the new code.")
	case director.WhyExpired:
		if judge {
			return i18n.F("This phone's sign-in has expired; type the judges' PIN again.")
		}
		return i18n.F("This tablet's unlock has expired; type the kiosk code again.")
	}
	return nil
}

// adopt keeps v as the session of token when the server has none for it
// (a session kept in the database outlives the server's memory).
func (st *staffSessions[T]) adopt(token string, v T) T {
	st.mu.Lock()
	defer st.mu.Unlock()
	k := staffTokenKey(token)
	if h, ok := st.m[k]; ok && st.now().Sub(h.start) < st.ttl {
		return h.v
	}
	st.m[k] = &staffHeld[T]{start: st.now(), v: v}
	return v
}
