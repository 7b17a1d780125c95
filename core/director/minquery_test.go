package director_test

import (
	"context"
	"slices"
	"testing"

	"tablekeeper/core/director"
)

// A name in a script written without spaces is found from two characters
// (王芳 is a whole name); Latin names keep three, and one character lists
// nobody. The kiosk's search, the Board's Find and MinQuery agree.
func TestTwoCharacterNamesAreFoundInScriptsWithoutSpaces(t *testing.T) {
	ctx := context.Background()
	d, _ := newDirector(t)
	e := mustEvent(t, d, "standard-bo3")
	register(t, d, e.ID, "王芳", "李小龙", "김민준", "Zoë Ødegård", "สมชาย ใจดี")

	b, err := d.Views.Board(ctx, e.ID)
	must(t, err)
	for _, c := range []struct {
		query string
		min   int
		want  []string
	}{
		{"王芳", 2, []string{"王芳"}},
		{" 王芳 ", 2, []string{"王芳"}},
		{"王", 2, nil},
		{"李", 2, nil},
		{"小龙", 2, []string{"李小龙"}},
		// Korean puts spaces between words, not inside a name, and each
		// block is a syllable: two syllables are enough.
		{"김민준", 2, []string{"김민준"}},
		{"민준", 2, []string{"김민준"}},
		{"김", 2, nil},
		{"สม", 2, []string{"สมชาย ใจดี"}},
		{"Zoë", 3, []string{"Zoë Ødegård"}},
		{"zoe", 3, []string{"Zoë Ødegård"}},
		{"Zo", 3, nil},
		{"Z", 3, nil},
	} {
		if got := director.MinQuery(c.query); got != c.min {
			t.Errorf("MinQuery(%q) = %d, want %d", c.query, got, c.min)
		}
		if got := director.QueryTooShort(c.query); got != (c.want == nil) {
			t.Errorf("QueryTooShort(%q) = %v", c.query, got)
		}
		var names []string
		for _, s := range b.Find(c.query) {
			names = append(names, s.Name)
		}
		if !slices.Equal(names, c.want) {
			t.Errorf("Board.Find(%q) = %q, want %q", c.query, names, c.want)
		}
		ms, err := d.Kiosk.KioskSearch(ctx, e.ID, c.query)
		must(t, err)
		names = nil
		for _, m := range ms {
			names = append(names, m.Name)
		}
		if !slices.Equal(names, c.want) {
			t.Errorf("KioskSearch(%q) = %q, want %q", c.query, names, c.want)
		}
	}
}
