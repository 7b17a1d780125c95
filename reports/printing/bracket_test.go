package printing

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/core/rules"
	"tablekeeper/core/sim"
	"tablekeeper/internal/testdb"
)

// The bracket of every format of the catalogue that has one (a top cut, a
// single or double elimination, a KeyForge playoff) prints at 8, 12, 13, 16
// and 24 players, at steps of the event (rounds paired, published,
// results in) and once it is finished; the finished
// bracket names the champion, and a double elimination its losers
// bracket. Before the bracket's first round is published it says so
// (event.ErrState). A format paired round by round says it has no chart.
// Placing matches by table order failed on every double elimination and
// on KeyForge at 12 and 16 players ("round 2, slot 5: the round has slots
// 1 to 4"). TABLEKEEPER_BRACKETS=dir keeps the finished PDFs there, to
// look at them.
func TestTheBracketOfEveryEliminationFormatPrints(t *testing.T) {
	needPdftotext(t)
	charted := 0
	for _, g := range rules.Catalogue() {
		for _, f := range g.Formats {
			if !hasBracket(t, g.Key, f.Key) {
				continue
			}
			charted++
			for _, players := range []int{8, 12, 13, 16, 24} {
				t.Run(fmt.Sprintf("%s/%s/%d", g.Key, f.Key, players), func(t *testing.T) {
					printBracketsOf(t, g.Key, f.Key, players)
				})
			}
		}
	}
	// The catalogue's top cuts, single and double eliminations and
	// KeyForge formats: fewer would mean the test missed some.
	if charted < 6 {
		t.Errorf("only %d formats of the catalogue have a bracket", charted)
	}
}

// hasBracket creates an event of the format and reports whether its
// structure has a bracket chart; one without says so when asked for it.
func hasBracket(t *testing.T, game, format string) bool {
	t.Helper()
	ctx := t.Context()
	d := seededDirector(t, 1)
	e, err := d.Events.CreateEvent(ctx, director.NewEvent{Name: "Chart", Game: game, Format: format})
	if err != nil {
		t.Fatal(err)
	}
	v, err := d.Views.Bracket(ctx, e.ID)
	if err != nil {
		t.Fatal(err)
	}
	if v.Charted {
		return true
	}
	_, err = Printer{D: ServicesOf(d)}.Write(ctx, "bracket", e.ID, 0, "A4", io.Discard)
	if !errors.Is(err, event.ErrState) || !strings.Contains(err.Error(), "paired round by round, not on a bracket chart") {
		t.Errorf("%s/%s has no bracket chart; printing one says %v", game, format, err)
	}
	return false
}

// seededDirector opens a director on a new database at the PDFs' fixed
// time, pairing from the simulation's seed.
func seededDirector(t *testing.T, seed uint64) *director.Director {
	t.Helper()
	return director.New(testdb.Open(t), func() time.Time { return pdfTime }, sim.Source(seed))
}

// printBracketsOf plays an event of the format with the simulation,
// printing its bracket at every step and at the end.
func printBracketsOf(t *testing.T, game, format string, players int) {
	ctx := t.Context()
	seed := uint64(players)
	d := seededDirector(t, seed)
	p := Printer{D: ServicesOf(d)}
	midway, step := 0, 0
	s := sim.New(d, io.Discard, seed)
	s.Watch = func(ctx context.Context, id event.EventID) error {
		// Every third step: each kind of moment (a round paired,
		// published, half its results in) is still met, at a third of
		// the time.
		if step++; step%3 != 0 {
			return nil
		}
		_, err := p.Write(ctx, "bracket", id, 0, "A4", io.Discard)
		switch {
		case err == nil:
			midway++
		case errors.Is(err, event.ErrState) && strings.Contains(err.Error(), "no published elimination or playoff round yet"):
		default:
			t.Errorf("mid-way: %v", err)
			return err
		}
		return nil
	}
	id, err := s.Play(ctx, sim.Plan{Game: game, Format: format, Players: players})
	if err != nil {
		t.Fatal(err)
	}
	if midway == 0 {
		t.Errorf("the bracket never printed mid-way")
	}
	var buf bytes.Buffer
	if _, err := p.Write(ctx, "bracket", id, 0, "A4", &buf); err != nil {
		t.Fatalf("finished: %v", err)
	}
	if dir := os.Getenv("TABLEKEEPER_BRACKETS"); dir != "" {
		name := filepath.Join(dir, fmt.Sprintf("%s-%s-%d.pdf", game, format, players))
		if err := os.WriteFile(name, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	text := strings.Join(strings.Fields(pdfText(t, &buf)), " ")
	v, err := d.Views.StandingsView(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if champion := v.Players[0].Name; !strings.Contains(text, champion) {
		t.Errorf("the finished bracket does not name the champion %s:\n%s", champion, text)
	}
	b, err := d.Views.Bracket(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if b.Bracket == nil {
		t.Fatal("the finished event has no bracket")
	}
	if b.Bracket.Size > 8 && (b.Event.Settings.Playoff.TopCut > 0 || len(b.Rounds) > 0 && b.Rounds[0].Stage != b.Rounds[len(b.Rounds)-1].Stage) {
		t.Errorf("a cut or playoff bracket of %d", b.Bracket.Size)
	}
	if double := b.Bracket.Kind == "double"; double != strings.Contains(text, "Losers bracket") {
		t.Errorf("a %s bracket printed:\n%s", b.Bracket.Kind, text)
	}
}
