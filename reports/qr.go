package reports

import (
	"bytes"
	"fmt"
	"strconv"

	"github.com/jung-kurt/gofpdf"
	qrcode "github.com/skip2/go-qrcode"
)

// The store network's address goes on paper (the poster, the pairings
// sheets, the match slips), on the projector and on the organizer's
// screen as a QR code. The code is github.com/skip2/go-qrcode's, at
// recovery level M (15% of the code may be lost to a fold or a smudge):
// one module with no dependencies that gives the code's modules, so the
// reports draw it as rectangles and the web pages as SVG, and Fyne can
// show it as PNG.

// colorBlack is the QR code's dark modules: black reads best on any
// printer and to any camera.
const colorBlack rgb = 0x000000

// maxQRText bounds what a code holds: an address, never a page of text.
const maxQRText = 512

// QRModules returns the modules of the QR code of text, row by row, the
// quiet zone of four modules around it included; true is a dark module.
func QRModules(text string) ([][]bool, error) {
	if text == "" || len(text) > maxQRText {
		return nil, fmt.Errorf("reports: a QR code holds an address of 1 to %d characters, not %d", maxQRText, len(text))
	}
	q, err := qrcode.New(text, qrcode.Medium)
	if err != nil {
		return nil, fmt.Errorf("reports: QR code of %q: %w", text, err)
	}
	return q.Bitmap(), nil
}

// QRSVG returns the QR code of text as an SVG image: black modules on
// white, one unit a module, to be scaled to any size.
func QRSVG(text string) ([]byte, error) {
	m, err := QRModules(text)
	if err != nil {
		return nil, err
	}
	n := strconv.Itoa(len(m))
	var b bytes.Buffer
	b.WriteString(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ` + n + ` ` + n + `" shape-rendering="crispEdges">`)
	b.WriteString(`<rect width="` + n + `" height="` + n + `" fill="#fff"/><path fill="#000" d="`)
	darkRuns(m, func(y, x, run int) { fmt.Fprintf(&b, "M%d %dh%dv1h-%dz", x, y, run, run) })
	b.WriteString(`"/></svg>`)
	return b.Bytes(), nil
}

// QRPNG returns the QR code of text as a PNG image of size×size pixels.
func QRPNG(text string, size int) ([]byte, error) {
	if _, err := QRModules(text); err != nil {
		return nil, err
	}
	if size < 21 || size > 4096 {
		return nil, fmt.Errorf("reports: a QR image is 21 to 4096 pixels wide, not %d", size)
	}
	q, err := qrcode.New(text, qrcode.Medium)
	if err != nil {
		return nil, err
	}
	return q.PNG(size)
}

// drawQR puts the QR code's modules in the square of side size with its
// top left corner at (x, y) on a canvas.
func drawQR(c *canvas, m [][]bool, x, y, size float64) {
	if len(m) == 0 {
		return
	}
	c.fillRect(x, y, size, size, colorWhite)
	qrRuns(m, x, y, size, func(x, y, w, h float64) { c.fillRect(x, y, w, h, colorBlack) })
}

// drawQRPDF is drawQR straight onto a document.
func drawQRPDF(pdf *gofpdf.Fpdf, m [][]bool, x, y, size float64) {
	if len(m) == 0 {
		return
	}
	setFill(pdf, colorWhite)
	pdf.Rect(x, y, size, size, "F")
	setFill(pdf, colorBlack)
	qrRuns(m, x, y, size, func(x, y, w, h float64) { pdf.Rect(x, y, w, h, "F") })
}

// qrRuns calls rect for each run of dark modules of a code drawn in the
// square of side size at (x, y): one rectangle a run, not a module.
func qrRuns(m [][]bool, x, y, size float64, rect func(x, y, w, h float64)) {
	u := size / float64(len(m))
	darkRuns(m, func(r, k, run int) {
		// A hair taller than a module, so that no viewer shows a seam
		// between rows.
		rect(x+float64(k)*u, y+float64(r)*u, float64(run)*u, u*1.02)
	})
}

// darkRuns calls f for each run of dark modules of m, row by row and left
// to right: the run's row, its first column and its length.
func darkRuns(m [][]bool, f func(row, col, run int)) {
	for r, row := range m {
		for k := 0; k < len(row); {
			if !row[k] {
				k++
				continue
			}
			run := 1
			for k+run < len(row) && row[k+run] {
				run++
			}
			f(r, k, run)
			k += run
		}
	}
}
