package store

import (
	"strings"
	"unicode/utf8"
)

// fold is the form of a name the directory searches and sorts by: case
// folded, and Latin letters without their accents, so that "zoe" typed on
// the store's keyboard finds "Zoë", "ødegard" finds "Ødegård", and "Émilie"
// sorts with the E's rather than after Z. Other scripts are kept as they
// are (case folded where they have case).
//
// The folded name is stored beside the name (players.name_fold), so a
// change here needs a migration that recomputes the column.
func fold(s string) string {
	// Upper then lower folds more than lower alone: ſ, ς and the like
	// meet their plain forms.
	s = strings.ToLower(strings.ToUpper(s))
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range s {
		if r < utf8.RuneSelf {
			b.WriteRune(r)
			continue
		}
		if base, ok := latinBase(r); ok {
			b.WriteString(base)
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// latinBase returns the base letters of a lower-case accented Latin letter
// (Latin-1 Supplement and Latin Extended-A: the letters of European names).
func latinBase(r rune) (string, bool) {
	groups := [...]struct{ letters, base string }{
		{"àáâãäåāăą", "a"},
		{"æ", "ae"},
		{"çćĉċč", "c"},
		{"ďđð", "d"},
		{"èéêëēĕėęě", "e"},
		{"ĝğġģ", "g"},
		{"ĥħ", "h"},
		{"ìíîïĩīĭįı", "i"},
		{"ĳ", "ij"},
		{"ĵ", "j"},
		{"ķĸ", "k"},
		{"ĺļľŀł", "l"},
		{"ñńņňŉŋ", "n"},
		{"òóôõöøōŏő", "o"},
		{"œ", "oe"},
		{"ŕŗř", "r"},
		{"śŝşšſ", "s"},
		{"ß", "ss"},
		{"ţťŧ", "t"},
		{"þ", "th"},
		{"ùúûüũūŭůűų", "u"},
		{"ŵ", "w"},
		{"ýÿŷ", "y"},
		{"źżž", "z"},
	}
	for _, g := range groups {
		if strings.ContainsRune(g.letters, r) {
			return g.base, true
		}
	}
	return "", false
}
