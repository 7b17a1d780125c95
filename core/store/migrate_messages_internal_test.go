package store

import (
	"fmt"
	"testing"

	"tablekeeper/core/i18n"
)

// Every message migration 12 writes has a key today's code builds, so each
// has its French: a format the migration reads whose key no longer has a
// translation would be said in English forever.
func TestMigratedFormatsAreTranslated(t *testing.T) {
	c := newConverter()
	for _, p := range c.patterns {
		key := p.format
		if p.build != nil {
			args := make([]any, len(p.verbs))
			for i, v := range p.verbs {
				args[i] = "x"
				if v == 'd' {
					args[i] = 2
				}
			}
			key = p.build(args).Format
		}
		if i18n.T(i18n.French, key) == key && key != "%s, %s" && key != "%s %d–%d %s" && key != "%s (%s)" {
			t.Errorf("%q (read from %q) has no French", key, p.format)
		}
	}
}

// A sentence that holds an organizer's words where a format reads a value
// keeps them as words, and one no format reads is kept whole as plain
// words; a format's sentence with other words around it is not read.
func TestConvertKeepsOrganizersWords(t *testing.T) {
	c := newConverter()
	for stored, want := range map[string]string{
		"registered: Zoë (late; paid)":                            `{"k":"registered: %s","a":["Zoë (late; paid)"]}`,
		"Zoë registered":                                          `{"k":"%s","a":["Zoë registered"]}`,
		"round 3 published, then re-paired by hand":               `{"k":"%s","a":["round 3 published, then re-paired by hand"]}`,
		"same points (3); rematch: no pairing without one exists": `{"k":"%s; %s","a":[{"k":"same points (%d)","a":[3]},{"k":"rematch: no pairing without one exists"}]}`,
		"Ada 2–1 Zoë":                                             `{"k":"%s","a":["Ada 2–1 Zoë"]}`,
	} {
		if got := i18n.Encode(c.convert(stored)); got != want {
			t.Errorf("%q is stored %s, want %s", stored, got, want)
		}
	}
}

// BenchmarkConvertLogLine reads one stored log line of a result, the most
// common line of a regional's log (about 8,000 of them for 1,000 players
// over 15 rounds), each different.
func BenchmarkConvertLogLine(b *testing.B) {
	c := newConverter()
	i := 0
	for b.Loop() {
		i++
		line := fmt.Sprintf("round %d table %d: Player %d 2–1 Player %d", i%15+1, i%500+1, i, i+1)
		if c.convert(line).IsPlain() {
			b.Fatalf("%q not read", line)
		}
	}
}
