package i18n

import (
	"errors"
	"strings"
)

// Text is a sentence kept to be said later in the reader's language: a
// key (English, a fmt format where it takes values) and its values. The
// core returns Texts where a front-end will show the words, so the screen,
// a phone and a report each say them in their own language.
type Text struct {
	// Format is the key: the English text or fmt format.
	Format string
	// Args are the values formatted into it; a Text or an error among
	// them is said in the same language.
	Args []any
	// Count, when set, chooses the plural form (see N).
	Count *int
}

// F keeps a sentence to say later: Format and its values.
func F(format string, args ...any) Text { return Text{Format: format, Args: args} }

// FN is F for a message whose words change with the count n (see N).
func FN(format string, n int, args ...any) Text {
	return Text{Format: format, Args: args, Count: &n}
}

// List says parts one after the other, comma-separated, as one text
// ("winners round 2, losers round 1"); each part stays a value of its
// own, so a stored log keeps them as messages. No parts: the zero Text.
func List(parts []Text) Text {
	if len(parts) == 0 {
		return Text{}
	}
	out := parts[0]
	for _, p := range parts[1:] {
		out = F("%s, %s", out, p)
	}
	return out
}

// Ordinal says the place n: "1st", "2nd", "3rd", "4th" (in French "1er",
// "2e"). A standing's place and the meeting of a pair are both said with it.
func Ordinal(n int) Text {
	switch n {
	case 1:
		return F("1st")
	case 2:
		return F("2nd")
	case 3:
		return F("3rd")
	}
	return F("%dth", n)
}

// In says the text in l.
func (t Text) In(l Lang) string {
	if t.Count != nil {
		return N(l, t.Format, *t.Count, t.Args...)
	}
	return T(l, t.Format, t.Args...)
}

// InOr says the text in l, or words as they are when the text is zero
// (an error built with only its English message).
func (t Text) InOr(l Lang, words string) string {
	if t.IsZero() {
		return words
	}
	return t.In(l)
}

// String says the text in English.
func (t Text) String() string { return t.In(English) }

// IsZero reports whether the text is empty.
func (t Text) IsZero() bool { return t.Format == "" }

// Error returns the sentence to show a person for err, in l: that of the
// first error of its chain that can say itself (an event.Error, an Errorf),
// else the error's own text.
func Error(l Lang, err error) string {
	if err == nil {
		return ""
	}
	var loc Localizer
	if errors.As(err, &loc) {
		return loc.In(l)
	}
	return err.Error()
}

// textError is an error whose sentence is a Text.
type textError struct {
	text Text
	wrap error
}

func (e *textError) Error() string    { return e.text.String() }
func (e *textError) In(l Lang) string { return e.text.In(l) }
func (e *textError) Unwrap() error    { return e.wrap }

// Errorf returns an error whose sentence is format with args, said in the
// reader's language by Error; wrapped (may be nil) is what errors.Is and
// errors.As see beneath it.
func Errorf(wrapped error, format string, args ...any) error {
	return &textError{text: F(format, args...), wrap: wrapped}
}

// JoinIn says each text in l and joins them with sep, for the lists of
// sentences and values the core keeps to say later.
func JoinIn(l Lang, texts []Text, sep string) string {
	said := make([]string, len(texts))
	for i, t := range texts {
		said[i] = t.In(l)
	}
	return strings.Join(said, sep)
}

// Names joins names as a sentence, said in the reader's language: "Ana",
// "Ana and Bob", "Ana, Bob and Cleo" ("Ana, Bob et Cleo").
func Names(names []string) Text {
	if len(names) < 2 {
		return Plain(strings.Join(names, ""))
	}
	return F("%s and %s", strings.Join(names[:len(names)-1], ", "), names[len(names)-1])
}
