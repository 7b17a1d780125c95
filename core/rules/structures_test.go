package rules

import (
	"strings"
	"testing"

	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
)

// The event form offers what the structure has: a top cut for Swiss of
// two-player tables, its playoff once one is chosen, a final table for
// multiplayer Swiss, the structure's "double".
func TestStructureOptionsFollowTheStructure(t *testing.T) {
	swiss := event.Settings{Structure: event.StructureSwiss, TableSize: 2}
	if o := StructureOptionsFor(swiss); !o.TopCut || o.Playoff || o.ThirdPlace || !o.LateEntries || o.FinalTable || !o.DoubleText.IsZero() {
		t.Errorf("Swiss without a cut: %+v", o)
	}
	swiss.Playoff.TopCut = 8
	if o := StructureOptionsFor(swiss); !o.Playoff || !o.ThirdPlace {
		t.Errorf("Swiss with a top 8: %+v", o)
	}
	multi := event.Settings{Structure: event.StructureSwiss, TableSize: 4}
	if o := StructureOptionsFor(multi); o.TopCut || !o.FinalTable || o.Secondary {
		t.Errorf("multiplayer Swiss: %+v", o)
	}
	multi.FinalTable.Size = 4
	if o := StructureOptionsFor(multi); !o.Secondary {
		t.Errorf("multiplayer Swiss with a final table: %+v", o)
	}
	if o := StructureOptionsFor(event.Settings{Structure: event.StructureKeyForge, TableSize: 2}); !o.Playoff || o.TopCut || o.LateEntries {
		t.Errorf("KeyForge: %+v", o)
	}
	if o := StructureOptionsFor(event.Settings{Structure: event.StructureRoundRobin}); o.DoubleText.String() != "Double round robin (everyone meets twice)" {
		t.Errorf("round robin's double: %+v", o)
	}
}

// KeyForge's playoff is said with the size the pairing engine plays.
func TestKeyForgeSaysItsPlayoffSize(t *testing.T) {
	f := mustFormat(t, "keyforge", "archon-standard")
	var said []string
	for _, p := range DescribeStructure(f.Defaults) {
		said = append(said, p.In(i18n.French))
	}
	if got := strings.Join(said, " · "); !strings.Contains(got, "puis une phase finale à 8 (au meilleur des 3, rondes de 120 minutes)") {
		t.Errorf("KeyForge in French: %q", got)
	}
}
