package reports

import (
	"fmt"
	"io"
	"strings"

	"tablekeeper/core/i18n"
)

// Poster is the model of the store network's poster: a page for the
// wall or the door with the event's name, a large QR code of its address
// on the store's Wi-Fi and the address in large type, for players to open
// the pairings, the clock and the standings on their phones.
type Poster struct {
	EventName string
	// Game names the game and format, as on the pairings sheet.
	Game string
	// Address is the address the QR code holds and the poster prints:
	// "http://192.168.1.20:8080/events/3".
	Address string
	// Others are the same page's addresses on the event's other laptops
	// (a standby takes over when the host dies), each printed with a
	// smaller code under the steps: a phone whose code does not open
	// scans one of those.
	Others []string
}

// Sizes of the poster, in points for type and millimetres for space.
const (
	posterKickerSize  = 22.0 // "Pairings, clock and standings on your phone"
	posterEventSize   = 44.0
	posterEventMin    = 22.0
	posterGameSize    = 16.0
	posterAddressSize = 30.0
	posterAddressMin  = 14.0
	posterStepSize    = 15.0
	posterFootSize    = 12.0
	posterOthersSize  = 12.0
	posterOtherSide   = 34.0 // mm, each other laptop's code
	posterOtherCell   = 62.0 // mm, at most, each other laptop's column
)

// posterSteps are the poster's instructions, one line each.
var posterSteps = []string{
	i18n.K("1. Join this store's Wi-Fi."),
	i18n.K("2. Point your phone's camera at the code, or type the address below."),
	i18n.K("3. Find your name: your table, the round clock, the pairings and the standings."),
}

// WritePoster writes the poster as a PDF page to w. It returns an error,
// and writes nothing, without an address or when the address is too long
// for a code.
func WritePoster(w io.Writer, p Poster, opt Options) error {
	var modules [][]bool
	others := make([][][]bool, len(p.Others))
	return writePDF(w, opt, printJob{
		what: "poster",
		check: func() error {
			if strings.TrimSpace(p.Address) == "" {
				return fmt.Errorf("no address to print; turn the store network on first")
			}
			var err error
			if modules, err = QRModules(p.Address); err != nil {
				return err
			}
			for i, a := range p.Others {
				if others[i], err = QRModules(a); err != nil {
					return err
				}
			}
			return nil
		},
		title:     func() string { return i18n.T(opt.Lang, "Store network") },
		eventName: p.EventName,
		layout:    func(c *canvas) { layoutPoster(c, p, modules, others) },
	})
}

// layoutPoster lays the poster out on one page: the kicker and the event
// on top, the code in the middle as large as the page leaves room for,
// the address under it, then the steps, then the other laptops' codes.
func layoutPoster(c *canvas, p Poster, modules [][]bool, others [][][]bool) {
	c.addPage()
	left, right := pageMargin+6, c.pageW-pageMargin-6
	y := pageMargin + 14
	c.fitText(i18n.T(c.lang(), "Pairings, clock and standings on your phone"), styleBold, posterKickerSize, posterKickerSize-10, left, right, y, alignCenter, colorTeal)
	y += 20
	name := p.EventName
	if name == "" {
		name = i18n.T(c.lang(), "Tonight's event")
	}
	c.fitText(name, styleBold, posterEventSize, posterEventMin, left, right, y, alignCenter, colorInk)
	y += 10
	if p.Game != "" {
		c.fitText(p.Game, styleRegular, posterGameSize, posterGameSize-4, left, right, y, alignCenter, colorMuted)
	}
	y += 8

	// The steps and the footer take the bottom; the code takes what is
	// left between, up to 150 mm.
	bottom := c.pageH - pageMargin - 10 - float64(len(posterSteps))*10 - 26
	if len(others) > 0 {
		bottom -= posterOtherSide + 16
	}
	side := min(150, bottom-y, right-left)
	x := (c.pageW - side) / 2
	drawQR(c, modules, x, y, side)
	y += side + 14
	c.fitText(p.Address, styleBold, posterAddressSize, posterAddressMin, left, right, y, alignCenter, colorInk)
	y += 14
	for _, s := range posterSteps {
		c.fitText(i18n.T(c.lang(), s), styleRegular, posterStepSize, posterStepSize-4, left, right, y, alignLeft, colorInk)
		y += 10
	}
	if len(others) > 0 {
		layoutOtherLaptops(c, p.Others, others, left, right, y)
	}
	c.fitText(i18n.T(c.lang(), "No app, no account and no internet needed."), styleRegular, posterFootSize, posterFootSize-3, left, right, c.pageH-pageMargin-4, alignCenter, colorMuted)
}

// layoutOtherLaptops draws, from y down, what a phone does when the code
// above does not open (its laptop died): a line, then each other
// laptop's code with its address under it, side by side and centred.
func layoutOtherLaptops(c *canvas, addrs []string, codes [][][]bool, left, right, y float64) {
	c.fitText(i18n.T(c.lang(), "Page does not open? Scan a code of the event's other laptops:"), styleBold, posterOthersSize, posterOthersSize-3, left, right, y, alignLeft, colorInk)
	y += 4
	cell := min(posterOtherCell, (right-left)/float64(len(codes)))
	x := left + (right-left-cell*float64(len(codes)))/2
	for i, m := range codes {
		drawQR(c, m, x+(cell-posterOtherSide)/2, y, posterOtherSide)
		c.fitText(addrs[i], styleRegular, posterOthersSize-2, posterOthersSize-6, x+1, x+cell-1, y+posterOtherSide+5, alignCenter, colorInk)
		x += cell
	}
}
