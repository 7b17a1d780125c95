package kiosk

import (
	"context"
	"strings"
	"unicode"
	"unicode/utf8"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/core/deck"
	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/ui/internal/toggle"
	"tablekeeper/ui/internal/tr"
	"tablekeeper/ui/internal/work"
)

// savedIllegal is what the deck screen says after saving a deck that is
// not legal yet.
var savedIllegal = tr.K("Saved. Fix the problems above before round 1, or see the organizer.")

// deckScreen registers a checked-in player's deck: they type or paste the
// list, the event's deck rules check it as they type (CheckDelay after the
// last key, off the UI thread), and the verdict and what to fix show
// beside it. Save keeps the deck even when it is not legal, so nothing
// typed is lost.
//
// It opens only after a check-in or a sign-up, which the director refuses
// once round 1 is paired, the moment decks lock, and only with the
// player's code: the code screen's (a player found by name types hers),
// or the one a brand-new player's sign-up just gave her. A deck saved
// later than round 1 is refused by KioskSaveDeck, and the screen says so.
type deckScreen struct {
	usualIdle
	k        *Kiosk
	title    *widget.Label
	rules    *widget.Label
	name     *keyEntry
	list     *keyEntry
	verdict  *widget.Label
	issues   []*widget.Label // a pool, shown as needed
	message  *widget.Label
	save     *keyButton
	finished *keyButton
	content  fyne.CanvasObject

	entry event.Entry
	// code is the player's code, which KioskSaveDeck needs.
	code string
	seq  int // numbers checks so only the latest list's answer shows
}

func newDeckScreen(k *Kiosk) *deckScreen {
	s := &deckScreen{k: k}
	s.title = subheading("")
	s.rules = line("")
	s.rules.Importance = widget.LowImportance
	s.name = newEntry(k, tr.L("Deck name (optional)"))
	s.name.OnChanged = func(string) { s.k.input() }
	s.name.OnSubmitted = func(string) { s.k.focus(s.list) }
	s.list = newEntry(k, tr.L("Type or paste your list here,\none card per line:\n\nHero: Card Name\n3 Card Name\n2x Another Card"))
	s.list.MultiLine = true
	s.list.Wrapping = fyne.TextWrapWord
	s.list.OnChanged = s.onListChanged
	// The verdict never wraps: a wrapped label keeps the height of its
	// longest text, which would push the sentences down.
	s.verdict = &widget.Label{TextStyle: fyne.TextStyle{Bold: true}, SizeName: theme.SizeNameSubHeadingText, Truncation: fyne.TextTruncateEllipsis}
	issueBox := container.NewVBox()
	for range maxIssues {
		l := &widget.Label{Wrapping: fyne.TextWrapWord}
		l.Hide()
		s.issues = append(s.issues, l)
		issueBox.Add(l)
	}
	s.message = line("")
	s.save = newButton(k, tr.L("Save my deck"), theme.DocumentSaveIcon(), widget.HighImportance, s.onSave)
	s.finished = newButton(k, tr.L("Cancel"), theme.CancelIcon(), widget.MediumImportance, k.Reset)

	left := vfill(1, s.name, s.list)
	// The sentences are smaller than the rest, so that several fit.
	issueList := container.NewThemeOverride(container.NewVScroll(issueBox), bigTheme{text: issueSize})
	right := vfill(1, s.verdict, issueList)
	top := container.NewVBox(s.title, container.NewThemeOverride(s.rules, bigTheme{text: issueSize}))
	bottom := container.NewVBox(s.message, row(s.save, s.finished))
	s.content = vfill(1, top, container.NewGridWithColumns(2, left, right), bottom)
	return s
}

func (s *deckScreen) view() fyne.CanvasObject { return s.content }
func (s *deckScreen) first() fyne.Focusable   { return s.list }
func (s *deckScreen) back()                   { s.k.Reset() }
func (s *deckScreen) enter()                  {}

func (s *deckScreen) clear() {
	s.seq++
	s.entry, s.code = event.Entry{}, ""
	s.name.SetText("")
	s.list.SetText("")
	s.title.SetText("")
	s.say("", widget.MediumImportance)
	s.finished.SetText(tr.L("Cancel"))
	s.finished.SetIcon(theme.CancelIcon())
	s.save.Enable()
	s.showEmpty()
}

// open shows the screen for en's deck, with her player code (typed by
// her, or given by her sign-up here). A deck saved before is not shown:
// anyone can type a name, so the kiosk never shows a deck back.
func (s *deckScreen) open(en event.Entry, code string) {
	s.clear()
	s.entry, s.code = en, code
	s.title.SetText(tr.F("Register your deck, %s", en.Name))
	s.rules.SetText(s.k.formatName + " · " + tr.L("one card per line, like “3 Card Name”"))
	s.k.show(s)
}

func (s *deckScreen) showEmpty() {
	s.verdict.Importance = widget.LowImportance
	s.verdict.SetText(tr.L("Checked as you type"))
	s.showIssues(nil)
}

func (s *deckScreen) onListChanged(text string) {
	s.k.input()
	s.seq++
	seq := s.seq
	if strings.TrimSpace(text) == "" {
		s.showEmpty()
		return
	}
	s.k.after(CheckDelay, func() {
		if seq == s.seq {
			s.check(text, seq)
		}
	})
}

// check checks list by the event's deck rules off the UI thread.
func (s *deckScreen) check(list string, seq int) {
	id := s.k.eventID
	work.Call(s.k.run, func(ctx context.Context) (deck.Report, error) {
		return s.k.d.Decks.CheckDeck(ctx, id, list)
	}, func(rep deck.Report, err error) {
		if seq != s.seq {
			return
		}
		if err != nil {
			s.verdict.Importance = widget.DangerImportance
			s.verdict.SetText(tr.L("The check did not work"))
			s.say(sentence(err), widget.DangerImportance)
			return
		}
		s.showReport(rep)
	})
}

// showReport shows the verdict, then the problems in red and the warnings
// in amber, one plain sentence each.
func (s *deckScreen) showReport(rep deck.Report) {
	if rep.Legal() {
		s.verdict.Importance = widget.SuccessImportance
		s.verdict.SetText(tr.L("Legal"))
	} else {
		s.verdict.Importance = widget.DangerImportance
		s.verdict.SetText(tr.N("Not legal yet: %d problems to fix", len(rep.Problems), len(rep.Problems)))
	}
	var lines []issueLine
	for _, is := range rep.Problems {
		lines = append(lines, issueLine{"• " + Plain(is), widget.DangerImportance, false})
	}
	if len(rep.Warnings) > 0 {
		lines = append(lines, issueLine{tr.L("The organizer checks these by hand:"), widget.MediumImportance, true})
	}
	for _, is := range rep.Warnings {
		lines = append(lines, issueLine{"• " + Plain(is), widget.WarningImportance, false})
	}
	s.showIssues(lines)
}

// issueSize is the text size of the deck check's sentences.
const issueSize = 23

// maxIssues is the most lines the deck screen lists under its verdict.
const maxIssues = 24

// issueLine is one line under the verdict.
type issueLine struct {
	text string
	imp  widget.Importance
	bold bool
}

// showIssues lists lines under the verdict, the last saying how many more
// there are when they do not all fit.
func (s *deckScreen) showIssues(lines []issueLine) {
	if len(lines) > maxIssues {
		more := len(lines) - maxIssues + 1
		lines = append(lines[:maxIssues-1:maxIssues-1], issueLine{tr.F("… and %d more. Fix the ones above first.", more), widget.MediumImportance, false})
	}
	for i, l := range s.issues {
		if i >= len(lines) {
			l.Hide()
			continue
		}
		l.Text, l.Importance, l.TextStyle = lines[i].text, lines[i].imp, fyne.TextStyle{Bold: lines[i].bold}
		l.Show()
		l.Refresh()
	}
}

// issueText returns the lines listed under the verdict.
func (s *deckScreen) issueText() string {
	var out []string
	for _, l := range s.issues {
		if l.Visible() {
			out = append(out, l.Text)
		}
	}
	return strings.Join(out, "\n")
}

func (s *deckScreen) onSave() {
	if s.entry.ID == 0 || s.code == "" || s.save.Disabled() {
		return
	}
	list := s.list.Text
	if strings.TrimSpace(list) == "" {
		s.say(tr.L("Type or paste your list first."), widget.DangerImportance)
		s.k.focus(s.list)
		return
	}
	en, kd := s.entry, director.KioskDeck{Event: s.k.eventID, Entry: s.entry.ID, Code: s.code, Name: s.name.Text, List: list}
	s.seq++ // the saved check replaces any check under way
	s.save.Disable()
	work.Call(s.k.run, func(ctx context.Context) (director.DeckCheck, error) {
		return s.k.d.Decks.KioskSaveDeck(ctx, kd)
	}, func(dc director.DeckCheck, err error) {
		s.save.Enable()
		if err != nil {
			s.say(sentence(err), widget.DangerImportance)
			return
		}
		s.k.changed()
		if dc.Legal() {
			s.k.done.deckSaved(en)
			return
		}
		s.showReport(dc.Report)
		s.say(tr.L(savedIllegal), widget.WarningImportance)
		s.finished.SetText(tr.L("Done"))
		s.finished.SetIcon(theme.ConfirmIcon())
		s.k.focus(s.finished)
	})
}

// say shows a message above the buttons; none hides the line.
func (s *deckScreen) say(text string, imp widget.Importance) {
	s.message.Importance = imp
	s.message.SetText(text)
	toggle.Visible(s.message, text != "")
}

// Plain returns a deck issue as a player reads it: the sentence with a
// capital letter, the rule ID at the end for the judge ("The deck has 38
// cards besides the Hero; … Add 1. (A1)").
func Plain(is deck.Issue) string {
	msg := strings.TrimSpace(is.In(tr.Lang()))
	rule := ""
	if is.Rule != "" && strings.HasPrefix(msg, is.Rule+": ") {
		msg, rule = strings.TrimPrefix(msg, is.Rule+": "), " ("+is.Rule+")"
	}
	if r, n := utf8.DecodeRuneInString(msg); n > 0 {
		msg = string(unicode.ToUpper(r)) + msg[n:]
	}
	return msg + rule
}
