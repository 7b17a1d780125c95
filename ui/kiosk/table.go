package kiosk

import (
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/core/clock"
	"tablekeeper/core/director"
	"tablekeeper/core/i18n"
	"tablekeeper/ui/internal/tr"
)

// TableAfter is how long the "find my table" answer stays without input
// before the kiosk is ready for the next player.
const TableAfter = 20 * time.Second

// tableScreen answers "where do I play?" once round 1 is paired: the
// player's table, seat, opponents and the time left, from the one read the
// start screen made (director.KioskFindTable). The time left follows the
// kiosk's clock while the screen shows.
type tableScreen struct {
	k       *Kiosk
	name    *widget.Label
	table   *widget.Label
	seat    *widget.Label
	clock   *widget.Label
	ok      *keyButton
	content fyne.CanvasObject

	round  director.KioskTables
	seatOf director.KioskSeat
}

func newTableScreen(k *Kiosk) *tableScreen {
	s := &tableScreen{k: k}
	s.name = subheading("")
	// The table number is the one thing read from a step away.
	s.table = heading("")
	s.seat = line("")
	s.clock = line("")
	s.ok = newButton(k, tr.L("Done"), theme.ConfirmIcon(), widget.MediumImportance, k.Reset)
	s.content = container.NewVBox(s.name,
		container.NewThemeOverride(s.table, bigTheme{text: textSize, heading: tableNumberScale}), s.seat, s.clock, spacer(), row(s.ok))
	return s
}

func (s *tableScreen) view() fyne.CanvasObject { return s.content }
func (s *tableScreen) first() fyne.Focusable   { return s.ok }
func (s *tableScreen) idle() time.Duration     { return TableAfter }
func (s *tableScreen) enter()                  { s.k.Reset() }

// back ends the visit too: the next in the queue must not find this
// player's search and name on the start screen.
func (s *tableScreen) back() { s.k.Reset() }

func (s *tableScreen) clear() {
	s.round, s.seatOf = director.KioskTables{}, director.KioskSeat{}
	for _, l := range []*widget.Label{s.name, s.table, s.seat, s.clock} {
		l.SetText("")
	}
}

// open shows where seat's player plays in v's round.
func (s *tableScreen) open(v director.KioskTables, seat director.KioskSeat) {
	s.clear()
	s.round, s.seatOf = v, seat
	s.name.SetText(seat.Name)
	switch {
	case !seat.Playing:
		s.table.SetText("")
		s.seat.SetText(tr.F("You're not playing in %s. Please see the organizer.", roundName(v)))
	case seat.Bye:
		s.table.SetText(tr.L("Bye"))
		s.seat.SetText(tr.F("You have a bye in %s: no game to play this round.", roundName(v)))
	default:
		s.table.SetText(tr.F("Table %d", seat.Table))
		s.seat.SetText(seatLine(seat))
	}
	s.tick(s.k.now())
	s.k.show(s)
}

// tick shows the time left at now.
func (s *tableScreen) tick(now time.Time) {
	if !s.seatOf.Playing || s.seatOf.Bye {
		s.clock.SetText("") // the line above names the round
		return
	}
	s.clock.SetText(capitalize(roundName(s.round)) + " · " + timeLeft(s.round, s.seatOf, now))
}

// seatLine is "Seat 1 · against Ana Ortiz", with the team-mates of a team
// event.
func seatLine(seat director.KioskSeat) string {
	out := tr.F("Seat %d", seat.Seat)
	if len(seat.Teammates) > 0 {
		out += " · " + tr.F("with %s", tr.Text(i18n.Names(seat.Teammates)))
	}
	if len(seat.Opponents) > 0 {
		out += " · " + tr.F("against %s", tr.Text(i18n.Names(seat.Opponents)))
	}
	return out
}

// timeLeft says the table's time in a player's words.
func timeLeft(v director.KioskTables, seat director.KioskSeat, now time.Time) string {
	r := v.TimeLeft(seat, now)
	switch {
	case seat.Reported:
		return tr.L("your result is in")
	case !r.Timed:
		return tr.L("untimed")
	case !r.Started:
		return tr.L("the clock has not started")
	case r.Expired:
		return tr.L("time is up")
	case r.Paused:
		return tr.F("clock paused, %s left", clock.Format(r.Remaining))
	}
	return tr.F("%s left", clock.Format(r.Remaining))
}

// roundName is "round 2", or "round 5 (top 8)" where the round has a name.
func roundName(v director.KioskTables) string {
	if !v.RoundName.IsZero() {
		return tr.F("round %d (%s)", v.Round, v.RoundName)
	}
	return tr.F("round %d", v.Round)
}

// capitalize makes the first letter upper case.
func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
