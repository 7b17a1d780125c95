package ui

import (
	"context"
	"image/color"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/core/director"
	"tablekeeper/ui/internal/toggle"
	"tablekeeper/ui/internal/tr"
	"tablekeeper/ui/internal/work"
	"tablekeeper/ui/web/floods"
)

// staffPanel is the Store network panel's part about the staff's
// sign-ins (issue 19): the tablet kiosk code and (issue 22) the
// scorekeeper code, each with New code, the alert of
// guesses (issue 27: wrong PINs, player codes and table codes, with the
// devices and addresses they came from), the one-time notice that the judges'
// PIN was lengthened, and the judges' phones and kiosk tablets signed in,
// each with Sign out. It reads them again at each tick of the panel, and
// tells the Round tab the alert (onAlert).
type staffPanel struct {
	p *networkPanel

	code    *widget.Label
	newCode *widget.Button

	scoreCode    *widget.Label
	newScoreCode *widget.Button

	alertBox  *fyne.Container
	alertText *widget.Label

	replacedBox *fyne.Container

	list *fyne.Container

	// onAlert is told the alert's sentence when it is worth the Round
	// tab's room, "" otherwise.
	onAlert func(text string)
	// reading is set while a refresh reads, so ticks do not pile up.
	reading bool
	// devices are the devices listed (tests).
	devices []director.StaffSession
}

// staffState is what a refresh reads.
type staffState struct {
	alert    floods.Alert
	devices  []director.StaffSession
	replaced bool
}

func newStaffPanel(p *networkPanel) *staffPanel {
	sp := &staffPanel{p: p}
	sp.code = &widget.Label{TextStyle: fyne.TextStyle{Monospace: true}, SizeName: theme.SizeNameHeadingText, Selectable: true}
	sp.newCode = &widget.Button{Text: tr.L("New code"), Icon: theme.ViewRefreshIcon(), OnTapped: sp.onNewCode}
	sp.scoreCode = &widget.Label{TextStyle: fyne.TextStyle{Monospace: true}, SizeName: theme.SizeNameHeadingText, Selectable: true}
	sp.newScoreCode = &widget.Button{Text: tr.L("New code"), Icon: theme.ViewRefreshIcon(), OnTapped: sp.onNewScoreCode}
	sp.alertText = &widget.Label{Wrapping: fyne.TextWrapWord, TextStyle: fyne.TextStyle{Bold: true}}
	sp.alertBox = tinted(color.NRGBA{R: 0xf4, G: 0x43, B: 0x36, A: 0x30}, theme.WarningIcon(), sp.alertText, nil)
	sp.alertBox.Hide()
	replaced := &widget.Label{Wrapping: fyne.TextWrapWord, Text: tr.L("The judges' PIN is now 8 letters and digits: the old 6-digit PIN was too easy to guess and no longer works. Give your judges the new one below.")}
	sp.replacedBox = tinted(color.NRGBA{R: 0x21, G: 0x96, B: 0xf3, A: 0x26}, theme.InfoIcon(), replaced,
		&widget.Button{Text: tr.L("OK"), OnTapped: sp.onAcknowledge})
	sp.replacedBox.Hide()
	sp.list = container.NewVBox()
	return sp
}

// tinted is a box on a tinted background: an icon, a text and a button
// (nil: none).
func tinted(c color.Color, icon fyne.Resource, text fyne.CanvasObject, button *widget.Button) *fyne.Container {
	tint := canvas.NewRectangle(c)
	tint.CornerRadius = theme.InputRadiusSize()
	var right fyne.CanvasObject
	if button != nil {
		right = container.NewCenter(button)
	}
	return container.NewStack(tint, container.NewPadded(container.NewBorder(nil, nil, widget.NewIcon(icon), right, text)))
}

// refresh reads the alert, the devices and the notice again.
func (sp *staffPanel) refresh() {
	if sp.reading {
		return
	}
	sp.reading = true
	d, net := sp.p.phones, sp.p.net
	work.Call(sp.p.run, func(ctx context.Context) (staffState, error) {
		var st staffState
		var err error
		if net != nil {
			if st.alert, err = net.Alert(ctx); err != nil {
				return st, err
			}
		}
		if st.devices, err = d.SignedInDevices(ctx); err != nil {
			return st, err
		}
		st.replaced, err = d.JudgePINReplaced(ctx)
		return st, err
	}, func(st staffState, err error) {
		sp.reading = false
		if err != nil {
			sp.p.alert(err)
			return
		}
		sp.show(st)
	})
}

// show puts a refresh's reading on the panel and the Round tab.
func (sp *staffPanel) show(st staffState) {
	text := alertText(st.alert)
	sp.alertText.SetText(text)
	toggle.Visible(sp.alertBox, text != "")
	toggle.Visible(sp.replacedBox, st.replaced)
	if sp.onAlert != nil {
		if st.alert.Worrying() {
			sp.onAlert(text)
		} else {
			sp.onAlert("")
		}
	}
	sp.devices = st.devices
	rows := make([]fyne.CanvasObject, 0, len(st.devices)+1)
	if len(st.devices) == 0 {
		rows = append(rows, &widget.Label{Text: tr.L("No judge's phone, kiosk tablet or scorekeeper station is signed in."), Importance: widget.LowImportance})
	}
	for _, s := range st.devices {
		rows = append(rows, sp.row(s))
	}
	sp.list.Objects = rows
	sp.list.Refresh()
}

// row is a signed-in device: what it is, its device and address, since
// when and its last request, and Sign out.
func (sp *staffPanel) row(s director.StaffSession) fyne.CanvasObject {
	what := tr.L("Judge's phone")
	switch s.Kind {
	case director.KindKiosk:
		what = tr.F("Kiosk tablet, event %d", s.Event)
	case director.KindScorekeeper:
		what = tr.F("Scorekeeper station of %s", s.Name)
	}
	line := tr.F("%s · device %s · %s · since %s, last seen %s", what, director.DeviceName(s.Device), s.Address,
		s.Started.Local().Format("15:04"), s.LastSeen.Local().Format("15:04"))
	id := s.ID
	out := &widget.Button{Text: tr.L("Sign out device"), Icon: theme.LogoutIcon(), OnTapped: func() { sp.onSignOut(id) }}
	return container.NewBorder(nil, nil, nil, out, &widget.Label{Text: line, Truncation: fyne.TextTruncateEllipsis})
}

// onSignOut signs a device out: refused at its next request.
func (sp *staffPanel) onSignOut(id int64) {
	work.Do(sp.p.run, func(ctx context.Context) error {
		return sp.p.phones.SignOutDevice(ctx, id)
	}, func(err error) {
		if err != nil {
			sp.p.alert(err)
		}
		sp.refresh()
	})
}

// onNewCode draws a new kiosk code, which locks every tablet.
func (sp *staffPanel) onNewCode() { sp.renew(sp.p.phones.RenewKioskCode, sp.code) }

// onNewScoreCode draws a new scorekeeper code, which signs every station
// out.
func (sp *staffPanel) onNewScoreCode() { sp.renew(sp.p.stations.RenewScorekeeperCode, sp.scoreCode) }

// renew draws a new staff secret and shows it in shown.
func (sp *staffPanel) renew(draw func(context.Context) (string, error), shown *widget.Label) {
	work.Call(sp.p.run, draw, func(code string, err error) {
		if err != nil {
			sp.p.alert(err)
			return
		}
		shown.SetText(director.FormatSecret(code))
		sp.refresh()
	})
}

// alertText says the alert of guesses, a line a kind, "" without any.
func alertText(a floods.Alert) string {
	lines := make([]string, 0, 3)
	for _, l := range a.Lines() {
		lines = append(lines, tr.Text(l))
	}
	return strings.Join(lines, "\n")
}

// onAcknowledge hides the notice that the judges' PIN was lengthened,
// for good.
func (sp *staffPanel) onAcknowledge() {
	work.Do(sp.p.run, func(ctx context.Context) error {
		return sp.p.phones.AcknowledgeJudgePIN(ctx)
	}, func(err error) {
		if err != nil {
			sp.p.alert(err)
		}
		sp.replacedBox.Hide()
	})
}
