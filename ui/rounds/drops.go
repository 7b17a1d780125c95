package rounds

import (
	"context"
	"image/color"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/ui/internal/tr"
	"tablekeeper/ui/internal/work"
)

// This file is the Round tab's list of drop requests: players who asked
// from their phones (signed in with their player codes) to drop after the
// current round. Each row says who, after which round, when and from
// which device, with Accept (the player is dropped, after the round she
// is in) and Refuse (she stays; her phone tells her to see the desk). The
// Missing results list marks a table whose player asked. The list comes
// with the tab's one read (RoundView) and follows the director's change
// notifications.

// Drops is what the list calls.
type Drops interface {
	AcceptDrop(ctx context.Context, id event.EventID, req event.DropRequestID) error
	RefuseDrop(ctx context.Context, id event.EventID, req event.DropRequestID) error
}

// dropRowsShown is how many requests the list shows before it scrolls.
const dropRowsShown = 2

// dropPanel lists the open drop requests.
type dropPanel struct {
	s *Screen
	tintedList
	requests []director.DropRequest
}

func newDropPanel(s *Screen) *dropPanel {
	return &dropPanel{s: s, tintedList: newTintedList(color.NRGBA{R: 0xe9, G: 0x1e, B: 0x63, A: 0x22}, theme.LogoutIcon())}
}

// set shows the open requests, the list hidden when there are none.
func (p *dropPanel) set(reqs []director.DropRequest) {
	p.requests = reqs
	if len(reqs) == 0 {
		p.hide()
		return
	}
	p.title.SetText(tr.N("Drop requests: %d player asked to drop", len(reqs), len(reqs)))
	objs := make([]fyne.CanvasObject, len(reqs))
	for i, q := range reqs {
		objs[i] = p.row(q)
	}
	p.show(objs, dropRowsShown)
}

// DropLine is a request's row: who, after which round, when and from
// which device.
func DropLine(q director.DropRequest) string {
	when := tr.Clock(q.At.Local())
	if q.Round == 0 {
		return tr.F("%[1]s · before round 1 · asked at %[2]s from device %[3]s", q.Name, when, director.DeviceName(q.Device))
	}
	return tr.F("%[1]s · after round %[2]d · asked at %[3]s from device %[4]s", q.Name, q.Round, when, director.DeviceName(q.Device))
}

// row is one request with its buttons.
func (p *dropPanel) row(q director.DropRequest) fyne.CanvasObject {
	accept := &widget.Button{Text: tr.L("Accept"), Icon: theme.ConfirmIcon(), Importance: widget.HighImportance, OnTapped: func() { p.resolve(q, true) }}
	refuse := &widget.Button{Text: tr.L("Refuse"), Icon: theme.CancelIcon(), OnTapped: func() { p.resolve(q, false) }}
	text := &widget.Label{Text: DropLine(q), TextStyle: fyne.TextStyle{Bold: true}, Truncation: fyne.TextTruncateEllipsis}
	return container.NewBorder(nil, nil, nil, container.NewCenter(container.NewHBox(accept, refuse)), text)
}

// resolve accepts or refuses a request and says so on the status line.
func (p *dropPanel) resolve(q director.DropRequest, accept bool) {
	s := p.s
	id := s.eventID
	s.save(func(ctx context.Context) error {
		if accept {
			return s.d.Drops.AcceptDrop(ctx, id, q.ID)
		}
		return s.d.Drops.RefuseDrop(ctx, id, q.ID)
	}, func(err error) {
		switch {
		case err != nil:
			s.setStatus(tr.F("%s's request to drop: %s", q.Name, work.Sentence(err)), widget.DangerImportance)
			s.Load(id)
			return
		case accept:
			s.setStatus(tr.F("%s drops after this round: the next pairing leaves them out", q.Name), widget.SuccessImportance)
		default:
			s.setStatus(tr.F("%s stays in the event; their phone says to see you", q.Name), widget.MediumImportance)
		}
		s.changed(id)
	})
}

// missingMark is what the Missing results list adds to a table whose
// player asked to drop: " · asked to drop: Ada".
func (p *dropPanel) missingMark(sh director.Sheet, table int) string {
	if len(p.requests) == 0 {
		return ""
	}
	asked := make(map[event.EntryID]bool, len(p.requests))
	for _, q := range p.requests {
		asked[q.EntryID] = true
	}
	var names []string
	for _, t := range sh.Tables {
		if t.Number != table {
			continue
		}
		for _, pl := range t.Players {
			if asked[pl.Entry] {
				names = append(names, pl.Name)
			}
		}
	}
	if len(names) == 0 {
		return ""
	}
	return " · " + tr.F("asked to drop: %s", strings.Join(names, ", "))
}

// DropRequests returns the open drop requests the tab shows.
func (s *Screen) DropRequests() []director.DropRequest { return s.drops.requests }
