package rounds

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
	"tablekeeper/ui/internal/columns"
	"tablekeeper/ui/internal/keys"
	"tablekeeper/ui/internal/tr"
	"tablekeeper/ui/internal/work"
)

// This file is the Round tab's part of the store network: results the
// players reported from their phones show "reported by players" beside
// their table, and the reports that wait for the organizer (to check: they
// disagree with the result on record; or waiting for approval, when the
// event asks for it) are listed under the tables with Accept and Reject.
// The list follows the director's change notifications through Load: a
// report shows the moment it is saved, without polling.

// ByPlayers is what a table's row says when the players reported its
// result from a phone.
var ByPlayers = tr.K("Reported by players")

// setPairing fills a row's pairing cell: "Reported by players" first when
// they did, then why the pairing was made.
func setPairing(rt *widget.RichText, t director.SheetTable) {
	why := t.Why.In(tr.Lang())
	columns.SetSecondary(rt, why)
	if t.Result == nil || !t.Result.ByPlayers {
		return
	}
	mark := &widget.TextSegment{Text: tr.L(ByPlayers), Style: widget.RichTextStyle{
		ColorName: theme.ColorNamePrimary, SizeName: theme.SizeNameCaptionText, Inline: true, TextStyle: fyne.TextStyle{Bold: true}}}
	segs := []widget.RichTextSegment{mark}
	if why != "" {
		rest := *rt.Segments[0].(*widget.TextSegment)
		rest.Text = " · " + why
		segs = append(segs, &rest)
	}
	rt.Segments = segs
	rt.Refresh()
}

// phoneRowsShown is how many reports the list shows before it scrolls:
// the tables above keep most of the height on a laptop screen.
const phoneRowsShown = 2

// phonePanel lists the open phone reports.
type phonePanel struct {
	s *Screen
	tintedList
	reports []director.PhoneReport
	// confirm is the open "Replace the result?" question, if any.
	confirm *keys.Confirm
}

func newPhonePanel(s *Screen) *phonePanel {
	return &phonePanel{s: s, tintedList: newTintedList(color.NRGBA{R: 0x21, G: 0x96, B: 0xf3, A: 0x26}, theme.MailComposeIcon())}
}

// tintedList is a list under the round's tables that the organizer must
// see (phone reports, drop requests): a tinted box with an icon and a bold
// title over rows that scroll, hidden until it has rows.
type tintedList struct {
	box    *fyne.Container
	title  *widget.Label
	rows   *fyne.Container
	scroll *container.Scroll
}

// hide empties the list and hides it.
func (l *tintedList) hide() {
	l.rows.RemoveAll()
	l.box.Hide()
}

// show lists the rows, the list as high as its first shown rows (it
// scrolls beyond), and shows it.
func (l *tintedList) show(objs []fyne.CanvasObject, shown int) {
	l.rows.Objects = objs
	l.rows.Refresh()
	h := float32(0)
	for _, o := range objs[:min(len(objs), shown)] {
		h += o.MinSize().Height + theme.Padding()
	}
	l.scroll.SetMinSize(fyne.NewSize(0, h))
	l.box.Show()
	l.box.Refresh()
}

func newTintedList(c color.NRGBA, icon fyne.Resource) tintedList {
	l := tintedList{title: &widget.Label{TextStyle: fyne.TextStyle{Bold: true}}, rows: container.NewVBox()}
	l.scroll = container.NewVScroll(l.rows)
	tint := canvas.NewRectangle(c)
	tint.CornerRadius = theme.InputRadiusSize()
	head := container.NewBorder(nil, nil, widget.NewIcon(icon), nil, l.title)
	l.box = container.NewStack(tint, container.NewPadded(container.NewBorder(head, nil, nil, nil, l.scroll)))
	l.box.Hide()
	return l
}

// set shows the open reports, the list hidden when there are none.
func (p *phonePanel) set(reports []director.PhoneReport) {
	p.reports = reports
	if len(reports) == 0 {
		p.hide()
		return
	}
	check, players := 0, 0
	for _, r := range reports {
		switch {
		case r.Entry != 0:
			players++
		case r.Conflict:
			check++
		}
	}
	p.title.SetText(phoneTitle(len(reports)-check-players, check, playerTables(reports)))
	// One column of tags for the whole list, as wide as its widest tag
	// (a French tag is longer), so that every row's text starts at the
	// same place, whatever its kind.
	tags := make([]*widget.Label, len(reports))
	width := float32(90)
	for i, r := range reports {
		tags[i] = reportTag(r)
		if r.Entry != 0 {
			width = max(width, 110)
		}
		width = max(width, tags[i].MinSize().Width)
	}
	objs := make([]fyne.CanvasObject, len(reports))
	for i, r := range reports {
		objs[i] = p.row(r, tags[i], width)
	}
	p.show(objs, phoneRowsShown)
}

// phoneTitle heads the list: "Phone reports: 2 to check, 1 waiting for
// your approval", and the tables whose players' own reports wait on the
// organizer.
func phoneTitle(waiting, check, players int) string {
	var parts []string
	if players > 0 {
		parts = append(parts, tr.N("%d table for you to decide", players, players))
	}
	if check > 0 {
		parts = append(parts, tr.F("%d to check", check))
	}
	if waiting > 0 {
		parts = append(parts, tr.F("%d waiting for your approval", waiting))
	}
	return tr.F("Phone reports: %s", strings.Join(parts, ", "))
}

// PhoneLines are the two lines of a report's row: the table, its players
// and what was typed, when and on which device; then what was reported
// (and, to check, what the table has on record).
func PhoneLines(r director.PhoneReport) (head, body string) {
	if r.Entry != 0 {
		return playerLines(r)
	}
	sep := " v "
	if len(r.Players) > 2 {
		sep = ", "
	}
	head = tr.F("Round %d, table %d · %s · typed %q at %s on device %s",
		r.Round, r.Table, strings.Join(r.Players, sep), r.Result, tr.Clock(r.At.Local()), director.DeviceName(r.Device))
	body = tr.F("Reported: %s", r.Reported)
	if r.Conflict {
		body += " · " + tr.F("on record: %s", r.Recorded)
	}
	return head, body
}

// reportTag is the tag of a report's row: a player's own report's
// (playerTag), else waiting for approval or to check.
func reportTag(r director.PhoneReport) *widget.Label {
	if r.Entry != 0 {
		return playerTag(r)
	}
	tag := &widget.Label{Text: tr.L("Waiting"), TextStyle: fyne.TextStyle{Bold: true}, Importance: widget.HighImportance}
	if r.Conflict {
		tag.Text, tag.Importance = tr.L("To check"), widget.WarningImportance
	}
	return tag
}

// row is one report of either kind: what it is, its tag in a column of
// the list's width, and its buttons (a player's own report has Accept
// alone: her table waits for its result, and typing it settles the
// table).
func (p *phonePanel) row(r director.PhoneReport, tag *widget.Label, width float32) fyne.CanvasObject {
	head, body := PhoneLines(r)
	accept := &widget.Button{Text: tr.L("Accept"), Icon: theme.ConfirmIcon(), Importance: widget.HighImportance, OnTapped: func() { p.onAccept(r) }}
	var buttons fyne.CanvasObject = accept
	if r.Entry == 0 {
		reject := &widget.Button{Text: tr.L("Reject"), Icon: theme.CancelIcon(), OnTapped: func() { p.resolve(r, false) }}
		buttons = container.NewHBox(accept, reject)
	}
	text := columns.Lines(&widget.Label{Text: head, TextStyle: fyne.TextStyle{Bold: true}, Truncation: fyne.TextTruncateEllipsis},
		&widget.Label{Text: body, Truncation: fyne.TextTruncateEllipsis})
	return container.NewBorder(nil, nil, container.NewGridWrap(fyne.NewSize(width, tag.MinSize().Height), tag),
		container.NewCenter(buttons), text)
}

// onAccept applies a report; over a different result on record it asks
// first, Enter keeping the result on record.
func (p *phonePanel) onAccept(r director.PhoneReport) {
	if !r.Conflict {
		p.resolve(r, true)
		return
	}
	p.confirm = keys.NewConfirm(p.s.win, keys.ConfirmOptions{
		Title: tr.F("Replace table %d's result?", r.Table),
		Message: tr.F("Round %d, table %d has %s on record.\nThe players reported %s from a phone.\nReplace the result on record with theirs?",
			r.Round, r.Table, r.Recorded, r.Reported),
		Yes: tr.L("Replace it"), No: tr.L("Keep the result on record"), Danger: true,
	}, func(yes bool) {
		if yes {
			p.resolve(r, true)
		}
	})
	p.confirm.Show()
}

// resolve accepts or rejects a report of either kind and says so on the
// status line.
func (p *phonePanel) resolve(r director.PhoneReport, accept bool) {
	s := p.s
	id := s.eventID
	s.save(func(ctx context.Context) error {
		return s.d.Network.ResolveReport(ctx, id, r.ID, accept)
	}, func(err error) {
		if err != nil {
			s.setStatus(tr.F("Table %d's phone report: %s", r.Table, work.Sentence(err)), widget.DangerImportance)
			s.Load(id)
			return
		}
		switch {
		case r.Entry != 0:
			s.setStatus(tr.F("Table %[1]d: %[2]s's report was accepted: %[3]s", r.Table, r.Player, r.Reported), widget.SuccessImportance)
		case accept:
			s.setStatus(tr.F("Table %d: the players' report was accepted: %s", r.Table, r.Reported), widget.SuccessImportance)
		default:
			s.setStatus(tr.F("Table %d: the players' report was rejected; the table keeps what it had", r.Table), widget.MediumImportance)
		}
		s.changed(id)
	})
}

// PhoneReports returns the open phone reports the tab shows.
func (s *Screen) PhoneReports() []director.PhoneReport { return s.phone.reports }
