package reports

import "testing"

// The default paper follows the locale (issue 11 §5): Letter in the US,
// Canada and the other Letter countries, A4 elsewhere and when the locale
// names no country.
func TestPaperForLocale(t *testing.T) {
	for _, c := range []struct{ locale, want string }{
		{"en_US.UTF-8", "Letter"},
		{"en_CA.UTF-8", "Letter"},
		{"fr_CA@euro", "Letter"},
		{"fr_CA.ISO-8859-1", "Letter"},
		{"es_MX.UTF-8", "Letter"},
		{"fil_PH", "Letter"},
		{"es_CL.utf8", "Letter"},
		{"en-US", "Letter"},
		{"en-us", "Letter"},
		{"zh-Hant-US", "Letter"},
		{"en_GB.UTF-8", "A4"},
		{"de_DE.UTF-8", "A4"},
		{"fr_FR@euro", "A4"},
		{"es_ES", "A4"},
		{"pt-BR", "A4"},
		{"en_AU.UTF-8", "A4"},
		{"es-419", "A4"},
		{"sr_RS@latin", "A4"},
		{"C", "A4"},
		{"C.UTF-8", "A4"},
		{"POSIX", "A4"},
		{"en", "A4"},
		{"", "A4"},
	} {
		if got := PaperForLocale(c.locale); got != c.want {
			t.Errorf("PaperForLocale(%q) = %s, want %s", c.locale, got, c.want)
		}
	}
}

// LC_ALL wins over LC_PAPER, which wins over LANG, as in the C library.
func TestPaperLocaleOrder(t *testing.T) {
	for _, c := range []struct {
		name string
		env  map[string]string
		want string
	}{
		{"LANG alone", map[string]string{"LANG": "en_US.UTF-8"}, "en_US.UTF-8"},
		{"LC_PAPER over LANG", map[string]string{"LANG": "en_US.UTF-8", "LC_PAPER": "de_DE.UTF-8"}, "de_DE.UTF-8"},
		{"LC_ALL over both", map[string]string{"LANG": "de_DE", "LC_PAPER": "de_DE", "LC_ALL": "en_CA.UTF-8"}, "en_CA.UTF-8"},
		{"nothing set", map[string]string{}, ""},
	} {
		if got := PaperLocale(func(k string) string { return c.env[k] }); got != c.want {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
	}
}
