package web

import (
	"errors"
	"net/http"
	"strconv"
	"strings"
	"time"

	"tablekeeper/core/deck"
	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
	"tablekeeper/core/rules"
	"tablekeeper/ui/web/floods"
)

// The kiosk's deck registration: the player who has just checked in
// on the tablet types her player code and her decklist.

// deckEntry is the player who may register a deck on the device now,
// and her code when the device has it ("" until she types it).
func (k *kioskArea) deckEntry(ks kioskSession) (event.Entry, string, bool) {
	return ks.deck, ks.deckCode, ks.deck.ID != 0 && k.s.now().Before(ks.deckUntil)
}

// deckWrite opens a deck write on the device: the kiosk unlocked
// (write), a player who may register a deck on it now (deckEntry) and an
// event that takes decks; else the answer is sent and ok is false.
func (k *kioskArea) deckWrite(w http.ResponseWriter, r *http.Request) (e event.Event, ks kioskSession, token string, en event.Entry, code string, ok bool) {
	if e, ks, token, ok = k.write(w, r); !ok {
		return e, ks, token, en, code, false
	}
	if en, code, ok = k.deckEntry(ks); !ok || e.Settings.DeckRules == "" {
		k.s.fail(w, r, http.StatusForbidden, msgNoDeck)
		return e, ks, token, en, code, false
	}
	return e, ks, token, en, code, true
}

// pageDeck is "Register my deck": her player code first, unless the
// device has it, then the decklist.
func (k *kioskArea) pageDeck(w http.ResponseWriter, r *http.Request) {
	e, ks, _, ok := k.open(w, r)
	if !ok {
		return
	}
	en, code, ok := k.deckEntry(ks)
	if !ok || e.Settings.DeckRules == "" {
		seeOther(w, r, kioskBase(e.ID))
		return
	}
	if code == "" {
		k.showDeckCode(w, r, http.StatusOK, e, en, nil)
		return
	}
	k.show(w, r, http.StatusOK, "kiosk_deck", i18n.F("Register your deck"), k.deckPage(e, en))
}

// showDeckCode asks the player for her code before her deck, with what
// went wrong (problem) if anything. The page keeps nothing typed.
func (k *kioskArea) showDeckCode(w http.ResponseWriter, r *http.Request, status int, e event.Event, en event.Entry, problem i18n.Localizer) {
	w.Header().Set("Cache-Control", "no-store")
	p := newKioskPage(e)
	p.Name, p.Problem = en.Name, problem
	k.show(w, r, status, "kiosk_deck_code", i18n.F("Register your deck"), p)
}

// msgDeckWithCode offers the deck to a player found by name: she will
// need her code.
var msgDeckWithCode = i18n.F("You can register your deck now with the player code on your slip, or later at the organizer's desk.")

// msgDeckCodeFirst refuses a deck, or its check, from a device that
// does not have the player's code.
var msgDeckCodeFirst = i18n.F("Type your player code first: it is printed on your player slip; the organizer can tell it to you at the desk.")

// rateWrongKioskCode bounds the wrong player codes typed at one kiosk
// tablet, whatever the player: 20, then one every 3 minutes. A tablet is
// one device at one address, shared by every player at the door, so the
// phones' budgets (3, then one a day) would let one stranger close
// "Register my deck" to everyone for a day; here she holds up the next
// player 3 minutes at most, in front of the desk. The arithmetic (limit.go):
// 20 + 10 hours × 20 an hour = 220 guesses, 220 / 887,503,681 ≈ 2.5 in ten
// million, for a guesser standing at the tablet all day.
var rateWrongKioskCode = rate{name: "wrong player codes per kiosk tablet", burst: 20, per: 3 * time.Minute}

// kioskCodeBudgets are the wrong-code budgets a player code typed at a
// kiosk tablet for entry spends: the tablet's for that player (three, then
// one a day, as a phone's), and the tablet's for every player.
func kioskCodeBudgets(r *http.Request, entry event.EntryID) []need {
	dev := deviceKey(r)
	return []need{
		{rateWrongPlayerPerDevice, dev + ":entry:" + strconv.FormatInt(int64(entry), 10)},
		{rateWrongKioskCode, dev},
	}
}

// kioskCodeRefusal says which of the tablet's wrong-code budgets is spent.
func kioskCodeRefusal(refused int) i18n.Text {
	if refused == 0 {
		return i18n.F("Too many wrong codes were typed for this player at this tablet")
	}
	return i18n.F("Too many wrong codes were typed at this tablet")
}

// postDeckCode checks the player code typed for the player who may
// register a deck, within the tablet's wrong-code budgets
// (kioskCodeBudgets); the right one opens her decklist.
func (k *kioskArea) postDeckCode(w http.ResponseWriter, r *http.Request) {
	e, _, token, en, have, ok := k.deckWrite(w, r)
	if !ok {
		return
	}
	if have != "" {
		seeOther(w, r, kioskBase(e.ID)+"/deck")
		return
	}
	code := r.PostFormValue("code")
	if len(code) > maxPIN {
		code = "" // wrong, but counted as one
	}
	wrong := kioskCodeBudgets(r, en.ID)
	came := deviceOf(r)
	if refused, wait := k.s.limits.take(wrong...); refused >= 0 {
		k.s.floods.Note(r.Context(), floods.PlayerCode, came, clientAddr(r))
		secs := max(1, int(wait.Round(time.Second)/time.Second))
		w.Header().Set("Retry-After", strconv.Itoa(secs))
		k.showDeckCode(w, r, http.StatusTooManyRequests, e, en,
			i18n.F("%[1]s; wait %[2]s and try again, or ask the organizer.", kioskCodeRefusal(refused), waitWords(secs)))
		return
	}
	_, err := k.decks.CheckPlayerCode(r.Context(), e.ID, en.ID, code)
	if !errors.Is(err, director.ErrWrongPlayerCode) {
		k.s.limits.give(wrong...)
	}
	switch {
	case errors.Is(err, director.ErrWrongPlayerCode):
		k.s.floods.Note(r.Context(), floods.PlayerCode, came, clientAddr(r))
		k.showDeckCode(w, r, http.StatusForbidden, e, en, msgWrongPlayerCode)
		return
	case err != nil:
		k.s.failErr(w, r, err)
		return
	}
	k.staffSessions.update(token, func(ks *kioskSession) {
		if ks.deck.ID == en.ID {
			ks.deckCode = director.NormalizeTableCode(code)
		}
	})
	seeOther(w, r, kioskBase(e.ID)+"/deck")
}

func (k *kioskArea) deckPage(e event.Event, en event.Entry) kioskPage {
	p := newKioskPage(e)
	p.Name = en.Name
	f := deck.Format(e.Settings.DeckRules)
	p.Rules = i18n.F("%s · %s", rules.DescribeText(e.Game, e.Format), f.ListHint())
	p.Example = f.ListExample()
	return p
}

// msgNoDeck refuses a deck from a device with no player checked in on
// it.
var msgNoDeck = i18n.F("Check in first: the kiosk registers the deck of the player who has just checked in on it.")

// postDeck saves the deck of the player who checked in on the device;
// an illegal deck is saved too, and the page says what to fix.
func (k *kioskArea) postDeck(w http.ResponseWriter, r *http.Request) {
	e, ks, token, en, code, ok := k.deckWrite(w, r)
	if !ok {
		return
	}
	if code == "" {
		k.s.fail(w, r, http.StatusForbidden, msgDeckCodeFirst)
		return
	}
	p := k.deckPage(e, en)
	p.DeckName = staffTruncate(strings.Join(strings.Fields(r.PostFormValue("deckname")), " "), maxDeckName)
	p.List = staffTruncate(r.PostFormValue("list"), maxDeckList)
	name, err := staffField(r, "deckname", i18n.F("The deck's name"), maxDeckName)
	var list string
	if err == nil {
		list, err = staffLines(r, "list", i18n.F("The decklist"), maxDeckList)
	}
	if err == nil && list == "" {
		err = event.Invalid("type or paste your list first")
	}
	if err != nil {
		p.Saved, p.SavedKind = staffSentence(err), "error"
		k.show(w, r, http.StatusBadRequest, "kiosk_deck", i18n.F("Register your deck"), p)
		return
	}
	dc, err := k.decks.KioskSaveDeck(r.Context(), director.KioskDeck{Event: e.ID, Entry: en.ID, Code: code, Tablet: ks.tablet(), Name: name, List: list})
	if errors.Is(err, director.ErrWrongPlayerCode) {
		k.s.fail(w, r, http.StatusForbidden, msgDeckCodeFirst)
		return
	}
	if err != nil {
		p.Saved, p.SavedKind = staffSentence(err), "error"
		k.show(w, r, statusOf(err), "kiosk_deck", i18n.F("Register your deck"), p)
		return
	}
	if dc.Legal() {
		k.staffSessions.update(token, func(ks *kioskSession) {
			ks.deck, ks.deckUntil, ks.deckCode = event.Entry{}, time.Time{}, ""
			ks.done = kioskDone{Message: i18n.F("Your deck is registered, %s. Good luck!", en.Name)}
		})
		seeOther(w, r, kioskBase(e.ID)+"/done")
		return
	}
	rep := deckReportOf(langOf(r), dc.Report)
	p.Report = &rep
	p.Saved, p.SavedKind = i18n.F("Saved. Fix the problems above before round 1, or see the organizer."), "warning"
	k.show(w, r, http.StatusOK, "kiosk_deck", i18n.F("Register your deck"), p)
}

// apiDeckCheck checks a decklist as the player types, saving nothing:
// for an unlocked kiosk with a player checked in on it.
func (k *kioskArea) apiDeckCheck(w http.ResponseWriter, r *http.Request) {
	if err := k.origin.Check(r); err != nil {
		k.s.fail(w, r, http.StatusForbidden, msgCrossSite)
		return
	}
	id, ok := k.s.addressedEvent(w, r)
	if !ok {
		return
	}
	ks, _, ok := k.session(r, id)
	if !ok {
		k.s.fail(w, r, http.StatusForbidden, msgKioskLocked)
		return
	}
	if _, code, ok := k.deckEntry(ks); !ok || code == "" {
		k.s.fail(w, r, http.StatusForbidden, msgNoDeck)
		return
	}
	if ok, wait := k.s.limits.allow(rateDeckCheck, deviceKey(r)); !ok {
		k.s.staffTooMany(w, r, wait, i18n.F("Checking too often; the check runs again when you pause typing."))
		return
	}
	if !k.s.staffParseForm(w, r) {
		return
	}
	list, err := staffLines(r, "list", i18n.F("The decklist"), maxDeckList)
	if err != nil {
		k.s.failErr(w, r, err)
		return
	}
	if list == "" {
		writeJSON(w, http.StatusOK, emptyDeckReport(langOf(r)))
		return
	}
	rep, err := k.decks.CheckDeck(r.Context(), id, list)
	if err != nil {
		k.s.failErr(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, deckReportOf(langOf(r), rep))
}
