package reports

import (
	"fmt"
	"math"
)

// A character that no embedded font has cannot be drawn as itself. Printing
// one placeholder for all of them (U+FFFD, or nothing) would print two
// players whose names differ only in such characters alike: "Sam 😀" and
// "Sam 🙂", or two names in a script the fonts lack. So each such character
// is drawn as its code point in hex, "1F600" for U+1F600, in small type
// inside a thin box, the way fonts of last resort show a missing glyph: the
// box says "a character the printer could not draw", the digits say which
// one. A byte that is not UTF-8 is drawn the same way with two digits
// ("FF"); a code point always has at least four, so the two never meet.
// The digits alone, without "U+", keep the box about as wide as a Chinese
// character and a half, so a name in a script the fonts lack still fits its
// cell rather than being cut (and cut names can look alike).

// Proportions of a boxed code point, in thousandths of an em of the text
// around it.
const (
	// codeScale is the size of the code point's digits against the text.
	codeScale = 0.55
	// codePad is the space inside the box on each side of the digits.
	codePad = 60
	// codeGap is the space outside the box on each side, so that the box
	// does not touch its neighbours.
	codeGap = 40
	// codeTop and codeBottom are where the box's edges sit, above and
	// below the baseline: from about the capitals' height to a little
	// below the baseline, like a glyph.
	codeTop    = 740
	codeBottom = 110
	// codeStroke is the thickness of the box's lines.
	codeStroke = 45
)

// codeLabel returns how a rune no font has is printed in its box: its code
// point in hex, at least four digits.
func codeLabel(r rune) string { return fmt.Sprintf("%04X", r) }

// byteLabel returns how a byte that is not UTF-8 is printed in its box: two
// hex digits.
func byteLabel(b byte) string { return fmt.Sprintf("%02X", b) }

// codeRun returns the run that draws label in a box, its digits set in face
// (a font that has them: the chain's first).
func (t *typesetter) codeRun(face *textFace, label string) textRun {
	m := t.metrics(face)
	digits := 0
	for _, r := range label {
		digits += m.width(r)
	}
	w := int(math.Ceil(codeScale*float64(digits))) + 2*codePad + 2*codeGap
	return textRun{face: face, text: label, width: w, code: true}
}

// drawCode draws a code run at size points with its left end at x and the
// text's baseline at y. The box is drawn as four filled bars in the text's
// colour, so the document's line width, dash pattern and line colour (which
// the canvas tracks) are left alone; the fill colour is put back after.
func (t *typesetter) drawCode(r textRun, size, x, y float64) {
	em := size / t.k // an em in the document's unit
	at := func(thousandths float64) float64 { return thousandths * em / 1000 }
	left := x + at(codeGap)
	width := t.units(r.width, size) - 2*at(codeGap)
	top := y - at(codeTop)
	height := at(codeTop + codeBottom)
	stroke := at(codeStroke)

	fr, fg, fb := t.pdf.GetFillColor()
	t.pdf.SetFillColor(t.pdf.GetTextColor())
	t.pdf.Rect(left, top, width, stroke, "F")
	t.pdf.Rect(left, top+height-stroke, width, stroke, "F")
	t.pdf.Rect(left, top, stroke, height, "F")
	t.pdf.Rect(left+width-stroke, top, stroke, height, "F")
	t.pdf.SetFillColor(fr, fg, fb)

	// The digits' capitals (0.73 em of their size) centred in the box.
	small := size * codeScale
	mid := top + height/2
	t.use(r.face, small)
	t.pdf.Text(left+at(codePad), mid+at(730*codeScale)/2, r.text)
}
