package event

import (
	"slices"
	"testing"
)

func TestFoldNameIgnoresCaseAndAccents(t *testing.T) {
	tests := []struct{ in, want string }{
		{"Zoë", "zoe"},
		{"Æmber Ødegård", "aember odegard"},
		{"ŁUKASZ Żółć", "lukasz zolc"},
		{"Søren", "soren"},
		{"Ștefan Țurcanu", "stefan turcanu"},
		{"Őrs", "ors"},
		{"Kateřina", "katerina"},
		{"Straße", "strasse"},
		{"STRAẞE", "strasse"},
		{"Œdipe", "oedipe"},
		{"Þóra", "thora"},
		{"Đặng Nguyễn Thị Ánh", "dang nguyen thi anh"},
		{"Phương Trương", "phuong truong"},
		{"Zoe\u0308", "zoe"}, // decomposed ë
		{"  Ann \t  Lee ", "ann lee"},
		{"Άννα", "αννα"},
		{"ΟΔΥΣΣΕΥΣ", "οδυσσευσ"},
		{"Ёлка", "елка"},
		{"Ｚｏｅ", "zoe"},                   // full-width letters
		{"ﬁnn ĳsbrand", "finn ijsbrand"}, // ligatures
		{"İlkay", "ilkay"},
		{"李小龍", "李小龍"},
		{"plain ascii 123", "plain ascii 123"},
	}
	for _, tt := range tests {
		if got := FoldName(tt.in); got != tt.want {
			t.Errorf("FoldName(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// The desk, the kiosk and the judge's phone find a regular by what the
// store's keyboard types.
func TestMatchesNameFindsWhatAKeyboardTypes(t *testing.T) {
	for _, tt := range []struct {
		name, query string
		want        bool
	}{
		{"Nguyễn Văn An", "nguyen", true},
		{"Nguyễn Văn An", "NGUYỄN van", true},
		{"Zoë Ødegård", "odegard", true},
		{"Zoë Ødegård", "  zoe  ", true},
		{"Ada Lovelace", "", true},
		{"Ada Lovelace", "grace", false},
		{"Łukasz", "luk", true},
	} {
		if got := MatchesName(tt.name, tt.query); got != tt.want {
			t.Errorf("MatchesName(%q, %q) = %v, want %v", tt.name, tt.query, got, tt.want)
		}
	}
}

func TestCompareNamesSortsAccentsWithTheirLetters(t *testing.T) {
	names := []string{"Zoë", "émilie", "Émilie", "Eve", "ada", "Ødegård", "Nguyễn"}
	slices.SortFunc(names, CompareNames)
	want := []string{"ada", "Émilie", "émilie", "Eve", "Nguyễn", "Ødegård", "Zoë"}
	if !slices.Equal(names, want) {
		t.Errorf("sorted %q, want %q", names, want)
	}
}

func BenchmarkFoldName(b *testing.B) {
	for _, name := range []string{"Ada Lovelace", "Nguyễn Thị Ánh"} {
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				FoldName(name)
			}
		})
	}
}

func TestSameNameIsTheFoldedName(t *testing.T) {
	if !SameName("Nguyễn Văn An", "nguyen  van an") || !SameName("Chris Lee", "chris lee") || SameName("Ann Lee", "Anne Lee") {
		t.Error("SameName does not compare folded names")
	}
}

// A 1,000-player list (the wall list, the judge's roster) sorted by name.
func BenchmarkSortByName1000(b *testing.B) {
	first := []string{"Ada", "Émile", "Nguyễn", "Søren", "Łukasz", "Zoë", "Chloé", "Björn"}
	last := []string{"Lovelace", "Ødegård", "Trần", "Wiśniewska", "Dubois", "Müller", "Smith"}
	names := make([]string, 1000)
	for i := range names {
		names[i] = first[i%len(first)] + " " + last[(i/len(first))%len(last)]
	}
	for b.Loop() {
		list := slices.Clone(names)
		SortByName(list, func(s string) string { return s })
	}
}
