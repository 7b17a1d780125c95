package web

import (
	"encoding/base64"
	"errors"
	"html/template"
	"net/http"
	"strings"
	"unicode"
	"unicode/utf8"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
	"tablekeeper/reports"
)

// The kiosk's sign-up: a new player types her name (and member
// number), a namesake is asked whether she is the same person, and the
// done page shows a brand-new player her code.

func (k *kioskArea) pageSignUp(w http.ResponseWriter, r *http.Request) {
	e, _, _, ok := k.open(w, r)
	if !ok {
		return
	}
	if e.State != event.StateRegistration {
		seeOther(w, r, kioskBase(e.ID))
		return
	}
	p := newKioskPage(e)
	name := strings.TrimSpace(r.URL.Query().Get("name"))
	if strings.IndexFunc(name, unicode.IsLetter) >= 0 && utf8.RuneCountInString(name) <= event.MaxNameLength {
		p.Name = name
	}
	k.show(w, r, http.StatusOK, "kiosk_signup", i18n.F("Sign up"), p)
}

// postSignUp signs a new player up, or asks "Is this you?" when the name
// is known.
func (k *kioskArea) postSignUp(w http.ResponseWriter, r *http.Request) {
	e, ks, token, ok := k.write(w, r)
	if !ok {
		return
	}
	p := newKioskPage(e)
	p.Name = strings.Join(strings.Fields(r.PostFormValue("name")), " ")
	p.Member = strings.TrimSpace(r.PostFormValue("member"))
	name, err := staffField(r, "name", i18n.F("Your name"), event.MaxNameLength)
	var member string
	if err == nil {
		member, err = staffField(r, "member", i18n.F("The member number"), maxMemberNo)
	}
	if err == nil && name == "" {
		err = event.Invalid("please type your name")
	}
	if err != nil {
		p.Name, p.Member = staffTruncate(p.Name, event.MaxNameLength), staffTruncate(p.Member, maxMemberNo)
		p.Problem = staffSentence(err)
		k.show(w, r, http.StatusBadRequest, "kiosk_signup", i18n.F("Sign up"), p)
		return
	}
	np := director.NewPlayer{Name: name, MemberNo: member}
	su, err := k.desk.KioskSignUp(r.Context(), e.ID, ks.tablet(), np)
	if err != nil && !errors.Is(err, event.ErrState) {
		p.Problem = staffSentence(err)
		k.show(w, r, statusOf(err), "kiosk_signup", i18n.F("Sign up"), p)
		return
	}
	if err == nil && len(su.SameName) > 0 {
		k.staffSessions.update(token, func(ks *kioskSession) { ks.signup, ks.offered = np, su.SameName })
		seeOther(w, r, kioskBase(e.ID)+"/same")
		return
	}
	k.finish(w, r, e, token, su.Entry, err, func(en event.Entry) kioskDone {
		if su.Code.Code == "" {
			// Her own member number: a player known already.
			return kioskDone{Message: i18n.F("You're checked in, %s. Good luck!", en.Name), Detail: msgCodeAtDesk}
		}
		return kioskDone{Message: i18n.F("Welcome, %s! You're signed up and checked in. Good luck!", en.Name), Code: su.Code}
	})
}

// staffTruncate cuts s to at most n characters.
func staffTruncate(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n])
}

// pageSameName asks "Is this you?" with the players of the same name.
func (k *kioskArea) pageSameName(w http.ResponseWriter, r *http.Request) {
	e, ks, _, ok := k.open(w, r)
	if !ok {
		return
	}
	if ks.signup.Name == "" || len(ks.offered) == 0 {
		seeOther(w, r, kioskBase(e.ID))
		return
	}
	p := newKioskPage(e)
	p.Name = ks.signup.Name
	p.Detail = director.SameNameText(ks.signup.Name, ks.offered)
	for _, m := range ks.offered {
		km := kioskMatch{PlayerID: int64(m.PlayerID), Name: m.Name, CheckedIn: m.CheckedIn}
		switch {
		case m.CheckedIn:
			km.Label = i18n.F("checked in")
		case m.EntryID != 0:
			km.Label = i18n.F("registered")
		}
		p.Matches = append(p.Matches, km)
	}
	k.show(w, r, http.StatusOK, "kiosk_same", i18n.F("Is this you?"), p)
}

// postNamesake signs up a true namesake, who said they are someone else.
func (k *kioskArea) postNamesake(w http.ResponseWriter, r *http.Request) {
	e, ks, token, ok := k.write(w, r)
	if !ok {
		return
	}
	if ks.signup.Name == "" {
		k.s.fail(w, r, http.StatusBadRequest, i18n.F("There is no sign-up waiting on this kiosk; start again with “I'm new here”."))
		return
	}
	su, err := k.desk.KioskSignUpNamesake(r.Context(), e.ID, ks.tablet(), ks.signup)
	k.finish(w, r, e, token, su.Entry, err, func(en event.Entry) kioskDone {
		return kioskDone{Message: i18n.F("Welcome, %s! You're signed up and checked in. Good luck!", en.Name),
			Detail: i18n.F("Another player has the same name: please tell the organizer, so that you two are not mixed up."), Code: su.Code}
	})
}

// pageDone ends a visit.
func (k *kioskArea) pageDone(w http.ResponseWriter, r *http.Request) {
	e, ks, _, ok := k.open(w, r)
	if !ok {
		return
	}
	if ks.done.Message == nil {
		seeOther(w, r, kioskBase(e.ID))
		return
	}
	p := newKioskPage(e)
	p.Idle = kioskDoneIdle
	p.Message, p.Detail = ks.done.Message, ks.done.Detail
	p.Deck = ks.done.Deck && ks.deck.ID != 0 && k.s.now().Before(ks.deckUntil)
	if ks.done.Code.Code != "" && k.s.now().Before(ks.codeUntil) {
		k.showCode(w, r, e, ks.done, &p)
	}
	if p.Deck {
		p.Idle = kioskIdle
	}
	k.show(w, r, http.StatusOK, "kiosk_done", i18n.F("Done"), p)
}

// showCode puts a brand-new player's code on the done page, with the QR
// code of the link (her link token, not the code) that signs her phone
// in. The page is then kept by no cache, nor the browser's history (Back
// must not show it to the next player).
func (k *kioskArea) showCode(w http.ResponseWriter, r *http.Request, e event.Event, done kioskDone, p *kioskPage) {
	w.Header().Set("Cache-Control", "no-store")
	p.Code = director.FormatPlayerCode(done.Code.Code)
	p.Idle = kioskCodeIdle
	svg, err := reports.QRSVG(director.PlayerLink(k.s.eventURL(r, int64(e.ID)), done.Entry, done.Code.Token))
	if err != nil {
		k.s.logf("web: kiosk: QR code of a player's link: %v", err)
		return
	}
	p.CodeQR = template.URL("data:image/svg+xml;base64," + base64.StdEncoding.EncodeToString(svg)) // #nosec G203 -- a data: URL of the QR code's own SVG, base64-encoded here
}
