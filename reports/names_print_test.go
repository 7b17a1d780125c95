package reports

import (
	"bytes"
	"io"
	"math/rand"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

// Names in scripts and symbols the embedded fonts lack, for the tests of
// boxed code points: emoji (beyond the BMP), Ethiopic, Tibetan, Cherokee,
// private use, and an unassigned BMP code point.
var unsupportedNames = []string{
	"Sam 😀", "Sam 🙂", "Sam 😀😀", "😀 Sam",
	"ሰላም", "ሰላማ", // Ethiopic
	"བཀྲ་ཤིས", "བཀྲ་ཤིཤ", // Tibetan
	"ᏣᎳᎩ",                      // Cherokee
	"Ann \uE000", "Ann \uE001", // private use
	"Bo \u0870", // unassigned in the Arabic Extended-B block
}

// drawnKey describes what a span puts on paper, run by run: the text of a
// run, or its code point with a mark for the box, so that a run of text
// that reads "U+1F600" and a boxed U+1F600 differ.
func drawnKey(sp span) string { return sp.joined("\x00box:", "\x00") }

// undraw rebuilds the string a span was laid out from, reading each boxed
// code point ("1F600") back as its rune and each boxed byte ("FF") back as
// that byte. It fails the test on a box it cannot read.
func undraw(t *testing.T, sp span) string {
	t.Helper()
	var b strings.Builder
	for _, r := range sp.runs {
		if !r.code {
			b.WriteString(r.text)
			continue
		}
		n, err := strconv.ParseUint(r.text, 16, 32)
		switch {
		case err != nil:
			t.Fatalf("box %q is not hex", r.text)
		case len(r.text) == 2:
			b.WriteByte(byte(n))
		case len(r.text) >= 4:
			b.WriteRune(rune(n))
		default:
			t.Fatalf("box %q is neither a code point nor a byte", r.text)
		}
	}
	return b.String()
}

// randomName returns a name of 1 to 6 pieces drawn from letters the fonts
// have (Latin, Greek, Chinese, Hangul) and from what they lack (emoji,
// Ethiopic, Tibetan, private use, bytes that are not UTF-8). It has no
// control or format characters, which layout turns into a space or drops
// on purpose.
func randomName(rng *rand.Rand) string {
	pools := [][2]rune{
		{'a', 'z'}, {'À', 'ÿ'}, {'α', 'ω'},
		{0x4E00, 0x4FFF},   // CJK ideographs
		{0xAC00, 0xD7A3},   // Hangul syllables
		{0x1F600, 0x1F64F}, // emoji
		{0x1200, 0x1248},   // Ethiopic
		{0x0F40, 0x0F6C},   // Tibetan letters
		{0xE000, 0xE0FF},   // private use
	}
	var b strings.Builder
	for range 1 + rng.Intn(6) {
		if rng.Intn(20) == 0 {
			b.WriteByte(byte(0x80 + rng.Intn(0x40))) // a lone continuation byte
			continue
		}
		p := pools[rng.Intn(len(pools))]
		r := p[0] + rune(rng.Intn(int(p[1]-p[0]+1)))
		if r == '×' || r == '÷' {
			r = 'é'
		}
		b.WriteRune(r)
	}
	return b.String()
}

// TestLayoutNeverPrintsTwoNamesAlike holds issue 11 §4 ("a character no
// embedded font has never leaves two players printed alike"): over
// thousands of seeded random names mixing what the fonts have and what they
// lack, what a name puts on paper can be read back to the name itself, so
// two different names never print the same, in either weight.
func TestLayoutNeverPrintsTwoNamesAlike(t *testing.T) {
	rng := rand.New(rand.NewSource(11))
	ts := newTestTypesetter(t)
	for _, style := range []fontStyle{styleRegular, styleBold} {
		seen := map[string]string{}
		for range 5000 {
			name := randomName(rng)
			sp := ts.layout(name, style)
			if got := undraw(t, sp); got != name {
				t.Fatalf("%q prints as %q, which reads back as %q", name, sp.String(), got)
			}
			key := drawnKey(sp)
			if other, ok := seen[key]; ok && other != name {
				t.Fatalf("%q and %q print alike: %q", name, other, sp.String())
			}
			seen[key] = name
		}
	}
	if err := ts.Err(); err != nil {
		t.Fatal(err)
	}
}

// TestCutNeverSplitsABoxedCodePoint: a name cut to fit its cell keeps a
// boxed code point whole or drops it, and stays inside the cell.
func TestCutNeverSplitsABoxedCodePoint(t *testing.T) {
	ts := newTestTypesetter(t)
	name := strings.Repeat("Sam 😀 ", 12)
	for _, maxW := range []float64{8, 15, 22, 30, 45} {
		sp, size := ts.fit(name, styleRegular, 12, 11, maxW)
		if w := ts.width(sp, size); w > maxW+1e-9 {
			t.Errorf("cut to %.0f mm: %.2f mm wide", maxW, w)
		}
		for _, r := range sp.runs {
			if r.code && r.text != "1F600" {
				t.Errorf("cut to %.0f mm: a box reads %q", maxW, r.text)
			}
		}
		if got := sp.String(); !strings.HasSuffix(got, "…") {
			t.Errorf("cut to %.0f mm: %q has no ellipsis", maxW, got)
		}
	}
}

// TestPrintedPairingsKeepNamesWithUnsupportedCharactersApart reads the
// printed page back with pdftotext: pairings that differ only in a
// player whose name has characters no font has give different text, and
// the text shows the code points.
func TestPrintedPairingsKeepNamesWithUnsupportedCharactersApart(t *testing.T) {
	printed := map[string]string{}
	for _, name := range unsupportedNames {
		p := Pairings{EventName: "Friday Night Altered", Game: "Altered · Standard", Round: 1,
			Tables: []PairingsTable{{Number: 1, Seats: []PairingsSeat{{Name: name}, {Name: "Zoë Łukasz"}}}}}
		text := pdfText(t, writeTestPDF(t, func(w io.Writer) error { return WritePairings(w, p, testOptions("")) }))
		text = strings.Join(strings.Fields(text), " ")
		for _, r := range name {
			if !ts0(t).hasGlyph(r) {
				containsAll(t, "the pairings of "+name, text, codeLabel(r))
			}
		}
		if strings.ContainsRune(text, '\uFFFD') {
			t.Errorf("the pairings of %q print U+FFFD: %q", name, text)
		}
		if other, ok := printed[text]; ok {
			t.Errorf("%q and %q print alike: %q", name, other, text)
		}
		printed[text] = name
	}
}

// ts0 returns a typesetter on a scratch document, to ask about coverage.
func ts0(t *testing.T) *typesetter { return newTestTypesetter(t) }

// hasGlyph reports whether any face of the regular chain draws r.
func (t *typesetter) hasGlyph(r rune) bool { return t.faceFor(t.chains[styleRegular], r) != nil }

// Korean names for the tests that every report prints Hangul.
var koreanNames = []string{"김민준", "이서연", "박서준"}

// TestEveryReportPrintsHangulNames holds issue 11 §4 ("Korean (Hangul)
// names print as glyphs in every PDF"): each report that prints names,
// read back with pdftotext, shows the Korean names as Hangul and no
// U+FFFD.
func TestEveryReportPrintsHangulNames(t *testing.T) {
	name := func(i int) string {
		if i < len(koreanNames) {
			return koreanNames[i]
		}
		return playerName(i)
	}
	pairings := twoPlayerRound(4, name)
	standings := testStandings(6, true, false)
	decks := testDecklists(3)
	log := testJudgeLog(4)
	summary := testSummary(8, 4)
	for i, n := range koreanNames {
		standings.Rows[i].Name = n
		decks.Decks[i].Player = n
		log.Entries[i].Player = n
		summary.Top[i].Name = n
	}
	summary.Winner = koreanNames[0]
	reports := []struct {
		name  string
		write func(io.Writer) error
	}{
		{"pairings", func(w io.Writer) error { return WritePairings(w, pairings, testOptions("")) }},
		{"pairings by name", func(w io.Writer) error {
			return WritePairingsByName(w, PairingsByNameFrom(pairings), testOptions(""))
		}},
		{"slips", func(w io.Writer) error { return WriteSlips(w, SlipsFrom(pairings, SlipGeneric), testOptions("")) }},
		{"KeyForge slips", func(w io.Writer) error { return WriteSlips(w, SlipsFrom(pairings, SlipKeyForge), testOptions("")) }},
		{"standings", func(w io.Writer) error { return WriteStandings(w, standings, testOptions("")) }},
		{"decklists", func(w io.Writer) error { return WriteDecklists(w, decks, testOptions("")) }},
		{"seatings", func(w io.Writer) error {
			return WriteSeatings(w, tableSeating(7, name), testOptions(""))
		}},
		{"bracket", func(w io.Writer) error { return WriteBracket(w, singleBracket(4, 1, name), testOptions("")) }},
		{"judge log", func(w io.Writer) error { return WriteJudgeLog(w, log, testOptions("")) }},
		{"summary", func(w io.Writer) error { return WriteSummary(w, summary, testOptions("")) }},
	}
	for _, r := range reports {
		t.Run(r.name, func(t *testing.T) {
			pdf := writeTestPDF(t, r.write)
			text := pdfText(t, pdf)
			containsAll(t, "the "+r.name, text, koreanNames...)
			if strings.ContainsRune(text, '\uFFFD') {
				t.Errorf("the %s print U+FFFD", r.name)
			}
			if !bytes.Contains(pdf, []byte("/FontName /utf8tk-nanum-square")) {
				t.Errorf("the %s do not embed NanumSquare", r.name)
			}
		})
	}
}

// TestHangulFontCostsOnlyTheReportsThatUseIt: a report without Korean
// names does not embed NanumSquare at all, and one with a Korean name
// embeds only the glyphs it draws (the whole font is 0.7 MB).
func TestHangulFontCostsOnlyTheReportsThatUseIt(t *testing.T) {
	latin := twoPlayerRound(64, playerName)
	korean := twoPlayerRound(64, playerName)
	korean.Tables[3].Seats[0].Name = "김민준"
	size := func(p Pairings) []byte {
		return writeTestPDF(t, func(w io.Writer) error { return WritePairings(w, p, testOptions("")) })
	}
	lat, kor := size(latin), size(korean)
	if bytes.Contains(lat, []byte("tk-nanum-square")) || !bytes.Contains(kor, []byte("tk-nanum-square")) {
		t.Error("NanumSquare is embedded in the report without Korean names, or not in the one with")
	}
	if grew := len(kor) - len(lat); grew > 64<<10 {
		t.Errorf("one Korean name makes the report %d bytes larger (%d against %d): the font is not subset", grew, len(kor), len(lat))
	}
	if !utf8.Valid([]byte(pdfText(t, kor))) || !strings.Contains(pdfText(t, kor), "김민준") {
		t.Error("the Korean name does not read back from the PDF")
	}
	t.Logf("pairings of 128 players: %d bytes Latin only, %d with one Korean name", len(lat), len(kor))
}

// mixedNames are names from the scripts a store sees side by side, one with
// an emoji, for the pairings and slips that were looked at as pictures
// (go test ./reports/ -run MixedScript -args -pdfs=DIR, then pdftoppm).
var mixedNames = []string{"김민준", "이서연", "李小龍", "Zoë Martin", "Æmber Ødegård", "Γιώργος Παπαδόπουλος",
	"Sam 😀 Lee", "박서준 Park", "田中さくら", "Ingrid Søren"}

// TestMixedScriptNamesPrintOnPairingsAndSlips: Hangul, Chinese, Japanese,
// Latin and Greek names print as themselves on the pairings sheet and the
// slips, and the emoji as its code point.
func TestMixedScriptNamesPrintOnPairingsAndSlips(t *testing.T) {
	p := twoPlayerRound(len(mixedNames)/2, func(i int) string { return mixedNames[i] })
	want := append([]string{"Sam", "1F600", "Lee"}, mixedNames[:6]...)
	want = append(want, mixedNames[7:]...)
	for _, r := range []struct {
		name  string
		write func(io.Writer) error
	}{
		{"pairings", func(w io.Writer) error { return WritePairings(w, p, testOptions("")) }},
		{"slips", func(w io.Writer) error { return WriteSlips(w, SlipsFrom(p, SlipGeneric), testOptions("")) }},
	} {
		t.Run(r.name, func(t *testing.T) {
			text := pdfText(t, writeTestPDF(t, r.write))
			containsAll(t, "the "+r.name, text, want...)
		})
	}
}
