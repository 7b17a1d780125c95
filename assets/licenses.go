package assets

import (
	"embed"
	"strings"
)

//go:generate go run ./licenses/gen licenses

// licenseFiles are the licence texts of the Go modules the binary links,
// written by licenses/gen from the module cache (its test fails when they
// fall behind go.mod).
//
//go:embed licenses/*.txt
var licenseFiles embed.FS

// License is the licence of one part of the program that the binary
// carries: a font, a Go module, the Go standard library.
type License struct {
	// Name is what the part is called ("DejaVu Sans",
	// "github.com/mattn/go-sqlite3"); Version its version where known.
	Name, Version string
	// Kind is the licence's short name ("MIT", "BSD-3-Clause, Zlib").
	Kind string
	// Text is the licence in full, as its authors wrote it.
	Text string
	// Font marks a font, and Std the Go standard library, so the About
	// window can say what they are in the reader's language.
	Font, Std bool
}

// Licenses returns the licences of everything bundled into the binary: the
// three fonts first, then the Go standard library and every linked module
// by path. A distributed program must carry them; the About window shows
// them.
func Licenses() []License {
	out := []License{
		{Name: "DejaVu Sans", Kind: "Bitstream Vera, public domain", Text: LicenseDejaVu, Font: true},
		{Name: "Droid Sans Fallback", Kind: "Apache-2.0", Text: LicenseCJK, Font: true},
		{Name: "NanumSquare", Kind: "OFL-1.1", Text: LicenseHangul, Font: true},
	}
	index, err := licenseFiles.ReadFile("licenses/MODULES.txt")
	if err != nil {
		panic("assets: the embedded licence index is missing: " + err.Error())
	}
	for line := range strings.Lines(string(index)) {
		f := strings.Split(strings.TrimSuffix(line, "\n"), "\t")
		if len(f) != 4 {
			continue
		}
		text, err := licenseFiles.ReadFile("licenses/" + f[3])
		if err != nil {
			panic("assets: the embedded licence " + f[3] + " is missing: " + err.Error())
		}
		name, std := f[0], f[0] == "std"
		if std {
			name = "Go standard library and runtime"
		}
		out = append(out, License{Name: name, Version: f[1], Kind: f[2], Text: string(text), Std: std})
	}
	return out
}
