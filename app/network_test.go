package main

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/core/store"
	"tablekeeper/reports/printing"
	"tablekeeper/ui"
)

// The window's switch serves the same store network as serve, on the
// window's director: a change made at the desk reaches the network at
// once, the poster is written, a port in use is a sentence, and Stop
// closes it all.
func TestTheWindowsStoreNetworkServesTheWindowsDirector(t *testing.T) {
	dir := t.TempDir()
	st, err := store.Open(filepath.Join(dir, "t.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	d := newDirector(st)
	var logs bytes.Buffer
	address := &networkAddress{}
	prn := printer{Printer: printing.Printer{D: d, DB: st.Path(), Store: st}, network: address}
	var n ui.StoreNetwork = storeNetwork{d: d, db: st.Path(), logs: &logs, address: address}
	e, err := d.CreateEvent(context.Background(), director.NewEvent{Name: "Friday Night", Game: "altered", Format: "standard-bo3"})
	if err != nil {
		t.Fatal(err)
	}
	if r := prn.reports(e.ID); r.Address != "" || r.QR != "" {
		t.Fatalf("the reports print an address while the network is off: %+v", r)
	}
	srv, err := n.Start("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	urls := srv.URLs()
	if len(urls) != 1 || !strings.HasPrefix(urls[0], "http://127.0.0.1:") {
		t.Fatalf("URLs = %v", urls)
	}
	// While it is on, the slips and the pairings sheet print its address
	// and the QR code of the event's page.
	if r := prn.reports(e.ID); r.Address != urls[0] || r.QR != urls[0]+"events/"+strconv.FormatInt(int64(e.ID), 10) {
		t.Errorf("the reports print %q and a code of %q", r.Address, r.QR)
	}
	body := networkGet(t, urls[0]+"api/events")
	if !strings.Contains(body, `"Friday Night"`) {
		t.Errorf("the network does not show the window's new event: %s", body)
	}
	if srv.Devices() != 0 {
		t.Errorf("%d devices before any page", srv.Devices())
	}
	png, err := srv.QR(urls[0], 300)
	if err != nil || !bytes.HasPrefix(png, []byte("\x89PNG")) {
		t.Fatalf("QR: %d bytes, %v", len(png), err)
	}
	for _, id := range []event.EventID{e.ID, 0} {
		path := filepath.Join(dir, "poster.pdf")
		if err := srv.WritePoster(context.Background(), id, "Letter", path); err != nil {
			t.Fatal(err)
		}
		if b, err := os.ReadFile(path); err != nil || !bytes.HasPrefix(b, []byte("%PDF")) {
			t.Fatalf("poster of %d: %v", id, err)
		}
	}
	if err := srv.WritePoster(context.Background(), e.ID, "A4", st.Path()); err == nil {
		t.Error("the poster was written over the database")
	}

	// A second network on the same port says so.
	_, err = n.Start(strings.TrimSuffix(strings.TrimPrefix(urls[0], "http://"), "/"))
	if err == nil || !strings.Contains(event.Message(err), "is already in use on this computer, perhaps by another Tablekeeper or by tablekeeper serve") {
		t.Fatalf("second start on the same port: %v", err)
	}

	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := srv.Stop(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := http.Get(urls[0]); err == nil {
		t.Error("the network still answers after Stop")
	}
	if r := prn.reports(e.ID); r.Address != "" {
		t.Errorf("the reports still print %q once the network is off", r.Address)
	}
}

func networkGet(t *testing.T, url string) string {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return string(b)
}
