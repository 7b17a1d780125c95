package reports

import "strings"

// letterRegions are the countries and territories that print on US Letter
// rather than A4: CLDR's paperSize "US-Letter" list (Belize, Canada, Chile,
// Colombia, Costa Rica, Guatemala, Mexico, Nicaragua, Panama, the
// Philippines, Puerto Rico, El Salvador, the United States, Venezuela).
var letterRegions = []string{"BZ", "CA", "CL", "CO", "CR", "GT", "MX", "NI", "PA", "PH", "PR", "SV", "US", "VE"}

// PaperForLocale is the paper a report prints on by default for a locale
// name as the system gives it: "en_US.UTF-8" or "fr_CA@euro" (POSIX),
// "en-US" or "es-419" (BCP 47). Letter in the US, Canada and the other
// Letter countries, A4 anywhere else, and A4 when the locale names no
// country ("C", "POSIX", "en", "").
func PaperForLocale(locale string) string {
	if cut := strings.IndexAny(locale, ".@"); cut >= 0 {
		locale = locale[:cut]
	}
	parts := strings.FieldsFunc(locale, func(r rune) bool { return r == '_' || r == '-' })
	for _, p := range parts[min(1, len(parts)):] {
		if len(p) == 2 && isLetters(p) {
			for _, r := range letterRegions {
				if strings.EqualFold(p, r) {
					return "Letter"
				}
			}
			return "A4"
		}
	}
	return "A4"
}

func isLetters(s string) bool {
	for _, c := range s {
		if (c < 'a' || c > 'z') && (c < 'A' || c > 'Z') {
			return false
		}
	}
	return true
}

// PaperLocale is the locale that chooses the paper on a Unix system: the
// first set of LC_ALL, LC_PAPER and LANG, as the C library reads them;
// empty when none is set (Windows and macOS apps usually: ask the
// system's own locale then).
func PaperLocale(getenv func(string) string) string {
	for _, k := range []string{"LC_ALL", "LC_PAPER", "LANG"} {
		if v := getenv(k); v != "" {
			return v
		}
	}
	return ""
}
