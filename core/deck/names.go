package deck

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"tablekeeper/core/event"
)

// foldName is the key two names are compared by: event.FoldName's
// folding (lower case, marks and ligatures folded: Æ = ae, ë = e, runs of
// spaces made one), with curly quotes and dashes straightened. Two lines
// naming the same card under these rules are the same card.
func foldName(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range s {
		switch {
		case r == utf8.RuneError || unicode.IsControl(r):
			b.WriteByte(' ')
		case strings.ContainsRune("’‘ʼ`´", r):
			b.WriteByte('\'')
		case strings.ContainsRune("“”„", r):
			b.WriteByte('"')
		case strings.ContainsRune("–—‐", r):
			b.WriteByte('-')
		default:
			b.WriteRune(r)
		}
	}
	return event.FoldName(b.String())
}

// cleanLine makes a line of player input safe and plain: invalid UTF-8
// replaced, byte-order marks dropped, tabs and other spaces made single
// spaces, the ends trimmed.
func cleanLine(s string) string {
	s = strings.ToValidUTF8(s, "\uFFFD")
	s = strings.ReplaceAll(s, "\uFEFF", "")
	return strings.Join(strings.FieldsFunc(s, func(r rune) bool {
		return unicode.IsSpace(r) || unicode.IsControl(r)
	}), " ")
}

// quote puts a name or a line in straight double quotes for a message,
// shortened to a length a kiosk screen shows on one line.
func quote(s string) string {
	const max = 60
	if utf8.RuneCountInString(s) > max {
		s = string([]rune(s)[:max-1]) + "…"
	}
	return `"` + s + `"`
}

// initial returns the letter a title starts with for Ritual of the
// Unnameable (S3): punctuation, symbols and digits are skipped ("numbers not
// written as words" are ignored), marks are folded (É is E, Æ is A), and the
// letter is upper case. It returns 0 when the title has no letter.
func initial(title string) rune {
	for _, r := range title {
		if !unicode.IsLetter(r) {
			continue
		}
		plain := event.FoldName(string(r))
		first, _ := utf8.DecodeRuneInString(plain)
		return unicode.ToUpper(first)
	}
	return 0
}

// plural returns n and the noun, with an "s" unless n is 1 ("1 card",
// "3 cards").
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return strconv.Itoa(n) + " " + noun + "s"
}

// joinAnd joins words as a sentence does: "a", "a and b", "a, b and c".
func joinAnd(words []string) string {
	switch len(words) {
	case 0:
		return ""
	case 1:
		return words[0]
	}
	return strings.Join(words[:len(words)-1], ", ") + " and " + words[len(words)-1]
}
