package printing

import (
	"bytes"
	"errors"
	"io"
	"os/exec"
	"regexp"
	"slices"
	"strings"
	"testing"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/core/i18n/pseudo"
	"tablekeeper/core/sim"
)

// Every PDF report, and the line that says what was written, said in the
// pseudo-locale, has no word left in plain English: every word a reader
// sees passed through a translation (names, numbers, dates and codes
// aside). The events are the demo (a round open, results half in, two
// decks) and, played to their end, a Swiss with a top 8, a KeyForge event,
// a Heresy Reascension, a Shadowfist Final Brawl with its final and an
// Altered 2v2, and a double elimination of 12 for its bracket's three
// parts. (The CSV files are data for a spreadsheet; their headings are
// translated, their values are not.)
func TestPseudoEveryReportIsTranslated(t *testing.T) {
	if !pseudo.Run(t) {
		return
	}
	needPdftotext(t)
	ctx := t.Context()
	d := seededDirector(t, 7)
	var ids []event.EventID
	id, err := sim.Demo(ctx, d, 7)
	if err != nil {
		t.Fatal(err)
	}
	ids = append(ids, id)
	for _, plan := range []sim.Plan{{Game: "generic", Format: "swiss-top8", Players: 12}, {Game: "keyforge", Format: "archon-standard", Players: 8},
		{Game: "heresy", Format: "reascension", Players: 11}, {Game: "shadowfist", Format: "final-brawl-final", Players: 9},
		{Game: "altered", Format: "2v2", Players: 12},
		{Game: "generic", Format: "double-elimination", Players: 12}} {
		id, err := sim.New(d, io.Discard, 7).Play(ctx, plan)
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, id)
	}
	// Two decks of the demo: one legal-looking list, one with problems,
	// so the decklists say their checks.
	entries, err := d.Registration.Entries(ctx, ids[0])
	if err != nil {
		t.Fatal(err)
	}
	for i, list := range []string{"Hero:\n1 Akesha & Taru\nCharacters:\n3 Some Character\nSpells:\n3 Some Spell\n", "Characters:\n9 Too Many\n"} {
		if _, err := d.Decks.SaveDeck(ctx, entries[i].ID, "Deck "+entries[i].Name, list); err != nil {
			t.Fatal(err)
		}
	}
	p := Printer{D: ServicesOf(d), Lang: pseudo.Lang}
	for _, id := range ids {
		names := namesOf(t, d, id)
		for _, k := range Kinds() {
			if k.Ext != "pdf" {
				continue
			}
			var buf bytes.Buffer
			summary, err := p.Write(ctx, k.Key, id, 0, "A4", &buf)
			if err != nil {
				// A report of what the event does not have yet says so.
				if !(k.Key == "decklists" || k.Key == "bracket") || !errors.Is(err, event.ErrState) {
					t.Errorf("event %d, %s: %v", id, k.Key, err)
				}
				continue
			}
			text := buf.String()
			if k.Ext == "pdf" {
				cmd := exec.Command("pdftotext", "-layout", "-", "-")
				cmd.Stdin = &buf
				out, err := cmd.Output()
				if err != nil {
					t.Fatalf("%s: pdftotext: %v", k.Key, err)
				}
				text = string(out)
			}
			text = dataRE.ReplaceAllString(text, "·")
			seen := map[string]bool{}
			said := names
			if k.Key == "decklists" {
				// The card names and section titles of the decks, as the
				// players wrote them, and the rarity a list writes, "(R)".
				said = append(slices.Clone(names), "Akesha & Taru", "Some Character", "Some Spell", "Too Many", "Characters", "Spells", "Hero", "(R)")
			}
			if k.Key == PlayerSlipsKey {
				// The players' codes are data, as their names are.
				codes, err := d.Phones.PlayerCodes(ctx, id)
				if err != nil {
					t.Fatal(err)
				}
				said = slices.Clone(names)
				for _, c := range codes {
					// and its halves, when dataRE took the other for a number
					said = append(said, director.FormatPlayerCode(c), c[:3], c[3:])
				}
			}
			for _, u := range pseudo.Untranslated(summary+"\n"+text, said...) {
				if word, _, _ := strings.Cut(u, " in "); !seen[word] {
					seen[word] = true
					t.Errorf("event %d, %s: %s", id, k.Key, u)
				}
			}
		}
	}
}

// dataRE finds what a report prints that is not words: the six-character
// codes of the match slips and the pairings' QR line, the rule IDs the
// blank decklist cites (A1, K2), and the program's name at the foot.
var dataRE = regexp.MustCompile(`\b[0-9A-Z]{6}\b|\b[AHKS]\d{1,2}[a-z]?\b|\bTablekeeper\b`)

// namesOf lists what a report prints as it is: the event's name, its
// players' and teams' names and member numbers.
func namesOf(t *testing.T, d *director.Director, id event.EventID) []string {
	t.Helper()
	e, err := d.Events.Event(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	out := []string{e.Name}
	entries, err := d.Registration.Entries(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	for _, en := range entries {
		out = append(out, "Deck "+en.Name, en.Name, en.MemberNo)
	}
	teams, err := d.Teams.Teams(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	for _, tm := range teams {
		out = append(out, tm.Name)
	}
	return out
}
