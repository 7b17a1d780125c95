package director_test

import (
	"strings"
	"testing"
)

// Rule S1 (SWS 4.0 a): "All Secret War Society tournaments must have at
// least three players participating in the event." A two-player
// Shadowfist event still pairs (it is not official, it is not forbidden:
// rules.FewPlayers), and its Progress and its line in Events (the check
// command's) say so; a third player (a late entry) silences it.
func TestTwoPlayerShadowfistEventPairsAndSaysItIsNotOfficial(t *testing.T) {
	ctx, d, e := openEvent(t, "shadowfist", "big-man", nil)
	register(t, d, e.ID, "Ada", "Bob")
	p, err := d.Rounds.Progress(ctx, e.ID)
	must(t, err)
	if got := p.FewPlayers.String(); !strings.Contains(got, "not an official SWS tournament") || !strings.HasPrefix(got, "Only 2 players") {
		t.Errorf("Progress before round 1 says %q", got)
	}
	if _, err := pairPublished(ctx, d, e.ID); err != nil {
		t.Fatalf("a two-player Shadowfist event must still pair: %v", err)
	}
	events, err := d.Events.Events(ctx)
	must(t, err)
	if len(events) != 1 || !strings.Contains(events[0].FewPlayers.String(), "at least 3 players") {
		t.Errorf("Events says %+v", events)
	}
	register(t, d, e.ID, "Cy")
	if p, _ = d.Rounds.Progress(ctx, e.ID); !p.FewPlayers.IsZero() {
		t.Errorf("three players, Progress still says %q", p.FewPlayers)
	}
}
