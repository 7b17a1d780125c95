package timeout

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	keyw "tablekeeper/ui/internal/keys"
)

// The forms are filled from the keyboard: Tab moves, Enter saves and Esc
// cancels wherever the focus is. Fyne hands keys to the focused widget
// only, so every focusable widget of a form is one of these, which pass
// Enter and Esc to the form.

// keys are the form's answers to Enter and Esc.
type keys struct {
	onEnter, onEscape func()
}

// typed handles Enter and Esc and reports whether it did.
func (k *keys) typed(ev *fyne.KeyEvent) bool {
	switch ev.Name {
	case fyne.KeyEscape:
		if k.onEscape != nil {
			k.onEscape()
		}
		return true
	case fyne.KeyReturn, fyne.KeyEnter:
		if k.onEnter != nil {
			k.onEnter()
		}
		return true
	}
	return false
}

// numberEntry is a one-line entry for a count (keys.CellEntry: it takes
// only the characters in allow and selects its text when it gains the
// focus) that passes Enter and Esc to the form.
type numberEntry struct {
	keyw.CellEntry
	keys
}

func newNumberEntry(placeholder, allow string) *numberEntry {
	e := &numberEntry{CellEntry: keyw.CellEntry{Allow: allow}}
	e.PlaceHolder = placeholder
	e.ExtendBaseWidget(e)
	return e
}

// TypedKey implements fyne.Focusable.
func (e *numberEntry) TypedKey(ev *fyne.KeyEvent) {
	if !e.typed(ev) {
		e.CellEntry.TypedKey(ev)
	}
}

// radio is one choice of a radio group that lives in a table cell (the
// player who went first, the winner of a game): a row of the form holds
// one radio per group. Tapping it or pressing Space selects it, and the
// group clears the others; tapping or Space on the selected one clears it,
// as an optional Fyne RadioGroup does, so a game marked by mistake can be
// left blank again. Unlike the radio items of widget.RadioGroup it passes
// Enter and Esc to the form.
type radio struct {
	widget.BaseWidget
	keys

	// Label is shown after the button; it may be empty in a table whose
	// header names the column.
	Label    string
	Selected bool
	// OnToggle is called when the radio is tapped or Space is pressed.
	OnToggle func()

	focused, hovered bool
}

var (
	_ fyne.Focusable    = (*radio)(nil)
	_ fyne.Tappable     = (*radio)(nil)
	_ desktop.Hoverable = (*radio)(nil)
)

func newRadio(label string) *radio {
	r := &radio{Label: label}
	r.ExtendBaseWidget(r)
	return r
}

// SetSelected selects or clears the radio.
func (r *radio) SetSelected(on bool) {
	if r.Selected == on {
		return
	}
	r.Selected = on
	r.Refresh()
}

// Tapped implements fyne.Tappable: the radio takes the focus and toggles.
func (r *radio) Tapped(*fyne.PointEvent) {
	if c := fyne.CurrentApp().Driver().CanvasForObject(r); c != nil && !fyne.CurrentDevice().IsMobile() {
		c.Focus(r)
	}
	r.toggle()
}

func (r *radio) toggle() {
	if r.OnToggle != nil {
		r.OnToggle()
	}
}

// FocusGained implements fyne.Focusable.
func (r *radio) FocusGained() { r.focused = true; r.Refresh() }

// FocusLost implements fyne.Focusable.
func (r *radio) FocusLost() { r.focused = false; r.Refresh() }

// TypedRune implements fyne.Focusable: Space toggles.
func (r *radio) TypedRune(c rune) {
	if c == ' ' {
		r.toggle()
	}
}

// TypedKey implements fyne.Focusable.
func (r *radio) TypedKey(ev *fyne.KeyEvent) { r.typed(ev) }

// MouseIn implements desktop.Hoverable.
func (r *radio) MouseIn(*desktop.MouseEvent) { r.hovered = true; r.Refresh() }

// MouseMoved implements desktop.Hoverable.
func (r *radio) MouseMoved(*desktop.MouseEvent) {}

// MouseOut implements desktop.Hoverable.
func (r *radio) MouseOut() { r.hovered = false; r.Refresh() }

// CreateRenderer implements fyne.Widget.
func (r *radio) CreateRenderer() fyne.WidgetRenderer {
	rr := &radioRenderer{r: r, label: canvas.NewText("", color.Black)}
	rr.update()
	return rr
}

// radioRenderer draws a radio as Fyne draws the items of a RadioGroup: a
// ring with a filled centre when selected, a focus or hover halo, and the
// label.
type radioRenderer struct {
	r       *radio
	halo    canvas.Circle
	in, out canvas.Image
	label   *canvas.Text
}

func (rr *radioRenderer) Objects() []fyne.CanvasObject {
	return []fyne.CanvasObject{&rr.halo, &rr.in, &rr.out, rr.label}
}

func (rr *radioRenderer) Destroy() {}

func (rr *radioRenderer) MinSize() fyne.Size {
	th := rr.r.Theme()
	inner := th.Size(theme.SizeNameInnerPadding)
	w := inner*2 + th.Size(theme.SizeNameInlineIcon)
	if rr.r.Label != "" {
		w += th.Size(theme.SizeNamePadding) + rr.label.MinSize().Width
	}
	return fyne.NewSize(w, max(rr.label.MinSize().Height, th.Size(theme.SizeNameInlineIcon))+inner*2)
}

func (rr *radioRenderer) Layout(size fyne.Size) {
	th := rr.r.Theme()
	inner := th.Size(theme.SizeNameInnerPadding)
	border := th.Size(theme.SizeNameInputBorder)
	icon := th.Size(theme.SizeNameInlineIcon)

	halo := fyne.NewSquareSize(icon + inner)
	rr.halo.Resize(halo)
	rr.halo.Move(fyne.NewPos(border, (size.Height-halo.Height)/2))
	pos := fyne.NewPos(inner/2+border, (size.Height-icon)/2)
	for _, img := range []*canvas.Image{&rr.in, &rr.out} {
		img.Resize(fyne.NewSquareSize(icon))
		img.Move(pos)
	}
	x := halo.Width + th.Size(theme.SizeNamePadding)
	rr.label.Move(fyne.NewPos(x, (size.Height-rr.label.MinSize().Height)/2))
	rr.label.Resize(fyne.NewSize(max(size.Width-x, 0), rr.label.MinSize().Height))
}

func (rr *radioRenderer) Refresh() {
	rr.update()
	canvas.Refresh(rr.r)
}

func (rr *radioRenderer) update() {
	th := rr.r.Theme()
	v := fyne.CurrentApp().Settings().ThemeVariant()
	rr.label.Text = rr.r.Label
	rr.label.TextSize = th.Size(theme.SizeNameText)
	rr.label.Color = th.Color(theme.ColorNameForeground, v)

	out := theme.NewThemedResource(th.Icon(theme.IconNameRadioButton))
	out.ColorName = theme.ColorNameInputBorder
	in := theme.NewThemedResource(th.Icon(theme.IconNameRadioButtonFill))
	in.ColorName = theme.ColorNameInputBackground
	if rr.r.Selected {
		in.ColorName = theme.ColorNamePrimary
		out.ColorName = theme.ColorNameForeground
	}
	rr.in.Resource, rr.out.Resource = in, out
	rr.in.Refresh()
	rr.out.Refresh()

	switch {
	case rr.r.focused:
		rr.halo.FillColor = th.Color(theme.ColorNameFocus, v)
	case rr.r.hovered:
		rr.halo.FillColor = th.Color(theme.ColorNameHover, v)
	default:
		rr.halo.FillColor = color.Transparent
	}
	rr.halo.Refresh()
	rr.label.Refresh()
}

// radioGroup keeps at most one of its radios selected.
type radioGroup struct {
	radios   []*radio
	onChange func()
}

// add puts r in the group.
func (g *radioGroup) add(r *radio) {
	i := len(g.radios)
	g.radios = append(g.radios, r)
	r.OnToggle = func() { g.toggle(i) }
}

// toggle selects radio i, or clears it when it was selected.
func (g *radioGroup) toggle(i int) {
	g.set(i, !g.radios[i].Selected)
}

// set selects radio i (clearing the others) or clears it.
func (g *radioGroup) set(i int, on bool) {
	for k, r := range g.radios {
		r.SetSelected(on && k == i)
	}
	if g.onChange != nil {
		g.onChange()
	}
}

// selected is the index of the selected radio, -1 when none is.
func (g *radioGroup) selected() int {
	for i, r := range g.radios {
		if r.Selected {
			return i
		}
	}
	return -1
}
