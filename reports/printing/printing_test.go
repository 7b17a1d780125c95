package printing

import (
	"bytes"
	"strings"
	"testing"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
)

// The pairings sheet of a 2v2 round names each player's team.
func TestTeamPairingsNameTheTeams(t *testing.T) {
	team := func(name string, ids ...event.EntryID) director.SheetTeam {
		return director.SheetTeam{Name: name, Entry: ids[0]}
	}
	sh := director.Sheet{Tables: []director.SheetTable{{
		Table:   event.Table{Number: 1, Seats: []event.Seat{{EntryID: 1}, {EntryID: 3}, {EntryID: 2}, {EntryID: 4}}},
		Players: []director.SheetPlayer{{Entry: 1, Name: "Ada"}, {Entry: 3, Name: "Cy"}, {Entry: 2, Name: "Bob"}, {Entry: 4, Name: "Dee"}},
		Teams:   []director.SheetTeam{team("Owls", 1, 2), team("Cy & Dee", 3, 4)},
	}, {
		Table:   event.Table{Bye: true, Seats: []event.Seat{{EntryID: 5}}},
		Players: []director.SheetPlayer{{Entry: 5, Name: "Eve"}},
		Teams:   []director.SheetTeam{team("Larks", 5, 6)},
	}}}
	p := PairingsReport(sh)
	var got []string
	for _, tb := range p.Tables {
		for _, s := range tb.Seats {
			got = append(got, s.Name)
		}
	}
	if want := "Ada (Owls)|Cy (Cy & Dee)|Bob (Owls)|Dee (Cy & Dee)|Eve (Larks)"; strings.Join(got, "|") != want {
		t.Errorf("seats %q, want %q", strings.Join(got, "|"), want)
	}
}

// The tables' codes go to the organizer's pairings CSV and on each
// table's slip (with the network's address when it is on), never on the
// sheets for the wall.
// While the store network is on, the reports print its address and the
// QR code of the event's page; while it is off, neither.
func TestTheNetworksAddressWhileItIsOn(t *testing.T) {
	address := ""
	p := Printer{Network: func() string { return address }}
	if on := p.onNetwork(7); on.Address != "" || on.QR != "" {
		t.Errorf("off: %q and a code of %q", on.Address, on.QR)
	}
	address = "http://192.168.1.20:8080/"
	if on := p.onNetwork(7); on.Address != address || on.QR != "http://192.168.1.20:8080/events/7" {
		t.Errorf("on: %q and a code of %q", on.Address, on.QR)
	}
	if on := (Printer{Address: "http://x/"}).onNetwork(7); on.Address != "http://x/" || on.QR != "" {
		t.Errorf("without Network: %q and a code of %q", on.Address, on.QR)
	}
}

func TestTableCodesGoOnTheSlipsAndTheCSVOnly(t *testing.T) {
	ctx, d := pdfDirector(t)
	e := newEvent(ctx, t, d, "Friday Night", "swiss", "Ada Lovelace", "Zoë Ødegård", "李小龍", "김민준", "Maximiliana Wolkenstein-Abendroth")
	r, err := d.Rounds.PairNextRound(ctx, e.ID)
	if err != nil {
		t.Fatal(err)
	}
	write := func(p Printer, key string) string {
		t.Helper()
		var buf bytes.Buffer
		if _, err := p.Write(ctx, key, e.ID, 0, "A4", &buf); err != nil {
			t.Fatal(err)
		}
		if !strings.HasSuffix(key, "csv") {
			return pdfText(t, &buf)
		}
		return buf.String()
	}
	if slips := write(Printer{D: ServicesOf(d)}, "slips"); strings.Contains(slips, "Table code") {
		t.Errorf("the slips of a draft show codes:\n%s", slips)
	}
	if err := d.Drafts.PublishRound(ctx, e.ID, r.Number); err != nil {
		t.Fatal(err)
	}
	codes, err := d.Network.TableCodes(ctx, e.ID, r.Number)
	if err != nil || len(codes) != 2 {
		t.Fatalf("codes %v, %v", codes, err)
	}
	csv := strings.TrimPrefix(write(Printer{D: ServicesOf(d)}, "pairings-csv"), "\ufeff")
	if !strings.HasPrefix(csv, "round,table,seat,name,member number,points,code\n") {
		t.Errorf("pairings CSV header: %.80q", csv)
	}
	for n, code := range codes {
		if strings.Count(csv, ","+code+"\n") != 2 {
			t.Errorf("table %d's code %s is not on its two rows:\n%s", n, code, csv)
		}
	}
	if bye := csv[strings.Index(csv, "BYE"):]; !strings.HasSuffix(bye, ",0,\n") {
		t.Errorf("the bye's row:\n%s", csv)
	}
	slips := write(Printer{D: ServicesOf(d), Network: func() string { return "http://192.168.1.20:8080/" }}, "slips")
	for _, code := range codes {
		if !strings.Contains(slips, "Table code "+code) {
			t.Errorf("the slips lack %q:\n%s", "Table code "+code, slips)
		}
	}
	if strings.Count(slips, "report at http://192.168.1.20:8080/") != 2 {
		t.Errorf("the slips do not say where to report:\n%s", slips)
	}
	if plain := write(Printer{D: ServicesOf(d)}, "slips"); strings.Contains(plain, "report at") || !strings.Contains(plain, "Table code") {
		t.Errorf("the slips without the network:\n%s", plain)
	}
	for _, key := range []string{"pairings", "pairings-by-name"} {
		text := write(Printer{D: ServicesOf(d), Address: "http://192.168.1.20:8080/"}, key)
		for _, code := range codes {
			if strings.Contains(text, code) {
				t.Errorf("%s shows the code %s:\n%s", key, code, text)
			}
		}
	}
}
