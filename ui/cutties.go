package ui

import (
	"strings"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/ui/internal/keys"
	"tablekeeper/ui/internal/tr"
)

// pairAfterCutTies pairs the next round, first telling the organizer when
// it is a cut (a top cut, a final table) and players equal on points and
// every tiebreaker reach into it: the draw that ordered them decides who
// makes the cut, and a player left out will ask why. Pairing then takes
// the order shown.
func (v *eventView) pairAfterCutTies() {
	checkBeforePairing(v, v.header.CutTies, v.pair, func(_ event.EventID, ties []director.CutTie) {
		v.confirm = keys.NewConfirm(v.win, keys.ConfirmOptions{Title: tr.L("Ties at the cut"), Message: cutTiesMessage(ties),
			Yes: tr.L("Pair in this order"), No: tr.L("Not now")}, v.onCutTiesConfirmed)
		v.confirm.Show()
	})
}

func (v *eventView) onCutTiesConfirmed(ok bool) {
	if ok {
		v.pair()
	}
}

// cutTiesMessage says, for the question before a cut, who is tied, the
// order the draw gave them and who makes the cut.
func cutTiesMessage(ties []director.CutTie) string {
	var b strings.Builder
	if ties[0].Secondary {
		b.WriteString(tr.F("The final and secondary tables take %d players. Some of them are equal on points and every tiebreaker: a random draw, made once and saved with round %d, ordered them.", ties[0].Cut, ties[0].Round))
	} else {
		b.WriteString(tr.F("The cut takes %d players. Some of them are equal on points and every tiebreaker: a random draw, made once and saved with round %d, ordered them.", ties[0].Cut, ties[0].Round))
	}
	for _, t := range ties {
		drawn, in := t.Names()
		b.WriteString("\n\n")
		last := t.First + len(t.Players) - 1
		b.WriteString(tr.F("Places %d to %d, in the drawn order: %s.", t.First, last, strings.Join(drawn, ", ")))
		if t.Straddles() {
			var out []string
			for _, p := range t.Players {
				if !p.In {
					out = append(out, p.Name)
				}
			}
			b.WriteString("\n")
			if t.Secondary {
				// The line below the secondary table.
				b.WriteString(tr.F("At the final and secondary tables: %s. At neither: %s.", strings.Join(in, ", "), strings.Join(out, ", ")))
			} else {
				b.WriteString(tr.F("In the cut: %s. Not in the cut: %s.", strings.Join(in, ", "), strings.Join(out, ", ")))
			}
		}
	}
	b.WriteString("\n\n")
	b.WriteString(tr.L("Pair in this order? The draw is written in the event's log."))
	return b.String()
}
