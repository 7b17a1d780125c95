package clock

import (
	"strconv"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"

	"tablekeeper/core/director"
	"tablekeeper/ui/internal/toggle"
	"tablekeeper/ui/internal/tr"
)

// listing is what the projector's list shows.
type listing int

const (
	listPairings listing = iota // the pairings by name
	listWaiting                 // the tables still waiting for a result
)

// ShowsWaiting says whether the projector lists the tables still waiting
// for their result ("Waiting for results:") instead of the pairings by
// name (director.ShowsWaiting, which the store network's projector page
// follows too).
func ShowsWaiting(out, tables int, timeUp bool) bool {
	return director.ShowsWaiting(out, tables, timeUp)
}

// The list's type, in pixels of a 1080-line screen. Rows are set as big as
// lets the list take the fewest pages, from maxRow down to minRow: 32 px
// on 1080 lines is capitals of 15 mm on a 55-inch screen, read from 5 m
// (the 40-feet-per-inch legibility rule gives about 7 m).
const (
	maxRow     = 60
	minRow     = 32
	headSize   = 28
	rowSpacing = 1.3 // a row's height over its type size
	gutter     = 44  // between columns
	tailScale  = 0.8 // the opponents' type over the name's
	maxCols    = 3
)

// grid is how the list's pages are laid out: cols columns of perCol rows
// of type size, each column a lead (the name, or a table's players), a
// number (the table) and a tail (the opponents, 0 wide when hidden).
type grid struct {
	cols, perCol             int
	size, rowH, gap          float32
	colW, leadW, numW, tailW float32
}

// chooseGrid picks the grid that shows the list in the fewest pages, with
// the fewest leads cut, at the largest type, in the fewest columns, in an
// inner×area band. A lead is cut (with an ellipsis) only when it cannot
// fit its column; a grid may cut at most one lead in fifty (at least one),
// so that one very long name does not halve what every page shows.
// widths are the leads' widths at size 100, numW100 the number column's;
// numMin is the least width of the number column (its heading); tail
// says whether rows have a tail.
func chooseGrid(widths []float32, numW100, numMin float32, tail bool, inner, area, u float32) grid {
	allowed := max(1, len(widths)/50)
	var best grid
	var bestKey [4]float32
	for s := float32(maxRow) * u; s >= minRow*u-0.01; s -= 2 * u {
		g := grid{size: s, rowH: s * rowSpacing, gap: s * 0.6, numW: max(numW100*s/100, numMin)}
		g.perCol = max(1, int(area/g.rowH))
		for cols := 1; cols <= maxCols; cols++ {
			g.cols = cols
			g.colW = (inner - float32(cols-1)*gutter*u) / float32(cols)
			room := (g.colW - g.numW - g.gap) * 100 / s
			cut := 0
			for _, w := range widths {
				if w > room {
					cut++
				}
			}
			over := float32(0)
			if cut > allowed {
				over = 1
			}
			key := [4]float32{over, float32(ceilDiv(len(widths), g.perCol*cols)), float32(cut), -s}
			if best.cols == 0 || less(key, bestKey) {
				best, bestKey = g, key
			}
		}
	}
	room := best.colW - best.numW - best.gap
	best.leadW = room
	if tail {
		widest := float32(0)
		for _, w := range widths {
			widest = max(widest, w)
		}
		// A little more than the widest: a width measured at 100
		// scales to another size give or take the rounding of glyphs.
		lead := min(widest*best.size/100*1.04, room)
		if t := best.colW - lead - best.numW - 2*best.gap; t >= 3*best.size {
			best.leadW, best.tailW = lead, t
		}
	}
	return best
}

// less orders grid keys: the first difference decides.
func less(a, b [4]float32) bool {
	for i := range a {
		if a[i] != b[i] {
			return a[i] < b[i]
		}
	}
	return false
}

func ceilDiv(a, b int) int { return (a + b - 1) / b }

// runeWidths estimates texts' widths in bold at size 100 as the sum of
// their characters' advances, each character measured once: a few dozen
// measurements for a list of hundreds of names, where measuring every
// name took most of the projector's opening. Kerning makes a true width
// differ by a few hundredths; a text near its limit is measured exactly
// before it is drawn (see fit).
type runeWidths map[rune]float32

func (rw runeWidths) measure(n int, text func(int) string) []float32 {
	ws := make([]float32, n)
	for i := range ws {
		for _, c := range text(i) {
			w, ok := rw[c]
			if !ok {
				w = fyne.MeasureText(string(c), 100, fyne.TextStyle{Bold: true}).Width
				rw[c] = w
			}
			ws[i] += w
		}
	}
	return ws
}

// listItem is one row's texts.
type listItem struct{ lead, num, tail string }

// list is what the list shows now: its kind, title and rows, the leads'
// widths at size 100, and its widest number.
func (v *projectorView) list() (kind listing, title string, n int, item func(int) listItem, widths []float32, widestNum string) {
	if ShowsWaiting(len(v.waiting), v.tables, v.state.tone == toneOver) {
		widest := 0
		for _, o := range v.waiting {
			widest = max(widest, o.Number)
		}
		title = tr.N("Waiting for results: %d tables", len(v.waiting), len(v.waiting))
		return listWaiting, title, len(v.waiting), func(i int) listItem {
			o := v.waiting[i]
			return listItem{lead: o.Label(tr.Lang()), num: tr.F("Table %d", o.Number)}
		}, v.waitW, tr.F("Table %s", zeros(widest))
	}
	widest := 0
	for _, p := range v.lines {
		widest = max(widest, p.Number)
	}
	return listPairings, tr.L("Pairings by name"), len(v.lines), func(i int) listItem {
		p := v.lines[i]
		num := tr.L("BYE")
		if p.Number > 0 {
			num = strconv.Itoa(p.Number)
		}
		return listItem{lead: p.Name, num: num, tail: tr.Text(p.Opponents)}
	}, v.nameW, zeros(widest)
}

// zeros writes n's digits as zeros: the widest number of as many digits.
func zeros(n int) string { return strings.Repeat("0", len(strconv.Itoa(n))) }

// layoutList fills the band from top to bottom with the page shown of the
// pairings by name (name, table, opponents) or of the tables waiting for
// a result (table, players), in the grid that shows them in the fewest
// pages at the largest type.
func (r *projectorRenderer) layoutList(top, bottom, pad, inner, u float32) {
	v := r.v
	r.empty.Text = ""
	switch {
	case v.draft:
		r.empty.Text = tr.L("The pairings of this round are not published yet.")
	case v.hasSheet && len(v.lines) == 0:
		r.empty.Text = tr.L("No pairings in this round.")
	}
	if r.empty.Text != "" {
		setText(r.empty, 40*u, inner)
		r.empty.Move(fyne.NewPos(pad, top+20*u))
		r.empty.Resize(fyne.NewSize(inner, lineHeight(40*u)))
	}
	toggle.Visible(r.empty, r.empty.Text != "")
	kind, title, n, item, widths, widestNum := v.list()
	if kind != v.listing {
		v.listing, v.page, v.pageAt = kind, 0, time.Time{}
	}
	toggle.Visible(r.head, n > 0)
	for _, t := range r.tableHeads {
		toggle.Visible(t, false)
	}
	if n == 0 {
		v.pages, v.page = 1, 0
		r.placeRows(0, nil)
		return
	}

	hs := headSize * u
	if kind == listWaiting { // the title is the news: a line the room reads
		hs *= 1.5
	}
	bold := fyne.TextStyle{Bold: true}
	rowsTop := top + lineHeight(hs) + 4*u
	numW100 := fyne.MeasureText(widestNum, 100, bold).Width
	numMin := float32(0)
	if kind == listPairings {
		numW100 = max(numW100, fyne.MeasureText(tr.L("BYE"), 100, bold).Width)
		numMin = fyne.MeasureText(tr.L("Table"), hs, fyne.TextStyle{}).Width
	}
	g := chooseGrid(widths, numW100, numMin, kind == listPairings, inner, bottom-rowsTop, u)

	v.pages = ceilDiv(n, g.perCol*g.cols)
	// Share the rows evenly between the pages (no last page of three)
	// and each page's between its columns.
	perPage := ceilDiv(n, v.pages)
	perCol := ceilDiv(perPage, g.cols)
	if v.page >= v.pages {
		v.page = 0
	}
	first := v.page * perPage
	count := min(perPage, n-first)
	cols := ceilDiv(count, perCol)

	r.layoutHead(kind, title, g, cols, top, pad, inner, hs, u)

	r.placeRows(count, func(i int, row listRow) {
		c, k := i/perCol, i%perCol
		x := pad + float32(c)*(g.colW+gutter*u)
		y := rowsTop + float32(k)*g.rowH
		it := item(first + i)
		row.stripe.Move(fyne.NewPos(x-8*u, y))
		row.stripe.Resize(fyne.NewSize(g.colW+16*u, g.rowH))
		toggle.Visible(row.stripe, k%2 == 0)
		ty := y + (g.rowH-lineHeight(g.size))/2
		row.lead.Text = it.lead
		fit(row.lead, g.size, g.leadW, widths[first+i])
		row.num.Text = it.num
		fit(row.num, g.size, 0, 0)
		row.tail.Text = it.tail
		if kind == listWaiting {
			row.num.Move(fyne.NewPos(x, ty))
			row.lead.Move(fyne.NewPos(x+g.numW+g.gap, ty))
		} else {
			row.lead.Move(fyne.NewPos(x, ty))
			row.num.Move(fyne.NewPos(x+g.leadW+g.gap, ty))
		}
		toggle.Visible(row.tail, g.tailW > 0 && it.tail != "")
		if g.tailW > 0 {
			ts := g.size * tailScale
			clip(row.tail, ts, g.tailW)
			row.tail.Move(fyne.NewPos(x+g.leadW+g.gap+g.numW+g.gap, ty+(lineHeight(g.size)-lineHeight(ts))/2))
		}
	})
}

// layoutHead writes the list's title (with the page shown) above its
// first column, and "Table" above each column's table numbers.
func (r *projectorRenderer) layoutHead(kind listing, title string, g grid, cols int, top, pad, inner, hs, u float32) {
	v := r.v
	r.head.Text = title
	if v.pages > 1 {
		r.head.Text += " · " + tr.F("page %d of %d", v.page+1, v.pages)
	}
	r.head.Color = dimInk
	if kind == listWaiting {
		r.head.Color = amber
	}
	titleW := inner
	if kind == listPairings {
		// "Table" heads each column's numbers; the first column's gives
		// way to the title when the title needs its room.
		first := 0
		titleW = g.colW
		if fyne.MeasureText(r.head.Text, hs, r.head.TextStyle).Width <= g.leadW {
			first, titleW = -1, g.leadW
		}
		for c, t := range r.tableHeads[:min(cols, len(r.tableHeads))] {
			setText(t, hs, 0)
			t.Move(fyne.NewPos(pad+float32(c)*(g.colW+gutter*u)+g.leadW+g.gap, top))
			toggle.Visible(t, c != first)
		}
	}
	setText(r.head, hs, titleW)
	r.head.Move(fyne.NewPos(pad, top))
}

// fit sets t's size and, when its width at size 100 (w100) scaled does
// not clearly fit maxW (above 0), shortens it with an ellipsis: only a
// text that cannot fit is measured again, and cut.
func fit(t *canvas.Text, size, maxW, w100 float32) {
	t.TextSize = size
	if maxW > 0 && w100*size/100 > maxW*0.94 {
		t.Text = ellipsize(t.Text, size, t.TextStyle, maxW)
	}
	t.Resize(t.MinSize())
}

// placeRows shows n rows, placing each with place, and hides the rest;
// it makes the rows it lacks.
func (r *projectorRenderer) placeRows(n int, place func(int, listRow)) {
	if n > len(r.rows) {
		for len(r.rows) < n {
			r.rows = append(r.rows, listRow{
				stripe: canvas.NewRectangle(stripe),
				lead:   &canvas.Text{Color: ink, TextStyle: fyne.TextStyle{Bold: true}},
				num:    &canvas.Text{Color: accent, TextStyle: fyne.TextStyle{Bold: true}},
				tail:   &canvas.Text{Color: dimInk},
			})
		}
		r.rebuild()
	}
	for i, row := range r.rows {
		on := i < n
		for _, o := range []fyne.CanvasObject{row.stripe, row.lead, row.num, row.tail} {
			toggle.Visible(o, on)
		}
		if on {
			place(i, row)
		}
	}
}
