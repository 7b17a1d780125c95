package web

import (
	"bytes"
	"context"
	"errors"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/ui/web/internal/webtest"
)

// Start serves the store network of a director: a change made on it
// reaches the network at once, the poster is written (never over the
// database), a port in use is a sentence, and Stop closes it all and
// clears the address.
func TestStartServesTheDirectorUntilStop(t *testing.T) {
	f := newFixture(t)
	address := &Address{}
	r, err := Start(Config{Director: f.d, Database: f.db.Path(), Address: address}, "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	urls := r.URLs()
	if len(urls) != 1 || !strings.HasPrefix(urls[0], "http://127.0.0.1:") || address.Get() != urls[0] {
		t.Fatalf("URLs = %v, address %q", urls, address.Get())
	}
	e, err := f.d.Events.CreateEvent(context.Background(), director.NewEvent{Name: "Friday Night", Game: "altered", Format: "standard-bo3"})
	if err != nil {
		t.Fatal(err)
	}
	if body := webtest.Get(t, urls[0]+"api/events"); !strings.Contains(body, `"Friday Night"`) {
		t.Errorf("the network does not show the new event: %s", body)
	}
	if r.Devices() != 0 {
		t.Errorf("%d devices before any page", r.Devices())
	}
	png, err := r.QR(urls[0], 300)
	if err != nil || !bytes.HasPrefix(png, []byte("\x89PNG")) {
		t.Fatalf("QR: %d bytes, %v", len(png), err)
	}
	dir := t.TempDir()
	for _, id := range []event.EventID{e.ID, 0} {
		path := filepath.Join(dir, "poster.pdf")
		if err := r.WritePoster(context.Background(), id, "Letter", path); err != nil {
			t.Fatal(err)
		}
		if b, err := os.ReadFile(path); err != nil || !bytes.HasPrefix(b, []byte("%PDF")) {
			t.Fatalf("poster of %d: %v", id, err)
		}
	}
	if err := r.WritePoster(context.Background(), e.ID, "A4", f.db.Path()); err == nil {
		t.Error("the poster was written over the database")
	}
	if err := r.WritePoster(context.Background(), 999, "A4", filepath.Join(dir, "none.pdf")); err == nil {
		t.Error("a poster of an event that does not exist was written")
	}

	// A second network on the same port says so.
	_, err = Start(Config{Director: f.d}, strings.TrimSuffix(strings.TrimPrefix(urls[0], "http://"), "/"))
	var listen *ListenError
	if !errors.As(err, &listen) || !errors.Is(err, event.ErrInvalid) ||
		!strings.Contains(err.Error(), "is already in use on this computer, perhaps by another Tablekeeper or by tablekeeper serve") {
		t.Fatalf("second start on the same port: %v", err)
	}

	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := r.Stop(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := http.Get(urls[0]); err == nil {
		t.Error("the network still answers after Stop")
	}
	if address.Get() != "" {
		t.Errorf("the address is still %q once the network is off", address.Get())
	}
}

// Run serves until its context ends, then stops.
func TestRunStopsWhenItsContextEnds(t *testing.T) {
	f := newFixture(t)
	r, err := Start(Config{Director: f.d}, "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- r.Run(ctx) }()
	url := r.URLs()[0]
	if body := webtest.Get(t, url+"api/events"); !strings.Contains(body, `"events"`) {
		t.Errorf("events: %s", body)
	}
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("Run ended with %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Run did not stop")
	}
	if _, err := http.Get(url); err == nil {
		t.Error("the network still answers after Run")
	}
}

// Each reason a port cannot be listened on is a sentence saying what to
// do, naming the port.
func TestListenErrorsSayWhatToDo(t *testing.T) {
	for _, c := range []struct {
		err  error
		says string
	}{
		{&net.OpError{Op: "listen", Err: os.NewSyscallError("bind", syscall.EADDRINUSE)}, "port 8080 is already in use on this computer"},
		{errors.New("bind: Only one usage of each socket address (protocol/network address/port) is normally permitted."), "port 8080 is already in use"},
		{&net.OpError{Op: "listen", Err: os.NewSyscallError("bind", syscall.EACCES)}, "does not let Tablekeeper use port 8080: choose a port above 1024"},
		{errors.New("no such host"), "could not start on port 8080 (no such host): choose another port"},
	} {
		err := &ListenError{Addr: ":8080", Err: c.err}
		if !strings.Contains(err.Error(), c.says) || event.Message(err) != err.Error() {
			t.Errorf("%v: %q, want %q", c.err, err.Error(), c.says)
		}
	}
}
