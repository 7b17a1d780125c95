package reports

import (
	"errors"
	"testing"

	"tablekeeper/assets"
)

func TestFontMetricsKnowWhichRunesAFontCovers(t *testing.T) {
	dejavu, err := parseFontMetrics(assets.FontRegular)
	if err != nil {
		t.Fatal(err)
	}
	cjk, err := parseFontMetrics(assets.FontCJK)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range "AzÆØëŁżΩЖ…·\uFFFD" {
		if !dejavu.has(r) {
			t.Errorf("DejaVu Sans should cover %q", r)
		}
	}
	for _, r := range "李小龍李小龙田中さくらカタカナ" {
		if dejavu.has(r) {
			t.Errorf("DejaVu Sans should not cover %q", r)
		}
		if !cjk.has(r) {
			t.Errorf("Droid Sans Fallback should cover %q", r)
		}
	}
	for _, r := range []rune{-1, 0, 0xFFFF, 0x10000, 0x1F600} {
		if dejavu.has(r) || cjk.has(r) {
			t.Errorf("no rune %U should be covered", r)
		}
	}
	// Droid Sans Fallback has no Hangul syllables (Android ships Korean in
	// another font); NanumSquare has every one of the 11,172, in both
	// weights, and the compatibility letters (ㄱ…ㆎ).
	if cjk.has('한') || dejavu.has('한') {
		t.Errorf("DejaVu Sans or Droid Sans Fallback covers Hangul after all: the Hangul font may no longer be needed")
	}
	for name, ttf := range map[string][]byte{"NanumSquare": assets.FontHangul, "NanumSquare Bold": assets.FontHangulBold} {
		hangul, err := parseFontMetrics(ttf)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		missing := 0
		for r := rune(0xAC00); r <= 0xD7A3; r++ {
			if !hangul.has(r) {
				missing++
			}
		}
		for r := rune(0x3131); r <= 0x318E; r++ {
			if !hangul.has(r) {
				missing++
			}
		}
		if missing > 0 {
			t.Errorf("%s lacks %d Hangul syllables or letters", name, missing)
		}
	}
	// DejaVu Sans: units per em 2048, "M" advances 1767 units.
	if got, want := dejavu.width('M'), 863; got != want {
		t.Errorf("width of M = %d thousandths of an em, want %d", got, want)
	}
}

func TestFontMetricsRejectDamagedFontsWithoutPanicking(t *testing.T) {
	font := assets.FontRegular
	for _, n := range []int{0, 4, 11, 12, 100, 400, 1000, 5000, 50000, len(font) / 2} {
		if _, err := parseFontMetrics(font[:n]); !errors.Is(err, errFontData) {
			// Cutting the file keeps the tables ahead of the cut; only
			// cuts that lose a needed table must fail, and none may panic.
			if err == nil && n < 1000 {
				t.Errorf("a font cut to %d bytes parsed", n)
			}
		}
	}
	garbage := make([]byte, 4096)
	copy(garbage, []byte{0, 1, 0, 0, 0xFF, 0xFF})
	if _, err := parseFontMetrics(garbage); !errors.Is(err, errFontData) {
		t.Errorf("a table directory past the end: err = %v, want errFontData", err)
	}
	if _, err := parseFontMetrics([]byte("OTTO\x00\x00\x00\x00\x00\x00\x00\x00")); !errors.Is(err, errFontData) {
		t.Errorf("a CFF font: err = %v, want errFontData", err)
	}
}
