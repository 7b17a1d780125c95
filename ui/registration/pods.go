package registration

import (
	"context"
	"errors"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/core/event"
	"tablekeeper/core/pairing"
	"tablekeeper/ui/internal/columns"
	"tablekeeper/ui/internal/keys"
	"tablekeeper/ui/internal/tr"
	"tablekeeper/ui/internal/work"
)

// The Draft pods dialog shows an event's draft seating (A5, H7, S14): one
// card per pod with its seats in clockwise order, and the direction each
// pack passes. The organizer draws the pods, and can draw them again
// (after a confirmation) when players arrive late or leave.

// Pod cards: at most podColumns side by side, each at least podWidth wide;
// more pods wrap into rows that scroll.
const (
	podColumns = 5
	podWidth   = 210
)

// podsDialog is the Draft pods dialog of the Registration tab.
type podsDialog struct {
	s *Screen

	seating event.DraftSeating
	drawn   bool // seating holds a draw

	summary    *widget.Label
	drawnAt    *widget.RichText
	passes     *widget.Label
	hint       *widget.RichText
	none       *widget.Label
	grid       *fyne.Container
	scroll     *container.Scroll
	problem    *widget.Label
	drawButton *widget.Button
	close      *widget.Button
	body       fyne.CanvasObject
	dialog     *dialog.CustomDialog
	confirm    *keys.Confirm
}

func newPodsDialog(s *Screen) *podsDialog {
	p := &podsDialog{s: s}
	p.summary = &widget.Label{TextStyle: fyne.TextStyle{Bold: true}, Wrapping: fyne.TextWrapWord}
	p.drawnAt = columns.Secondary("", false)
	p.passes = &widget.Label{Wrapping: fyne.TextWrapWord}
	p.hint = columns.Secondary(tr.L("Seats run clockwise: passing left hands the pack to the next seat (the last seat to seat 1), passing right to the seat before."), true)
	p.none = &widget.Label{Text: tr.L("No pods drawn yet. Draw them once the players are registered (and checked in, if you use check-in)."),
		Wrapping: fyne.TextWrapWord, Importance: widget.LowImportance}
	p.grid = container.New(layout.NewGridLayoutWithColumns(1))
	p.scroll = container.NewVScroll(p.grid)
	p.problem = columns.Problem()
	p.drawButton = &widget.Button{Text: tr.L("Draw pods"), Icon: theme.ViewRefreshIcon(), OnTapped: p.onDraw}
	p.close = &widget.Button{Text: tr.L("Close"), OnTapped: p.onClose}

	top := container.NewVBox(columns.Lines(p.summary, p.drawnAt), p.passes, p.hint)
	p.body = container.NewBorder(top, p.problem, nil, nil, container.NewStack(p.scroll, container.NewVBox(p.none)))
	return p
}

// ShowDraftPods opens the Draft pods dialog with the pods last drawn.
func (s *Screen) ShowDraftPods() {
	id := s.eventID
	work.Call(s.run, func(ctx context.Context) (event.DraftSeating, error) {
		return s.d.Drafts.DraftPods(ctx, id)
	}, func(seating event.DraftSeating, err error) {
		if id != s.eventID {
			return
		}
		switch {
		case errors.Is(err, event.ErrNotFound):
			s.pods.show(event.DraftSeating{}, false)
		case err != nil:
			s.alert(err)
		default:
			s.pods.show(seating, true)
		}
	})
}

// show fills the dialog and opens it.
func (p *podsDialog) show(seating event.DraftSeating, drawn bool) {
	p.problem.Hide()
	p.dialog = dialog.NewCustomWithoutButtons(tr.F("Draft pods · %s", p.s.event.Name), p.body, p.s.win)
	p.dialog.SetButtons([]fyne.CanvasObject{p.close, p.drawButton})
	p.set(seating, drawn)
	p.dialog.Show()
	p.resize()
}

// set shows a seating (or none yet).
func (p *podsDialog) set(seating event.DraftSeating, drawn bool) {
	p.seating, p.drawn = seating, drawn
	settings := p.s.event.Settings
	if !drawn {
		p.summary.SetText(tr.N("Pods of %s, %d packs each.", settings.Draft.Packs, podBounds(settings), settings.Draft.Packs))
		p.passes.SetText(PassLine(pairing.DraftPasses(settings.Draft.Packs)))
		p.drawnAt.Hide()
		p.grid.Objects = nil
		p.none.Show()
		p.scroll.Hide()
		p.drawButton.SetText(tr.L("Draw pods"))
		p.drawButton.Importance = widget.HighImportance
		p.drawButton.Refresh()
		return
	}
	p.summary.SetText(PodSummary(seating))
	columns.SetSecondary(p.drawnAt, tr.F("Drawn %s · seed %d (the same seed and players give the same pods)",
		tr.DateTime(seating.DrawnAt.Local()), seating.Seed))
	p.drawnAt.Show()
	p.passes.SetText(PassLine(seating.Passes))
	p.none.Hide()
	p.scroll.Show()
	p.drawButton.SetText(tr.L("Draw again"))
	p.drawButton.Importance = widget.MediumImportance
	p.drawButton.Refresh()

	names := make(map[event.EntryID]event.Entry, len(p.s.entries))
	for _, en := range p.s.entries {
		names[en.ID] = en
	}
	cards := make([]fyne.CanvasObject, len(seating.Pods))
	for i, pod := range seating.Pods {
		cards[i] = podCard(pod, names)
	}
	p.grid.Layout = layout.NewGridLayoutWithColumns(max(min(len(cards), podColumns), 1))
	p.grid.Objects = cards
	p.grid.Refresh()
	p.scroll.ScrollToTop()
}

// podCard is one pod: its number and size, then its seats in clockwise
// order. A player who dropped since the draw is marked.
func podCard(pod event.DraftPod, entries map[event.EntryID]event.Entry) fyne.CanvasObject {
	cols := columns.New(columns.Col{Width: 22}, columns.Col{Width: 120, Grow: 1})
	rows := make([]fyne.CanvasObject, len(pod.Seats))
	for i, id := range pod.Seats {
		name := &widget.Label{Text: tr.F("entry %d", id), Truncation: fyne.TextTruncateEllipsis}
		if en, ok := entries[id]; ok {
			name.Text = en.Name
			if !en.Active() {
				name.Text += " (" + Status(en) + ")"
				name.Importance = widget.DangerImportance
			}
		}
		seat := &widget.Label{Text: strconv.Itoa(i + 1), Alignment: fyne.TextAlignTrailing, TextStyle: fyne.TextStyle{Bold: true}}
		rows[i] = cols.Row(seat, name)
	}
	title := &widget.Label{Text: tr.F("Pod %d", pod.Number), TextStyle: fyne.TextStyle{Bold: true}, SizeName: theme.SizeNameSubHeadingText}
	// Untruncated, so the count is never cut to "…" beside a wide title.
	size := &widget.RichText{Scroll: fyne.ScrollNone}
	columns.SetSecondary(size, tr.N("%d players", len(pod.Seats), len(pod.Seats)))
	head := container.NewBorder(nil, nil, title, container.NewCenter(size))
	body := container.NewVBox(head, widget.NewSeparator(), columns.Lines(rows...))
	bg := canvas.NewRectangle(theme.Color(theme.ColorNameInputBackground))
	bg.CornerRadius = theme.InputRadiusSize()
	return container.NewStack(bg, container.NewPadded(body))
}

// resize fits the dialog to the pods, within the window.
func (p *podsDialog) resize() {
	win := p.s.win.Canvas().Size()
	cols := min(max(len(p.seating.Pods), 1), podColumns)
	pad := theme.Padding()
	width := float32(cols)*(podWidth+pad) + 6*pad
	width = max(width, 560)
	height := p.dialog.MinSize().Height
	if p.drawn {
		// The pods scroll: the dialog's minimum leaves them no room.
		height += p.grid.MinSize().Height
	}
	if win.Width > 0 {
		width = min(width, win.Width-4*pad)
		height = min(height, win.Height-4*pad)
	}
	p.dialog.Resize(fyne.NewSize(width, height))
}

func (p *podsDialog) onClose() { p.dialog.Hide() }

// onDraw draws the pods, asking first when a draw would replace pods the
// players may already sit at.
func (p *podsDialog) onDraw() {
	if !p.drawn {
		p.draw()
		return
	}
	msg := tr.N("Draw the draft pods again?\nThe %d pods drawn at %s are replaced: every player gets a new seat.",
		len(p.seating.Pods), len(p.seating.Pods), tr.Clock(p.seating.DrawnAt.Local()))
	p.confirm = keys.NewConfirm(p.s.win, keys.ConfirmOptions{Title: tr.L("Draw again"), Message: msg, Yes: tr.L("Draw again"), Danger: true}, p.onDrawConfirmed)
	p.confirm.Show()
}

func (p *podsDialog) onDrawConfirmed(ok bool) {
	if ok {
		p.draw()
	}
}

func (p *podsDialog) draw() {
	id := p.s.eventID
	p.drawButton.Disable()
	work.Call(p.s.run, func(ctx context.Context) (event.DraftSeating, error) {
		return p.s.d.Drafts.DrawDraftPods(ctx, id)
	}, func(seating event.DraftSeating, err error) {
		p.drawButton.Enable()
		if id != p.s.eventID {
			return
		}
		if err != nil {
			p.problem.SetText(work.Sentence(err))
			p.problem.Show()
			p.resize()
			return
		}
		p.problem.Hide()
		p.set(seating, true)
		p.resize()
		p.s.saved(tr.F("Draft pods drawn: %s", PodSummary(seating)))
	})
}

// PodSummary says how a seating splits the players: "23 players in 5
// pods (5, 5, 5, 4, 4)".
func PodSummary(s event.DraftSeating) string {
	sizes := make([]string, len(s.Pods))
	for i, pod := range s.Pods {
		sizes[i] = strconv.Itoa(len(pod.Seats))
	}
	text := tr.F("%s in %s", tr.N("%d players", s.Players(), s.Players()), tr.N("%d pods", len(s.Pods), len(s.Pods)))
	if len(s.Pods) > 1 {
		text += tr.F(" (%s)", strings.Join(sizes, ", "))
	}
	return text
}

// PassLine says which way each pack passes: "Pack 1: left · Pack 2:
// right · Pack 3: left" (no arrow: the desktop's font has none, and
// Windows would draw one from another font, garbled).
func PassLine(passes []event.PassDirection) string {
	parts := make([]string, len(passes))
	for i, d := range passes {
		parts[i] = tr.F("Pack %d: %s", i+1, passWord(d))
	}
	return strings.Join(parts, " · ")
}

// podBounds is "5 (3 to 5)" for an ideal of 5 within 3 to 5.
func podBounds(s event.Settings) string {
	lo, hi := s.Draft.Bounds()
	if lo == hi {
		return strconv.Itoa(s.Draft.Ideal)
	}
	return tr.F("%d (%d to %d)", s.Draft.Ideal, lo, hi)
}

// passWord says a pass direction: "left", "right".
func passWord(d event.PassDirection) string {
	switch d {
	case event.PassLeft:
		return tr.L("left")
	case event.PassRight:
		return tr.L("right")
	}
	return string(d)
}
