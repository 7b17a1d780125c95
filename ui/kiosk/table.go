package kiosk

import (
	"strconv"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/core/clock"
	"tablekeeper/core/director"
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
	s.name = heading("")
	s.name.SizeName = theme.SizeNameSubHeadingText
	// The table number is the one thing read from a step away.
	s.table = heading("")
	s.seat = line("")
	s.clock = line("")
	s.ok = newButton(k, "Done", widget.MediumImportance, k.Reset)
	s.ok.Icon = theme.ConfirmIcon()
	s.content = container.NewVBox(s.name,
		container.NewThemeOverride(s.table, bigTheme{text: textSize, heading: tableNumberScale}), s.seat, s.clock, spacer(), row(s.ok))
	return s
}

func (s *tableScreen) view() fyne.CanvasObject { return s.content }
func (s *tableScreen) first() fyne.Focusable   { return s.ok }
func (s *tableScreen) idle() time.Duration     { return TableAfter }
func (s *tableScreen) back()                   { s.k.show(s.k.start) }
func (s *tableScreen) enter()                  { s.k.Reset() }

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
		s.seat.SetText("You're not playing in " + roundName(v) + ". Please see the organizer.")
	case seat.Bye:
		s.table.SetText("Bye")
		s.seat.SetText("You have a bye in " + roundName(v) + ": no game to play this round.")
	default:
		s.table.SetText("Table " + strconv.Itoa(seat.Table))
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
	out := "Seat " + strconv.Itoa(seat.Seat)
	if len(seat.Teammates) > 0 {
		out += " · with " + listNames(seat.Teammates)
	}
	if len(seat.Opponents) > 0 {
		out += " · against " + listNames(seat.Opponents)
	}
	return out
}

// timeLeft says the table's time in a player's words.
func timeLeft(v director.KioskTables, seat director.KioskSeat, now time.Time) string {
	r := v.TimeLeft(seat, now)
	switch {
	case seat.Reported:
		return "your result is in"
	case !r.Timed:
		return "untimed"
	case !r.Started:
		return "the clock has not started"
	case r.Expired:
		return "time is up"
	case r.Paused:
		return "clock paused, " + clock.Format(r.Remaining) + " left"
	}
	return clock.Format(r.Remaining) + " left"
}

// roundName is "round 2", or "round 5 (top 8)" where the round has a name.
func roundName(v director.KioskTables) string {
	out := "round " + strconv.Itoa(v.Round)
	if v.RoundName != "" {
		out += " (" + v.RoundName + ")"
	}
	return out
}

// listNames joins names as a sentence: "Ana", "Ana and Bob",
// "Ana, Bob and Cleo".
func listNames(names []string) string {
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// capitalize makes the first letter upper case.
func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
