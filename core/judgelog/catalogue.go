package judgelog

import (
	"strings"

	"tablekeeper/core/i18n"
)

// Infraction is one entry of a game's list of infractions, with the penalty
// ladder the software suggests. The judge always decides: a ladder is a
// suggestion shown next to the player's history, never applied by itself.
type Infraction struct {
	// Key identifies the infraction within its game ("stalling").
	Key string
	// Name is the infraction in the rules document's wording, lower case
	// so it reads inside a sentence; it is what a penalty entry stores in
	// JudgeLogEntry.Infraction.
	Name string
	// Category groups a game's infractions where its document does
	// (KeyForge: "rules infraction" or "unsporting conduct").
	Category string
	// Rule is the docs/RULES.md ID, or the document and section where
	// docs/RULES.md has none ("SWS 3.0e", "Heresy 2.3.5").
	Rule string
	// Ladder gives the suggested penalty for the first offence, the second,
	// and so on; the last step repeats. Empty when the document asks for
	// no penalty (Note says what to do instead).
	Ladder []Step
	// Note is the document's guidance in a few words, shown with the
	// suggestion.
	Note string
}

// Step is one step of a penalty ladder.
type Step struct {
	// Penalty is the suggested penalty.
	Penalty string
	// Alternative is another penalty the document allows at this step in
	// another kind of event (SWS 4.2a: a point deduction in a scored
	// tournament, an extra loss in an elimination one); "" for none.
	Alternative string
}

// Game keys, as in core/rules.
const (
	GameKeyForge   = "keyforge"
	GameAltered    = "altered"
	GameHeresy     = "heresy"
	GameShadowfist = "shadowfist"
	GameGeneric    = "generic"
)

// Infractions returns the infractions of a game, in the order of its rules
// document. Altered's documents (001, 003) have no penalty rules, so Altered
// and the generic game share a list drawn from common tournament practice;
// an unknown game gets that list too. The result is a fresh copy.
func Infractions(game string) []Infraction {
	switch strings.ToLower(game) {
	case GameKeyForge:
		return keyforge()
	case GameShadowfist:
		return shadowfist()
	case GameHeresy:
		return heresy()
	default:
		return common()
	}
}

// Lookup finds an infraction of a game by key or by name, ignoring case and
// surrounding spaces.
func Lookup(game, infraction string) (Infraction, bool) {
	s := strings.TrimSpace(infraction)
	if s == "" {
		return Infraction{}, false
	}
	for _, inf := range Infractions(game) {
		if strings.EqualFold(inf.Key, s) || strings.EqualFold(inf.Name, s) {
			return inf, true
		}
	}
	return Infraction{}, false
}

// ladder builds a ladder of plain steps.
func ladder(penalties ...string) []Step {
	steps := make([]Step, len(penalties))
	for i, p := range penalties {
		steps[i] = Step{Penalty: p}
	}
	return steps
}

// keyforge lists the rules infractions and unsporting conduct of 000
// (K10). The document gives principles, not ladders: informal warnings for
// minor infractions, a formal warning when the same warning repeats, a game
// loss "not issued lightly", disqualification and ejection by the marshal
// after "at least one formal warning" in most cases, or at once when the
// transgression is serious enough. The ladders follow those principles.
func keyforge() []Infraction {
	const k10 = "K10"
	var (
		rules   = i18n.K("rules infraction")
		conduct = i18n.K("unsporting conduct")
		dq      = i18n.K("the marshal alone disqualifies or ejects")
	)
	return []Infraction{
		{Key: "gameplay-error", Name: i18n.K("gameplay error"), Category: rules, Rule: k10,
			Ladder: ladder(InformalWarning, FormalWarning, GameLoss),
			Note:   i18n.K("missed game steps or mandatory abilities, an incorrect game state not corrected: correct the game where possible")},
		{Key: "tardiness", Name: i18n.K("tardiness (5 minutes or more)"), Category: rules, Rule: k10,
			Ladder: ladder(FormalWarning, GameLoss)},
		{Key: "absence", Name: i18n.K("absence at the start of a match"), Category: rules, Rule: k10,
			Ladder: ladder(GameLoss)},
		{Key: "failed-deck-check", Name: i18n.K("failing a deck check"), Category: rules, Rule: k10,
			Ladder: ladder(GameLoss)},
		{Key: "slow-play", Name: i18n.K("intentional slow play"), Category: rules, Rule: k10,
			Ladder: ladder(FormalWarning, GameLoss, Disqualification), Note: dq},
		{Key: "ignoring-instructions", Name: i18n.K("ignoring instructions or warnings from a judge, marshal or organizer"), Category: rules, Rule: k10,
			Ladder: ladder(FormalWarning, Disqualification), Note: dq},
		{Key: "cheating", Name: i18n.K("cheating"), Category: rules, Rule: k10,
			Ladder: ladder(Disqualification), Note: i18n.K("including colluding to manipulate results; the marshal alone disqualifies or ejects")},
		{Key: "offensive-behaviour", Name: i18n.K("aggressive or offensive behaviour"), Category: conduct, Rule: k10,
			Ladder: ladder(FormalWarning, Disqualification), Note: dq},
		{Key: "hygiene", Name: i18n.K("poor personal hygiene"), Category: conduct, Rule: k10,
			Ladder: ladder(InformalWarning, FormalWarning)},
		{Key: "stalling", Name: i18n.K("stalling a game for time"), Category: conduct, Rule: k10,
			Ladder: ladder(FormalWarning, GameLoss, Disqualification), Note: dq},
		{Key: "throwing-components", Name: i18n.K("throwing game components"), Category: conduct, Rule: k10,
			Ladder: ladder(InformalWarning, FormalWarning)},
		{Key: "confusing-opponent", Name: i18n.K("intentionally trying to confuse an opponent"), Category: conduct, Rule: k10,
			Ladder: ladder(FormalWarning, GameLoss)},
		{Key: "disrupting-match", Name: i18n.K("disrupting a match in progress"), Category: conduct, Rule: k10,
			Ladder: ladder(InformalWarning, FormalWarning)},
		{Key: "electronic-device", Name: i18n.K("using an electronic device to gain an advantage"), Category: conduct, Rule: k10,
			Ladder: ladder(Disqualification), Note: dq},
		{Key: "property", Name: i18n.K("mishandling or damaging another participant's property"), Category: conduct, Rule: k10,
			Ladder: ladder(FormalWarning, Disqualification), Note: dq},
		{Key: "bribery", Name: i18n.K("bribery or collusion to manipulate results"), Category: conduct, Rule: k10,
			Ladder: ladder(Disqualification), Note: dq},
	}
}

// shadowfist lists the penalties of the SWS rules (004): stalling and
// play-to-win (S9) with their ladders as written, and the other sections
// that name a penalty.
func shadowfist() []Infraction {
	return []Infraction{
		{Key: "stalling", Name: i18n.K("stalling"), Rule: "S9",
			Ladder: ladder(FormalWarning, PointDeduction, Disqualification),
			Note:   i18n.K("5.1d: warned, then points deducted, then disqualified")},
		{Key: "play-to-win", Name: i18n.K("play-to-win breach"), Rule: "S9",
			Ladder: []Step{{Penalty: PointDeduction, Alternative: ExtraLoss}, {Penalty: Disqualification}},
			Note:   i18n.K("4.2a: a play purely for another player's advantage")},
		{Key: "slow-play", Name: i18n.K("excessively slow play"), Rule: "SWS 2.2c",
			Ladder: ladder(FormalWarning, PointDeduction),
			Note:   i18n.K("the head judge may also advance the turn to the next player")},
		{Key: "too-many-copies", Name: i18n.K("more than 5 copies of a title"), Rule: "SWS 3.0a",
			Ladder: ladder(Disqualification), Note: i18n.K("3.0a: the player is disqualified")},
		{Key: "deck-change", Name: i18n.K("changing the deck without the head judge's approval"), Rule: "SWS 3.0e",
			Ladder: ladder(FormalWarning, PointDeduction, Disqualification)},
		{Key: "marked-cards", Name: i18n.K("marked cards or sleeves"), Rule: "SWS 3.2e",
			Ladder: ladder(FormalWarning, PointDeduction, Disqualification)},
		{Key: "repeated-misplays", Name: i18n.K("repeated misplays, cheating suspected"), Rule: "SWS 4.1e",
			Ladder: ladder(Disqualification), Note: i18n.K("from the round or from the whole tournament")},
		{Key: "cheating", Name: i18n.K("cheating"), Rule: "SWS 1.1c",
			Ladder: ladder(Disqualification)},
		{Key: "harassment", Name: i18n.K("harassment"), Rule: "SWS 2.0e",
			Ladder: ladder(FormalWarning, Disqualification), Note: i18n.K("warning or expulsion from the tournament")},
		{Key: "wagering", Name: i18n.K("wagering or betting"), Rule: "SWS 1.1a",
			Ladder: ladder(FormalWarning, Disqualification)},
	}
}

// heresy lists the violations of the Heresy rules (002). Section 2.3.5: a
// violation that can be corrected must be; one "deemed intentional by a
// Judge" may bring "a warning, penalizing the player in some manner, or
// simply ejecting him from the tournament entirely" — read as a formal
// warning, a point deduction, then disqualification (ejection from the
// tournament, not from the premises). 3.2.4 says the same of intentional
// delay of game.
func heresy() []Infraction {
	ladderNote := i18n.K("warning, penalty, or removal from the tournament")
	return []Infraction{
		{Key: "unintentional-violation", Name: i18n.K("unintentional violation"), Rule: "Heresy 2.3.5",
			Note: i18n.K("correct it, reversing steps as necessary; no penalty")},
		{Key: "intentional-violation", Name: i18n.K("intentional violation"), Rule: "Heresy 2.3.5",
			Ladder: ladder(FormalWarning, PointDeduction, Disqualification), Note: ladderNote},
		{Key: "delay", Name: i18n.K("intentional delay of game"), Rule: "Heresy 3.2.4",
			Ladder: ladder(FormalWarning, PointDeduction, Disqualification), Note: ladderNote},
		{Key: "foul-play", Name: i18n.K("tampering with another player's deck or archive"), Rule: "Heresy 2.3.1",
			Ladder: ladder(FormalWarning, Disqualification), Note: i18n.K("2.3.1, 2.3.3: an intentional violation")},
		{Key: "incivility", Name: i18n.K("uncivil conduct"), Rule: "Heresy 2.1.4",
			Ladder: ladder(InformalWarning, FormalWarning)},
	}
}

// common is the list for Altered and any other card game. Neither has a
// penalty document here, so it follows common tournament practice (and
// KeyForge's list, 000).
func common() []Infraction {
	practice := i18n.K("common practice")
	return []Infraction{
		{Key: "gameplay-error", Name: i18n.K("gameplay error"), Rule: practice,
			Ladder: ladder(InformalWarning, FormalWarning, GameLoss), Note: i18n.K("correct the game where possible")},
		{Key: "tardiness", Name: i18n.K("tardiness"), Rule: practice,
			Ladder: ladder(FormalWarning, GameLoss)},
		{Key: "absence", Name: i18n.K("absence at the start of a match"), Rule: practice,
			Ladder: ladder(MatchLoss)},
		{Key: "deck-problem", Name: i18n.K("illegal deck or failed deck check"), Rule: practice,
			Ladder: ladder(GameLoss)},
		{Key: "slow-play", Name: i18n.K("slow play"), Rule: practice,
			Ladder: ladder(InformalWarning, FormalWarning, GameLoss)},
		{Key: "stalling", Name: i18n.K("stalling"), Rule: practice,
			Ladder: ladder(FormalWarning, GameLoss, Disqualification)},
		{Key: "ignoring-instructions", Name: i18n.K("ignoring instructions from a judge or organizer"), Rule: practice,
			Ladder: ladder(FormalWarning, GameLoss, Disqualification)},
		{Key: "unsporting-minor", Name: i18n.K("unsporting conduct (minor)"), Rule: practice,
			Ladder: ladder(InformalWarning, FormalWarning, GameLoss)},
		{Key: "unsporting-major", Name: i18n.K("unsporting conduct (major)"), Rule: practice,
			Ladder: ladder(GameLoss, Disqualification)},
		{Key: "collusion", Name: i18n.K("bribery, wagering or collusion"), Rule: practice,
			Ladder: ladder(Disqualification)},
		{Key: "cheating", Name: i18n.K("cheating"), Rule: practice,
			Ladder: ladder(Disqualification)},
	}
}
