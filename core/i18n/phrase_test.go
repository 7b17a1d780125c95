package i18n_test

import (
	"fmt"
	"strings"
	"testing"

	_ "tablekeeper/core/director"
	"tablekeeper/core/i18n"
	_ "tablekeeper/core/pairing"
)

// Every registered phrase, built in English with sample values as the core
// builds it, is said back in French with the same values.
func TestResayRoundTripsEveryPhrase(t *testing.T) {
	ps := i18n.Phrases()
	if len(ps) < 50 {
		t.Fatalf("only %d phrases registered; core/pairing and core/director register theirs at init", len(ps))
	}
	for _, f := range ps {
		var args []any
		n := 0
		for i := 0; i < len(f)-1; i++ {
			if f[i] != '%' {
				continue
			}
			switch f[i+1] {
			case 'd':
				n++
				args = append(args, n+1)
			case 's':
				args = append(args, "Zed")
			case '%':
				i++
			}
		}
		english := fmt.Sprintf(f, args...)
		want := i18n.T(i18n.French, f, args...)
		if got := i18n.Resay(i18n.French, english); got != want {
			t.Errorf("Resay(%q) = %q, want %q", english, got, want)
		}
		if want == english {
			t.Errorf("%q has no French of its own", f)
		}
		if got := i18n.Resay(i18n.English, english); got != english {
			t.Errorf("Resay in English changed %q to %q", english, got)
		}
	}
}

// Reasons joined by "; ", phrases inside phrases, and words no phrase
// matches.
func TestResayComposites(t *testing.T) {
	cases := map[string]string{
		"same points (6); rematch: no pairing without one exists; changed by the organizer":            "mêmes points (6)\u00a0; match déjà joué\u00a0: aucun appariement sans revanche n’existe\u00a0; modifié par l’organisateur",
		"bye: every player has had one; lowest-ranked player with the fewest; fixed table for Ann Lee": "exemption\u00a0: chaque joueur en a eu une\u00a0; joueur le moins bien classé parmi ceux qui en ont le moins\u00a0; table fixe pour Ann Lee",
		"top 8: semi-final":                         "top 8\u00a0: demi-finale",
		"bye: semi-final B, seed 3 has no opponent": "exemption\u00a0: demi-finale B, la tête de série 3 n’a pas d’adversaire",
		"pod of 4 on 9 points (rule H2: tables of four take the top scores); seat order drawn; 2 players meet again": "table de 4 à 9 points (règle H2\u00a0: les tables de quatre prennent les meilleurs scores)\u00a0; ordre des places tiré au sort\u00a0; 2 joueurs se retrouvent",
		"round 1: the odd player of pod 2 and joined after the draft pods were drawn":                                "ronde 1\u00a0: le joueur en surnombre de la table 2 et inscrit après le tirage des tables de draft",
		"Swapped by hand": "Swapped by hand",
		"":                "",
		"same points (x)": "same points (x)",
	}
	for in, want := range cases {
		if got := i18n.Resay(i18n.French, in); got != want {
			t.Errorf("Resay(%q) =\n%q, want\n%q", in, got, want)
		}
	}
	if got := i18n.Resay(i18n.French, "challenge game 3"); !strings.HasPrefix(got, "partie de défi") {
		t.Errorf("challenge game 3 said %q", got)
	}
}
