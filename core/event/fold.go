package event

import (
	"strings"
	"unicode"
)

// Names are sorted (the wall list, the projector) and searched (the kiosk)
// by a deliberately small collation rather
// than the full Unicode Collation Algorithm (which would need
// golang.org/x/text): letters are compared without case and without
// accents, and ligatures are spelt out, so that "Zoë" sorts as "zoe", "Æmber"
// as "aember", "Łukasz" as "lukasz" and "Søren" as "soren". It covers the
// Latin letters of European and Vietnamese names, accented Greek and
// Cyrillic ё; other scripts sort by code point after the Latin ones. Names
// equal under this folding are ordered by their exact bytes, so the order is
// total and the same on every machine.

// latinFold spells out, for each rune from U+00E0 to U+017F after lower
// casing, the letter it sorts as; '*' marks the ligatures foldRune spells out
// in full and '.' a rune kept as it is.
const latinFold = "" +
	"aaaaaa*ceeeeiiiidnooooo.ouuuuy*y" + // U+00E0–U+00FF
	"aaaaaaccccccccddddeeeeeeeeeegggggggghhhh" + // U+0100–U+0127
	"iiiiiiiiii**jjkkkllllllllllnnnnnnnnnoooooo**" + // U+0128–U+0153
	"rrrrrrssssssssttttttuuuuuuuuuuuuwwyyyzzzzzzs" // U+0154–U+017F

// foldRune appends to b the letters r sorts as: lower case, accents
// removed, ligatures spelt out. Combining marks (text typed in decomposed
// form) fold to nothing.
func foldRune(b *strings.Builder, r rune) {
	r = unicode.ToLower(r)
	switch {
	case r < 0x80:
		b.WriteRune(r)
		return
	case unicode.Is(unicode.Mn, r):
		return
	case r >= 0xE0 && r <= 0x17F:
		switch c := latinFold[r-0xE0]; c {
		case '.':
			b.WriteRune(r)
		case '*':
			b.WriteString(ligature(r))
		default:
			b.WriteByte(c)
		}
		return
	case r >= 0x1EA0 && r <= 0x1EF9: // Vietnamese: Ạ … ỹ
		b.WriteByte(vietnameseFold(r))
		return
	}
	switch r {
	case 'ß':
		b.WriteString("ss")
	case 'ǎ':
		b.WriteByte('a')
	case 'ǐ':
		b.WriteByte('i')
	case 'ơ', 'ǒ':
		b.WriteByte('o')
	case 'ư', 'ǔ':
		b.WriteByte('u')
	case 'ș':
		b.WriteByte('s')
	case 'ț':
		b.WriteByte('t')
	case 'ά':
		b.WriteRune('α')
	case 'έ':
		b.WriteRune('ε')
	case 'ή':
		b.WriteRune('η')
	case 'ί', 'ϊ', 'ΐ':
		b.WriteRune('ι')
	case 'ό':
		b.WriteRune('ο')
	case 'ύ', 'ϋ', 'ΰ':
		b.WriteRune('υ')
	case 'ώ':
		b.WriteRune('ω')
	case 'ς':
		b.WriteRune('σ')
	case 'ё':
		b.WriteRune('е')
	default:
		b.WriteRune(r)
	}
}

// ligature spells out the letters marked '*' in latinFold.
func ligature(r rune) string {
	switch r {
	case 'æ':
		return "ae"
	case 'þ':
		return "th"
	case 'ĳ':
		return "ij"
	case 'œ':
		return "oe"
	}
	return string(r)
}

// vietnameseFold returns the base letter of a rune of the Latin Extended
// Additional block from U+1EA0 to U+1EF9, the letters of Vietnamese.
func vietnameseFold(r rune) byte {
	switch {
	case r <= 0x1EB7:
		return 'a'
	case r <= 0x1EC7:
		return 'e'
	case r <= 0x1ECB:
		return 'i'
	case r <= 0x1EE3:
		return 'o'
	case r <= 0x1EF1:
		return 'u'
	}
	return 'y'
}

// FoldName returns the key names are sorted and searched by: s folded
// rune by rune (lower case, accents removed, ligatures spelt out), its
// spaces trimmed and runs of spaces made one. "Zoë  Ødegård" folds to
// "zoe odegard", "Æmber" to "aember".
func FoldName(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	space := false
	for _, r := range strings.TrimSpace(s) {
		if unicode.IsSpace(r) {
			space = true
			continue
		}
		if space {
			b.WriteByte(' ')
			space = false
		}
		foldRune(&b, r)
	}
	return b.String()
}
