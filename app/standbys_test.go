package main

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"tablekeeper/core/director"
	"tablekeeper/core/storage"
	"tablekeeper/core/store"
	"tablekeeper/internal/cli"
	"tablekeeper/internal/cluster"
	"tablekeeper/internal/testdb"
	"tablekeeper/ui"
)

// waitFor polls ok every 50 ms until it holds, failing the test after
// within.
func waitFor(t *testing.T, within time.Duration, what string, ok func() bool) {
	t.Helper()
	deadline := time.Now().Add(within)
	for !ok() {
		if time.Now().After(deadline) {
			t.Fatalf("after %s: %s", within, what)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// windowLaptops is a window's laptops on a new database, its director
// over them, hearing each change on heard.
func windowLaptops(t *testing.T) (*store.DB, *cluster.Window, *director.Director, chan director.Change) {
	t.Helper()
	st := testdb.Open(t)
	laptops := cluster.NewWindow(st, t.Logf)
	t.Cleanup(func() { _ = laptops.Close() })
	d := cli.NewDirectorOn(laptops.Store())
	laptops.Tell(d.Applied, func() { _ = d.Replaced(context.Background()) })
	heard := make(chan director.Change, 64)
	t.Cleanup(d.Subscribe(func(c director.Change) {
		select {
		case heard <- c:
		default:
		}
	}))
	return st, laptops, d, heard
}

// create creates an event named name through d.
func create(d *director.Director, name string) error {
	_, err := d.Events.CreateEvent(context.Background(), director.NewEvent{Name: name, Game: "keyforge", Format: "archon-standard"})
	return err
}

// eventsOn counts the events db holds.
func eventsOn(t *testing.T, db *store.DB) int { return len(eventNames(t, db)) }

// eventNames are the names of the events db holds, joined by commas.
func eventNames(t *testing.T, db *store.DB) []string {
	t.Helper()
	var names []string
	if err := db.Read(context.Background(), func(tx storage.Tx) error {
		es, err := tx.Events()
		for _, e := range es {
			names = append(names, e.Name)
		}
		return err
	}); err != nil {
		t.Fatal(err)
	}
	return names
}

// joinAsStandby starts a standby on a new database the way the window's
// command line says, joining l's address with its code.
func joinAsStandby(t *testing.T, l ui.Laptops) (*store.DB, *cluster.Node) {
	t.Helper()
	b, err := store.Open(filepath.Join(t.TempDir(), "standby.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = b.Close() })
	node, err := cluster.Open(context.Background(), cluster.Config{DB: b, Addr: "127.0.0.1:0", BaseURL: "http://127.0.0.2:8080/",
		Join: l.Addr, JoinCode: l.JoinCode})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = node.Close() })
	return b, node
}

// The window's laptops: alone, its director writes straight to the
// database; once standby laptops may join, through the cluster's log,
// which a standby started the way the window's command line says
// follows; with the standby lost, the window asks and carries on alone;
// started again, it takes part again at the port it saved.
func TestTheWindowHostsAStandbyAndCarriesOnWithoutIt(t *testing.T) {
	st, laptops, d, heard := windowLaptops(t)
	ctx := context.Background()
	if err := create(d, "Before"); err != nil {
		t.Fatal(err)
	}
	s := standbys{laptops}
	l := startAlone(t, s, d, heard)
	b, standby := joinAsStandby(t, l)
	waitFor(t, 20*time.Second, "the standby is not in step", func() bool {
		l = s.State()
		return len(l.Members) == 2 && l.Members[0].InStep && l.Members[1].InStep
	})
	// Two voters: the standby may have been elected; the window then
	// says whose standby it is.
	if !l.Leads && l.Host != "http://127.0.0.2:8080/" {
		t.Errorf("a standby window names the host %q", l.Host)
	}
	if n := eventsOn(t, b); n != 2 {
		t.Fatalf("the standby holds %d events, want 2", n)
	}

	_ = standby.Close()
	waitFor(t, 20*time.Second, "the window never asks whether to carry on", func() bool { return s.State().Silent })
	if err := s.Takeover(ctx); err != nil {
		t.Fatal(err)
	}
	if l := s.State(); !l.Leads || l.Silent {
		t.Fatalf("after the takeover the window says %+v", l)
	}
	if err := create(d, "Alone again"); err != nil {
		t.Fatal(err)
	}
	port := s.Saved()
	if port == 0 {
		t.Fatal("no port saved for the next start")
	}
	_ = laptops.Close()
	startedAgain(t, st, port)
}

// startAlone lets standby laptops join the window's laptops s, which
// ran alone: the window is then the host of a cluster of one, and hears
// its own writes through the log.
func startAlone(t *testing.T, s standbys, d *director.Director, heard chan director.Change) ui.Laptops {
	t.Helper()
	if s.Saved() != 0 || s.State().On {
		t.Fatalf("a database that never took part in a cluster: saved %d, %+v", s.Saved(), s.State())
	}
	if err := s.Start(context.Background(), 0, "http://127.0.0.1:8080/"); err != nil {
		t.Fatal(err)
	}
	l := s.State()
	if !l.On || !l.Leads || l.Silent || l.JoinCode == "" || len(l.Members) != 1 || !l.Members[0].Host || !l.Members[0].Self {
		t.Fatalf("the host alone says %+v", l)
	}
	for len(heard) > 0 {
		<-heard
	}
	if err := create(d, "Through the log"); err != nil {
		t.Fatal(err)
	}
	select {
	case <-heard:
	case <-time.After(5 * time.Second):
		t.Fatal("the window heard nothing of its own write through the log")
	}
	return l
}

// startedAgain is a window started again on st, which took part in a
// cluster at port: a write straight to the database is refused until
// its laptops start there again, then taken.
func startedAgain(t *testing.T, st *store.DB, port int) {
	t.Helper()
	ctx := context.Background()
	again := cluster.NewWindow(st, t.Logf)
	t.Cleanup(func() { _ = again.Close() })
	d := cli.NewDirectorOn(again.Store())
	again.Tell(d.Applied, nil)
	if err := create(d, "Straight"); !errors.Is(err, store.ErrClusterMember) {
		t.Errorf("a write straight to a cluster's database: %v", err)
	}
	s := standbys{again}
	if got := s.Saved(); got != port {
		t.Fatalf("saved port %d, want %d", got, port)
	}
	if err := s.Start(ctx, port, "http://127.0.0.1:8080/"); err != nil {
		t.Fatal(err)
	}
	if err := create(d, "Rejoined"); err != nil {
		t.Fatalf("the window started again and alone takes no write: %v", err)
	}
}

// The window joins a host as its standby, with the address and code the
// host shows: the host's event replaces the window's (its own is kept in
// a copy beside the database), the window names its host, hears what the
// host does, and its own changes are refused with a sentence.
func TestTheWindowJoinsAHostAsItsStandby(t *testing.T) {
	ctx := context.Background()
	hostDB := testdb.Open(t)
	hostD := cli.NewDirector(hostDB)
	if err := create(hostD, "The host's event"); err != nil {
		t.Fatal(err)
	}
	host, err := cluster.Open(ctx, cluster.Config{DB: hostDB, Addr: "127.0.0.1:0", BaseURL: "http://127.0.0.3:8080/"})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = host.Close() })
	if err := host.WaitLeader(ctx, 10*time.Second); err != nil {
		t.Fatal(err)
	}

	st, laptops, d, heard := windowLaptops(t)
	if err := create(d, "The window's own"); err != nil {
		t.Fatal(err)
	}
	s := standbys{laptops}
	if err := s.Join(ctx, 0, "http://127.0.0.1:8080/", host.Addr(), "7HQKM"); err == nil || !strings.Contains(err.Error(), "20 characters") {
		t.Fatalf("a short code: %v", err)
	}
	if err := s.Join(ctx, 0, "http://127.0.0.1:8080/", "the host", cluster.FormatJoinCode(host.JoinCode())); err == nil {
		t.Fatal("joined an address that is none")
	}
	if err := s.Join(ctx, 0, "http://127.0.0.1:8080/", host.Addr(), cluster.FormatJoinCode(host.JoinCode())); err != nil {
		t.Fatal(err)
	}
	waitFor(t, 20*time.Second, "the window does not hold the host's event", func() bool {
		l := s.State()
		names := eventNames(t, st)
		return l.Host == "http://127.0.0.3:8080/" && len(names) == 1 && names[0] == "The host's event"
	})
	if aside, _ := filepath.Glob(strings.TrimSuffix(st.Path(), ".db") + ".before-joining-*.db"); len(aside) != 1 {
		t.Errorf("the window's own event was kept aside in %v", aside)
	}
	for len(heard) > 0 {
		<-heard
	}
	hostOn := cli.NewDirectorOn(host.Store())
	if err := create(hostOn, "Made on the host"); err != nil {
		t.Fatal(err)
	}
	select {
	case <-heard:
	case <-time.After(10 * time.Second):
		t.Error("the window heard nothing of the host's change")
	}
	if err := create(d, "Made on the standby"); !errors.Is(err, cluster.ErrStandby) {
		t.Errorf("a change on the standby window: %v, want ErrStandby", err)
	}
}
