package rules

import (
	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
)

// This file says the roles of an event's judges with the game's own words,
// one way for every surface: KeyForge calls its head judge the marshal
// (K11) and the marshal's ruling on a dispute is final; the other games
// have a head judge who hears appeals (S11), and the organizer has the
// last word. The desk once said "the marshal" while the judge's phone
// said "head judge" for the same person.

// roleWords are role r's words in game: its name in a sentence ("marshal",
// "head judge", "judge", "organizer") and its choice in a list of roles,
// capitalised and, where the game has a word of its own, with the usual
// one beside it ("Marshal (head judge)").
func roleWords(game string, r event.JudgeRole) (name, choice string) {
	switch {
	case r == event.RoleHeadJudge && gameOf(game).marshal:
		return i18n.K("marshal"), i18n.K("Marshal (head judge)")
	case r == event.RoleHeadJudge:
		return i18n.K("head judge"), i18n.K("Head judge")
	case r == event.RoleOrganizer:
		return i18n.K("organizer"), i18n.K("Organizer")
	}
	return i18n.K("judge"), i18n.K("Judge")
}

// RoleName is role r said in a sentence with game's word for it:
// "marshal" or "head judge", "judge", "organizer".
func RoleName(game string, r event.JudgeRole) i18n.Text {
	name, _ := roleWords(game, r)
	return i18n.F(name)
}

// RoleChoice is role r as a choice in a list of roles, capitalised and,
// where the game has a word of its own, with the usual one beside it:
// "Marshal (head judge)", "Head judge", "Judge", "Organizer".
func RoleChoice(game string, r event.JudgeRole) i18n.Text {
	_, choice := roleWords(game, r)
	return i18n.F(choice)
}

// JudgeRole says judge j's place in an event of game: the role in game's
// word, the place in the multi-judge order when it adds something (the
// head judge is judge 1), and whether the judge plays: "marshal", "head
// judge · also plays", "judge 2", "organizer · judge 3".
func JudgeRole(game string, j event.Judge) i18n.Text {
	var parts []any
	if j.Role == event.RoleHeadJudge || j.Role == event.RoleOrganizer {
		parts = append(parts, RoleName(game, j.Role))
	}
	switch {
	case j.Order > 1 || j.Order == 1 && j.Role != event.RoleHeadJudge:
		parts = append(parts, i18n.F("judge %d", j.Order))
	case j.Role == event.RoleJudge:
		parts = append(parts, RoleName(game, j.Role))
	}
	if j.PlayerID != 0 {
		parts = append(parts, i18n.F("also plays"))
	}
	return joinDot(parts)
}

// Appeals says who hears appeals among judges (S11, K11) and who has the
// last word, in game's words; the zero Text when judges is empty.
func Appeals(game string, judges []event.Judge) i18n.Text {
	var parts []any
	marshal := gameOf(game).marshal
	if head, ok := withRole(judges, event.RoleHeadJudge); ok {
		if marshal {
			parts = append(parts, i18n.F("Disputes go to the marshal, %s, whose ruling is final (K11).", head.Name))
		} else {
			parts = append(parts, i18n.F("Appeals go to the head judge, %s (S11).", head.Name))
		}
	}
	if org, ok := withRole(judges, event.RoleOrganizer); ok && !marshal {
		parts = append(parts, i18n.F("The organizer, %s, has the last word.", org.Name))
	}
	return joinWith(parts, " ")
}

// joinDot joins texts with " · ", the separator of a role's parts.
func joinDot(parts []any) i18n.Text { return joinWith(parts, " · ") }

// joinWith joins texts with sep; the zero Text when there are none.
func joinWith(parts []any, sep string) i18n.Text {
	if len(parts) == 0 {
		return i18n.Text{}
	}
	format := "%s"
	for range parts[1:] {
		format += sep + "%s"
	}
	return i18n.Text{Format: format, Args: parts}
}

// withRole returns the first of judges with role r: the head judge who
// hears appeals, the organizer with the last word (core/judgelog's
// AppealTo and Organizer read the roster the same way).
func withRole(judges []event.Judge, role event.JudgeRole) (event.Judge, bool) {
	for _, j := range judges {
		if j.Role == role {
			return j, true
		}
	}
	return event.Judge{}, false
}

// JudgeRoster is what a game asks of an event's judges beyond the rules of
// every game that core/judgelog's CheckRoster checks (names, roles, one
// head judge at most, the multi-judge order). Each sentence is a key of the
// translation files, said when the roster breaks the rule.
type JudgeRoster struct {
	// NeedsHead is the sentence of a game that needs its head judge: an
	// event without one is refused (KeyForge's marshal, K11; Shadowfist's
	// head judge present during play, S11). "": none needed.
	NeedsHead string
	// HeadWithJudges is the sentence of a game that needs a head judge once
	// it has several judges (Heresy, 002 2.1.3). "": none needed.
	HeadWithJudges string
	// PlayingHeadNeedsSecond is the sentence, a format of the person's
	// name, of a game where a head judge or organizer who plays needs the
	// multi-judge system, that is a second judge (SWS, 004 2.1c, 2.4c).
	// "": they may play.
	PlayingHeadNeedsSecond string
}

// JudgeRosterFor returns what game asks of its judges; the zero
// JudgeRoster for a game that asks nothing more.
func JudgeRosterFor(game string) JudgeRoster { return gameOf(game).roster }

// Marshal reports whether game's head judge is its marshal (KeyForge,
// K11), whose ruling is final and who decides a penalty after a second
// formal warning in the tournament (K10).
func Marshal(game string) bool { return gameOf(game).marshal }
