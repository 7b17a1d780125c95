package web

import (
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"
)

// BenchmarkPageRead is a room reloading its pages: the player page, the
// pairings and the standings (HTML, then the JSON the page fetches), of
// the regional's round 4, read by every core at once as a phone does
// (gzip, a device cookie, its ETag). It reports the server's CPU per
// read (ServeHTTP called directly: no sockets, no client) and how much
// of the machine's cores the reads kept busy. Run with
//
//	go test ./ui/web -run '^$' -bench PageRead -benchtime 20000x
func BenchmarkPageRead(b *testing.B) {
	srv, _, e, _ := benchEvent(b)
	id := strconv.FormatInt(int64(e.ID), 10)
	for _, path := range []string{
		"/events/" + id, "/events/" + id + "/pairings", "/events/" + id + "/standings", "/events/" + id + "/projector",
		"/api/events/" + id + "/pairings", "/api/events/" + id + "/standings",
	} {
		b.Run(strings.ReplaceAll(strings.TrimPrefix(path, "/"), "/"+id, ""), func(b *testing.B) {
			read := func(i int) *httptest.ResponseRecorder {
				req := httptest.NewRequest(http.MethodGet, path, nil)
				req.Header.Set("Accept-Encoding", "gzip, deflate")
				req.Header.Set("Accept-Language", "en-GB,en;q=0.9")
				req.Header.Set("Cookie", fmt.Sprintf("%s=%032x", deviceCookie, i+1))
				w := httptest.NewRecorder()
				srv.ServeHTTP(w, req)
				return w
			}
			if w := read(0); w.Code != http.StatusOK {
				b.Fatalf("GET %s: %d %s", path, w.Code, w.Body)
			}
			b.ResetTimer()
			cpu0, wall0 := cpuNow(), time.Now()
			b.RunParallel(func(pb *testing.PB) {
				i := 0
				for pb.Next() {
					i++
					w := read(i)
					if w.Code != http.StatusOK {
						b.Errorf("GET %s: %d", path, w.Code)
						return
					}
					_, _ = io.Copy(io.Discard, w.Body)
				}
			})
			cpu, wall := cpuNow()-cpu0, time.Since(wall0)
			b.ReportMetric(float64(cpu.Microseconds())/1000/float64(b.N), "cpu-ms/read")
			b.ReportMetric(float64(cpu)/float64(wall), "cores")
		})
	}
}
