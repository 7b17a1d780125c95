package judgelog

import (
	"strings"
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
	// Rule is the RULES.md ID, or the document and section where RULES.md
	// has none ("SWS 3.0e", "Heresy 2.3.5").
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
	const (
		rules   = "rules infraction"
		conduct = "unsporting conduct"
		k10     = "K10"
		dq      = "the marshal alone disqualifies or ejects"
	)
	return []Infraction{
		{Key: "gameplay-error", Name: "gameplay error", Category: rules, Rule: k10,
			Ladder: ladder(InformalWarning, FormalWarning, GameLoss),
			Note:   "missed game steps or mandatory abilities, an incorrect game state not corrected: correct the game where possible"},
		{Key: "tardiness", Name: "tardiness (5 minutes or more)", Category: rules, Rule: k10,
			Ladder: ladder(FormalWarning, GameLoss)},
		{Key: "absence", Name: "absence at the start of a match", Category: rules, Rule: k10,
			Ladder: ladder(GameLoss)},
		{Key: "failed-deck-check", Name: "failing a deck check", Category: rules, Rule: k10,
			Ladder: ladder(GameLoss)},
		{Key: "slow-play", Name: "intentional slow play", Category: rules, Rule: k10,
			Ladder: ladder(FormalWarning, GameLoss, Disqualification), Note: dq},
		{Key: "ignoring-instructions", Name: "ignoring instructions or warnings from a judge, marshal or organizer", Category: rules, Rule: k10,
			Ladder: ladder(FormalWarning, Disqualification), Note: dq},
		{Key: "cheating", Name: "cheating", Category: rules, Rule: k10,
			Ladder: ladder(Disqualification), Note: "including colluding to manipulate results; " + dq},
		{Key: "offensive-behaviour", Name: "aggressive or offensive behaviour", Category: conduct, Rule: k10,
			Ladder: ladder(FormalWarning, Disqualification), Note: dq},
		{Key: "hygiene", Name: "poor personal hygiene", Category: conduct, Rule: k10,
			Ladder: ladder(InformalWarning, FormalWarning)},
		{Key: "stalling", Name: "stalling a game for time", Category: conduct, Rule: k10,
			Ladder: ladder(FormalWarning, GameLoss, Disqualification), Note: dq},
		{Key: "throwing-components", Name: "throwing game components", Category: conduct, Rule: k10,
			Ladder: ladder(InformalWarning, FormalWarning)},
		{Key: "confusing-opponent", Name: "intentionally trying to confuse an opponent", Category: conduct, Rule: k10,
			Ladder: ladder(FormalWarning, GameLoss)},
		{Key: "disrupting-match", Name: "disrupting a match in progress", Category: conduct, Rule: k10,
			Ladder: ladder(InformalWarning, FormalWarning)},
		{Key: "electronic-device", Name: "using an electronic device to gain an advantage", Category: conduct, Rule: k10,
			Ladder: ladder(Disqualification), Note: dq},
		{Key: "property", Name: "mishandling or damaging another participant's property", Category: conduct, Rule: k10,
			Ladder: ladder(FormalWarning, Disqualification), Note: dq},
		{Key: "bribery", Name: "bribery or collusion to manipulate results", Category: conduct, Rule: k10,
			Ladder: ladder(Disqualification), Note: dq},
	}
}

// shadowfist lists the penalties of the SWS rules (004): stalling and
// play-to-win (S9) with their ladders as written, and the other sections
// that name a penalty.
func shadowfist() []Infraction {
	return []Infraction{
		{Key: "stalling", Name: "stalling", Rule: "S9",
			Ladder: ladder(FormalWarning, PointDeduction, Disqualification),
			Note:   "5.1d: warned, then points deducted, then disqualified"},
		{Key: "play-to-win", Name: "play-to-win breach", Rule: "S9",
			Ladder: []Step{{Penalty: PointDeduction, Alternative: ExtraLoss}, {Penalty: Disqualification}},
			Note:   "4.2a: a play purely for another player's advantage"},
		{Key: "slow-play", Name: "excessively slow play", Rule: "SWS 2.2c",
			Ladder: ladder(FormalWarning, PointDeduction),
			Note:   "the head judge may also advance the turn to the next player"},
		{Key: "too-many-copies", Name: "more than 5 copies of a title", Rule: "SWS 3.0a",
			Ladder: ladder(Disqualification), Note: "3.0a: the player is disqualified"},
		{Key: "deck-change", Name: "changing the deck without the head judge's approval", Rule: "SWS 3.0e",
			Ladder: ladder(FormalWarning, PointDeduction, Disqualification)},
		{Key: "marked-cards", Name: "marked cards or sleeves", Rule: "SWS 3.2e",
			Ladder: ladder(FormalWarning, PointDeduction, Disqualification)},
		{Key: "repeated-misplays", Name: "repeated misplays, cheating suspected", Rule: "SWS 4.1e",
			Ladder: ladder(Disqualification), Note: "from the round or from the whole tournament"},
		{Key: "cheating", Name: "cheating", Rule: "SWS 1.1c",
			Ladder: ladder(Disqualification)},
		{Key: "harassment", Name: "harassment", Rule: "SWS 2.0e",
			Ladder: ladder(FormalWarning, Disqualification), Note: "warning or expulsion from the tournament"},
		{Key: "wagering", Name: "wagering or betting", Rule: "SWS 1.1a",
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
	const ladderNote = "warning, penalty, or removal from the tournament"
	return []Infraction{
		{Key: "unintentional-violation", Name: "unintentional violation", Rule: "Heresy 2.3.5",
			Note: "correct it, reversing steps as necessary; no penalty"},
		{Key: "intentional-violation", Name: "intentional violation", Rule: "Heresy 2.3.5",
			Ladder: ladder(FormalWarning, PointDeduction, Disqualification), Note: ladderNote},
		{Key: "delay", Name: "intentional delay of game", Rule: "Heresy 3.2.4",
			Ladder: ladder(FormalWarning, PointDeduction, Disqualification), Note: ladderNote},
		{Key: "foul-play", Name: "tampering with another player's deck or archive", Rule: "Heresy 2.3.1",
			Ladder: ladder(FormalWarning, Disqualification), Note: "2.3.1, 2.3.3: an intentional violation"},
		{Key: "incivility", Name: "uncivil conduct", Rule: "Heresy 2.1.4",
			Ladder: ladder(InformalWarning, FormalWarning)},
	}
}

// common is the list for Altered and any other card game. Neither has a
// penalty document here, so it follows common tournament practice (and
// KeyForge's list, 000).
func common() []Infraction {
	const practice = "common practice"
	return []Infraction{
		{Key: "gameplay-error", Name: "gameplay error", Rule: practice,
			Ladder: ladder(InformalWarning, FormalWarning, GameLoss), Note: "correct the game where possible"},
		{Key: "tardiness", Name: "tardiness", Rule: practice,
			Ladder: ladder(FormalWarning, GameLoss)},
		{Key: "absence", Name: "absence at the start of a match", Rule: practice,
			Ladder: ladder(MatchLoss)},
		{Key: "deck-problem", Name: "illegal deck or failed deck check", Rule: practice,
			Ladder: ladder(GameLoss)},
		{Key: "slow-play", Name: "slow play", Rule: practice,
			Ladder: ladder(InformalWarning, FormalWarning, GameLoss)},
		{Key: "stalling", Name: "stalling", Rule: practice,
			Ladder: ladder(FormalWarning, GameLoss, Disqualification)},
		{Key: "ignoring-instructions", Name: "ignoring instructions from a judge or organizer", Rule: practice,
			Ladder: ladder(FormalWarning, GameLoss, Disqualification)},
		{Key: "unsporting-minor", Name: "unsporting conduct (minor)", Rule: practice,
			Ladder: ladder(InformalWarning, FormalWarning, GameLoss)},
		{Key: "unsporting-major", Name: "unsporting conduct (major)", Rule: practice,
			Ladder: ladder(GameLoss, Disqualification)},
		{Key: "collusion", Name: "bribery, wagering or collusion", Rule: practice,
			Ladder: ladder(Disqualification)},
		{Key: "cheating", Name: "cheating", Rule: practice,
			Ladder: ladder(Disqualification)},
	}
}
