package events

import (
	"fmt"
	"strconv"
	"strings"

	"fyne.io/fyne/v2/widget"

	"tablekeeper/core/deck"
	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
	"tablekeeper/core/rules"
	"tablekeeper/ui/internal/tr"
)

// gameFields are the settings of a game's own scoring, draft and decks:
// the Shadowfist game-point values of rule 5.3 (S7), the draft's pod
// sizes and packs (A5, H7, S14), and whether Revelations decks may be
// tuned between matches (H7). Only the ones the event uses are shown.
type gameFields struct {
	deckRules  *widget.Select
	pool       *widget.Select
	gamePoints *widget.Entry
	pods       *widget.Entry
	packs      *widget.Entry
	// tuning is Heresy Revelations' deck tuning between matches (H7,
	// 5.3.2), which the judges may negate before the event.
	tuning *widget.Check

	deckRow, poolRow, gamePointsRow, podsRow, packsRow, tuningRow *formRow
}

// deckRuleNames are the deck-rule choices, as deck.Formats lists them.
func deckRuleNames() []string {
	var out []string
	for _, f := range deck.Formats() {
		out = append(out, deckRuleName(f))
	}
	return out
}

func deckRuleName(f deck.Format) string {
	if f == deck.FormatNone {
		return tr.L("None (decks are not checked)")
	}
	return f.NameIn(tr.Lang())
}

func poolNames() []string {
	var out []string
	for _, e := range rules.Environments() {
		out = append(out, tr.L(e.Name))
	}
	return out
}

// gamePointsHint explains the seven numbers of the game-points row.
var gamePointsHint = tr.K("Rule 5.3 a–g: seized, burned, played, non-site burned, cards reducing, other players' sites, cards increasing. The document's values are garbled; 4 3 2 0 -2 0 -2 are the defaults.")

func newGameFields(onSubmitted func(string)) *gameFields {
	return &gameFields{
		deckRules:  &widget.Select{Options: deckRuleNames()},
		pool:       &widget.Select{Options: poolNames()},
		gamePoints: &widget.Entry{OnSubmitted: onSubmitted},
		pods:       &widget.Entry{OnSubmitted: onSubmitted},
		packs:      &widget.Entry{OnSubmitted: onSubmitted},
		tuning:     &widget.Check{Text: tr.L("Players may tune their decks between matches")},
	}
}

// tuningHint says beside the deck-tuning box whose rule it is.
var tuningHint = tr.K("Heresy 5.3.2: the judges may negate it, announced before the tournament; unchecked, decks lock when round 1 is paired.")

// addTo adds the fields' rows to g.
func (f *gameFields) addTo(g *formGrid) {
	f.deckRow = g.add(tr.L("Deck rules"), f.deckRules, "")
	f.poolRow = g.add(tr.L("Card pool"), f.pool, tr.L("Shadowfist environments (6.0, Appendix V)"))
	f.gamePointsRow = g.add(tr.L("Game points"), f.gamePoints, tr.L(gamePointsHint))
	f.podsRow = g.add(tr.L("Draft pods"), f.pods, tr.L("Ideal size, or ideal smallest largest: \"8\", \"4 3 5\" (pods of 3 to 5)"))
	f.packsRow = g.add(tr.L("Packs"), f.packs, tr.L("Packs per player; they pass left, right, left, …"))
	f.tuningRow = g.add(tr.L("Deck tuning"), f.tuning, tr.L(tuningHint))
}

// set shows the fields for settings s of an event of game.
func (f *gameFields) set(game string, s event.Settings) {
	f.deckRules.SetSelected(deckRuleName(deck.Format(s.DeckRules)))
	f.poolRow.show(deck.Format(s.DeckRules).HasCardPool())
	for _, e := range rules.Environments() {
		if e.Key == s.Shadowfist.Environment {
			f.pool.SetSelected(tr.L(e.Name))
		}
	}
	f.gamePointsRow.show(s.UsesGamePoints())
	f.gamePoints.SetText(gamePointsText(s.GamePointValues()))
	f.podsRow.show(s.HasDraft())
	f.packsRow.show(s.HasDraft())
	f.pods.SetText(podsText(s))
	f.packs.SetText(strconv.Itoa(s.Draft.Packs))
	f.tuningRow.show(rules.DeckPolicyFor(game, s).Negatable)
	f.tuning.SetChecked(!s.Heresy.NoTuning)
}

// gamePointsText writes game-point values in the order of rule 5.3.
func gamePointsText(v event.GamePointValues) string {
	return fmt.Sprintf("%d %d %d %d %d %d %d", v.Seized, v.Burned, v.Played, v.OtherBurned, v.Reduce, v.Controlled, v.Increase)
}

// podsText writes a draft's pod sizes: "8" when the pods are all the
// ideal size, else "ideal smallest largest".
func podsText(s event.Settings) string {
	lo, hi := s.Draft.Bounds()
	if lo == s.Draft.Ideal && hi == s.Draft.Ideal {
		return strconv.Itoa(s.Draft.Ideal)
	}
	return fmt.Sprintf("%d %d %d", s.Draft.Ideal, lo, hi)
}

// numbers reads whole numbers separated by spaces or commas.
func numbers(text string, what i18n.Text) ([]int, error) {
	var out []int
	for _, f := range strings.FieldsFunc(text, func(r rune) bool { return r == ' ' || r == ',' || r == '\t' }) {
		n, err := strconv.Atoi(f)
		if err != nil {
			return nil, event.Invalidf("%s: %q is not a whole number", what, f)
		}
		out = append(out, n)
	}
	return out, nil
}

// read writes the fields shown into s, or says what is wrong.
func (f *gameFields) read(s *event.Settings) error {
	for _, d := range deck.Formats() {
		if deckRuleName(d) == f.deckRules.Selected {
			s.DeckRules = string(d)
		}
	}
	if f.poolRow.visible() {
		for _, e := range rules.Environments() {
			if tr.L(e.Name) == f.pool.Selected {
				s.Shadowfist.Environment = e.Key
			}
		}
	}
	if f.gamePointsRow.visible() {
		n, err := numbers(f.gamePoints.Text, i18n.F("game points"))
		if err != nil {
			return err
		}
		if len(n) != 7 {
			return event.Invalidf("game points need seven numbers, one for each item of rule 5.3 (for example 4 3 2 0 -2 0 -2), not %d", len(n))
		}
		v := event.GamePointValues{Seized: n[0], Burned: n[1], Played: n[2], OtherBurned: n[3], Reduce: n[4], Controlled: n[5], Increase: n[6]}
		if v == event.DefaultGamePoints() {
			s.Shadowfist.GamePoints = nil
		} else {
			s.Shadowfist.GamePoints = &v
		}
	}
	if f.podsRow.visible() {
		n, err := numbers(f.pods.Text, i18n.F("draft pods"))
		if err != nil {
			return err
		}
		switch len(n) {
		case 1:
			s.Draft.Ideal, s.Draft.Min, s.Draft.Max = n[0], 0, 0
		case 3:
			s.Draft.Ideal, s.Draft.Min, s.Draft.Max = n[0], n[1], n[2]
		default:
			return event.Invalid("draft pods: type the ideal pod size (\"8\"), or the ideal, smallest and largest (\"4 3 5\")")
		}
		if s.Draft.Ideal < 1 {
			return event.Invalid("draft pods: a pod seats at least 2 players; to play without a draft choose a format without one")
		}
	}
	if f.packsRow.visible() {
		n, err := number(f.packs.Text, i18n.F("packs"), s.Draft.Packs)
		if err != nil {
			return err
		}
		s.Draft.Packs = n
	}
	if f.tuningRow.visible() {
		s.Heresy.NoTuning = !f.tuning.Checked
	}
	return nil
}
