// Package assets holds the files Tablekeeper builds into its binary: the
// application icon and the fonts that reports and screens draw text with,
// together with the fonts' licences.
//
// The files are exposed as plain bytes so that any package can use them
// without pulling in a GUI toolkit: the ui wraps IconPNG in a Fyne resource,
// the reports hand the fonts to gofpdf. Treat the slices as read-only; they
// are shared by everything in the program.
//
// The fonts come from Debian: DejaVu Sans (fonts-dejavu-core), which covers
// Latin, Greek, Cyrillic and many symbols; Droid Sans Fallback
// (fonts-droid-fallback), which covers Chinese and Japanese but not Korean
// Hangul; and NanumSquare (fonts-nanum), which covers all 11,172 Hangul
// syllables and the Hangul letters. None is a superset of another, and PDF
// libraries such as gofpdf do no glyph fallback, so a report picks between
// them rune by rune (see package reports).
//
// Licenses lists the licence of every part the binary bundles (these
// fonts, the Go standard library and each linked module), generated into
// licenses/ by `go generate ./assets` and kept current by a test.
package assets

import _ "embed" // for the //go:embed directives below

// IconPNG is the application icon: a 512×512 PNG, a white card table seen
// from above, with two cards dealt on it, on a dark teal rounded square.
//
//go:embed icon.png
var IconPNG []byte

// FontRegular is DejaVu Sans, the regular weight of the text font (TrueType).
//
//go:embed fonts/DejaVuSans.ttf
var FontRegular []byte

// FontBold is DejaVu Sans Bold (TrueType).
//
//go:embed fonts/DejaVuSans-Bold.ttf
var FontBold []byte

// FontCJK is Droid Sans Fallback (TrueType, regular weight only): the
// Chinese and Japanese glyphs that DejaVu Sans lacks, so that a name such
// as 李小龍 prints. It has no Hangul syllables (see FontHangul). It is large
// (about 4 MB); a PDF embeds only the glyphs it uses.
//
//go:embed fonts/DroidSansFallbackFull.ttf
var FontCJK []byte

// LicenseDejaVu is the licence of FontRegular and FontBold (the Bitstream
// Vera licence, with DejaVu's changes in the public domain), as Debian ships
// it. It must accompany the fonts wherever they are redistributed.
//
//go:embed fonts/LICENSE-DejaVu.txt
var LicenseDejaVu string

// FontHangul is NanumSquare Regular (TrueType, 0.7 MB) from Debian's
// fonts-nanum 20200506-1: every modern Hangul syllable (U+AC00–U+D7A3) and
// the Hangul compatibility letters, so that a name such as 김민준 prints.
//
//go:embed fonts/NanumSquareR.ttf
var FontHangul []byte

// FontHangulBold is NanumSquare Bold (TrueType, 0.7 MB), the bold weight of
// FontHangul, from the same package.
//
//go:embed fonts/NanumSquareB.ttf
var FontHangulBold []byte

// LicenseHangul is the licence of FontHangul and FontHangulBold (SIL Open
// Font License 1.1), as Debian's fonts-nanum ships it, with a note on where
// the files came from. It must accompany the fonts wherever they are
// redistributed.
//
//go:embed fonts/LICENSE-Nanum.txt
var LicenseHangul string

// LicenseCJK is the licence of FontCJK (Apache License 2.0), with Debian's
// copyright notice.
//
//go:embed fonts/LICENSE-DroidSansFallback.txt
var LicenseCJK string
