package i18n

import (
	"encoding/json"
	"fmt"
	"slices"
	"sync"

	"golang.org/x/text/feature/plural"
)

// A message whose words change with a count holds, in a translation file,
// one form for each CLDR plural category its language uses: English "one"
// and "other", French "one" (0 and 1) and "other", Polish "one", "few",
// "many" and "other", Arabic all six. The language's rules (CLDR, through
// x/text) choose the category of a count; a file may leave out a category
// no whole count up to countLimit reaches (French "many", which newer CLDR
// gives to round millions), and the "other" form is said for it.

// pluralCategory is a CLDR plural category and its name in the files.
type pluralCategory struct {
	name string
	form plural.Form
}

// formNamed is the category a file's form name stands for.
func formNamed(name string) (plural.Form, bool) {
	i := slices.IndexFunc(categoryNames, func(c pluralCategory) bool { return c.name == name })
	if i < 0 {
		return plural.Other, false
	}
	return categoryNames[i].form, true
}

// categoryNames are the CLDR plural categories as the files spell them,
// in CLDR's order.
var categoryNames = []pluralCategory{
	{"zero", plural.Zero}, {"one", plural.One}, {"two", plural.Two},
	{"few", plural.Few}, {"many", plural.Many}, {"other", plural.Other},
}

// countLimit bounds the counts whose categories a file must give: every
// count Tablekeeper says (players, tables, rounds, minutes) is far below
// it, and every language's integer rules reach all their categories
// below it except a category for millions.
const countLimit = 1000

// entry is one message's translation: Other, and Forms by plural category
// where the count changes the words (see N).
type entry struct {
	Other string
	Forms map[plural.Form]string
}

// form is the entry's words for the count n in l (Other for n < 0, or
// when the file gives no form for n's category).
func (e entry) form(l Lang, n int) string {
	if n < 0 || len(e.Forms) == 0 {
		return e.Other
	}
	if s, ok := e.Forms[category(l, n)]; ok {
		return s
	}
	return e.Other
}

// category is the CLDR plural category of the whole count n in l.
func category(l Lang, n int) plural.Form {
	if n < 0 {
		n = -n
	}
	return plural.Cardinal.MatchPlural(l.Tag(), n, 0, 0, 0, 0)
}

// parseEntry reads one value of a file: a string, or an object of plural
// forms by category name, "other" required.
func parseEntry(key string, v json.RawMessage) (entry, error) {
	var s string
	if err := json.Unmarshal(v, &s); err == nil {
		return entry{Other: s}, nil
	}
	var forms map[string]string
	if err := json.Unmarshal(v, &forms); err != nil || forms["other"] == "" {
		return entry{}, fmt.Errorf("the value of %q is neither a string nor an object with \"other\"", key)
	}
	e := entry{Other: forms["other"], Forms: make(map[plural.Form]string, len(forms))}
	for name, words := range forms {
		form, ok := formNamed(name)
		if !ok {
			return entry{}, fmt.Errorf("the value of %q has a form %q; the plural forms are zero, one, two, few, many and other", key, name)
		}
		e.Forms[form] = words
	}
	return e, nil
}

var (
	categoriesMu sync.Mutex
	categoriesOf = map[Lang][]string{}
)

// PluralCategories lists the CLDR plural categories whole counts take in
// l, by name and in CLDR's order ("one", "other" in English and French):
// the forms a file of l gives a message that changes with a count.
func PluralCategories(l Lang) []string {
	categoriesMu.Lock()
	defer categoriesMu.Unlock()
	if c, ok := categoriesOf[l]; ok {
		return slices.Clone(c)
	}
	seen := map[plural.Form]bool{plural.Other: true}
	for n := 0; n <= countLimit; n++ {
		seen[category(l, n)] = true
	}
	var out []string
	for _, c := range categoryNames {
		if seen[c.form] {
			out = append(out, c.name)
		}
	}
	categoriesOf[l] = out
	return slices.Clone(out)
}

// Plurals returns key's forms in l by category name, one for each category
// of PluralCategories(l), for a page script that chooses among them with
// the browser's Intl.PluralRules. A category the file leaves out, and a key
// l lacks, take the words N would say (the "other" form, English).
func Plurals(l Lang, key string) map[string]string {
	c := cat()
	e, ok := c.msgs[l][key]
	if !ok {
		e, ok = c.msgs[English][key]
	}
	if !ok {
		e = entry{Other: key}
	}
	out := map[string]string{}
	for _, name := range PluralCategories(l) {
		form, _ := formNamed(name)
		words, ok := e.Forms[form]
		if !ok {
			words = e.Other
		}
		out[name] = words
	}
	return out
}
