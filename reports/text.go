package reports

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/jung-kurt/gofpdf"

	"tablekeeper/assets"
	"tablekeeper/core/i18n"
)

// Text in a report goes through a typesetter rather than straight to gofpdf,
// for two reasons. gofpdf draws a string in a single font and does no glyph
// fallback, while no one font covers every name a store sees: DejaVu Sans
// has Latin, Greek and Cyrillic but no Chinese, Droid Sans Fallback the
// reverse, and only NanumSquare has Korean Hangul. And a report must know
// how wide a name will be before drawing it, to shrink or cut it to its
// cell. The typesetter splits a string into runs, each drawn in the first
// font of a fallback chain that has a glyph for its runes, and measures the
// runs from the fonts' own metrics. A character that no font has (emoji,
// Ethiopic, Tibetan, private use…) is drawn as its code point in a box, so
// that two names that differ only there still print differently (see
// textcode.go).

// fontStyle is the weight text is set in.
type fontStyle int

// The weights a report uses.
const (
	styleRegular fontStyle = iota
	styleBold
)

// replacementRune stands, in text gofpdf takes directly (the document's
// title), for a rune gofpdf cannot encode.
const replacementRune = '\uFFFD'

// textFace is one embedded TrueType font as one document uses it.
type textFace struct {
	// family is the name it is registered under in the document (style "").
	family string
	ttf    []byte
	// metrics is parsed on first use; the CJK and Hangul fonts are never
	// parsed for a document whose text DejaVu covers.
	metrics    *fontMetrics
	broken     bool // the font could not be parsed: it covers nothing
	registered bool // added to the document
}

// typesetter lays out, measures and draws text in one gofpdf document with
// the embedded fonts. It owns the document's font selection: code that draws
// text through it must not call SetFont itself.
type typesetter struct {
	pdf *gofpdf.Fpdf
	// k is points per user unit: widths come out in the document's unit.
	k float64
	// chains lists, by style, the faces to try for each rune, in order.
	chains [2][]*textFace
	// face and size last set in the document.
	curFace *textFace
	curSize float64
	// err is the first font that could not be read.
	err error
	// lang is the language the report's own words are said in.
	lang i18n.Lang
}

// newTypesetter returns a typesetter for pdf using the fonts of package
// assets: DejaVu Sans, then (for bold text, DejaVu Sans Bold first) Droid
// Sans Fallback for the runes DejaVu lacks, then NanumSquare for Hangul,
// which neither has.
func newTypesetter(pdf *gofpdf.Fpdf) *typesetter {
	regular := &textFace{family: "tk-dejavu", ttf: assets.FontRegular}
	bold := &textFace{family: "tk-dejavu-bold", ttf: assets.FontBold}
	cjk := &textFace{family: "tk-droid-fallback", ttf: assets.FontCJK}
	hangul := &textFace{family: "tk-nanum-square", ttf: assets.FontHangul}
	hangulBold := &textFace{family: "tk-nanum-square-bold", ttf: assets.FontHangulBold}
	return &typesetter{
		pdf: pdf,
		k:   pdf.GetConversionRatio(),
		chains: [2][]*textFace{
			// Droid Sans Fallback comes before NanumSquare so that Chinese
			// and Japanese keep one design; NanumSquare only adds Hangul.
			styleRegular: {regular, cjk, hangul},
			// DejaVu Bold covers a little less than the regular weight;
			// Droid Sans Fallback has no bold, NanumSquare has.
			styleBold: {bold, regular, cjk, hangulBold},
		},
	}
}

// Err returns the first font the typesetter could not read, or nil.
func (t *typesetter) Err() error { return t.err }

// metrics returns the face's metrics, parsing them on first use. A font that
// cannot be parsed covers nothing, and the typesetter remembers the error.
func (t *typesetter) metrics(f *textFace) *fontMetrics {
	if f.metrics == nil && !f.broken {
		m, err := parseFontMetrics(f.ttf)
		if err != nil {
			f.broken = true
			if t.err == nil {
				t.err = fmt.Errorf("reports: font %s: %w", f.family, err)
			}
			return &fontMetrics{}
		}
		f.metrics = m
	}
	if f.broken {
		return &fontMetrics{}
	}
	return f.metrics
}

// span is a string laid out for drawing: runs that each use one face.
// Widths are in thousandths of an em, so a span is measured once and
// drawn at any size.
type span struct {
	runs  []textRun
	width int
}

// textRun is a piece of a span drawn in one face.
type textRun struct {
	face  *textFace
	text  string
	width int
	// code marks a run that stands for one character no face has: text is
	// its code point in hex ("1F600"), drawn small in face inside a box.
	code bool
}

// empty reports whether the span draws nothing.
func (s span) empty() bool { return len(s.runs) == 0 }

// String returns the text the span draws, with a boxed code point as
// "[1F600]".
func (s span) String() string { return s.joined("[", "]") }

// joined returns the text the span draws, with a boxed code point between
// open and close.
func (s span) joined(open, close string) string {
	var b strings.Builder
	for _, r := range s.runs {
		if r.code {
			b.WriteString(open + r.text + close)
			continue
		}
		b.WriteString(r.text)
	}
	return b.String()
}

// layout splits s into runs for the given style. It never fails, and two
// strings that differ in a visible character always give spans that draw
// differently: a rune no font has (or that gofpdf cannot encode, outside
// the Basic Multilingual Plane) becomes its code point in a box ("1F600"),
// and a byte that is not UTF-8 becomes its value in a box ("FF").
// Decomposed Hangul is composed into syllables first (see texthangul.go),
// control characters become spaces, and invisible format characters (soft
// hyphens, zero-width joiners, variation selectors) are dropped.
func (t *typesetter) layout(s string, style fontStyle) span {
	chain := t.chains[style]
	var (
		sp   span
		b    strings.Builder
		face *textFace
		w    int
	)
	flush := func() {
		if b.Len() > 0 {
			sp.runs = append(sp.runs, textRun{face: face, text: b.String(), width: w})
			sp.width += w
			b.Reset()
			w = 0
		}
	}
	s = composeHangul(s)
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		var label string
		if r == utf8.RuneError && n == 1 {
			label = byteLabel(s[i])
		}
		i += n
		if label == "" {
			var ok bool
			if r, ok = drawable(r); !ok {
				continue
			}
			if f := t.faceFor(chain, r); f != nil {
				if f != face {
					flush()
					face = f
				}
				b.WriteRune(r)
				w += t.metrics(f).width(r)
				continue
			}
			label = codeLabel(r)
		}
		flush()
		face = nil
		run := t.codeRun(chain[0], label)
		sp.runs = append(sp.runs, run)
		sp.width += run.width
	}
	flush()
	return sp
}

// drawable maps r to the rune to draw for it, or reports that nothing
// should be drawn.
func drawable(r rune) (rune, bool) {
	switch {
	case unicode.IsControl(r):
		return ' ', true
	case unicode.Is(unicode.Cf, r), unicode.Is(unicode.Variation_Selector, r):
		return 0, false
	}
	return r, true
}

// faceFor returns the first face of chain with a glyph for r, or nil.
func (t *typesetter) faceFor(chain []*textFace, r rune) *textFace {
	for _, f := range chain {
		if t.metrics(f).has(r) {
			return f
		}
	}
	return nil
}

// width returns how wide sp is, in the document's unit, at size points.
func (t *typesetter) width(sp span, size float64) float64 {
	return t.units(sp.width, size)
}

// units converts thousandths of an em at size points to the document's unit.
func (t *typesetter) units(w int, size float64) float64 {
	return float64(w) * size / 1000 / t.k
}

// fit lays s out to fit in maxWidth: at size if it fits, else at the size
// that makes it fit if that is at least minSize, else at minSize, cut with
// an ellipsis. It returns the span and the size to draw it at; the span is
// never wider than maxWidth at that size.
func (t *typesetter) fit(s string, style fontStyle, size, minSize, maxWidth float64) (span, float64) {
	sp := t.layout(s, style)
	full := t.width(sp, size)
	if full <= maxWidth {
		return sp, size
	}
	// Widths grow linearly with the size. Round down to a tenth of a
	// point so the size written into the PDF still fits.
	if fitted := float64(int(size*maxWidth/full*10)) / 10; fitted >= minSize {
		return sp, fitted
	}
	return t.cut(sp, style, minSize, maxWidth), minSize
}

// cut returns the longest start of sp that, followed by an ellipsis, fits
// in maxWidth at size points.
func (t *typesetter) cut(sp span, style fontStyle, size, maxWidth float64) span {
	ellipsis := t.layout("…", style)
	limit := maxWidth*t.k*1000/size - float64(ellipsis.width)
	if limit < 0 {
		return span{}
	}
	var out span
	used := 0
	for _, run := range sp.runs {
		if run.code {
			// A boxed code point is kept whole or not at all.
			if float64(used+run.width) > limit {
				break
			}
			out.runs = append(out.runs, run)
			out.width += run.width
			used += run.width
			continue
		}
		m := t.metrics(run.face)
		n := 0 // bytes of run.text that fit
		w := 0
		for i, r := range run.text {
			rw := m.width(r)
			if float64(used+w+rw) > limit {
				break
			}
			w += rw
			n = i + utf8.RuneLen(r)
		}
		if n > 0 {
			out.runs = append(out.runs, textRun{face: run.face, text: run.text[:n], width: w})
			out.width += w
		}
		used += w
		if n < len(run.text) {
			break
		}
	}
	// Drop trailing spaces and punctuation so the ellipsis follows the
	// last letter: "Van den…", not "Van den …" or "Jr.…".
	for len(out.runs) > 0 {
		last := &out.runs[len(out.runs)-1]
		if last.code {
			break
		}
		trimmed := strings.TrimRightFunc(last.text, func(r rune) bool {
			return unicode.IsSpace(r) || unicode.IsPunct(r)
		})
		m := t.metrics(last.face)
		for _, r := range last.text[len(trimmed):] {
			last.width -= m.width(r)
			out.width -= m.width(r)
		}
		last.text = trimmed
		if trimmed != "" {
			break
		}
		out.runs = out.runs[:len(out.runs)-1]
	}
	for _, r := range ellipsis.runs {
		out.runs = append(out.runs, r)
		out.width += r.width
	}
	return out
}

// draw draws sp at size points with its left end at x and its baseline
// at y (both in the document's unit). The text colour is the document's.
func (t *typesetter) draw(sp span, size, x, y float64) {
	for _, r := range sp.runs {
		if r.code {
			t.drawCode(r, size, x, y)
		} else {
			t.use(r.face, size)
			t.pdf.Text(x, y, r.text)
		}
		x += t.units(r.width, size)
	}
}

// drawRight draws sp so that it ends at right.
func (t *typesetter) drawRight(sp span, size, right, y float64) {
	t.draw(sp, size, right-t.width(sp, size), y)
}

// drawCentered draws sp centred on x.
func (t *typesetter) drawCentered(sp span, size, x, y float64) {
	t.draw(sp, size, x-t.width(sp, size)/2, y)
}

// use selects face at size in the document, adding the font to it on first
// use so that a document embeds only the fonts it draws with.
func (t *typesetter) use(f *textFace, size float64) {
	if !f.registered {
		t.pdf.AddUTF8FontFromBytes(f.family, "", f.ttf)
		f.registered = true
	}
	if f != t.curFace || size != t.curSize {
		t.pdf.SetFont(f.family, "", size)
		t.curFace, t.curSize = f, size
	}
}

// plainText returns s cleaned as layout cleans it, for text gofpdf takes
// directly such as the document title: valid UTF-8 in the Basic
// Multilingual Plane (gofpdf writes it as UCS-2; other runes become U+FFFD)
// without control or format characters.
func plainText(s string) string {
	var b strings.Builder
	for _, r := range s {
		if r, ok := drawable(r); ok {
			if r > 0xFFFF {
				r = replacementRune
			}
			b.WriteRune(r)
		}
	}
	return b.String()
}

// wrap breaks s into lines no wider than maxWidth at size points, for text
// that runs on over several lines (a judge's description, a deck's
// problems). Lines break at spaces; a word wider than a line (a long card
// name, Chinese text, which has no spaces) breaks between its runes.
// Newlines in s start a new line; runs of spaces become one. An empty s
// gives no lines.
func (t *typesetter) wrap(s string, style fontStyle, size, maxWidth float64) []span {
	limit := int(maxWidth * t.k * 1000 / size)
	space := t.layout(" ", style).width
	var lines []span
	for para := range strings.SplitSeq(s, "\n") {
		var line strings.Builder
		used := 0
		flush := func() {
			lines = append(lines, t.layout(line.String(), style))
			line.Reset()
			used = 0
		}
		words := strings.Fields(para)
		if len(words) == 0 {
			if len(lines) > 0 && !lines[len(lines)-1].empty() {
				lines = append(lines, span{}) // a blank line between paragraphs
			}
			continue
		}
		for _, word := range words {
			w := t.layout(word, style).width
			switch {
			case line.Len() > 0 && used+space+w <= limit:
				line.WriteByte(' ')
				line.WriteString(word)
				used += space + w
				continue
			case line.Len() > 0:
				flush()
			}
			if w <= limit {
				line.WriteString(word)
				used = w
				continue
			}
			// Too wide for any line: as many runes a line as fit.
			for _, r := range word {
				rw := t.layout(string(r), style).width
				if line.Len() > 0 && used+rw > limit {
					flush()
				}
				line.WriteRune(r)
				used += rw
			}
		}
		if line.Len() > 0 {
			flush()
		}
	}
	// No blank line at the end.
	for len(lines) > 0 && lines[len(lines)-1].empty() {
		lines = lines[:len(lines)-1]
	}
	return lines
}
