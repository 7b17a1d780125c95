package event

import (
	"errors"
	"strings"
	"testing"
)

// Bidi names: a name with a direction override shows one text on screen
// and another on paper, so it is refused with a sentence; so is a name with
// no letter or digit.
func TestBidiNamesAndNamesWithoutLettersAreRefused(t *testing.T) {
	refused := map[string]string{
		"evil \u202Eeman":  "direction mark",
		"\u2066Ana\u2069":  "direction mark",
		"Ana\u200F":        "direction mark",
		"Zoë\u202A Martin": "direction mark",
		"Bob\u0007":        "control character",
		"---":              "no letter or digit",
		"!!! ???":          "no letter or digit",
		"\u00a0-\u2003":    "no letter or digit",
	}
	for name, want := range refused {
		err := Player{Name: name}.Validate()
		if !errors.Is(err, ErrInvalid) || !strings.Contains(Message(err), want) {
			t.Errorf("%q: %v, want a refusal saying %q", name, err, want)
		}
		if strings.ContainsAny(Message(err), "\u202E\u2066\u200F\u202A") {
			t.Errorf("%q: the message itself carries the control character: %q", name, Message(err))
		}
	}
	if err := (Team{Name: "\u202Eteam"}).Validate(); err == nil {
		t.Error("a team name with an override was accepted")
	}
	for _, name := range []string{"Zoë Martin", "李", "김민준", "Γιώργος Παπαδόπουλος", "R2-D2", "7", "O'Brien", "محمد"} {
		if err := (Player{Name: name}).Validate(); err != nil {
			t.Errorf("%q refused: %v", name, err)
		}
	}
}
