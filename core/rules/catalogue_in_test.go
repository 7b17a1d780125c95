package rules

import (
	"testing"

	"tablekeeper/core/i18n"
)

// The game list is sorted by the reader's names: "Tout jeu de cartes"
// (Any card game) is last in French, second in English.
func TestCatalogueInSortsByTheReadersNames(t *testing.T) {
	names := func(l i18n.Lang) []string {
		var out []string
		for _, g := range CatalogueIn(l) {
			out = append(out, i18n.T(l, g.Name))
		}
		return out
	}
	en, fr := names(i18n.English), names(i18n.French)
	if len(en) < 2 || en[0] != "Altered" || en[1] != "Any card game" {
		t.Errorf("in English: %q", en)
	}
	if last := fr[len(fr)-1]; last != "Tout jeu de cartes" {
		t.Errorf("in French: %q; want Tout jeu de cartes last", fr)
	}
}
