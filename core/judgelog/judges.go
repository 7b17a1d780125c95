package judgelog

import (
	"slices"
	"strings"

	"tablekeeper/core/event"
	"tablekeeper/core/rules"
)

// MaxOrder is the last place in SWS's multi-judge order: a head judge
// (1) and a second to fifth judge (S11, 004 2.4d).
const MaxOrder = 5

// order is a judge's place in the multi-judge order: the head judge is 1
// even when Order was left 0; 0 means not in the order.
func order(j event.Judge) int {
	if j.Role == event.RoleHeadJudge && j.Order == 0 {
		return 1
	}
	return j.Order
}

func isSeated(j event.Judge, seated map[event.PlayerID]bool) bool {
	return j.PlayerID != 0 && seated[j.PlayerID]
}

// NextJudge returns the judge who rules at a table whose players are the
// keys of seated (S11, 004 2.4d): the ruling judge when not seated there;
// else the next judge of the multi-judge order after the ruling judge who is
// not seated either. With ruling 0 it starts from the head judge, so
// NextJudge(judges, seated, 0) names who rules at that table. It reports
// false when the ruling judge is not in judges or everyone after is seated;
// the organizer then decides (004 2.4b).
func NextJudge(judges []event.Judge, seated map[event.PlayerID]bool, ruling event.JudgeID) (event.Judge, bool) {
	from := 0
	if ruling != 0 {
		i := slices.IndexFunc(judges, func(j event.Judge) bool { return j.ID == ruling })
		if i < 0 {
			return event.Judge{}, false
		}
		if !isSeated(judges[i], seated) {
			return judges[i], true
		}
		from = order(judges[i])
	}
	var next event.Judge
	found := false
	for _, j := range judges {
		o := order(j)
		if o > from && !isSeated(j, seated) && (!found || o < order(next)) {
			next, found = j, true
		}
	}
	return next, found
}

// AppealTo returns the judge who hears appeals: the head judge (S11, 004
// 2.4e; KeyForge's marshal, K11). It reports false when there is none.
// When the head judge plays at the table concerned, the head judge's word
// is not final and the organizer decides (see Organizer).
func AppealTo(judges []event.Judge) (event.Judge, bool) {
	return withRole(judges, event.RoleHeadJudge)
}

// Organizer returns the event's organizer (tournament director), who has
// the last word on any ruling (S11, 004 2.4b). It reports false when the
// roster names none.
func Organizer(judges []event.Judge) (event.Judge, bool) {
	return withRole(judges, event.RoleOrganizer)
}

func withRole(judges []event.Judge, role event.JudgeRole) (event.Judge, bool) {
	for _, j := range judges {
		if j.Role == role {
			return j, true
		}
	}
	return event.Judge{}, false
}

// CheckRoster reports whether an event of the game may run with these judges
// and organizers, with a sentence for the organizer when it may not. Every
// game: names and known roles, at most one head judge, who is judge 1;
// multi-judge orders 2 to 5, each once, without gaps, after a head judge.
// Then what the game's ruleset asks (rules.JudgeRosterFor), for instance:
// KeyForge needs its marshal (K11) and Shadowfist its head judge (S11) as
// the head judge; Heresy one when it has several judges (002 2.1.3). In
// Shadowfist a head judge or organizer who plays needs the multi-judge
// system, that is a second judge (004 2.1c, 2.4c).
func CheckRoster(game string, judges []event.Judge) error {
	if err := checkPeople(judges); err != nil {
		return err
	}
	heads, orders, err := checkOrders(judges)
	if err != nil {
		return err
	}
	if err := checkHeads(game, judges, heads, len(orders) > 0); err != nil {
		return err
	}
	for o := 2; o <= MaxOrder; o++ {
		if orders[o] == "" && slices.ContainsFunc(judges, func(j event.Judge) bool { return order(j) > o }) {
			return event.Invalidf("judge %d is missing: the multi-judge order runs 2, 3, 4, 5 without gaps (S11)", o)
		}
	}
	if playing := rules.JudgeRosterFor(game).PlayingHeadNeedsSecond; playing != "" && orders[2] == "" {
		for _, j := range judges {
			if j.PlayerID != 0 && (j.Role == event.RoleHeadJudge || j.Role == event.RoleOrganizer) {
				return event.Invalidf(playing, strings.TrimSpace(j.Name))
			}
		}
	}
	return nil
}

// checkPeople checks names, roles and duplicates.
func checkPeople(judges []event.Judge) error {
	seen := make(map[event.JudgeID]bool)
	for _, j := range judges {
		name := strings.TrimSpace(j.Name)
		switch {
		case name == "":
			return event.Invalid("every judge and organizer needs a name")
		case len([]rune(name)) > event.MaxNameLength:
			return event.Invalidf("a judge's name is at most %d characters", event.MaxNameLength)
		case j.ID != 0 && seen[j.ID]:
			return event.Invalidf("%s is listed twice", name)
		}
		seen[j.ID] = true
		switch j.Role {
		case event.RoleOrganizer, event.RoleHeadJudge, event.RoleJudge:
		default:
			return event.Invalidf("%s has an unknown role %q: organizer, head-judge or judge", name, j.Role)
		}
	}
	return nil
}

// checkOrders checks the multi-judge order and counts the head judges. It
// returns the head judges' names and the name at each place of the order.
func checkOrders(judges []event.Judge) ([]string, map[int]string, error) {
	var heads []string
	orders := make(map[int]string)
	for _, j := range judges {
		name, o := strings.TrimSpace(j.Name), order(j)
		switch {
		case o < 0 || o > MaxOrder:
			return nil, nil, event.Invalidf("%s cannot be judge %d: the multi-judge order runs from 1 (the head judge) to %d", name, o, MaxOrder)
		case o == 1 && j.Role != event.RoleHeadJudge:
			return nil, nil, event.Invalidf("%s cannot be judge 1: that is the head judge's place", name)
		case j.Role == event.RoleHeadJudge && o != 1:
			return nil, nil, event.Invalidf("the head judge %s is judge 1 in the multi-judge order, not judge %d", name, o)
		case o > 1 && orders[o] != "": // two in place 1 are two head judges: checkHeads
			return nil, nil, event.Invalidf("%s and %s cannot both be judge %d", orders[o], name, o)
		}
		if o > 0 {
			orders[o] = name
		}
		if j.Role == event.RoleHeadJudge {
			heads = append(heads, name)
		}
	}
	return heads, orders, nil
}

// checkHeads checks the number of head judges the game asks for.
func checkHeads(game string, judges []event.Judge, heads []string, ordered bool) error {
	if len(heads) > 1 {
		return event.Invalidf("an event has one head judge, not %d (%s)", len(heads), strings.Join(heads, ", "))
	}
	if len(heads) == 1 {
		return nil
	}
	judging := 0
	for _, j := range judges {
		if j.Role == event.RoleJudge {
			judging++
		}
	}
	roster := rules.JudgeRosterFor(game)
	switch {
	case roster.NeedsHead != "":
		return event.Invalid(roster.NeedsHead)
	case roster.HeadWithJudges != "" && judging > 1:
		return event.Invalid(roster.HeadWithJudges)
	case ordered:
		return event.Invalid("the multi-judge order starts with the head judge: name one")
	}
	return nil
}
