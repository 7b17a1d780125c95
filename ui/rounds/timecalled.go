package rounds

import (
	"strconv"
	"strings"

	"fyne.io/fyne/v2/widget"

	"tablekeeper/core/event"
	"tablekeeper/core/rules"
	"tablekeeper/ui/internal/tr"
	"tablekeeper/ui/internal/work"
	"tablekeeper/ui/timeout"
)

// onTimeCalled opens the going-to-time form of the table typed in the
// Table field.
func (s *Screen) onTimeCalled() {
	n, err := strconv.Atoi(strings.TrimSpace(s.table.Text))
	if err != nil {
		s.setStatus(tr.L("Type the table number first, then press Time called…"), widget.DangerImportance)
		s.win.Canvas().Focus(s.table)
		return
	}
	t, ok := s.sheetTable(n)
	if !ok {
		s.failAndReset(event.Invalidf("there is no table %d in round %d: its tables are %s", n, s.number, tableRange(s.sheet)))
		return
	}
	id := s.eventID
	err = timeout.Show(s.d.Rounds, s.run, s.win, s.sheet, t, func(res event.Result) {
		s.setStatus(tr.F("Table %d: decided at time and saved", n), widget.SuccessImportance)
		s.resetEntry()
		s.changed(id)
	})
	if err != nil {
		s.setStatus(work.Sentence(err), widget.DangerImportance)
	}
}

// showTimeCalled shows the Time called… button for the games that have a
// going-to-time form, once the round is published.
func (s *Screen) showTimeCalled() {
	on := rules.HasAtTimeForm(s.sheet.Event) && s.sheet.Round.Published()
	if on {
		s.timeCalled.Show()
	} else {
		s.timeCalled.Hide()
	}
}
