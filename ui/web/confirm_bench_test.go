package web

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/internal/testdb"
	"tablekeeper/ui/web/internal/webtest"
)

// BenchmarkConfirmStreams500 measures what a room's streams receive for
// the players' own reports of an event whose results both players
// confirm: 500 phones of a 1,024-player round 1, every one signed in
// with her player code and following the event on the patch stream (the
// players' pages), the clock's ticks turned off. Each iteration one
// table's first player reports (her opponent's phone is told, "mine"),
// then her opponent confirms (the result is recorded: the room's usual
// patch). It reports the bytes per phone of the table and per other
// phone for each of the two steps.
func BenchmarkConfirmStreams500(b *testing.B) {
	ctx := context.Background()
	now := time.Date(2026, 11, 20, 18, 0, 0, 0, time.UTC)
	clock := func() time.Time { return now }
	d := testdb.Director(testdb.Open(b), clock, 1, 2)
	e, r, codes := confirmingRegional(b, d)
	srv, err := New(Config{Director: d, Now: clock, TickEvery: time.Hour})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(srv.Close)
	hs := httptest.NewServer(srv)
	defer hs.Close()
	tr := &http.Transport{MaxIdleConnsPerHost: 600, MaxConnsPerHost: 600}
	defer tr.CloseIdleConnections()
	client := &http.Client{Transport: tr}
	sctx, cancel := context.WithCancel(ctx)
	defer cancel()

	// The phones: both players of the first 250 tables.
	const phones = 500
	var tables []event.Table
	for _, t := range r.Tables {
		if !t.Bye && len(tables) < phones/2 {
			tables = append(tables, t)
		}
	}
	received := make([]atomic.Int64, phones)
	mine := make([]atomic.Int64, phones)
	var ready sync.WaitGroup
	for i := range phones {
		entry := tables[i/2].Seats[i%2].EntryID
		token := staffToken()
		device := fmt.Sprintf("%032x", i+1)
		if _, err := d.Phones.SignInPlayer(ctx, director.PlayerSignInTry{Event: e.ID, Entry: entry, Code: codes[entry], Device: device,
			Address: "10.0.0.1", Token: token, TTL: time.Hour}); err != nil {
			b.Fatal(err)
		}
		ready.Add(1)
		go func() {
			cookie := fmt.Sprintf("%s=%s; %s=%s", deviceCookie, signedDevice(b, srv, device), playerCookie(e.ID), token)
			if !readStream(sctx, b, client, fmt.Sprintf("%s/api/events/%d/stream?patch=1", hs.URL, e.ID), cookie, func(chunk []byte, first bool) {
				if first {
					ready.Done()
					return
				}
				received[i].Add(int64(len(chunk)))
				if containsBytes(chunk, "event: mine") {
					mine[i].Add(1)
				}
			}) {
				ready.Done()
			}
		}()
	}
	ready.Wait()
	// Let the first messages (hello, a reload patch) pass.
	time.Sleep(500 * time.Millisecond)
	for i := range received {
		received[i].Store(0)
	}
	var reportTable, reportOthers, confirmTable, confirmOthers int64
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		k := i % len(tables)
		t := tables[k]
		if i >= len(tables) {
			b.Fatal("more iterations than tables")
		}
		line := []string{"2-0", "0-2", "2-1"}[i%3]
		if _, err := d.Confirmations.ReportAsPlayer(ctx, director.PlayerResult{Event: e.ID, Entry: t.Seats[0].EntryID, Round: 1, Result: line, Device: "a"}); err != nil {
			b.Fatal(err)
		}
		waitMine(b, mine, 2*k+1, 1)
		time.Sleep(50 * time.Millisecond) // anything else on its way
		tb, ot := sumApart(received, k)
		reportTable, reportOthers = reportTable+tb, reportOthers+ot
		if _, err := d.Confirmations.ReportAsPlayer(ctx, director.PlayerResult{Event: e.ID, Entry: t.Seats[1].EntryID, Round: 1, Result: line, Device: "b"}); err != nil {
			b.Fatal(err)
		}
		waitMine(b, mine, 2*k, 2)
		time.Sleep(300 * time.Millisecond) // the room's patch of the result
		tb, ot = sumApart(received, k)
		confirmTable, confirmOthers = confirmTable+tb, confirmOthers+ot
	}
	b.StopTimer()
	n := float64(b.N)
	b.ReportMetric(float64(reportTable)/2/n, "B/table-phone/report")
	b.ReportMetric(float64(reportOthers)/(phones-2)/n, "B/other-phone/report")
	b.ReportMetric(float64(confirmTable)/2/n, "B/table-phone/confirm")
	b.ReportMetric(float64(confirmOthers)/(phones-2)/n, "B/other-phone/confirm")
}

// sumApart sums and clears the bytes received by the phones of table k
// (2k, 2k+1) and by the others.
func sumApart(received []atomic.Int64, k int) (table, others int64) {
	for i := range received {
		if i/2 == k {
			table += received[i].Swap(0)
		} else {
			others += received[i].Swap(0)
		}
	}
	return table, others
}

// waitMine waits until phone i has heard "mine" want times.
func waitMine(b *testing.B, mine []atomic.Int64, i int, want int64) {
	b.Helper()
	for end := time.Now().Add(5 * time.Second); time.Now().Before(end); time.Sleep(2 * time.Millisecond) {
		if mine[i].Load() >= want {
			return
		}
	}
	b.Fatalf("phone %d never heard of its table", i)
}

// confirmingRegional is a 1,024-player event whose players confirm their
// results, round 1 published, and the player codes.
func confirmingRegional(b *testing.B, d *director.Director) (event.Event, event.Round, map[event.EntryID]string) {
	ctx := context.Background()
	e := webtest.Regional(b, d, 1024)
	e.Settings.PlayersConfirmResults = true
	if err := d.Events.UpdateSettings(ctx, e.ID, e.Settings); err != nil {
		b.Fatal(err)
	}
	r, err := d.Rounds.PairNextRound(ctx, e.ID)
	if err != nil {
		b.Fatal(err)
	}
	if err := d.Drafts.PublishRound(ctx, e.ID, 1); err != nil {
		b.Fatal(err)
	}
	codes, err := d.Phones.PlayerCodes(ctx, e.ID)
	if err != nil {
		b.Fatal(err)
	}
	return e, r, codes
}
