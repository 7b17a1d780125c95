package i18n

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
)

// A phrase is a format whose English the core builds and stores (a
// table's Why, a round's name): the stored text is English, and Resay
// turns it back into the format and its values to say it in a reader's
// language.
type phrase struct {
	format string
	re     *regexp.Regexp
	// args maps each capture group to its argument index and verb.
	args []phraseArg
}

type phraseArg struct {
	index int
	verb  byte
}

var (
	phraseMu  sync.Mutex
	phraseSet = map[string]bool{}
	phrases   []*phrase // compiled, longest format first; nil after a Phrase
)

// phraseVerb finds the verbs Resay reads back: %d, %s, %q, %v, with an
// optional explicit index ("%[2]d"), and the literal "%%".
var phraseVerb = regexp.MustCompile(`%(?:\[(\d+)\])?([dsqv%])`)

// Phrase registers format as a phrase the core stores in English and
// returns it unchanged, for fmt.Sprintf at the build site. Register at
// package init (var whyX = i18n.Phrase("…")) so Resay knows it before any
// stored text is shown. The key-coverage test counts it as a key.
func Phrase(format string) string {
	phraseMu.Lock()
	defer phraseMu.Unlock()
	if !phraseSet[format] {
		phraseSet[format] = true
		phrases = nil
	}
	return format
}

// compile turns a format into an anchored regexp: %d reads an integer,
// %s/%q/%v any text (as little as the rest allows).
func compile(format string) *phrase {
	var b strings.Builder
	p := &phrase{format: format}
	b.WriteString("^")
	last, next := 0, 0
	for _, m := range phraseVerb.FindAllStringSubmatchIndex(format, -1) {
		b.WriteString(regexp.QuoteMeta(format[last:m[0]]))
		last = m[1]
		verb := format[m[4]]
		if verb == '%' {
			b.WriteString("%")
			continue
		}
		index := next
		if m[2] >= 0 {
			n, _ := strconv.Atoi(format[m[2]:m[3]])
			index = n - 1
		}
		next = index + 1
		if verb == 'd' {
			b.WriteString(`(-?\d+)`)
		} else {
			b.WriteString(`(.+?)`)
		}
		p.args = append(p.args, phraseArg{index: index, verb: verb})
	}
	b.WriteString(regexp.QuoteMeta(format[last:]))
	b.WriteString("$")
	p.re = regexp.MustCompile(b.String())
	return p
}

// compiled returns the registered phrases, longest format first.
func compiled() []*phrase {
	phraseMu.Lock()
	defer phraseMu.Unlock()
	if phrases == nil {
		formats := make([]string, 0, len(phraseSet))
		for f := range phraseSet {
			formats = append(formats, f)
		}
		slices.SortFunc(formats, func(a, b string) int {
			if len(a) != len(b) {
				return len(b) - len(a)
			}
			return strings.Compare(a, b)
		})
		phrases = make([]*phrase, len(formats))
		for i, f := range formats {
			phrases[i] = compile(f)
		}
	}
	return phrases
}

// Resay says in l a text the core stored in English: it matches stored
// against every registered phrase (longest first), reads its values back
// and says the phrase in l with them; a text value that is itself a
// registered phrase is said in l too. A text made of reasons joined by
// "; " is said reason by reason. A text no phrase matches is returned as
// it is (an organizer's own words, a name).
func Resay(l Lang, stored string) string {
	if l == English || stored == "" {
		return stored
	}
	if s, ok := resay(l, stored, 0); ok {
		return s
	}
	parts := strings.Split(stored, "; ")
	if len(parts) == 1 {
		return stored
	}
	// Said piece by piece: at each part, the longest run of parts that is a
	// phrase (a phrase may hold "; " itself).
	var out string
	for i := 0; i < len(parts); {
		piece, j := parts[i], i+1
		for k := len(parts); k > i+1; k-- {
			if s, ok := resay(l, strings.Join(parts[i:k], "; "), 0); ok {
				piece, j = s, k
				break
			}
		}
		if j == i+1 {
			if s, ok := resay(l, parts[i], 0); ok {
				piece = s
			}
		}
		if out == "" {
			out = piece
		} else {
			out = T(l, "%s; %s", out, piece)
		}
		i = j
	}
	return out
}

// resay says stored in l when a phrase matches it.
func resay(l Lang, stored string, depth int) (string, bool) {
	if depth > 8 {
		return "", false
	}
	for _, p := range compiled() {
		m := p.re.FindStringSubmatch(stored)
		if m == nil {
			continue
		}
		n := 0
		for _, a := range p.args {
			n = max(n, a.index+1)
		}
		args := make([]any, n)
		ok := true
		for g, a := range p.args {
			v := m[g+1]
			switch a.verb {
			case 'd':
				i, err := strconv.Atoi(v)
				if err != nil {
					ok = false
				}
				args[a.index] = i
			case 'q':
				u, err := strconv.Unquote(v)
				if err != nil {
					ok = false
				}
				args[a.index] = u
			default:
				if s, said := resay(l, v, depth+1); said {
					v = s
				}
				args[a.index] = v
			}
		}
		if !ok {
			continue
		}
		return T(l, p.format, args...), true
	}
	return "", false
}

// Phrases lists the registered phrases, sorted.
func Phrases() []string {
	phraseMu.Lock()
	defer phraseMu.Unlock()
	out := make([]string, 0, len(phraseSet))
	for f := range phraseSet {
		out = append(out, f)
	}
	slices.Sort(out)
	return out
}

// Stored is a text the core stored in English (a table's Why, a round's
// name), said in a reader's language through Resay, or as a key of the
// translation files when no phrase matches it ("final table").
type Stored string

// In says the stored text in l.
func (s Stored) In(l Lang) string {
	if said := Resay(l, string(s)); said != string(s) || l == English {
		return said
	}
	return T(l, string(s))
}
