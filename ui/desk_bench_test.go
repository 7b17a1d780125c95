package ui

import (
	"fmt"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/core/rules"
	"tablekeeper/internal/testdb"
	"tablekeeper/ui/internal/uitest"
	"tablekeeper/ui/internal/work"
)

// The desk at 1,024 players, timed through the window's own call path:
// the header's button calls the director, and the window then reads and
// builds what it shows (the header, the Registration, Round, Standings,
// Judge and Log tabs) as it does after every change, on Fyne's test
// driver. Work runs as the window's runner would, without the goroutine
// (work.Sync). Targets: pairing round 1 ≤ 5 s, publishing ≤ 2 s, a result
// from a phone on the Round tab ≤ 1 s, on the 2-core machine the store
// uses.
//
//	go test ./ui -run '^$' -bench Desk1024 -benchtime 3x

// deskWindow is a window open on a new event of n players, all checked
// in, its director, and a director the window does not hear.
func deskWindow(b *testing.B, n int) (d, quiet *director.Director, s *shell, id event.EventID) {
	b.Helper()
	test.NewTempApp(b)
	d, quiet = deskDirectors(b)
	ctx := b.Context()
	e := uitest.Event(b, d, "Big Saturday")
	// More rounds than the player count asks, so each iteration of the
	// publishing benchmark has a round left to pair.
	uitest.ChangeSettings(b, d, &e, func(s *event.Settings) { s.Rounds = 30 })
	names := make([]string, n)
	for i := range names {
		names[i] = fmt.Sprintf("Player %04d", i+1)
	}
	for _, en := range uitest.Players(b, d, e.ID, names...) {
		if err := d.Registration.CheckIn(ctx, en.ID, true); err != nil {
			b.Fatal(err)
		}
	}
	w := test.NewTempWindow(b, nil)
	s = newShell(w, ServicesOf(d), work.Sync{}, uitestNow)
	w.SetContent(s.content)
	w.Resize(fyne.NewSize(1366, 768))
	s.start(Options{OpenEvent: e.ID})
	return d, quiet, s, e.ID
}

// BenchmarkDesk1024Pair is the Pair round 1 button at 1,024 players, up to
// the Round tab showing its 512 tables.
func BenchmarkDesk1024Pair(b *testing.B) {
	d, _, s, id := deskWindow(b, 1024)
	ctx := b.Context()
	for b.Loop() {
		b.StopTimer()
		if s.view.state.Rounds > 0 {
			if err := d.Drafts.WithdrawRound(ctx, id); err != nil {
				b.Fatal(err)
			}
		}
		if s.view.state.Next != director.StepPair || !s.view.state.Ready {
			b.Fatalf("the header offers %v (ready %v), not pairing", s.view.state.Next, s.view.state.Ready)
		}
		b.StartTimer()
		s.view.onPair()
	}
	b.StopTimer()
	if got := len(s.view.round.Sheet().Tables); got != 512 || !s.view.round.Draft() {
		b.Fatalf("the Round tab shows %d tables (draft %v), want round 1's 512 as a draft", got, s.view.round.Draft())
	}
}

// BenchmarkDesk1024Publish is the Publish button of a draft round at 1,024
// players, up to the Round tab showing it published. Each iteration first
// records the results of the round before and pairs the next one, untimed.
func BenchmarkDesk1024Publish(b *testing.B) {
	_, quiet, s, id := deskWindow(b, 1024)
	for b.Loop() {
		b.StopTimer()
		finishRound(b, quiet, id, s.view.state.Rounds)
		s.view.reload()
		s.view.onPair()
		if !s.view.round.Draft() {
			b.Fatal("no draft round to publish")
		}
		b.StartTimer()
		s.view.onPair()
	}
	b.StopTimer()
	if s.view.round.Draft() || s.view.state.Draft {
		b.Fatal("the round is still shown as a draft after publishing")
	}
}

// BenchmarkDesk1024PhoneResult is a result reported from a phone (by its
// table code) at 1,024 players, up to the Round tab showing it: the
// report, the change notice and the window's reads.
func BenchmarkDesk1024PhoneResult(b *testing.B) {
	d, _, s, id := deskWindow(b, 1024)
	ctx := b.Context()
	s.view.onPair()
	s.view.onPair() // publish
	codes, err := d.Network.TableCodes(ctx, id, 1)
	if err != nil {
		b.Fatal(err)
	}
	table := 0
	for b.Loop() {
		table++
		if table > 512 {
			b.Fatal("more iterations than tables: use -benchtime with at most 512x")
		}
		out, err := d.Network.ReportByCode(ctx, director.TableReport{Event: id, Round: 1, Table: table, Code: codes[table], Result: "2-0"})
		if err != nil || out != director.ReportRecorded {
			b.Fatalf("table %d: %v %v", table, out, err)
		}
	}
	b.StopTimer()
	sh := s.view.round.Sheet()
	if t := sh.Tables[table-1]; t.Number != table || t.Result == nil {
		b.Fatalf("table %d's result is not on the Round tab", table)
	}
}

// deskDirectors returns two directors over one new database: the window's,
// and one that writes without the window hearing of it, to set up an
// iteration without timing the window's answer to each write.
func deskDirectors(b *testing.B) (window, quiet *director.Director) {
	b.Helper()
	db := testdb.Open(b)
	now := func() time.Time { return uitest.Now }
	return testdb.Director(db, now, 1, 2), testdb.Director(db, now, 3, 4)
}

// finishRound records a 2-0 at every table of round n still waiting.
func finishRound(b *testing.B, d *director.Director, id event.EventID, n int) {
	b.Helper()
	if n == 0 {
		return
	}
	ctx := b.Context()
	res, err := rules.ParseResult("2-0")
	if err != nil {
		b.Fatal(err)
	}
	sh, err := d.Rounds.RoundSheet(ctx, id, n)
	if err != nil {
		b.Fatal(err)
	}
	for _, t := range sh.Tables {
		if t.Bye || t.Result != nil {
			continue
		}
		if err := d.Rounds.RecordResult(ctx, id, n, t.Number, res); err != nil {
			b.Fatal(err)
		}
	}
}
