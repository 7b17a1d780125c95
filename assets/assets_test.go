package assets

import (
	"bytes"
	"encoding/binary"
	"image/png"
	"strings"
	"testing"
)

func TestIconIsA512SquarePNG(t *testing.T) {
	img, err := png.Decode(bytes.NewReader(IconPNG))
	if err != nil {
		t.Fatalf("IconPNG does not decode: %v", err)
	}
	if b := img.Bounds(); b.Dx() != 512 || b.Dy() != 512 {
		t.Errorf("IconPNG is %d×%d, want 512×512", b.Dx(), b.Dy())
	}
}

func TestFontsAreTrueType(t *testing.T) {
	for name, font := range map[string][]byte{
		"FontRegular":    FontRegular,
		"FontBold":       FontBold,
		"FontCJK":        FontCJK,
		"FontHangul":     FontHangul,
		"FontHangulBold": FontHangulBold,
	} {
		// gofpdf reads TrueType outlines only: no CFF, no collections.
		if len(font) < 12 || binary.BigEndian.Uint32(font) != 0x00010000 {
			t.Errorf("%s is not a TrueType font (%d bytes)", name, len(font))
		}
	}
}

func TestLicencesCameWithTheFonts(t *testing.T) {
	if !strings.Contains(LicenseDejaVu, "Bitstream Vera") {
		t.Error("LicenseDejaVu does not hold the Bitstream Vera licence")
	}
	if !strings.Contains(LicenseCJK, "Apache License") || !strings.Contains(LicenseCJK, "Droid") {
		t.Error("LicenseCJK does not hold the Apache licence of Droid Sans Fallback")
	}
	if !strings.Contains(LicenseHangul, "SIL OPEN FONT LICENSE") || !strings.Contains(LicenseHangul, "fonts-nanum") {
		t.Error("LicenseHangul does not hold the Open Font License of the Nanum fonts and where they came from")
	}
}

// Every bundled part has a licence text, and the parts the issue names are
// there: the fonts, Fyne, the SQLite driver with SQLite's notice, gofpdf,
// flock, x/text.
func TestLicensesCoverWhatIsBundled(t *testing.T) {
	byName := map[string]License{}
	for _, l := range Licenses() {
		if strings.TrimSpace(l.Text) == "" || l.Kind == "" {
			t.Errorf("%s has no licence text or kind", l.Name)
		}
		byName[l.Name] = l
	}
	for _, name := range []string{"DejaVu Sans", "Droid Sans Fallback", "NanumSquare",
		"Go standard library and runtime", "fyne.io/fyne/v2", "github.com/mattn/go-sqlite3",
		"github.com/jung-kurt/gofpdf", "github.com/gofrs/flock", "golang.org/x/text"} {
		if _, ok := byName[name]; !ok {
			t.Errorf("no licence for %s", name)
		}
	}
	if !strings.Contains(byName["github.com/mattn/go-sqlite3"].Text, "May you do good and not evil") {
		t.Error("the SQLite driver's licence lacks SQLite's public-domain notice")
	}
}
