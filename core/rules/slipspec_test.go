package rules

import (
	"testing"

	"tablekeeper/core/event"
)

// Every kind of slip of this build has a spec a drawer can print: a name,
// and boxes for the players in either layout.
func TestEverySlipKindHasAWellFormedSpec(t *testing.T) {
	for _, k := range []SlipKind{SlipGeneric, SlipKeyForge, SlipHeresy, SlipShadowfist} {
		spec, ok := SlipSpecOf(k)
		switch {
		case !ok || spec.Name == "" || spec.Name != k.String():
			t.Errorf("%d: no spec or no name (%+v)", k, spec)
		case spec.Layout == SlipByGame && (len(spec.GameBoxes) == 0 || len(spec.Signatures) == 0 || spec.Seats == 0):
			t.Errorf("%v: a slip by game needs boxes, signatures and its seats", k)
		case spec.Layout == SlipBySeat && (len(spec.RowsFor(2).Columns) == 0 || len(spec.RowsFor(4).Columns) == 0 || spec.RowsFor(4).Note == ""):
			t.Errorf("%v: a slip by seat needs columns and a note at every table", k)
		}
	}
	if _, ok := SlipSpecOf(SlipKind(99)); ok {
		t.Error("an unknown kind has a spec")
	}
	if got := SlipKind(99).String(); got != "SlipKind(99)" {
		t.Errorf("unknown kind named %q", got)
	}
}

// A game built in core alone and registered joins the catalogue with its
// own slip, and leaves it when removed; the build's games keep theirs.
func TestARegisteredGameHasItsOwnSlip(t *testing.T) {
	kind := AddSlip(SlipSpec{Name: "Test duel", Rows: SlipRows{Columns: []string{"Gems"}, Note: "Count the gems."}})
	if spec, ok := SlipSpecOf(kind); !ok || spec.Name != "Test duel" || kind.String() != "Test duel" {
		t.Fatalf("added kind %v: %+v", kind, spec)
	}
	g := Game{Key: "test-duel", Name: "Test duel", Formats: []Format{{Key: "duel", Name: "Duel", Defaults: storeSwiss(1, 30, 3)}}}.WithSlip(kind)
	remove := Register(g)
	e := event.Event{Game: "test-duel", Format: "duel"}
	if _, _, err := Lookup("test-duel", "duel"); err != nil {
		t.Fatalf("registered game not found: %v", err)
	}
	if got := SlipFor(e); got != kind {
		t.Errorf("registered game's slip %v, want %v", got, kind)
	}
	if got := SlipFor(event.Event{Game: "keyforge"}); got != SlipKeyForge {
		t.Errorf("KeyForge's slip became %v", got)
	}
	remove()
	if _, _, err := Lookup("test-duel", "duel"); err == nil {
		t.Error("removed game still in the catalogue")
	}
	if got := SlipFor(e); got != SlipGeneric {
		t.Errorf("removed game's slip %v, want the generic one", got)
	}
}
