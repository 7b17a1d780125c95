package screen

import (
	"testing"

	"tablekeeper/core/i18n"
)

// English until the screens' language is set; then every word in it.
func TestTheScreensLanguageIsEnglishUntilSet(t *testing.T) {
	if Lang() != i18n.English || Text(i18n.F("Round %d", 3)) != "Round 3" {
		t.Fatalf("before Set: %q, %q", Lang(), Text(i18n.F("Round %d", 3)))
	}
	Set(i18n.French)
	defer Set(i18n.English)
	if got := Text(i18n.F("Round %d", 3)); got != "Ronde 3" {
		t.Errorf("in French: %q", got)
	}
}
