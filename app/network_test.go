package main

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"tablekeeper/core/director"
	"tablekeeper/internal/cli"
	"tablekeeper/internal/cluster"
	"tablekeeper/internal/testdb"
	"tablekeeper/reports/printing"
	"tablekeeper/ui"
	"tablekeeper/ui/web"
)

// The window's switch serves ui/web's store network on the window's
// director: a change made at the desk reaches the network at once, the
// printer prints the network's address while it is on, and Stop closes it.
func TestTheWindowsStoreNetworkServesTheWindowsDirector(t *testing.T) {
	st := testdb.Open(t)
	d := cli.NewDirector(st)
	var logs bytes.Buffer
	address := &web.Address{}
	prn := printer{printing.Printer{D: printing.ServicesOf(d), DB: st.Path(), Store: st, Network: address.Get}}
	var n ui.StoreNetwork = storeNetwork{cfg: networkConfig(d, st, &logs, address), laptops: cluster.NewWindow(st, nil)}
	_, err := d.Events.CreateEvent(context.Background(), director.NewEvent{Name: "Friday Night", Game: "altered", Format: "standard-bo3"})
	if err != nil {
		t.Fatal(err)
	}
	srv, err := n.Start("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	urls := srv.URLs()
	if len(urls) != 1 || !strings.HasPrefix(urls[0], "http://127.0.0.1:") {
		t.Fatalf("URLs = %v", urls)
	}
	if body := networkGet(t, urls[0]+"api/events"); !strings.Contains(body, `"Friday Night"`) {
		t.Errorf("the network does not show the window's new event: %s", body)
	}
	// While it is on, the printer has its address for the slips and the
	// pairings sheet; the printer's reports are the Print menu's.
	if got := prn.Network(); got != urls[0] {
		t.Errorf("the printer has the address %q, want %q", got, urls[0])
	}
	if len(prn.Reports()) != len(printing.Kinds()) {
		t.Errorf("%d reports in the Print menu, want %d", len(prn.Reports()), len(printing.Kinds()))
	}
	if _, err := n.Start(strings.TrimPrefix(strings.TrimSuffix(urls[0], "/"), "http://")); err == nil {
		t.Error("a second network started on the same port")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := srv.Stop(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := http.Get(urls[0]); err == nil {
		t.Error("the network still answers after Stop")
	}
	if got := prn.Network(); got != "" {
		t.Errorf("the printer still prints %q once the network is off", got)
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
