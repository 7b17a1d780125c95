package events

import (
	"slices"
	"strconv"
	"strings"

	"fyne.io/fyne/v2/widget"

	"tablekeeper/core/deck"
	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
	"tablekeeper/ui/internal/labels"
	"tablekeeper/ui/internal/tr"
)

// structureFields are the settings that shape an event's structure: the
// top cut after Swiss rounds, the playoff's match length and round time,
// a third-place match, and the "double" of each structure (a grand-final
// reset, a double round robin, a double-elimination Armageddon). Only the
// ones that apply to the structure are shown.
type structureFields struct {
	// onResize is called when rows appear or disappear.
	onResize func()

	structure event.Structure
	// multi: tables of three or more (a final table instead of a top cut).
	multi bool

	topCut         *widget.Select
	playoffBestOf  *widget.Select
	playoffMinutes *widget.Entry
	thirdPlace     *widget.Check
	double         *widget.Check
	lateLosses     *widget.Check
	finalTable     *widget.Select
	secondary      *widget.Check

	topCutRow, bestOfRow, minutesRow, thirdRow, doubleRow, lateRow, finalRow, secondRow *formRow
}

// topCutChoices are the top cuts offered (0: none).
var topCutChoices = []int{0, 4, 8, 16, 32}

// playoffChoices are the playoff match lengths offered (0: as the rounds).
var playoffChoices = []int{0, 1, 3, 5}

func newStructureFields(onSubmitted func(string)) *structureFields {
	f := &structureFields{}
	f.topCut = &widget.Select{Options: topCutOptions(0), OnChanged: f.onTopCutChanged}
	f.playoffBestOf = &widget.Select{Options: playoffOptions(0)}
	f.playoffMinutes = &widget.Entry{PlaceHolder: tr.L("same as the rounds"), OnSubmitted: onSubmitted}
	f.thirdPlace = &widget.Check{Text: tr.L("Play a match for third place")}
	f.double = &widget.Check{}
	f.lateLosses = &widget.Check{Text: tr.L("A loss for each round missed (else they join on 0 points)")}
	f.finalTable = &widget.Select{Options: []string{finalName(0), finalName(3), finalName(4), finalName(5)}, OnChanged: f.onTopCutChanged}
	f.secondary = &widget.Check{Text: tr.L("A secondary table for the next players")}
	return f
}

// addTo adds the fields' rows to g.
func (f *structureFields) addTo(g *formGrid) {
	f.topCutRow = g.add(tr.L("Top cut"), f.topCut, "")
	f.bestOfRow = g.add(tr.L("Playoff matches"), f.playoffBestOf, "")
	f.minutesRow = g.add(tr.L("Playoff minutes"), f.playoffMinutes, "")
	f.thirdRow = g.add(tr.L("Third place"), f.thirdPlace, "")
	f.doubleRow = g.add("", f.double, "")
	f.lateRow = g.add(tr.L("Late entries"), f.lateLosses, "")
	f.finalRow = g.add(tr.L("Final table"), f.finalTable, "")
	f.secondRow = g.add("", f.secondary, "")
}

// finalName names a final-table choice (S10, Swiss + Final).
func finalName(n int) string {
	if n == 0 {
		return tr.L("None")
	}
	return tr.F("Top %d at a final table", n)
}

func topCutName(n int) string {
	if n == 0 {
		return tr.L("None")
	}
	return tr.F("Top %d", n)
}

func topCutOptions(current int) []string {
	var out []string
	for _, n := range topCutChoices {
		out = append(out, topCutName(n))
	}
	if !containsInt(topCutChoices, current) {
		out = append(out, topCutName(current))
	}
	return out
}

func playoffName(n int) string {
	if n == 0 {
		return tr.L("Same as the rounds")
	}
	return bestOfName(n)
}

func playoffOptions(current int) []string {
	var out []string
	for _, n := range playoffChoices {
		out = append(out, playoffName(n))
	}
	if !containsInt(playoffChoices, current) {
		out = append(out, playoffName(current))
	}
	return out
}

// set shows the fields for settings s.
func (f *structureFields) set(s event.Settings) {
	f.structure = s.Structure
	f.multi = s.TableSize > 2
	f.finalTable.SetSelected(finalName(s.FinalTable.Size))
	f.secondary.SetChecked(s.FinalTable.Secondary)
	f.topCut.Options = topCutOptions(s.Playoff.TopCut)
	f.topCut.SetSelected(topCutName(s.Playoff.TopCut))
	f.playoffBestOf.Options = playoffOptions(s.Playoff.BestOf)
	f.playoffBestOf.SetSelected(playoffName(s.Playoff.BestOf))
	f.playoffMinutes.SetText("")
	if s.Playoff.Minutes > 0 {
		f.playoffMinutes.SetText(strconv.Itoa(s.Playoff.Minutes))
	}
	f.thirdPlace.SetChecked(s.Playoff.ThirdPlace)
	f.double.SetChecked(s.Double)
	f.lateLosses.SetChecked(s.LateEntryLosses)
	switch s.Structure {
	case event.StructureDoubleElimination:
		f.doubleRow.label.SetText(tr.L("Grand final"))
		f.double.Text = tr.L("Reset: a second final if the winners' finalist loses")
	case event.StructureRoundRobin:
		f.doubleRow.label.SetText(tr.L("Schedule"))
		f.double.Text = tr.L("Double round robin (everyone meets twice)")
	case event.StructureArmageddon:
		f.doubleRow.label.SetText(tr.L("Elimination"))
		f.double.Text = tr.L("Double elimination (out at two losses)")
	}
	f.double.Refresh()
	f.showRows()
}

func (f *structureFields) onTopCutChanged(string) {
	f.showRows()
}

// showRows shows the rows that apply to the structure (and, for Swiss, to
// the top cut chosen).
func (f *structureFields) showRows() {
	if f.topCutRow == nil {
		return
	}
	st := f.structure
	cut := st == event.StructureSwiss && f.topCut.Selected != "" && f.topCut.Selected != topCutName(0)
	playoff := cut || st == event.StructureKeyForge
	finalOf := st == event.StructureSwiss && f.multi || st == event.StructureDoubleFinal
	final := finalOf && f.finalTable.Selected != "" && f.finalTable.Selected != finalName(0)
	f.topCutRow.show(st == event.StructureSwiss && !f.multi)
	f.finalRow.show(finalOf)
	f.secondRow.show(final)
	f.bestOfRow.show(playoff)
	f.minutesRow.show(playoff)
	f.thirdRow.show(cut || st == event.StructureSingleElimination || st == event.StructureDoubleElimination)
	f.doubleRow.show(st == event.StructureDoubleElimination || st == event.StructureRoundRobin || st == event.StructureArmageddon)
	f.lateRow.show(st == event.StructureSwiss)
	if f.onResize != nil {
		f.onResize()
	}
}

// read writes the fields shown into s, or says what is wrong.
func (f *structureFields) read(s *event.Settings) error {
	if f.topCutRow.visible() {
		n := 0
		for _, c := range append(slices.Clone(topCutChoices), s.Playoff.TopCut) {
			if topCutName(c) == f.topCut.Selected {
				n = c
			}
		}
		s.Playoff.TopCut = n
		if n == 0 {
			s.Playoff = event.PlayoffSettings{}
		}
	}
	if f.bestOfRow.visible() {
		n, _ := bestOfNumber(f.playoffBestOf.Selected, playoffChoices[1:], s.Playoff.BestOf)
		s.Playoff.BestOf = n
		var err error
		if s.Playoff.Minutes, err = number(f.playoffMinutes.Text, i18n.F("playoff minutes"), 0); err != nil {
			return err
		}
	}
	if f.thirdRow.visible() {
		s.Playoff.ThirdPlace = f.thirdPlace.Checked
	}
	if f.doubleRow.visible() {
		s.Double = f.double.Checked
	}
	if f.lateRow.visible() {
		s.LateEntryLosses = f.lateLosses.Checked
	}
	if f.finalRow.visible() {
		s.FinalTable.Size = 0
		for _, n := range []int{3, 4, 5} {
			if f.finalTable.Selected == finalName(n) {
				s.FinalTable.Size = n
			}
		}
		s.FinalTable.Secondary = s.HasFinalTable() && f.secondary.Checked
	}
	return nil
}

// DescribeSettings says in one line how an event with settings s plays:
// "Best of 3 · 50-minute rounds · recommended number of rounds · 3/1/0
// points for a win/draw/loss · tiebreakers OMW%, GW%, OGW%".
func DescribeSettings(s event.Settings) string {
	var parts []string
	points := tr.F("%d/%d/%d points for a win/draw/loss", s.Points.Win, s.Points.Draw, s.Points.Loss)
	switch s.Structure {
	case event.StructureSwiss:
		rounds := tr.L("recommended number of rounds")
		if s.Rounds > 0 {
			rounds = tr.N("%d rounds", s.Rounds, s.Rounds)
		}
		parts = append(parts, bestOfName(s.GamesPerMatch), minuteRounds(s.RoundMinutes), rounds)
		if s.Playoff.TopCut > 0 {
			parts = append(parts, tr.F("then a top %d", s.Playoff.TopCut)+playoffText(s))
		}
		parts = append(parts, points)
	case event.StructureKeyForge:
		parts = append(parts, tr.F("Single games in %d-minute rounds, out at two losses", s.RoundMinutes),
			tr.L("then a playoff of eight")+playoffText(s))
	case event.StructureDoubleFinal:
		parts = append(parts, tr.F("%s in %d-minute rounds, out at two losses", bestOfName(s.GamesPerMatch), s.RoundMinutes),
			tr.F("then a final table of %d", s.FinalTable.Size))
	case event.StructureChallenges:
		parts = append(parts, tr.L("Open challenges: untimed games of 2 to 5 players, recorded as they are played"),
			tr.N("%d points for a game won", s.Points.Win, s.Points.Win))
	case event.StructureRoundRobin:
		parts = append(parts, labels.StructureOf(s), bestOfName(s.GamesPerMatch), minuteRounds(s.RoundMinutes), points)
	default:
		parts = append(parts, labels.StructureOf(s), bestOfName(s.GamesPerMatch), minuteRounds(s.RoundMinutes))
		if s.Playoff.ThirdPlace {
			parts = append(parts, tr.L("third-place match"))
		}
	}
	if s.DeckRules != "" {
		parts = append(parts, tr.F("decks checked as %s", deck.Format(s.DeckRules).NameIn(tr.Lang())))
	}
	if len(s.Tiebreakers) > 0 {
		var t []string
		for _, k := range s.Tiebreakers {
			title, _ := labels.Tiebreaker(k)
			t = append(t, title)
		}
		parts = append(parts, tr.F("tiebreakers %s", strings.Join(t, ", ")))
	}
	if s.UnflooredGameWin {
		parts = append(parts, tr.F("own %s unfloored (melee.gg)", "GW%"))
	}
	return strings.Join(parts, " · ")
}

// playoffText is " (best of 3, 120-minute rounds)" for a playoff that
// differs from the rounds, or "".
func playoffText(s event.Settings) string {
	var p []string
	if s.Playoff.BestOf > 0 && s.Playoff.BestOf != s.GamesPerMatch {
		p = append(p, tr.F("best of %d", s.Playoff.BestOf))
	}
	if s.Playoff.Minutes > 0 && s.Playoff.Minutes != s.RoundMinutes {
		p = append(p, minuteRounds(s.Playoff.Minutes))
	}
	if len(p) == 0 {
		return ""
	}
	return tr.F(" (%s)", strings.Join(p, ", "))
}

// minuteRounds is "50-minute rounds".
func minuteRounds(minutes int) string { return tr.F("%d-minute rounds", minutes) }
