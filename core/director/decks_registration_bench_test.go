package director_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
)

// BenchmarkDeckStatusOfARegional reads the desk's Decks dialog (and the
// judges' decklists page) at a 1,000-player Altered regional where 900
// players sent a 40-card list, one in ten of them with a problem: one
// read, the card list read once. The dialog reads it again each time a
// phone sends a list while it is open. Run with:
// go test ./core/director -run '^$' -bench DeckStatusOfARegional -benchtime 20x
func BenchmarkDeckStatusOfARegional(b *testing.B) {
	ctx := context.Background()
	d, e := regionalOf(b, "altered", "standard-bo3")
	entries, err := d.Registration.Entries(ctx, e.ID)
	must(b, err)
	var list strings.Builder
	list.WriteString("Hero: Akesha & Taru\n")
	for i := 1; i <= 13; i++ {
		fmt.Fprintf(&list, "3 Axiom Card %d (C)\n", i)
	}
	for i, en := range entries[:900] {
		l := list.String()
		if i%10 == 0 {
			l = strings.Replace(l, "3 Axiom Card 2", "33 Axiom Card 2", 1)
		}
		if _, err := d.Decks.SaveDeck(ctx, en.ID, "", l); err != nil {
			b.Fatal(err)
		}
	}
	for b.Loop() {
		st, err := d.Decks.DeckStatus(ctx, e.ID)
		if err != nil || st.Submitted != 900 || st.Problems != 90 || st.Missing != 100 {
			b.Fatalf("%d submitted, %d with problems, %d missing: %v", st.Submitted, st.Problems, st.Missing, err)
		}
	}
}
