package clock

import (
	"image/color"
	"math"
	"slices"
	"strings"
	"time"
	"unicode"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/widget"

	coreclock "tablekeeper/core/clock"
	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/ui/internal/labels"
	"tablekeeper/ui/internal/prefs"
	"tablekeeper/ui/internal/toggle"
	"tablekeeper/ui/internal/tr"
)

// PageEvery is how long the projector shows one page of the pairings.
const PageEvery = 8 * time.Second

// The projector's colours: light text on a near-black ground, for a
// screen read from across a room. Never changed.
var (
	ground    = color.NRGBA{R: 0x0b, G: 0x0f, B: 0x14, A: 0xff}
	ink       = color.NRGBA{R: 0xff, G: 0xff, B: 0xff, A: 0xff}
	dimInk    = color.NRGBA{R: 0xb0, G: 0xbe, B: 0xc5, A: 0xff}
	accent    = color.NRGBA{R: 0x4f, G: 0xc3, B: 0xf7, A: 0xff}
	amber     = color.NRGBA{R: 0xff, G: 0xc4, B: 0x00, A: 0xff}
	red       = color.NRGBA{R: 0xff, G: 0x52, B: 0x52, A: 0xff}
	bannerInk = color.NRGBA{R: 0x10, G: 0x10, B: 0x10, A: 0xff}
	stripe    = color.NRGBA{R: 0xff, G: 0xff, B: 0xff, A: 0x0c}
)

// tone is the colour of the big clock.
type tone int

const (
	toneNormal tone = iota
	toneDim         // not started, paused, untimed
	toneWarn        // the last ten minutes
	toneOver        // time is up
)

func (t tone) color() color.Color {
	switch t {
	case toneDim:
		return dimInk
	case toneWarn:
		return amber
	case toneOver:
		return red
	}
	return ink
}

// projectorState is what the projector shows of the clock at a moment.
type projectorState struct {
	event, round string
	clock        string
	tone         tone
	caption      string
	extended     string
}

// projectorState is the clock as the players see it at now: the time left
// in huge type, TIME once it is up, what stops it in a line below.
func (b *Bar) projectorState(now time.Time) projectorState {
	s := projectorState{tone: toneDim}
	switch {
	case b.hasSheet:
		s.event = b.sheet.Event.Name
	case b.loaded:
		s.event = b.rc.EventName
	}
	if b.number == 0 {
		s.clock = "—"
		return s
	}
	s.round = labels.RoundName(event.Round{Number: b.number, Name: b.rc.Name})
	if !b.loaded {
		s.clock = "…"
		return s
	}
	r := b.rc.Reading(now)
	left := coreclock.Format(r.Remaining)
	switch {
	case !r.Timed:
		s.clock, s.caption = tr.L("Untimed"), ""
	case !r.Started:
		s.clock, s.caption = left, tr.L("Not started")
	case r.Expired:
		s.clock, s.tone = tr.L("TIME"), toneOver
		if over := coreclock.Format(-r.Remaining); over != "0:00" {
			s.caption = tr.F("over by %s", over)
		}
	case r.Paused:
		s.clock, s.caption = left, tr.L("Paused")
	case r.Remaining <= director.ClockWarning:
		s.clock, s.tone = left, toneWarn
	default:
		s.clock, s.tone = left, toneNormal
	}
	if ext := ExtendedText(coreclock.OnExtension(b.rc.Clock, b.rc.Extensions, now)); ext != "" && r.Started {
		s.extended = tr.F("On extension: %s", ext)
	}
	return s
}

// OpenProjector opens the projector window, or brings it forward when it
// is open. The organizer moves it to the players' screen and presses F11.
func (b *Bar) OpenProjector() {
	if b.projector != nil {
		b.projector.win.Show()
		b.projector.win.RequestFocus()
		return
	}
	p := newProjector(b.app, func() { b.projector = nil })
	b.projector = p
	p.setSheet(b.sheet, b.hasSheet)
	p.setNotices(b.notices)
	now := b.now()
	p.show(b.projectorState(now))
	p.tick(now)
	p.win.Show()
	p.restorePlace()
}

// Projector returns the open projector window, or nil.
func (b *Bar) Projector() *Projector { return b.projector }

// Projector is the window for the players: the event, the round, a huge
// clock, the announcements, the tables on extension and the pairings by
// name, a page at a time. It has no controls: the bar drives it. F11
// switches full screen, Esc leaves it; closing the window just closes it.
type Projector struct {
	win      fyne.Window
	view     *projectorView
	onClosed func()
	// prefs remember the screen the window was on and whether it was
	// full screen, for the next time it opens.
	prefs prefs.Prefs
}

func newProjector(app fyne.App, onClosed func()) *Projector {
	p := &Projector{win: app.NewWindow(tr.L("Round clock (F11: full screen)")), view: newProjectorView(), onClosed: onClosed, prefs: prefs.Of(app)}
	p.win.SetCloseIntercept(p.Close)
	p.win.SetPadded(false)
	p.win.SetContent(p.view)
	p.win.Resize(fyne.NewSize(1280, 720))
	p.win.Canvas().SetOnTypedKey(p.onKey)
	p.win.SetOnClosed(func() {
		if p.onClosed != nil {
			p.onClosed()
			p.onClosed = nil
		}
	})
	return p
}

// Window returns the projector's window.
func (p *Projector) Window() fyne.Window { return p.win }

// Close closes the window, remembering where it was.
func (p *Projector) Close() {
	p.rememberPlace()
	p.win.Close()
}

// restorePlace puts the shown window back on the screen it was last on,
// where the driver allows it (prefs.Move), and full screen if it was.
func (p *Projector) restorePlace() {
	if x, y, ok := p.prefs.ProjectorPosition(); ok {
		prefs.Move(p.win, x, y)
	}
	if p.prefs.ProjectorFullScreen() {
		p.win.SetFullScreen(true)
	}
}

// rememberPlace keeps the window's position (a window position, not a
// full-screen one) and whether it is full screen.
func (p *Projector) rememberPlace() {
	if !p.win.FullScreen() {
		if x, y, ok := prefs.Position(p.win); ok {
			p.prefs.SetProjectorPosition(x, y)
		}
	}
	p.prefs.SetProjectorFullScreen(p.win.FullScreen())
}

// setFullScreen switches full screen and remembers the choice; the
// window's place is kept first, while it is still a window.
func (p *Projector) setFullScreen(full bool) {
	if full == p.win.FullScreen() {
		return
	}
	if full {
		p.rememberPlace()
	}
	p.win.SetFullScreen(full)
	p.prefs.SetProjectorFullScreen(full)
}

// Pairings returns the lines the projector pages through.
func (p *Projector) Pairings() []Pairing { return append([]Pairing(nil), p.view.lines...) }

// Page returns the page of pairings shown, from 0, and the number of pages.
func (p *Projector) Page() (page, pages int) { return p.view.page, p.view.pages }

func (p *Projector) onKey(ev *fyne.KeyEvent) {
	switch ev.Name {
	case fyne.KeyF11:
		p.setFullScreen(!p.win.FullScreen())
	case fyne.KeyEscape:
		p.setFullScreen(false)
	}
}

func (p *Projector) show(s projectorState) {
	if p.view.state == s {
		return
	}
	if p.view.state.event != s.event && s.event != "" {
		p.win.SetTitle(tr.F("Round clock — %s (F11: full screen)", s.event))
	}
	p.view.state = s
	p.view.Refresh()
}

func (p *Projector) setNotices(notices []string) {
	p.view.notices = append([]string(nil), notices...)
	p.view.Refresh()
}

// setSheet shows a round's pairings from the first page; has is false
// while they are not read yet. The names are measured here, once for each
// new list, so that a layout (at every resize and every second of the
// clock) only scales widths.
func (p *Projector) setSheet(sh director.Sheet, has bool) {
	v := p.view
	draft := has && !sh.Round.Published()
	lines := Pairings(sh)
	var waiting []director.Outstanding
	tables := 0
	if has && !draft {
		waiting = sh.Outstanding()
		for _, t := range sh.Tables {
			if !t.Bye {
				tables++
			}
		}
	}
	sameLines := v.hasSheet == has && v.draft == draft && slices.EqualFunc(lines, v.lines, Pairing.Equal)
	sameWaiting := slices.EqualFunc(waiting, v.waiting, func(a, b director.Outstanding) bool {
		return a.Number == b.Number && slices.Equal(a.Names, b.Names)
	})
	if sameLines && sameWaiting && tables == v.tables {
		return
	}
	if !sameLines {
		v.lines, v.hasSheet, v.draft = lines, has, draft
		v.nameW = v.widths.measure(len(lines), func(i int) string { return lines[i].Name })
		v.page, v.pageAt = 0, time.Time{}
	}
	if !sameWaiting {
		v.waiting = waiting
		v.waitW = v.widths.measure(len(waiting), func(i int) string { return waiting[i].Label(tr.Lang()) })
	}
	v.tables = tables
	v.Refresh()
}

// tick turns the page of pairings every PageEvery.
func (p *Projector) tick(now time.Time) {
	v := p.view
	if v.pageAt.IsZero() || now.Before(v.pageAt) {
		v.pageAt = now
		return
	}
	if v.pages > 1 && now.Sub(v.pageAt) >= PageEvery {
		v.page = (v.page + 1) % v.pages
		v.pageAt = now
		v.Refresh()
	}
}

// projectorView draws the projector: a widget whose renderer sizes every
// text from the window's size, so the clock is the biggest that fits.
type projectorView struct {
	widget.BaseWidget
	state    projectorState
	notices  []string
	lines    []Pairing
	hasSheet bool
	draft    bool
	// nameW are the widths of the lines' names in bold at size 100:
	// measured once per list, scaled at each layout.
	nameW []float32
	// waiting are the tables still without a result, by table, and
	// waitW the widths of their labels as nameW; tables counts the
	// round's tables that take a result.
	waiting []director.Outstanding
	waitW   []float32
	tables  int
	widths  runeWidths
	// page and pages: the page shown and how many the last layout made;
	// listing what the pages list (a change starts from the first page).
	page, pages int
	listing     listing
	pageAt      time.Time
}

func newProjectorView() *projectorView {
	v := &projectorView{pages: 1, widths: runeWidths{}}
	v.ExtendBaseWidget(v)
	return v
}

// CreateRenderer implements fyne.Widget.
func (v *projectorView) CreateRenderer() fyne.WidgetRenderer {
	r := &projectorRenderer{
		v:        v,
		bg:       canvas.NewRectangle(ground),
		event:    &canvas.Text{Color: ink, TextStyle: fyne.TextStyle{Bold: true}},
		round:    &canvas.Text{Color: accent, TextStyle: fyne.TextStyle{Bold: true}, Alignment: fyne.TextAlignTrailing},
		clock:    &canvas.Text{TextStyle: fyne.TextStyle{Bold: true}, Alignment: fyne.TextAlignCenter},
		caption:  &canvas.Text{Color: dimInk, Alignment: fyne.TextAlignCenter},
		bannerBg: canvas.NewRectangle(amber),
		extended: &canvas.Text{Color: amber, TextStyle: fyne.TextStyle{Bold: true}},
		head:     &canvas.Text{Color: dimInk},
		empty:    &canvas.Text{Color: dimInk, Alignment: fyne.TextAlignCenter},
	}
	for range 3 {
		r.tableHeads = append(r.tableHeads, &canvas.Text{Color: dimInk, Text: tr.L("Table")})
	}
	r.bannerBg.CornerRadius = 12
	for i := range r.banner {
		r.banner[i] = &canvas.Text{Color: bannerInk, TextStyle: fyne.TextStyle{Bold: true}}
	}
	r.rebuild()
	return r
}

// projectorRenderer lays out and draws a projectorView.
type projectorRenderer struct {
	v                     *projectorView
	bg                    *canvas.Rectangle
	event, round, clock   *canvas.Text
	caption               *canvas.Text
	bannerBg              *canvas.Rectangle
	banner                [2]*canvas.Text
	extended, head, empty *canvas.Text
	rows                  []listRow
	tableHeads            []*canvas.Text
	objects               []fyne.CanvasObject
}

// listRow is one drawn line of the list: a player's name, table and
// opponents, or a table waiting for its result and its players.
type listRow struct {
	stripe          *canvas.Rectangle
	lead, num, tail *canvas.Text
}

func (r *projectorRenderer) rebuild() {
	r.objects = []fyne.CanvasObject{r.bg, r.event, r.round, r.clock, r.caption, r.bannerBg, r.banner[0], r.banner[1], r.extended, r.head, r.empty}
	for _, t := range r.tableHeads {
		r.objects = append(r.objects, t)
	}
	for _, row := range r.rows {
		r.objects = append(r.objects, row.stripe, row.lead, row.num, row.tail)
	}
}

// Objects implements fyne.WidgetRenderer.
func (r *projectorRenderer) Objects() []fyne.CanvasObject { return r.objects }

// Destroy implements fyne.WidgetRenderer.
func (r *projectorRenderer) Destroy() {}

// MinSize implements fyne.WidgetRenderer: the projector fits any window.
func (r *projectorRenderer) MinSize() fyne.Size { return fyne.NewSize(320, 180) }

// Refresh implements fyne.WidgetRenderer.
func (r *projectorRenderer) Refresh() {
	r.Layout(r.v.Size())
	for _, o := range r.objects {
		o.Refresh()
	}
}

// Layout implements fyne.WidgetRenderer. Sizes are in units of a
// 1080-pixel-high screen, so the projector looks the same in any window;
// the clock takes what is left after the header and a band for the
// pairings.
func (r *projectorRenderer) Layout(size fyne.Size) {
	v := r.v
	W, H := size.Width, size.Height
	r.bg.Move(fyne.NewPos(0, 0))
	r.bg.Resize(size)
	if W <= 0 || H <= 0 {
		return
	}
	u := min(H/1080, W/1280)
	pad := 32 * u
	inner := W - 2*pad

	// The header: the event on the left, the round on the right.
	y := pad * 0.6
	hs := 50 * u
	r.round.Text = v.state.round
	setText(r.round, hs, 0)
	rw := r.round.MinSize().Width
	r.round.Move(fyne.NewPos(W-pad-rw, y))
	r.event.Text = v.state.event
	setText(r.event, hs, max(0, inner-rw-40*u))
	r.event.Move(fyne.NewPos(pad, y))
	y += lineHeight(hs) + 4*u

	// The clock, the biggest that fits its band.
	// With pairings to show, the clock leaves them most of the screen
	// (its digits still stand 20 cm high on a 55-inch screen).
	// Each line of announcement takes a little from it.
	band := H * (0.24 - 0.03*float32(min(len(v.notices), len(r.banner))))
	if !v.hasSheet || len(v.lines) == 0 {
		band = H * 0.56
	}
	r.clock.Text = v.state.clock
	r.clock.Color = v.state.tone.color()
	r.clock.TextSize = min(fitSize(digitsAsZero(v.state.clock), r.clock.TextStyle, inner, band),
		fitSize("00:00", r.clock.TextStyle, inner, band))
	ch := r.clock.MinSize().Height
	// The box of a line has room above the digits for accents: pull it up.
	r.clock.Move(fyne.NewPos(pad, y-ch*0.06))
	r.clock.Resize(fyne.NewSize(inner, ch))
	y += ch * 0.9

	r.caption.Text = v.state.caption
	if r.caption.Text != "" {
		cs := 40 * u
		setText(r.caption, cs, inner)
		r.caption.Move(fyne.NewPos(pad, y))
		r.caption.Resize(fyne.NewSize(inner, lineHeight(cs)))
		y += lineHeight(cs)
	}
	toggle.Visible(r.caption, r.caption.Text != "")

	y = r.layoutBanner(y+8*u, pad, inner, u)

	r.extended.Text = v.state.extended
	if r.extended.Text != "" {
		es := 40 * u
		setText(r.extended, es, inner)
		r.extended.Move(fyne.NewPos(pad, y))
		y += lineHeight(es) + 4*u
	}
	toggle.Visible(r.extended, r.extended.Text != "")

	r.layoutList(y+8*u, H-pad*0.5, pad, inner, u)
}

// layoutBanner shows the latest two announcements on amber, from y, and
// returns where what follows starts.
func (r *projectorRenderer) layoutBanner(y, pad, inner, u float32) float32 {
	notices := r.v.notices
	if len(notices) > len(r.banner) {
		notices = notices[len(notices)-len(r.banner):]
	}
	toggle.Visible(r.bannerBg, len(notices) > 0)
	for i, t := range r.banner {
		toggle.Visible(t, i < len(notices))
	}
	if len(notices) == 0 {
		return y
	}
	bs := 48 * u
	inset := 24 * u
	top := y
	y += inset * 0.6
	for i, n := range notices {
		t := r.banner[i]
		t.Text = n
		setText(t, bs, inner-2*inset)
		t.Move(fyne.NewPos(pad+inset, y))
		y += lineHeight(bs)
	}
	y += inset * 0.6
	r.bannerBg.Move(fyne.NewPos(pad, top))
	r.bannerBg.Resize(fyne.NewSize(inner, y-top))
	return y + 12*u
}

// setText sets t's size and, when maxW is above 0, shortens its text
// with an ellipsis to fit that width (after trying up to a quarter
// smaller type).
func setText(t *canvas.Text, size, maxW float32) {
	t.TextSize = size
	if maxW <= 0 || t.Text == "" {
		t.Resize(t.MinSize())
		return
	}
	if w := fyne.MeasureText(t.Text, size, t.TextStyle).Width; w > maxW {
		t.TextSize = max(size*0.75, size*maxW/w)
		t.Text = ellipsize(t.Text, t.TextSize, t.TextStyle, maxW)
	}
	t.Resize(t.MinSize())
}

// clip sets t's size and shortens its text with an ellipsis to fit maxW
// (above 0): the lines of the pairings keep one size.
func clip(t *canvas.Text, size, maxW float32) {
	t.TextSize = size
	if maxW > 0 {
		t.Text = ellipsize(t.Text, size, t.TextStyle, maxW)
	}
	t.Resize(t.MinSize())
}

// ellipsize shortens s with "…" until it fits maxW at size.
func ellipsize(s string, size float32, style fyne.TextStyle, maxW float32) string {
	if fyne.MeasureText(s, size, style).Width <= maxW {
		return s
	}
	rs := []rune(s)
	lo, hi := 0, len(rs)
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if fyne.MeasureText(string(rs[:mid])+"…", size, style).Width <= maxW {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	return strings.TrimRightFunc(string(rs[:lo]), unicode.IsSpace) + "…"
}

// fitSize is the largest text size at which s fits w×h.
func fitSize(s string, style fyne.TextStyle, w, h float32) float32 {
	m := fyne.MeasureText(s, 100, style)
	if m.Width <= 0 || m.Height <= 0 {
		return h
	}
	return float32(math.Floor(float64(min(100*w/m.Width, 100*h/m.Height))))
}

// digitsAsZero writes every digit of s as 0: the clock is fitted to that
// text, and to "00:00" at the least, so its digits keep their size as the
// minutes count down from 10:00 to 9:59 whatever the font's figures.
func digitsAsZero(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsDigit(r) {
			return '0'
		}
		return r
	}, s)
}

// lineHeight is the height of a line of text of size s.
func lineHeight(s float32) float32 {
	return fyne.MeasureText("Ág", s, fyne.TextStyle{Bold: true}).Height
}
