package deck

import "tablekeeper/core/i18n"

// heresyCopies is Heresy's copy limit for cards other than locations
// (002, 2.2.1).
const heresyCopies = 4

// ultracommonLocations are the locations named in document 002, 5.4.5;
// they are known to be locations without a card list. Read only.
var ultracommonLocations = [...]string{
	"Congo Depth Preserve", "Corporate Arcology", "Euroreach", "Free City",
	"Kiev Grid", "Nile Shard", "Osaka Expanse", "Old World City",
	"Outland Tunnels", "Remote Biodome", "Rimspace", "Rio Net",
	"Seafloor Metroplex", "Urban Sprawl",
}

// UltracommonLocations returns the Ultracommon locations of Heresy's basic
// set (002, 5.4.5), which a Revelations deck may add in any number (H7)
// and which are locations for the copy limit (H1) without a card list.
func UltracommonLocations() []string {
	return append([]string(nil), ultracommonLocations[:]...)
}

// ultracommonKeys are the folded names of ultracommonLocations, folded
// once: every card of every deck checked asks ultracommon, and folding the
// fourteen names on each call made a 1,000-player desk view of decklists
// spend most of its time here.
var ultracommonKeys = func() map[string]bool {
	keys := make(map[string]bool, len(ultracommonLocations))
	for _, l := range ultracommonLocations {
		keys[foldName(l)] = true
	}
	return keys
}()

func ultracommon(name string) bool { return ultracommonKeys[foldName(name)] }

// heresy checks a Heresy deck: at least min cards (H1: 60; H7: 50), at most
// four of a card except locations when limit is set (H1; Revelations has no
// limit, 5.3.1), and no Apocalypse cards when noApocalypse is set (H6,
// 4.3.1).
func (c *checker) heresy(rule string, min int, limit, noApocalypse bool) {
	if total := c.list.Total(); total < min {
		msg := i18n.F("the deck has %s; a Heresy deck needs at least %d. Add %d.", plural(total, "card"), min, min-total)
		if rule == "H7" {
			msg = i18n.F("the deck has %s; a Revelations deck needs at least %d. Add %d; any number of Ultracommon locations may be added.", plural(total, "card"), min, min-total)
		}
		c.problem(rule, "", msg)
	}
	if limit {
		for _, g := range c.groups() {
			if g.count <= heresyCopies {
				continue
			}
			e := c.list.Entries[g.first]
			location, why := c.isType(e, TypeLocation)
			switch {
			case why != "":
				c.needFact(rule, g.name, "type", why, i18n.F("list it under a \"Locations:\" line if it is a location (only locations may have more than 4 copies), or import a card list that has it"))
			case !location:
				c.problem(rule, g.name, i18n.F("%s has %d copies; a Heresy deck may have at most %d of a card, locations excepted. Remove %d.",
					quote(g.name), g.count, heresyCopies, g.count-heresyCopies))
			}
		}
	}
	if noApocalypse {
		for _, e := range c.list.Entries {
			apocalypse, why := c.isType(e, TypeApocalypse)
			switch {
			case why != "":
				c.needFact("H6", e.Name, "type", why, i18n.Text{})
			case apocalypse:
				c.problem("H6", e.Name, i18n.F("%s is an Apocalypse card, and Apocalypse cards are banned in Armageddon tournaments. Remove it.", quote(e.Name)))
			}
		}
	}
}
