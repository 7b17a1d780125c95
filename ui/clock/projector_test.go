package clock

import (
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/ui/internal/uitest"
)

// drawn returns the texts the projector draws.
func drawn(p *Projector) []string {
	var out []string
	for _, o := range test.WidgetRenderer(p.view).Objects() {
		if t, ok := o.(*canvas.Text); ok && t.Visible() && t.Text != "" {
			out = append(out, t.Text)
		}
	}
	return out
}

func draws(p *Projector, text string) bool { return slices.Contains(drawn(p), text) }

// The projector shows the event, the round, the clock and the pairings by
// name: alphabetically ignoring accents, the bye as BYE.
func TestProjectorShowsPairingsByName(t *testing.T) {
	f := setup(t, "Zoë Ødegård", "李小龍", "Æmber Knight", "bob stone", "Carol Reed")
	f.tap(t, "Projector")
	p := f.b.Projector()
	if p == nil {
		t.Fatal("no projector window")
	}
	p.Window().Resize(fyne.NewSize(1920, 1080))
	for _, want := range []string{"Friday Swiss", "Round 1", "50:00", "Not started", "Pairings by name"} {
		if !draws(p, want) {
			t.Errorf("the projector does not show %q: %q", want, drawn(p))
		}
	}
	if uitest.HasText(p.Window().Content(), "Start") || len(uitest.Objects(p.Window().Content())) == 0 {
		t.Error("organizer controls on the projector")
	}

	var names []string
	byName := map[string]Pairing{}
	for _, l := range p.Pairings() {
		names = append(names, l.Name)
		byName[l.Name] = l
	}
	if want := []string{"Æmber Knight", "bob stone", "Carol Reed", "Zoë Ødegård", "李小龍"}; !slices.Equal(names, want) {
		t.Errorf("order %q, want %q", names, want)
	}
	sh, err := f.d.Rounds.RoundSheet(t.Context(), f.e.ID, 1)
	if err != nil {
		t.Fatal(err)
	}
	for _, tb := range sh.Tables {
		if tb.Bye {
			if got := byName[tb.Players[0].Name].String(); got != tb.Players[0].Name+" — BYE" {
				t.Errorf("bye line %q", got)
			}
			continue
		}
		a, b := tb.Players[0].Name, tb.Players[1].Name
		want := a + " — Table " + itoa(tb.Number) + " — vs " + b
		if got := byName[a].String(); got != want {
			t.Errorf("line %q, want %q", got, want)
		}
		if !draws(p, a) || !draws(p, "vs "+b) {
			t.Errorf("%s's line not drawn: %q", a, drawn(p))
		}
	}
}

// The projector's clock follows the bar's: running, the warning, time.
func TestProjectorClock(t *testing.T) {
	f := setup(t)
	f.tap(t, "Projector")
	p := f.b.Projector()
	p.Window().Resize(fyne.NewSize(1920, 1080))
	f.tap(t, "Start")
	f.at(time.Second)
	if !draws(p, "49:59") || draws(p, "Not started") {
		t.Errorf("running clock: %q", drawn(p))
	}
	f.at(mins(40))
	if !draws(p, "10:00") || !draws(p, "Time warning: 10:00 left in the round.") {
		t.Errorf("the warning is not on the projector: %q", drawn(p))
	}
	f.at(mins(52))
	if !draws(p, "TIME") || !draws(p, "over by 2:00") {
		t.Errorf("time up: %q", drawn(p))
	}
	f.b.Dismiss()
	if draws(p, "Time: the round's time is up.") {
		t.Error("dismissed on the bar, still on the projector")
	}

	p.Window().Close()
	if f.b.Projector() != nil {
		t.Error("a closed projector is still held")
	}
	f.at(mins(53)) // ticking on without it
}

// A long list pages every PageEvery, back to the first page after the
// last.
func TestProjectorPages(t *testing.T) {
	var players []string
	for i := range 140 {
		players = append(players, "Player "+itoa(i+100))
	}
	f := setup(t, players...)
	f.b.OpenProjector()
	p := f.b.Projector()
	p.Window().Resize(fyne.NewSize(1280, 720))
	f.b.tick(f.clock.Now())
	page, pages := p.Page()
	if page != 0 || pages < 2 {
		t.Fatalf("page %d of %d for 140 players in 1280×720", page, pages)
	}
	if !draws(p, "Player 100") || draws(p, "Player 239") || !draws(p, "Pairings by name · page 1 of "+itoa(pages)) {
		t.Errorf("first page: %q", drawn(p))
	}
	f.at(PageEvery - time.Second)
	if page, _ := p.Page(); page != 0 {
		t.Error("paged too early")
	}
	f.at(PageEvery)
	if page, _ := p.Page(); page != 1 || draws(p, "Player 100") {
		t.Errorf("page %d after %v", page, PageEvery)
	}
	for range pages - 1 {
		f.at(f.clock.Now().Sub(f.t0) + PageEvery)
	}
	if page, _ := p.Page(); page != 0 {
		t.Errorf("page %d after the last, want the first", page)
	}
	// Full HD fits more a page.
	p.Window().Resize(fyne.NewSize(1920, 1080))
	if _, big := p.Page(); big > pages {
		t.Errorf("%d pages at 1920×1080, %d at 1280×720", big, pages)
	}
}

// Loading another round shows its pairings; a draft's are not shown.
func TestProjectorFollowsLoad(t *testing.T) {
	f := setup(t)
	f.b.OpenProjector()
	p := f.b.Projector()
	if len(p.Pairings()) != 4 {
		t.Fatalf("%d lines", len(p.Pairings()))
	}
	// Round 1's results, then round 2 as a draft.
	sh, _ := f.d.Rounds.RoundSheet(t.Context(), f.e.ID, 1)
	for _, tb := range sh.Tables {
		res := event.Result{Seats: []event.SeatResult{{GamesWon: 2}, {GamesWon: 0}}}
		if err := f.d.Rounds.RecordResult(t.Context(), f.e.ID, 1, tb.Number, res); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := f.d.Rounds.PairNextRound(t.Context(), f.e.ID); err != nil {
		t.Fatal(err)
	}
	f.b.Load(f.e.ID, 2)
	if len(p.Pairings()) != 0 || !draws(p, "The pairings of this round are not published yet.") || !draws(p, "Round 2") {
		t.Errorf("draft round 2: %q", drawn(p))
	}
	uitest.Publish(t, f.d, f.e.ID, 2)
	f.b.Load(f.e.ID, 2)
	if len(p.Pairings()) != 4 {
		t.Errorf("round 2 published: %d lines", len(p.Pairings()))
	}
}

func TestPairingsOfMultiplayerAndTeamTables(t *testing.T) {
	pl := func(n string) director.SheetPlayer { return director.SheetPlayer{Name: n} }
	sh := director.Sheet{
		Round: event.Round{PublishedAt: uitest.Now},
		Tables: []director.SheetTable{
			{Table: event.Table{Number: 2}, Players: []director.SheetPlayer{pl("Dan"), pl("Ada"), pl("Cy"), pl("Bea")}},
			{Table: event.Table{Number: 5}, Players: []director.SheetPlayer{pl("Eve"), pl("Gus"), pl("Fay"), pl("Hal")},
				Teams: []director.SheetTeam{
					{Name: "Owls", Members: []director.SheetPlayer{pl("Eve"), pl("Fay")}},
					{Name: "Larks", Members: []director.SheetPlayer{pl("Gus"), pl("Hal")}},
				}},
			{Table: event.Table{Bye: true}, Players: []director.SheetPlayer{pl("Ian")}},
		},
	}
	var got []string
	for _, p := range Pairings(sh) {
		got = append(got, p.String())
	}
	want := []string{
		"Ada — Table 2 — vs Dan, Cy, Bea",
		"Bea — Table 2 — vs Dan, Ada, Cy",
		"Cy — Table 2 — vs Dan, Ada, Bea",
		"Dan — Table 2 — vs Ada, Cy, Bea",
		"Eve — Table 5 — vs Larks",
		"Fay — Table 5 — vs Larks",
		"Gus — Table 5 — vs Owls",
		"Hal — Table 5 — vs Owls",
		"Ian — BYE",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	sh.Round.PublishedAt = time.Time{}
	if len(Pairings(sh)) != 0 {
		t.Error("a draft's pairings listed")
	}
}

func TestProjectorKeys(t *testing.T) {
	f := setup(t)
	f.b.OpenProjector()
	w := f.b.Projector().Window()
	f.b.Projector().onKey(&fyne.KeyEvent{Name: fyne.KeyF11})
	if !w.FullScreen() {
		t.Error("F11 does not go full screen")
	}
	f.b.Projector().onKey(&fyne.KeyEvent{Name: fyne.KeyEscape})
	if w.FullScreen() {
		t.Error("Esc does not leave full screen")
	}
}

func itoa(n int) string { return strconv.Itoa(n) }
