package rules

import (
	"slices"
	"testing"
)

// Every game's list is well formed: keys unique, names unique, every ladder
// step a known penalty, every infraction traced to a rule.
func TestCatalogueIsWellFormed(t *testing.T) {
	for _, game := range []string{"keyforge", "altered", "heresy", "shadowfist", "generic"} {
		list := Infractions(game)
		if len(list) < 5 {
			t.Errorf("%s lists only %d infractions", game, len(list))
		}
		keys, names := map[string]bool{}, map[string]bool{}
		for _, inf := range list {
			if inf.Key == "" || inf.Name == "" || inf.Rule == "" || keys[inf.Key] || names[inf.Name] {
				t.Errorf("%s: bad or repeated infraction %+v", game, inf)
			}
			keys[inf.Key], names[inf.Name] = true, true
			if len(inf.Ladder) == 0 && inf.Note == "" {
				t.Errorf("%s %s: no ladder and no note saying what to do", game, inf.Key)
			}
			for _, s := range inf.Ladder {
				if !knownPenalty(s.Penalty) || s.Alternative != "" && !knownPenalty(s.Alternative) {
					t.Errorf("%s %s: unknown penalty in step %+v", game, inf.Key, s)
				}
			}
		}
	}
}

// Rule K10: KeyForge lists the infractions of 000 and its unsporting
// conduct; Rule S9: Shadowfist's stalling and play-to-win ladders.
func TestCatalogueFollowsTheDocuments(t *testing.T) {
	for _, key := range []string{"gameplay-error", "tardiness", "absence", "failed-deck-check", "slow-play",
		"ignoring-instructions", "cheating", "stalling", "bribery"} {
		if _, ok := LookupInfraction("keyforge", key); !ok {
			t.Errorf("KeyForge lacks %s", key)
		}
	}
	stalling, _ := LookupInfraction("Shadowfist", "  Stalling ")
	if got := ladderOf(stalling); !slices.Equal(got, []string{FormalWarning, PointDeduction, Disqualification}) {
		t.Errorf("SWS stalling ladder %v", got)
	}
	ptw, _ := LookupInfraction("shadowfist", "play-to-win breach")
	if got := ladderOf(ptw); !slices.Equal(got, []string{PointDeduction, Disqualification}) || ptw.Ladder[0].Alternative != ExtraLoss {
		t.Errorf("SWS play-to-win ladder %+v", ptw.Ladder)
	}
	if _, ok := LookupInfraction("keyforge", "play-to-win"); ok {
		t.Error("KeyForge has SWS's play-to-win rule")
	}
	if !slices.EqualFunc(Infractions("altered"), Infractions("some other game"), func(a, b Infraction) bool { return a.Key == b.Key }) {
		t.Error("Altered and an unknown game should share the common list")
	}
	// The result is a copy: changing it changes nothing for the next caller.
	list := Infractions("shadowfist")
	list[0].Ladder[0].Penalty = Ejection
	if again, _ := LookupInfraction("shadowfist", "stalling"); again.Ladder[0].Penalty != FormalWarning {
		t.Error("the catalogue was changed through a returned list")
	}
}

func ladderOf(inf Infraction) []string {
	var out []string
	for _, s := range inf.Ladder {
		out = append(out, s.Penalty)
	}
	return out
}

// knownPenalty reports whether p is one of the judge log's penalties.
func knownPenalty(p string) bool { return slices.Contains(Penalties(), p) }
