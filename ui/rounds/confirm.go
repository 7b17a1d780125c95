package rounds

import (
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/core/clock"
	"tablekeeper/core/director"
	"tablekeeper/ui/internal/tr"
)

// This file is the Round tab's part of results both players confirm
// (event.Settings.PlayersConfirmResults): a table whose players reported
// different results from their own phones, or where a side was still
// silent at time, is listed with the phone reports, one row per player's
// report naming her, what she reported, when and on which device, each
// with Accept: the same rows, the same list and the same ResolveReport as
// the reports typed with a table code (phonereports.go). Typing the
// table's result settles it too.

// playerTables counts the tables of the list's players' own reports.
func playerTables(reports []director.PhoneReport) int {
	seen := map[[2]int]bool{}
	for _, r := range reports {
		if r.Entry != 0 {
			seen[[2]int{r.Round, r.Table}] = true
		}
	}
	return len(seen)
}

// playerLines are the two lines of a player's own report: the table, its
// players, who reported, when and on which device; then what she
// reported and why the table waits on the organizer.
func playerLines(r director.PhoneReport) (head, body string) {
	sep := " v "
	if len(r.Players) > 2 {
		sep = ", "
	}
	head = tr.F("Round %d, table %d · %s · %s reported at %s on device %s",
		r.Round, r.Table, strings.Join(r.Players, sep), r.Player, tr.Clock(r.At.Local()), director.DeviceName(r.Device))
	why := tr.L("the players reported different results")
	if !r.Disagree {
		why = tr.L("time is up and not every player has reported")
	}
	return head, tr.F("%[1]s: %[2]s · %[3]s", r.Player, r.Reported, why)
}

// playerTag is the tag of a player's own report's row: why her table
// waits on the organizer.
func playerTag(r director.PhoneReport) *widget.Label {
	tag := &widget.Label{Text: tr.L("Players differ"), TextStyle: fyne.TextStyle{Bold: true}, Importance: widget.WarningImportance}
	if !r.Disagree {
		tag.Text = tr.L("Time is up")
	}
	return tag
}

// reportedLine is what the missing results list adds for a table whose
// players have started reporting: "1 of 2 reported"; every side reported
// yet no result means they differ.
func reportedLine(c director.ReportedCount) string {
	switch {
	case c.Of == 0:
		return ""
	case c.In >= c.Of:
		return " · " + tr.L("the players' reports differ")
	}
	return " · " + tr.N("%[1]d of %[2]d reported", c.In, c.In, c.Of)
}

// loneRecheck is how often the Round tab reads its view again while a
// table of a running round waits with a side silent: time running out is
// no write, so no change tells the tab, and the read after time finds the
// table on the list.
const loneRecheck = 30 * time.Second

// recheckLone reads the view again in loneRecheck while a lone report
// waits for time in a timed, started round.
func (s *Screen) recheckLone(v director.RoundView) {
	c := v.Sheet.Round.Clock
	if s.loneTimer != nil || !clock.Timed(c) || !c.Started() {
		return
	}
	for _, n := range v.Reported {
		if n.In < n.Of {
			id := s.eventID
			s.loneTimer = time.AfterFunc(loneRecheck, func() {
				fyne.Do(func() {
					s.loneTimer = nil
					if s.eventID == id {
						s.Load(id)
					}
				})
			})
			return
		}
	}
}
