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
	return writePDF(w, opt, printJob{
		what: "poster",
		check: func() error {
			if strings.TrimSpace(p.Address) == "" {
				return fmt.Errorf("no address to print; turn the store network on first")
			}
			var err error
			modules, err = QRModules(p.Address)
			return err
		},
		title:     func() string { return i18n.T(opt.Lang, "Store network") },
		eventName: p.EventName,
		layout:    func(c *canvas) { layoutPoster(c, p, modules) },
	})
}

// layoutPoster lays the poster out on one page: the kicker and the event
// on top, the code in the middle as large as the page leaves room for,
// the address under it, then the steps.
func layoutPoster(c *canvas, p Poster, modules [][]bool) {
	c.addPage()
	left, right := pageMargin+6, c.pageW-pageMargin-6
	y := pageMargin + 14
	c.fitText(i18n.T(c.lang(), "Pairings, clock and standings on your phone"), styleBold, posterKickerSize, posterKickerSize-6, left, right, y, alignCenter, colorTeal)
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
	c.fitText(i18n.T(c.lang(), "No app, no account and no internet needed."), styleRegular, posterFootSize, posterFootSize-3, left, right, c.pageH-pageMargin-4, alignCenter, colorMuted)
}
