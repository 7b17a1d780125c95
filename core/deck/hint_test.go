package deck

import (
	"strings"
	"testing"

	"tablekeeper/core/i18n"
)

// A KeyForge list's hint asks for what its check wants (the deck's name,
// Set: and Houses:), and its example passes the parse with them; other
// games keep one card per line.
func TestAListHintSaysWhatTheCheckReads(t *testing.T) {
	for _, f := range []Format{FormatArchonStandard, FormatArchonSealed} {
		hint := f.ListHint().In(i18n.English)
		for _, want := range []string{"name", "Set:", "Houses:"} {
			if !strings.Contains(hint, want) {
				t.Errorf("%s: the hint %q does not ask for %s", f, hint, want)
			}
		}
		l, errs := ParseArchon(f.ListExample().In(i18n.English))
		if len(errs) != 0 || l.Name != "Deck Name" || l.Set == "" || len(l.Houses) != 3 {
			t.Errorf("%s: the example reads as %+v, %v", f, l, errs)
		}
	}
	reg, decks, errs := ParseAlliance(FormatAllianceStandard.ListExample().In(i18n.English))
	if len(errs) != 0 || len(reg.Pods) != 3 || len(decks) != 1 {
		t.Errorf("the Alliance example reads as %+v, %d decks, %v", reg, len(decks), errs)
	}
	if hint := FormatAlteredConstructed.ListHint().In(i18n.English); !strings.Contains(hint, "one card per line") {
		t.Errorf("Altered's hint %q", hint)
	}
}
