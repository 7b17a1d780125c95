package main

import "testing"

// The QR poster's paper follows the locale variables where they are set
// (Unix) and the system's locale where they are not (Windows, macOS apps),
// so a US store on Windows gets Letter as its Print menu does.
func TestSystemPaper(t *testing.T) {
	for _, c := range []struct {
		name, lcAll, lang, system, want string
	}{
		{"Windows in the US", "", "", "en-US", "Letter"},
		{"Windows in Quebec", "", "", "fr-CA", "Letter"},
		{"Windows in France", "", "", "fr-FR", "A4"},
		{"Windows with no region", "", "", "", "A4"},
		{"Unix LANG first", "", "fr_FR.UTF-8", "en-US", "A4"},
		{"Unix LC_ALL over LANG", "en_US.UTF-8", "fr_FR.UTF-8", "fr-FR", "Letter"},
	} {
		env := map[string]string{"LC_ALL": c.lcAll, "LANG": c.lang}
		got := systemPaper(func(k string) string { return env[k] }, func() string { return c.system })
		if got != c.want {
			t.Errorf("%s: %s, want %s", c.name, got, c.want)
		}
	}
}
