package rules

import (
	"slices"
	"testing"

	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
)

// lines are the choices' seat-ordered lines and winners.
func lines(cs []MatchChoice) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = string(rune('0'+c.Winner)) + ":" + c.Line()
	}
	return out
}

// The report form's choices of a catalogue format are the match's
// finished scores, each seat's wins with the winner's games first and
// the seat-ordered line the API takes; draws only where the match has
// them; and every choice is a result the format accepts, won by the seat
// it names.
func TestMatchChoicesOfTheCatalogue(t *testing.T) {
	cases := []struct {
		name, game, format string
		stage              event.Stage
		want               []string
		games              []string
	}{
		{"Altered best of three", "altered", "standard-bo3", event.StageSwiss,
			[]string{"1:2-0", "1:2-1", "2:0-2", "2:1-2", "0:1-1", "0:0-0-1", "0:1-1-1"},
			[]string{"2–0", "2–1", "2–0", "2–1", "1–1", "0–0–1", "1–1–1"}},
		{"Altered best of one", "altered", "standard-bo1", event.StageSwiss,
			[]string{"1:1-0", "2:0-1", "0:0-0-1"}, []string{"1–0", "1–0", "0–0–1"}},
		{"KeyForge: no draws", "keyforge", "archon-standard", event.StageSwiss,
			[]string{"1:1-0", "2:0-1"}, []string{"1–0", "1–0"}},
		{"KeyForge's best-of-three playoff", "keyforge", "archon-standard", event.StagePlayoff,
			[]string{"1:2-0", "1:2-1", "2:0-2", "2:1-2"}, []string{"2–0", "2–1", "2–0", "2–1"}},
		{"Armageddon plays all three games", "heresy", "armageddon", event.StageSwiss,
			[]string{"1:3-0", "1:2-1", "1:2-0-1", "1:1-0-2", "2:0-3", "2:1-2", "2:0-2-1", "2:0-1-2", "0:1-1-1", "0:0-0-3"},
			[]string{"3–0", "2–1", "2–0–1", "1–0–2", "3–0", "2–1", "2–0–1", "1–0–2", "1–1–1", "0–0–3"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := defaults(t, c.game, c.format)
			round := event.Round{Stage: c.stage}
			if c.stage == event.StagePlayoff {
				round.BestOf = s.Playoff.BestOf
			}
			bestOf := round.GamesPerMatch(s)
			draws, _ := MatchDraws(event.Event{Settings: s}, round)
			cs := MatchChoices(s, bestOf, draws)
			if got := lines(cs); !slices.Equal(got, c.want) {
				t.Errorf("choices %q, want %q", got, c.want)
			}
			for i, ch := range cs {
				if i < len(c.games) && ch.Games().String() != c.games[i] {
					t.Errorf("choice %d says %q, want %q", i, ch.Games(), c.games[i])
				}
				res, err := ParseResult(ch.Line())
				if err != nil {
					t.Fatalf("%s does not read: %v", ch.Line(), err)
				}
				if err := CheckMatch(s, res, bestOf); err != nil {
					t.Errorf("%s is refused: %v", ch.Line(), err)
				}
				want := event.Draw
				switch ch.Winner {
				case 1:
					want = event.Win
				case 2:
					want = event.Loss
				}
				if res.Outcome(0) != want {
					t.Errorf("%s: seat 1's outcome %v, want %v (winner %d)", ch.Line(), res.Outcome(0), want, ch.Winner)
				}
				if got := ch.Result(); got.Seats[0].GamesWon != res.Seats[0].GamesWon || got.Seats[1].GamesWon != res.Seats[1].GamesWon || got.GamesDrawn != res.GamesDrawn {
					t.Errorf("%s: Result %+v, want %+v", ch.Line(), ch.Result(), res)
				}
			}
		})
	}
}

// A result is said with the names, the winner first whatever her seat,
// in English and in French; a multiplayer Shadowfist table seat by seat.
func TestResultSaidNamesTheWinner(t *testing.T) {
	s := defaults(t, "altered", "standard-bo3")
	names := []string{"Ada", "Bob"}
	cases := []struct {
		line, en, fr string
	}{
		{"1-2", "Bob won 2–1", "Bob a gagné 2–1"},
		{"2-0", "Ada won 2–0", "Ada a gagné 2–0"},
		{"1-1", "draw 1–1", "match nul 1–1"},
		{"d", "draw", "match nul"},
		{"1-0 t", "Ada won 1–0 (time called)", "Ada a gagné 1–0 (au temps)"},
		{"1-1-1", "draw 1–1–1", "match nul 1–1–1"},
	}
	for _, c := range cases {
		r, err := ParseResult(c.line)
		if err != nil {
			t.Fatal(err)
		}
		said := ResultSaid(s, r, names)
		if got := said.String(); got != c.en {
			t.Errorf("%s said %q, want %q", c.line, got, c.en)
		}
		if got := said.In(i18n.French); got != c.fr {
			t.Errorf("%s said in French %q, want %q", c.line, got, c.fr)
		}
	}
	r, _ := ParseResult("0-1")
	if got := ResultSaid(s, r, nil).String(); got != "seat 2 won 1–0" {
		t.Errorf("without names %q", got)
	}

	sf := defaults(t, "shadowfist", "final-brawl")
	form := MultiFormFor(sf)
	mr, err := form.Build(MultiInput{Values: []string{"2", "5", "1"}, Winners: "2"})
	if err != nil {
		t.Fatal(err)
	}
	trio := []string{"Ada", "Bob", "Cy"}
	if got, want := ResultSaid(sf, mr, trio).String(), MultiResultLine(form, mr, trio).String(); got != want || got != "Ada 2 · Bob 5 (won) · Cy 1" {
		t.Errorf("Shadowfist table said %q, want %q (MultiResultLine %q)", got, "Ada 2 · Bob 5 (won) · Cy 1", want)
	}
}
