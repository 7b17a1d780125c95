package reports

import (
	"fmt"
	"io"
	"strings"
	"testing"

	"tablekeeper/core/i18n"
)

// testPlayerSlips is n players' slips with codes ABC-001 … and, with
// address, the links their QR codes hold.
func testPlayerSlips(n int, address string, names ...string) PlayerSlips {
	s := PlayerSlips{EventName: "Friday Night Altered", Game: "Altered · Standard (best of three)", Address: address}
	for i := range n {
		name := fmt.Sprintf("Player %d", i+1)
		if i < len(names) {
			name = names[i]
		}
		// Codes of the alphabet (no 0, 1, I, O), each different and none
		// another's substring: "QX" and 4 letters from i.
		code := fmt.Sprintf("QX%c-%c%c%c", 'A'+rune(i/1000%20), 'A'+rune(i/100%10), 'A'+rune(i/10%10), 'A'+rune(i%10))
		p := PlayerSlip{Name: name, Code: code}
		if address != "" {
			p.Link = address + "#entry=" + fmt.Sprint(i+1) + "&code=" + strings.ReplaceAll(code, "-", "")
		}
		s.Players = append(s.Players, p)
	}
	return s
}

// Each player's slip holds her code exactly once and no other player's
// (pdftotext of a one-player print), her whole name (long, accented, Han
// and Hangul), the event, what the code is for, and the address when the
// network is on; eight slips a page, so 500 players take 63 pages.
func TestPlayerSlipsPrintEachPlayersCodeOnce(t *testing.T) {
	names := []string{"Æmber Lyssandra Montgomery-Vasquez de la Fuente y Ortega", "Zoë Ødegård", "李", "김민준",
		"Maximiliana Wolfeschlegelsteinhausenbergerdorff", "Ngô Bảo Châu"}
	s := testPlayerSlips(len(names), "http://192.168.1.20:8080/events/7", names...)
	text := pdfText(t, writeTestPDF(t, func(w io.Writer) error { return WritePlayerSlips(w, s, testOptions("")) }))
	flat := strings.Join(strings.Fields(text), " ")
	for _, p := range s.Players {
		if n := strings.Count(text, p.Code); n != 1 {
			t.Errorf("%s's code %s is printed %d times, want once", p.Name, p.Code, n)
		}
		// A long name takes two lines, which pdftotext may interleave
		// with the next slip's: each word is there, none cut.
		for _, word := range strings.Fields(p.Name) {
			if !strings.Contains(flat, word) {
				t.Errorf("the slips do not name %q whole (no %q):\n%s", p.Name, word, flat)
			}
		}
	}
	if strings.Contains(flat, "…") {
		t.Errorf("a name is cut:\n%s", flat)
	}
	for _, want := range []string{"Friday Night Altered", "Your player code", "Sign in on your phone with it", "http://192.168.1.20:8080/events/7"} {
		if !strings.Contains(flat, want) {
			t.Errorf("the slips do not say %q:\n%s", want, flat)
		}
	}

	t.Run("one player", func(t *testing.T) {
		// One player's slip: her code and no one else's.
		one := PlayerSlips{EventName: s.EventName, Address: s.Address, Players: s.Players[1:2]}
		text := pdfText(t, writeTestPDF(t, func(w io.Writer) error { return WritePlayerSlips(w, one, testOptions("")) }))
		for i, p := range s.Players {
			if got := strings.Count(text, p.Code); (i == 1) != (got == 1) || got > 1 {
				t.Errorf("one slip of %s prints %s's code %d times", s.Players[1].Name, p.Name, got)
			}
		}
	})
}

// 500 players: 63 pages of eight, every code once; without the network
// the slips have no address and say where to find the page.
func TestFiveHundredPlayerSlips(t *testing.T) {
	s := testPlayerSlips(500, "")
	pdf := writeTestPDF(t, func(w io.Writer) error { return WritePlayerSlips(w, s, testOptions("Letter")) })
	if n := pageCount(pdf); n != 63 {
		t.Errorf("500 slips take %d pages, want 63", n)
	}
	text := pdfText(t, pdf)
	for _, p := range s.Players {
		if n := strings.Count(text, p.Code); n != 1 {
			t.Fatalf("%s's code %s is printed %d times", p.Name, p.Code, n)
		}
	}
	if !strings.Contains(strings.Join(strings.Fields(text), " "), "the organizer has its address") {
		t.Error("without the network the slips do not say where the page is")
	}
}

// In French, the slips speak French.
func TestPlayerSlipsInFrench(t *testing.T) {
	s := testPlayerSlips(3, "http://192.168.1.20:8080/events/7", "Zoë Ødegård", "李", "김민준")
	opt := testOptions("")
	opt.Lang = i18n.Lang("fr")
	text := strings.Join(strings.Fields(pdfText(t, writeTestPDF(t, func(w io.Writer) error { return WritePlayerSlips(w, s, opt) }))), " ")
	for _, want := range []string{"Votre code joueur", "QXA-AAC", "김민준"} {
		if !strings.Contains(text, want) {
			t.Errorf("the French slips do not say %q:\n%s", want, text)
		}
	}
	if strings.Contains(text, "Your player code") {
		t.Error("the French slips say English")
	}
}

// A slip without a code is not printed.
func TestPlayerSlipsRefuseAPlayerWithoutACode(t *testing.T) {
	s := testPlayerSlips(2, "")
	s.Players[1].Code = ""
	var b strings.Builder
	if err := WritePlayerSlips(&b, s, testOptions("")); err == nil || b.Len() != 0 {
		t.Errorf("a slip without a code: err %v, %d bytes written", err, b.Len())
	}
}
