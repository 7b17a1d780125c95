package cluster_test

import (
	"context"
	"net"
	"path/filepath"
	"testing"
	"time"

	"tablekeeper/internal/cluster"
)

// freeAddr is a loopback address no one listens on now.
func freeAddr(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	_ = ln.Close()
	return addr
}

// at opens the laptop at path on the fixed cluster address addr.
func at(t *testing.T, path, addr, join, code string) *laptop {
	t.Helper()
	l, err := tryOpenWith(t, path, join, code, func(c cluster.Config) cluster.Config {
		c.Addr = addr
		return c
	})
	if err != nil {
		t.Fatalf("open %s: %v", filepath.Base(path), err)
	}
	return l
}

// takeOver waits until l's host is silent, then takes over.
func takeOver(t *testing.T, l *laptop) {
	t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for {
		if _, silent := l.node.HostSilence(); silent {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s never found its host silent", filepath.Base(l.path))
		}
		time.Sleep(20 * time.Millisecond)
	}
	if err := l.node.Takeover(context.Background()); err != nil {
		t.Fatalf("%s: takeover: %v", filepath.Base(l.path), err)
	}
}

// Two laptops that each carried on alone (each took over while the
// other was away) find each other once both run: each says the other
// hosts the event on its own, in its status, and neither takes the other
// in.
func TestTwoLaptopsThatBothTookOverFindEachOther(t *testing.T) {
	dir := t.TempDir()
	pa, pb := freeAddr(t), freeAddr(t)
	a := at(t, filepath.Join(dir, "a.db"), pa, "", "")
	leaderOf(t, 10*time.Second, a)
	b := at(t, filepath.Join(dir, "b.db"), pb, pa, a.node.JoinCode())
	waitVoters(t, a, 2)
	a.stop()
	takeOver(t, b)
	b.stop()
	a = at(t, filepath.Join(dir, "a.db"), pa, "", "")
	takeOver(t, a)
	b = at(t, filepath.Join(dir, "b.db"), pb, "", "")
	leaderOf(t, 10*time.Second, b)

	deadline := time.Now().Add(10 * time.Second)
	for {
		sa, okA := a.node.Split()
		sb, okB := b.node.Split()
		if okA && okB {
			if sa.Addr != pb || sb.Addr != pa {
				t.Errorf("a names %s, b names %s; want %s and %s", sa.Addr, sb.Addr, pb, pa)
			}
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("after 10 s: a found %v, b found %v", okA, okB)
		}
		time.Sleep(50 * time.Millisecond)
	}
	if st := a.node.Status(); st.Split == nil || st.Split.Addr != pb {
		t.Errorf("a's status: %+v", st)
	}
	if a.node.Voters() != 1 || b.node.Voters() != 1 {
		t.Errorf("voters: a %d, b %d; neither may take the other in", a.node.Voters(), b.node.Voters())
	}
}
