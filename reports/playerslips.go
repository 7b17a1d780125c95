package reports

import (
	"fmt"
	"io"
	"strings"

	"tablekeeper/core/i18n"
)

// PlayerSlips is the model of the players' slips (issue 22): one slip per
// player with her player code, to be cut apart and handed out at
// check-in, so that she can sign in on her phone (her decklist, confirming
// results, dropping). The code is hers alone: a table code is known to
// both players of the table and cannot tell which of them is typing.
type PlayerSlips struct {
	EventName string
	// Game names the game and format, as on the pairings sheet.
	Game string
	// Address is the event page's address while the store network is on
	// ("http://192.168.1.20:8080/events/7"), printed on each slip; ""
	// prints none (the slip then says to ask the organizer for it).
	Address string
	// Players are printed in the order given, one slip each.
	Players []PlayerSlip
}

// PlayerSlip is one player's slip.
type PlayerSlip struct {
	Name string
	// Code is her player code as it prints ("ABC-234"); never empty.
	Code string
	// Link is what the slip's QR code says (the address that signs her
	// phone in, director.PlayerLink); "" prints no QR code.
	Link string
}

// Sizes of the player slips, in millimetres for space and points for type:
// two columns of four on A4 and on Letter, so that a sheet cut twice
// across and once down gives eight slips.
const (
	pslipCols      = 2
	pslipRows      = 4
	pslipPad       = 5.0 // between a slip's text and its cut lines
	pslipEventSize = 9.0
	pslipNameSize  = 15.0
	pslipNameMin   = 8.0
	pslipLabelSize = 8.5
	pslipCodeSize  = 26.0
	pslipWhySize   = 7.5
	pslipAddrSize  = 8.0
	pslipQRSize    = 30.0
)

// WritePlayerSlips writes the players' slips of s as PDF to w: eight to a
// page, with dashed cut lines between them. Each names the event and the
// player, prints her code in large type with what it is for, and, while
// the network is on, the event page's address and the QR code of the
// link that signs her phone in. It returns an error, and writes nothing,
// when the model cannot be printed.
func WritePlayerSlips(w io.Writer, s PlayerSlips, opt Options) error {
	qrs := make([][][]bool, len(s.Players))
	return writePDF(w, opt, printJob{
		what: "player slips",
		check: func() error {
			for i, p := range s.Players {
				if p.Code == "" {
					return fmt.Errorf("%s has no player code", p.Name)
				}
				if p.Link != "" {
					var err error
					if qrs[i], err = QRModules(p.Link); err != nil {
						return err
					}
				}
			}
			return nil
		},
		title:     func() string { return i18n.T(opt.Lang, "Player slips") },
		eventName: s.EventName,
		layout:    func(c *canvas) { layoutPlayerSlips(c, s, qrs) },
	})
}

// layoutPlayerSlips puts the slips on pages of pslipCols × pslipRows
// cells, the cut lines between them running edge to edge.
func layoutPlayerSlips(c *canvas, s PlayerSlips, qrs [][][]bool) {
	if len(s.Players) == 0 {
		c.addPage()
		c.fitText(i18n.T(c.lang(), "This event has no players to print slips for."), styleRegular, noTablesSize, noTablesSize-3,
			pageMargin, c.pageW-pageMargin, pageMargin+10, alignLeft, colorInk)
		return
	}
	const perPage = pslipCols * pslipRows
	top, bottom := slipEdge, c.pageH-slipEdge
	cellW, cellH := c.pageW/pslipCols, (bottom-top)/pslipRows
	for i, p := range s.Players {
		if i%perPage == 0 {
			c.addPage()
			for r := 1; r < pslipRows; r++ {
				drawCutLine(c, top+float64(r)*cellH)
			}
			for k := 1; k < pslipCols; k++ {
				x := float64(k) * cellW
				c.line(x, 0, x, c.pageH, 0.25, colorMuted, true)
			}
		}
		n := i % perPage
		x, y := float64(n%pslipCols)*cellW, top+float64(n/pslipCols)*cellH
		drawPlayerSlip(c, s, p, qrs[i], x+pslipPad, y+pslipPad, x+cellW-pslipPad, y+cellH-pslipPad)
	}
}

// drawPlayerSlip draws one slip in the box from (left, top) to (right,
// bottom): the event, her name, and under them her code and what it is
// for on the left, the QR code on the right.
func drawPlayerSlip(c *canvas, s PlayerSlips, p PlayerSlip, qr [][]bool, left, top, right, bottom float64) {
	ts, lang := c.ts, c.lang()
	event := s.EventName
	if s.Game != "" {
		event += " · " + s.Game
	}
	c.fitText(event, styleBold, pslipEventSize, pslipEventSize-2, left, right, top+3.5, alignLeft, colorMuted)
	// Her name on one line, or two when it is long, in smaller type the
	// longer it is; only a name that two lines at the least size cannot
	// hold is cut.
	y := top + 10
	y += drawSlipName(c, p.Name, left, right, y)
	textRight := right
	if len(qr) > 0 {
		size := min(pslipQRSize, bottom-y)
		drawQR(c, qr, right-size, bottom-size, size)
		textRight = right - size - 3
	}
	y += 2
	c.fitText(i18n.T(lang, "Your player code"), styleRegular, pslipLabelSize, pslipLabelSize-1.5, left, textRight, y, alignLeft, colorTeal)
	y += 10
	c.fitText(p.Code, styleBold, pslipCodeSize, pslipCodeSize-8, left, textRight, y, alignLeft, colorTeal)
	y += 4.5
	why := i18n.T(lang, "Sign in on your phone with it to send your decklist, confirm your results and ask to drop: scan the QR code, or open the event's page, find your name and type the code. Keep it to yourself.")
	if len(qr) == 0 {
		why = i18n.T(lang, "Sign in on your phone with it to send your decklist, confirm your results and ask to drop: open the event's page on the store's Wi-Fi (the organizer has its address), find your name and type the code. Keep it to yourself.")
	}
	room := bottom - y
	if s.Address != "" {
		room -= 4
	}
	// The sentence is said whole: smaller type before fewer words.
	size := pslipWhySize
	lines := ts.wrap(why, styleRegular, size, textRight-left)
	for float64(len(lines))*size*0.43 > room && size > 5.5 {
		size -= 0.5
		lines = ts.wrap(why, styleRegular, size, textRight-left)
	}
	for _, l := range lines {
		y += size * 0.43
		c.text(l, size, left, textRight, y, alignLeft, colorInk)
	}
	if s.Address != "" {
		c.fitText(s.Address, styleBold, pslipAddrSize, pslipAddrSize-2, left, textRight, bottom-0.5, alignLeft, colorInk)
	}
}

// drawSlipName draws a player's name from baseline y within [left, right]
// on one line or two, shrinking it as far as pslipNameMin; it returns the
// height it took.
func drawSlipName(c *canvas, name string, left, right, y float64) float64 {
	for size := pslipNameSize; size >= pslipNameMin; size -= 1 {
		lines := c.ts.wrap(name, styleBold, size, right-left)
		if len(lines) > 2 || len(lines) == 0 {
			continue
		}
		// A word broken between its runes reads badly: only a name whose
		// every line ends at a space (or a name of one line) is kept.
		if len(lines) == 2 && !strings.HasPrefix(name[len(lines[0].String()):], " ") {
			continue
		}
		for i, l := range lines {
			c.text(l, size, left, right, y+float64(i)*6.5, alignLeft, colorInk)
		}
		return float64(len(lines)) * 6.5
	}
	c.fitText(name, styleBold, pslipNameMin, pslipNameMin, left, right, y, alignLeft, colorInk)
	return 6.5
}
