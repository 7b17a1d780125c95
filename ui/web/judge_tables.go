package web

import (
	"fmt"
	"math"
	"net/http"
	"strconv"
	"strings"
	"time"

	"tablekeeper/core/clock"
	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
	"tablekeeper/core/judgelog"
	"tablekeeper/ui/internal/labels"
)

// The judge's table pages: the event's tables with their clocks and
// the log so far, one table's page, and a time extension.

// pageEvent is the event for a judge: the tables still out with their
// time, and the judge log.
func (j *judgeArea) pageEvent(w http.ResponseWriter, r *http.Request) {
	feed := j.s.feedMark(r) // before the read: no patch falls between
	v, me, ok := j.view(w, r)
	if !ok {
		return
	}
	p := newJudgePage(v, me)
	p.Feed = feed
	p.Notice = savedNotice(r)
	now, l := j.s.now(), langOf(r)
	switch {
	case v.Rounds == 0:
		p.NoRounds = true
	case !v.Latest.Round.Published():
		p.Round, p.Draft = labels.RoundNameText(v.Latest.Round).In(l), true
	default:
		p.Round, p.RoundNumber = labels.RoundNameText(v.Latest.Round).In(l), v.Latest.Round.Number
		p.Clock = tableClockText(v.Latest.Round.Clock, 0, now)
		// The tables still out as the Round tab's Missing results and the
		// projector list them (Sheet.Outstanding), each with its time.
		for _, o := range v.Latest.Outstanding() {
			t, err := latestTable(v, o.Number)
			if err != nil {
				continue
			}
			jt := judgeTableOf(l, v.Event.Settings, t, v.Latest.Round.Clock, now)
			jt.Label = o.Label(l)
			p.Out = append(p.Out, jt)
		}
		p.AllDone = len(p.Out) == 0
	}
	p.Log = judgeLogLines(l, v)
	j.show(w, r, http.StatusOK, "judge", i18n.F("Judge"), p)
}

// savedNotice says which entry was just saved (?saved=N after a write).
func savedNotice(r *http.Request) i18n.Localizer {
	n, err := strconv.Atoi(r.URL.Query().Get("saved"))
	if err != nil || n <= 0 {
		return nil
	}
	return i18n.F("Saved as judge log entry #%d.", n)
}

// judgeLogLines lists the judge log newest first, marking the entries no
// longer in force.
func judgeLogLines(l i18n.Lang, v director.JudgeView) []judgeLine {
	names := judgelog.Names{Entries: map[event.EntryID]string{}, Judges: map[event.JudgeID]string{}}
	for _, en := range v.Entries {
		names.Entries[en.ID] = en.Name
	}
	for _, x := range v.Judges {
		names.Judges[x.ID] = x.Name
	}
	inForce := map[event.JudgeLogID]bool{}
	for _, e := range judgelog.Effective(v.Log) {
		inForce[e.ID] = true
	}
	out := make([]judgeLine, 0, len(v.Log))
	for i := len(v.Log) - 1; i >= 0; i-- {
		e := v.Log[i]
		out = append(out, judgeLine{ID: int64(e.ID), At: e.At.Local().Format("15:04"), Text: judgelog.DescribeIn(l, e, names),
			Source: e.Source, Off: !inForce[e.ID]})
	}
	return out
}

// judgeTableOf is a table of the round for the judges: its players, its
// time (the round's clock plus the table's own extension) and result.
func judgeTableOf(l i18n.Lang, s event.Settings, t director.SheetTable, c event.Clock, now time.Time) judgeTable {
	out := judgeTable{Number: t.Number}
	names := make([]string, 0, len(t.Players))
	for _, p := range t.Players {
		out.Players = append(out.Players, judgePlayer{ID: int64(p.Entry), Name: p.Name})
		names = append(names, p.Name)
	}
	if len(t.Teams) > 0 {
		names = names[:0]
		for _, tm := range t.Teams {
			names = append(names, tm.Name)
		}
	}
	out.Label = director.Outstanding{Names: names}.Label(l)
	if t.Extension > 0 {
		out.Ext = i18n.F("+%s extension", clock.Format(t.Extension))
	}
	if t.Result != nil {
		out.Result = i18n.F("Result in: %s", resultText(s, t))
		return out
	}
	out.Time = tableClockText(c, t.Extension, now)
	rd := clock.Read(c, now)
	if rd.Timed && rd.Running {
		left := clock.TableRemaining(c, t.Extension, now)
		if left > 0 {
			out.Timer, out.LeftMS = true, left.Milliseconds()
		}
	}
	return out
}

// tableClockText says a table's time: the round's clock with the table's
// extension.
func tableClockText(c event.Clock, ext time.Duration, now time.Time) i18n.Text {
	rd := clock.Read(c, now)
	left := clock.TableRemaining(c, ext, now)
	switch {
	case !rd.Timed:
		return i18n.F("untimed")
	case !rd.Started:
		return i18n.F("the clock has not started")
	case rd.Started && left <= 0:
		return i18n.F("time is up")
	case rd.Paused:
		return i18n.F("clock paused, %s left", clock.Format(left))
	}
	return i18n.F("%s left", clock.Format(left))
}

// addressedTable is the table of the address in v's latest round; a bad
// or unknown one is answered with its sentence (false).
func (j *judgeArea) addressedTable(w http.ResponseWriter, r *http.Request, v director.JudgeView) (director.SheetTable, bool) {
	n, err := positive(r.PathValue("table"), i18n.F("a table"))
	if err == nil {
		var t director.SheetTable
		if t, err = latestTable(v, int(n)); err == nil {
			return t, true
		}
	}
	j.s.failErr(w, r, err)
	return director.SheetTable{}, false
}

// latestTable finds table number n of the latest round, published.
func latestTable(v director.JudgeView, n int) (director.SheetTable, error) {
	if v.Rounds == 0 || !v.Latest.Round.Published() {
		return director.SheetTable{}, event.NotFoundf("%s has no published round yet", v.Event.Name)
	}
	for _, t := range v.Latest.Tables {
		if t.Number == n && !t.Bye {
			return t, nil
		}
	}
	return director.SheetTable{}, event.NotFoundf("%s has no table %d", labels.RoundNameText(v.Latest.Round), n)
}

func (j *judgeArea) pageTable(w http.ResponseWriter, r *http.Request) {
	feed := j.s.feedMark(r) // before the read: no patch falls between
	v, me, ok := j.view(w, r)
	if !ok {
		return
	}
	j.renderTable(w, r, v, me, http.StatusOK, nil, feed)
}

func (j *judgeArea) renderTable(w http.ResponseWriter, r *http.Request, v director.JudgeView, me event.Judge, status int, problem i18n.Localizer, feed string) {
	t, ok := j.addressedTable(w, r, v)
	if !ok {
		return
	}
	p := newJudgePage(v, me)
	p.Feed = feed
	p.Round, p.Problem = labels.RoundNameText(v.Latest.Round).In(langOf(r)), problem
	p.Notice = savedNotice(r)
	jt := judgeTableOf(langOf(r), v.Event.Settings, t, v.Latest.Round.Clock, j.s.now())
	p.Table = &jt
	j.show(w, r, status, "judge_table", i18n.F("Table %d", t.Number), p)
}

// postExtend adds time to a table of the latest round: a time extension
// in the judge log, as the desk's Judge tab logs it.
func (j *judgeArea) postExtend(w http.ResponseWriter, r *http.Request) {
	v, me, js, ok := j.write(w, r)
	if !ok {
		return
	}
	t, ok := j.addressedTable(w, r, v)
	if !ok {
		return
	}
	ext, err := extensionMinutes(r.PostFormValue("minutes"))
	if err == nil && ext <= 0 {
		err = event.Invalid("say how many minutes to add, such as 3")
	}
	if err != nil {
		j.renderTable(w, r, v, me, http.StatusBadRequest, staffSentence(err), "")
		return
	}
	e := event.JudgeLogEntry{EventID: v.Event.ID, Kind: event.LogExtension, Round: v.Latest.Round.Number, Table: t.Number,
		JudgeID: me.ID, Extension: ext, Source: js.source()}
	saved, err := j.log.LogJudgeEntry(r.Context(), e)
	if err != nil {
		j.renderTable(w, r, v, me, statusOf(err), staffSentence(err), "")
		return
	}
	seeOther(w, r, fmt.Sprintf("%s/tables/%d?saved=%d", judgeBase(v.Event.ID), t.Number, saved.ID))
}

// extensionMinutes reads minutes typed ("3", "2.5", "" none) as a duration.
func extensionMinutes(text string) (time.Duration, error) {
	t := strings.TrimSpace(strings.ReplaceAll(text, ",", "."))
	if t == "" {
		return 0, nil
	}
	m, err := strconv.ParseFloat(t, 64)
	if len(t) > 8 || err != nil || math.IsNaN(m) || math.IsInf(m, 0) || m < 0 {
		return 0, event.Invalidf("the extension is a number of minutes, such as 3, not %q", staffTruncate(t, 12))
	}
	if m > maxMinutes {
		return 0, event.Invalidf("an extension from a phone is at most %d minutes; the organizer gives more at the desk", maxMinutes)
	}
	return time.Duration(m * float64(time.Minute)).Round(time.Second), nil
}
