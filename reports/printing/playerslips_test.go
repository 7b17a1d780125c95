package printing

import (
	"bytes"
	"fmt"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"tablekeeper/core/director"
	"tablekeeper/core/i18n"
	"tablekeeper/core/rules"
	"tablekeeper/reports"
)

// The player slips print each player's own code exactly once (drawing
// the codes nobody drew yet), every player still in the event, and no
// code of a player who dropped; one player's slip (the Registration tab)
// holds her code and no one else's. While the network is on each slip
// has the event page's address.
func TestPlayerSlipsHoldEachPlayersOwnCode(t *testing.T) {
	ctx, d := pdfDirector(t)
	e, entries := newEventEntries(ctx, t, d, "Friday Night", "swiss", "Ada Lovelace", "Zoë Ødegård", "李", "김민준", "Æmber Montgomery-Vasquez", "Dropped Dan")
	ada, err := d.Phones.PlayerCode(ctx, entries[0].ID) // shown at the kiosk before: kept
	if err != nil {
		t.Fatal(err)
	}
	if err := d.Registration.Drop(ctx, entries[5].ID); err != nil {
		t.Fatal(err)
	}
	text := func(p Printer, key string) (string, string) {
		t.Helper()
		var buf bytes.Buffer
		summary, err := p.Write(ctx, key, e.ID, 0, "A4", &buf)
		if err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command("pdftotext", "-", "-")
		cmd.Stdin = &buf
		out, err := cmd.Output()
		if err != nil {
			t.Fatal(err)
		}
		return string(out), summary
	}
	all, summary := text(Printer{D: ServicesOf(d), Network: func() string { return "http://192.168.1.20:8080/" }}, PlayerSlipsKey)
	if summary != "player slips of Friday Night, 5 players" {
		t.Errorf("summary %q", summary)
	}
	codes, err := d.Phones.PlayerCodes(ctx, e.ID)
	if err != nil {
		t.Fatal(err)
	}
	if codes[entries[0].ID] != ada {
		t.Errorf("printing changed Ada's code from %s to %s", ada, codes[entries[0].ID])
	}
	for i, en := range entries {
		want := 1
		if i == 5 {
			want = 0
		}
		if n := strings.Count(all, director.FormatPlayerCode(codes[en.ID])); n != want {
			t.Errorf("%s's code is printed %d times, want %d", en.Name, n, want)
		}
	}
	if !strings.Contains(all, "http://192.168.1.20:8080/events/"+strconv.FormatInt(int64(e.ID), 10)) {
		t.Errorf("the slips do not have the event page's address:\n%s", all)
	}

	// The Print menu asks for one player's slip by its key.
	one, summary := text(Printer{D: ServicesOf(d)}, PlayerSlipKey(entries[1].ID))
	if summary != "the player slip of Zoë Ødegård" {
		t.Errorf("summary %q", summary)
	}
	for i, en := range entries {
		if n := strings.Count(one, director.FormatPlayerCode(codes[en.ID])); n != map[bool]int{true: 1}[i == 1] {
			t.Errorf("Zoë's slip prints %s's code %d times", en.Name, n)
		}
	}
	if strings.Contains(one, "http://") {
		t.Error("with the network off the slip has an address")
	}
	// Each printing is in the event's activity log.
	log, err := d.Events.Log(ctx, e.ID)
	if err != nil {
		t.Fatal(err)
	}
	var said []string
	for _, l := range log {
		if strings.Contains(l.Message.Format, "player slip") {
			said = append(said, l.Message.In(i18n.English))
		}
	}
	if want := "[player slips printed with the player codes of 5 players player slip printed with her player code: Zoë Ødegård]"; fmt.Sprint(said) != want {
		t.Errorf("the log says %q, want %s", said, want)
	}

	var buf bytes.Buffer
	if _, err := (Printer{D: ServicesOf(d), Entry: 9999}).Write(ctx, PlayerSlipsKey, e.ID, 0, "A4", &buf); err == nil {
		t.Error("the slip of a player not in the event printed")
	}
}

// The QR code of a slip holds the link with the player's link token, not
// her code: the slips printed are those of the model with the token links.
func TestPlayerSlipsQRCodesCarryTheLinkToken(t *testing.T) {
	ctx, d := pdfDirector(t)
	e, entries := newEventEntries(ctx, t, d, "Friday Night", "swiss", "Ada Lovelace")
	en := entries[0]
	var got bytes.Buffer
	if _, err := (Printer{D: ServicesOf(d), Network: func() string { return "http://192.168.1.20:8080/" }}).Write(ctx, PlayerSlipKey(en.ID), e.ID, 0, "A4", &got); err != nil {
		t.Fatal(err)
	}
	c, err := d.Phones.RevealPlayerCode(ctx, en.ID, director.CodeReveal{Via: director.RevealDesk})
	if err != nil {
		t.Fatal(err)
	}
	page := "http://192.168.1.20:8080/events/" + strconv.FormatInt(int64(e.ID), 10)
	model := func(link string) []byte {
		var b bytes.Buffer
		s := reports.PlayerSlips{EventName: e.Name, Game: rules.DescribeText(e.Game, e.Format).In(""), Address: page,
			Players: []reports.PlayerSlip{{Name: en.Name, Code: director.FormatPlayerCode(c.Code), Link: link}}}
		if err := reports.WritePlayerSlips(&b, s, reports.Options{Paper: "A4"}); err != nil {
			t.Fatal(err)
		}
		return pdfDates.ReplaceAll(b.Bytes(), nil)
	}
	printed := pdfDates.ReplaceAll(got.Bytes(), nil)
	if !bytes.Equal(printed, model(director.PlayerLink(page, en.ID, c.Token))) {
		t.Fatal("the slip printed is not the one whose QR code holds the link token")
	}
	if bytes.Equal(printed, model(page+"#entry="+strconv.FormatInt(int64(en.ID), 10)+"&code="+c.Code)) {
		t.Fatal("the slip's QR code holds the code")
	}
}

// pdfDates are a PDF's dates, which differ from one writing to the next.
var pdfDates = regexp.MustCompile(`/(CreationDate|ModDate) \(D:[^)]*\)`)
