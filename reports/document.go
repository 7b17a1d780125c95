package reports

import (
	"fmt"
	"strings"
	"time"

	"tablekeeper/core/i18n"

	"github.com/jung-kurt/gofpdf"
)

// Options are the settings every report shares.
type Options struct {
	// Paper is "A4" or "Letter" (in any case); empty means A4.
	Paper string
	// Created is the creation date written into the document. When it is
	// zero gofpdf writes the current time, so two writes differ; set it
	// for byte-stable output (tests, golden files, reprints).
	Created time.Time
	// Lang is the language the report is said in: its headings, labels
	// and dates ("" or an unknown language: English). Player, deck and
	// card names are printed as they are.
	Lang i18n.Lang
}

// paperSize returns gofpdf's name for the paper opt asks for.
func (opt Options) paperSize() (string, error) {
	switch strings.ToLower(strings.TrimSpace(opt.Paper)) {
	case "", "a4":
		return "A4", nil
	case "letter":
		return "Letter", nil
	}
	return "", fmt.Errorf("unknown paper size %q: use \"A4\" or \"Letter\"", opt.Paper)
}

// Page geometry shared by the reports, in millimetres.
const (
	pageMargin = 12.0
	// cellPad is the space between a cell's edge and its text.
	cellPad = 2.5
)

// rgb is a colour of the report palette, as 0xRRGGBB.
type rgb uint32

func (c rgb) parts() (r, g, b int) { return int(c >> 16 & 0xFF), int(c >> 8 & 0xFF), int(c & 0xFF) }

// The report palette: dark teal as in the application icon, on white.
const (
	colorInk   rgb = 0x1A2022
	colorMuted rgb = 0x586467
	colorTeal  rgb = 0x0E5A66
	colorZebra rgb = 0xECF3F4
	colorRule  rgb = 0xBECFD2
	colorWhite rgb = 0xFFFFFF
	// colorAlert marks what needs a judge's attention: a deck that is not
	// legal, a withdrawn penalty.
	colorAlert rgb = 0xA3342A
)

// newDocument returns an empty portrait document in millimetres, set up the
// way every report wants it: pages broken by the report itself, resource
// catalogues sorted and dates fixed when opt.Created is set, so that the
// same model gives the same bytes.
func newDocument(paper, title string, opt Options) *gofpdf.Fpdf {
	return newOrientedDocument("P", paper, title, opt)
}

// newOrientedDocument is newDocument in portrait ("P") or landscape ("L").
func newOrientedDocument(orientation, paper, title string, opt Options) *gofpdf.Fpdf {
	pdf := gofpdf.New(orientation, "mm", paper, "")
	pdf.SetMargins(pageMargin, pageMargin, pageMargin)
	pdf.SetAutoPageBreak(false, 0)
	pdf.SetCatalogSort(true)
	if !opt.Created.IsZero() {
		pdf.SetCreationDate(opt.Created)
		pdf.SetModificationDate(opt.Created)
	}
	pdf.SetCreator("Tablekeeper", true)
	pdf.SetTitle(plainText(title), true)
	return pdf
}

// setFill sets the document's fill colour.
func setFill(pdf *gofpdf.Fpdf, c rgb) { pdf.SetFillColor(c.parts()) }

// setText sets the document's text colour.
func setText(pdf *gofpdf.Fpdf, c rgb) { pdf.SetTextColor(c.parts()) }

// setDraw sets the document's line colour.
func setDraw(pdf *gofpdf.Fpdf, c rgb) { pdf.SetDrawColor(c.parts()) }

// capHeight returns how far above the baseline capitals reach, in
// millimetres, at size points: about 0.73 em in DejaVu Sans. Text is
// centred on a line by putting its baseline half of this below the middle.
func capHeight(size float64) float64 { return 0.73 * size * 25.4 / 72 }

// baselineFor returns the baseline that centres capitals at size points on
// the horizontal line at mid.
func baselineFor(mid, size float64) float64 { return mid + capHeight(size)/2 }

// typesetter returns a typesetter for pdf that says the report's own words
// in opt.Lang.
func (opt Options) typesetter(pdf *gofpdf.Fpdf) *typesetter {
	ts := newTypesetter(pdf)
	ts.lang = opt.Lang
	return ts
}
