package clock

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/ui/internal/tr"
)

// screens are the projector sizes the tests hold the layout at.
var screens = []fyne.Size{{Width: 1920, Height: 1080}, {Width: 1366, Height: 768}}

// openOn opens a projector on sh in a window of the size given.
func openOn(t *testing.T, sh director.Sheet, size fyne.Size) *Projector {
	t.Helper()
	test.NewTempApp(t)
	p := newProjector(fyne.CurrentApp(), nil)
	t.Cleanup(p.Close)
	p.setSheet(sh, true)
	p.show(projectorState{event: sh.Event.Name, round: "Round 5", clock: "50:00", tone: toneDim, caption: "Not started"})
	p.win.Resize(size)
	return p
}

// shownRows are the rows the projector draws.
func shownRows(p *Projector) []listRow {
	var out []listRow
	for _, row := range test.WidgetRenderer(p.view).(*projectorRenderer).rows {
		if row.lead.Visible() {
			out = append(out, row)
		}
	}
	return out
}

func right(t *canvas.Text) float32 { return t.Position().X + t.MinSize().Width }

// Issue 11 §5: a page of a 512-player round fills the screen with at
// least 36 names in two or three columns, at a type no smaller than the
// floor readable from 5 m, with the rows down to the bottom of the screen.
func TestProjectorFits36NamesAndFillsTheScreen(t *testing.T) {
	sh := bigSheet(512, 0, "", rand.New(rand.NewPCG(3, 4)))
	for _, size := range screens {
		p := openOn(t, sh, size)
		rows := shownRows(p)
		if len(rows) < 36 {
			t.Errorf("%v: %d names a page, want at least 36", size, len(rows))
		}
		var xs []float32
		last := float32(0)
		for _, row := range rows {
			if !slices.Contains(xs, row.lead.Position().X) {
				xs = append(xs, row.lead.Position().X)
			}
			last = max(last, row.stripe.Position().Y+row.stripe.Size().Height)
			if min := float32(minRow) * size.Height / 1080; row.lead.TextSize < min-0.01 {
				t.Errorf("%v: names at %.1f px, the floor is %.1f", size, row.lead.TextSize, min)
			}
		}
		if len(xs) < 2 || len(xs) > 3 {
			t.Errorf("%v: %d columns, want two or three", size, len(xs))
		}
		if rowH := rows[0].stripe.Size().Height; size.Height-last > 2*rowH+0.04*size.Height {
			t.Errorf("%v: the rows end at %.0f, leaving %.0f px empty below", size, last, size.Height-last)
		}
	}
}

// Issue 11 §5: only a name that cannot fit its column is cut; the others
// (Greek, accented, short and long) are drawn whole, and nothing in a row
// runs into the next text or column.
func TestProjectorCutsOnlyNamesThatCannotFit(t *testing.T) {
	long := strings.Repeat("Maximilian-Alexander ", 8) + "von Habsburg"
	names := []string{"Γιώργος Παπαδόπουλος", "李小龍", "Zoë Ødegård", "Æmber Knight", long}
	sh := bigSheet(40, 0, "", rand.New(rand.NewPCG(5, 6)))
	for i := range sh.Tables {
		sh.Tables[i].Players[0].Name = "Player " + itoa(i+1)
		if i < len(names) {
			sh.Tables[i].Players[0].Name = names[i]
		}
		sh.Tables[i].Players[1].Name = "Player " + itoa(i+21)
	}
	for _, size := range screens {
		p := openOn(t, sh, size)
		got := drawn(p)
		for _, n := range names[:4] {
			if !slices.Contains(got, n) {
				t.Errorf("%v: %q is not drawn whole: %q", size, n, got)
			}
		}
		if slices.Contains(got, long) {
			t.Errorf("%v: a %d-character name drawn whole", size, len(long))
		}
		rows := shownRows(p)
		if len(rows) != 40 {
			t.Fatalf("%v: %d of 40 names on one page", size, len(rows))
		}
		var cut int
		for _, row := range rows {
			if strings.HasSuffix(row.lead.Text, "…") {
				cut++
			}
			end := row.stripe.Position().X + row.stripe.Size().Width
			if right(row.lead) > row.num.Position().X || right(row.num) > end ||
				(row.tail.Visible() && (right(row.num) > row.tail.Position().X || right(row.tail) > end)) {
				t.Errorf("%v: overlapping row %q %q %q", size, row.lead.Text, row.num.Text, row.tail.Text)
			}
		}
		if cut != 1 {
			t.Errorf("%v: %d names cut, want only the one too long for a column", size, cut)
		}
	}
}

// When the projector lists the tables still waiting: once time is called,
// or once three tables in four have a result; never when none is out.
func TestShowsWaiting(t *testing.T) {
	for _, c := range []struct {
		name        string
		out, tables int
		timeUp      bool
		want        bool
	}{
		{"round under way", 10, 20, false, false},
		{"just under three in four in", 6, 20, false, false},
		{"three in four in", 5, 20, false, true},
		{"last table out", 1, 20, false, true},
		{"time called, most out", 18, 20, true, true},
		{"time called, all in", 0, 20, true, false},
		{"all in", 0, 20, false, false},
		{"one table, out", 1, 1, false, false},
		{"one table, time called", 1, 1, true, true},
	} {
		if got := ShowsWaiting(c.out, c.tables, c.timeUp); got != c.want {
			t.Errorf("%s: ShowsWaiting(%d, %d, %v) = %v", c.name, c.out, c.tables, c.timeUp, got)
		}
	}
}

// Missing results on the projector (issue 11 §2): "Waiting for results:"
// lists the tables still out with their players, by table, from
// director.Sheet.Outstanding, once time is called or three tables in four
// are in; when the last result is in the pairings come back.
func TestProjectorWaitingForResults(t *testing.T) {
	f := setup(t, "Ada Lovelace", "Bob Stone", "Carol Reed", "Dan Brown", "Eve Moss", "Fay Wu", "Gus Hale", "Hal Ito")
	f.b.OpenProjector()
	p := f.b.Projector()
	p.Window().Resize(fyne.NewSize(1920, 1080))
	ctx := t.Context()
	if !draws(p, "Pairings by name") {
		t.Fatalf("round under way: %q", drawn(p))
	}
	f.tap(t, "Start")
	f.at(mins(51))
	sh, err := f.d.Rounds.RoundSheet(ctx, f.e.ID, 1)
	if err != nil {
		t.Fatal(err)
	}
	want := sh.Outstanding()
	if len(want) != 4 || !draws(p, "Waiting for results: 4 tables") {
		t.Fatalf("time called: %q", drawn(p))
	}
	var order []string
	for _, row := range shownRows(p) {
		order = append(order, row.num.Text+" "+row.lead.Text)
	}
	var wantOrder []string
	for _, o := range want {
		wantOrder = append(wantOrder, "Table "+itoa(o.Number)+" "+o.Label(tr.Lang()))
	}
	if !slices.Equal(order, wantOrder) {
		t.Errorf("waiting rows %q, want %q", order, wantOrder)
	}

	// Results for all tables but the last.
	res := event.Result{Seats: []event.SeatResult{{GamesWon: 2}, {GamesWon: 0}}}
	for _, o := range want[:3] {
		if err := f.d.Rounds.RecordResult(ctx, f.e.ID, 1, o.Number, res); err != nil {
			t.Fatal(err)
		}
	}
	f.b.Load(f.e.ID, 1)
	last := want[3]
	if !draws(p, "Waiting for results: 1 table") || !draws(p, "Table "+itoa(last.Number)) || !draws(p, last.Label(tr.Lang())) {
		t.Errorf("one table out: %q", drawn(p))
	}
	if err := f.d.Rounds.RecordResult(ctx, f.e.ID, 1, last.Number, res); err != nil {
		t.Fatal(err)
	}
	f.b.Load(f.e.ID, 1)
	if !draws(p, "Pairings by name") || slices.ContainsFunc(drawn(p), func(s string) bool { return strings.HasPrefix(s, "Waiting") }) {
		t.Errorf("all results in: %q", drawn(p))
	}
}

// The user guide's figure (docs/guide/clocks.md): at 1920×1080 a page
// holds 45 names (three columns of 15 at the smallest type), and the pages
// share the list evenly, so a 512-player round shows 43 a page on 12 pages
// and a 66-player one 33 a page on 2, at a larger type.
func TestProjectorPageHolds45NamesAt1080p(t *testing.T) {
	for _, c := range []struct{ players, pages, perPage int }{{512, 12, 43}, {66, 2, 33}} {
		sh := bigSheet(c.players, 0, "", rand.New(rand.NewPCG(3, 4)))
		p := openOn(t, sh, fyne.NewSize(1920, 1080))
		if rows := len(shownRows(p)); p.view.pages != c.pages || rows != c.perPage {
			t.Errorf("%d players at 1920×1080: %d pages of %d names, want %d of %d", c.players, p.view.pages, rows, c.pages, c.perPage)
		}
	}
}
