package sim_test

import (
	"bytes"
	"context"
	"fmt"
	"regexp"
	"strconv"
	"testing"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/core/rules"
	"tablekeeper/core/sim"
)

// said is what the event's header (the step button and the one beside it)
// and the Round tab's status line said at one moment of a walk, with the
// Progress they were read from.
type said struct {
	p                     director.Progress
	label, other, status  string
	roundsPaired, missing int
}

// roundIn finds the round numbers a text offers to pair ("Pair round 4",
// "pair round 4", "extra round 4").
var roundIn = regexp.MustCompile(`(?i)(pair|extra) round (\d+)`)

// offered is the round a text offers to pair, 0 for none.
func offered(text string) int {
	m := roundIn.FindStringSubmatch(text)
	if m == nil {
		return 0
	}
	n, _ := strconv.Atoi(m[2])
	return n
}

// Every format of the catalogue, with its own default settings and a few
// player counts (odd ones too), each with its own seed, walked to its end by the simulation with
// random results: at every step (a round paired, published, each result,
// the drops after it) the header and the status line offer only a round
// that is then paired (an extra Swiss round apart), the cut or the final
// table only when it follows, never a round past the structure's end; on
// the last round they offer finishing (unless its results decide whether
// a round follows), at the end only finishing, and once finished nothing.
//
// Under -short (make test's race pass) each format is walked with one of
// the counts, in turn, so every format and every count is still walked
// once more under the race detector; the plain pass walks them all. A
// walk is a whole event on SQLite, about ten times as long under the
// detector, and the walks differ by their draws, not by what runs
// concurrently.
func TestProgressNeverOffersARoundThatCannotExist(t *testing.T) {
	counts := []int{9, 12, 13}
	formats := 0
	for _, g := range rules.Catalogue() {
		for _, f := range g.Formats {
			formats++
			for i, players := range counts {
				if testing.Short() && i != formats%len(counts) {
					continue // the format's one count under -short
				}
				// A seed of its own for each count: other draws, other
				// drops, other brackets.
				seed := uint64(players)
				name := fmt.Sprintf("%s/%s/%d/%d", g.Key, f.Key, players, seed)
				t.Run(name, func(t *testing.T) { walkToTheEnd(t, g.Key, f.Key, players, seed) })
			}
		}
	}
}

// walkToTheEnd plays one event with the simulation, reading Progress at
// every step, and checks what it said against the rounds that were paired.
func walkToTheEnd(t *testing.T, game, format string, players int, seed uint64) {
	ctx := context.Background()
	d := newDirector(t, seed)
	var out bytes.Buffer
	s := sim.New(d, &out, seed)
	var steps []said
	s.Watch = func(ctx context.Context, id event.EventID) error {
		p, err := d.Rounds.Progress(ctx, id)
		if err != nil {
			return err
		}
		steps = append(steps, said{p: p, label: p.Label().String(), other: p.Other().String(), status: p.Status().String(),
			roundsPaired: p.Rounds, missing: p.Missing})
		return nil
	}
	id, err := s.Play(ctx, sim.Plan{Game: game, Format: format, Players: players})
	if err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	rounds, err := d.Rounds.Rounds(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	last := len(rounds)
	for i, st := range steps {
		checkStep(t, i, st, rounds)
	}
	if len(steps) > 0 {
		checkEnd(t, steps[len(steps)-1], last)
	}
	end, err := d.Rounds.Progress(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if end.Next != director.StepNone || end.Status().String() != "the event is finished" || !end.Other().IsZero() {
		t.Errorf("finished: next %v, status %q, other %q", end.Next, end.Status(), end.Other())
	}
}

// checkStep checks one moment of a walk against the rounds the event
// paired in the end.
func checkStep(t *testing.T, i int, st said, rounds []event.Round) {
	t.Helper()
	p, last := st.p, len(rounds)
	at := fmt.Sprintf("step %d (round %d, %d results out): %q / %q / %q", i, st.roundsPaired, st.missing, st.label, st.other, st.status)
	if p.Open && p.Missing == 0 {
		t.Errorf("%s: open with every result in", at)
	}
	// The step button: a round it pairs is the next one, and is paired,
	// unless the round's missing results decide whether it exists.
	if n := offered(st.label); n > 0 {
		if n != p.Rounds+1 {
			t.Errorf("%s: the button offers round %d after %d rounds", at, n, p.Rounds)
		}
		if n > last && !p.Open {
			t.Errorf("%s: the button offers round %d; the structure ended after round %d", at, n, last)
		}
	}
	swissOnly := p.Event.Settings.Structure == event.StructureSwiss && p.Event.Settings.Playoff.TopCut == 0 && !p.Event.Settings.HasFinalTable()
	// The status line and the other button offer a round that is then
	// paired, or an extra round of a Swiss past its planned rounds.
	for _, text := range []string{st.other, st.status} {
		if n := offered(text); n > last && !(swissOnly && p.ExtraRound) {
			t.Errorf("%s: %q offers round %d; the structure ended after round %d", at, text, n, last)
		}
	}
	// The cut and the final table are offered only when they follow.
	next := p.Rounds // index of the round after the latest
	switch p.Next {
	case director.StepStartCut:
		if next >= last || rounds[next].Stage != event.StageElimination {
			t.Errorf("%s: offers the cut, and no cut followed", at)
		}
	case director.StepStartFinal:
		if next >= last || rounds[next].Stage != event.StageFinal {
			t.Errorf("%s: offers the final table, and none followed", at)
		}
	}
	// On the last round, once published, the button finishes (greyed
	// while results are out) unless those results decide.
	if p.Rounds == last && !p.Draft && !p.Open && st.label != "Finish event" {
		t.Errorf("%s: the last round's button says %q", at, st.label)
	}
}

// checkEnd checks the last moment before the event is finished: every
// result in, and only finishing offered (a Swiss may pair an extra round).
func checkEnd(t *testing.T, st said, last int) {
	t.Helper()
	p := st.p
	at := fmt.Sprintf("the end (round %d of %d): %q / %q / %q", p.Rounds, last, st.label, st.other, st.status)
	if !p.Done || !p.Ready || p.Next != director.StepFinish || st.label != "Finish event" {
		t.Errorf("%s: done %v, ready %v, next %v", at, p.Done, p.Ready, p.Next)
	}
	want, other := "round complete: finish the event", ""
	if p.ExtraRound {
		want = fmt.Sprintf("round complete: finish the event, or pair an extra round %d", last+1)
		other = fmt.Sprintf("Pair an extra round %d…", last+1)
	}
	if st.status != want || st.other != other {
		t.Errorf("%s: want status %q and other %q", at, want, other)
	}
}
