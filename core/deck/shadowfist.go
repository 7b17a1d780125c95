package deck

import (
	"sort"
	"strings"

	"tablekeeper/core/i18n"
)

// Shadowfist limits (004, 3.0 a and 6.1 b, c).
const (
	shadowfistCopies   = 5
	comradesMin        = 23
	ritualLetters      = 3
	hundredNamesCopies = 1
)

// noMax reports whether e is a No Max card: under a "No Max" section or so
// marked in the card list.
func (c *checker) noMax(e Entry) (bool, string) {
	if _, noMax := sectionFacts(e.Section); noMax {
		return true, ""
	}
	v, why := c.fact(e, "No Max marking", true, func(card Card) string {
		if card.NoMax {
			return "yes"
		}
		return "no"
	})
	return v == "yes", why
}

// fiveCopies checks S2: at most five of a title, except No Max cards
// (3.0 a: "No more than 5 of any card of the same title (except for cards
// with No Max). Any player with more than 5 of a particular card is
// disqualified."). Copies are counted by title, which needs no card list;
// the No Max fact is asked for only for titles with more than five
// copies. A title over five whose No Max marking nobody can show (no card
// list, or one that does not have it) is over the limit, as the rule has
// it, and refused with how to fix it: a "No Max:" line when the card says
// so. Only the card list saying No Max, or the list's own "No Max:"
// section, lets it pass.
func (c *checker) fiveCopies() {
	const rule = "S2"
	for _, g := range c.groups() {
		if g.count <= shadowfistCopies {
			continue
		}
		noMax, why := c.noMax(c.list.Entries[g.first])
		switch {
		case why != "":
			c.problem(rule, g.name, i18n.F("%s has %d copies; a deck may have at most %d of a title, and a player with more is disqualified (3.0 a). Remove %d, or, if the card says No Max, list it under a \"No Max:\" line.",
				quote(g.name), g.count, shadowfistCopies, g.count-shadowfistCopies))
		case !noMax:
			c.problem(rule, g.name, i18n.F("%s has %d copies; a deck may have at most %d of a title unless the card says No Max. Remove %d.",
				quote(g.name), g.count, shadowfistCopies, g.count-shadowfistCopies))
		}
	}
}

// hundredNames checks One Hundred Names: one copy of every card, No Max
// cards, foundation characters and Feng Shui Sites included (S3, 6.1 d).
func (c *checker) hundredNames() {
	for _, g := range c.groups() {
		if g.count > hundredNamesCopies {
			c.problem("S3", g.name, i18n.F("%s has %d copies; a One Hundred Names deck may hold only one of each card, No Max cards and Feng Shui Sites included. Remove %d.",
				quote(g.name), g.count, g.count-hundredNamesCopies))
		}
	}
}

// ritual checks Ritual of the Unnameable (S3, 6.1 c): every title starts
// with one of three chosen letters. Punctuation and digits are skipped
// ("Ignore all punctuation and numbers not written as words", so "10,000
// Bullets" starts with B) and articles count ("The Dragon" starts with T).
//
// The letters are the list's "Letters:" line. Without one, the deck is
// legal when its titles use at most three letters; when they use more the
// message lists the letters seen and the cards outside the three most used.
func (c *checker) ritual() {
	const rule = "S3"
	type letter struct {
		r      rune
		copies int
		cards  []string
	}
	seen := map[rune]*letter{}
	var letters []*letter
	for _, e := range c.list.Entries {
		r := initial(e.Name)
		if r == 0 {
			c.problem(rule, e.Name, i18n.F("%s has no letter to start with, so it cannot start with a chosen letter; check its spelling.", quote(e.Name)))
			continue
		}
		l := bucket(seen, &letters, r, func() *letter { return &letter{r: r} })
		l.copies += e.Count
		l.cards = append(l.cards, e.Name)
	}
	chosen := c.list.Letters
	if len(chosen) > ritualLetters {
		c.problem(rule, "", i18n.F("the list chooses %d letters (%s); Ritual of the Unnameable allows three. Keep three on the \"Letters:\" line.",
			len(chosen), runeList(chosen)))
		chosen = nil
	}
	if len(chosen) > 0 {
		for _, e := range c.list.Entries {
			if r := initial(e.Name); r != 0 && !strings.ContainsRune(string(chosen), r) {
				c.problem(rule, e.Name, i18n.F("%s starts with %c, which is not one of your letters (%s); replace the card or change your letters.",
					quote(e.Name), r, runeList(chosen)))
			}
		}
		return
	}
	if len(letters) <= ritualLetters {
		return
	}
	sort.SliceStable(letters, func(i, j int) bool {
		if letters[i].copies != letters[j].copies {
			return letters[i].copies > letters[j].copies
		}
		return letters[i].r < letters[j].r
	})
	var counts []i18n.Text
	var off, offCards []string
	for i, l := range letters {
		counts = append(counts, i18n.F("%c (%s)", l.r, plural(l.copies, "card")))
		if i >= ritualLetters {
			off = append(off, string(l.r))
			offCards = append(offCards, l.cards...)
		}
	}
	c.problem(rule, "", i18n.F("the titles start with %d letters: %s; Ritual of the Unnameable allows three. Replace the cards starting with %s: %s, or write your three letters on a \"Letters:\" line.",
		len(letters), joinAnd(counts), joinAnd(off), listNames(offCards)))
}

// runeList writes letters as "A, B and T".
func runeList(rs []rune) wordList {
	var s []string
	for _, r := range rs {
		s = append(s, string(r))
	}
	return joinAnd(s)
}

// comrades checks Comrades in Arms: at least 23 cards share a designator
// (S3, 6.1 b). Designators come from the card list only. Cards of unknown
// designators are reported only when they could make up the difference.
func (c *checker) comrades() {
	const rule = "S3"
	type designator struct {
		name   string
		copies int
	}
	var all []*designator
	byKey := map[string]*designator{}
	unknownCopies := 0
	var unknown []Entry
	var whys []string
	for _, e := range c.list.Entries {
		v, why := c.fact(e, "designator", true, func(card Card) string { return strings.Join(card.Designators, ";") })
		if why != "" {
			unknownCopies += e.Count
			unknown = append(unknown, e)
			whys = append(whys, why)
			continue
		}
		counted := map[string]bool{}
		for _, d := range strings.Split(v, ";") {
			key := foldName(d)
			if key == "" || counted[key] {
				continue
			}
			counted[key] = true
			des := byKey[key]
			if des == nil {
				des = &designator{name: strings.TrimSpace(d)}
				byKey[key] = des
				all = append(all, des)
			}
			des.copies += e.Count
		}
	}
	var best *designator
	for _, d := range all {
		if best == nil || d.copies > best.copies {
			best = d
		}
	}
	bestCopies := 0
	if best != nil {
		bestCopies = best.copies
	}
	switch {
	case bestCopies >= comradesMin:
	case bestCopies+unknownCopies >= comradesMin:
		for i, e := range unknown {
			c.needFact(rule, e.Name, "designators", whys[i], i18n.Text{})
		}
	case best == nil:
		c.problem(rule, "", i18n.F("no card has a designator; a Comrades in Arms deck needs at least %d cards that share one.", comradesMin))
	default:
		c.problem(rule, "", i18n.F("at most %d cards share a designator (%s); a Comrades in Arms deck needs at least %d that share one. Add %s.",
			bestCopies, best.name, comradesMin, i18n.FN("%d more %s cards", comradesMin-bestCopies, comradesMin-bestCopies, best.name)))
	}
}
