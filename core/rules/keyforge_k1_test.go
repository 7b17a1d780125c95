package rules

import (
	"slices"
	"testing"
)

// Rule K1 (document 000, "Official Tournament Formats"): "This section
// describes the four approved formats for official KeyForge tournaments":
// Archon Standard, Archon Sealed, Alliance Standard and Alliance Sealed. The
// catalogue offers exactly those four, each checking the decks its own
// section describes (K2 to K5) and running the K6 structure.
func TestK1KeyForgeOffersTheFourApprovedFormats(t *testing.T) {
	want := []struct{ key, name, decks string }{
		{"archon-standard", "Archon Standard", "keyforge-archon"},
		{"archon-sealed", "Archon Sealed", "keyforge-archon-sealed"},
		{"alliance-standard", "Alliance Standard", "keyforge-alliance"},
		{"alliance-sealed", "Alliance Sealed", "keyforge-alliance-sealed"},
	}
	g, _, err := Lookup("keyforge", want[0].key)
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Formats) != len(want) {
		t.Errorf("KeyForge has %d formats, want the %d of document 000", len(g.Formats), len(want))
	}
	for _, w := range want {
		_, f, err := Lookup("keyforge", w.key)
		if err != nil {
			t.Errorf("%s: %v", w.name, err)
			continue
		}
		if f.Name != w.name || f.Defaults.DeckRules != w.decks {
			t.Errorf("%s: named %q, checks decks as %q; want %q, %q", w.key, f.Name, f.Defaults.DeckRules, w.name, w.decks)
		}
		if !slices.Contains(f.Rules, "K1") || !slices.Contains(f.Rules, "K6") {
			t.Errorf("%s carries out %v; want K1 and K6 among them", w.key, f.Rules)
		}
	}
}
