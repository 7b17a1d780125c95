package reports

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"

	"golang.org/x/image/font"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
)

// noGlyph marks, in fontMetrics.advance, a rune the font has no glyph for.
// No advance in thousandths of an em comes near it.
const noGlyph = math.MaxUint16

// fontMetrics is what a report needs to know of a TrueType font to choose it
// for a rune and to measure text in it without asking gofpdf: which runes of
// the Basic Multilingual Plane it maps to a glyph and how far each advances.
//
// It reads the font with golang.org/x/image/font/sfnt, over the Basic
// Multilingual Plane gofpdf draws from (gofpdf reads the format 4 Unicode
// cmap; sfnt may read the format 12 one, which agrees with it there), and it
// rounds advances to thousandths of an em as gofpdf does, so widths measured
// here are the widths gofpdf writes into the PDF.
type fontMetrics struct {
	// advance holds, by rune, the advance width in thousandths of an em,
	// or noGlyph.
	advance []uint16
}

// has reports whether the font has a glyph for r.
func (m *fontMetrics) has(r rune) bool {
	return r >= 0 && int(r) < len(m.advance) && m.advance[r] != noGlyph
}

// width returns the advance of r in thousandths of an em, 0 when the font
// has no glyph for it.
func (m *fontMetrics) width(r rune) int {
	if !m.has(r) {
		return 0
	}
	return int(m.advance[r])
}

// errFontData reports a font file this parser cannot read.
var errFontData = errors.New("not a TrueType font with a Unicode cmap")

// parseFontMetrics reads, with sfnt, which runes of the Basic Multilingual
// Plane a TrueType font maps to a glyph and how far each advances.
func parseFontMetrics(ttf []byte) (*fontMetrics, error) {
	if len(ttf) < 12 {
		return nil, fmt.Errorf("font metrics: %w: file too short", errFontData)
	}
	switch binary.BigEndian.Uint32(ttf) {
	case 0x00010000, 0x74727565: // TrueType outlines ("true" on Apple).
	default:
		// sfnt reads CFF outlines too, but gofpdf embeds TrueType only.
		return nil, fmt.Errorf("font metrics: %w: not TrueType outlines (OpenType CFF and collections are not supported)", errFontData)
	}
	f, err := sfnt.Parse(ttf)
	if err != nil {
		return nil, fmt.Errorf("font metrics: %w: %v", errFontData, err)
	}
	unitsPerEm := f.UnitsPerEm()
	if unitsPerEm == 0 {
		return nil, fmt.Errorf("font metrics: %w: bad head table", errFontData)
	}
	// At a size of one em per font unit, sfnt's advances are the font's
	// own units, unscaled and unhinted.
	ppem := fixed.Int26_6(unitsPerEm)
	scale := 1000 / float64(unitsPerEm)
	var buf sfnt.Buffer
	const planeSize = 0x10000 // the runes of the Basic Multilingual Plane
	m := &fontMetrics{advance: make([]uint16, planeSize)}
	for r := range rune(planeSize) {
		m.advance[r] = noGlyph
		if r == 0 || r == 0xFFFF {
			continue
		}
		glyph, err := f.GlyphIndex(&buf, r)
		if err != nil {
			return nil, fmt.Errorf("font metrics: %w: cmap: %v", errFontData, err)
		}
		if glyph == 0 || int(glyph) >= f.NumGlyphs() {
			continue
		}
		adv, err := f.GlyphAdvance(&buf, glyph, ppem, font.HintingNone)
		if err != nil {
			return nil, fmt.Errorf("font metrics: %w: hmtx: %v", errFontData, err)
		}
		w := math.Round(scale * float64(adv))
		m.advance[r] = uint16(min(w, noGlyph-1))
	}
	return m, nil
}
