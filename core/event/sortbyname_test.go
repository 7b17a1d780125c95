package event

import (
	"slices"
	"testing"
)

func TestSortByNameOrdersNamesAsPeopleRead(t *testing.T) {
	names := []string{"zoë", "Zoe", "Ødegård", "Zoë", "Æmber", "adam", "Ann Lee", "Anna", "Łukasz", "Lukas", "李小龍", "Émile", "emil"}
	want := []string{"adam", "Æmber", "Ann Lee", "Anna", "emil", "Émile", "Lukas", "Łukasz", "Ødegård", "Zoe", "Zoë", "zoë", "李小龍"}
	for range 5 {
		got := slices.Clone(names)
		SortByName(got, func(s string) string { return s })
		if !slices.Equal(got, want) {
			t.Fatalf("sorted %q,\nwant   %q", got, want)
		}
		// The same order whatever the order in.
		slices.Reverse(names)
		names = append(names[1:], names[0])
	}
}
