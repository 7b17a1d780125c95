package reports

import (
	"bytes"
	"flag"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"tablekeeper/internal/linediff"
)

// update rewrites the golden files in testdata/ from what the code lays
// out now:
//
//	go test ./reports/ -run Golden -update
var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// writeTestPDF writes a report with write, failing the test on error, and
// keeps the PDF under -pdfs.
func writeTestPDF(t testing.TB, write func(io.Writer) error) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := write(&buf); err != nil {
		t.Fatalf("write: %v", err)
	}
	if *pdfDir != "" {
		name := regexp.MustCompile(`[^A-Za-z0-9]+`).ReplaceAllString(t.Name(), "_") + ".pdf"
		if err := os.WriteFile(filepath.Join(*pdfDir, name), buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return buf.Bytes()
}

// testOptions are the options of the tests' documents: a fixed creation
// date, on the given paper.
func testOptions(paper string) Options { return Options{Paper: paper, Created: testDate} }

// layOut lays a report out on a canvas of the given paper with lay, without
// drawing it.
func layOut(t testing.TB, paper string, lay func(*canvas)) *canvas {
	t.Helper()
	return layOutOriented(t, "P", paper, lay)
}

// layOutOriented is layOut in portrait ("P") or landscape ("L").
func layOutOriented(t testing.TB, orientation, paper string, lay func(*canvas)) *canvas {
	t.Helper()
	size, err := Options{Paper: paper}.paperSize()
	if err != nil {
		t.Fatal(err)
	}
	pdf := newOrientedDocument(orientation, size, "test", Options{Created: testDate})
	c := newCanvas(pdf, newTypesetter(pdf))
	lay(c)
	if err := c.ts.Err(); err != nil {
		t.Fatal(err)
	}
	return c
}

// checkByteStable writes a report twice with write and fails unless the
// two are the same bytes; it returns the first.
func checkByteStable(t *testing.T, what string, write func(io.Writer) error) []byte {
	t.Helper()
	a, b := writeTestPDF(t, write), writeTestPDF(t, write)
	if !bytes.Equal(a, b) {
		t.Fatalf("two writes of the same %s with the same creation date differ", what)
	}
	return a
}

// rejected is a model a Write function must refuse with opt, and what its
// error must mention.
type rejected[M any] struct {
	name string
	m    M
	opt  Options
	want string
}

// checkRejects writes each case with write and wants an error mentioning
// the case's want, and nothing written (what names a rejected model in the
// failure).
func checkRejects[M any](t *testing.T, what string, write func(io.Writer, M, Options) error, cases []rejected[M]) {
	t.Helper()
	for _, tt := range cases {
		t.Run(tt.name, func(t *testing.T) {
			var buf bytes.Buffer
			err := write(&buf, tt.m, tt.opt)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("err = %v, want one mentioning %q", err, tt.want)
			}
			if buf.Len() != 0 {
				t.Errorf("%d bytes written for %s", buf.Len(), what)
			}
		})
	}
}

// checkGolden compares a layout with testdata/name.golden, or rewrites the
// file under -update.
func checkGolden(t *testing.T, name string, c *canvas) {
	t.Helper()
	var got bytes.Buffer
	c.dump(&got)
	path := filepath.Join("testdata", name+".golden")
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./reports/ -run Golden -update to create it)", err)
	}
	if !bytes.Equal(got.Bytes(), want) {
		l := linediff.First(got.String(), string(want))
		t.Fatalf("the layout differs from %s from line %d:\n got: %s\nwant: %s\n(if the change is meant, run go test ./reports/ -run Golden -update)", path, l.N, l.A, l.B)
	}
}

// checkLayout checks what every report promises of its layout: every text
// inside the box it was fitted to and on the page, every line and box on
// the page, and no two texts overlapping.
func checkLayout(t *testing.T, c *canvas) {
	t.Helper()
	const eps = 0.01
	type box = layoutBox
	problems := 0
	report := func(format string, args ...any) {
		t.Helper()
		if problems++; problems <= 10 {
			t.Errorf(format, args...)
		}
	}
	for n, pg := range c.pages {
		var texts []box
		for _, op := range pg.ops {
			switch op.kind {
			case opText:
				w := c.ts.width(op.sp, op.size)
				em := op.size * 25.4 / 72
				b := box{op.x, op.y - 0.76*em, op.x + w, op.y + 0.24*em, op.sp.String()}
				if b.x0 < op.left-eps || b.x1 > op.right+eps {
					report("page %d: %q (%.1f–%.1f mm) leaves its box %.1f–%.1f mm", n+1, b.text, b.x0, b.x1, op.left, op.right)
				}
				if b.x0 < 0 || b.x1 > c.pageW || b.y0 < 0 || b.y1 > c.pageH {
					report("page %d: %q is off the page", n+1, b.text)
				}
				texts = append(texts, b)
			case opLine:
				if min(op.x, op.x2) < -eps || max(op.x, op.x2) > c.pageW+eps || min(op.y, op.y2) < 0 || max(op.y, op.y2) > c.pageH {
					report("page %d: a line is off the page", n+1)
				}
			case opRect:
				if op.x < 0 || op.y < 0 || op.x+op.x2 > c.pageW+eps || op.y+op.y2 > c.pageH+eps || op.x2 < 0 || op.y2 < 0 {
					report("page %d: a box is off the page", n+1)
				}
			}
		}
		checkOverlaps(t, n, texts, eps, report)
	}
}

// layoutBox is the box a text takes on a page, for checkLayout.
type layoutBox struct {
	x0, y0, x1, y1 float64
	text           string
}

// checkOverlaps reports each two texts of page n (from 0) that overlap by
// more than eps.
func checkOverlaps(t *testing.T, n int, texts []layoutBox, eps float64, report func(format string, args ...any)) {
	t.Helper()
	for i := range texts {
		for j := i + 1; j < len(texts); j++ {
			a, b := texts[i], texts[j]
			if a.x0 < b.x1-eps && b.x0 < a.x1-eps && a.y0 < b.y1-eps && b.y0 < a.y1-eps {
				report("page %d: %q and %q overlap", n+1, a.text, b.text)
			}
		}
	}
}

// pageTexts returns the text of every page of c, one string a page with
// the texts in drawing order separated by " | ".
func pageTexts(c *canvas) []string {
	var out []string
	for _, pg := range c.pages {
		var parts []string
		for _, op := range pg.ops {
			if op.kind == opText {
				parts = append(parts, op.sp.String())
			}
		}
		out = append(out, strings.Join(parts, " | "))
	}
	return out
}

// longName is a name of 100 characters, which no cell holds whole.
const longName = "Maximiliana Alexandrina Theodora von Hohenzollern-Sigmaringen-Oppenheimer-Wittgenstein de la Tourell"

// containsAll reports the wanted strings text lacks.
func containsAll(t *testing.T, what, text string, want ...string) {
	t.Helper()
	for _, w := range want {
		if !strings.Contains(text, w) {
			t.Errorf("%s does not show %q", what, w)
		}
	}
}
