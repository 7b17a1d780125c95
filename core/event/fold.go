package event

import (
	"slices"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/cases"
	"golang.org/x/text/runes"
	"golang.org/x/text/transform"
	"golang.org/x/text/unicode/norm"
)

// Names are sorted (the wall list, the projector, the reports) and searched
// (the desk's player search, the kiosk, the judge's phone, the stored
// players.name_fold column) by one key, FoldName: letters compared without
// case and without accents, and ligatures spelt out, so that "nguyen" finds
// "Nguyễn", "Zoë" sorts as "zoe", "Æmber" as "aember", "Łukasz" as "lukasz"
// and "Søren" as "soren". Two folds that disagreed once let the desk miss a
// regular the kiosk found, and the organizer registered her twice: every
// name comparison goes through this one.
//
// The work is Unicode's, done by golang.org/x/text: full case folding
// (ß is ss, final ς is σ), compatibility decomposition (ﬁ is fi, a
// full-width Ａ is A, ĳ is ij) and the removal of the nonspacing marks it
// leaves (accents, the Vietnamese horn, the Greek tonos, the ё's diaeresis).
// A few Latin letters are letters of their own rather than a letter and a
// mark (ø, ł, đ, æ, œ, þ …); letterFold spells them as an English keyboard
// types them. Other scripts keep their letters, case folded where they have
// case. Names equal under this folding are ordered by their exact bytes
// where an order is needed, so the order is total and the same everywhere.

// letterFold spells the letters Unicode does not decompose, after case
// folding, as the plain letters a keyboard without them types.
var letterFold = map[rune]string{
	'æ': "ae", 'œ': "oe", 'ø': "o", 'ł': "l", 'đ': "d", 'ð': "d",
	'þ': "th", 'ħ': "h", 'ı': "i", 'ŧ': "t", 'ŋ': "n", 'ĸ': "k",
	'ɨ': "i", 'ƀ': "b", 'ɖ': "d", 'ƒ': "f",
}

// ScriptFoldLetters returns the letters a page script spells out after its
// own fold (NFKD, nonspacing marks removed, toLowerCase), so that a
// player's phone filters names as FoldName does: letterFold, and the
// letters JavaScript's lower casing leaves that full case folding does
// not (ß, final ς, long ſ). The pages get it from the server rather than
// keeping a copy that could drift.
func ScriptFoldLetters() map[string]string {
	m := map[string]string{"ß": "ss", "ς": "σ", "ſ": "s"}
	for r, s := range letterFold {
		m[string(r)] = s
	}
	return m
}

// folders holds the transformers of FoldName: a transform.Transformer
// keeps state between calls, so each goroutine borrows one.
var folders = sync.Pool{New: func() any {
	return transform.Chain(
		cases.Fold(),
		norm.NFKD,
		runes.Remove(runes.In(unicode.Mn)),
		norm.NFC,
	)
}}

// FoldName returns the key names are sorted, searched and stored by: s case
// folded, its accents removed and its ligatures spelt out, its spaces
// trimmed and runs of spaces made one. "Zoë  Ødegård" folds to "zoe
// odegard", "Æmber" to "aember", "Nguyễn" to "nguyen". core/store keeps it
// in players.name_fold: a change here needs a migration that recomputes the
// column (see migration 010).
func FoldName(s string) string {
	s = strings.Join(strings.FieldsFunc(s, unicode.IsSpace), " ")
	if ascii(s) {
		// The common case, and the one a 1,000-player wall list sorts by:
		// no transformer to borrow.
		return strings.ToLower(s)
	}
	t := folders.Get().(transform.Transformer)
	out, _, err := transform.String(t, s)
	folders.Put(t)
	if err != nil {
		// Invalid UTF-8 is replaced on the way in; a failing transform
		// leaves the name lower-cased rather than unsearchable.
		out = strings.ToLower(s)
	}
	var b strings.Builder
	b.Grow(len(out))
	for _, r := range out {
		if spelt, ok := letterFold[r]; ok {
			b.WriteString(spelt)
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// MatchesName reports whether what someone typed to find a player (a part
// of her name, with or without its accents, in any case) is in name, both
// folded by FoldName. An empty query matches every name.
func MatchesName(name, query string) bool {
	return strings.Contains(FoldName(name), FoldName(query))
}

// SameName reports whether a and b name the same person as far as typing
// can tell: equal once folded ("Nguyen" and "Nguyễn", "chris lee" and
// "Chris  Lee").
func SameName(a, b string) bool { return FoldName(a) == FoldName(b) }

// CompareNames orders two names by their folded keys, then by their exact
// bytes, so that a list sorted by it is in the same order on every surface.
func CompareNames(a, b string) int {
	if c := strings.Compare(FoldName(a), FoldName(b)); c != 0 {
		return c
	}
	return strings.Compare(a, b)
}

// ascii reports whether s is plain ASCII.
func ascii(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// SortByName sorts items by the names name returns, in CompareNames's
// order, folding each name once (a 1,000-player list is sorted on every
// refresh). Items with identical names keep their order.
func SortByName[T any](items []T, name func(T) string) {
	type keyed struct {
		key, name string
		item      T
	}
	ks := make([]keyed, len(items))
	for i, it := range items {
		n := name(it)
		ks[i] = keyed{FoldName(n), n, it}
	}
	slices.SortStableFunc(ks, func(a, b keyed) int {
		if c := strings.Compare(a.key, b.key); c != 0 {
			return c
		}
		return strings.Compare(a.name, b.name)
	})
	for i := range ks {
		items[i] = ks[i].item
	}
}
