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
