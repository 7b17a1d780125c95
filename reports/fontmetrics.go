package reports

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
)

// noGlyph marks, in fontMetrics.advance, a rune the font has no glyph for.
// No advance in thousandths of an em comes near it.
const noGlyph = math.MaxUint16

// fontMetrics is what a report needs to know of a TrueType font to choose it
// for a rune and to measure text in it without asking gofpdf: which runes of
// the Basic Multilingual Plane it maps to a glyph and how far each advances.
//
// It reads the same cmap subtable gofpdf reads (the first Unicode one, platform
// 3 encoding 1 or platform 0, in format 4), so a rune it reports as covered is
// one gofpdf can draw, and it rounds advances to thousandths of an em as
// gofpdf does, so widths measured here are the widths gofpdf writes into the
// PDF.
type fontMetrics struct {
	// advance holds, by rune, the advance width in thousandths of an em,
	// or noGlyph.
	advance []uint16
}

// has reports whether the font has a glyph for r.
func (m *fontMetrics) has(r rune) bool {
	return r >= 0 && r < rune(len(m.advance)) && m.advance[r] != noGlyph
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
var errFontData = errors.New("not a TrueType font with a Unicode (format 4) cmap")

// parseFontMetrics reads the tables of a TrueType font that fontMetrics
// needs: head (units per em), hhea and maxp (how many metrics and glyphs),
// hmtx (advances) and cmap.
func parseFontMetrics(ttf []byte) (*fontMetrics, error) {
	if len(ttf) < 12 {
		return nil, fmt.Errorf("font metrics: %w: file too short", errFontData)
	}
	switch binary.BigEndian.Uint32(ttf) {
	case 0x00010000, 0x74727565: // TrueType outlines ("true" on Apple).
	default:
		return nil, fmt.Errorf("font metrics: %w: not TrueType outlines (OpenType CFF and collections are not supported)", errFontData)
	}
	tables, err := tableDirectory(ttf)
	if err != nil {
		return nil, err
	}
	head, hhea, maxp, hmtx, cmap := tables["head"], tables["hhea"], tables["maxp"], tables["hmtx"], tables["cmap"]
	if len(head) < 20 || len(hhea) < 36 || len(maxp) < 6 || cmap == nil {
		return nil, fmt.Errorf("font metrics: %w: a required table is missing or short", errFontData)
	}
	unitsPerEm := int(binary.BigEndian.Uint16(head[18:]))
	numHMetrics := int(binary.BigEndian.Uint16(hhea[34:]))
	numGlyphs := int(binary.BigEndian.Uint16(maxp[4:]))
	if unitsPerEm == 0 || numHMetrics == 0 || len(hmtx) < 4*numHMetrics {
		return nil, fmt.Errorf("font metrics: %w: bad head, hhea or hmtx table", errFontData)
	}
	sub, err := unicodeCmap(cmap)
	if err != nil {
		return nil, err
	}
	m := &fontMetrics{advance: make([]uint16, 0x10000)}
	for i := range m.advance {
		m.advance[i] = noGlyph
	}
	scale := 1000 / float64(unitsPerEm)
	err = eachFormat4Mapping(sub, func(r rune, glyph int) {
		if glyph >= numGlyphs || r == 0 || r == 0xFFFF {
			return
		}
		// Glyphs past the last long metric share its advance.
		adv := binary.BigEndian.Uint16(hmtx[4*min(glyph, numHMetrics-1):])
		w := math.Round(scale * float64(adv))
		m.advance[r] = uint16(min(w, noGlyph-1))
	})
	if err != nil {
		return nil, err
	}
	return m, nil
}

// tableDirectory returns the font's tables by tag, each checked to lie
// inside the file.
func tableDirectory(ttf []byte) (map[string][]byte, error) {
	n := int(binary.BigEndian.Uint16(ttf[4:]))
	if len(ttf) < 12+16*n {
		return nil, fmt.Errorf("font metrics: %w: table directory past the end of the file", errFontData)
	}
	tables := make(map[string][]byte, n)
	for i := range n {
		rec := ttf[12+16*i:]
		off := uint64(binary.BigEndian.Uint32(rec[8:]))
		size := uint64(binary.BigEndian.Uint32(rec[12:]))
		if off+size > uint64(len(ttf)) {
			return nil, fmt.Errorf("font metrics: %w: table %q past the end of the file", errFontData, rec[:4])
		}
		tables[string(rec[:4])] = ttf[off : off+size]
	}
	return tables, nil
}

// unicodeCmap returns the cmap subtable gofpdf uses: the first encoding
// record for Unicode (platform 3 encoding 1, or platform 0) whose subtable
// is in format 4.
func unicodeCmap(cmap []byte) ([]byte, error) {
	if len(cmap) < 4 {
		return nil, fmt.Errorf("font metrics: %w: short cmap", errFontData)
	}
	n := int(binary.BigEndian.Uint16(cmap[2:]))
	if len(cmap) < 4+8*n {
		return nil, fmt.Errorf("font metrics: %w: short cmap", errFontData)
	}
	for i := range n {
		rec := cmap[4+8*i:]
		platform, encoding := binary.BigEndian.Uint16(rec), binary.BigEndian.Uint16(rec[2:])
		if !(platform == 3 && encoding == 1 || platform == 0) {
			continue
		}
		off := int(binary.BigEndian.Uint32(rec[4:]))
		if off < 0 || off+4 > len(cmap) || binary.BigEndian.Uint16(cmap[off:]) != 4 {
			continue
		}
		return cmap[off:], nil
	}
	return nil, fmt.Errorf("font metrics: %w", errFontData)
}

// eachFormat4Mapping calls fn for every rune a format 4 cmap subtable maps
// to a glyph other than 0, decoding it the way gofpdf does.
func eachFormat4Mapping(sub []byte, fn func(r rune, glyph int)) error {
	if len(sub) < 14 {
		return fmt.Errorf("font metrics: %w: short format 4 cmap", errFontData)
	}
	length := min(int(binary.BigEndian.Uint16(sub[2:])), len(sub))
	segs := int(binary.BigEndian.Uint16(sub[6:])) / 2
	// endCode, a reserved pad, startCode, idDelta, idRangeOffset.
	ends := 14
	starts := ends + 2*segs + 2
	deltas := starts + 2*segs
	ranges := deltas + 2*segs
	if ranges+2*segs > length {
		return fmt.Errorf("font metrics: %w: format 4 cmap segments past its end", errFontData)
	}
	u16 := func(at int) int { return int(binary.BigEndian.Uint16(sub[at:])) }
	for s := range segs {
		start, end := u16(starts+2*s), u16(ends+2*s)
		delta, rangeOff := u16(deltas+2*s), u16(ranges+2*s)
		for c := start; c <= end; c++ {
			var glyph int
			if rangeOff == 0 {
				glyph = (c + delta) & 0xFFFF
			} else {
				at := ranges + 2*s + rangeOff + 2*(c-start)
				if at+2 > length {
					continue
				}
				if glyph = u16(at); glyph != 0 {
					glyph = (glyph + delta) & 0xFFFF
				}
			}
			if glyph != 0 {
				fn(rune(c), glyph)
			}
		}
	}
	return nil
}
