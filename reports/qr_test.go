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
