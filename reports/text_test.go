package reports

import (
	"math"
	"strings"
	"testing"

	"github.com/jung-kurt/gofpdf"
)

// newTestTypesetter returns a typesetter on a fresh A4 document in mm.
func newTestTypesetter(t *testing.T) *typesetter {
	t.Helper()
	pdf := gofpdf.New("P", "mm", "A4", "")
	return newTypesetter(pdf)
}

// runTexts describes a span as "family:text" per run, for comparisons.
func runTexts(sp span) []string {
	var out []string
	for _, r := range sp.runs {
		out = append(out, r.face.family+":"+r.text)
	}
	return out
}

func TestLayoutSplitsTextIntoRunsByFontCoverage(t *testing.T) {
	tests := []struct {
		name  string
		in    string
		style fontStyle
		want  []string
	}{
		{"Latin with diacritics stays in DejaVu", "Æmber Ødegård", styleRegular,
			[]string{"tk-dejavu:Æmber Ødegård"}},
		{"Chinese goes to the fallback", "李小龍", styleRegular,
			[]string{"tk-droid-fallback:李小龍"}},
		{"a mixed name alternates", "Bruce 李小龍 Lee", styleRegular,
			[]string{"tk-dejavu:Bruce ", "tk-droid-fallback:李小龍", "tk-dejavu: Lee"}},
		{"bold uses the bold face then the fallback", "Zoë 田中", styleBold,
			[]string{"tk-dejavu-bold:Zoë ", "tk-droid-fallback:田中"}},
		{"Korean Hangul goes to NanumSquare", "김민준 (Kim)", styleRegular,
			[]string{"tk-nanum-square:김민준", "tk-dejavu: (Kim)"}},
		{"bold Hangul uses NanumSquare Bold", "이서연", styleBold,
			[]string{"tk-nanum-square-bold:이서연"}},
		{"Chinese beside Hangul keeps Droid Sans Fallback", "李 이", styleRegular,
			[]string{"tk-droid-fallback:李", "tk-dejavu: ", "tk-nanum-square:이"}},
		{"empty text has no runs", "", styleRegular, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ts := newTestTypesetter(t)
			got := runTexts(ts.layout(tt.in, tt.style))
			if strings.Join(got, "|") != strings.Join(tt.want, "|") {
				t.Errorf("layout(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

func TestLayoutCleansWhatNoFontCanDraw(t *testing.T) {
	tests := []struct {
		name, in, want, plain string
	}{
		{"bytes that are not UTF-8 print as a boxed byte", "Ann\xffe", "Ann[FF]e", "Ann\uFFFDe"},
		{"a real U+FFFD prints as itself", "Ann\uFFFDe", "Ann\uFFFDe", "Ann\uFFFDe"},
		{"control characters become spaces", "Ann\tLee\n", "Ann Lee ", "Ann Lee "},
		{"format characters disappear", "Jo\u00ADhn\u200D\uFE0F", "John", "John"},
		{"runes beyond the BMP print as a boxed code point", "Sam 😀", "Sam [1F600]", "Sam \uFFFD"},
		{"runes no font has print as a boxed code point", "ሰላም", "[1230][120B][121D]", "ሰላም"},
		{"Hangul prints as itself", "김민준", "김민준", "김민준"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ts := newTestTypesetter(t)
			if got := ts.layout(tt.in, styleRegular).String(); got != tt.want {
				t.Errorf("layout(%q) draws %q, want %q", tt.in, got, tt.want)
			}
			if got := plainText(tt.in); got != tt.plain {
				t.Errorf("plainText(%q) = %q, want %q", tt.in, got, tt.plain)
			}
		})
	}
}

func TestLayoutMeasuresTextAsGofpdfDoes(t *testing.T) {
	for _, text := range []string{"Æmber Ødegård (12)", "Zoë Łukasz", "李小龍", "김민준", "W…"} {
		ts := newTestTypesetter(t)
		sp := ts.layout(text, styleRegular)
		if len(sp.runs) != 1 {
			t.Fatalf("%q: want one run, got %q", text, runTexts(sp))
		}
		ts.use(sp.runs[0].face, 13)
		want := ts.pdf.GetStringWidth(text)
		if got := ts.width(sp, 13); math.Abs(got-want) > 1e-9 {
			t.Errorf("width of %q = %.4f mm, gofpdf says %.4f mm", text, got, want)
		}
	}
}

func TestFitShrinksThenCutsWithAnEllipsis(t *testing.T) {
	const size, minSize, maxW = 13.0, 11.0, 60.0
	long := strings.Repeat("Bartholomew ", 10)
	tests := []struct {
		name     string
		in       string
		wantSize func(float64) bool
		cut      bool
	}{
		{"a short name keeps its size", "Zoë Łukasz", func(s float64) bool { return s == size }, false},
		{"a longer name shrinks", "Alexandra Oppenheimer-Lutz", func(s float64) bool { return s >= minSize && s < size }, false},
		{"a very long name is cut at the smallest size", long, func(s float64) bool { return s == minSize }, true},
		{"a very long Chinese name is cut too", strings.Repeat("龍", 40), func(s float64) bool { return s == minSize }, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ts := newTestTypesetter(t)
			sp, got := ts.fit(tt.in, styleRegular, size, minSize, maxW)
			if !tt.wantSize(got) {
				t.Errorf("size %.1f is wrong", got)
			}
			if w := ts.width(sp, got); w > maxW+1e-9 {
				t.Errorf("width %.2f mm overflows %.2f mm", w, maxW)
			}
			text := sp.String()
			if tt.cut {
				if !strings.HasSuffix(text, "…") || strings.HasSuffix(text, " …") {
					t.Errorf("cut text %q should end in an ellipsis right after a letter", text)
				}
				if !strings.HasPrefix(tt.in, strings.TrimSuffix(text, "…")) {
					t.Errorf("cut text %q is not a start of %q", text, tt.in)
				}
				// The cut keeps as much as fits: one more rune would not.
				if w := ts.width(sp, got); w < maxW-ts.units(2000, got) {
					t.Errorf("cut text %q is %.1f mm, too short for %.1f mm", text, w, maxW)
				}
			} else if text != tt.in {
				t.Errorf("text changed to %q", text)
			}
		})
	}
}

func TestFitGivesUpOnACellTooNarrowForAnEllipsis(t *testing.T) {
	ts := newTestTypesetter(t)
	sp, _ := ts.fit("Zoë", styleRegular, 13, 11, 0.5)
	if !sp.empty() {
		t.Errorf("fit in 0.5 mm = %q, want nothing", sp.String())
	}
}

func TestTypesetterAddsOnlyTheFontsItDrawsWith(t *testing.T) {
	ts := newTestTypesetter(t)
	ts.pdf.AddPage()
	ts.draw(ts.layout("Zoë", styleRegular), 12, 10, 10)
	for _, c := range []struct {
		chain              int
		font, before, text string
		script             string
		y                  float64
	}{
		{1, "CJK", "Latin", "李小龍", "Chinese", 20},
		{2, "Hangul", "Latin and Chinese", "김민준", "Korean", 30},
	} {
		f := ts.chains[styleRegular][c.chain]
		if f.registered || f.metrics != nil {
			t.Errorf("the %s font was loaded for %s text", c.font, c.before)
		}
		ts.draw(ts.layout(c.text, styleRegular), 12, 10, c.y)
		if !f.registered {
			t.Errorf("the %s font was not added for %s text", c.font, c.script)
		}
	}
	if err := ts.pdf.Error(); err != nil {
		t.Fatal(err)
	}
}

func TestLayoutComposesDecomposedHangul(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"a name in decomposed jamo (NFD, as a Mac may save it)", "\u1100\u1175\u11B7\u1106\u1175\u11AB\u110C\u116E\u11AB", "김민준"},
		{"syllables without a final consonant", "\u110B\u1175\u1109\u1165\u110B\u1167\u11AB", "이서연"},
		{"mixed with precomposed text and Latin", "Kim \u1100\u1175\u11B7 박", "Kim 김 박"},
		{"a lone leading consonant stays as it is", "\u1100 A", "\u1100 A"},
		{"a byte that is not UTF-8 after a consonant is kept", "\u1100\xff", "\u1100[FF]"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ts := newTestTypesetter(t)
			if got := ts.layout(tt.in, styleRegular).String(); got != tt.want {
				t.Errorf("layout(%q) draws %q, want %q", tt.in, got, tt.want)
			}
		})
	}
	// Every syllable round-trips through its decomposition.
	ts := newTestTypesetter(t)
	for s := rune(0xAC00); s <= 0xD7A3; s++ {
		i := s - 0xAC00
		nfd := string([]rune{0x1100 + i/588, 0x1161 + i%588/28})
		if tail := i % 28; tail > 0 {
			nfd += string(rune(0x11A7 + tail))
		}
		if got := composeHangul(nfd); got != string(s) {
			t.Fatalf("%U decomposed composes to %q", s, got)
		}
	}
	if got := ts.layout("김", styleRegular).String(); got != "김" {
		t.Errorf("a composed syllable changed to %q", got)
	}
}
