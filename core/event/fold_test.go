package event

import "testing"

func TestLatinFoldCoversItsRange(t *testing.T) {
	if got, want := len(latinFold), 0x17F-0xE0+1; got != want {
		t.Fatalf("latinFold has %d entries, want %d (U+00E0–U+017F)", got, want)
	}
}

func TestFoldNameIgnoresCaseAndAccents(t *testing.T) {
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
		if got := FoldName(tt.in); got != tt.want {
			t.Errorf("FoldName(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
