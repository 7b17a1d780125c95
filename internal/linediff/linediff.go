// Package linediff finds the lines where two texts differ, for the tests
// that compare what they print with a golden file or a block they expect.
// It imports nothing of Tablekeeper, so that any package's tests may use it.
package linediff

import "strings"

// Line is a line where two texts differ: its number (from 1) and its
// text in each ("" where that text has no such line).
type Line struct {
	N    int
	A, B string
}

// Lines returns, in order, at most most of the lines where a and b
// differ, a text shorter than the other counting as empty lines there.
func Lines(a, b string, most int) []Line {
	al, bl := strings.Split(a, "\n"), strings.Split(b, "\n")
	var out []Line
	for i := 0; i < max(len(al), len(bl)) && len(out) < most; i++ {
		var x, y string
		if i < len(al) {
			x = al[i]
		}
		if i < len(bl) {
			y = bl[i]
		}
		if x != y {
			out = append(out, Line{N: i + 1, A: x, B: y})
		}
	}
	return out
}

// First returns the first line where a and b differ, or a Line whose N
// is 0 when they are the same.
func First(a, b string) Line {
	if d := Lines(a, b, 1); len(d) > 0 {
		return d[0]
	}
	return Line{}
}
