package events

import (
	"slices"
	"strconv"
	"strings"

	"fyne.io/fyne/v2/widget"

	"tablekeeper/core/deck"
	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
	"tablekeeper/core/rules"
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

	// settings are the event's settings as last set, the top cut and the
	// final table as chosen: core says which rows they offer
	// (rules.StructureOptionsFor).
	settings event.Settings

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

// choices are the options core offers for any structure, for the lists
// of choices (the sizes of a top cut, of a final table, the playoff
// lengths).
var choices = rules.StructureOptionsFor(event.Settings{})

func newStructureFields(onSubmitted func(string)) *structureFields {
	f := &structureFields{}
	f.topCut = &widget.Select{Options: topCutOptions(0), OnChanged: f.onTopCutChanged}
	f.playoffBestOf = &widget.Select{Options: playoffOptions(0)}
	f.playoffMinutes = &widget.Entry{PlaceHolder: tr.L("same as the rounds"), OnSubmitted: onSubmitted}
	f.thirdPlace = &widget.Check{Text: tr.L("Play a match for third place")}
	f.double = &widget.Check{}
	f.lateLosses = &widget.Check{Text: tr.L("A loss for each round missed (else they join on 0 points)")}
	var finals []string
	for _, n := range choices.FinalTables {
		finals = append(finals, finalName(n))
	}
	f.finalTable = &widget.Select{Options: finals, OnChanged: f.onTopCutChanged}
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

func topCutOptions(current int) []string { return options(choices.TopCuts, current, topCutName) }

func playoffName(n int) string {
	if n == 0 {
		return tr.L("Same as the rounds")
	}
	return bestOfName(n)
}

func playoffOptions(current int) []string {
	return options(choices.PlayoffBestOf, current, playoffName)
}

// options names the choices, and current after them when it is not one.
func options(choices []int, current int, name func(int) string) []string {
	var out []string
	for _, n := range choices {
		out = append(out, name(n))
	}
	if !containsInt(choices, current) {
		out = append(out, name(current))
	}
	return out
}

// set shows the fields for settings s.
func (f *structureFields) set(s event.Settings) {
	f.settings = s
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
	if o := rules.StructureOptionsFor(s); !o.DoubleText.IsZero() {
		f.doubleRow.label.SetText(tr.Text(o.DoubleLabel))
		f.double.Text = tr.Text(o.DoubleText)
	}
	f.double.Refresh()
	f.showRows()
}

func (f *structureFields) onTopCutChanged(string) {
	f.showRows()
}

// showRows shows the rows core offers for the structure and the top cut
// and final table chosen (rules.StructureOptionsFor).
func (f *structureFields) showRows() {
	if f.topCutRow == nil {
		return
	}
	s := f.settings
	s.Playoff.TopCut = chosen(f.topCut.Selected, choices.TopCuts, f.settings.Playoff.TopCut, topCutName)
	s.FinalTable.Size = chosen(f.finalTable.Selected, choices.FinalTables, f.settings.FinalTable.Size, finalName)
	o := rules.StructureOptionsFor(s)
	f.topCutRow.show(o.TopCut)
	f.finalRow.show(o.FinalTable)
	f.secondRow.show(o.Secondary)
	f.bestOfRow.show(o.Playoff)
	f.minutesRow.show(o.Playoff)
	f.thirdRow.show(o.ThirdPlace)
	f.doubleRow.show(!o.DoubleText.IsZero())
	f.lateRow.show(o.LateEntries)
	if f.onResize != nil {
		f.onResize()
	}
}

// chosen is the number whose name is selected among the choices and the
// settings' own (which may be none of them), 0 for none.
func chosen(selected string, among []int, own int, name func(int) string) int {
	for _, c := range append(slices.Clone(among), own) {
		if selected != "" && name(c) == selected {
			return c
		}
	}
	return 0
}

// read writes the fields shown into s, or says what is wrong.
func (f *structureFields) read(s *event.Settings) error {
	if f.topCutRow.visible() {
		n := chosen(f.topCut.Selected, choices.TopCuts, f.settings.Playoff.TopCut, topCutName)
		s.Playoff.TopCut = n
		if n == 0 {
			s.Playoff = event.PlayoffSettings{}
		}
	}
	if f.bestOfRow.visible() {
		n, _ := bestOfNumber(f.playoffBestOf.Selected, choices.PlayoffBestOf[1:], s.Playoff.BestOf)
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
		s.FinalTable.Size = chosen(f.finalTable.Selected, choices.FinalTables, f.settings.FinalTable.Size, finalName)
		s.FinalTable.Secondary = s.HasFinalTable() && f.secondary.Checked
	}
	return nil
}

// DescribeSettings says in one line how an event with settings s plays:
// "Best of 3 · 50-minute rounds · recommended number of rounds · 3/1/0
// points for a win/draw/loss · tiebreakers OMW%, GW%, OGW%". How the
// structure plays is core's to say (rules.DescribeStructure); the deck
// rules and the tiebreakers follow.
func DescribeSettings(s event.Settings) string {
	var parts []string
	for _, p := range rules.DescribeStructure(s) {
		parts = append(parts, tr.Text(p))
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
