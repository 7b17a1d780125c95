package reports

import (
	"fmt"
	"io"
	"strings"

	"github.com/jung-kurt/gofpdf"
	"tablekeeper/core/i18n"
)

// The reports after the pairings sheet are laid out before they are drawn.
// Layout turns a report's model into pages of drawing operations: text
// already shrunk or cut to its box, lines, rectangles. Painting replays the
// operations into gofpdf. Keeping the two apart lets the tests read a
// layout as text (the golden files in testdata/) and check every report
// for text that leaves its box or overlaps other text, without parsing a
// PDF; and it gives the page count before the first page is drawn, for
// "Page n of m".

// opKind is what a drawing operation draws.
type opKind uint8

// The drawing operations.
const (
	opText opKind = iota
	opLine
	opRect
)

// drawOp is one drawing operation on a page, in millimetres from the top
// left corner of the page.
type drawOp struct {
	kind  opKind
	color rgb
	// text: the left end of the baseline at (x, y); line: from (x, y) to
	// (x2, y2); rectangle: the top left corner at (x, y), x2 wide, y2 high.
	x, y, x2, y2 float64
	// text: the span, its size in points, and the box [left, right] it was
	// fitted to: layout guarantees it stays inside.
	sp          span
	size        float64
	left, right float64
	// line and stroked rectangle: the line width; dash draws a cut line.
	lineW float64
	dash  bool
	// rectangle: filled rather than stroked.
	fill bool
}

// layoutPage is the drawing operations of one page, in drawing order.
type layoutPage struct {
	ops []drawOp
}

// align places text in its box.
type align uint8

// The ways text sits in its box.
const (
	alignLeft align = iota
	alignCenter
	alignRight
)

// canvas collects the pages of a report as it is laid out. It measures
// text with a typesetter but draws nothing until paint.
type canvas struct {
	ts           *typesetter
	pageW, pageH float64
	pages        []*layoutPage
	cur          *layoutPage
}

// newCanvas returns an empty canvas for pages of pdf's size, measuring text
// with ts.
func newCanvas(pdf *gofpdf.Fpdf, ts *typesetter) *canvas {
	c := &canvas{ts: ts}
	c.pageW, c.pageH = pdf.GetPageSize()
	return c
}

// addPage starts a new page; the operations that follow go on it.
func (c *canvas) addPage() {
	c.cur = &layoutPage{ops: make([]drawOp, 0, 64)}
	c.pages = append(c.pages, c.cur)
}

// text puts sp at size points in the box [left, right] on baseline y,
// aligned as a says. The caller has fitted sp to the box.
func (c *canvas) text(sp span, size float64, left, right, y float64, a align, col rgb) {
	if sp.empty() {
		return
	}
	w := c.ts.width(sp, size)
	x := left
	switch a {
	case alignCenter:
		x = (left + right - w) / 2
	case alignRight:
		x = right - w
	}
	c.cur.ops = append(c.cur.ops, drawOp{kind: opText, color: col, x: x, y: y, sp: sp, size: size, left: left, right: right})
}

// fitText lays s out to fit the box [left, right] at size points, shrinking
// it down to minSize and then cutting it with "…", and puts it on baseline
// y. It returns the width the text takes.
func (c *canvas) fitText(s string, style fontStyle, size, minSize, left, right, y float64, a align, col rgb) float64 {
	sp, sz := c.ts.fit(s, style, size, minSize, right-left)
	c.text(sp, sz, left, right, y, a, col)
	return c.ts.width(sp, sz)
}

// line draws a line from (x1, y1) to (x2, y2), dashed for a cut line.
func (c *canvas) line(x1, y1, x2, y2, width float64, col rgb, dash bool) {
	c.cur.ops = append(c.cur.ops, drawOp{kind: opLine, color: col, x: x1, y: y1, x2: x2, y2: y2, lineW: width, dash: dash})
}

// fillRect fills the rectangle with its top left corner at (x, y).
func (c *canvas) fillRect(x, y, w, h float64, col rgb) {
	c.cur.ops = append(c.cur.ops, drawOp{kind: opRect, color: col, x: x, y: y, x2: w, y2: h, fill: true})
}

// strokeRect outlines the rectangle with its top left corner at (x, y): a
// box to write in.
func (c *canvas) strokeRect(x, y, w, h, width float64, col rgb) {
	c.cur.ops = append(c.cur.ops, drawOp{kind: opRect, color: col, x: x, y: y, x2: w, y2: h, lineW: width})
}

// paint draws the canvas into pdf, a page for each of its pages, setting
// colours, line widths and dashes only when they change.
func (c *canvas) paint(pdf *gofpdf.Fpdf) {
	const unset = rgb(1 << 24) // no colour of the palette
	for _, pg := range c.pages {
		pdf.AddPage()
		// Set everything again on each page rather than trust what a new
		// page inherits.
		text, draw, fill := unset, unset, unset
		lineW, dash := -1.0, -1
		for i := range pg.ops {
			op := &pg.ops[i]
			switch op.kind {
			case opText:
				if op.color != text {
					setText(pdf, op.color)
					text = op.color
				}
				c.ts.draw(op.sp, op.size, op.x, op.y)
				continue
			case opRect:
				if op.fill {
					if op.color != fill {
						setFill(pdf, op.color)
						fill = op.color
					}
					pdf.Rect(op.x, op.y, op.x2, op.y2, "F")
					continue
				}
			}
			if op.color != draw {
				setDraw(pdf, op.color)
				draw = op.color
			}
			if op.lineW != lineW {
				pdf.SetLineWidth(op.lineW)
				lineW = op.lineW
			}
			if d := boolInt(op.dash); d != dash {
				if op.dash {
					pdf.SetDashPattern([]float64{2.5, 1.5}, 0) // cut lines
				} else {
					pdf.SetDashPattern([]float64{}, 0)
				}
				dash = d
			}
			if op.kind == opLine {
				pdf.Line(op.x, op.y, op.x2, op.y2)
			} else {
				pdf.Rect(op.x, op.y, op.x2, op.y2, "D")
			}
		}
	}
}

// boolInt returns 1 for true and 0 for false.
func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// dump writes the canvas as text, one operation a line, lengths in
// millimetres to a tenth: the form the golden files keep.
func (c *canvas) dump(w io.Writer) {
	var b strings.Builder
	for n, pg := range c.pages {
		fmt.Fprintf(&b, "page %d\n", n+1)
		for _, op := range pg.ops {
			switch op.kind {
			case opText:
				fmt.Fprintf(&b, "  text %5.1f %5.1f %4.1fpt %06x [%5.1f %5.1f] %q\n",
					op.x, op.y, op.size, uint32(op.color), op.left, op.right, op.sp.String())
			case opLine:
				dash := ""
				if op.dash {
					dash = " dashed"
				}
				fmt.Fprintf(&b, "  line %5.1f %5.1f - %5.1f %5.1f %.2f %06x%s\n",
					op.x, op.y, op.x2, op.y2, op.lineW, uint32(op.color), dash)
			case opRect:
				kind := fmt.Sprintf("box %.2f", op.lineW)
				if op.fill {
					kind = "fill"
				}
				fmt.Fprintf(&b, "  rect %5.1f %5.1f %5.1fx%4.1f %s %06x\n",
					op.x, op.y, op.x2, op.y2, kind, uint32(op.color))
			}
		}
	}
	_, _ = io.WriteString(w, b.String()) // the dump goes to a test's buffer or golden file, which reads it back whole
}

// writeCanvas paints a laid-out report into pdf and writes the PDF to w,
// or returns the first error of the fonts or of gofpdf without writing.
func writeCanvas(w io.Writer, pdf *gofpdf.Fpdf, c *canvas) error {
	if err := c.ts.Err(); err != nil {
		return err
	}
	c.paint(pdf)
	if err := c.ts.Err(); err != nil {
		return err
	}
	if err := pdf.Output(w); err != nil {
		return fmt.Errorf("write PDF: %w", err)
	}
	return nil
}

// lang is the language the report's own words are said in.
func (c *canvas) lang() i18n.Lang { return c.ts.lang }
