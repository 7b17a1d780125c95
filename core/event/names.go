package event

import (
	"unicode"

	"tablekeeper/core/i18n"
)

// bidiControl reports whether r is a bidirectional formatting character:
// the embeddings and overrides U+202A–U+202E, the isolates U+2066–U+2069,
// and the marks U+200E, U+200F and U+061C. In a name they make the screen
// and the paper show different text (U+202E then "revo" shows as "over"), so a name
// holding one is refused rather than cleaned silently.
func bidiControl(r rune) bool {
	switch {
	case r >= 0x202A && r <= 0x202E, r >= 0x2066 && r <= 0x2069:
		return true
	case r == 0x200E, r == 0x200F, r == 0x061C:
		return true
	}
	return false
}

// CheckName says whether name can stand for a person, team or event on
// screen and on paper: it must hold a letter or a digit, and no
// bidirectional control character nor other invisible control. what names
// the thing in the sentence: a key marked with i18n.K ("player", "team",
// "event"), said in the reader's language.
func CheckName(what, name string) error {
	thing := i18n.F(what)
	hasLetter := false
	for i, r := range name {
		switch {
		case bidiControl(r):
			return Invalidf("the %s name %q holds an invisible direction mark (U+%04X at character %d) that would show one text on screen and another on paper: type the name again without pasting it", thing, short(name), r, i+1)
		case unicode.IsControl(r):
			return Invalidf("the %s name %q holds an invisible control character (U+%04X): type the name again", thing, short(name), r)
		case unicode.IsLetter(r), unicode.IsDigit(r):
			hasLetter = true
		}
	}
	if !hasLetter {
		return Invalidf("the %s name %q has no letter or digit: type the %s's name", thing, short(name), thing)
	}
	return nil
}
