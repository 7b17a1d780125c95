package web

// A player's decklist on her own phone (issue 22): /events/{id}/deck,
// where a phone signed in as the player (her player code, player.go)
// pastes or types her list, sees it checked as she types and saves it
// while the event takes decklists from phones (before round 1, until the
// organizer closes deck registration), and reads it back, read-only
// after that. Every endpoint takes the entry from the phone's session,
// never from the request, so a phone reaches its own player's list only;
// the public pages and JSON carry no list at all. The check is the one
// the desk and the kiosk show (director.CheckDeck), worded by
// deckReportOf for both.

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"time"

	"tablekeeper/core/deck"
	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
	"tablekeeper/core/rules"
)

// playerDecks are the deck pages of a signed-in player (director.Decks).
type playerDecks interface {
	DeckRegistration(ctx context.Context, id event.EventID) (director.DeckWindow, error)
	PlayerDeckOf(ctx context.Context, ps director.PlayerSession) (director.PlayerDeck, error)
	SavePlayerDeck(ctx context.Context, ps director.PlayerSession, name, list string) (director.DeckCheck, error)
	CheckDeck(ctx context.Context, id event.EventID, list string) (deck.Report, error)
}

// rateDeckCheckPerPlayer bounds the checks of one player's lists, from
// all her phones together: signing one code in on many devices buys no
// more checks than one phone has.
var rateDeckCheckPerPlayer = rate{name: "deck checks per player", burst: 20, per: 500 * time.Millisecond}

// deckRoutes are the player's decklist page and its JSON.
func (s *Server) deckRoutes() []route {
	return []route{
		{"GET /events/{id}/deck", s.pageDeck},
		{"GET /api/events/{id}/me/deck", s.apiMyDeck},
		{"POST /api/events/{id}/me/deck", s.apiSaveMyDeck},
		{"POST /api/events/{id}/me/deck/check", s.apiCheckMyDeck},
	}
}

// deckReport is a deck check as a player reads it, at the kiosk or on
// her phone.
type deckReport struct {
	Empty    bool     `json:"empty"`
	Legal    bool     `json:"legal"`
	Verdict  string   `json:"verdict"`
	Problems []string `json:"problems"`
	Warnings []string `json:"warnings"`
}

// deckReportOf words a deck check: the verdict, then the problems and the
// warnings, one plain sentence each. The kiosk, the player's phone and
// the judges' phones all show a check through it.
func deckReportOf(l i18n.Lang, rep deck.Report) deckReport {
	out := deckReport{Legal: rep.Legal(), Problems: []string{}, Warnings: []string{}}
	if out.Legal {
		out.Verdict = i18n.T(l, "Legal ✓")
	} else {
		out.Verdict = i18n.N(l, "Not legal yet: %d problems to fix", len(rep.Problems), len(rep.Problems))
	}
	for _, is := range rep.Problems {
		out.Problems = append(out.Problems, deckIssue(l, is))
	}
	for _, is := range rep.Warnings {
		out.Warnings = append(out.Warnings, deckIssue(l, is))
	}
	return out
}

// emptyDeckReport is the check of nothing typed yet.
func emptyDeckReport(l i18n.Lang) deckReport {
	return deckReport{Empty: true, Verdict: i18n.T(l, "Checked as you type"), Problems: []string{}, Warnings: []string{}}
}

// deckIssue is a deck issue as a player reads it, in l: the sentence with
// a capital, the rule ID at the end for the judge.
func deckIssue(l i18n.Lang, is deck.Issue) string {
	msg := strings.TrimSpace(is.In(l))
	rule := ""
	if is.Rule != "" && strings.HasPrefix(msg, is.Rule+": ") {
		msg, rule = strings.TrimPrefix(msg, is.Rule+": "), " ("+is.Rule+")"
	}
	return staffCapital(msg) + rule
}

// pageDeck is the frame of the decklist page; deck.js fills it from
// /api/events/{id}/me/deck.
func (s *Server) pageDeck(w http.ResponseWriter, r *http.Request) {
	s.boardPage(w, r, func(b director.Board) {
		s.render(w, r, "deck", page{Head: i18n.F("Your decklist"), Event: headFor(b), Nav: "deck"})
	})
}

// myDeckJSON is what a phone reads of its player's deck: whether the
// phone is signed in, whether the event takes decklists from phones now
// (and if not, why), and her list with its check.
type myDeckJSON struct {
	SignedIn bool `json:"signedIn"`
	// Asked: the event asks for decklists; Open: a phone may send one now.
	Asked bool `json:"asked"`
	Open  bool `json:"open"`
	// Paired: round 1 is paired (the phone's window has passed for good).
	Paired bool `json:"paired"`
	// Why says why a phone may not send one now ("" when it may).
	Why string `json:"why,omitempty"`
	// Player is her name, Rules the event's game, format and how to type
	// a list.
	Player string `json:"player,omitempty"`
	Rules  string `json:"rules,omitempty"`
	// Example is a short list of the event's deck rules, for the empty
	// list field.
	Example string `json:"example,omitempty"`
	// Has: she registered a deck; Name, List, Check and Updated are it.
	Has     bool        `json:"has"`
	Name    string      `json:"name,omitempty"`
	List    string      `json:"list,omitempty"`
	Check   *deckReport `json:"check,omitempty"`
	Updated string      `json:"updated,omitempty"`
	// Message says what a save did.
	Message string `json:"message,omitempty"`
}

// windowJSON fills what every phone may know of the window: the event's
// deck rules and whether registration is open are public.
func (j *myDeckJSON) window(l i18n.Lang, w director.DeckWindow) {
	j.Asked, j.Open, j.Paired = w.Asked, w.Open(), w.Paired
	if err := w.Refusal(); err != nil {
		j.Why = staffCapital(staffSentence(err).In(l))
	}
}

// myDeckOf is the JSON of a player's own deck.
func myDeckOf(l i18n.Lang, pd director.PlayerDeck, name string) myDeckJSON {
	j := myDeckJSON{SignedIn: true, Player: name}
	j.window(l, pd.Window)
	if pd.Window.Asked {
		f := deck.Format(pd.Event.Settings.DeckRules)
		j.Rules = i18n.F("%s · %s", rules.DescribeText(pd.Event.Game, pd.Event.Format), f.ListHint()).In(l)
		j.Example = f.ListExample().In(l)
	}
	if pd.Has {
		rep := deckReportOf(l, pd.Check.Report)
		j.Has, j.Name, j.List, j.Check = true, pd.Check.Deck.Name, pd.Check.Deck.List, &rep
		j.Updated = pd.Check.Deck.UpdatedAt.Local().Format("15:04")
	}
	return j
}

// apiMyDeck answers the phone's player's deck; a phone not signed in
// learns only whether the event takes decklists from phones.
func (s *Server) apiMyDeck(w http.ResponseWriter, r *http.Request) {
	id, ok := s.addressedEvent(w, r)
	if !ok {
		return
	}
	l := langOf(r)
	ps, ok := s.signedPlayer(r, id)
	if !ok {
		win, err := s.decks.DeckRegistration(r.Context(), id)
		if err != nil {
			s.failErr(w, r, err)
			return
		}
		var j myDeckJSON
		j.window(l, win)
		writeJSON(w, http.StatusOK, j)
		return
	}
	pd, err := s.decks.PlayerDeckOf(r.Context(), ps)
	if err != nil {
		s.failErr(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, myDeckOf(l, pd, ps.Name))
}

// deckRequest is POST /api/events/{id}/me/deck and …/check.
type deckRequest struct {
	Name string `json:"name"`
	List string `json:"list"`
}

const deckShape = `{"name":"…","list":"…"}`

// readDeck reads and bounds a deck sent by a phone: its name on one line,
// its list with line ends made \n, each within the kiosk's limits.
func readDeck(r *http.Request) (deckRequest, error) {
	var req deckRequest
	if err := decodeJSON(r.Body, maxPlayerBody, &req, deckShape); err != nil {
		return req, err
	}
	name, err := staffText(strings.Join(strings.Fields(req.Name), " "), i18n.F("The deck's name"), maxDeckName)
	if err != nil {
		return req, err
	}
	list := strings.ReplaceAll(strings.ReplaceAll(req.List, "\r\n", "\n"), "\r", "\n")
	list, err = staffText(strings.TrimSpace(list), i18n.F("The decklist"), maxDeckList)
	return deckRequest{Name: name, List: list}, err
}

// apiSaveMyDeck saves the list of the player the phone is signed in as;
// an illegal list is saved too, and the answer says what to fix.
func (s *Server) apiSaveMyDeck(w http.ResponseWriter, r *http.Request) {
	id, ok := s.addressedEvent(w, r)
	if !ok {
		return
	}
	ps, ok := s.playerWrite(w, r, id)
	if !ok {
		return
	}
	req, err := readDeck(r)
	if err == nil && req.List == "" {
		err = event.Invalid("type or paste your list first")
	}
	if err != nil {
		s.failErr(w, r, err)
		return
	}
	if _, err := s.decks.SavePlayerDeck(r.Context(), ps, req.Name, req.List); err != nil {
		s.failErr(w, r, err)
		return
	}
	pd, err := s.decks.PlayerDeckOf(r.Context(), ps)
	if err != nil {
		s.failErr(w, r, err)
		return
	}
	l := langOf(r)
	j := myDeckOf(l, pd, ps.Name)
	if pd.Check.Legal() {
		j.Message = i18n.T(l, "Your deck is registered, %s. Good luck!", ps.Name)
	} else {
		j.Message = i18n.T(l, "Saved. Fix the problems above before round 1, or see the organizer.")
	}
	writeJSON(w, http.StatusOK, j)
}

// apiCheckMyDeck checks a list as the player types, saving nothing: for a
// phone signed in as a player of the event, within her phones' checks
// and this phone's.
func (s *Server) apiCheckMyDeck(w http.ResponseWriter, r *http.Request) {
	id, ok := s.addressedEvent(w, r)
	if !ok {
		return
	}
	if !s.ownPageJSON(w, r) {
		return
	}
	ps, ok := s.signedPlayer(r, id)
	if !ok {
		s.fail(w, r, http.StatusUnauthorized, msgSignInFirst)
		return
	}
	needs := []need{{rateDeckCheck, deviceKey(r)}, {rateDeckCheckPerPlayer, "player:" + strconv.FormatInt(int64(ps.Entry), 10)}}
	if refused, wait := s.limits.take(needs...); refused >= 0 {
		s.staffTooMany(w, r, wait, i18n.F("Checking too often; the check runs again when you pause typing."))
		return
	}
	req, err := readDeck(r)
	if err != nil {
		s.failErr(w, r, err)
		return
	}
	l := langOf(r)
	if req.List == "" {
		writeJSON(w, http.StatusOK, emptyDeckReport(l))
		return
	}
	rep, err := s.decks.CheckDeck(r.Context(), id, req.List)
	if err != nil {
		s.failErr(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, deckReportOf(l, rep))
}
