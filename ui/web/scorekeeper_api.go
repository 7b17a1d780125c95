package web

import (
	"errors"
	"net/http"
	"strconv"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
)

// The scorekeeper station's JSON calls: a table's players and its
// result so far as the operator types its number, a result saved
// without a reload, what the phones already said, and the tables still
// missing.

// scoreTableJSON is a table as the entry form shows it.
type scoreTableJSON struct {
	Table   int      `json:"table"`
	Round   int      `json:"round"`
	Label   string   `json:"label"`
	Players []string `json:"players"`
	// Result is the saved result said ("" for none); Mark its mark, sent
	// back with the slip; By says who entered it and when.
	Result string `json:"result"`
	Mark   string `json:"mark"`
	By     string `json:"by"`
}

func scoreTableOf(l i18n.Lang, round int, t director.StationTable) scoreTableJSON {
	out := scoreTableJSON{Table: t.Number, Round: round, Label: tableNote(l, t), Players: t.Players, Mark: t.Mark}
	if t.Mark != "" {
		out.Result = t.Result.In(l)
		out.By = i18n.T(l, "entered by %[1]s at %[2]s", t.By.In(l), t.At)
	}
	return out
}

// tableOf is the event and the table number a signed-in station's
// request names; false when it was refused (said to the station).
func (a *scoreArea) tableOf(w http.ResponseWriter, r *http.Request) (event.EventID, int64, bool) {
	_, id, ok := a.signedEvent(w, r)
	if !ok {
		return 0, 0, false
	}
	n, err := positive(r.PathValue("table"), i18n.F("a table"))
	if err != nil {
		a.s.failErr(w, r, err)
		return 0, 0, false
	}
	return id, n, true
}

// apiTable gives the table typed: its players and saved result, for a
// signed-in station.
func (a *scoreArea) apiTable(w http.ResponseWriter, r *http.Request) {
	id, n, ok := a.tableOf(w, r)
	if !ok {
		return
	}
	t, err := a.stations.StationTableOf(r.Context(), id, int(n))
	if err != nil {
		a.s.failErr(w, r, err)
		return
	}
	round, _ := strconv.Atoi(r.URL.Query().Get("round"))
	writeJSON(w, http.StatusOK, scoreTableOf(langOf(r), round, t))
}

// scoreResultJSON is what a slip sent by the script did: the table's
// result said, its mark, the line the station lists; on a refusal for a
// table that has a result, the table as it now is.
type scoreResultJSON struct {
	Outcome string          `json:"outcome,omitempty"`
	Line    string          `json:"line,omitempty"`
	At      string          `json:"at,omitempty"`
	Error   string          `json:"error,omitempty"`
	Now     *scoreTableJSON `json:"now,omitempty"`
}

// apiResult records a slip sent by the script.
func (a *scoreArea) apiResult(w http.ResponseWriter, r *http.Request) {
	c, id, ok := a.write(w, r)
	if !ok {
		return
	}
	l := langOf(r)
	slip, _, err := slipOf(r, id, c)
	var got director.SlipReceipt
	if err == nil {
		got, err = a.stations.RecordSlip(r.Context(), slip)
	}
	status := statusOf(err)
	switch {
	case err == nil:
		outcome := map[director.SlipOutcome]string{director.SlipRecorded: "recorded", director.SlipReplaced: "replaced", director.SlipAlreadyRecorded: "already"}[got.Outcome]
		writeJSON(w, http.StatusOK, scoreResultJSON{Outcome: outcome, Line: i18n.T(l, "table %[1]d: %[2]s", got.Table, got.Said.In(l)), At: a.s.now().Local().Format("15:04")})
		return
	case status == http.StatusInternalServerError:
		a.s.failErr(w, r, err)
		return
	}
	out := scoreResultJSON{Error: staffSentence(err).In(l)}
	if errors.Is(err, director.ErrTableHasResult) {
		if t, terr := a.stations.StationTableOf(r.Context(), id, slip.Table); terr == nil {
			now := scoreTableOf(l, slip.Round, t)
			out.Now = &now
		}
	}
	w.Header().Set("Content-Language", string(l))
	writeJSON(w, status, out)
}

// apiSay says a result typed at a station as it would be saved, with the
// players' names and the winner first, for the question before a saved
// result is replaced: {"said": "Ada won 1-0"}, or the sentence that
// refuses the text.
func (a *scoreArea) apiSay(w http.ResponseWriter, r *http.Request) {
	id, n, ok := a.tableOf(w, r)
	if !ok {
		return
	}
	round, _ := strconv.Atoi(r.URL.Query().Get("round"))
	said, err := a.stations.SaySlip(r.Context(), id, round, int(n), r.URL.Query().Get("result"))
	if err != nil {
		a.s.failErr(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]string{"said": said.In(langOf(r))})
}

// apiMissing lists the tables still out of the current round, for the
// station's list as the live stream says the event changed.
func (a *scoreArea) apiMissing(w http.ResponseWriter, r *http.Request) {
	_, id, ok := a.signedEvent(w, r)
	if !ok {
		return
	}
	v, err := a.stations.StationMissing(r.Context(), id)
	if err != nil {
		a.s.failErr(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, struct {
		Round   int            `json:"round"`
		Missing []scoreMissing `json:"missing"`
	}{v.Round, missingOf(langOf(r), v.Missing)})
}
