// Package quietlocale keeps the GUI toolkit from printing a locale error
// at start-up under the "C" locales of containers and many terminals
// (LANG=C.UTF-8): Fyne's translations read the locale while the program
// loads, cannot parse "C", and print three lines on standard error, even
// for the headless commands. Where the environment names no language, this
// package says English (LANGUAGE=en, which only the translation lookup
// reads) before Fyne looks.
//
// It works by initialization order alone, so it imports nothing that
// Fyne needs first: Go initializes packages in import-path order once
// their imports are ready, and this one is ready before Fyne's lang
// package (a test checks the effect on the built binary).
package quietlocale

import "os"

func init() {
	if os.Getenv("LANGUAGE") != "" {
		return
	}
	for _, name := range []string{"LC_ALL", "LC_MESSAGES", "LANG"} {
		v := os.Getenv(name)
		if v == "" {
			continue
		}
		if noLanguage(v) {
			_ = os.Setenv("LANGUAGE", "en") // os.Setenv fails only on a malformed name, and LANGUAGE is not one
		}
		return
	}
}

// noLanguage reports whether a locale value names no language: C or POSIX,
// with or without an encoding ("C.UTF-8", "C.utf8").
func noLanguage(v string) bool {
	for i := 0; i < len(v); i++ {
		if v[i] == '.' || v[i] == '@' {
			v = v[:i]
			break
		}
	}
	return v == "C" || v == "POSIX"
}
