package clock

import (
	"slices"
	"strconv"
	"strings"
	"unicode"

	"tablekeeper/core/director"
)

// Pairing is one player's line of the projector's pairings: the player,
// where they sit and against whom.
type Pairing struct {
	Name string
	// Table is "Table 12", or "BYE" for a bye.
	Table string
	// Opponents is "vs Bob Stone" (a match), "vs Ada, Bob, Carol" (a table
	// of four, the others in seat order) or "vs Les Zoëlles" (a team
	// match: the other team); empty for a bye.
	Opponents string
}

// String writes the line as "Ada Lovelace — Table 12 — vs Bob Stone", or
// "Eve Moss — BYE".
func (p Pairing) String() string {
	if p.Opponents == "" {
		return p.Name + " — " + p.Table
	}
	return p.Name + " — " + p.Table + " — " + p.Opponents
}

// Pairings lists every player of a round's sheet by name, alphabetically
// ignoring case and accents ("Æmber" as "aember", "Zoë" as "zoe"): the
// list a player scans for their own name. A draft round lists nobody (its
// pairings may still change).
func Pairings(sh director.Sheet) []Pairing {
	if !sh.Round.Published() {
		return nil
	}
	var out []Pairing
	for _, t := range sh.Tables {
		table := "Table " + strconv.Itoa(t.Number)
		switch {
		case t.Bye:
			for _, p := range t.Players {
				out = append(out, Pairing{Name: p.Name, Table: "BYE"})
			}
		case len(t.Teams) == 2:
			for k, tm := range t.Teams {
				other := t.Teams[1-k]
				for _, m := range tm.Members {
					out = append(out, Pairing{Name: m.Name, Table: table, Opponents: "vs " + other.Name})
				}
			}
		default:
			for i, p := range t.Players {
				var others []string
				for j, o := range t.Players {
					if j != i {
						others = append(others, o.Name)
					}
				}
				out = append(out, Pairing{Name: p.Name, Table: table, Opponents: "vs " + strings.Join(others, ", ")})
			}
		}
	}
	sortByName(out)
	return out
}

// sortByName sorts the lines by their players' names, folded for sorting,
// then by their exact bytes, so that the order is total.
func sortByName(ps []Pairing) {
	keys := make(map[string]string, len(ps))
	for _, p := range ps {
		keys[p.Name] = foldName(p.Name)
	}
	slices.SortStableFunc(ps, func(a, b Pairing) int {
		if c := strings.Compare(keys[a.Name], keys[b.Name]); c != 0 {
			return c
		}
		return strings.Compare(a.Name, b.Name)
	})
}

// latinFold gives, for each rune from U+00E0 to U+017F after lower casing,
// the letter it sorts as; '*' marks a ligature spelt out in full, '.' a
// rune kept as it is. It is the small collation the pairings report sorts
// the wall list with (package reports), so the wall and the screen agree.
const latinFold = "" +
	"aaaaaa*ceeeeiiiidnooooo.ouuuuy*y" + // U+00E0–U+00FF
	"aaaaaaccccccccddddeeeeeeeeeegggggggghhhh" + // U+0100–U+0127
	"iiiiiiiiii**jjkkkllllllllllnnnnnnnnnoooooo**" + // U+0128–U+0153
	"rrrrrrssssssssttttttuuuuuuuuuuuuwwyyyzzzzzzs" // U+0154–U+017F

// foldName returns the key a name sorts by: lower case, Latin accents
// removed, ligatures spelt out, spaces trimmed and single. Other scripts
// keep their runes and sort after the Latin letters.
func foldName(s string) string {
	var b strings.Builder
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
		r = unicode.ToLower(r)
		switch {
		case unicode.Is(unicode.Mn, r):
		case r >= 0xE0 && r <= 0x17F:
			switch c := latinFold[r-0xE0]; c {
			case '.':
				b.WriteRune(r)
			case '*':
				b.WriteString(ligature(r))
			default:
				b.WriteByte(c)
			}
		case r == 'ß':
			b.WriteString("ss")
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// ligature spells out the runes marked '*' in latinFold.
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
