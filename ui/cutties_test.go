package ui

import (
	"strings"
	"testing"

	"tablekeeper/core/director"
)

// The question before a final table with a secondary table says who the
// draw put at the two tables when a tie crosses the secondary table's
// line, not "in the cut".
func TestCutTiesMessageSaysTheSecondaryTable(t *testing.T) {
	ties := []director.CutTie{{Cut: 8, Round: 3, First: 7, Secondary: true, Players: []director.TiedPlayer{
		{Name: "Ann Lee", In: true}, {Name: "Bo Chan", In: true}, {Name: "Cy Dee"}}}}
	msg := cutTiesMessage(ties)
	for _, want := range []string{"The final and secondary tables take 8 players.", "Places 7 to 9, in the drawn order: Ann Lee, Bo Chan, Cy Dee.",
		"At the final and secondary tables: Ann Lee, Bo Chan. At neither: Cy Dee."} {
		if !strings.Contains(msg, want) {
			t.Errorf("the message lacks %q:\n%s", want, msg)
		}
	}
	if strings.Contains(msg, "In the cut") {
		t.Errorf("the secondary table's line is said as the cut:\n%s", msg)
	}
}
