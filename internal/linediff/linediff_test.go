package linediff

import (
	"slices"
	"testing"
)

func TestLinesAreTheOnesThatDiffer(t *testing.T) {
	for _, c := range []struct {
		a, b string
		most int
		want []Line
	}{
		{"x\ny", "x\ny", 5, nil},
		{"x\ny\nz", "x\nY\nZ", 5, []Line{{2, "y", "Y"}, {3, "z", "Z"}}},
		{"x\ny\nz", "x\nY\nZ", 1, []Line{{2, "y", "Y"}}},
		{"x", "x\nmore", 5, []Line{{2, "", "more"}}},
		{"x\nless", "x", 5, []Line{{2, "less", ""}}},
	} {
		if got := Lines(c.a, c.b, c.most); !slices.Equal(got, c.want) {
			t.Errorf("Lines(%q, %q, %d) = %v, want %v", c.a, c.b, c.most, got, c.want)
		}
	}
	if got := First("a\nb", "a\nc"); got != (Line{2, "b", "c"}) {
		t.Errorf("First = %v", got)
	}
	if got := First("a", "a"); got.N != 0 {
		t.Errorf("First of the same text = %v", got)
	}
}
