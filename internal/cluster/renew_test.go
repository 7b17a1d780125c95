package cluster_test

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"tablekeeper/core/event"
	"tablekeeper/core/sim"
	"tablekeeper/internal/cluster"
)

// A renewed join code reaches every laptop through the log, and the
// laptops keep their places and their writes; a new laptop joins with
// the new code, and once the grace is over the old code joins nothing. A
// standby cannot renew it.
func TestARenewedJoinCodeReachesEveryLaptopAndRetiresTheOld(t *testing.T) {
	dir := t.TempDir()
	a, b, c := three(t, dir)
	old := a.node.JoinCode()
	if _, err := b.node.RenewJoinCode(context.Background()); !errors.Is(err, cluster.ErrStandby) {
		t.Errorf("a standby renewed the code: %v", err)
	}
	code, err := a.node.RenewJoinCode(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if code == old || a.node.JoinCode() != code {
		t.Fatalf("renewed %q (was %q), the host holds %q", code, old, a.node.JoinCode())
	}
	deadline := time.Now().Add(5 * time.Second)
	for b.node.JoinCode() != code || c.node.JoinCode() != code {
		if time.Now().After(deadline) {
			t.Fatalf("after 5 s the standbys hold %q and %q, want %q", b.node.JoinCode(), c.node.JoinCode(), code)
		}
		time.Sleep(20 * time.Millisecond)
	}
	play(t, a, sim.Plan{Game: "generic", Format: "swiss", Players: 8})
	inStep(t, a, b, c)
	sameExports(t, a, b, c)

	time.Sleep(fast.Grace + fast.Status)
	if _, err := tryOpen(t, filepath.Join(dir, "d.db"), a.node.Addr(), old); !errors.Is(err, cluster.ErrJoinRefused) {
		t.Errorf("joining with the old code after the grace: %v, want ErrJoinRefused", err)
	}
	d := open(t, filepath.Join(dir, "e.db"), a.node.Addr(), code)
	waitVoters(t, a, 4)
	inStep(t, a, d)
	sameExports(t, a, b, c, d)
}

// In the minute after a renewal the old code still links the laptops
// already in (one that has not read the new code keeps its place), but
// brings no new laptop in: a code renewed because it leaked lets nobody
// in. The refusal says what to do.
func TestTheOldJoinCodeBringsNoNewLaptopIn(t *testing.T) {
	dir := t.TempDir()
	long := func(c cluster.Config) cluster.Config { c.Timing.Grace = time.Minute; return c }
	a, err := tryOpenWith(t, filepath.Join(dir, "a.db"), "", "", long)
	if err != nil {
		t.Fatal(err)
	}
	leaderOf(t, 10*time.Second, a)
	old := a.node.JoinCode()
	b, err := tryOpenWith(t, filepath.Join(dir, "b.db"), a.node.Addr(), old, long)
	if err != nil {
		t.Fatal(err)
	}
	waitVoters(t, a, 2)
	if _, err := a.node.RenewJoinCode(context.Background()); err != nil {
		t.Fatal(err)
	}
	_, err = tryOpen(t, filepath.Join(dir, "c.db"), a.node.Addr(), old)
	if !errors.Is(err, cluster.ErrJoinRefused) || !strings.Contains(err.Error(), "replaced by a new one") {
		t.Errorf("joining with the old code in its minute: %v, want ErrJoinRefused saying it was replaced", err)
	}
	// The host's sentence comes as data: the joining window says it in
	// its own language.
	var said *event.Error
	if !errors.As(err, &said) || !strings.Contains(said.Text.In("fr"), "L’hôte a refusé cet ordinateur : Ce code d’accès a été remplacé") {
		t.Errorf("in French: %v", said)
	}
	_, err = tryOpen(t, filepath.Join(dir, "d.db"), b.node.Addr(), old)
	if !errors.Is(err, cluster.ErrJoinRefused) {
		t.Errorf("joining through the standby with the old code in its minute: %v, want ErrJoinRefused", err)
	}
	play(t, a, sim.Plan{Game: "generic", Format: "swiss", Players: 4})
	inStep(t, a, b)
	sameExports(t, a, b)
}
