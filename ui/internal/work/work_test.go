package work

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"fyne.io/fyne/v2/test"

	"tablekeeper/core/event"
)

func TestAsyncHandsTheResultBackThroughFyneDo(t *testing.T) {
	test.NewTempApp(t)
	got := make(chan string, 1)
	Call(Async{}, func(context.Context) (string, error) { return "paired", nil }, func(v string, err error) {
		if err != nil {
			t.Error(err)
		}
		got <- v
	})
	select {
	case v := <-got:
		if v != "paired" {
			t.Errorf("got %q", v)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the result never came back")
	}
}

func TestSyncRunsWorkThenApplyBeforeReturning(t *testing.T) {
	var steps []string
	Do(Sync{}, func(context.Context) error { steps = append(steps, "work"); return nil }, func(error) { steps = append(steps, "apply") })
	if fmt.Sprint(steps) != "[work apply]" {
		t.Errorf("steps %v", steps)
	}
}

func TestSentenceIsTheDirectorsMessageCapitalised(t *testing.T) {
	wrapped := fmt.Errorf("store: record result table 3: %w", event.Invalidf("in a best of %d nobody wins more than %d games", 3, 2))
	cases := map[error]string{
		nil:                                "",
		wrapped:                            "In a best of 3 nobody wins more than 2 games",
		errors.New("disk full"):            "Disk full",
		event.Statef("éclair is finished"): "Éclair is finished",
	}
	for err, want := range cases {
		if got := Sentence(err); got != want {
			t.Errorf("Sentence(%v) = %q, want %q", err, got, want)
		}
	}
}

// manual is a Runner whose jobs run when the test says.
type manual struct{ jobs []func() }

func (m *manual) Go(work func(), apply func()) {
	m.jobs = append(m.jobs, func() { work(); apply() })
}

func (m *manual) runOne() {
	j := m.jobs[0]
	m.jobs = m.jobs[1:]
	j()
}

func TestReadsRunOneAtATimeAndOnlyTheLastOfThoseWaiting(t *testing.T) {
	var (
		m    manual
		q    Reads
		read []int
	)
	ask := func(n int) {
		Read(&q, &m, func(context.Context) (int, error) { return n, nil }, func(v int, _ error) { read = append(read, v) })
	}
	ask(1)
	ask(2)
	ask(3)
	if len(m.jobs) != 1 || !q.Busy() {
		t.Fatalf("%d reads started while one runs, want 1", len(m.jobs))
	}
	m.runOne()
	if len(m.jobs) != 1 {
		t.Fatalf("after the first read, %d reads started, want the last one asked", len(m.jobs))
	}
	m.runOne()
	if fmt.Sprint(read) != "[1 3]" || q.Busy() || len(m.jobs) != 0 {
		t.Errorf("read %v (busy %v, %d waiting), want [1 3] and nothing left", read, q.Busy(), len(m.jobs))
	}
	ask(4)
	m.runOne()
	if fmt.Sprint(read) != "[1 3 4]" {
		t.Errorf("a read asked when none runs: read %v", read)
	}
}

// Shown alerts an error, drops a result once the screen has moved on, and
// shows the rest.
func TestShownAlertsDropsTheStaleAndShowsTheRest(t *testing.T) {
	var alerted []error
	var shown []string
	current := true
	done := Shown(func(err error) { alerted = append(alerted, err) }, func() bool { return current }, func(v string) { shown = append(shown, v) })
	boom := errors.New("boom")
	done("", boom)
	done("round 1", nil)
	current = false
	done("round 2", nil)
	if len(alerted) != 1 || alerted[0] != boom || len(shown) != 1 || shown[0] != "round 1" {
		t.Errorf("alerted %v, shown %q; want boom alerted and round 1 alone shown", alerted, shown)
	}
}
