package deck

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
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

// plural returns n and the noun, said in the reader's language with the
// noun's plural form unless n is 1 ("1 card", "3 cards"). The nouns are
// those of the messages of this package; another noun is left as given.
func plural(n int, noun string) i18n.Text {
	switch noun {
	case "card":
		return i18n.FN("%d cards", n, n)
	case "pod":
		return i18n.FN("%d pods", n, n)
	case "house":
		return i18n.FN("%d houses", n, n)
	case "rare card":
		return i18n.FN("%d rare cards", n, n)
	case "unique card":
		return i18n.FN("%d unique cards", n, n)
	case "more problem":
		return i18n.FN("%d more problems", n, n)
	}
	return i18n.F("%d %s", n, noun)
}

// wordList is a list said as a sentence does in the reader's language: "a",
// "a and b", "a, b and c" (or, when or is set, "a, b or c"); its items are
// strings (names, said as written) or Texts.
type wordList struct {
	items []any
	or    bool
}

// In says the list in l.
func (w wordList) In(l i18n.Lang) string {
	items := make([]string, len(w.items))
	for i, x := range w.items {
		items[i] = i18n.T(l, "%s", x)
	}
	switch len(items) {
	case 0:
		return ""
	case 1:
		return items[0]
	}
	head, last := strings.Join(items[:len(items)-1], ", "), items[len(items)-1]
	if w.or {
		return i18n.T(l, "%s or %s", head, last)
	}
	return i18n.T(l, "%s and %s", head, last)
}

// String says the list in English.
func (w wordList) String() string { return w.In(i18n.English) }

// semicolonList is a list of texts said one after another, separated by
// semicolons.
type semicolonList []i18n.Text

// In says the list in l.
func (s semicolonList) In(l i18n.Lang) string {
	parts := make([]string, len(s))
	for i, t := range s {
		parts[i] = t.In(l)
	}
	return strings.Join(parts, i18n.T(l, "; "))
}

// String says the list in English.
func (s semicolonList) String() string { return s.In(i18n.English) }

// joinAnd joins words as a sentence does: "a", "a and b", "a, b and c".
func joinAnd[T any](words []T) wordList {
	items := make([]any, len(words))
	for i, w := range words {
		items[i] = w
	}
	return wordList{items: items}
}
