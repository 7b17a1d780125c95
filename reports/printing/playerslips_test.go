package printing

import (
	"bytes"
	"fmt"
	"os/exec"
	"strconv"
	"strings"
	"testing"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
)

// The player slips print each player's own code exactly once (drawing
// the codes nobody drew yet), every player still in the event, and no
// code of a player who dropped; one player's slip (the Registration tab)
// holds her code and no one else's. While the network is on each slip
// has the event page's address.
func TestPlayerSlipsHoldEachPlayersOwnCode(t *testing.T) {
	ctx, d := pdfDirector(t)
	e, err := d.CreateEvent(ctx, director.NewEvent{Name: "Friday Night", Game: "generic", Format: "swiss"})
	if err != nil {
		t.Fatal(err)
	}
	var entries []event.Entry
	for _, name := range []string{"Ada Lovelace", "Zoë Ødegård", "李", "김민준", "Æmber Montgomery-Vasquez", "Dropped Dan"} {
		en, err := d.RegisterNew(ctx, e.ID, director.NewPlayer{Name: name})
		if err != nil {
			t.Fatal(err)
		}
		entries = append(entries, en)
	}
	ada, err := d.PlayerCode(ctx, entries[0].ID) // shown at the kiosk before: kept
	if err != nil {
		t.Fatal(err)
	}
	if err := d.Drop(ctx, entries[5].ID); err != nil {
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
	all, summary := text(Printer{D: d, Network: func() string { return "http://192.168.1.20:8080/" }}, PlayerSlipsKey)
	if summary != "player slips of Friday Night, 5 players" {
		t.Errorf("summary %q", summary)
	}
	codes, err := d.PlayerCodes(ctx, e.ID)
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
	one, summary := text(Printer{D: d}, PlayerSlipKey(entries[1].ID))
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
	log, err := d.Log(ctx, e.ID)
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
	if _, err := (Printer{D: d, Entry: 9999}).Write(ctx, PlayerSlipsKey, e.ID, 0, "A4", &buf); err == nil {
		t.Error("the slip of a player not in the event printed")
	}
}
