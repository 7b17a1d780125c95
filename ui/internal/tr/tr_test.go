package tr

import (
	"testing"

	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
)

// The organizer's choice wins over the system's locale (English under
// test): chosen French, the screens say French through Fyne's lang, and a
// core error in the same language. (Fyne's lang keeps what it loaded, so
// a new choice takes effect at the next start, as the preferences say.)
func TestTheChosenLanguageIsTheScreensLanguage(t *testing.T) {
	if got := Setup("fr"); got != i18n.French {
		t.Fatalf("Setup(fr) = %q", got)
	}
	if got := L("language name"); got != "Français" {
		t.Errorf("L = %q", got)
	}
	if got := F("%s%%", i18n.Decimal(Lang(), 12.5, 1)); got != "12,5\u202f%" {
		t.Errorf("F = %q", got)
	}
	if got := Err(event.Invalidf("%[1]d %[2]s %[3]d", 1, i18n.F("Nov"), 2026)); got != "1 nov. 2026" {
		t.Errorf("Err = %q", got)
	}
}
