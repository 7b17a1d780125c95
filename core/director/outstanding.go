package director

import (
	"sort"
	"strings"
)

// Outstanding is one table still waiting for its result, as the Round
// tab's "Missing results" list and the projector's "Waiting for results:"
// show it.
type Outstanding struct {
	Number int
	// Names are the players (or, in a team event, the teams) at the
	// table, in seat order.
	Names []string
}

// Label is the table's players joined for one line: "Ada v Bob", or
// "Ada · Bob · Cy" at a multiplayer table.
func (o Outstanding) Label() string {
	if len(o.Names) == 2 {
		return o.Names[0] + " v " + o.Names[1]
	}
	return strings.Join(o.Names, " · ")
}

// Outstanding lists the tables of the sheet's round that have no result
// yet, sorted by table number. Byes never wait for a result.
func (sh Sheet) Outstanding() []Outstanding {
	var out []Outstanding
	for _, t := range sh.Tables {
		if t.Bye || t.Result != nil {
			continue
		}
		o := Outstanding{Number: t.Number}
		if len(t.Teams) > 0 {
			for _, tm := range t.Teams {
				o.Names = append(o.Names, tm.Name)
			}
		} else {
			for _, p := range t.Players {
				o.Names = append(o.Names, p.Name)
			}
		}
		out = append(out, o)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Number < out[j].Number })
	return out
}
