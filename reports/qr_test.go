package reports

import (
	"bytes"
	"image/png"
	"io"
	"strings"
	"testing"
)

// A code is square, of a QR version's size with its quiet zone (21 + 4k
// modules, plus 8), and the address decides it: two addresses, two codes.
func TestQRModulesAreAQRCodesSquare(t *testing.T) {
	a, err := QRModules("http://192.168.1.20:8080/events/3")
	if err != nil {
		t.Fatal(err)
	}
	n := len(a)
	if (n-8-21)%4 != 0 || n < 29 {
		t.Fatalf("%d modules a side is no QR version with its quiet zone", n)
	}
	for _, row := range a {
		if len(row) != n {
			t.Fatalf("row of %d in a code of %d", len(row), n)
		}
	}
	// The finder pattern: the corner square of 7 dark modules after the
	// quiet zone of 4.
	for k := 4; k < 11; k++ {
		if !a[4][k] || !a[k][4] || a[3][k] {
			t.Fatalf("no finder pattern at the top left: row 4 %v", a[4][:12])
		}
	}
	b, err := QRModules("http://192.168.1.21:8080/events/3")
	if err != nil {
		t.Fatal(err)
	}
	same := len(a) == len(b)
	for i := 0; same && i < len(a); i++ {
		same = string(fmtRow(a[i])) == string(fmtRow(b[i]))
	}
	if same {
		t.Error("two addresses gave the same code")
	}
	for _, bad := range []string{"", strings.Repeat("x", maxQRText+1)} {
		if _, err := QRModules(bad); err == nil || !strings.Contains(err.Error(), "holds an address of 1 to") {
			t.Errorf("QRModules(%d characters): %v", len(bad), err)
		}
	}
}

func fmtRow(row []bool) []byte {
	out := make([]byte, len(row))
	for i, d := range row {
		out[i] = '0'
		if d {
			out[i] = '1'
		}
	}
	return out
}

// The SVG holds one path of the dark runs on a white square; the PNG is
// an image of the size asked.
func TestQRImages(t *testing.T) {
	svg, err := QRSVG("http://10.0.0.2:8080/")
	if err != nil {
		t.Fatal(err)
	}
	s := string(svg)
	if !strings.HasPrefix(s, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 `) || !strings.Contains(s, `<path fill="#000" d="M4 4h7v1h-7z`) {
		t.Errorf("SVG %.200s", s)
	}
	p, err := QRPNG("http://10.0.0.2:8080/", 256)
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(p))
	if err != nil || img.Bounds().Dx() != 256 {
		t.Fatalf("PNG: %v %v", err, img)
	}
	if _, err := QRPNG("http://10.0.0.2:8080/", 10); err == nil {
		t.Error("a 10-pixel QR image was made")
	}
}

// The poster prints the event, the game, the address and the steps, on
// A4 and on Letter, and refuses to print without an address.
func TestPosterPrintsTheEventAndTheAddress(t *testing.T) {
	p := Poster{EventName: "Friday Night Altered", Game: "Altered · Standard (best of three)", Address: "http://192.168.1.20:8080/events/3"}
	for _, paper := range []string{"A4", "Letter"} {
		text := pdfText(t, writeTestPDF(t, func(w io.Writer) error { return WritePoster(w, p, testOptions(paper)) }))
		for _, want := range []string{"Friday Night Altered", "Altered · Standard (best of three)", "http://192.168.1.20:8080/events/3", "Join this store's Wi-Fi", "No app, no account"} {
			if !strings.Contains(text, want) {
				t.Errorf("%s poster lacks %q:\n%s", paper, want, text)
			}
		}
	}
	a, b := writeTestPDF(t, func(w io.Writer) error { return WritePoster(w, p, testOptions("")) }), writeTestPDF(t, func(w io.Writer) error { return WritePoster(w, p, testOptions("")) })
	if !bytes.Equal(a, b) {
		t.Error("the same poster twice gave different bytes")
	}
	var buf bytes.Buffer
	if err := WritePoster(&buf, Poster{EventName: "X"}, testOptions("")); err == nil || !strings.Contains(err.Error(), "turn the store network on") || buf.Len() != 0 {
		t.Errorf("poster without an address: %v (%d bytes)", err, buf.Len())
	}
	if err := WritePoster(&buf, p, Options{Paper: "A3"}); err == nil {
		t.Error("A3 poster written")
	}
}

// Each slip with Slips.QR carries the code in the square its head leaves
// for it: dark modules inside the room, on every slip.
func TestSlipsDrawTheirQRCode(t *testing.T) {
	s := withCodes(SlipsFrom(twoPlayerRound(6, playerName), SlipGeneric), "http://192.168.1.20:8080/")
	s.QR = "http://192.168.1.20:8080/events/3"
	m, err := QRModules(s.QR)
	if err != nil {
		t.Fatal(err)
	}
	s.qr = m
	c := layOut(t, "A4", func(c *canvas) { layoutSlips(c, s) })
	x, _, size := slipQRRoom(0)
	slips, dark := 0, 0
	for _, op := range c.pages[0].ops {
		if op.kind != opRect || !op.fill {
			continue
		}
		switch op.color {
		case colorWhite:
			if op.x == x && op.x2 == size {
				slips++
			}
		case colorBlack:
			dark++
			if op.x < x || op.x+op.x2 > x+size+0.01 {
				t.Fatalf("a module at x %.1f outside the QR code's room", op.x)
			}
		}
	}
	if slips == 0 || dark < slips*20 {
		t.Errorf("%d QR codes with %d dark runs on the first page", slips, dark)
	}
	pdf := writeTestPDF(t, func(w io.Writer) error { return WriteSlips(w, s, testOptions("")) })
	if text := pdfText(t, pdf); !strings.Contains(text, "report at http://192.168.1.20:8080/") {
		t.Errorf("slips text:\n%s", text)
	}
	bad := s
	bad.QR = strings.Repeat("x", maxQRText+1)
	if err := WriteSlips(io.Discard, bad, testOptions("")); err == nil {
		t.Error("slips with an impossible QR code were written")
	}
}

// The pairings sheet with Pairings.QR prints the code and the address at
// the foot of every page.
func TestPairingsSheetCarriesTheQRCode(t *testing.T) {
	p := twoPlayerRound(60, playerName)
	p.QR = "http://192.168.1.20:8080/events/3"
	text := pdfText(t, writeTestPDF(t, func(w io.Writer) error { return WritePairings(w, p, testOptions("")) }))
	pages := strings.Count(text, "\f")
	if n := strings.Count(text, "http://192.168.1.20:8080/events/3"); n != pages || pages < 2 {
		t.Errorf("the address is on %d of %d pages:\n%s", n, pages, text)
	}
	if !strings.Contains(text, "Pairings, clock and standings on your phone:") {
		t.Error("no line beside the code")
	}
	without := p
	without.QR = ""
	plain := pdfText(t, writeTestPDF(t, func(w io.Writer) error { return WritePairings(w, without, testOptions("")) }))
	if strings.Contains(plain, "on your phone") {
		t.Error("a sheet without a QR code speaks of phones")
	}
}

// A poster of a cluster's laptop prints the other laptops' addresses, each
// with its own code, under the steps; the main code stays the largest,
// and every code is on the page.
func TestPosterPrintsTheOtherLaptopsCodes(t *testing.T) {
	p := Poster{EventName: "Regional Æmber Cup", Address: "http://192.168.1.20:8080/events/3",
		Others: []string{"http://192.168.1.21:8080/events/3", "http://192.168.1.22:8080/events/3"}}
	for _, paper := range []string{"A4", "Letter"} {
		text := pdfText(t, writeTestPDF(t, func(w io.Writer) error { return WritePoster(w, p, testOptions(paper)) }))
		for _, want := range append([]string{"Scan a code of the event's other laptops", "Join this store's Wi-Fi", "No app, no account"}, p.Others...) {
			if !strings.Contains(text, want) {
				t.Errorf("%s poster lacks %q:\n%s", paper, want, text)
			}
		}
		main, err := QRModules(p.Address)
		if err != nil {
			t.Fatal(err)
		}
		others := [][][]bool{}
		for _, a := range p.Others {
			m, err := QRModules(a)
			if err != nil {
				t.Fatal(err)
			}
			others = append(others, m)
		}
		c := layOut(t, paper, func(c *canvas) { layoutPoster(c, p, main, others) })
		if len(c.pages) != 1 {
			t.Fatalf("%s: %d pages", paper, len(c.pages))
		}
		lowest := 0.0
		for _, op := range c.pages[0].ops {
			if op.kind == opRect && op.fill && op.color == colorBlack {
				lowest = max(lowest, op.y)
			}
		}
		if lowest > c.pageH-pageMargin-10 {
			t.Errorf("%s: a code's module at %.1f mm runs into the footer (page %.1f mm)", paper, lowest, c.pageH)
		}
	}
	if alone := pdfText(t, writeTestPDF(t, func(w io.Writer) error { return WritePoster(w, Poster{Address: p.Address}, testOptions("")) })); strings.Contains(alone, "other laptops") {
		t.Errorf("a laptop alone prints other laptops:\n%s", alone)
	}
}
