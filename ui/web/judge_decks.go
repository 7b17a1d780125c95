package web

// The decklists on the judges' phones (issue 22): a judge signed in (and
// named in the event) lists who has registered a deck, who has not and
// whose list has problems, and opens a player's registered list with its
// check: the same check and sentences as the desk, the kiosk and the
// player's phone. These pages are the only place on the store network
// where a player's list shows to anyone but herself; a phone not signed
// in as a judge is sent to the judges' sign-in, as for every judge page.

import (
	"net/http"
	"strings"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
)

// maxDeckFilter bounds the name filter of the decklists page.
const maxDeckFilter = 100

// judgeDecksPage is the decklists page and a player's list.
type judgeDecksPage struct {
	judgePage
	// Asked: the event asks for decklists.
	Asked bool
	// Counts is the line of counts; Window whether phones may still send
	// lists, and if not why.
	Counts, Window string
	// Filter is the name typed; Rows the players it leaves.
	Filter string
	Rows   []judgeDeckRow
	// Deck is the list opened.
	Deck *judgeDeck
}

// judgeDeckRow is a player in the decklists page.
type judgeDeckRow struct {
	Entry int64
	Name  string
	State string
	// Has: a list is registered; Bad: it has problems.
	Has, Bad bool
}

// judgeDeck is a player's registered list as a judge reads it.
type judgeDeck struct {
	Player, Name, List, When string
	Has                      bool
	Check                    deckReport
}

// judgeDecksRoutes are the judges' decklist pages, added to judgeRoutes.
func (j *judgeArea) decksRoutes() []route {
	return []route{
		{"GET /judge/events/{id}/decks", j.pageDecks},
		{"GET /judge/events/{id}/decks/{entry}", j.pageDeck},
	}
}

func (j *judgeArea) showDecks(w http.ResponseWriter, r *http.Request, title i18n.Text, p judgeDecksPage) {
	j.s.renderStatus(w, r, http.StatusOK, "judge_decks", page{Head: title, TitleOf: p.EventName, Nav: "judge", Body: "judge", Data: p})
}

// pageDecks lists the event's active players with where each one's list
// stands, those a name typed leaves.
func (j *judgeArea) pageDecks(w http.ResponseWriter, r *http.Request) {
	v, me, ok := j.view(w, r)
	if !ok {
		return
	}
	st, err := j.decks.DeckStatus(r.Context(), v.Event.ID)
	if err != nil {
		j.s.failErr(w, r, err)
		return
	}
	l := langOf(r)
	p := judgeDecksPage{judgePage: newJudgePage(v, me), Asked: st.Window.Asked}
	p.Counts = i18n.T(l, "%[1]s · %[2]s · %[3]s",
		i18n.N(l, "%d lists registered", st.Submitted, st.Submitted),
		i18n.N(l, "%d with problems", st.Problems, st.Problems),
		i18n.N(l, "%d missing", st.Missing, st.Missing))
	p.Window = st.Window.Status().In(l)
	p.Filter = staffTruncate(strings.TrimSpace(r.URL.Query().Get("q")), maxDeckFilter)
	q := event.FoldName(p.Filter)
	for _, row := range st.Rows {
		if q != "" && !strings.Contains(event.FoldName(row.Entry.Name), q) {
			continue
		}
		p.Rows = append(p.Rows, judgeDeckRowOf(l, row))
	}
	j.showDecks(w, r, i18n.F("Decklists"), p)
}

// judgeDeckRowOf words a player's row: legal, n problems, or no list.
func judgeDeckRowOf(l i18n.Lang, row director.DeckStatusRow) judgeDeckRow {
	out := judgeDeckRow{Entry: int64(row.Entry.ID), Name: row.Entry.Name}
	switch row.State {
	case director.DeckMissing:
		out.State = i18n.T(l, "No list registered")
	case director.DeckProblems:
		n := len(row.Check.Report.Problems)
		out.State, out.Has, out.Bad = i18n.N(l, "%d problems", n, n), true, true
	default:
		out.State, out.Has = i18n.T(l, "Legal ✓"), true
	}
	return out
}

// pageDeck shows one player's registered list with its check.
func (j *judgeArea) pageDeck(w http.ResponseWriter, r *http.Request) {
	v, me, ok := j.view(w, r)
	if !ok {
		return
	}
	n, err := positive(r.PathValue("entry"), i18n.F("a player"))
	if err != nil {
		j.s.failErr(w, r, err)
		return
	}
	dc, has, err := j.decks.EntryDeck(r.Context(), v.Event.ID, event.EntryID(n))
	if err != nil {
		j.s.failErr(w, r, err)
		return
	}
	l := langOf(r)
	p := judgeDecksPage{judgePage: newJudgePage(v, me), Asked: v.Event.Settings.DeckRules != ""}
	d := judgeDeck{Player: judgeEntryName(v, event.EntryID(n)), Has: has}
	if has {
		d.Name, d.List, d.Check = dc.Deck.Name, dc.Deck.List, deckReportOf(l, dc.Report)
		d.When = i18n.T(l, "Registered or changed at %s", dc.Deck.UpdatedAt.Local().Format("15:04"))
		if !dc.Deck.LockedAt.IsZero() {
			d.When = i18n.T(l, "%[1]s; locked at %[2]s", d.When, dc.Deck.LockedAt.Local().Format("15:04"))
		}
	}
	p.Deck = &d
	j.showDecks(w, r, i18n.F("Decklist of %s", d.Player), p)
}

// judgeEntryName is the name of entry in the judges' view of the event.
func judgeEntryName(v director.JudgeView, entry event.EntryID) string {
	for _, en := range v.Entries {
		if en.ID == entry {
			return en.Name
		}
	}
	return ""
}
