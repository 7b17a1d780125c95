//go:build unix

package main

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"tablekeeper/core/store"
	"tablekeeper/internal/cli"
)

// startServe runs serve on db in another process (TestChildCommand) on
// addr and waits until it answers; the test stops it.
func startServe(t *testing.T, db, addr string) *exec.Cmd {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestChildCommand$", "-test.count=1")
	cmd.Env = append(os.Environ(), "TABLEKEEPER_TEST_RUN="+strings.Join([]string{"serve", "--db", db, "--addr", addr}, "\x1f"))
	var out strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	for start := time.Now(); time.Since(start) < 30*time.Second; time.Sleep(50 * time.Millisecond) {
		if resp, err := http.Get("http://" + addr + "/api/events"); err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return cmd
			}
		}
	}
	t.Fatalf("serve did not answer in 30s: %s", out.String())
	return nil
}

// stopServe sends serve SIGTERM, as a service manager does, and waits for
// it to end well.
func stopServe(t *testing.T, cmd *exec.Cmd) {
	t.Helper()
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("serve ended with %v after SIGTERM", err)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("serve did not stop in 20s after SIGTERM")
	}
}

// freeAddr is a loopback address with a port no one listens on.
func freeAddr(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().String()
}

// With serve running in its own process: its database renamed, a second
// writer (sim) is refused under the new name; a judge who chose her name
// keeps it through serve's restarts (SIGTERM), and her table extensions
// after each restart are saved as hers.
func TestServeInAnotherProcessKeepsItsLockAndTheJudgesName(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "f.db")
	if code, _, stderr := runCmd("sim", "--db", db, "--players", "8", "--seed", "4", "--open-round"); code != 0 {
		t.Fatal(stderr)
	}
	if code, _, stderr := runCmd("network", "judges", "--db", db, "--event", "1", "--add", "Grace Hopper", "--role", "head-judge"); code != 0 {
		t.Fatal(stderr)
	}
	st, err := store.Open(db)
	if err != nil {
		t.Fatal(err)
	}
	d := cli.NewDirector(st)
	ctx := context.Background()
	pin, err := d.Phones.JudgePIN(ctx)
	if err != nil {
		t.Fatal(err)
	}
	judges, err := d.Judging.Judges(ctx, 1)
	if err != nil || len(judges) != 1 {
		t.Fatalf("judges %v, %v", judges, err)
	}
	st.Close()

	addr := freeAddr(t)
	base := "http://" + addr
	serve := startServe(t, db, addr)

	moved := filepath.Join(dir, "moved.db")
	if err := os.Rename(db, moved); err != nil {
		t.Fatal(err)
	}
	if code, _, stderr := runCmd("sim", "--db", moved, "--players", "8", "--seed", "5"); code != 1 || !strings.Contains(stderr, "already open in another Tablekeeper") {
		t.Errorf("sim beside serve on the renamed file: exit %d, %q", code, stderr)
	}
	if err := os.Rename(moved, db); err != nil {
		t.Fatal(err)
	}

	jar, _ := cookiejar.New(nil)
	phone := &http.Client{Jar: jar, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	post := func(path string, form url.Values) int {
		t.Helper()
		resp, err := phone.PostForm(base+path, form)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	if got := post("/judge/signin", url.Values{"pin": {pin}}); got != http.StatusSeeOther {
		t.Fatalf("sign-in: %d", got)
	}
	if got := post("/judge/events/1/me", url.Values{"judge": {fmt.Sprint(judges[0].ID)}}); got != http.StatusSeeOther {
		t.Fatalf("choosing her name: %d", got)
	}
	for restart := range 2 {
		stopServe(t, serve)
		serve = startServe(t, db, addr)
		if got := post("/judge/events/1/tables/1/extend", url.Values{"minutes": {"2"}}); got != http.StatusSeeOther {
			t.Fatalf("an extension after restart %d: %d, want 303", restart+1, got)
		}
	}
	stopServe(t, serve)

	st, err = store.OpenShared(db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	log, err := cli.NewDirector(st).Judging.JudgeLog(ctx, 1)
	if err != nil || len(log) != 2 {
		t.Fatalf("judge log %+v, %v", log, err)
	}
	for _, x := range log {
		if x.JudgeID != judges[0].ID {
			t.Errorf("an extension saved as judge %d, want %d", x.JudgeID, judges[0].ID)
		}
	}
}
