package rules

import (
	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
	"tablekeeper/core/judgelog"
)

// This file says the roles of an event's judges with the game's own words,
// one way for every surface: KeyForge calls its head judge the marshal
// (K11) and the marshal's ruling on a dispute is final; the other games
// have a head judge who hears appeals (S11), and the organizer has the
// last word. The desk once said "the marshal" while the judge's phone
// said "head judge" for the same person.

// RoleName is role r said in a sentence with game's word for it:
// "marshal" or "head judge", "judge", "organizer".
func RoleName(game string, r event.JudgeRole) i18n.Text {
	switch r {
	case event.RoleHeadJudge:
		if gameOf(game).marshal {
			return i18n.F("marshal")
		}
		return i18n.F("head judge")
	case event.RoleOrganizer:
		return i18n.F("organizer")
	}
	return i18n.F("judge")
}

// RoleChoice is role r as a choice in a list of roles, capitalised and,
// where the game has a word of its own, with the usual one beside it:
// "Marshal (head judge)", "Head judge", "Judge", "Organizer".
func RoleChoice(game string, r event.JudgeRole) i18n.Text {
	switch r {
	case event.RoleHeadJudge:
		if gameOf(game).marshal {
			return i18n.F("Marshal (head judge)")
		}
		return i18n.F("Head judge")
	case event.RoleOrganizer:
		return i18n.F("Organizer")
	}
	return i18n.F("Judge")
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
	if head, ok := judgelog.AppealTo(judges); ok {
		if marshal {
			parts = append(parts, i18n.F("Disputes go to the marshal, %s, whose ruling is final (K11).", head.Name))
		} else {
			parts = append(parts, i18n.F("Appeals go to the head judge, %s (S11).", head.Name))
		}
	}
	if org, ok := judgelog.Organizer(judges); ok && !marshal {
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
