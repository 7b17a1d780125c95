package kiosk

import (
	"context"
	"image/color"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/ui/internal/tr"
	"tablekeeper/ui/internal/work"
)

// pinTitle is the PIN pad's heading.
var pinTitle = tr.K("Organizer PIN")

// maxPIN is the longest PIN (the director takes 4 to 8 digits).
const maxPIN = 8

// pinPad asks for the organizer's PIN, the only way out of the kiosk: big
// digit buttons, or the keyboard's digits and Enter. A wrong PIN blocks the
// pad for PINDelay, longer after several in a row.
type pinPad struct {
	usualIdle
	k       *Kiosk
	field   *keyEntry
	message *widget.Label
	keys    []*keyButton // the digits, Erase and OK
	ok      *keyButton
	cancel  *keyButton
	content fyne.CanvasObject

	wrong        int       // wrong PINs in a row
	blockedUntil time.Time // no PIN is checked before
	checking     bool
}

func newPINPad(k *Kiosk) *pinPad {
	p := &pinPad{k: k}
	p.field = newEntry(k, tr.L("PIN"))
	p.field.Password = true
	noReveal := canvas.NewRectangle(color.Transparent) // no eye to show the digits to onlookers
	noReveal.Hide()
	p.field.ActionItem = noReveal
	p.field.OnChanged = p.onChanged
	p.field.OnSubmitted = func(string) { p.submit() }
	// The heading says what is wrong, so the pad fits a 1280×800 screen.
	p.message = subheading(tr.L(pinTitle))
	grid := container.NewGridWithColumns(3)
	for _, d := range []string{"1", "2", "3", "4", "5", "6", "7", "8", "9"} {
		grid.Add(p.digit(d))
	}
	erase := newButton(k, tr.L("Erase"), nil, widget.MediumImportance, p.erase)
	p.ok = newButton(k, tr.L("OK"), nil, widget.HighImportance, p.submit)
	grid.Add(erase)
	grid.Add(p.digit("0"))
	grid.Add(p.ok)
	p.keys = append(p.keys, erase, p.ok)
	p.cancel = newButton(k, tr.L("Cancel"), theme.CancelIcon(), widget.MediumImportance, p.back)
	pad := container.NewVBox(p.message, p.field, grid, row(p.cancel))
	p.content = container.New(column{max: 640}, pad)
	return p
}

// digit returns the button that types d.
func (p *pinPad) digit(d string) *keyButton {
	b := newButton(p.k, d, nil, widget.MediumImportance, func() {
		if len(p.field.Text) < maxPIN {
			p.field.SetText(p.field.Text + d)
		}
	})
	p.keys = append(p.keys, b)
	return b
}

func (p *pinPad) view() fyne.CanvasObject { return p.content }
func (p *pinPad) first() fyne.Focusable   { return p.field }
func (p *pinPad) enter()                  { p.submit() }

// back returns to the screen the pad was opened from.
func (p *pinPad) back() {
	p.field.SetText("")
	to := p.k.beforePIN
	if to == nil || to == p {
		to = p.k.start
	}
	p.k.beforePIN = nil
	p.k.show(to)
}

// clear forgets the digits typed; a block after a wrong PIN stays.
func (p *pinPad) clear() {
	p.field.SetText("")
	if !p.blocked() {
		p.say("", widget.MediumImportance)
	}
}

func (p *pinPad) blocked() bool { return !p.blockedUntil.IsZero() }

// onChanged keeps the field to digits.
func (p *pinPad) onChanged(text string) {
	p.k.input()
	clean := strings.Map(func(r rune) rune {
		if r >= '0' && r <= '9' {
			return r
		}
		return -1
	}, text)
	if len(clean) > maxPIN {
		clean = clean[:maxPIN]
	}
	if clean != text {
		p.field.SetText(clean)
		p.field.CursorColumn = len(clean)
	}
}

func (p *pinPad) erase() {
	if t := p.field.Text; t != "" {
		p.field.SetText(t[:len(t)-1])
	}
}

func (p *pinPad) submit() {
	pin := p.field.Text
	if pin == "" || p.checking {
		return
	}
	if p.blocked() {
		p.field.SetText("")
		return
	}
	p.checking = true
	work.Call(p.k.run, func(ctx context.Context) (bool, error) {
		return p.k.d.Kiosk.CheckKioskPIN(ctx, pin)
	}, func(ok bool, err error) {
		p.checking = false
		p.field.SetText("")
		switch {
		case err != nil:
			p.say(sentence(err), widget.DangerImportance)
		case ok:
			p.wrong = 0
			p.say("", widget.MediumImportance)
			p.k.exit()
		default:
			p.wrong++
			p.block(p.k.now().Add(p.delay()))
		}
	})
}

// delay is how long the pad waits after the latest wrong PIN.
func (p *pinPad) delay() time.Duration { return wrongDelay(p.wrong) }

// wrongDelay is how long the kiosk waits after the wrong-th wrong PIN (or
// player code) in a row: PINDelay, doubling from the third, up to a
// minute.
func wrongDelay(wrong int) time.Duration {
	d := PINDelay
	for i := 3; i <= wrong && d < time.Minute; i++ {
		d *= 2
	}
	return min(d, time.Minute)
}

// block disables the pad until the given time.
func (p *pinPad) block(until time.Time) {
	p.blockedUntil = until
	secs := int(p.delay().Round(time.Second) / time.Second)
	p.say(tr.N("Wrong PIN. Wait %d seconds.", secs, secs), widget.DangerImportance)
	p.field.Disable()
	for _, b := range p.keys {
		b.Disable()
	}
	p.k.focus(p.cancel)
}

// tick opens the pad again once the wait after a wrong PIN is over.
func (p *pinPad) tick(now time.Time) {
	if !p.blocked() || now.Before(p.blockedUntil) {
		return
	}
	p.blockedUntil = time.Time{}
	p.say("", widget.MediumImportance)
	p.field.Enable()
	for _, b := range p.keys {
		b.Enable()
	}
	if p.k.current == p {
		p.k.focus(p.field)
	}
}

// say shows text in the heading in place of the title; "" puts the title
// back.
func (p *pinPad) say(text string, imp widget.Importance) {
	if text == "" {
		text, imp = tr.L(pinTitle), widget.MediumImportance
	}
	p.message.Importance = imp
	p.message.SetText(text)
}
