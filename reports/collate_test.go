package reports

import (
	"slices"
	"testing"
)

func TestLatinFoldCoversItsRange(t *testing.T) {
	if got, want := len(latinFold), 0x17F-0xE0+1; got != want {
		t.Fatalf("latinFold has %d entries, want %d (U+00E0–U+017F)", got, want)
	}
}

func TestCollationKeyIgnoresCaseAndAccents(t *testing.T) {
	tests := []struct{ in, want string }{
		{"Zoë", "zoe"},
		{"Æmber Ødegård", "aember odegard"},
		{"ŁUKASZ", "lukasz"},
		{"Søren", "soren"},
		{"Ștefan Țurcanu", "stefan turcanu"},
		{"Őrs", "ors"},
		{"Kateřina", "katerina"},
		{"Straße", "strasse"},
		{"Œdipe", "oedipe"},
		{"Þóra", "thora"},
		{"Nguyễn Thị Ánh", "nguyen thi anh"},
		{"Zoe\u0308", "zoe"}, // decomposed ë
		{"  Ann   Lee ", "ann lee"},
		{"Άννα", "αννα"},
		{"李小龍", "李小龍"},
	}
	for _, tt := range tests {
		if got := collationKey(tt.in); got != tt.want {
			t.Errorf("collationKey(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestSortByNameOrdersNamesAsPeopleRead(t *testing.T) {
	names := []string{"zoë", "Zoe", "Ødegård", "Zoë", "Æmber", "adam", "Ann Lee", "Anna", "Łukasz", "Lukas", "李小龍", "Émile", "emil"}
	want := []string{"adam", "Æmber", "Ann Lee", "Anna", "emil", "Émile", "Lukas", "Łukasz", "Ødegård", "Zoe", "Zoë", "zoë", "李小龍"}
	for range 5 {
		got := slices.Clone(names)
		sortByName(got, func(s string) string { return s })
		if !slices.Equal(got, want) {
			t.Fatalf("sorted %q,\nwant   %q", got, want)
		}
		// The same order whatever the order in.
		slices.Reverse(names)
		names = append(names[1:], names[0])
	}
}
