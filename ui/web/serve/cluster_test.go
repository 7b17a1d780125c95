package serve

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"tablekeeper/core/sim"
	"tablekeeper/core/store"
	"tablekeeper/internal/cli"
	"tablekeeper/internal/cluster"
)

// freeAddr is a local address no one listens at now.
func freeAddr(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().String()
}

// asked is the tests' HTTP client: a laptop that never answers fails the
// test instead of hanging it.
var asked = &http.Client{Timeout: 10 * time.Second}

// clusterOf reads a laptop's /api/cluster.
func clusterOf(t *testing.T, url string) cluster.Status {
	t.Helper()
	resp, err := asked.Get(url + "api/cluster")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var st cluster.Status
	if err := json.NewDecoder(resp.Body).Decode(&st); err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("/api/cluster: %d %v", resp.StatusCode, err)
	}
	return st
}

// The command lines: the host prints a "join code:" line; a
// standby on a new database joins with it, says whose standby it is,
// holds the host's event, and both answer /api/cluster with the host as
// leader and both laptops, in step.
func TestServeAHostAndAStandby(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.db"), filepath.Join(dir, "b.db")
	eventDB(t, a)
	webA, webB, clA, clB := freeAddr(t), freeAddr(t), freeAddr(t), freeAddr(t)
	urlA, urlB := "http://"+webA+"/", "http://"+webB+"/"

	host, code := startHost(t, a, webA, clA)
	if _, err := cluster.ParseJoinCode(code); err != nil || len(code) != cluster.JoinCodeLength+3 {
		t.Fatalf("join code %q: %v", code, err)
	}
	standby := startServe(t, b, strings.NewReader(""), "--addr", webB, "--cluster-addr", clB, "--join", clA, "--join-code", code)
	// Promoted to a voter once caught up, the standby may be elected
	// (a loaded machine misses a heartbeat) before it prints its lines.
	line := standby.lineStarting(t, "standby of ", "join code: ")
	standby.drain()
	if strings.HasPrefix(line, "standby of ") && !strings.HasPrefix(line, "standby of "+urlA) {
		t.Errorf("the standby said %q", line)
	}
	inStep(t, urlA, urlB)
	st, h := clusterOf(t, urlB), clusterOf(t, urlA)
	leader, other := urlA, urlB
	if st.Leader == urlB {
		t.Logf("the standby was elected host (%q)", line)
		leader, other = urlB, urlA
	}
	want := []cluster.Member{{URL: leader, Role: "leader", InStep: true}, {URL: other, Role: "standby", InStep: true}}
	for _, got := range []cluster.Status{st, h} {
		if got.Leader != leader || len(got.Members) != 2 || !sameMember(got.Members[0], want[0]) || !sameMember(got.Members[1], want[1]) {
			t.Errorf("%s's /api/cluster: %+v, want leader %s and members %+v", got.Self, got, leader, want)
		}
	}
	if st.Self != urlB || h.Self != urlA {
		t.Errorf("self: the standby says %q, the host %q", st.Self, h.Self)
	}
	resp, err := asked.Get(urlB + "api/events")
	if err != nil {
		t.Fatal(err)
	}
	var list struct{ Events []struct{ Name string } }
	err = json.NewDecoder(resp.Body).Decode(&list)
	resp.Body.Close()
	if err != nil || len(list.Events) != 1 || list.Events[0].Name != "Friday Night" {
		t.Errorf("the standby's events: %v %+v", err, list)
	}
	standby.stop(t)
	host.stop(t)
}

// Two laptops on serve's console: the host stops; the standby refuses a
// takeover while the host may still answer, then carries on as the host
// alone; `cluster` says so; the old host, served again on its database,
// comes back as the standby.
func TestServeTakeoverOnTheConsole(t *testing.T) {
	if testing.Short() {
		t.Skip("waits the 5 s of silence a takeover asks for")
	}
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.db"), filepath.Join(dir, "b.db")
	eventDB(t, a)
	webA, webB, clA, clB := freeAddr(t), freeAddr(t), freeAddr(t), freeAddr(t)
	urlA, urlB := "http://"+webA+"/", "http://"+webB+"/"
	host, code := startHost(t, a, webA, clA)
	typed, typing := io.Pipe()
	standby := startServe(t, b, typed, "--addr", webB, "--cluster-addr", clB, "--join", clA, "--join-code", code, "--console")
	standby.lineStarting(t, "console: ")
	host.stop(t)

	var said string
	deadline := time.Now().Add(20 * time.Second)
	refused := false
	for time.Now().Before(deadline) {
		fmt.Fprintln(typing, "takeover")
		said = standby.lineStarting(t, "")
		for strings.HasPrefix(said, "this laptop is the host now:") {
			// serve's own line on the change of host, not the console's
			// answer.
			said = standby.lineStarting(t, "")
		}
		if strings.HasPrefix(said, "this laptop is the host now, alone") {
			break
		}
		refused = refused || strings.Contains(said, "wait until it has been silent")
		time.Sleep(500 * time.Millisecond)
	}
	if !strings.HasPrefix(said, "this laptop is the host now, alone") || !refused {
		t.Fatalf("the standby's takeover: %q (refused while the host could answer: %v)", said, refused)
	}
	fmt.Fprintln(typing, "cluster")
	if line := standby.lineStarting(t, "leader"); !strings.Contains(line, urlB+" (this laptop): host") {
		t.Errorf("cluster said %q", line)
	}
	if st := clusterOf(t, urlB); st.Leader != urlB {
		t.Errorf("after the takeover: %+v", st)
	}
	back := startServe(t, a, strings.NewReader(""), "--addr", webA, "--cluster-addr", clA)
	// Taken back as a standby, it is promoted to a voter once caught up:
	// from then on, two laptops, either may be elected (a loaded machine
	// misses a heartbeat), so it may have become the host again by the
	// time it prints its lines.
	if line := back.lineStarting(t, "standby of ", "join code: "); strings.HasPrefix(line, "standby of ") && !strings.HasPrefix(line, "standby of "+urlB) {
		t.Errorf("the old host came back as %q", line)
	}
	back.drain()
	inStep(t, urlA, urlB)
	renewOnTheConsole(t, standby, typing, code, clusterOf(t, urlB).Leader == urlB)
	inStep(t, urlA, urlB)
	standby.drain()
	typing.Close()
	back.stop(t)
	standby.stop(t)
}

// renewOnTheConsole types join-code on sv's console, which prints code,
// then join-code --renew: a new code on the host (leads), a sentence
// saying to renew it there on a standby.
func renewOnTheConsole(t *testing.T, sv *served, typing io.Writer, code string, leads bool) {
	t.Helper()
	fmt.Fprintln(typing, "join-code")
	if line := sv.lineStarting(t, "join code: "); line != "join code: "+code {
		t.Errorf("join-code printed %q, want the code %s", line, code)
	}
	fmt.Fprintln(typing, "join-code --renew")
	if !leads {
		if line := sv.lineStarting(t, "Renew the join code on the host"); line == "" {
			t.Errorf("join-code --renew on a standby: %q", line)
		}
		return
	}
	line := sv.lineStarting(t, "join code: ")
	if renewed := strings.Fields(strings.TrimPrefix(line, "join code: "))[0]; renewed == code || len(renewed) != len(code) {
		t.Errorf("join-code --renew printed %q (the code was %s)", line, code)
	}
}

// startHost serves db as the host of a new cluster at web and clusterAddr
// and returns it with the join code it printed.
func startHost(t *testing.T, db, web, clusterAddr string) (*served, string) {
	t.Helper()
	host := startServe(t, db, strings.NewReader(""), "--addr", web, "--cluster-addr", clusterAddr)
	code := strings.Fields(strings.TrimPrefix(host.lineStarting(t, "join code: "), "join code: "))[0]
	host.drain()
	return host, code
}

// inStep waits, up to 20 s, until both laptops answer /api/cluster with
// the same host, both laptops as members, both in step; it fails the test
// with what they answered if they never do.
func inStep(t *testing.T, a, b string) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	var sa, sb cluster.Status
	for time.Now().Before(deadline) {
		sa, sb = clusterOf(t, a), clusterOf(t, b)
		if sa.Leader != "" && sa.Leader == sb.Leader && bothInStep(sa) && bothInStep(sb) {
			return
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Errorf("the two laptops are not in step with one host: %+v and %+v", sa, sb)
}

// bothInStep: a cluster of two members, both in step.
func bothInStep(st cluster.Status) bool {
	return len(st.Members) == 2 && st.Members[0].InStep && st.Members[1].InStep
}

// sameMember compares what a member is, not how far behind it was.
func sameMember(a, b cluster.Member) bool {
	return a.URL == b.URL && a.Role == b.Role && a.InStep == b.InStep
}

// openRoundDB makes the database file db with a Swiss of players whose
// last round of rounds is out with no result, and returns that round and
// its table codes.
func openRoundDB(t *testing.T, db string, players, rounds int) (round int, codes map[int]string) {
	t.Helper()
	st, err := store.Open(db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	d := cli.NewDirector(st)
	id, err := sim.New(d, io.Discard, 3).Play(context.Background(), sim.Plan{Game: "generic", Format: "swiss", Players: players, Rounds: rounds, OpenRound: true})
	if err != nil {
		t.Fatal(err)
	}
	codes, err = d.Network.TableCodes(context.Background(), id, rounds)
	if err != nil || len(codes) != players/2 {
		t.Fatalf("%d table codes (%v), want %d", len(codes), err, players/2)
	}
	return rounds, codes
}

// A result a phone sends to a standby is carried out by the host and
// answered once; the standby's own pages show it at once (it relays the
// answer once it holds the write).
func TestServeAStandbyForwardsAWriteToTheHost(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.db"), filepath.Join(dir, "b.db")
	round, codes := openRoundDB(t, a, 8, 2)
	webA, webB, clA, clB := freeAddr(t), freeAddr(t), freeAddr(t), freeAddr(t)
	urlA, urlB := "http://"+webA+"/", "http://"+webB+"/"
	host, code := startHost(t, a, webA, clA)
	standby := startServe(t, b, strings.NewReader(""), "--addr", webB, "--cluster-addr", clB, "--join", clA, "--join-code", code)
	standby.lineStarting(t, "standby of ", "join code: ")
	standby.drain()

	body := fmt.Sprintf(`{"round":%d,"table":1,"code":%q,"result":"2-0"}`, round, codes[1])
	req, err := http.NewRequest("POST", urlB+"api/events/1/reports", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Tablekeeper-Request", "0123456789abcdef0123456789abcdef")
	resp, err := asked.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	answer, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || !strings.Contains(string(answer), `"recorded"`) {
		t.Fatalf("a report sent to the standby: %d %s", resp.StatusCode, answer)
	}
	for _, url := range []string{urlB, urlA} {
		var p struct {
			Tables []struct {
				Number int
				Result *string
			}
		}
		r, err := asked.Get(fmt.Sprintf("%sapi/events/1/pairings?round=%d", url, round))
		if err != nil {
			t.Fatal(err)
		}
		err = json.NewDecoder(r.Body).Decode(&p)
		r.Body.Close()
		if err != nil || len(p.Tables) == 0 || p.Tables[0].Number != 1 || p.Tables[0].Result == nil {
			t.Errorf("%s's table 1 right after the answer: %+v %v", url, p.Tables, err)
		}
	}
	standby.stop(t)
	host.stop(t)
}
