package director_test

import (
	"bufio"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"tablekeeper/core/clock"
	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/core/store"
	"tablekeeper/internal/testdb"
)

// clockT0 is when the child process starts the round clock.
var clockT0 = time.Date(2026, 11, 21, 19, 0, 0, 0, time.UTC)

// openAt opens the database at path with a director whose clock stands
// still at now.
// openAt starts the app again on the database at path, at time now: the
// database the last openAt opened is closed first, as quitting closes it
// (a database has one writer).
func openAt(t *testing.T, path string, now time.Time) *director.Director {
	t.Helper()
	if last, ok := lastOpen[t.Name()]; ok {
		last.Close()
	}
	db := testdb.Reopen(t, path)
	lastOpen[t.Name()] = db
	t.Cleanup(func() { delete(lastOpen, t.Name()) })
	c := testdb.NewClock(now)
	return testdb.Director(db, c.Now, 1, 2)
}

// lastOpen is the database each test's openAt opened last.
var lastOpen = map[string]*store.DB{}

// TestClockChild is the process the kill test kills: it starts round 1's
// clock, says so, and waits to be killed.
func TestClockChild(t *testing.T) {
	path := os.Getenv("TK_CLOCK_CHILD")
	if path == "" {
		t.Skip("run by TestARunningClockSurvivesAKill")
	}
	ctx := context.Background()
	d := openAt(t, path, clockT0)
	e, err := d.Events.CreateEvent(ctx, director.NewEvent{Name: "Clock night", Game: "generic", Format: "swiss"})
	must(t, err)
	register(t, d, e.ID, "Ada Lovelace", "Bob Stone", "Carol Reed", "Dan Brown")
	if _, err := d.Rounds.PairNextRound(ctx, e.ID); err != nil {
		t.Fatal(err)
	}
	must(t, d.Drafts.PublishRound(ctx, e.ID, 1))
	if _, err := d.Clocks.StartClock(ctx, e.ID, 1); err != nil {
		t.Fatal(err)
	}
	os.Stdout.WriteString("started " + strconv.FormatInt(int64(e.ID), 10) + "\n")
	time.Sleep(time.Minute)
}

// The clock is data saved with the round: kill the program mid-round,
// start it again later, and the clock shows the right time; the warning is
// announced once, across restarts.
func TestARunningClockSurvivesAKill(t *testing.T) {
	if os.Getenv("TK_CLOCK_CHILD") != "" {
		t.Skip("in the child")
	}
	path := filepath.Join(t.TempDir(), "clock.db")
	cmd := exec.Command(os.Args[0], "-test.run=^TestClockChild$", "-test.count=1")
	cmd.Env = append(os.Environ(), "TK_CLOCK_CHILD="+path)
	out, err := cmd.StdoutPipe()
	must(t, err)
	must(t, cmd.Start())
	line, err := bufio.NewReader(out).ReadString('\n')
	if err != nil || !strings.HasPrefix(line, "started ") {
		t.Fatalf("child said %q, %v", line, err)
	}
	must(t, cmd.Process.Kill())
	cmd.Wait()
	n, _ := strconv.Atoi(strings.TrimSpace(strings.TrimPrefix(line, "started ")))
	id := event.EventID(n)

	ctx := context.Background()
	d := openAt(t, path, clockT0.Add(7*time.Minute))
	rc, err := d.Clocks.RoundClockOf(ctx, id, 1)
	must(t, err)
	if got := rc.Reading(clockT0.Add(7 * time.Minute)).Remaining; got != 43*time.Minute {
		t.Errorf("after the kill and 7 minutes, %v left of 50 minutes", got)
	}

	// 41 minutes in: the 10-minute warning, once.
	d = openAt(t, path, clockT0.Add(41*time.Minute))
	due, err := d.Clocks.Announcements(ctx, id, 1)
	if err != nil || len(due) != 1 || due[0].Kind != clock.Warning {
		t.Fatalf("at 41 minutes: %v, %v", due, err)
	}
	if again, _ := openAt(t, path, clockT0.Add(42*time.Minute)).Clocks.Announcements(ctx, id, 1); len(again) != 0 {
		t.Errorf("announced again after a restart: %v", again)
	}
	if end, _ := openAt(t, path, clockT0.Add(51*time.Minute)).Clocks.Announcements(ctx, id, 1); len(end) != 1 || end[0].Kind != clock.TimeCalled {
		t.Errorf("at 51 minutes: %v", end)
	}
}

func TestClockOperationsAreCheckedAndLogged(t *testing.T) {
	ctx := context.Background()
	d, e, _, _ := judgedEvent(t, "generic", "swiss")
	if _, err := d.Clocks.PauseClock(ctx, e.ID, 1); err == nil {
		t.Error("paused a clock that never started")
	}
	if c, err := d.Clocks.SetRoundTime(ctx, e.ID, 1, 0); err != nil || clock.Timed(c) {
		t.Fatalf("untimed: %+v, %v", c, err)
	}
	if _, err := d.Clocks.StartClock(ctx, e.ID, 1); err != nil {
		t.Fatal(err)
	}
	if _, err := d.Clocks.AddRoundTime(ctx, e.ID, 1, time.Minute); err == nil {
		t.Error("added time to an untimed round")
	}
	if _, err := d.Clocks.StartClock(ctx, e.ID, 9); err == nil {
		t.Error("started the clock of a round that does not exist")
	}
	log, _ := d.Events.Log(ctx, e.ID)
	if last := log[len(log)-1].Message; !strings.Contains(last.String(), "clock started") {
		t.Errorf("last log line %q", last)
	}
}
