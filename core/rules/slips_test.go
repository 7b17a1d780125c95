package rules

import (
	"testing"

	"tablekeeper/core/event"
)

// Every format of the catalogue gets the slip its game's rules need: K8's
// boxes for KeyForge, Tau for a Heresy table (H4, H5), sites for a
// Shadowfist table (S7, S8), a game of Who's the Big Man Now? included
// (S10: ranked by game points after match points), games won for
// two-player matches of the others, Armageddon and Shadowfist's double
// elimination included.
func TestSlipForEveryFormat(t *testing.T) {
	for _, g := range Catalogue() {
		for _, f := range g.Formats {
			s := f.Defaults
			want := SlipGeneric
			switch {
			case g.Key == "keyforge":
				want = SlipKeyForge
			case g.Key == "heresy" && s.TableSize > 2:
				want = SlipHeresy
			case g.Key == "shadowfist" && (s.TableSize > 2 || f.Key == "big-man"):
				want = SlipShadowfist
			}
			if got := SlipFor(event.Event{Game: g.Key, Format: f.Key, Settings: s}); got != want {
				t.Errorf("%s %s: %v, want %v", g.Key, f.Key, got, want)
			}
		}
	}
}

// A league's weeks are Shadowfist multiplayer events (S13): every
// Shadowfist format scored at multiplayer tables, and nothing else.
func TestLeagueEventIsAShadowfistMultiplayerEvent(t *testing.T) {
	for _, g := range Catalogue() {
		for _, f := range g.Formats {
			want := g.Key == "shadowfist" && f.Defaults.Scoring == event.ScoringShadowfist
			if got := LeagueEvent(g.Key, f.Defaults); got != want {
				t.Errorf("%s %s: %v", g.Key, f.Key, got)
			}
		}
	}
}
