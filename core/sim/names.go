package sim

import (
	"fmt"
	"math/rand/v2"
)

// Sample names for the demo event and sim: the mix of a real store's
// regulars, accents and non-Latin names included, so every screen and
// report is exercised with them.
var (
	firstNames = []string{
		"Ada", "Bram", "Chiara", "Dmitri", "Elif", "Farah", "Gustavo", "Hana", "Iñaki", "Jonas",
		"Kaito", "Leïla", "Mateus", "Nadia", "Oskar", "Priya", "Quentin", "Rosa", "Søren", "Tomasz",
		"Uma", "Valentina", "Wen", "Ximena", "Yusuf", "Zoë", "Æmber", "Björn", "Camille", "Dário",
		"Emeka", "Fiona", "Grete", "Hiroshi", "Ines", "Jakub", "Katarzyna", "Lars", "Mía", "Noah",
		"Olumide", "Pauline", "Rafael", "Saoirse", "Tariq", "Ulla", "Viktor", "Willa", "Yara", "Zaid",
	}
	lastNames = []string{
		"Lovelace", "Okafor", "Rossi", "Ivanova", "Yılmaz", "Haddad", "Pereira", "Sato", "Etxeberria", "Berg",
		"Nakamura", "Benali", "Costa", "Kowalski", "Lindqvist", "Raman", "Dubois", "García", "Ødegård", "Łukasz",
		"Mensah", "Moretti", "Chen", "Hernández", "Demir", "Novák", "O'Brien", "Schröder", "Fontaine", "Sousa",
		"Adeyemi", "MacLeod", "Jansen", "Tanaka", "Müller", "Dvořák", "Wiśniewska", "Nilsson", "Ortega", "Brooks",
		"Balogun", "Lefèvre", "Silva", "Ní Bhriain", "Aziz", "Virtanen", "Petrov", "Kealoha", "Sánchez", "Abadi",
	}
	// Whole names written in their own scripts.
	nativeNames = []string{"李小龍", "王芳", "佐藤 花子", "Анна Смирнова", "Γιώργος Παπαδόπουλος"}
)

// sampleNames returns n distinct names drawn with rng.
func sampleNames(n int, rng *rand.Rand) []string {
	seen := make(map[string]bool, n)
	out := make([]string, 0, n)
	for len(out) < n {
		var name string
		if rng.IntN(20) == 0 {
			name = nativeNames[rng.IntN(len(nativeNames))]
		} else {
			name = firstNames[rng.IntN(len(firstNames))] + " " + lastNames[rng.IntN(len(lastNames))]
		}
		for i := 2; seen[name]; i++ {
			if !seen[fmt.Sprintf("%s %d", name, i)] {
				name = fmt.Sprintf("%s %d", name, i)
			}
		}
		seen[name] = true
		out = append(out, name)
	}
	return out
}
