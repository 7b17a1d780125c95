package rules

import (
	"strings"
	"testing"
)

// Rules H1, H7, S2, K2, K5, A2: each game's own rule decides whether a deck
// may change once round 1 is paired, and a refusal cites that rule. Heresy
// 5.3.2: "any player may spend 5 minutes tuning his or her deck between
// matches [...] This rule may be negated by the judges if they so desire,
// but must be announced in advance of the tournament."
func TestDeckPolicyFollowsEachGamesRule(t *testing.T) {
	for _, c := range []struct {
		game, format string
		change       DeckChange
		rule         string
	}{
		{"heresy", "revelations", DecksOpen, "H7"},
		{"heresy", "reascension", DecksLock, "H1"},
		{"heresy", "armageddon", DecksLock, "H1"},
		{"shadowfist", "final-brawl", DecksLock, "S2"},
		{"shadowfist", "big-man", DecksLock, "S2"},
		{"keyforge", "archon-standard", DecksLock, "K2"},
		{"keyforge", "alliance-standard", DecksLock, "K3"},
		{"keyforge", "alliance-sealed", DecksCalibrate, "K5"},
		{"altered", "sealed", DecksOpen, "A2"},
		{"altered", "standard-bo3", DecksLock, ""},
		{"generic", "swiss", DecksLock, ""},
	} {
		f := mustFormat(t, c.game, c.format)
		p := DeckPolicyFor(c.game, f.Defaults)
		if p.Change != c.change || p.Rule != c.rule {
			t.Errorf("%s/%s: %+v, want change %d rule %q", c.game, c.format, p, c.change, c.rule)
		}
		if msg := p.Refusal("Ada").Error(); c.rule != "" && !strings.HasSuffix(msg, "("+c.rule+")") {
			t.Errorf("%s/%s: the refusal %q should cite %s", c.game, c.format, msg, c.rule)
		}
		if p.Negatable != (c.rule == "H7") {
			t.Errorf("%s/%s: only Revelations' tuning is the judges' to negate: %+v", c.game, c.format, p)
		}
	}
	_, rev, _ := Lookup("heresy", "revelations")
	s := rev.Defaults
	s.Heresy.NoTuning = true
	if p := DeckPolicyFor("heresy", s); !p.Locks() || p.Rule != "H7" || !strings.Contains(p.Announced().String(), "negated") {
		t.Errorf("tuning negated by the judges: %+v, %q", p, p.Announced())
	}
}
