package web

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
)

// BenchmarkMyDrop is what a signed-in phone's drop card costs the server:
// GET /api/events/{id}/me/drop for one of 200 phones signed in at a
// 1,024-player round, 50 of whose players asked to drop. The page asks it
// each time it reloads the player's own page (at most every 20 s at a
// regional, per phone signed in). Run with
//
//	go test ./ui/web -run XXX -bench MyDrop -benchtime 2000x
func BenchmarkMyDrop(b *testing.B) {
	srv, d, e, _ := benchEvent(b)
	hs := httptest.NewServer(srv)
	defer hs.Close()
	ctx := context.Background()
	entries, err := d.Registration.Entries(ctx, e.ID)
	if err != nil {
		b.Fatal(err)
	}
	codes, err := d.Phones.PlayerCodes(ctx, e.ID)
	if err != nil {
		b.Fatal(err)
	}
	var phones []*http.Client
	for i, en := range entries[:200] {
		jar, _ := cookiejar.New(nil)
		c := &http.Client{Jar: jar}
		srv.limits = newLimiter(time.Now)
		if status := benchPost(b, c, fmt.Sprintf("%s/api/events/%d/me/signin", hs.URL, e.ID), fmt.Sprintf(`{"entry":%d,"code":%q}`, en.ID, codes[en.ID])); status != 200 {
			b.Fatalf("sign-in %d: %d", i, status)
		}
		if i%4 == 0 {
			if status := benchPost(b, c, fmt.Sprintf("%s/api/events/%d/me/drop", hs.URL, e.ID), `{}`); status != 200 {
				b.Fatalf("drop %d: %d", i, status)
			}
		}
		phones = append(phones, c)
	}
	url := fmt.Sprintf("%s/api/events/%d/me/drop", hs.URL, e.ID)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		resp, err := phones[i%len(phones)].Get(url)
		if err != nil {
			b.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 || !strings.Contains(string(body), `"signedIn":true`) {
			b.Fatalf("%d %s", resp.StatusCode, body)
		}
	}
}

// BenchmarkRoundViewWithDrops is the Round tab's one read at a
// 1,024-player round with no open drop request, then with 50.
func BenchmarkRoundViewWithDrops(b *testing.B) {
	_, d, e, _ := benchEvent(b)
	ctx := context.Background()
	entries, err := d.Registration.Entries(ctx, e.ID)
	if err != nil {
		b.Fatal(err)
	}
	view := func(b *testing.B, want int) {
		for i := 0; i < b.N; i++ {
			v, err := d.Views.RoundView(ctx, e.ID, 0, 4)
			if err != nil || len(v.Drops) != want {
				b.Fatalf("%d drops, %v", len(v.Drops), err)
			}
		}
	}
	b.Run("none", func(b *testing.B) { view(b, 0) })
	for _, en := range entries[:50] {
		if _, err := d.Drops.RequestDrop(ctx, phoneSession(e, en)); err != nil {
			b.Fatal(err)
		}
	}
	b.Run("50", func(b *testing.B) { view(b, 50) })
	// The same 50 withdrawn: what the 100 writes themselves cost the
	// reads (the write-ahead log they left), not the requests.
	for _, en := range entries[:50] {
		if err := d.Drops.WithdrawDrop(ctx, phoneSession(e, en)); err != nil {
			b.Fatal(err)
		}
	}
	b.Run("50-withdrawn", func(b *testing.B) { view(b, 0) })
}

func benchPost(b *testing.B, c *http.Client, url, body string) int {
	b.Helper()
	req, _ := http.NewRequest("POST", url, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	resp, err := c.Do(req)
	if err != nil {
		b.Fatal(err)
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	return resp.StatusCode
}

// phoneSession is the session a phone signed in as en holds.
func phoneSession(e event.Event, en event.Entry) director.PlayerSession {
	return director.PlayerSession{Event: e.ID, Entry: en.ID, Name: en.Name, Device: fmt.Sprintf("%032x", en.ID)}
}
