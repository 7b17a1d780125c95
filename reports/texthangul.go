package reports

import (
	"strings"
	"unicode/utf8"
)

// Korean text can arrive decomposed: a name typed or saved on a Mac, or
// copied from a file in Unicode's decomposed form (NFD), spells each
// syllable as two or three conjoining letters (jamo, U+1100–U+11FF): 김 as
// ᄀ ᅵ ᆷ. gofpdf does no shaping and NanumSquare has no glyphs for the
// conjoining letters, so before layout the typesetter composes them into
// the precomposed syllables the font has, the way Unicode's canonical
// composition does (by arithmetic, Unicode 15 §3.12). The two forms are
// the same text and look the same on screen, so they print the same.

// The constants of Hangul syllable composition (Unicode §3.12).
const (
	hangulSBase  = 0xAC00
	hangulLBase  = 0x1100
	hangulVBase  = 0x1161
	hangulTBase  = 0x11A7
	hangulLCount = 19
	hangulVCount = 21
	hangulTCount = 28
	hangulNCount = hangulVCount * hangulTCount
)

// composeHangul returns s with every sequence of a leading consonant and a
// vowel (and a trailing consonant) in conjoining jamo replaced by its
// precomposed syllable. Everything else, bytes that are not UTF-8
// included, is kept as it is.
func composeHangul(s string) string {
	if !strings.ContainsFunc(s, func(r rune) bool { return r >= hangulLBase && r <= 0x11FF }) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		l := r - hangulLBase
		if l < 0 || l >= hangulLCount {
			b.WriteString(s[i : i+n])
			i += n
			continue
		}
		v, vn := utf8.DecodeRuneInString(s[i+n:])
		v -= hangulVBase
		if v < 0 || v >= hangulVCount {
			b.WriteString(s[i : i+n])
			i += n
			continue
		}
		syllable := hangulSBase + (l*hangulVCount+v)*hangulTCount
		i += n + vn
		if t, tn := utf8.DecodeRuneInString(s[i:]); t > hangulTBase && t < hangulTBase+hangulTCount {
			syllable += t - hangulTBase
			i += tn
		}
		b.WriteRune(syllable)
	}
	return b.String()
}
