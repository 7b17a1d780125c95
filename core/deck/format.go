package deck

import (
	"strings"

	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
)

// Format names the deck rules a deck is checked against. The values are
// stored in an event's settings (DeckRules), so they never change.
type Format string

// The deck rules Validate knows, with the rule IDs of docs/RULES.md they check.
const (
	// FormatNone: no deck rules; every deck passes.
	FormatNone Format = ""
	// FormatAlteredConstructed: Altered Standard and multiplayer (A1).
	FormatAlteredConstructed Format = "altered-constructed"
	// FormatAlteredLimited: Altered Sealed and Booster Draft (A2, A4).
	FormatAlteredLimited Format = "altered-limited"
	// FormatHeresy: Heresy Reascension (H1).
	FormatHeresy Format = "heresy"
	// FormatHeresyArmageddon: Heresy Armageddon, H1 without Apocalypse
	// cards (H6).
	FormatHeresyArmageddon Format = "heresy-armageddon"
	// FormatHeresyRevelations: Heresy Revelations, the draft (H7).
	FormatHeresyRevelations Format = "heresy-revelations"
	// FormatShadowfist: the five-copy limit alone (S2): Final Brawl, Who's
	// the Big Man Now?, Baptism of Fire, Whirlpool of Blood.
	FormatShadowfist Format = "shadowfist"
	// FormatShadowfistComrades: Comrades in Arms (S2, S3).
	FormatShadowfistComrades Format = "shadowfist-comrades-in-arms"
	// FormatShadowfistRitual: Ritual of the Unnameable (S2, S3).
	FormatShadowfistRitual Format = "shadowfist-ritual-of-the-unnameable"
	// FormatShadowfistHundredNames: One Hundred Names (S3).
	FormatShadowfistHundredNames Format = "shadowfist-one-hundred-names"
	// FormatArchonStandard: KeyForge Archon Standard, one Archon deck (K2).
	FormatArchonStandard Format = "keyforge-archon"
	// FormatArchonSealed: KeyForge Archon Sealed, the chosen sealed deck
	// (K2).
	FormatArchonSealed Format = "keyforge-archon-sealed"
	// FormatAllianceStandard: KeyForge Alliance (K2, K3, K4). Validate
	// checks a single unmodified Archon deck; ValidateAlliance an Alliance.
	FormatAllianceStandard Format = "keyforge-alliance"
	// FormatAllianceSealed: KeyForge Alliance Sealed (K2, K3, K5).
	FormatAllianceSealed Format = "keyforge-alliance-sealed"
)

// formatInfo describes the formats; read only.
var formatInfo = [...]struct {
	format Format
	name   string
	rules  string
}{
	{FormatNone, i18n.K("No deck check"), ""},
	{FormatAlteredConstructed, i18n.K("Altered constructed"), "A1"},
	{FormatAlteredLimited, i18n.K("Altered limited (Sealed, Booster Draft)"), "A2 A4"},
	{FormatHeresy, i18n.K("Heresy Reascension"), "H1"},
	{FormatHeresyArmageddon, i18n.K("Heresy Armageddon"), "H1 H6"},
	{FormatHeresyRevelations, i18n.K("Heresy Revelations"), "H7"},
	{FormatShadowfist, i18n.K("Shadowfist (Final Brawl and other formats)"), "S2"},
	{FormatShadowfistComrades, i18n.K("Shadowfist Comrades in Arms"), "S2 S3"},
	{FormatShadowfistRitual, i18n.K("Shadowfist Ritual of the Unnameable"), "S2 S3"},
	{FormatShadowfistHundredNames, i18n.K("Shadowfist One Hundred Names"), "S3"},
	{FormatArchonStandard, i18n.K("KeyForge Archon Standard"), "K2"},
	{FormatArchonSealed, i18n.K("KeyForge Archon Sealed"), "K2"},
	{FormatAllianceStandard, i18n.K("KeyForge Alliance Standard"), "K2 K3 K4"},
	{FormatAllianceSealed, i18n.K("KeyForge Alliance Sealed"), "K2 K3 K5"},
}

// Formats returns every format, FormatNone first.
func Formats() []Format {
	out := make([]Format, len(formatInfo))
	for i, f := range formatInfo {
		out[i] = f.format
	}
	return out
}

// Name returns the format's name for people ("Altered constructed"), or
// the raw value for an unknown format.
func (f Format) Name() string {
	for _, i := range formatInfo {
		if i.format == f {
			return i.name
		}
	}
	return string(f)
}

// NameIn is Name said in l.
func (f Format) NameIn(l i18n.Lang) string { return i18n.T(l, f.Name()) }

// Rules returns the docs/RULES.md IDs the format checks.
func (f Format) Rules() []string {
	for _, i := range formatInfo {
		if i.format == f {
			return strings.Fields(i.rules)
		}
	}
	return nil
}

// Known reports whether Validate knows the format.
func (f Format) Known() bool {
	for _, i := range formatInfo {
		if i.format == f {
			return true
		}
	}
	return false
}

// ParseFormat reads a stored DeckRules value. An unknown value is an
// event.ErrInvalid error whose message lists the known ones.
func ParseFormat(s string) (Format, error) {
	f := Format(strings.TrimSpace(strings.ToLower(s)))
	if f.Known() {
		return f, nil
	}
	var known []string
	for _, i := range formatInfo[1:] {
		known = append(known, string(i.format))
	}
	return "", event.Invalidf("the deck rules %q are unknown; choose one of %s, or none", s, strings.Join(known, ", "))
}

// Issue is one thing a deck check found.
type Issue struct {
	// Rule is the docs/RULES.md ID of the rule concerned ("A1").
	Rule string
	// Card is the card concerned, as the list spells it; empty when the
	// issue is about the deck as a whole.
	Card string
	// Message is one sentence for the player, starting with the rule ID:
	// what is wrong, which card, and how to fix it; in English (In says it
	// in the reader's language).
	Message string
	// Text is Message without the rule ID, to say in the reader's language.
	Text i18n.Text
}

// String is the issue's English sentence.
func (is Issue) String() string { return is.Message }

// In says the issue in l, starting with the rule ID.
func (is Issue) In(l i18n.Lang) string {
	if is.Text.IsZero() {
		return is.Message
	}
	return prefix(is.Rule) + is.Text.In(l)
}

// Report is the outcome of a deck check.
type Report struct {
	// Problems make the deck illegal.
	Problems []Issue
	// Warnings are what the check could not decide, most often a fact the
	// card list does not give; a judge checks those by hand.
	Warnings []Issue
}

// Legal reports whether the check found no problem. A legal deck may still
// have warnings.
func (r Report) Legal() bool { return len(r.Problems) == 0 }

// Err returns nil for a legal deck, else an event.ErrInvalid error whose
// message is the first problem's, followed by how many more there are.
func (r Report) Err() error {
	switch len(r.Problems) {
	case 0:
		return nil
	case 1:
		return event.Invalidf("%s", r.Problems[0])
	}
	return event.Invalidf("%s (and %s)", r.Problems[0], plural(len(r.Problems)-1, "more problem"))
}

// BlankSections are the fields and sections a blank registration sheet of
// the format asks for: Altered's hero and card types, Heresy's locations,
// KeyForge's deck name, set and houses, Shadowfist's No Max cards. They
// are keys, which the sheet says in its language.
func (f Format) BlankSections() (fields, sections []string) {
	switch {
	case strings.HasPrefix(string(f), "altered"):
		return []string{i18n.K("Hero")}, []string{i18n.K("Characters"), i18n.K("Spells"), i18n.K("Permanents")}
	case strings.HasPrefix(string(f), "heresy"):
		return nil, []string{i18n.K("Cards"), i18n.K("Locations")}
	case strings.HasPrefix(string(f), "keyforge"):
		return []string{i18n.K("Deck name"), i18n.K("Set (of a KeyForge deck)"), i18n.K("Houses")},
			[]string{i18n.K("House 1"), i18n.K("House 2"), i18n.K("House 3")}
	case strings.HasPrefix(string(f), "shadowfist"):
		return nil, []string{i18n.K("Cards"), i18n.K("No Max")}
	}
	return nil, []string{i18n.K("Cards")}
}

// HasCardPool reports whether the format's decks are drawn from a card
// pool (an environment, Shadowfist 6.0 and Appendix V) the organizer
// chooses.
func (f Format) HasCardPool() bool { return strings.HasPrefix(string(f), string(FormatShadowfist)) }
