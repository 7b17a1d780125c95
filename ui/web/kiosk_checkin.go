package web

import (
	"context"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"tablekeeper/core/clock"
	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
)

// The kiosk's start page and check-in: a player finds her name (or
// her table), says "that's me", and is checked in.

// pageStart is the kiosk's start: a search, and the names (or tables) it
// finds.
func (k *kioskArea) pageStart(w http.ResponseWriter, r *http.Request) {
	e, _, token, ok := k.open(w, r)
	if !ok {
		return
	}
	p := newKioskPage(e)
	q := r.URL.Query().Get("q")
	if utf8.RuneCountInString(q) > maxQuery || !utf8.ValidString(q) {
		q, p.Problem = "", i18n.F("That is too long for a name; type part of your name (a few letters are enough).")
	}
	p.Query = q
	p.FindTables = e.State != event.StateRegistration
	p.Finished = e.State == event.StateFinished
	if strings.TrimSpace(q) == "" {
		p.Idle = 0
		k.staffSessions.update(token, func(ks *kioskSession) { ks.offered = nil })
	}
	var err error
	if p.FindTables {
		err = k.findTables(r.Context(), e, &p)
	} else {
		err = k.search(r.Context(), e, token, &p)
	}
	if err != nil {
		k.s.failErr(w, r, err)
		return
	}
	title := i18n.F("Check in")
	if p.FindTables {
		title = i18n.F("Find your table")
	}
	k.show(w, r, http.StatusOK, "kiosk", title, p)
}

// search lists the names matching the query and offers them to the
// device.
func (k *kioskArea) search(ctx context.Context, e event.Event, token string, p *kioskPage) error {
	if strings.TrimSpace(p.Query) == "" {
		return nil
	}
	if director.QueryTooShort(p.Query) {
		p.Hint = i18n.F("Keep typing: names show from %d letters.", director.MinQuery(p.Query))
		return nil
	}
	ms, err := k.desk.KioskSearch(ctx, e.ID, p.Query)
	if err != nil {
		return err
	}
	k.staffSessions.update(token, func(ks *kioskSession) { ks.offered = ms })
	for _, m := range ms {
		km := kioskMatch{PlayerID: int64(m.PlayerID), Name: m.Name, CheckedIn: m.CheckedIn}
		if m.CheckedIn {
			km.Label = i18n.F("checked in")
		}
		p.Matches = append(p.Matches, km)
	}
	p.Hint = i18n.F("Choose your name.")
	if len(ms) == 0 {
		p.Hint = i18n.F("Nobody by that name yet. New here? Choose “I'm new here”.")
	}
	return nil
}

// findTables lists where the players matching the query play.
func (k *kioskArea) findTables(ctx context.Context, e event.Event, p *kioskPage) error {
	v, err := k.desk.KioskFindTable(ctx, e.ID, p.Query)
	if err != nil {
		return err
	}
	switch {
	case v.Finished:
		p.Hint = i18n.F("%s is finished. Thank you for playing!", v.EventName)
		return nil
	case strings.TrimSpace(p.Query) == "":
		return nil
	case director.QueryTooShort(p.Query):
		p.Hint = i18n.F("Keep typing: names show from %d letters.", director.MinQuery(p.Query))
		return nil
	case v.Round > 0 && !v.Published:
		p.Hint = i18n.F("The pairings for %s are not out yet. Please wait for the organizer.", kioskRoundName(v))
		return nil
	case len(v.Seats) == 0:
		p.Hint = i18n.F("Nobody by that name is playing. Please see the organizer.")
		return nil
	}
	p.Idle = kioskTableIdle
	now := k.s.now()
	for _, st := range v.Seats {
		p.Seats = append(p.Seats, kioskSeatOf(v, st, now))
	}
	return nil
}

// kioskSeatOf says where st's player plays in v's round, as ui/kiosk's table
// screen does.
func kioskSeatOf(v director.KioskTables, st director.KioskSeat, now time.Time) kioskSeat {
	out := kioskSeat{Name: st.Name, Round: kioskRoundTitle(v)}
	switch {
	case !st.Playing:
		out.Line = i18n.F("You're not playing in %s. Please see the organizer.", kioskRoundName(v))
		return out
	case st.Bye:
		out.Table = i18n.F("Bye")
		out.Line = i18n.F("You have a bye in %s: no game to play this round.", kioskRoundName(v))
		return out
	}
	out.Table = i18n.F("Table %d", st.Table)
	line := i18n.F("Seat %d", st.Seat)
	if len(st.Teammates) > 0 {
		line = i18n.F("%[1]s · with %[2]s", line, i18n.Names(st.Teammates))
	}
	if len(st.Opponents) > 0 {
		line = i18n.F("%[1]s · against %[2]s", line, i18n.Names(st.Opponents))
	}
	out.Line = line
	rd := v.TimeLeft(st, now)
	switch {
	case st.Reported:
		out.Clock = i18n.F("your result is in")
	case !rd.Timed:
		out.Clock = i18n.F("untimed")
	case !rd.Started:
		out.Clock = i18n.F("the clock has not started")
	case rd.Expired:
		out.Clock = i18n.F("time is up")
	case rd.Paused:
		out.Clock, out.Paused = i18n.F("clock paused, %s left", clock.Format(rd.Remaining)), true
	default:
		out.Clock, out.Timer, out.LeftMS = i18n.F("%s left", clock.Format(rd.Remaining)), true, rd.Remaining.Milliseconds()
	}
	return out
}

// kioskRoundName is "round 2", or "round 5 (top 8)"; kioskRoundTitle the
// same with a capital, for a heading.
func kioskRoundName(v director.KioskTables) i18n.Text {
	if !v.RoundName.IsZero() {
		return i18n.F("round %[1]d (%[2]s)", v.Round, v.RoundName)
	}
	return i18n.F("round %d", v.Round)
}

func kioskRoundTitle(v director.KioskTables) i18n.Text {
	if !v.RoundName.IsZero() {
		return i18n.F("Round %[1]d (%[2]s)", v.Round, v.RoundName)
	}
	return i18n.F("Round %d", v.Round)
}

// staffCapital makes the first letter upper case.
func staffCapital(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 {
		return s
	}
	return string(unicode.ToUpper(r)) + s[n:]
}

// offered returns the match of player among the names the device was
// offered.
func (ks kioskSession) offeredMatch(player int64) (director.KioskMatch, bool) {
	for _, m := range ks.offered {
		if int64(m.PlayerID) == player {
			return m, true
		}
	}
	return director.KioskMatch{}, false
}

// msgNotOffered refuses a name the kiosk did not offer.
var msgNotOffered = i18n.F("That name is not one this kiosk offered; search for your name again.")

// pageConfirm asks "Are you …?" before checking a player in.
func (k *kioskArea) pageConfirm(w http.ResponseWriter, r *http.Request) {
	e, ks, _, ok := k.open(w, r)
	if !ok {
		return
	}
	n, _ := strconv.ParseInt(r.URL.Query().Get("player"), 10, 64)
	m, found := ks.offeredMatch(n)
	if !found {
		seeOther(w, r, kioskBase(e.ID))
		return
	}
	p := newKioskPage(e)
	p.Name, p.PlayerID, p.Query = m.Name, int64(m.PlayerID), r.URL.Query().Get("q")
	if len(p.Query) > maxQuery {
		p.Query = ""
	}
	k.show(w, r, http.StatusOK, "kiosk_confirm", i18n.F("Is this you?"), p)
}

// postCheckIn checks in a player the kiosk offered.
func (k *kioskArea) postCheckIn(w http.ResponseWriter, r *http.Request) {
	e, ks, token, ok := k.write(w, r)
	if !ok {
		return
	}
	n, _ := strconv.ParseInt(r.PostFormValue("player"), 10, 64)
	m, found := ks.offeredMatch(n)
	if !found {
		k.s.fail(w, r, http.StatusBadRequest, msgNotOffered)
		return
	}
	en, err := k.desk.KioskCheckIn(r.Context(), e.ID, m.PlayerID)
	k.finish(w, r, e, token, en, err, func(en event.Entry) kioskDone {
		// Anyone can tap a name: her code is on her slip, or at the desk.
		if m.CheckedIn {
			return kioskDone{Message: i18n.F("You're already checked in, %s. Good luck!", en.Name), Detail: msgCodeAtDesk}
		}
		return kioskDone{Message: i18n.F("You're checked in, %s. Good luck!", en.Name), Detail: msgCodeAtDesk}
	})
}

// msgCodeAtDesk tells a player found by name where her player code is:
// the kiosk never shows it to whoever taps a name.
var msgCodeAtDesk = i18n.F("Your player code, for your phone, is on your player slip; the organizer gives it to you at the desk.")

// finish ends a check-in or sign-up: the done page says what happened and
// offers the deck, or the page shows why nothing was done. A brand-new
// player's code comes in done.Code (say's answer).
func (k *kioskArea) finish(w http.ResponseWriter, r *http.Request, e event.Event, token string, en event.Entry, err error, say func(event.Entry) kioskDone) {
	switch {
	case errors.Is(err, event.ErrState):
		// Check-in closed (round 1 paired), the event finished, or the
		// player dropped: the director's sentence sends them to the
		// organizer.
		k.staffSessions.update(token, func(ks *kioskSession) {
			ks.offered, ks.signup, ks.deck, ks.deckCode = nil, director.NewPlayer{}, event.Entry{}, ""
			ks.done = kioskDone{Message: staffSentence(err)}
		})
		seeOther(w, r, kioskBase(e.ID)+"/done")
		return
	case err != nil:
		k.s.failErr(w, r, err)
		return
	}
	done := say(en)
	done.Entry = en.ID
	done.Deck = e.Settings.DeckRules != ""
	if done.Deck {
		deck := i18n.F("You can register your deck now, or later at the organizer's desk.")
		if done.Code.Code == "" {
			deck = msgDeckWithCode
		}
		if done.Detail == nil {
			done.Detail = deck
		} else {
			done.Detail = i18n.F("%[1]s %[2]s", done.Detail, deck)
		}
	}
	k.staffSessions.update(token, func(ks *kioskSession) {
		ks.offered, ks.signup, ks.done = nil, director.NewPlayer{}, done
		ks.deck, ks.deckUntil, ks.deckCode = event.Entry{}, time.Time{}, ""
		ks.codeUntil = time.Time{}
		if done.Code.Code != "" {
			ks.codeUntil = k.s.now().Add(kioskCodeIdle * time.Second)
		}
		if done.Deck {
			// A brand-new player has just been given her code; anyone
			// else types hers before her deck can change.
			ks.deck, ks.deckUntil, ks.deckCode = en, k.s.now().Add(kioskDeckWindow), done.Code.Code
		}
	})
	seeOther(w, r, kioskBase(e.ID)+"/done")
}

// staffSentence is the director's message as one sentence with its capital
// and full stop.
func staffSentence(err error) i18n.Localizer { return sentence{err} }

// sentence is an error said as one sentence in the reader's language.
type sentence struct{ err error }

// In says the error in l with a capital and a full stop.
func (e sentence) In(l i18n.Lang) string {
	s := staffCapital(strings.TrimSpace(i18n.Error(l, e.err)))
	if s == "" {
		return s
	}
	switch s[len(s)-1] {
	case '.', '!', '?':
		return s
	}
	return s + "."
}
