package clock

import (
	"tablekeeper/core/event"

	"slices"
	"strconv"
	"strings"

	"tablekeeper/core/director"
)

// Pairing is one player's line of the projector's pairings: the player,
// where they sit and against whom.
type Pairing struct {
	Name string
	// Table is "Table 12", or "BYE" for a bye.
	Table string
	// Number is the table's number, 0 for a bye.
	Number int
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
					out = append(out, Pairing{Name: m.Name, Table: table, Number: t.Number, Opponents: "vs " + other.Name})
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
				out = append(out, Pairing{Name: p.Name, Table: table, Number: t.Number, Opponents: "vs " + strings.Join(others, ", ")})
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
		keys[p.Name] = event.FoldName(p.Name)
	}
	slices.SortStableFunc(ps, func(a, b Pairing) int {
		if c := strings.Compare(keys[a.Name], keys[b.Name]); c != 0 {
			return c
		}
		return strings.Compare(a.Name, b.Name)
	})
}
