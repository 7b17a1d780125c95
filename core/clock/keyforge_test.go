package clock

import (
	"errors"
	"reflect"
	"strings"
	"tablekeeper/core/i18n"
	"testing"

	"tablekeeper/core/event"
)

// kf is a KeyForge player's counts: keys, Æmber, chains, creatures.
func kf(keys, aember, chains, creatures int) KeyForgePlayer {
	return KeyForgePlayer{Keys: keys, Aember: aember, Chains: chains, Creatures: creatures}
}

// first marks p as the first player.
func first(p KeyForgePlayer) KeyForgePlayer { p.First = true; return p }

func TestKeyForgeGameAtTime(t *testing.T) {
	tests := []struct {
		name    string
		players [2]KeyForgePlayer
		winner  int
		step    KeyForgeStep
		forged  [2]bool
		after   [2][2]int // keys, Æmber after step 1
		explain string    // a part of the explanation
	}{
		{
			// Rule K7: most keys decides; nobody has six Æmber.
			name:    "most keys",
			players: [2]KeyForgePlayer{first(kf(2, 3, 0, 1)), kf(1, 5, 0, 4)},
			winner:  1, step: StepKeys, after: [2][2]int{{2, 3}, {1, 5}},
			explain: "Player 1 wins on most keys, 2 to 1.",
		},
		{
			// Rule K7 step 1: a player with 7 Æmber forges a key, which
			// then decides on keys.
			name:    "a key forged at time decides on keys",
			players: [2]KeyForgePlayer{kf(1, 7, 0, 0), first(kf(1, 5, 0, 6))},
			winner:  1, step: StepKeys, forged: [2]bool{true, false}, after: [2][2]int{{2, 1}, {1, 5}},
			explain: "At time Player 1 forged a key (6 of 7 Æmber spent). Player 1 wins on most keys, 2 to 1.",
		},
		{
			// Rule K7 step 1: each player forges only one key, paying six;
			// then keys tie at 3 and the Æmber left decides.
			name:    "both forge, one key each, Æmber left decides",
			players: [2]KeyForgePlayer{first(kf(2, 6, 0, 0)), kf(2, 12, 0, 0)},
			winner:  2, step: StepAember, forged: [2]bool{true, true}, after: [2][2]int{{3, 0}, {3, 6}},
			explain: "Tied on keys (3). Player 2 wins on most Æmber, 6 to 0.",
		},
		{
			// Rule K7: most Æmber, no forging.
			name:    "most Æmber",
			players: [2]KeyForgePlayer{kf(1, 5, 3, 0), first(kf(1, 4, 0, 9))},
			winner:  1, step: StepAember, after: [2][2]int{{1, 5}, {1, 4}},
			explain: "Player 1 wins on most Æmber, 5 to 4.",
		},
		{
			// Rule K7: the key costs six Æmber, so the comparison uses what
			// is left: 1 against 3 (not 7 against 3).
			name:    "Æmber compared after paying for the key",
			players: [2]KeyForgePlayer{first(kf(1, 7, 0, 0)), kf(2, 3, 0, 0)},
			winner:  2, step: StepAember, forged: [2]bool{true, false}, after: [2][2]int{{2, 1}, {2, 3}},
			explain: "Player 2 wins on most Æmber, 3 to 1.",
		},
		{
			// Rule K7: fewest chains.
			name:    "fewest chains",
			players: [2]KeyForgePlayer{first(kf(0, 2, 2, 5)), kf(0, 2, 1, 0)},
			winner:  2, step: StepChains, after: [2][2]int{{0, 2}, {0, 2}},
			explain: "Tied on keys (0) and Æmber (2). Player 2 wins on fewest chains, 1 to 2.",
		},
		{
			// Rule K7: most friendly creatures in play.
			name:    "most friendly creatures",
			players: [2]KeyForgePlayer{first(kf(1, 1, 0, 3)), kf(1, 1, 0, 5)},
			winner:  2, step: StepCreatures, after: [2][2]int{{1, 1}, {1, 1}},
			explain: "Tied on keys (1), Æmber (1) and chains (0). Player 2 wins on most friendly creatures in play, 5 to 3.",
		},
		{
			// Rule K7: all tied, the first player wins (player 2 here).
			name:    "the first player, seat 2",
			players: [2]KeyForgePlayer{kf(2, 8, 1, 2), first(kf(2, 8, 1, 2))},
			winner:  2, step: StepFirstPlayer, forged: [2]bool{true, true}, after: [2][2]int{{3, 2}, {3, 2}},
			explain: "Player 2 wins as the first player.",
		},
		{
			// Rule K7: all tied, the first player wins (player 1 here).
			name:    "the first player, seat 1",
			players: [2]KeyForgePlayer{first(kf(0, 0, 0, 0)), kf(0, 0, 0, 0)},
			winner:  1, step: StepFirstPlayer, after: [2][2]int{{0, 0}, {0, 0}},
			explain: "Tied on keys (0), Æmber (0), chains (0) and creatures (0). Player 1 wins as the first player.",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d, err := KeyForgeGameAtTime(tt.players)
			if err != nil {
				t.Fatal(err)
			}
			if d.Winner != tt.winner || d.Step != tt.step {
				t.Errorf("winner %d on %q, want %d on %q", d.Winner, d.Step, tt.winner, tt.step)
			}
			if d.Forged != tt.forged {
				t.Errorf("forged %v, want %v", d.Forged, tt.forged)
			}
			for i, a := range d.After {
				if a.Keys != tt.after[i][0] || a.Aember != tt.after[i][1] {
					t.Errorf("player %d after step 1: %d keys %d Æmber, want %v", i+1, a.Keys, a.Aember, tt.after[i])
				}
			}
			if !strings.Contains(d.Explanation.String(), tt.explain) {
				t.Errorf("explanation %q lacks %q", d.Explanation.String(), tt.explain)
			}
		})
	}
}

func TestKeyForgeGameNames(t *testing.T) {
	a, b := first(kf(1, 0, 0, 0)), kf(1, 9, 0, 0)
	a.Name, b.Name = "Ada", "Bo"
	d, err := KeyForgeGameAtTime([2]KeyForgePlayer{a, b})
	if err != nil {
		t.Fatal(err)
	}
	if want := "At time Bo forged a key (6 of 9 Æmber spent). Bo wins on most keys, 2 to 1."; d.Explanation.String() != want {
		t.Errorf("explanation %q, want %q", d.Explanation.String(), want)
	}
}

func TestKeyForgeGameInvalid(t *testing.T) {
	ok := [2]KeyForgePlayer{first(kf(1, 1, 1, 1)), kf(1, 1, 1, 1)}
	tests := []struct {
		name   string
		change func(p *[2]KeyForgePlayer)
		says   string
	}{
		{"three keys", func(p *[2]KeyForgePlayer) { p[1].Keys = 3 }, "has won the game"},
		{"four keys", func(p *[2]KeyForgePlayer) { p[0].Keys = 4 }, "0 to 2"},
		{"negative keys", func(p *[2]KeyForgePlayer) { p[0].Keys = -1 }, "0 to 2"},
		{"negative Æmber", func(p *[2]KeyForgePlayer) { p[0].Aember = -2 }, "Æmber cannot be negative"},
		{"negative chains", func(p *[2]KeyForgePlayer) { p[1].Chains = -1 }, "chains cannot be negative"},
		{"negative creatures", func(p *[2]KeyForgePlayer) { p[1].Creatures = -1 }, "creatures"},
		{"no first player", func(p *[2]KeyForgePlayer) { p[0].First = false }, "exactly one player"},
		{"two first players", func(p *[2]KeyForgePlayer) { p[1].First = true }, "exactly one player"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := ok
			tt.change(&p)
			_, err := KeyForgeGameAtTime(p)
			wantInvalid(t, err, tt.says)
		})
	}
}

// game is a finished game: each player's keys, Æmber left and chains.
func game(winner int, a, b [3]int) KeyForgeGameRecord {
	return KeyForgeGameRecord{Winner: winner, Players: [2]KeyForgeTally{
		{Keys: a[0], Aember: a[1], Chains: a[2]},
		{Keys: b[0], Aember: b[1], Chains: b[2]},
	}}
}

func TestKeyForgeMatchAtTime(t *testing.T) {
	tests := []struct {
		name     string
		match    KeyForgeMatch
		winner   int
		step     KeyForgeStep
		gamesWon [2]int
		explain  string
	}{
		{
			// Rule K8: the game in progress is decided by K7 first; the
			// match is then 2–0.
			name: "most games won after the game in progress",
			match: KeyForgeMatch{
				Games:      []KeyForgeGameRecord{game(1, [3]int{3, 0, 0}, [3]int{1, 2, 1})},
				InProgress: &[2]KeyForgePlayer{first(kf(2, 0, 0, 0)), kf(1, 5, 0, 0)},
			},
			winner: 1, step: StepGamesWon, gamesWon: [2]int{2, 0},
			explain: "Game 2 at time: Player 1 wins on most keys, 2 to 1. Player 1 wins the match: most games won, 2 to 0.",
		},
		{
			// Rule K8: game 3 in progress decides a 1–1 match.
			name: "game three at time",
			match: KeyForgeMatch{
				Games: []KeyForgeGameRecord{
					game(1, [3]int{3, 0, 0}, [3]int{2, 4, 0}),
					game(2, [3]int{0, 0, 3}, [3]int{3, 1, 0}),
				},
				InProgress: &[2]KeyForgePlayer{kf(1, 2, 0, 0), first(kf(1, 3, 0, 0))},
			},
			winner: 2, step: StepGamesWon, gamesWon: [2]int{1, 2},
		},
		{
			// Rule K8: 1–1 between games; most keys over the match.
			name: "most keys over the match",
			match: KeyForgeMatch{Games: []KeyForgeGameRecord{
				game(1, [3]int{3, 1, 0}, [3]int{2, 4, 1}),
				game(2, [3]int{1, 2, 0}, [3]int{3, 0, 2}),
			}},
			winner: 2, step: StepMatchKeys, gamesWon: [2]int{1, 1},
			explain: "Over the match tied on games won (1). Player 2 wins the match: most keys over the match, 5 to 4.",
		},
		{
			// Rule K8: keys tied; most Æmber left over the match.
			name: "most Æmber over the match",
			match: KeyForgeMatch{Games: []KeyForgeGameRecord{
				game(1, [3]int{3, 1, 0}, [3]int{2, 4, 1}),
				game(2, [3]int{2, 2, 0}, [3]int{3, 0, 2}),
			}},
			winner: 2, step: StepMatchAember, gamesWon: [2]int{1, 1},
			explain: "Player 2 wins the match: most Æmber left over the match, 4 to 3.",
		},
		{
			// Rule K8 with K7: the game in progress is recorded after its
			// tie-breaker, the key's six Æmber spent: Æmber left 8 to 4
			// (it would be 8 to 10 if forging were free).
			name: "the game decided at time counts with its key paid for",
			match: KeyForgeMatch{
				Names:      [2]string{"Ada", "Bo"},
				Games:      []KeyForgeGameRecord{game(1, [3]int{3, 8, 0}, [3]int{2, 0, 0})},
				InProgress: &[2]KeyForgePlayer{first(kf(1, 0, 0, 0)), kf(1, 10, 0, 0)},
			},
			winner: 1, step: StepMatchAember, gamesWon: [2]int{1, 1},
			explain: "Game 2 at time: At time Bo forged a key (6 of 10 Æmber spent). Bo wins on most keys, 2 to 1. Over the match tied on games won (1) and keys (4). Ada wins the match: most Æmber left over the match, 8 to 4.",
		},
		{
			// Rule K8: keys and Æmber tied; fewest chains over the match.
			name: "fewest chains over the match",
			match: KeyForgeMatch{Games: []KeyForgeGameRecord{
				game(1, [3]int{3, 1, 1}, [3]int{2, 4, 0}),
				game(2, [3]int{2, 3, 0}, [3]int{3, 0, 2}),
			}},
			winner: 1, step: StepMatchChains, gamesWon: [2]int{1, 1},
			explain: "Player 1 wins the match: fewest chains over the match, 1 to 2.",
		},
		{
			// Rule K8: everything tied; the winner of the first game.
			name: "winner of the first game",
			match: KeyForgeMatch{Games: []KeyForgeGameRecord{
				game(2, [3]int{2, 2, 1}, [3]int{3, 2, 1}),
				game(1, [3]int{3, 2, 1}, [3]int{2, 2, 1}),
			}},
			winner: 2, step: StepFirstGame, gamesWon: [2]int{1, 1},
			explain: "Over the match tied on games won (1), keys (5), Æmber left (4) and chains (2). Player 2 wins the match as the winner of the first game.",
		},
		{
			// A match already won 2–1 when time was called between games.
			name: "a finished match",
			match: KeyForgeMatch{Games: []KeyForgeGameRecord{
				game(2, [3]int{0, 2, 1}, [3]int{3, 2, 1}),
				game(1, [3]int{3, 2, 1}, [3]int{2, 2, 1}),
				game(1, [3]int{3, 0, 0}, [3]int{1, 0, 0}),
			}},
			winner: 1, step: StepGamesWon, gamesWon: [2]int{2, 1},
		},
	}
	steps := map[KeyForgeStep]bool{}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d, err := KeyForgeMatchAtTime(tt.match)
			if err != nil {
				t.Fatal(err)
			}
			steps[d.Step] = true
			if d.Winner != tt.winner || d.Step != tt.step || d.GamesWon != tt.gamesWon {
				t.Errorf("winner %d on %q, games %v; want %d on %q, games %v", d.Winner, d.Step, d.GamesWon, tt.winner, tt.step, tt.gamesWon)
			}
			if !strings.Contains(d.Explanation.String(), tt.explain) {
				t.Errorf("explanation %q lacks %q", d.Explanation.String(), tt.explain)
			}
			wantGames := len(tt.match.Games)
			if tt.match.InProgress != nil {
				wantGames++
				if d.Game == nil || d.Games[wantGames-1].Winner != d.Game.Winner {
					t.Errorf("the game in progress is not recorded: %+v", d)
				}
			}
			if len(d.Games) != wantGames {
				t.Errorf("%d games recorded, want %d", len(d.Games), wantGames)
			}
		})
	}
	for _, s := range []KeyForgeStep{StepGamesWon, StepMatchKeys, StepMatchAember, StepMatchChains, StepFirstGame} {
		if !steps[s] {
			t.Errorf("no case decided on %q", s)
		}
	}
}

// Rule K8: the game in progress is recorded with the effects of its
// tie-breaker.
func TestKeyForgeMatchRecordsTheGameAtTime(t *testing.T) {
	d, err := KeyForgeMatchAtTime(KeyForgeMatch{
		Games:      []KeyForgeGameRecord{game(1, [3]int{3, 8, 0}, [3]int{2, 0, 0})},
		InProgress: &[2]KeyForgePlayer{first(kf(1, 0, 2, 0)), kf(1, 10, 1, 0)},
	})
	if err != nil {
		t.Fatal(err)
	}
	want := game(2, [3]int{1, 0, 2}, [3]int{2, 4, 1})
	if !reflect.DeepEqual(d.Games[1], want) {
		t.Errorf("game 2 recorded as %+v, want %+v", d.Games[1], want)
	}
}

func TestKeyForgeMatchInvalid(t *testing.T) {
	g1 := game(1, [3]int{3, 0, 0}, [3]int{1, 0, 0})
	g2 := game(1, [3]int{3, 0, 0}, [3]int{1, 0, 0})
	g3 := game(2, [3]int{1, 0, 0}, [3]int{3, 0, 0})
	progress := &[2]KeyForgePlayer{first(kf(1, 1, 1, 1)), kf(1, 1, 1, 1)}
	tests := []struct {
		name  string
		match KeyForgeMatch
		says  string
	}{
		{"nothing played", KeyForgeMatch{}, "no game was played"},
		{"four games", KeyForgeMatch{Games: []KeyForgeGameRecord{g1, g3, g3}, InProgress: progress}, "at most 3 games"},
		{"a game after the match was won", KeyForgeMatch{Games: []KeyForgeGameRecord{g1, g2, g3}}, "game 3 cannot follow"},
		{"a game in progress after the match was won", KeyForgeMatch{Games: []KeyForgeGameRecord{g1, g2}, InProgress: progress}, "no game can be in progress"},
		{"no winner", KeyForgeMatch{Games: []KeyForgeGameRecord{game(0, [3]int{3, 0, 0}, [3]int{1, 0, 0})}}, "choose its winner"},
		{"the loser with three keys", KeyForgeMatch{Games: []KeyForgeGameRecord{game(2, [3]int{3, 0, 0}, [3]int{1, 0, 0})}}, "forged three keys"},
		{"four keys", KeyForgeMatch{Games: []KeyForgeGameRecord{game(1, [3]int{4, 0, 0}, [3]int{1, 0, 0})}}, "0 to 3"},
		{"negative Æmber", KeyForgeMatch{Games: []KeyForgeGameRecord{game(1, [3]int{3, -1, 0}, [3]int{1, 0, 0})}}, "cannot be negative"},
		{"negative chains", KeyForgeMatch{Games: []KeyForgeGameRecord{game(1, [3]int{3, 0, 0}, [3]int{1, 0, -3})}}, "cannot be negative"},
		{"a bad game in progress", KeyForgeMatch{Games: []KeyForgeGameRecord{g1}, InProgress: &[2]KeyForgePlayer{kf(1, 1, 1, 1), kf(1, 1, 1, 1)}}, "game 2, in progress at time: mark exactly one"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := KeyForgeMatchAtTime(tt.match)
			wantInvalid(t, err, tt.says)
		})
	}
}

// The explanation of a decision, the steps and the announcements are said
// in French when asked.
func TestDecisionsAreSaidInFrench(t *testing.T) {
	d, err := KeyForgeGameAtTime([2]KeyForgePlayer{{Name: "Ana", Keys: 1, Aember: 9, First: true}, {Name: "Bo", Keys: 1, Aember: 2}})
	if err != nil {
		t.Fatal(err)
	}
	got := d.Explanation.In(i18n.French)
	if want := "Au temps, Ana a forgé une clé (6 Æmber dépensés sur 9). Ana gagne au critère «\u00a0le plus de clés\u00a0», 2 à 1."; got != want {
		t.Errorf("French explanation %q, want %q", got, want)
	}
	a := Announcement{Kind: TimeCalled}
	if got := a.In(i18n.French); !strings.HasPrefix(got, "Fin du temps") {
		t.Errorf("French announcement %q", got)
	}
	s, err := ShadowfistAtTime([]ShadowfistSeat{{SitesToWin: 5, Sites: 3, GamePoints: 4}, {SitesToWin: 5, Sites: 3, GamePoints: 4}})
	if err != nil {
		t.Fatal(err)
	}
	if got := s.Explanation.In(i18n.French); !strings.HasPrefix(got, "Les places 1 et 2 sont aussi proches") {
		t.Errorf("French Shadowfist explanation %q", got)
	}
}

// wantInvalid fails the test unless err is an ErrInvalid whose message says
// says.
func wantInvalid(t *testing.T, err error, says string) {
	t.Helper()
	if !errors.Is(err, event.ErrInvalid) || !strings.Contains(event.Message(err), says) {
		t.Errorf("err = %v, want ErrInvalid saying %q", err, says)
	}
}
