package deck

import (
	"slices"
	"strings"

	"tablekeeper/core/i18n"
)

// Pod is one house pod of an Alliance deck: the 12 cards of one house from
// one Archon deck.
type Pod struct {
	// House is the pod's house, as on the deck list ("Dis").
	House string
	// Deck is the name of the Archon deck the pod comes from, as on its
	// Archon card; it names one of the deck lists the player registered.
	Deck string
}

// Alliance is a player's Alliance deck registration (K3): which house pod
// comes from which Archon deck, and the reference cards the set asks for.
// The deck lists themselves (Lists from ParseArchon) are registered beside
// it.
type Alliance struct {
	// Pods are the three house pods, each of a different house.
	Pods []Pod
	// Tokens are the token creature reference cards registered with the
	// deck: a Winds of Exchange deck needs exactly one, from the decks used;
	// other sets none.
	Tokens []string
	// Tide says the deck includes the Tide reference card: required for a
	// Dark Tidings deck, not allowed for other sets.
	Tide bool
}

// ValidateAlliance checks an Alliance deck against the Archon deck lists
// the player registered (K2, K3) for FormatAllianceStandard or
// FormatAllianceSealed.
//
// Alliance Standard: three pods of different houses from up to three of
// the decks, all of one set; the Tide reference card for Dark Tidings and
// none otherwise; exactly one token creature from the decks used for Winds
// of Exchange and none otherwise; and the Alliance Restricted List (K4),
// unless the three pods are one unmodified Archon deck.
//
// Alliance Sealed: decks are the player's two or three sealed decks (K5);
// the same checks, without the restricted list. Between rounds use
// Calibrate.
//
// cards gives a card's house when a deck list does not put its cards under
// house titles, and token creatures' types; it may be empty.
func ValidateAlliance(format Format, reg Alliance, decks []List, cards CardList) Report {
	c := &checker{cards: cards}
	switch format {
	case FormatAllianceStandard, FormatAllianceSealed:
		c.alliance(format == FormatAllianceSealed, false, reg, decks)
	default:
		c.problem("", "", i18n.F("The deck rules %s have no Alliance decks; an Alliance is checked with Alliance Standard or Alliance Sealed.", quote(string(format))))
	}
	return c.report()
}

// Calibrate checks an Alliance Sealed player's pods for the next round
// (K5, 000 "Deck Calibration"): between rounds a player may swap pods for
// unused pods of the sealed decks they opened, and the result must again be
// three pods of different houses from those decks. next is the whole
// registration after the swap; sealed are all the decks the player opened
// (two or three). The token creature may be swapped for an unused one from
// any of the opened decks, not only the decks whose pods are used.
func Calibrate(sealed []List, next Alliance, cards CardList) Report {
	c := &checker{cards: cards}
	c.alliance(true, true, next, sealed)
	return c.report()
}

// alliance checks an Alliance registration. sealed selects Alliance Sealed
// (K5, no restricted list); anyToken lets the token come from any of the
// decks (calibration).
func (c *checker) alliance(sealed, anyToken bool, reg Alliance, decks []List) {
	rule := "K3"
	from := i18n.F("the registered deck lists")
	if sealed {
		rule = "K5"
		from = i18n.F("the player's sealed decks")
		if len(decks) < 2 || len(decks) > 3 {
			c.problem(rule, "", i18n.FN("Alliance Sealed uses two or three sealed decks per player, and %d are registered; register every sealed deck the player opened.",
				len(decks), len(decks)))
		}
	}
	byName := map[string]int{}
	for i, d := range decks {
		c.archon("K2", d, i18n.F("deck %d", i+1))
		if _, dup := byName[foldName(d.Name)]; !dup && d.Name != "" {
			byName[foldName(d.Name)] = i
		}
	}

	if len(reg.Pods) != 3 {
		c.problem(rule, "", i18n.F("the Alliance has %s; it needs three house pods, each of a different house.", plural(len(reg.Pods), "pod")))
	}
	var used []int // decks whose pods are used, in order
	var valid []Pod
	houses := map[string]bool{}
	for _, pod := range reg.Pods {
		i, ok := byName[foldName(pod.Deck)]
		switch {
		case strings.TrimSpace(pod.Deck) == "":
			c.problem(rule, "", i18n.F("the %s pod does not say which deck it comes from; choose the deck for it.", pod.House))
			continue
		case !ok:
			c.problem(rule, "", i18n.F("the %s pod comes from %s, which is not among %s; register that deck's list too.", pod.House, quote(pod.Deck), from))
			continue
		case houseOf(decks[i], pod.House) == "":
			c.problem(rule, "", i18n.F("%s has no %s pod; its houses are %s. Choose one of those.", quote(decks[i].Name), pod.House, joinAnd(decks[i].Houses)))
			continue
		}
		if houses[foldName(pod.House)] {
			c.problem(rule, "", i18n.F("two pods are %s; each pod of an Alliance must be of a different house. Choose another house for one of them.", houseOf(decks[i], pod.House)))
			continue
		}
		houses[foldName(pod.House)] = true
		valid = append(valid, pod)
		if !containsInt(used, i) {
			used = append(used, i)
		}
	}

	sets := c.sets(decks, used, sealed)
	if len(sets) > 1 {
		msg := i18n.F("the pods come from decks of different sets (%s); an Alliance uses decks of one set only.", joinAnd(sets))
		if sealed {
			msg = i18n.F("the sealed decks are of different sets (%s); an Alliance uses decks of one set only.", joinAnd(sets))
		}
		c.problem(rule, "", msg)
	}
	if len(sets) == 1 {
		tokenFrom := used
		if anyToken {
			tokenFrom = nil
			for i := range decks {
				tokenFrom = append(tokenFrom, i)
			}
		}
		c.referenceCards(sets[0], reg, decks, tokenFrom)
	}

	unmodified := len(valid) == 3 && len(used) == 1
	if !sealed && !unmodified && len(valid) > 0 {
		c.restrictedList(valid, decks, byName)
	}
}

func containsInt(list []int, n int) bool {
	for _, x := range list {
		if x == n {
			return true
		}
	}
	return false
}

// houseOf returns the house as d's list spells it, or "" when d does not
// have it.
func houseOf(d List, house string) string {
	for _, h := range d.Houses {
		if foldName(h) == foldName(house) {
			return h
		}
	}
	return ""
}

// sets returns the distinct sets of the decks used (all decks when
// sealed), by full name, in order.
func (c *checker) sets(decks []List, used []int, sealed bool) []string {
	var out []string
	for i, d := range decks {
		if (!sealed && !containsInt(used, i)) || strings.TrimSpace(d.Set) == "" {
			continue
		}
		if s := SetName(d.Set); !containsFold(out, s) {
			out = append(out, s)
		}
	}
	return out
}

func containsFold(list []string, s string) bool {
	for _, x := range list {
		if foldName(x) == foldName(s) {
			return true
		}
	}
	return false
}

// referenceCards checks the Tide card and the token creature (K3).
func (c *checker) referenceCards(set string, reg Alliance, decks []List, tokenFrom []int) {
	const rule = "K3"
	switch {
	case set == setDarkTidings && !reg.Tide:
		c.problem(rule, "", i18n.F("a Dark Tidings Alliance deck must include the Tide reference card; add it to the registration."))
	case set != setDarkTidings && reg.Tide:
		c.problem(rule, "", i18n.F("the Tide reference card is only for Dark Tidings decks, and this Alliance is %s; take it out.", set))
	}
	if set != setWindsOfExchange {
		for _, t := range reg.Tokens {
			c.problem(rule, t, i18n.F("token creature reference cards are only used with Winds of Exchange decks, and this Alliance is %s; take out %s.", set, quote(t)))
		}
		return
	}
	switch len(reg.Tokens) {
	case 0:
		c.problem(rule, "", i18n.F("a Winds of Exchange Alliance deck needs exactly one token creature reference card; register the one chosen from the decks used."))
		return
	case 1:
	default:
		c.problem(rule, "", i18n.F("the Alliance registers %d token creatures (%s); a Winds of Exchange deck uses exactly one. Keep one.", len(reg.Tokens), listNames(reg.Tokens)))
		return
	}
	token := reg.Tokens[0]
	var available, names []string
	for _, i := range tokenFrom {
		available = append(available, c.tokens(decks[i])...)
		names = append(names, quote(decks[i].Name))
	}
	switch {
	case len(available) == 0:
		c.warn(rule, token, i18n.F("cannot check that the token creature %s comes from %s: their deck lists name no token creature; add a \"Token:\" line to each, or check by hand.", quote(token), joinAnd(names)))
	case !containsFold(available, token):
		c.problem(rule, token, i18n.F("the token creature %s is not one of the decks' (%s); choose %s.", quote(token), joinAnd(names), orList(available)))
	}
}

// orList quotes names as "a", "a or b", "a, b or c".
func orList(names []string) string {
	var q []string
	for _, n := range names {
		q = append(q, quote(n))
	}
	if len(q) <= 1 {
		return strings.Join(q, "")
	}
	return strings.Join(q[:len(q)-1], ", ") + " or " + q[len(q)-1]
}

// restrictedList checks the Alliance Restricted List over the pods (K4):
// at most one card by name from the list, in at most its quantity.
func (c *checker) restrictedList(pods []Pod, decks []List, byName map[string]int) {
	const rule = "K4"
	type hit struct {
		card   RestrictedCard
		name   string
		copies int
		where  []i18n.Text
	}
	var hits []*hit
	byCard := map[string]*hit{}
	for _, pod := range pods {
		d := decks[byName[foldName(pod.Deck)]]
		where := i18n.F("the %s pod of %s", pod.House, quote(d.Name))
		entries, ok := c.podCards(d, pod.House)
		if !ok {
			c.warn(rule, "", i18n.F("cannot check the Alliance Restricted List for %s: its cards are not listed; paste the deck list with its cards under house titles, or check by hand.", where))
			continue
		}
		for _, e := range entries {
			rc, ok := restricted(e.Name)
			if !ok {
				continue
			}
			key := foldName(rc.Name)
			h := byCard[key]
			if h == nil {
				h = &hit{card: rc, name: e.Name}
				byCard[key] = h
				hits = append(hits, h)
			}
			h.copies += e.Count
			if !slices.ContainsFunc(h.where, func(w i18n.Text) bool { return w.String() == where.String() }) {
				h.where = append(h.where, where)
			}
		}
	}
	if len(hits) > 1 {
		var parts []i18n.Text
		for _, h := range hits {
			parts = append(parts, i18n.F("%s in %s", quote(h.name), joinAnd(h.where)))
		}
		c.problem(rule, "", i18n.F("the Alliance has %d cards from the Alliance Restricted List (%s); it may include only one of them by name. Swap pods so that only one remains.",
			len(hits), semicolonList(parts)))
	}
	for _, h := range hits {
		if h.card.PerDeck > 0 && h.copies > h.card.PerDeck {
			c.problem(rule, h.name, i18n.F("%s appears %d times; the Alliance Restricted List allows %s. Choose pods with fewer copies.",
				quote(h.name), h.copies, h.card.Allowed()))
		}
	}
}
