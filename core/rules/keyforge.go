package rules

import (
	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
)

// keyforge is KeyForge (document 000). Every format runs the structure of
// K6: elimination rounds of one game, 45 minutes, out at two losses, then a
// random best-of-three playoff of eight, 120 minutes a round. Deck
// registration (K2–K5) comes with the deck rules.
func keyforge() Game {
	k6 := event.Settings{
		Structure:     event.StructureKeyForge,
		TableSize:     2,
		GamesPerMatch: 1,
		RoundMinutes:  45,
		Playoff:       event.PlayoffSettings{BestOf: 3, Minutes: 120},
		Points:        event.Points{Win: 3, Draw: 1, Loss: 0, Bye: 3},
		Tiebreakers:   []string{TieOpponentsMatchWin, TieGameWin, TieOpponentsGameWin},
	}
	format := func(key, name, summary string, rules ...string) Format {
		return Format{Key: key, Name: name, Summary: summary, Rules: append(rules, "K6"), Defaults: k6}
	}
	return Game{
		Key:         "keyforge",
		Name:        i18n.K("KeyForge"),
		atTime:      keyforgeAtTime,
		atTimeBuild: keyforgeForm,
		atTimeForm:  true,
		slip:        func(event.Settings) SlipKind { return SlipKeyForge },
		marshal:     true,
		roster:      JudgeRoster{NeedsHead: i18n.K("a KeyForge event needs a marshal: name one head judge (K11)")},
		deckPolicy:  keyforgeDecks,
		deckRules:   keyforgeDeckRules,
		infractions: keyforgeInfractions,
		Formats: []Format{
			format("archon-standard", i18n.K("Archon Standard"), i18n.K("Archon decks; single-game rounds, out at two losses, then a best-of-three playoff of eight."), "K1", "K2"),
			format("archon-sealed", i18n.K("Archon Sealed"), i18n.K("Sealed Archon decks chosen before round 1; single-game rounds, out at two losses, then a playoff of eight."), "K1", "K2"),
			format("alliance-standard", i18n.K("Alliance Standard"), i18n.K("Alliance decks of three pods; single-game rounds, out at two losses, then a playoff of eight."), "K1", "K3", "K4"),
			format("alliance-sealed", i18n.K("Alliance Sealed"), i18n.K("Alliance decks from sealed decks; single-game rounds, out at two losses, then a playoff of eight."), "K1", "K5"),
		},
	}
}

// keyforgeAtTime: the round decides between K7 and K8, since KeyForge plays
// its loss rounds as single games and its playoff as best of three (K6).
func keyforgeAtTime(_ event.Settings, bestOf, seats, table int) (AtTime, error) {
	if seats != 2 {
		return AtTimeNone, event.Invalidf("table %d seats %d players; a KeyForge game has two", table, seats)
	}
	switch bestOf {
	case 1:
		return AtTimeKeyForgeGame, nil
	case 3:
		return AtTimeKeyForgeMatch, nil
	}
	return noForm(i18n.F("KeyForge decides a single game (K7) or a best of three (K8) at time, not a best of %d: enter the games won with Time-out ticked", bestOf))
}

// keyforgeDecks is KeyForge's rule on changing decks: an Archon deck is
// played "complete and unmodified" (K2), an Alliance as registered (K3);
// between rounds of Alliance Sealed a player may calibrate (K5: swap pods
// for unused pods of her sealed decks).
func keyforgeDecks(s event.Settings) DeckPolicy {
	switch s.DeckRules {
	case "keyforge-alliance-sealed":
		return DeckPolicy{Change: DecksCalibrate, Rule: "K5"}
	case "keyforge-alliance":
		return DeckPolicy{Change: DecksLock, Rule: "K3"}
	}
	return DeckPolicy{Change: DecksLock, Rule: "K2"}
}

// keyforgeDeckRules gives each KeyForge format the decklist rules of K2–K5
// its decks are checked against.
func keyforgeDeckRules(format string) string {
	switch format {
	case "archon-standard":
		return "keyforge-archon"
	case "archon-sealed":
		return "keyforge-archon-sealed"
	case "alliance-standard":
		return "keyforge-alliance"
	case "alliance-sealed":
		return "keyforge-alliance-sealed"
	}
	return ""
}

// keyforgeInfractions lists the rules infractions and unsporting conduct of 000
// (K10). The document gives principles, not ladders: informal warnings for
// minor infractions, a formal warning when the same warning repeats, a game
// loss "not issued lightly", disqualification and ejection by the marshal
// after "at least one formal warning" in most cases, or at once when the
// transgression is serious enough. The ladders follow those principles.
func keyforgeInfractions() []Infraction {
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

// keyforgeSlipSpec is KeyForge's slip: a block a player and a row a game
// with the winner ticked and keys, Æmber and chains written (K8), the
// games won, and the match winner, who reports the result, signing with
// the opponent (K9).
var keyforgeSlipSpec = SlipSpec{
	Name:      "KeyForge",
	Layout:    SlipByGame,
	Seats:     2,
	SeatsRule: "a KeyForge match is between 2 players",
	GameBoxes: []SlipBox{{Label: i18n.K("Won"), Tick: true}, {Label: i18n.K("Keys")}, {Label: i18n.K("Æmber")}, {Label: i18n.K("Chains")}},
	Total:     i18n.K("Games won"),
	TotalOne:  i18n.K("Won"),
	Signatures: []string{i18n.K("Match winner (reports the result)"), i18n.K("Winner's signature"),
		i18n.K("Opponent's signature")},
}
