package reports

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"tablekeeper/core/i18n"
)

// layOutIn lays a report out as layOut does, in orientation ("P" or "L")
// and said in lang.
func layOutIn(t *testing.T, lang i18n.Lang, orientation, paper string, lay func(*canvas)) *canvas {
	t.Helper()
	size, err := Options{Paper: paper}.paperSize()
	if err != nil {
		t.Fatal(err)
	}
	opt := Options{Created: testDate, Lang: lang}
	pdf := newOrientedDocument(orientation, size, "test", opt)
	c := newCanvas(pdf, opt.typesetter(pdf))
	lay(c)
	if err := c.ts.Err(); err != nil {
		t.Fatal(err)
	}
	return c
}

// frenchLabels returns the French of the reports' own words (their
// translations without the values), so that a test can tell a label cut
// short from a player's name cut short.
func frenchLabels(t *testing.T) []string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "assets", "translations", "fr.json"))
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	verb := regexp.MustCompile(`%(\[\d+\])?[a-z]`)
	var out []string
	for _, raw := range m {
		var forms []string
		var s string
		var plural map[string]string
		if json.Unmarshal(raw, &s) == nil {
			forms = []string{s}
		} else if json.Unmarshal(raw, &plural) == nil {
			forms = []string{plural["one"], plural["other"]}
		}
		for _, f := range forms {
			// The words before the first value: what a cut label starts with.
			if loc := verb.FindStringIndex(f); loc != nil {
				f = f[:loc[0]]
			}
			if len([]rune(f)) >= 4 {
				out = append(out, f)
			}
		}
	}
	return out
}

// checkNoLabelCut fails when a text of c was cut with "…" and what is left
// of it begins one of the reports' French words: a label too long for its
// box, where a name would be allowed to be cut.
func checkNoLabelCut(t *testing.T, c *canvas, labels []string) {
	t.Helper()
	for n, pg := range c.pages {
		for _, op := range pg.ops {
			if op.kind != opText {
				continue
			}
			s := op.sp.String()
			kept, cut := strings.CutSuffix(s, "…")
			if !cut || len([]rune(kept)) < 3 {
				continue
			}
			for _, l := range labels {
				if strings.HasPrefix(l, kept) || strings.HasPrefix(kept, l) && len(kept) < len(l) {
					t.Errorf("page %d: the French %q is cut to %q", n+1, l, s)
					break
				}
			}
		}
	}
}

// TestReportsInFrenchKeepTheirWordsWhole lays out every report in French,
// with the long names, Zoë, 李 and 김민준 of the English tests, and checks
// that no text leaves its box or overlaps another, that no label is cut,
// and that the French words are the ones printed.
func TestReportsInFrenchKeepTheirWordsWhole(t *testing.T) {
	labels := frenchLabels(t)
	names := func(i int) string {
		return []string{"Zoë Łukasz", "Æmber Ødegård", "李小龍", "김민준", "Émile Zola", longName, "Ann Lee", "Ødegård Åse"}[i%8]
	}
	two := twoPlayerRound(4, names)
	two.Tables = append(two.Tables, PairingsTable{Bye: true, Seats: []PairingsSeat{{Name: "Odd One Out", Points: 6}}})
	generic := SlipsFrom(two, SlipGeneric)
	generic.Tables[1].Extension = 5*time.Minute + 30*time.Second
	generic.Tables[0].Code, generic.Address = "K7QX2M", "http://192.168.1.20:8080"
	keyforge := SlipsFrom(two, SlipKeyForge)
	keyforge.Tables[0].Extension = 5 * time.Minute
	judgeLog := testJudgeLog(10)
	judgeLog.Entries[2].Player = longName
	decks := testDecklists(5)
	decks.Decks[2].Player = longName
	summary := testSummary(64, 8)
	summary.Top[1].Name = "김민준"
	standings := testStandings(12, true, true)
	standings.Rows[2].Name = longName
	portrait := map[string]struct {
		paper string
		lay   func(*canvas)
		want  []string
	}{
		"pairings by name":   {"A4", func(c *canvas) { layoutPairingsByName(c, PairingsByNameFrom(two)) }, []string{"Appariements de la ronde 3", "Joueur", "Adversaire", "Page 1 sur 1", "21 nov. 2025"}},
		"pods by name":       {"Letter", func(c *canvas) { layoutPairingsByName(c, PairingsByNameFrom(podRound(9))) }, []string{"Adversaires"}},
		"generic slips":      {"A4", func(c *canvas) { layoutSlips(c, generic) }, []string{"Ronde 3", "Victoires", "Parties nulles", "prolongation de +5 min 30 s", "Code de table", "à déclarer sur"}},
		"KeyForge slips":     {"Letter", func(c *canvas) { layoutSlips(c, keyforge) }, []string{"Partie 1", "Clés", "Chaînes", "Signature du vainqueur"}},
		"Heresy slips":       {"A4", func(c *canvas) { layoutSlips(c, SlipsFrom(seatedRound(2, 4), SlipHeresy)) }, []string{"Tau stocké", "Fin du temps"}},
		"Shadowfist slips":   {"A4", func(c *canvas) { layoutSlips(c, SlipsFrom(podRound(9), SlipShadowfist)) }, []string{"Sites saisis", "Comptez les sites"}},
		"standings":          {"Letter", func(c *canvas) { layoutStandings(c, standings) }, []string{"Classement final", "Rang", "Équipe", "V–D–N", "abandon"}},
		"summary":            {"A4", func(c *canvas) { layoutSummary(c, summary) }, []string{"Bilan du tournoi", "Vainqueur", "joueurs inscrits", "Top 8"}},
		"deck lists":         {"A4", func(c *canvas) { layoutDecklists(c, decks) }, []string{"Enregistrement des decks", "Liste de deck", "N° de membre"}},
		"blank deck list":    {"Letter", func(c *canvas) { layoutBlankDecklist(c, blankSheets["heresy"]) }, []string{"Nom du joueur", "Réservé aux juges", "Vérifié par, résultat"}},
		"draft seating":      {"A4", func(c *canvas) { layoutSeatings(c, draftSeating(8, 8, names)) }, []string{"Tables de draft", "Table de draft 1", "8 joueurs", "gauche"}},
		"round 1 seating":    {"Letter", func(c *canvas) { layoutSeatings(c, tableSeating(21, playerName)) }, []string{"Placement de la ronde 1", "Tables par place", "Table 1"}},
		"no players in slip": {"A4", func(c *canvas) { layoutSlips(c, Slips{Round: 2}) }, []string{"La ronde 2 n’a aucune table"}},
	}
	landscape := map[string]struct {
		lay  func(*canvas)
		want []string
	}{
		"top 8":              {func(c *canvas) { layoutBracket(c, singleBracket(7, 2, bracketNames)) }, []string{"Tableau du top 8", "Quarts de finale", "Demi-finales", "Finale"}},
		"double elimination": {func(c *canvas) { layoutBracket(c, doubleBracket(16, playerName)) }, []string{"Tableau en double élimination", "Tableau des perdants", "Grande finale"}},
		"judge log":          {func(c *canvas) { layoutJudgeLog(c, judgeLog) }, []string{"Journal des juges", "Juge principal", "Infraction, pénalité", "Pénalité", "Retiré par n°"}},
	}
	check := func(name string, c *canvas, want []string) {
		t.Run(name, func(t *testing.T) {
			checkLayout(t, c)
			checkNoLabelCut(t, c, labels)
			containsAll(t, name, strings.Join(pageTexts(c), " | "), want...)
		})
	}
	for name, r := range portrait {
		check(name, layOutIn(t, i18n.French, "P", r.paper, r.lay), r.want)
	}
	for name, r := range landscape {
		check(name, layOutIn(t, i18n.French, "L", "A4", r.lay), r.want)
	}
}

// TestWritePairingsInFrench writes the pairings sheet, which is drawn
// without a layout, in French, and finds its words in the PDF.
func TestWritePairingsInFrench(t *testing.T) {
	p := exampleRound(8)
	p.QR = "http://192.168.1.20:8080/events/3"
	var buf bytes.Buffer
	if err := WritePairings(&buf, p, Options{Created: testDate, Lang: i18n.French}); err != nil {
		t.Fatal(err)
	}
	text := pdfText(t, buf.Bytes())
	containsAll(t, "the French pairings", text, "Appariements de la ronde 3", "Joueur (points)", "contre", "EXEMPT",
		"Appariements, chrono et classement sur votre téléphone", "21 nov. 2025")
}
